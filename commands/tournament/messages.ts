/**
 * What a tournament says in its channel: the announcement with the buttons of its stage, round
 * announcements, the standings and podium pictures (with Replay buttons), the CSV export.
 */
import { rulesIn, TOURNAMENT_RULES } from "../rules.ts";
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type BaseMessageOptions } from "discord.js";
import { stringify } from "csv-stringify/sync";
import { clockName } from "../../src/bot/clock.ts";
import { encodeId } from "../../src/bot/customid.ts";
import { TournamentService, type Standing, type Tournament, type TournamentRound } from "../../src/bot/tournaments.ts";
import { bracketOf, checkInWindow, columnName, matchName, placementPoints, shownStandings } from "../../src/bot/tournament-rules.ts";
import { isElimination } from "../../src/bot/tournament-record.ts";
import type { BracketBox, BracketSection } from "../../render/bracket.ts";
import type { BotContext } from "../../src/bot/context.ts";
import type { GameCatalogue } from "../../src/games/catalogue.ts";
import { renderPicture } from "../../render/pool.ts";
import { replayButton, TOURNAMENT_REPLAY_VERBS } from "./replays.ts";
import { hasMessage, t as translate, type Locale } from "../../src/i18n/index.ts";
import { DEFAULT_TIE_BREAKS, type TieBreak } from "../../src/bot/tournament-rules.ts";
import { tableLocale } from "../../src/bot/words.ts";
import { commandPathIn } from "../../src/i18n/commands.ts";

/** The event's language (its public words); English for events stored before languages. */
const localeOfEvent = (t: Tournament): Locale => t.locale ?? "en";
/** Message `key` of the `tournament` section in the event's language. */
const sayIn = (t: Tournament, key: string, params: Record<string, string | number> = {}) =>
  translate(localeOfEvent(t), `tournament.${key}`, params);

/** Component verbs of tournament messages. */
export const TOURNAMENT_VERBS: ReadonlySet<string> = new Set(["tjoin", "tleave", "tcheck", "tplay", ...TOURNAMENT_REPLAY_VERBS]);

export const RULES = rulesIn(TOURNAMENT_RULES);
/** The name of an event's game for people (its key when the catalogue has no such game). */
export const gameName = (games: GameCatalogue, key: string) => games.ratedGame(key)?.name ?? games.game(key)?.name ?? key;
/** An event's game as its language names it (its words' `gamename.<key>`), else its English name. */
export const gameNameIn = (locale: Locale, games: GameCatalogue, key: string) =>
  hasMessage(`gamename.${key}`) ? translate(locale, `gamename.${key}`) : gameName(games, key);
export const nameOf = (t: Tournament, id: string) =>
  t.entrants.find((e) => e.id === id)?.name ?? (id.startsWith("fill-") ? sayIn(t, "fill_name") : id);
export const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
/**
 * `1 point`, `2.5 points`, `1 game` in the event's language: a figure with its word (`unit`:
 * `points`, `placement_points`, `games`, `moves`, `finished`), the plural as the language has it.
 */
export const count = (t: Tournament, v: number, unit: string) => sayIn(t, unit, { count: v, n: num(v) });

/** An event's tie-breaks, in order (`DEFAULT_TIE_BREAKS` for events that chose none). */
export const tieBreaksOf = (t: Tournament): readonly TieBreak[] => t.tieBreaks ?? DEFAULT_TIE_BREAKS;
/** Tie-breaks by name in `locale`, in order: `game points › Buchholz › head-to-head`. */
export const tieBreakNames = (locale: Locale, list: readonly TieBreak[]) =>
  list.map((tb) => translate(locale, `tournament.tb_${tb}`)).join(" › ");

