/**
 * What every table game's commands share: the table of a channel whichever game holds it, the
 * lobby verbs and buttons, the shared subcommands (rules, end, kick), the confirm-to-end
 * question, the invoker's seat. The list of games comes from the bot context
 * (`ctx.tableGames`, built from the game modules by commands/game-module.ts), so this file imports no game's commands.
 */
import { traitsOf, wordOn } from "../src/surfaces/traits.ts";
import { liveButtons } from "../src/surfaces/live-table/button.ts";
import { commandRef } from "../src/bot/command-ids.ts";
import { clockName, type ClockSetting } from "../src/bot/clock.ts";
import { shownTable } from "./closed.ts";
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  MessageFlags,
  PermissionFlagsBits,
  type BaseMessageOptions,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
} from "discord.js";
import { refuse, sayAt, tableLocale } from "../src/bot/words.ts";
import { localeOf, t, type Locale } from "../src/i18n/index.ts";
import { respond } from "../src/bot/reply.ts";
import { quiet } from "../src/bot/table-payload.ts";
import { UserError } from "../src/bot/errors.ts";
import type { Seat } from "../src/bot/tables.ts";
import { COMPUTER_LEVELS, type ComputerLevel } from "../src/engine/definition.ts";
import { encodeId, type ComponentId } from "../src/bot/customid.ts";
import { replyRules, type Rules } from "./rules.ts";
import type { BotContext, TableGameView } from "../src/bot/context.ts";
import { confirmPayload } from "../src/bot/confirm.ts";
import type { AnyTable, AnyTables } from "../src/bot/tables.ts";

/** The table game holding a running (or finished) table in this channel, with that table. */
export async function tableHere(ctx: BotContext, channelId: string): Promise<{ game: TableGameView; rec: AnyTable } | null> {
  for (const game of ctx.tableGames) {
    const rec = await game.tables(ctx).get(channelId);
    if (rec && rec.status !== "over") return { game, rec };
  }
  return null;
}

/**
 * A person marked away takes their seat back (the **I'm back** button, or any action of theirs
 * at the table): the new table is posted for everyone. Returns that table's message, or null
 * when they were not away here (nothing changes).
 */
export async function comeBack(ctx: BotContext, channelId: string, userId: string): Promise<BaseMessageOptions | null> {
  const here = await tableHere(ctx, channelId);
  if (!here) return null;
  const rec = await here.game.tables(ctx).back(channelId, userId);
  if (!rec) return null;
  return here.game.payload(rec, backNote(rec, userId));
}

/** The most recently finished table in this channel (for Play again / New table), with its game. */
export async function finishedHere(ctx: BotContext, channelId: string): Promise<{ game: TableGameView; rec: AnyTable } | null> {
  let best: { game: TableGameView; rec: AnyTable } | null = null;
  for (const game of ctx.tableGames) {
    const rec = await game.tables(ctx).get(channelId);
    if (rec?.status === "over" && (!best || rec.updatedAt > best.rec.updatedAt)) best = { game, rec };
  }
  return best;
}

/**
 * The subcommands every table game's command shares, answered the same way for each: `rules`
 * (the game's rules text `rules`, privately), `end` (after a private Confirm) and `kick`; and
 * for the others, a refusal when another game's table holds the channel. True when handled.
 */
export async function sharedSubcommand(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  command: string,
  sub: string,
  rules: Rules,
): Promise<boolean> {
  if (!["rules", "new", "end", "kick"].includes(sub)) {
    const here = await tableHere(ctx, interaction.channelId);
    if (here && here.game.command !== command) throw refuse("table/other_game", { game: here.game.id, command: here.game.command });
  }
  switch (sub) {
    case "rules":
      await replyRules(interaction, rules);
      return true;
    case "end":
      await askToEnd(interaction, ctx);
      return true;
    case "kick":
      await kickHere(interaction, ctx);
      return true;
    default:
      return false;
  }
}

/** A table game's lobby as its slash command runs it (see `lobbySubcommand`). */
export interface LobbyGame {
  readonly command: string;
  readonly service: AnyTables;
  payload(rec: AnyTable, note?: string): Promise<BaseMessageOptions>;
  /** What the table says when the game starts. */
  started(rec: AnyTable): string;
}

/**
 * The lobby subcommands every table game shares, for person `me`: `join`, `leave` (mid-game a
 * computer takes the seat), `start`, `bot add [level]`, `bot remove`, and `table` (shown again,
 * without pinging). True when handled.
 */
