/**
 * The bot side of the one list of table games (`src/games/index.ts` holds their rules): for
 * each, how its table reads in a channel (the public message, what a move did) and which
 * table service of the bot context holds it. The host (src/app.ts) builds resume, computer
 * players and clocks from this list without naming a game.
 */
import { MessageFlags, type BaseMessageOptions, type ChatInputCommandInteraction, type MessageComponentInteraction } from "discord.js";
import { refuse } from "../src/bot/words";
import { respond } from "../src/bot/reply";
import { quiet } from "../src/bot/live";
import { UserError } from "../src/bot/errors";
import type { Seat } from "../src/bot/tables";
import type { ComponentId } from "../src/bot/customid";
import { seatOf } from "./onexeno";
import type { BotContext } from "../src/bot/context";
import type { AnyTable, AnyTables } from "../src/bot/tables";
import type { CanastaTable, TableRecord } from "../src/bot/tables";
import { backNote, CANASTA_VERBS, canastaComponent, canastaPayload, moveNote as canastaMoveNote } from "./canasta";
import { askToEnd, kickHere, moveNote as onexenoMoveNote, rulesFrom } from "./onexeno";
import { tablePayload } from "./onexeno-view";
import { ONZE_VERBS, onzeComponent, onzeMoveNote, onzePayload, type OnzeTable } from "./onze";
import { CARDENO_VERBS, cardenoComponent, cardenoMoveNote, cardenoPayload, cardenoTimed, type CardenoTable } from "./cardeno";