/** The announcement: what the event is, who is in, and the buttons of its stage. */
export function announcement(ctx: Pick<BotContext, "catalogue" | "tableGames">, t: Tournament, note?: string): BaseMessageOptions {
  const games = ctx.catalogue;
  const say = (key: string, params: Record<string, string | number> = {}) => sayIn(t, key, params);
  const hint = ctx.tableGames.find((g) => g.id === t.game)?.seedHint?.(t.seed, tableLocale(t)) ?? say("seed_hint", { seed: t.seed });
  const people = t.entrants.filter((e) => !e.dropped);
  const list = people
    .slice(0, 40)
    .map((e) => `${e.name}${t.status === "checkin" ? (e.checkedIn || e.computer ? " ✅" : " ⏳") : ""}`)
    .join(", ");
  const c = t.challenge;
  const running = c
    ? say("challenge_open", { until: `<t:${Math.floor((c.due ?? 0) / 1000)}:f>`, hint })
    : say("under_way", { n: t.played.length, rounds: t.rounds });
  const startsAt = t.startsAt !== undefined ? Math.floor(t.startsAt / 1000) : null;
  const scheduled =
    startsAt !== null && t.status === "signup"
      ? ` ${say("starts_at", { when: `<t:${startsAt}:F> (<t:${startsAt}:R>)`, minutes: checkInWindow(t) })}`
      : "";
  const stage =
    t.status === "signup"
      ? `${say("signup_open")}${scheduled}`
      : t.status === "checkin"
        ? say("checkin_open", { until: `<t:${Math.floor((t.checkInDue ?? 0) / 1000)}:t>` })
        : t.status === "running"
          ? running
          : say(t.status === "over" ? "is_over" : "cancelled");
  const locale = localeOfEvent(t);
  const clock = t.clock ? clockName(t.clock) : translate(locale, "clock.off");
  const what = c
    ? say("what_challenge", { minutes: c.minutes })
    : say("what", {
        format: say(`format_${t.format}`),
        // A bracket's rounds, and a round robin's left to its field, follow from the field, known
        // once round 1 is seated: said so until then.
        rounds: (isElimination(t) || t.roundsByField) && !t.order ? say("rounds_by_field") : say("rounds", { count: t.rounds }),
        size: t.tableSize,
        clock,
      }) + (t.cut && t.cut.after === undefined ? say("cut_then", { n: t.cut.size, format: say(`format_${t.cut.format}`) }) : "");
  const embed = new EmbedBuilder()
    .setTitle(`🏆 ${t.name}`)
    .setColor(0xe8c34a)
    .setDescription(
      `${gameNameIn(locale, games, t.game)} · ${what}${c ? "" : `\n${say("tie_breaks", { list: tieBreakNames(locale, tieBreaksOf(t)) })}\n${fillWords(games, t)}`}\n${stage}`,
    )
    .addFields({ name: say("entrants", { n: people.length }), value: list || say("nobody") })
    .setFooter({ text: say("footer", { id: t.id, info: commandPathIn(locale, "tournament info") }) });
  const open = t.status === "signup" || t.status === "checkin";
  const buttons = open
    ? [
        new ButtonBuilder()
          .setCustomId(encodeId("tjoin", 0, t.id))
          .setLabel(translate(locale, "table.btn_join"))
          .setStyle(ButtonStyle.Success),
        new ButtonBuilder()
          .setCustomId(encodeId("tleave", 0, t.id))
          .setLabel(translate(locale, "table.btn_leave"))
          .setStyle(ButtonStyle.Secondary),
        ...(t.status === "checkin"
          ? [
              new ButtonBuilder()
                .setCustomId(encodeId("tcheck", 0, t.id))
                .setLabel(say("btn_checkin"))
                .setStyle(ButtonStyle.Primary),
            ]
          : []),
      ]
    : c && t.status === "running"
      ? [
          new ButtonBuilder()
            .setCustomId(encodeId("tplay", 0, t.id))
            .setLabel(say("btn_play_deal"))
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

/**
 * Where `userId` plays now, in `locale` (the reader's): their table's thread in the current
 * round, their bye, or that their game is done and the round still running; null when they
 * are not seated in it (or the event has no round under way).
 */
export function yourTable(t: Tournament, userId: string, locale: Locale): string | null {
  if (isElimination(t)) return yourMatch(t, userId, locale);
  const round = t.played.at(-1);
  if (!round || t.status !== "running") return null;
  if (round.byes.includes(userId)) return translate(locale, "tournament.your_bye", { n: round.number });
  const at = round.tables.findIndex((x) => x.players.includes(userId));
  const table = round.tables[at];
  if (!table) return null;
  if (table.result) return translate(locale, "tournament.your_done", { n: round.number });
  return table.threadId
    ? translate(locale, "tournament.your_table", { thread: `<#${table.threadId}>`, n: round.number, table: at + 1 })
    : null;
}

/** `yourTable` in an elimination event: the entrant's open table, else whether they are still in (their next table comes) or out. */
function yourMatch(t: Tournament, userId: string, locale: Locale): string | null {
  const bracket = bracketOf(t);
  if (!bracket || t.status !== "running" || !t.order?.includes(userId)) return null;
  for (const r of t.played)
    for (const x of r.tables)
      if (!x.result && x.threadId && x.node && x.players.includes(userId))
        return translate(locale, "tournament.your_match", { thread: `<#${x.threadId}>`, match: matchName(t, x.node) });
  const rank = bracket.state.ranking.find((r) => r.id === userId)?.rank;
  const alive = bracket.state.ranking.filter((r) => r.rank === 1).length > 1 && rank === 1;
  return translate(locale, alive ? "tournament.your_wait" : "tournament.your_out");
}

/** What fills a short field, in the event's words: computers below the game's fewest players, or byes. */
function fillWords(games: GameCatalogue, t: Tournament): string {
  if (t.fill === "bye") return sayIn(t, "fill_bye");
  return sayIn(t, "fill_computer", { min: Math.min(...games.seatCounts(t.game)) });
}

/** `<@a> <@b>`: the users with ids `ids` mentioned, space-separated. */
const mentions = (ids: readonly string[]) => ids.map((p) => `<@${p}>`).join(" ");

/** A round's announcement in the event channel: each table's thread and players, and the byes. */
export async function roundMessage(t: Tournament, round: TournamentRound): Promise<BaseMessageOptions> {
  const lines = round.tables.map(
    (x, i) =>
      `**${x.node ? matchName(t, x.node) : sayIn(t, "table_n", { n: i + 1 })}**${x.threadId ? ` <#${x.threadId}>` : ""}: ${x.players.map((p) => nameOf(t, p)).join(", ")}`,
  );
  if (round.byes.length) lines.push(sayIn(t, "byes", { names: round.byes.map((p) => nameOf(t, p)).join(", ") }));
  const people = round.tables
    .flatMap((x) => x.players)
    .filter((p) => !t.entrants.find((e) => e.id === p)?.computer && !p.startsWith("fill-"));
  return {
    content:
      `${sayIn(t, isElimination(t) ? "bracket_seated" : "round_seated", { name: t.name, n: round.number, rounds: t.rounds, people: mentions(people) })}\n${lines.join("\n")}`.slice(
        0,
        2000,
      ),
    allowedMentions: { users: people.slice(0, 100) },
  };
}

/**
 * The bracket as the picture draws it (render/bracket.ts): a section per side, each showing at
 * most four columns (the first column still in play, the one before it, and those after), every
 * seat as `seed. name` and how it fared. `text`: the shown tables in words (the picture's alt).
 */
export function bracketSections(t: Tournament): { sections: BracketSection[]; text: string; earlier: boolean } {
  const bracket = bracketOf(t);
  if (!bracket) return { sections: [], text: "", earlier: false };
  const { plan, state } = bracket;
  const seed = new Map((t.order ?? []).map((id, i) => [id, i + 1]));
  const who = (id: string) => `${seed.get(id) ?? "–"}. ${nameOf(t, id)}`;
  const bye = sayIn(t, "bracket_bye");
  const lines: string[] = [];
  let earlier = false;
  const section = (title: string, columns: string[]): BracketSection | null => {
    // The grand final's second game shows once it is needed.
    const shown = columns.filter((c) =>
      plan.nodes.some(
        (n) =>
          n.column === c &&
          (c !== "GF2" ||
            ["ready", "playing"].includes(state.nodes.get(n.id)!.status) ||
            (state.nodes.get(n.id)!.status === "done" && !state.nodes.get(n.id)!.unneeded)),
      ),
    );
    if (!shown.length) return null;
    const open = shown.findIndex((c) => plan.nodes.some((n) => n.column === c && state.nodes.get(n.id)!.status !== "done"));
    const start = Math.max(0, Math.min((open < 0 ? shown.length : open) - 1, shown.length - 4));
    earlier ||= start > 0;
    const window = shown.slice(start, start + 4);
    return {
      title,
      columns: window.map((c, ci) => {
        const nodes = plan.nodes.filter((n) => n.column === c);
        const before = ci > 0 ? plan.nodes.filter((n) => n.column === window[ci - 1]).map((n) => n.id) : [];
        const boxes = nodes.map((n): BracketBox => {
          const s = state.nodes.get(n.id)!;
          const played = t.played.some((r) => r.tables.some((x) => x.node === n.id));
          const seats: BracketBox["seats"] =
            s.status === "waiting"
              ? Array.from({ length: n.cap }, () => ({ name: "", state: "waiting" as const }))
              : s.status !== "done"
                ? s.players.map((p) => ({ name: who(p), state: "playing" as const }))
                : s.order.length === 0
                  ? [{ name: "–", state: "waiting" as const }]
                  : s.order.map((p) => ({
                      name: who(p),
                      state: s.advanced.includes(p) && (played || n.advance > 0) ? ("went-on" as const) : ("out" as const),
                      ...(played ? {} : { mark: bye }),
                    }));
          if (s.status !== "waiting" && s.players.length)
            lines.push(
              `${matchName(t, n.id)}: ${s.players.map((p) => `${who(p)}${s.advanced.includes(p) && played ? " ✓" : ""}`).join(" · ")}`,
            );
          const from = n.feeds.flatMap((f) =>
            "from" in f && f.take === "advance" && before.includes(f.from) ? [before.indexOf(f.from)] : [],
          );
          return { seats, from };
        });
        return { title: columnName(t, c), boxes };
      }),
    };
  };
  const side = (p: string) => plan.columns.filter((c) => c.startsWith(p) && c !== "GF" && c !== "GF2");
  const double = plan.columns.includes("GF");
  const sections = [
    section(sayIn(t, double ? "section_winners" : `format_${t.format}`), side("W")),
    section(sayIn(t, "section_losers"), side("L")),
    section(
      sayIn(t, "section_final"),
      ["GF", "GF2"].filter((c) => plan.columns.includes(c)),
    ),
  ].filter((x): x is BracketSection => x !== null);
  return { sections, text: lines.join("\n"), earlier };
}

/** The bracket picture, with `column` (a bracket column just completed) named above it; the whole of it in `/tournament export`. */
export async function bracketMessage(t: Tournament, column?: string): Promise<BaseMessageOptions> {
  const { sections, text, earlier } = bracketSections(t);
  const locale = localeOfEvent(t);
  const title = sayIn(t, "bracket_title", { name: t.name });
  const subtitle = sayIn(t, "what", {
    format: sayIn(t, `format_${t.format}`),
    rounds: sayIn(t, "rounds", { count: t.rounds }),
    size: t.tableSize,
    clock: t.clock ? clockName(t.clock) : translate(locale, "clock.off"),
  });
  const note = earlier ? sayIn(t, "bracket_earlier", { cmd: commandPathIn(locale, "tournament export") }) : undefined;
  const png = await renderPicture({ kind: "bracket", title, subtitle, sections, note });
  const head = column ? sayIn(t, "bracket_done", { name: t.name, column: columnName(t, column) }) : `**${title}**`;
  return {
    content: head,
    files: [new AttachmentBuilder(png, { name: "bracket.png", description: sayIn(t, "bracket_alt", { text }).slice(0, 1024) })],
    allowedMentions: { parse: [] },
  };
}

/** A standing's total game score as the game counts it (a low-score game's standings keep it negated: fewer is better). */
export const scoreTotal = (games: GameCatalogue, t: Tournament, s: Standing) =>
  games.ratedGame(t.game)?.lowScoreWins ? -s.gamePoints : s.gamePoints;

/** The standings as a picture with its text. A progressive event shows the total score first (it ranks by it). */
export async function standingsMessage(
  games: GameCatalogue,
  t: Tournament,
  title = sayIn(t, "standings_title", { name: t.name }),
): Promise<BaseMessageOptions> {
  const say = (key: string, params: Record<string, string | number> = {}) => sayIn(t, key, params);
  const progressive = t.format === "progressive";
  const mark = (s: Standing) =>
    t.entrants.find((e) => e.id === s.id)?.dropped
      ? ` ${say("dropped")}`
      : t.challenge && s.games === 0
        ? ` ${say("no_game")}`
        : s.rank === 0
          ? ` ${say("unranked")}`
          : "";
  const locale = localeOfEvent(t);
  const c = t.challenge;
  const tbs = tieBreaksOf(t);
  const rows = shownStandings(t).map((s) => ({
    rank: s.rank,
    name: `${nameOf(t, s.id)}${mark(s)}`,
    // A challenge: score, square, moves; progressive: score, placement points, the first tie-break; else placement points and the first two.
    points: progressive ? scoreTotal(games, t, s) : s.placement,
    values: c ? [s.gamePoints, s.opponents] : progressive ? [s.placement, s.tieBreaks[0] ?? 0] : s.tieBreaks.slice(0, 2),
    games: s.games,
    tieBreaks: s.tieBreaks,
  }));
  const place = (r: (typeof rows)[number]) => (r.rank > 0 ? `${r.rank}.` : "–");
  const line = (r: (typeof rows)[number]) => {
    const who = { place: place(r), name: r.name, games: count(t, r.games, "games") };
    const values = r.tieBreaks.map((v, i) => `${translate(locale, `tournament.tb_${tbs[i]}`)} ${num(v)}`).join(", ");
    if (c)
      return r.games
        ? say("line_challenge", { ...who, score: r.points, square: r.values[0] ?? 0, moves: count(t, r.values[1] ?? 0, "moves") })
        : say("no_finished", who);
    return progressive
      ? say("line_progressive", { ...who, score: num(r.points), placement: count(t, r.values[0] ?? 0, "placement_points"), tbs: values })
      : say("line_standard", { ...who, points: count(t, r.points, "points"), tbs: values });
  };
  const game = gameNameIn(locale, games, t.game);
  const subtitle = c
    ? say("subtitle_challenge", { game, finished: count(t, c.results.length, "finished") })
    : say("subtitle", {
        game,
        format: say(`format_${t.format}`),
        n: t.played.filter((r) => r.tables.every((x) => x.result)).length,
        rounds: t.rounds,
      });
  const column = (tb: TieBreak | undefined) => (tb ? say(`tbcol_${tb}`) : "");
  const labels = c
    ? ["score", "square", "moves", "games"].map((k) => say(`col_${k}`))
    : progressive
      ? [say("col_score"), say("col_place_pts"), column(tbs[0]), say("col_games")]
      : [say("col_points"), column(tbs[0]), column(tbs[1]), say("col_games")];
  const people = t.rankComputers ? "" : say("legend_people");
  const legend = c
    ? say("legend_challenge")
    : isElimination(t)
      ? `${say("legend_bracket")}${people}`
      : `${say(progressive ? "legend_progressive" : "legend_standard", { list: tieBreakNames(locale, tbs) })}${people}${
          tbs.includes("median-buchholz") ? say("legend_median") : ""
        }`;
  const png = await renderPicture({ kind: "standings", title, subtitle, rows, labels, legend, locale });
  const text = rows.slice(0, 10).map(line).join("\n");
  return {
    content: `**${title}**\n${text}`.slice(0, 2000),
    files: [new AttachmentBuilder(png, { name: "standings.png", description: say("standings_alt", { text }).slice(0, 1024) })],
    // A challenge's games are each player's own deal, not the event's tables: nothing to pick from.
    components: c || t.played.every((r) => r.tables.every((x) => !x.result)) ? [] : [replayButton(t.id, undefined, localeOfEvent(t))],
    allowedMentions: { parse: [] },
  };
}

/**
 * What placed the podium, in one line under it: how far each went (a bracket), the total score
 * (progressive), the score on the deal (a challenge), else placement points and the tie-breaks;
 * and, when computers played unranked, that the medals go to people (docs/rules/tournaments.md).
 */
function podiumBasis(t: Tournament): string {
  const say = (key: string, params: Record<string, string | number> = {}) => sayIn(t, key, params);
  const basis = isElimination(t)
    ? say("podium_bracket")
    : t.challenge
      ? say("podium_challenge")
      : t.format === "progressive"
        ? say("podium_score")
        : say("podium_points", { list: tieBreakNames(localeOfEvent(t), tieBreaksOf(t)) });
  const computers = !t.rankComputers && t.entrants.some((e) => e.computer);
  return computers ? `${basis} ${say("podium_people")}` : basis;
}

/** Podium lines the final post writes at most (the rest counted in one more line). */
const PODIUM_LINES = 12;

/** The messages that end an event: the podium, then the final standings. */
export async function finalMessages(games: GameCatalogue, t: Tournament): Promise<BaseMessageOptions[]> {
  const progressive = t.format === "progressive";
  const all = shownStandings(t);
  // Everyone ranked 1 to 3: players tied for a place share it (four tied firsts are four golds).
  const placed = all
    .filter((s) => s.rank > 0 && s.rank <= 3)
    .map((s) => ({ name: nameOf(t, s.id), points: progressive ? scoreTotal(games, t, s) : s.placement, rank: s.rank }));
  const top = placed.slice(0, PODIUM_LINES);
  const png = await renderPicture({
    kind: "podium",
    title: sayIn(t, "final_title", { name: t.name }),
    top: placed,
    locale: localeOfEvent(t),
  });
  const podium = [
    ...top.map(
      (p) =>
        `${["🥇", "🥈", "🥉"][p.rank - 1] ?? `${p.rank}.`} ${p.name} (${t.challenge || progressive ? sayIn(t, "score_n", { n: num(p.points) }) : count(t, p.points, "points")})`,
    ),
    ...(placed.length > top.length ? [sayIn(t, "podium_more", { count: placed.length - top.length })] : []),
  ].join("\n");
  // Progressive (docs/rules/tournaments.md): prizes for the highest and the lowest total score.
  const byScore = all
    .filter((s) => s.games > 0 && s.rank > 0)
    .map((s) => ({ name: nameOf(t, s.id), score: scoreTotal(games, t, s) }))
    .sort((a, b) => b.score - a.score);
  const [high, low] = [byScore[0], byScore.at(-1)];
  const extremes =
    progressive && high && low
      ? `\n${sayIn(t, "extremes", { high: high.name, hs: num(high.score), low: low.name, ls: num(low.score) })}`
      : "";
  return [
    {
      content: `${sayIn(t, "is_over_msg", { name: t.name })}\n${podium}${extremes}\n-# ${podiumBasis(t)}`,
      files: [new AttachmentBuilder(png, { name: "podium.png", description: sayIn(t, "podium_alt", { text: podium }).slice(0, 1024) })],
      allowedMentions: { parse: [] },
    },
    ...(isElimination(t) ? [await bracketMessage(t)] : []),
    await standingsMessage(games, t, sayIn(t, "final_standings", { name: t.name })),
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
            x.void ? "void" : x.result!.places[j],
            x.result!.points[j],
            recordOf(r.number, i + 1),
            ...(x.node ? [matchName(t, x.node)] : []),
          ])
        : [],
    ),
  );
  // The standings: placement points, then each of the event's tie-breaks by name, in its order.
  const tbs = t.challenge ? [] : tieBreaksOf(t);
  const table = TournamentService.standings(t).map((s) => [s.rank, nameOf(t, s.id), s.id, s.placement, ...s.tieBreaks, s.games, s.byes]);
  return (
    stringify([["round", "table", "player", "id", "place", "game points", "record", ...(isElimination(t) ? ["match"] : [])], ...games]) +
    "\n" +
    stringify([
      ["rank", "player", "id", "placement points", ...tbs.map((tb) => translate("en", `tournament.tb_${tb}`)), "games", "byes"],
      ...table,
    ]) +
    // The organisers' corrections, oldest first: the audit trail.
    (t.corrections?.length
      ? `\n${stringify([
          ["at", "by", "correction", "round", "table", "players", "before", "after", "reason"],
          ...t.corrections.map((c) => {
            const at = new Date(c.at).toISOString();
            if (c.kind === "swap") return [at, c.by, "swap", c.round, "", `${c.a} ${c.b}`, "", "", ""];
            const [before, after] = c.kind === "result" ? [c.before.join(" "), c.after.join(" ")] : ["", ""];
            return [at, c.by, c.kind, c.round, c.table, c.players.join(" "), before, after, c.reason ?? ""];
          }),
        ])}`
      : "")
  );
}

