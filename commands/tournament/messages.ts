/**
 * What a tournament says in its channel: the announcement with the buttons of its stage, round
 * announcements, the standings and podium pictures (with Replay buttons), the CSV export.
 */
import { rulesIn } from "../rules";
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type BaseMessageOptions } from "discord.js";
import { stringify } from "csv-stringify/sync";
import { clockName } from "../../src/bot/clock";
import { encodeId } from "../../src/bot/customid";
import { TournamentService, type Standing, type Tournament, type TournamentRound } from "../../src/bot/tournaments";
import { placementPoints, shownStandings } from "../../src/bot/tournament-rules";
import type { BotContext } from "../../src/bot/context";
import type { GameCatalogue } from "../../src/games/catalogue";
import { renderPicture } from "../../render/pool";
import { replayButton, TOURNAMENT_REPLAY_VERBS } from "./replays";

/** Component verbs of tournament messages. */
export const TOURNAMENT_VERBS: ReadonlySet<string> = new Set(["tjoin", "tleave", "tcheck", "tplay", ...TOURNAMENT_REPLAY_VERBS]);

export const RULES = rulesIn("tournaments");
/** The name of an event's game for people (its key when the catalogue has no such game). */
export const gameName = (games: GameCatalogue, key: string) => games.ratedGame(key)?.name ?? games.game(key)?.name ?? key;
export const nameOf = (t: Tournament, id: string) =>
  t.entrants.find((e) => e.id === id)?.name ?? (id.startsWith("fill-") ? "Computer (fill)" : id);
export const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
/** `1 point`, `2.5 points`, `1 game`: a figure with its word, singular only for exactly 1. */
export const count = (v: number, word: string) => `${num(v)} ${word}${v === 1 ? "" : "s"}`;

/** What the standings' columns mean (the picture's legend; the text says it in each line). */
const LEGEND = {
  standard:
    "points: placement points from each table (last 0, one more a place up) · game pts: the game's own score · opp. pts: opponents' points (tie-break)",
  progressive: "score: total game score (it ranks) · place pts: placement points · opp. pts: opponents' points (tie-break)",
  challenge: "score: the deal's score · square: its largest square · moves: moves made",
} as const;

/** The announcement: what the event is, who is in, and the buttons of its stage. */
export function announcement(ctx: Pick<BotContext, "catalogue" | "tableGames">, t: Tournament, note?: string): BaseMessageOptions {
  const games = ctx.catalogue;
  const hint = ctx.tableGames.find((g) => g.id === t.game)?.seedHint?.(t.seed) ?? `its seed: \`${t.seed}\``;
  const people = t.entrants.filter((e) => !e.dropped);
  const list = people
    .slice(0, 40)
    .map((e) => `${e.name}${t.status === "checkin" ? (e.checkedIn || e.computer ? " ✅" : " ⏳") : ""}`)
    .join(", ");
  const c = t.challenge;
  const running = c
    ? `The challenge is open until <t:${Math.floor((c.due ?? 0) / 1000)}:f>: press **Play the deal** for your game (or ${hint}). Your first finished game in the window counts; the podium comes as soon as every entrant has one.`
    : `Round ${t.played.length} of ${t.rounds} is under way.`;
  const stage =
    t.status === "signup"
      ? "Sign-up is open."
      : t.status === "checkin"
        ? `Check-in is open until <t:${Math.floor((t.checkInDue ?? 0) / 1000)}:t>: press **Check in**, or you are dropped.`
        : t.status === "running"
          ? running
          : t.status === "over"
            ? "The event is over."
            : "The event was cancelled.";
  const what = c
    ? `challenge · one deal for everyone · a ${c.minutes}-minute window`
    : `${t.format} · ${t.rounds} round${t.rounds === 1 ? "" : "s"} · tables of ${t.tableSize} · clock ${clockName(t.clock)}`;
  const embed = new EmbedBuilder()
    .setTitle(`🏆 ${t.name}`)
    .setColor(0xe8c34a)
    .setDescription(`${gameName(games, t.game)} · ${what}\n${stage}`)
    .addFields({ name: `Entrants (${people.length})`, value: list || "Nobody yet: press **Join**." })
    .setFooter({ text: `Event ${t.id} · scoring: /tournament info` });
  const open = t.status === "signup" || t.status === "checkin";
  const buttons = open
    ? [
        new ButtonBuilder()
          .setCustomId(encodeId("tjoin", 0, t.id))
          .setLabel("Join")
          .setStyle(ButtonStyle.Success),
        new ButtonBuilder()
          .setCustomId(encodeId("tleave", 0, t.id))
          .setLabel("Leave")
          .setStyle(ButtonStyle.Secondary),
        ...(t.status === "checkin"
          ? [
              new ButtonBuilder()
                .setCustomId(encodeId("tcheck", 0, t.id))
                .setLabel("Check in")
                .setStyle(ButtonStyle.Primary),
            ]
          : []),
      ]
    : c && t.status === "running"
      ? [
          new ButtonBuilder()
            .setCustomId(encodeId("tplay", 0, t.id))
            .setLabel("Play the deal")
            .setEmoji("🃏")
            .setStyle(ButtonStyle.Success),
        ]
      : [];
  return {
    ...(note ? { content: note } : { content: "" }),
    embeds: [embed],
    components: buttons.length ? [new ActionRowBuilder<ButtonBuilder>().addComponents(...buttons)] : [],
    allowedMentions: { parse: [] },
  };
}

