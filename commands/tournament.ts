/**
 * `/tournament create|join|leave|start|next|info|standings|drop|remove|end-table|cancel|export|
 * computers|organisers`: community tournaments run by the bot (src/bot/tournaments.ts), and the
 * messages they post: the announcement with Join / Leave (and Check in while check-in is open),
 * round announcements, the standings and podium pictures, the CSV export.
 *
 * Organisers: members with Manage Server, or the role set with `/tournament organisers`. An
 * `event` option (autocompleted with the server's events) picks the event; without it, the
 * event of this table thread, else the newest open event of this channel.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type BaseMessageOptions,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
} from "discord.js";
import { stringify } from "csv-stringify/sync";
import { readFileSync } from "node:fs";
import { clockName, DEFAULT_CLOCK, parseClock } from "../src/bot/clock";
import type { BotContext } from "../src/bot/context";
import { encodeId, type ComponentId } from "../src/bot/customid";
import { UserError } from "../src/bot/errors";
import { respond } from "../src/bot/reply";
import type { Choice, Command } from "../src/bot/router";
import {
  CHALLENGE_GAME,
  TournamentService,
  type Standing,
  type Tournament,
  type TournamentFormat,
  type TournamentRound,
} from "../src/bot/tournaments";
import type { GameCatalogue } from "../src/games/catalogue";
import { renderPicture } from "../render/pool";
import { clockChoices } from "./onexeno";
import { rulesFrom, seatOf } from "./games";
import { openSolitaireThread } from "./solitaire/index";

/** Component verbs of tournament messages. */
export const TOURNAMENT_VERBS: ReadonlySet<string> = new Set(["tjoin", "tleave", "tcheck", "tplay"]);

const RULES = readFileSync(new URL("../docs/rules/tournaments.md", import.meta.url), "utf8");
/** The name of an event's game for people (its key when the catalogue has no such game). */
const gameName = (games: GameCatalogue, key: string) =>
  key === CHALLENGE_GAME ? "ONEXENO solitaire" : (games.ratedGame(key)?.name ?? key);
const nameOf = (t: Tournament, id: string) =>
  t.entrants.find((e) => e.id === id)?.name ?? (id.startsWith("fill-") ? "Computer (fill)" : id);
const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

