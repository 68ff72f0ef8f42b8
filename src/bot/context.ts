/** What every command and component handler receives. */
import type { SettingsBook } from "./settings.ts";
import type { GameRecords } from "./game-records.ts";
import type { BaseMessageOptions, MessageComponentInteraction } from "discord.js";
import type { Viewer } from "./words.ts";
import type { GameId } from "../games/catalogue.ts";
import type { Locale } from "../i18n/index.ts";
import type { GameCatalogue } from "../games/catalogue.ts";
import type { Command, ComponentHandler } from "./router.ts";
import type { ComponentId } from "./customid.ts";
import type { RatingService } from "./ratings.ts";
import type { Logger } from "./logger.ts";
import type { TournamentService } from "./tournaments.ts";
import type { QueueService } from "./queue.ts";
import type { SeasonBook } from "./seasons.ts";
import type { Leaderboards } from "./leaderboards.ts";
import type { AnyTable, AnyTables, TablesOf } from "./tables.ts";
import type { Coalescer } from "./coalesce.ts";
import type { TableSurface } from "../surfaces/surface.ts";

/** What every command and component handler receives. A game's table service: `service(id)`. */
export interface BotContext {
  /** Every table game's service, by game id (the games of `catalogue`). */
  readonly games: ReadonlyMap<string, AnyTables>;
  /** The games this bot runs: rules, computer play, rated games (`src/games/catalogue.ts`). */
  readonly catalogue: GameCatalogue;
  /** Best games per guild and deal of one-player games (a daily deal's). */
  readonly leaderboards: Leaderboards;
  /** Ratings per server and game (updated when a game between people ends). */
  readonly ratings: RatingService;
  /** Community tournaments. */
  readonly tournaments: TournamentService;
  /** Each server's queue of people waiting for a game (`/queue`). */
  readonly queue: QueueService;
  /** Each server's seasons over its tournaments (`/season`). */
  readonly seasons: SeasonBook;
  /** Records of finished games, per server and player (`/history`). */
  readonly records: GameRecords;
  /** Each server's own settings (`/settings`): allowed channels, default clocks, house variants, computers. */
  readonly settings: SettingsBook;
  readonly log: Logger;
  /**
   * Called after a reply that may have handed the turn to a computer player; the host
   * (src/app.ts) schedules its move. Never awaited by handlers.
   */
  readonly afterReply: (channelId: string) => void;
  /**
   * The surface a table or an interaction is on (src/surfaces/surface.ts `surfaceOf`: a server's
   * channel or the answer chain of DMs and group DMs), with what the move flow asks of it.
   */
  readonly surface: (x: { readonly guildId: string | null }) => TableSurface;
  /** Discord's clock, ms: what interaction tokens' 15 minutes are counted on (src/bot/panels.ts). */
  readonly discordNow: () => number;
  /**
   * Posts a public message in a channel; when Discord refuses, the channel's current table is
   * posted again later (`Publisher`). Never throws.
   */
  readonly post: (channelId: string, payload: BaseMessageOptions) => Promise<void>;
  /** Paces edits of fast-changing messages (real-time tables, private panels) to Discord's rate limits. */
  readonly coalescer: Coalescer;
  /** The table service of game `id`, with its own types. */
  service<G extends GameId>(id: G): TablesOf<G>;
  /** Every table game as the bot shows it (each game module's `views`, commands/<game>/module.ts), in the order `/…new` lists them. */
  readonly tableGames: readonly TableGameView[];
}