/** A round's announcement in the event channel: each table's thread and players, and the byes. */
export async function roundMessage(t: Tournament, round: TournamentRound): Promise<BaseMessageOptions> {
  const lines = round.tables.map(
    (x, i) => `**Table ${i + 1}**${x.threadId ? ` <#${x.threadId}>` : ""}: ${x.players.map((p) => nameOf(t, p)).join(", ")}`,
  );
  if (round.byes.length) lines.push(`Byes: ${round.byes.map((p) => nameOf(t, p)).join(", ")}`);
  const people = round.tables
    .flatMap((x) => x.players)
    .filter((p) => !t.entrants.find((e) => e.id === p)?.computer && !p.startsWith("fill-"));
  return {
    content:
      `🏆 **${t.name}**: round ${round.number} of ${t.rounds} is seated. ${people.map((p) => `<@${p}>`).join(" ")}\n${lines.join("\n")}`.slice(
        0,
        2000,
      ),
    allowedMentions: { users: people.slice(0, 100) },
  };
}

/** A standing's total game score as the game counts it (Onze's standings keep it negated: fewer is better). */
export const scoreTotal = (games: GameCatalogue, t: Tournament, s: Standing) =>
  games.ratedGame(t.game)?.lowScoreWins ? -s.gamePoints : s.gamePoints;

/** The standings as a picture with its text. A progressive event shows the total score first (it ranks by it). */
export async function standingsMessage(games: GameCatalogue, t: Tournament, title = `${t.name}: standings`): Promise<BaseMessageOptions> {
  const progressive = t.format === "progressive";
  const rows = shownStandings(t).map((s) => ({
    rank: s.rank,
    name: `${nameOf(t, s.id)}${t.entrants.find((e) => e.id === s.id)?.dropped ? " (dropped)" : t.challenge && s.games === 0 ? " (no game)" : s.rank === 0 ? " (computer, unranked)" : ""}`,
    points: progressive ? scoreTotal(games, t, s) : s.placement,
    gamePoints: progressive ? s.placement : s.gamePoints,
    opponents: s.opponents,
    games: s.games,
  }));
  const c = t.challenge;
  const place = (r: (typeof rows)[number]) => (r.rank > 0 ? `${r.rank}.` : "–");
  const line = (r: (typeof rows)[number]) =>
    c
      ? `${place(r)} ${r.name}: ${r.games ? `score ${r.points} (square ${r.gamePoints}, ${count(r.opponents, "move")})` : "no finished game"}`
      : progressive
        ? `${place(r)} ${r.name}: score ${num(r.points)} (${count(r.gamePoints, "placement point")}, opponents' points ${num(r.opponents)}, ${count(r.games, "game")})`
        : `${place(r)} ${r.name}: ${count(r.points, "point")} (game points ${num(r.gamePoints)}, opponents' points ${num(r.opponents)}, ${count(r.games, "game")})`;
  const subtitle = c
    ? `${gameName(games, t.game)} · challenge · ${c.results.length} finished game${c.results.length === 1 ? "" : "s"}`
    : `${gameName(games, t.game)} · ${t.format} · after round ${t.played.filter((r) => r.tables.every((x) => x.result)).length} of ${t.rounds}`;
  const labels = c ? ["score", "square", "moves", "games"] : progressive ? ["score", "place pts", "opp. pts", "games"] : undefined;
  const legend = c ? LEGEND.challenge : progressive ? LEGEND.progressive : LEGEND.standard;
  const png = await renderPicture({ kind: "standings", title, subtitle, rows, labels, legend });
  const text = rows.slice(0, 10).map(line).join("\n");
  return {
    content: `**${title}**\n${text}`.slice(0, 2000),
    files: [new AttachmentBuilder(png, { name: "standings.png", description: `Standings: ${text}`.slice(0, 1024) })],
    // A challenge's games are each player's own deal, not the event's tables: nothing to pick from.
    components: c || t.played.every((r) => r.tables.every((x) => !x.result)) ? [] : [replayButton(t.id)],
    allowedMentions: { parse: [] },
  };
}