/**
 * Whether bracket node `node` is the bracket's last table as it now stands (its order is the
 * podium's): the last node not marked unneeded, as src/tournament/bracket.ts `bracketState` finds
 * the final. A grand final is not the last while its second game is still to be played or decided.
 */
function isLastTable(bracket: NonNullable<ReturnType<typeof bracketOf>>, node: string): boolean {
  const last = [...bracket.plan.nodes].reverse().find((n) => !bracket.state.nodes.get(n.id)?.unneeded);
  return last?.id === node;
}

/**
 * For a winners' bracket table of a double elimination once decided: those it drops play on in the
 * losers' bracket (they are not out). Null elsewhere.
 */
function toLosers(t: Tournament, node: string | undefined): string | null {
  const bracket = node ? bracketOf(t) : null;
  const state = node ? bracket?.state.nodes.get(node) : undefined;
  const column = bracket?.plan.nodes.find((n) => n.id === node)?.column;
  if (bracket?.plan.kind !== "double" || !column?.startsWith("W") || state?.status !== "done" || !state.dropped.length) return null;
  return sayIn(t, "to_losers", { count: state.dropped.length, names: state.dropped.map((p) => nameOf(t, p)).join(", ") });
}

/**
 * For a bracket table whose result tied where it counts: across the line of those who go on, or
 * for first at the bracket's last table as it stands (`isLastTable`: its first wins). Says
 * who went on, or who won, and how a tie is settled (the game score, then the better seed:
 * src/tournament/bracket.ts `bracketState`). Null when no such tie, or the node is not decided.
 */