/** One table game as the bot shows it. */
export interface TableGameView {
  /** The game id (= its table service's id and its `src/games` entry). */
  readonly id: string;
  /** What a table of it is called in logs and notes, e.g. "Race table". */
  readonly what: string;
  /** The slash command that opens it. */
  readonly command: string;
  /** Its table service in the bot context. */
  tables(ctx: BotContext): AnyTables;
  /** The public table message, with `note` above it. */
  payload(rec: AnyTable, note?: string): Promise<BaseMessageOptions>;
  /**
   * What the latest move (from `before` to `after`) did, in words; with `reader` (a user id), that
   * player's own moves in the second person (their private receipt).
   */
  moveNote(before: AnyTable | undefined, after: AnyTable, reader?: string): string;
  /** A message of its own posted before the new table (a round's result with the scores so far); none: undefined. */
  interlude?(before: AnyTable | undefined, after: AnyTable): BaseMessageOptions | undefined;
  /** Component verbs of its own messages, handled by `component`. */
  readonly verbs?: ReadonlySet<string>;
  /** Its components (its `verbs`, claimed at the front door, commands/components.ts), and the lobby's (join, leave, start, addbot) while it holds the channel. */
  component?(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void>;
  /**
   * Told of every table of this game that finished by its rules (after it was saved, outside
   * its lock; never awaited by the move): leaderboards, announcements elsewhere. Errors are logged.
   */
  finished?(ctx: BotContext, rec: AnyTable): Promise<void>;
  /**
   * The scores as they stand, in words, for a running table closed with `end` (e.g. "Scores as
   * they stand: Ada 12 · Ben 30 (lowest wins)."); absent or "": the closing message names none.
   */
  standing?(rec: AnyTable): string;
  /**
   * Ending a running table of this game is this move by its player (a one-player game's resign), scored
   * like any finish, rather than closing the table unscored. Absent: the table is closed.
   */
  resign?(rec: AnyTable): unknown;
  /** With `resign`: the question that confirms it and its button, in `locale` (absent: the words of ending a table). */
  resignWords?(locale: Locale): { readonly question: string; readonly button: string };
  /** One-player games: how a player opens a game of deal `seed` themselves, in `locale`'s words (a command to type). */
  seedHint?(seed: string, locale: Locale): string;
  /**
   * One-player games: opens a game of deal `seed` for `owner` in a new thread of `channelId`
   * (with `note` above its table) and returns the thread's id; a tournament challenge's **Play
   * the deal** uses it. Throws a `UserError` where the channel cannot hold it.
   */
  openAlone?(
    ctx: BotContext,
    interaction: MessageComponentInteraction,
    channelId: string,
    owner: { readonly id: string; readonly name: string },
    seed: string,
    note: string,
  ): Promise<string>;
  /**
   * Reads a record stored by an earlier version of this game's bot side into today's table
   * shape (migrate on read); today's records come back unchanged; undefined: unusable.
   */
  upgrade?(raw: unknown): AnyTable | undefined;
  /**
   * Real-time games: shows what the table's own steps did (`before` to `after`), editing or
   * posting as the game sees fit; returns further messages to post (usually none).
   */
  timed?(ctx: BotContext, before: AnyTable, after: AnyTable): Promise<BaseMessageOptions[]>;
  /**
   * Its players' private panels, refreshed by the host after every change of a table (src/bot/panels.ts);
   * absent: the game refreshes its own (a real-time game, at its pace) or its panels are not live.
   */
  readonly panels?: PanelKind;
  /**
   * The animated picture (GIF bytes) of a recorded game's positions, one frame each, drawn by
   * the game's own table picture (commands/replay-animation.ts `animateWith`). Absent: the
   * game's replays have no animation (its step-through still works).
   */
  animate?(frames: readonly ReplayFrame[]): Promise<Buffer>;
  /**
   * Every seat's hidden cards at a position, in words (one line a seat): a finished game's
   * replay shows them on request ("Show hands"). Absent: the game hides nothing worth showing.
   */
  hands?(rec: AnyTable): string;
  /**
   * The round (or hand of play) a position belongs to, in words ("Round 3: 2 runs"): a replay's
   * menu jumps between them. Absent or undefined: the game has no rounds (the menu jumps by moves).
   */
  roundOf?(rec: AnyTable): string | undefined;
  /**
   * Its live table (the app's Activity, src/surfaces/live-table/hub.ts): each seat's pictures with their
   * hit maps, and how a move clicked there is made. Absent: the game has no live table.
   */
  readonly live?: LiveKind;
}

/** One frame of a replay's animation: a position of the game as a table, the time it is drawn at (ms) and how long it stays (ms). */
export interface ReplayFrame<R extends AnyTable = AnyTable> {
  readonly table: R;
  readonly at: number;
  readonly delay: number;
}

/**
 * The games a bot runs, both sides: the catalogue (rules, computer play, rated games), each
 * table game's bot side, the slash commands (its own and the ones spanning games: ratings,
 * tournaments, built for the catalogue's rated games) and the component handler. The real set
 * is built from `GAMES` in commands/index.ts; a test build lists a fixture game after them (`gameSet`), and
 * `startBot` runs whichever set it is given without naming a game.
 */
export interface GameSet {
  readonly catalogue: GameCatalogue;
  readonly views: readonly TableGameView[];
  readonly commands: readonly Command<BotContext>[];
  readonly components: ComponentHandler<BotContext>;
}

/** A clickable rectangle of a picture, in its px (top-left origin). */
export interface LiveHit<M = unknown> {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** What is there, in words (the button's accessible name and tooltip). */
  readonly label: string;
  /** A click selects this key (the page outlines the rectangle); it makes no move by itself. */
  readonly select?: string;
  /** Clickable (and outlined as a target) only while this key is selected. */
  readonly when?: string;
  /** A good click (a piece that fits, where the chat panel's button is green): the page outlines it. */
  readonly good?: boolean;
  /** The moves a click here means: one is made at once; several are offered by label. */
  readonly moves?: readonly { readonly label: string; readonly move: M }[];
}

/** A picture of the live table (PNG bytes) and its hit map. */
export interface LivePicture<M = unknown> {
  readonly png: Buffer;
  readonly hits: readonly LiveHit<M>[];
}

/** What one seat (or a spectator: `seat` null) sees of a table and may do, as a game draws it. */
export interface LiveDraft<M = unknown> {
  /** One line over the pictures: whose turn, what to do. */
  readonly line: string;
  /** The seat's hit map on the public table picture (`LiveKind.picture`). */
  readonly tableHits: readonly LiveHit<M>[];
  /** The seat's own hand (or board) picture; null for a spectator. */
  readonly hand: LivePicture<M> | null;
  /** Moves not tied to a place on a picture (Pass; Go down, with its ways). */
  readonly buttons: readonly LiveButton<M>[];
}

/** A move not tied to a place on a picture: one move made at once, or several offered by label (each way of going down). */
export type LiveButton<M = unknown> =
  | { readonly label: string; readonly move: M }
  | { readonly label: string; readonly moves: readonly { readonly label: string; readonly move: M }[] };

/**
 * A game's live table: how its tables are drawn for one seat, and how a move chosen there is
 * made. Every game module that has one sets it on its `TableGameView` (`live`).
 */
export interface LiveKind<R extends AnyTable = AnyTable, M = unknown> {
  /** The public table picture (PNG bytes), the chat table's, the same for every page (drawn once a revision); null: none yet (a lobby). */
  picture(rec: R): Promise<Buffer | null>;
  /** What `seat` (null: a spectator) sees at `rec` and may click, in `locale`. Must not reveal another seat's hidden cards. */
  draft(rec: R, seat: number | null, locale: Locale): Promise<LiveDraft<M>>;
  /**
   * The table moves on without the seat (a race; buys made out of turn), so a move offered by one
   * of the last frames a socket was sent is made on the table as it is now (the game refuses what
   * no longer holds); otherwise only a move of the latest frame, on the table still at its revision.
   */
  readonly realtime?: boolean;
  /**
   * Makes `move` for `userId` at the channel's table, offered at revision `rev`, through the
   * game's move flow (src/bot/flow.ts `playOutside`, or its real-time race). Throws the refusal
   * (`UserError`).
   */
  apply(ctx: BotContext, channelId: string, userId: string, move: M, rev: number): Promise<void>;
}

/** What a game's panels are: their key, how to draw one, and their words when replaced or stopped. */
export interface PanelKind {
  /** Keys the game's panels apart from other games' (the game's id). */
  readonly key: string;
  /** How long a player's last action stays on the panel through refreshes, ms. */
  readonly noteMs: number;
  /** The panel of `viewer` at this channel's table now; null: they have no panel here any more (forgotten). */
  draw(
    ctx: BotContext,
    channelId: string,
    viewer: Viewer,
    note?: string,
  ): Promise<(BaseMessageOptions & { readonly final?: boolean }) | null>;
  /** The line an older panel becomes when a newer one opens below. */
  newer(viewer: Viewer): string;
  /** The line a panel becomes when it is no longer kept up to date. */
  stopped(viewer: Viewer): string;
}