/** The messages that end an event: the podium, then the final standings. */
export async function finalMessages(games: GameCatalogue, t: Tournament): Promise<BaseMessageOptions[]> {
  const progressive = t.format === "progressive";
  const all = shownStandings(t);
  const top = all
    .filter((s) => s.rank > 0 && s.rank <= 3)
    .slice(0, 3)
    .map((s) => ({ name: nameOf(t, s.id), points: progressive ? scoreTotal(games, t, s) : s.placement, rank: s.rank }));
  const png = await renderPicture({ kind: "podium", title: `${t.name}: final`, top });
  const podium = top
    .map(
      (p) =>
        `${["🥇", "🥈", "🥉"][p.rank - 1] ?? `${p.rank}.`} ${p.name} (${t.challenge || progressive ? `score ${num(p.points)}` : count(p.points, "point")})`,
    )
    .join("\n");
  // Progressive (seed 004): prizes for the highest and the lowest total score.
  const byScore = all
    .filter((s) => s.games > 0 && s.rank > 0)
    .map((s) => ({ name: nameOf(t, s.id), score: scoreTotal(games, t, s) }))
    .sort((a, b) => b.score - a.score);
  const [high, low] = [byScore[0], byScore.at(-1)];
  const extremes =
    progressive && high && low ? `\nHighest score: ${high.name} (${num(high.score)}) · lowest score: ${low.name} (${num(low.score)})` : "";
  return [
    {
      content: `🏆 **${t.name}** is over!\n${podium}${extremes}`,
      files: [new AttachmentBuilder(png, { name: "podium.png", description: `Podium: ${podium}`.slice(0, 1024) })],
      allowedMentions: { parse: [] },
    },
    await standingsMessage(games, t, `${t.name}: final standings`),
  ];
}

/**
 * Every game and the standings as CSV (one file). `tables`: the event's game records by round
 * and table (commands/tournament/replays.ts `eventRecords`); each game's rows name its record
 * (the `game` option of `/replay`), empty where none is kept.
 */
export function exportCsv(
  t: Tournament,
  tables: readonly { record: { readonly id: string }; round: number; table: number }[] = [],
): string {
  const recordOf = (round: number, table: number) => tables.find((x) => x.round === round && x.table === table)?.record.id ?? "";
  const games = t.played.flatMap((r) =>
    r.tables.flatMap((x, i) =>
      x.result
        ? x.result.players.map((p, j) => [
            r.number,
            i + 1,
            nameOf(t, p),
            p,
            x.result!.places[j],
            x.result!.points[j],
            recordOf(r.number, i + 1),
          ])
        : [],
    ),
  );
  const table = TournamentService.standings(t).map((s) => [
    s.rank,
    nameOf(t, s.id),
    s.id,
    s.placement,
    s.gamePoints,
    s.opponents,
    s.headToHead,
    s.games,
    s.byes,
  ]);
  return (
    stringify([["round", "table", "player", "id", "place", "game points", "record"], ...games]) +
    "\n" +
    stringify([["rank", "player", "id", "placement points", "game points", "opponents' points", "head-to-head", "games", "byes"], ...table])
  );
}

/**
 * Said in a tournament table's thread once its result is recorded: each player's place and
 * placement points, how many of the round's tables are done, and the way back to the event's
 * channel (where the standings, and the next round's threads, are posted).
 */
export async function tableResult(t: Tournament, threadId: string): Promise<BaseMessageOptions> {
  const round = t.played.find((r) => r.tables.some((x) => x.threadId === threadId));
  const table = round?.tables.find((x) => x.threadId === threadId);
  const r = table?.result;
  if (!round || !r)
    return { content: `🏆 Result recorded for **${t.name}**. Back to the event: <#${t.channelId}>.`, allowedMentions: { parse: [] } };
  const points = placementPoints(r.places);
  const places = r.players
    .map((p, i) => ({ name: nameOf(t, p), place: r.places[i] ?? r.places.length, points: points[i] ?? 0 }))
    .sort((a, b) => a.place - b.place)
    .map((x) => `${x.place}. ${x.name} (${count(x.points, "placement point")})`);
  const done = round.tables.filter((x) => x.result).length;
  const next =
    done < round.tables.length
      ? `${done} of ${round.tables.length} tables of round ${round.number} are done.`
      : round.number < t.rounds
        ? `Round ${round.number} is complete: the next round's tables are announced there.`
        : "That was the last round: the podium is posted there.";
  return {
    content: `🏆 **${t.name}**, round ${round.number}: result recorded. ${places.join(" · ")}.\n${next} Standings and what comes next: <#${t.channelId}>.`,
    components: [replayButton(t.id, threadId)],
    allowedMentions: { parse: [] },
  };
}