/** The announcement: what the event is, who is in, and the buttons of its stage. */
export function announcement(games: GameCatalogue, t: Tournament, note?: string): BaseMessageOptions {
  const people = t.entrants.filter((e) => !e.dropped);
  const list = people
    .slice(0, 40)
    .map((e) => `${e.name}${t.status === "checkin" ? (e.checkedIn || e.computer ? " ✅" : " ⏳") : ""}`)
    .join(", ");
  const c = t.challenge;
  const running = c
    ? `The challenge is open until <t:${Math.floor((c.due ?? 0) / 1000)}:f>: press **Play the deal** for your game (or \`/onexeno new game:solitaire seed:${t.seed}\`). Your first finished game in the window counts; the podium comes as soon as every entrant has one.`
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
const scoreTotal = (games: GameCatalogue, t: Tournament, s: Standing) =>
  games.ratedGame(t.game)?.lowScoreWins ? -s.gamePoints : s.gamePoints;

/** The standings as a picture with its text. A progressive event shows the total score first (it ranks by it). */
export async function standingsMessage(games: GameCatalogue, t: Tournament, title = `${t.name}: standings`): Promise<BaseMessageOptions> {
  const progressive = t.format === "progressive";
  const rows = TournamentService.standings(t).map((s) => ({
    rank: s.rank,
    name: `${nameOf(t, s.id)}${t.entrants.find((e) => e.id === s.id)?.dropped ? " (dropped)" : t.challenge && s.games === 0 ? " (no game)" : ""}`,
    points: progressive ? scoreTotal(games, t, s) : s.placement,
    gamePoints: progressive ? s.placement : s.gamePoints,
    opponents: s.opponents,
    games: s.games,
  }));
  const c = t.challenge;
  const line = (r: (typeof rows)[number]) =>
    c
      ? `${r.rank}. ${r.name}: ${r.games ? `score ${r.points} (square ${r.gamePoints}, ${r.opponents} moves)` : "no finished game"}`
      : progressive
        ? `${r.rank}. ${r.name}: score ${num(r.points)} (placement ${num(r.gamePoints)} pts, opp. ${num(r.opponents)}, ${r.games} games)`
        : `${r.rank}. ${r.name}: ${num(r.points)} pts (game ${num(r.gamePoints)}, opp. ${num(r.opponents)}, ${r.games} games)`;
  const subtitle = c
    ? `${gameName(games, t.game)} · challenge · ${c.results.length} finished game${c.results.length === 1 ? "" : "s"}`
    : `${gameName(games, t.game)} · ${t.format} · after round ${t.played.filter((r) => r.tables.every((x) => x.result)).length} of ${t.rounds}`;
  const labels = c ? ["score", "square", "moves", "games"] : progressive ? ["score", "place pts", "opp.", "games"] : undefined;
  const png = await renderPicture({ kind: "standings", title, subtitle, rows, labels });
  const text = rows.slice(0, 10).map(line).join("\n");
  return {
    content: `**${title}**\n${text}`.slice(0, 2000),
    files: [new AttachmentBuilder(png, { name: "standings.png", description: `Standings: ${text}`.slice(0, 1024) })],
    allowedMentions: { parse: [] },
  };
}

/** The messages that end an event: the podium, then the final standings. */
export async function finalMessages(games: GameCatalogue, t: Tournament): Promise<BaseMessageOptions[]> {
  const progressive = t.format === "progressive";
  const all = TournamentService.standings(t);
  const top = all
    .filter((s) => s.rank <= 3)
    .slice(0, 3)
    .map((s) => ({ name: nameOf(t, s.id), points: progressive ? scoreTotal(games, t, s) : s.placement, rank: s.rank }));
  const png = await renderPicture({ kind: "podium", title: `${t.name}: final`, top });
  const podium = top
    .map(
      (p) =>
        `${["🥇", "🥈", "🥉"][p.rank - 1] ?? `${p.rank}.`} ${p.name} (${t.challenge || progressive ? "score " : ""}${num(p.points)}${t.challenge || progressive ? "" : " points"})`,
    )
    .join("\n");
  // Progressive (seed 004): prizes for the highest and the lowest total score.
  const byScore = all
    .filter((s) => s.games > 0)
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

/** Every game and the standings as CSV (one file). */
export function exportCsv(t: Tournament): string {
  const games = t.played.flatMap((r) =>
    r.tables.flatMap((x, i) =>
      x.result ? x.result.players.map((p, j) => [r.number, i + 1, nameOf(t, p), p, x.result!.places[j], x.result!.points[j]]) : [],
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
    stringify([["round", "table", "player", "id", "place", "game points"], ...games]) +
    "\n" +
    stringify([["rank", "player", "id", "placement points", "game points", "opponents' points", "head-to-head", "games", "byes"], ...table])
  );
}

/** Whether the member may organise: Manage Server, or the server's organiser role. */
async function isOrganiser(interaction: ChatInputCommandInteraction | MessageComponentInteraction, ctx: BotContext): Promise<boolean> {
  if (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) return true;
  const role = await ctx.tournaments.organiserRole(interaction.guildId);
  if (!role) return false;
  const roles = interaction.member?.roles;
  return Array.isArray(roles) ? roles.includes(role) : roles ? roles.cache.has(role) : false;
}

async function mustOrganise(interaction: ChatInputCommandInteraction, ctx: BotContext, t?: Tournament): Promise<void> {
  if (t && t.organiserId === interaction.user.id) return;
  if (!(await isOrganiser(interaction, ctx)))
    throw new UserError(
      "tournament/not_organiser",
      "Only organisers can do that: members with Manage Server, or the role set with `/tournament organisers`.",
    );
}

/** The event an interaction is about: the `event` option, this thread's, or this channel's newest open one. */
async function eventOf(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Tournament> {
  const id = interaction.options.getString("event");
  if (id) {
    const t = await ctx.tournaments.get(id);
    if (!t || t.guildId !== interaction.guildId)
      throw new UserError("tournament/none", "There is no such tournament in this server. Pick one from the list.");
    return t;
  }
  const here = await ctx.tournaments.ofThread(interaction.channelId);
  if (here) return here;
  const open = (await ctx.tournaments.list(interaction.guildId)).find(
    (t) => t.channelId === interaction.channelId && t.status !== "over" && t.status !== "cancelled",
  );
  if (!open)
    throw new UserError(
      "tournament/none",
      "There is no open tournament in this channel. Create one with `/tournament create`, or pick an event.",
    );
  return open;
}

const eventOption = (o: import("discord.js").SlashCommandStringOption) =>
  o.setName("event").setDescription("Which event (default: this channel's)").setAutocomplete(true).setMaxLength(40);

/** `/tournament`, its `game:` choices the rated games of `games` (and the solitaire challenge). */
export const tournamentCommand = (games: GameCatalogue): Command<BotContext> => ({
  data: new SlashCommandBuilder()
    .setName("tournament")
    .setDescription("Community tournaments, run by the bot from sign-up to podium")
    .setDMPermission(false)
    .addSubcommand((s) =>
      s
        .setName("create")
        .setDescription("Create a tournament in this channel (organisers)")
        .addStringOption((o) =>
          o
            .setName("game")
            .setDescription("The game")
            .setRequired(true)
            .addChoices(...games.rated.map((g) => ({ name: g.name, value: g.key })), {
              name: "ONEXENO solitaire (challenge)",
              value: CHALLENGE_GAME,
            }),
        )
        .addStringOption((o) =>
          o
            .setName("format")
            .setDescription("How rounds are seated")
            .setRequired(true)
            .addChoices(
              { name: "swiss: grouped by standing, new opponents", value: "swiss" },
              { name: "progressive: winners move up a table", value: "progressive" },
              { name: "round-robin: everyone meets everyone (small fields)", value: "round-robin" },
              { name: "challenge: one solitaire deal for all, in a window", value: "challenge" },
            ),
        )
        .addIntegerOption((o) => o.setName("rounds").setDescription("Number of rounds").setRequired(true).setMinValue(1).setMaxValue(20))
        .addIntegerOption((o) =>
          o.setName("table-size").setDescription("Players a table (default 4, if the game allows)").setMinValue(2).setMaxValue(8),
        )
        .addStringOption((o) => o.setName("name").setDescription("The event's name").setMaxLength(60))
        .addIntegerOption((o) =>
          o.setName("check-in").setDescription("Minutes of check-in before round 1 (default none)").setMinValue(0).setMaxValue(120),
        )
        .addStringOption((o) =>
          o.setName("clock").setDescription("Turn clock: seconds, 12h/24h, or off (default 120)").setMaxLength(12).setAutocomplete(true),
        )
        .addStringOption((o) =>
          o
            .setName("fill")
            .setDescription("A table that cannot be filled (default computer)")
            .addChoices(
              { name: "computer: top it up with computer players", value: "computer" },
              { name: "bye: the extra players sit the round out", value: "bye" },
            ),
        )
        .addBooleanOption((o) => o.setName("pause").setDescription("Wait for /tournament next between rounds"))
        .addIntegerOption((o) =>
          o.setName("window").setDescription("Challenge: minutes to play the deal (default 60)").setMinValue(5).setMaxValue(10080),
        ),
    )
    .addSubcommand((s) => s.setName("join").setDescription("Sign up").addStringOption(eventOption))
    .addSubcommand((s) => s.setName("leave").setDescription("Take your name off before the start").addStringOption(eventOption))
    .addSubcommand((s) =>
      s.setName("start").setDescription("Start (with check-in: open it; again: close it and seat round 1)").addStringOption(eventOption),
    )
    .addSubcommand((s) =>
      s.setName("next").setDescription("Seat the next round (events that pause between rounds)").addStringOption(eventOption),
    )
    .addSubcommand((s) => s.setName("info").setDescription("The event, its entrants and its scoring system").addStringOption(eventOption))
    .addSubcommand((s) => s.setName("standings").setDescription("Post the standings as a picture").addStringOption(eventOption))
    .addSubcommand((s) =>
      s.setName("drop").setDescription("Withdraw from the event (a computer finishes your game)").addStringOption(eventOption),
    )
    .addSubcommand((s) =>
      s
        .setName("remove")
        .setDescription("Remove a player from the event (organisers)")
        .addUserOption((o) => o.setName("player").setDescription("Who").setRequired(true))
        .addStringOption(eventOption),
    )
    .addSubcommand((s) => s.setName("end-table").setDescription("In a table's thread: end its game and score it as it stands (organisers)"))
    .addSubcommand((s) => s.setName("cancel").setDescription("Cancel the event (organisers)").addStringOption(eventOption))
    .addSubcommand((s) => s.setName("export").setDescription("Every game and the standings as a CSV file").addStringOption(eventOption))
    .addSubcommand((s) =>
      s
        .setName("computers")
        .setDescription("Add computer entrants (organisers, before the start)")
        .addIntegerOption((o) => o.setName("count").setDescription("How many").setRequired(true).setMinValue(1).setMaxValue(32))
        .addStringOption((o) =>
          o
            .setName("level")
            .setDescription("How well they play (default normal)")
            .addChoices({ name: "easy", value: "easy" }, { name: "normal", value: "normal" }),
        )
        .addStringOption(eventOption),
    )
    .addSubcommand((s) =>
      s
        .setName("organisers")
        .setDescription("Set the role that may organise tournaments here (Manage Server)")
        .addRoleOption((o) => o.setName("role").setDescription("The organisers' role").setRequired(true)),
    ),

  async autocomplete(interaction, ctx): Promise<Choice[]> {
    const focused = interaction.options.getFocused(true);
    if (focused.name === "clock") return clockChoices(String(focused.value));
    const typed = String(focused.value).toLowerCase();
    return (await ctx.tournaments.list(interaction.guildId))
      .filter((t) => t.name.toLowerCase().includes(typed) || t.id.includes(typed))
      .slice(0, 25)
      .map((t) => ({ name: `${t.name} (${gameName(games, t.game)}, ${t.status})`, value: t.id }));
  },

  async execute(interaction, ctx) {
    const sub = interaction.options.getSubcommand();
    const me = seatOf(interaction);
    switch (sub) {
      case "create": {
        await mustOrganise(interaction, ctx);
        const clockText = interaction.options.getString("clock");
        const clock = clockText === null ? DEFAULT_CLOCK : parseClock(clockText);
        const game = interaction.options.getString("game", true);
        await respond(interaction, "reply", false, async () =>
          announcement(
            ctx.catalogue,
            await ctx.tournaments.create({
              guildId: interaction.guildId,
              channelId: interaction.channelId,
              organiserId: interaction.user.id,
              name: interaction.options.getString("name")?.trim() || `${gameName(ctx.catalogue, game)} tournament`,
              game,
              format: interaction.options.getString("format", true) as TournamentFormat,
              rounds: interaction.options.getInteger("rounds", true),
              tableSize: interaction.options.getInteger("table-size"),
              clock,
              fill: (interaction.options.getString("fill") ?? "computer") as "computer" | "bye",
              checkInMinutes: interaction.options.getInteger("check-in") ?? 0,
              autoNext: !(interaction.options.getBoolean("pause") ?? false),
              windowMinutes: interaction.options.getInteger("window") ?? 60,
            }),
            `🏆 New tournament! Press **Join** (or \`/tournament join\`) to sign up.`,
          ),
        );
        return;
      }
      case "organisers": {
        if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
          throw new UserError("tournament/not_organiser", "Only members with Manage Server can choose the organisers' role.");
        const role = interaction.options.getRole("role", true);
        await ctx.tournaments.setOrganiserRole(interaction.guildId, role.id);
        await interaction.reply({
          content: `Members with <@&${role.id}> may now organise tournaments here.`,
          allowedMentions: { parse: [] },
        });
        return;
      }
      case "end-table": {
        const t = await ctx.tournaments.ofThread(interaction.channelId);
        if (!t) throw new UserError("tournament/no_table", "Use this in a tournament table's thread.");
        await mustOrganise(interaction, ctx, t);
        await respond(interaction, "reply", false, async () => {
          await ctx.tournaments.endTable(t.id, interaction.channelId, interaction.user.id);
          return {
            content: "⏹ The organiser ended this table: every player shares the places, so each earns the table's average points.",
            allowedMentions: { parse: [] },
          };
        });
        return;
      }
      default:
        break;
    }
    const t = await eventOf(interaction, ctx);
    switch (sub) {
      case "join":
        await respond(interaction, "reply", false, async () =>
          announcement(ctx.catalogue, await ctx.tournaments.join(t.id, { id: me.userId, name: me.name }), `${me.name} signed up.`),
        );
        return;
      case "leave":
        await respond(interaction, "reply", false, async () =>
          announcement(ctx.catalogue, await ctx.tournaments.leave(t.id, me.userId), `${me.name} left the list.`),
        );
        return;
      case "computers": {
        await mustOrganise(interaction, ctx, t);
        const count = interaction.options.getInteger("count", true);
        const level = (interaction.options.getString("level") ?? "normal") as "easy" | "normal";
        await respond(interaction, "reply", false, async () =>
          announcement(
            ctx.catalogue,
            await ctx.tournaments.addComputers(t.id, count, level),
            `${count} computer entrant${count === 1 ? "" : "s"} (${level}) added.`,
          ),
        );
        return;
      }
      case "start":
        await mustOrganise(interaction, ctx, t);
        await respond(interaction, "reply", false, async () => {
          const after = await ctx.tournaments.start(t.id);
          return announcement(
            ctx.catalogue,
            after,
            after.status === "checkin"
              ? "✅ Check-in is open."
              : after.challenge
                ? "▶ The challenge is open: the deal and the window are below."
                : `▶ The event has started: round 1 is seated, each table in its own thread (listed in the round message).`,
          );
        });
        return;
      case "next":
        await mustOrganise(interaction, ctx, t);
        await respond(interaction, "reply", true, async () => {
          const after = await ctx.tournaments.next(t.id);
          return {
            content: after.status === "over" ? "The event is over: the podium is posted." : `Round ${after.played.length} is seated.`,
          };
        });
        return;
      case "info":
        await interaction.reply({
          ...announcement(ctx.catalogue, t),
          embeds: [...(announcement(ctx.catalogue, t).embeds ?? []), rulesFrom(RULES)],
          components: [],
          flags: MessageFlags.Ephemeral,
        });
        return;
      case "standings":
        await respond(interaction, "reply", false, async () => standingsMessage(ctx.catalogue, t));
        return;
      case "drop":
        await respond(interaction, "reply", false, async () => {
          await ctx.tournaments.drop(t.id, me.userId);
          return { content: `${me.name} withdrew from **${t.name}**.`, allowedMentions: { parse: [] } };
        });
        return;
      case "remove": {
        await mustOrganise(interaction, ctx, t);
        const who = interaction.options.getUser("player", true);
        await respond(interaction, "reply", false, async () => {
          await ctx.tournaments.drop(t.id, who.id);
          return { content: `${who.globalName ?? who.username} was removed from **${t.name}**.`, allowedMentions: { parse: [] } };
        });
        return;
      }
      case "cancel":
        await mustOrganise(interaction, ctx, t);
        await respond(interaction, "reply", false, async () =>
          announcement(ctx.catalogue, await ctx.tournaments.cancel(t.id, interaction.user.id), "❌ The event was cancelled."),
        );
        return;
      case "export":
        await respond(interaction, "reply", true, async () => ({
          content: `**${t.name}**: every game and the standings.`,
          files: [new AttachmentBuilder(Buffer.from(exportCsv(t), "utf8"), { name: `${t.id}.csv`, description: `Results of ${t.name}` })],
        }));
        return;
      default:
        throw new UserError("command/unknown", "This command is not known to the bot.");
    }
  },
});

/**
 * **Play the deal** on a running challenge: opens the entrant's own game of the event's deal in a
 * thread of the event's channel, or points to the one they opened before (privately, either way).
 */
async function playTheDeal(interaction: MessageComponentInteraction, eventId: string, ctx: BotContext): Promise<void> {
  const me = seatOf(interaction);
  await respond(interaction, "reply", true, async () => {
    const { threadId, opened, event } = await ctx.tournaments.challengeGame(eventId, me.userId, async (t) => {
      const channel = await interaction.client.channels.fetch(t.channelId);
      if (!channel?.isTextBased()) throw new UserError("solitaire/no_channel", "The challenge's channel cannot be reached.");
      const rec = await openSolitaireThread(
        channel,
        ctx,
        t.guildId,
        { id: me.userId, name: me.name },
        t.seed,
        `🏆 **${t.name}**: ${me.name}'s game of the challenge deal. Your first finished game counts. Watch along; only ${me.name} can play here.`,
      );
      return rec.channelId;
    });
    const done = event.challenge?.results.find((r) => r.userId === me.userId);
    return {
      content: opened
        ? `🃏 Your game of **${event.name}** is in <#${threadId}>. Good luck!`
        : done
          ? `Your counted game of **${event.name}** is in <#${threadId}>: score ${done.score}.`
          : `Your game of **${event.name}** is already open in <#${threadId}>: carry on there.`,
      allowedMentions: { parse: [] },
    };
  });
}

/** The announcement's buttons: Join, Leave, Check in (the message is updated in place); Play the deal (a private reply). */
export async function tournamentComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const eventId = id.args[0] ?? "";
  if (id.verb === "tplay") return playTheDeal(interaction, eventId, ctx);
  const me = seatOf(interaction);
  await respond(interaction, "update", false, async () => {
    const t =
      id.verb === "tjoin"
        ? await ctx.tournaments.join(eventId, { id: me.userId, name: me.name })
        : id.verb === "tleave"
          ? await ctx.tournaments.leave(eventId, me.userId)
          : await ctx.tournaments.checkIn(eventId, me.userId);
    return announcement(
      ctx.catalogue,
      t,
      id.verb === "tjoin" ? `${me.name} signed up.` : id.verb === "tleave" ? `${me.name} left the list.` : `${me.name} checked in.`,
    );
  });
}