/** One table game as the bot shows it. */
export interface TableGameView {
  /** The game id (= its table service's id and its `src/games` entry). */
  readonly id: string;
  /** What a table of it is called in logs and notes, e.g. "ONEXENO table". */
  readonly what: string;
  /** The slash command that opens it. */
  readonly command: string;
  /** Its table service in the bot context. */
  tables(ctx: BotContext): AnyTables;
  /** The public table message, with `note` above it. */
  payload(rec: AnyTable, note?: string): Promise<BaseMessageOptions>;
  /** What the latest move (from `before` to `after`) did, in words. */
  moveNote(before: AnyTable, after: AnyTable): string;
  /** Component verbs of its own messages, handled by `component`. */
  readonly verbs?: ReadonlySet<string>;
  /** Its components, and the lobby's (join, leave, start, addbot) while it holds the channel. Absent: the ONEXENO handler. */
  component?(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void>;
  /**
   * Real-time games: shows what the table's own steps did (`before` to `after`), editing or
   * posting as the game sees fit; returns further messages to post (usually none).
   */
  timed?(ctx: BotContext, before: AnyTable, after: AnyTable): Promise<BaseMessageOptions[]>;
}

export const TABLE_GAMES: readonly TableGameView[] = [
  {
    id: "onexeno", what: "ONEXENO table", command: "onexeno",
    tables: (ctx) => ctx.games.get("onexeno") as AnyTables,
    payload: (rec, note) => tablePayload(rec as TableRecord, note),
    moveNote: (before, after) => onexenoMoveNote(before as TableRecord, after as TableRecord),
  },
  {
    id: "canasta", what: "canasta table", command: "onexeno",
    tables: (ctx) => ctx.games.get("canasta") as AnyTables,
    payload: (rec, note) => canastaPayload(rec as CanastaTable, note),
    moveNote: (before, after) => canastaMoveNote(before as CanastaTable, after as CanastaTable),
    verbs: CANASTA_VERBS,
    component: canastaComponent,
  },
  {
    id: "onze", what: "Onze table", command: "onze",
    tables: (ctx) => ctx.games.get("onze") as AnyTables,
    payload: (rec, note) => onzePayload(rec as unknown as OnzeTable, note),
    moveNote: (before, after) => onzeMoveNote(before as unknown as OnzeTable, after as unknown as OnzeTable),
    verbs: ONZE_VERBS,
    component: onzeComponent,
  },
  {
    id: "cardeno", what: "Cardeno table", command: "cardeno",
    tables: (ctx) => ctx.games.get("cardeno") as AnyTables,
    payload: (rec, note) => cardenoPayload(rec as unknown as CardenoTable, note),
    moveNote: (before, after) => cardenoMoveNote(before as unknown as CardenoTable, after as unknown as CardenoTable),
    verbs: CARDENO_VERBS,
    component: cardenoComponent,
    timed: (ctx, before, after) => cardenoTimed(ctx, before as unknown as CardenoTable, after as unknown as CardenoTable),
  },
];

/** The table game holding a running (or finished) table in this channel, with that table. */
export async function tableHere(ctx: BotContext, channelId: string): Promise<{ game: TableGameView; rec: AnyTable } | null> {
  for (const game of TABLE_GAMES) {
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

/** The game whose component verb this is (its own messages), if any. */
export const gameOfVerb = (verb: string): TableGameView | undefined => TABLE_GAMES.find((g) => g.verbs?.has(verb));

/** The most recently finished table in this channel (for Play again / New table), with its game. */
export async function finishedHere(ctx: BotContext, channelId: string): Promise<{ game: TableGameView; rec: AnyTable } | null> {
  let best: { game: TableGameView; rec: AnyTable } | null = null;
  for (const game of TABLE_GAMES) {
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
export async function sharedSubcommand(interaction: ChatInputCommandInteraction, ctx: BotContext, command: string, sub: string, rules: string): Promise<boolean> {
  if (!["rules", "new", "end", "kick"].includes(sub)) {
    const here = await tableHere(ctx, interaction.channelId);
    if (here && here.game.command !== command) throw refuse("table/other_game", { what: here.game.what.replace(/ table$/, ""), command: here.game.command });
  }
  switch (sub) {
    case "rules":
      await interaction.reply({ embeds: [rulesFrom(rules)], flags: MessageFlags.Ephemeral });
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
  /** The computer levels `bot add` takes. */
  readonly levels: readonly string[];
}

/**
 * The lobby subcommands every table game shares, for person `me`: `join`, `leave` (mid-game a
 * computer takes the seat), `start`, `bot add [level]`, `bot remove`, and `table` (shown again,
 * without pinging). True when handled.
 */
export async function lobbySubcommand(interaction: ChatInputCommandInteraction, ctx: BotContext, g: LobbyGame, sub: string, me: Seat): Promise<boolean> {
  const ch = interaction.channelId;
  const service = g.service;
  switch (sub) {
    case "join":
      await respond(interaction, "reply", false, async () => g.payload(await service.join(ch, me), `${me.name} joined.`));
      return true;
    case "leave":
      await respond(interaction, "reply", false, async () => {
        const rec = await service.leave(ch, me.userId);
        return rec ? g.payload(rec, rec.status === "playing" ? `${me.name} left; a computer plays their seat from now on.` : `${me.name} left.`) : { content: "The last player left; the table is closed.", components: [], embeds: [], files: [] };
      });
      ctx.afterReply(ch);
      return true;
    case "start":
      await respond(interaction, "reply", false, async () => {
        const rec = await service.start(ch, me.userId);
        return g.payload(rec, g.started(rec));
      });
      ctx.afterReply(ch);
      return true;
    case "bot add": {
      const level = interaction.options.getString("level") ?? "normal";
      if (!g.levels.includes(level)) throw new UserError("input/bad_level", `Choose ${g.levels.join(" or ")}.`);
      await respond(interaction, "reply", false, async () => g.payload(await service.addComputer(ch, me.userId, level as "normal"), `A computer player (${level}) sits down.`));
      return true;
    }
    case "bot remove":
      await respond(interaction, "reply", false, async () => g.payload(await service.removeComputer(ch, me.userId), "A computer player left."));
      return true;
    case "table":
      await respond(interaction, "reply", false, async () => {
        const rec = await service.get(ch);
        if (!rec) throw refuse("table/none", { command: g.command });
        return quiet(await g.payload(rec));
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
export async function lobbyComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext, g: LobbyGame): Promise<boolean> {
  const ch = interaction.channelId;
  const me = seatOf(interaction);
  switch (id.verb) {
    case "join":
      await respond(interaction, "reply", false, async () => g.payload(await g.service.join(ch, me, id.rev), `${me.name} joined.`));
      return true;
    case "leave":
      await respond(interaction, "reply", false, async () => {
        const r = await g.service.leave(ch, me.userId, id.rev);
        return r ? g.payload(r, `${me.name} left.`) : { content: "The last player left; the table is closed.", components: [], embeds: [], files: [] };
      });
      return true;
    case "start":
      await respond(interaction, "reply", false, async () => {
        const r = await g.service.start(ch, me.userId, id.rev);
        return g.payload(r, g.started(r));
      });
      ctx.afterReply(ch);
      return true;
    case "addbot": {
      const level = id.args[0] === "easy" ? "easy" : "normal";
      await respond(interaction, "reply", false, async () => g.payload(await g.service.addComputer(ch, me.userId, level, id.rev), `A computer player (${level}) sits down.`));
      return true;
    }
    default:
      return false;
  }
}