export async function lobbySubcommand(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  g: LobbyGame,
  sub: string,
  me: Seat,
): Promise<boolean> {
  const ch = interaction.channelId;
  const service = g.service;
  switch (sub) {
    case "join":
      await respond(interaction, "reply", false, async () => {
        const rec = await service.join(ch, me);
        return g.payload(rec, sayAt(rec, "table.joined", { name: me.name }));
      });
      return true;
    case "leave": {
      // Mid-game, leaving gives the seat to a computer (or, for the last person, closes the
      // game): asked privately first, as `end` is; the Confirm does it (commands/table-buttons.ts).
      const now = await service.get(ch);
      if (now?.status === "playing" && now.seats.some((s) => s.userId === me.userId)) {
        const locale = localeOf(interaction.locale);
        const alone = now.seats.every((s) => s.computer || s.userId === me.userId);
        await interaction.reply({
          ...confirmPayload(
            t(locale, alone ? "table.leave_question_alone" : "table.leave_question"),
            "leave",
            now.createdAt,
            t(locale, "table.btn_leave_game"),
            locale,
          ),
          flags: MessageFlags.Ephemeral,
        });
        return true;
      }
      await respond(interaction, "reply", false, async () => {
        const rec = await service.leave(ch, me.userId);
        return rec
          ? g.payload(rec, sayAt(rec, rec.status === "playing" ? "table.left_playing" : "table.left", { name: me.name }))
          : closedPayload(localeOf(interaction.locale), "table.closed");
      });
      ctx.afterReply(ch);
      return true;
    }
    case "start":
      await respond(interaction, "reply", false, async () => {
        const rec = await service.start(ch, me.userId);
        return g.payload(rec, g.started(rec));
      });
      ctx.afterReply(ch);
      return true;
    case "bot add": {
      // A level the game does not seat is refused by the table (`input/bad_level`, naming those it does).
      const level = (interaction.options.getString("level") ?? "normal") as ComputerLevel;
      await respond(interaction, "reply", false, async () => {
        const rec = await service.addComputer(ch, me.userId, level);
        return g.payload(rec, computerSits(rec, level));
      });
      return true;
    }
    case "bot remove":
      await respond(interaction, "reply", false, async () => {
        const rec = await service.removeComputer(ch, me.userId);
        return g.payload(rec, sayAt(rec, "table.computer_left"));
      });
      return true;
    case "table":
      await respond(interaction, "reply", false, async () => {
        const rec = await service.get(ch);
        if (!rec) throw refuse("table/none", { command: g.command });
        return quiet(await shownTable(ctx, rec));
      });
      return true;
    default:
      return false;
  }
}

/**
 * The lobby's buttons every table game shares (Join, Leave, Start, Add computer player), drawn
 * for table revision `id.rev`. True when handled.
 */
export async function lobbyComponent(
  interaction: MessageComponentInteraction,
  id: ComponentId,
  ctx: BotContext,
  g: LobbyGame,
): Promise<boolean> {
  const ch = interaction.channelId;
  const me = seatOf(interaction);
  // Where nothing may tidy the lobby message later (a DM), a click updates it in place.
  const how = traitsOf(interaction).lobbyClick;
  switch (id.verb) {
    case "join":
      await respond(interaction, how, false, async () => {
        const r = await g.service.join(ch, me, id.rev);
        return g.payload(r, sayAt(r, "table.joined", { name: me.name }));
      });
      return true;
    case "leave":
      await respond(interaction, how, false, async () => {
        const r = await g.service.leave(ch, me.userId, id.rev);
        return r ? g.payload(r, sayAt(r, "table.left", { name: me.name })) : closedPayload(localeOf(interaction.locale), "table.closed");
      });
      return true;
    case "start":
      await respond(interaction, how, false, async () => {
        const r = await g.service.start(ch, me.userId, id.rev);
        return g.payload(r, g.started(r));
      });
      ctx.afterReply(ch);
      return true;
    case "addbot": {
      const level = (COMPUTER_LEVELS as readonly string[]).includes(id.args[0] ?? "") ? (id.args[0] as ComputerLevel) : "normal";
      await respond(interaction, how, false, async () => {
        const r = await g.service.addComputer(ch, me.userId, level, id.rev);
        return g.payload(r, computerSits(r, level));
      });
      return true;
    }
    default:
      return false;
  }
}

/** "A computer player (normal) sits down." in the table's language. */
const computerSits = (rec: AnyTable, level: ComputerLevel) =>
  sayAt(rec, "table.computer_sits", { level: sayAt(rec, `table.level_${level}`) });

/** The words left when the last person leaves (the table closed: said in the leaver's language). */
const closedPayload = (locale: Locale, key: string): BaseMessageOptions => ({
  content: t(locale, key),
  components: [],
  embeds: [],
  files: [],
});

/** The seat record of the user behind an interaction (display name at this moment). */
export function seatOf(interaction: ChatInputCommandInteraction | MessageComponentInteraction): Seat {
  const member = interaction.member;
  const nick = member && "displayName" in member ? member.displayName : null;
  return { userId: interaction.user.id, name: nick ?? interaction.user.globalName ?? interaction.user.username };
}