function tieSettled(
  t: Tournament,
  node: string | undefined,
  r: { readonly players: readonly string[]; readonly places: readonly number[] },
): string | null {
  const bracket = node ? bracketOf(t) : null;
  const state = node ? bracket?.state.nodes.get(node) : undefined;
  if (!bracket || !state || state.status !== "done") return null;
  const place = (id: string | undefined) => (id === undefined ? undefined : r.places[r.players.indexOf(id)]);
  const tied = (a: string | undefined, b: string | undefined) => place(a) !== undefined && place(a) === place(b);
  if (isLastTable(bracket, node!))
    return tied(state.order[0], state.order[1]) ? sayIn(t, "tie_wins", { name: nameOf(t, state.order[0]!) }) : null;
  if (!tied(state.advanced.at(-1), state.dropped[0])) return null;
  return sayIn(t, "tie_goes_on", { count: state.advanced.length, names: state.advanced.map((p) => nameOf(t, p)).join(", ") });
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
    return { content: sayIn(t, "recorded_short", { name: t.name, channel: `<#${t.channelId}>` }), allowedMentions: { parse: [] } };
  if (table?.void)
    return { content: sayIn(t, "recorded_void", { name: t.name, channel: `<#${t.channelId}>` }), allowedMentions: { parse: [] } };
  const points = placementPoints(r.places);
  const places = r.players
    .map((p, i) => ({ name: nameOf(t, p), place: r.places[i] ?? r.places.length, points: points[i] ?? 0 }))
    .sort((a, b) => a.place - b.place)
    .map((x) => `${x.place}. ${x.name} (${count(t, x.points, "placement_points")})`);
  const done = round.tables.filter((x) => x.result).length;
  // A two-stage event's first stage is rounds; once its cut is made, the event's format is the
  // bracket's and `cut.after` counts the first stage's rounds.
  const stageRounds = t.cut?.after ?? t.rounds;
  const inBracket = t.cut?.after !== undefined ? round.number > t.cut.after : isElimination(t);
  const bracket = inBracket && table.node ? bracketOf(t) : null;
  const over = t.status === "over" || (bracket !== null && isLastTable(bracket, table.node!));
  const next = inBracket
    ? [tieSettled(t, table.node, r), toLosers(t, table.node), sayIn(t, over ? "final_done" : "bracket_next")].filter(Boolean).join(" ")
    : done < round.tables.length
      ? sayIn(t, "tables_done", { done, total: round.tables.length, n: round.number })
      : round.number < stageRounds
        ? sayIn(t, "round_complete", { n: round.number })
        : t.cut
          ? sayIn(t, "cut_next", { n: t.cut.size })
          : sayIn(t, "last_round");
  const recorded = table.node
    ? sayIn(t, "recorded_match", { name: t.name, match: matchName(t, table.node), places: places.join(" · ") })
    : sayIn(t, "recorded", { name: t.name, n: round.number, places: places.join(" · ") });
  return {
    content: `${recorded}\n${next} ${sayIn(t, "standings_where", { channel: `<#${t.channelId}>` })}`,
    components: [replayButton(t.id, threadId, localeOfEvent(t))],
    allowedMentions: { parse: [] },
  };
}