/**
 * After the private Confirm of a mid-game leave: `interaction`'s person leaves this channel's
 * table (asked for the table created at `createdAt`); the public table that follows (a computer
 * in the seat), or the closing words when they were the last person. Refuses `table/gone`, or
 * `table/stale` for another table than the one asked about.
 */
export async function leaveHere(interaction: MessageComponentInteraction, ctx: BotContext, createdAt: number): Promise<BaseMessageOptions> {
  const here = await tableHere(ctx, interaction.channelId);
  if (!here) throw refuse("table/gone");
  if (here.rec.createdAt !== createdAt) throw refuse("table/stale");
  const me = seatOf(interaction);
  const rec = await here.game.tables(ctx).leave(interaction.channelId, me.userId);
  return rec
    ? quiet(await here.game.payload(rec, sayAt(rec, "table.left_playing", { name: me.name }))) // the turn's player was mentioned when it began
    : closedPayload(tableLocale(here.rec), "table.closed");
}

/** Asks (privately, once) before ending this channel's table for everyone (a one-player game: before resigning it). */
export async function askToEnd(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const ch = interaction.channelId;
  const here = await tableHere(ctx, ch);
  const rec = here?.rec ?? (await finishedHere(ctx, ch))?.rec;
  if (!rec) throw refuse("table/none", { command: interaction.commandName });
  const resigns = here?.game.resign ? here.game : undefined;
  // Say no at once to someone who may not end it, rather than after they confirm.
  const canManage = interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false;
  if (rec.hostId !== interaction.user.id && !canManage) {
    if (resigns) throw new UserError("table/not_player", "Only the player (or a member with Manage Messages) can end this game.");
    throw refuse("table/not_host", { context: "end" });
  }
  // The confirmation names the table, not its revision: moves (computers') may follow before the click.
  const locale = localeOf(interaction.locale);
  const words = resigns?.resignWords?.(locale) ?? { question: t(locale, "table.end_question"), button: t(locale, "table.btn_end") };
  await interaction.reply({
    ...confirmPayload(words.question, "end", rec.createdAt, words.button, locale),
    flags: MessageFlags.Ephemeral,
  });
}

/** `/… kick player:<user>` for whichever game's table is here (host only). */
export async function kickHere(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const target = interaction.options.getUser("player", true);
  const channelId = interaction.channelId;
  await respond(interaction, "reply", false, async () => {
    const here = await tableHere(ctx, channelId);
    if (!here) throw refuse("table/none", { command: interaction.commandName });
    if (here.game.tables(ctx).maxSeats(here.rec.config) === 1) throw refuse("table/kick_alone");
    const name = here.rec.seats.find((s) => s.userId === target.id)?.name ?? target.username;
    const rec = await here.game.tables(ctx).kick(channelId, interaction.user.id, target.id);
    if (!rec) return closedPayload(tableLocale(here.rec), "table.kick_closed");
    const shown = await here.game.payload(rec, sayAt(rec, rec.status === "playing" ? "table.kicked_playing" : "table.kicked", { name }));
    return rec.status === "playing" ? quiet(shown) : shown; // mid-game: the turn's player was mentioned when it began
  });
  ctx.afterReply(channelId);
}

/** The note said when a player comes back. */
export function backNote(rec: { readonly seats: readonly Seat[]; readonly locale?: Locale }, userId: string): string {
  return sayAt(rec, "table.back", { name: rec.seats.find((s) => s.userId === userId)?.name ?? sayAt(rec, "table.a_player") });
}

/** A lobby as its game describes it (see `lobbyMessage`). */
export interface LobbyLook {
  /** The embed's title (the game and its options). */
  readonly title: string;
  /** What a table of it is called in "A … table is open here". */
  readonly what: string;
  /** The slash command whose `join` takes a seat. */
  readonly command: string;
  /** Fewest and most seats. */
  readonly min: number;
  readonly max: number;
  /** The line while too few are seated (default: "Waiting for players: min to max needed, n seated."). */
  waiting?(n: number): string;
  /** A real-time game's line in place of the turn clock's (it has no turns): its pace, in the table's words. */
  readonly pace?: string;
  /** The computer levels the game seats (`SeatPlay.levels`): with `expert`, the lobby also shows **Add expert**. */
  readonly levels?: readonly ComputerLevel[];
}

/**
 * The public lobby message every table game shows: the seats (computers marked, the host named),
 * whether the host can start, and the lobby's buttons (Join, Leave, Start, Add computer player)
 * drawn for the table's revision, each disabled when it cannot be used. At most 5 buttons in one
 * row (https://discord.com/developers/docs/interactions/message-components#action-rows); **Open
 * live table** on a row of its own while the live table is served.
 */
export function lobbyMessage(
  rec: {
    readonly rev: number;
    readonly hostId: string;
    readonly seats: readonly Seat[];
    readonly locale?: Locale;
    /** Its server (the command mention of its join command). */
    readonly guildId?: string | null;
    /** The server seats no computer players: no Add computer button. */
    readonly noComputers?: true;
    /** The turn clock chosen for the game (shown in the lobby). */
    readonly clock?: ClockSetting | null;
  },
  look: LobbyLook,
  note?: string,
): BaseMessageOptions {
  const n = rec.seats.length;
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(rec, key, params);
  const host = ` ${say("table.host")}`;
  const seats = rec.seats.map(
    (s, i) => `${i + 1}. ${s.computer ? `🤖 ${s.name}` : `<@${s.userId}>`}${s.userId === rec.hostId ? host : ""}`,
  );
  // Everyone sees the one Start button: the line says who may press it (the host, by name).
  const hostName = rec.seats.find((s) => s.userId === rec.hostId)?.name ?? say("table.someone");
  const ready =
    n >= look.min
      ? say("table.ready", { host: hostName })
      : (look.waiting?.(n) ?? say("table.waiting", { min: look.min, max: look.max, n }));
  const clock = look.pace ?? say("table.lobby_clock", { clock: rec.clock ? clockName(rec.clock) : say("clock.off") });
  const embed = new EmbedBuilder()
    .setTitle(look.title)
    .setDescription(`${seats.join("\n")}\n\n${ready}\n${clock}`)
    .setColor(0x1d5b3b);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId("join", rec.rev))
      .setLabel(say("table.btn_join"))
      .setStyle(ButtonStyle.Success)
      .setDisabled(n >= look.max),
    new ButtonBuilder().setCustomId(encodeId("leave", rec.rev)).setLabel(say("table.btn_leave")).setStyle(ButtonStyle.Secondary),
    new ButtonBuilder()
      .setCustomId(encodeId("start", rec.rev))
      .setLabel(say("table.btn_start"))
      .setStyle(ButtonStyle.Primary)
      .setDisabled(n < look.min),
  );
  row.addComponents(...addComputerButton(rec, n >= look.max, look.levels));
  // In a DM only the app's installer has its commands: the button is the way in for everyone.
  const open = say(wordOn(rec, "table.open"), {
    what: look.what,
    join: commandRef(tableLocale(rec), `${look.command} join`, rec.guildId ?? null),
  });
  return {
    content: `${note ? `${note}\n` : ""}${open}`,
    embeds: [embed],
    components: lobbyRows(row, rec),
    files: [],
    allowedMentions: { parse: [] },
  };
}

/** A lobby's action rows: its own `row`, and **Open live table** on a row of its own while the live table is served. */
export function lobbyRows(row: ActionRowBuilder<ButtonBuilder>, rec: { readonly locale?: Locale }): ActionRowBuilder<ButtonBuilder>[] {
  const live = liveButtons({ status: "lobby", locale: rec.locale });
  return live.length ? [row, new ActionRowBuilder<ButtonBuilder>().addComponents(...live)] : [row];
}

/**
 * The lobby's **Add computer player** button (a normal computer), and **Add expert** where the
 * game seats one (`levels`), each disabled when the table is `full`; none where the server seats
 * no computer players (`noComputers`, read when the lobby opened). With Join, Leave and Start, at
 * most 5 buttons in the row.
 */
export function addComputerButton(
  rec: { readonly rev: number; readonly noComputers?: true; readonly locale?: Locale },
  full: boolean,
  levels: readonly ComputerLevel[] = [],
): ButtonBuilder[] {
  if (rec.noComputers) return [];
  const button = (level: ComputerLevel, label: string) =>
    new ButtonBuilder()
      .setCustomId(encodeId("addbot", rec.rev, level))
      .setLabel(sayAt(rec, label))
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(full);
  return [button("normal", "table.btn_addbot"), ...(levels.includes("expert") ? [button("expert", "table.btn_addbot_expert")] : [])];
}

/**
 * The scores of a table closed with `end`, in words: "Scores as they stand: Ada 12 · Ben 30
 * (lowest wins)." `totals[i]` is seat i's total so far; `rule` says which way it counts.
 */
export function scoresAsTheyStand(
  seats: readonly { readonly name: string }[],
  totals: readonly number[] | undefined,
  rule: "lowest wins" | "highest wins",
  locale: Locale = "en",
): string {
  if (!totals) return "";
  const list = seats.map((s, i) => `${s.name} ${totals[i] ?? 0}`).join(" · ");
  return t(locale, "table.scores_stand", { rule: t(locale, rule === "lowest wins" ? "table.lowest_wins" : "table.highest_wins"), list });
}
