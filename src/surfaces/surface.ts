/**
 * Where a table is shown (issue 64): what the bot's move flow and its answers ask of a surface,
 * each surface answering for itself. Which surface a table or an interaction is on is decided in
 * src/surfaces/traits.ts (`surfaceOf`). The surfaces: a server's channel (src/surfaces/channel/),
 * the answer chain of DMs and group DMs (src/surfaces/answers/), the live table
 * (src/surfaces/live-table/, beside either); their buttons in src/surfaces/buttons.ts.
 */
import type { BaseMessageOptions, ChatInputCommandInteraction, MessageComponentInteraction } from "discord.js";
import type { AnyTable } from "../bot/tables.ts";
import { surfaceOf, type Surface } from "./traits.ts";

/**
 * After this long (ms from an answer's or panel's opening) its token is taken as spent and its
 * message is not touched again: Discord refuses an edit past 15 minutes (401/50027), and a refusal counts
 * towards the ban of an address that makes too many. The last half minute is a margin for
 * clock skew and the edit's own trip.
 */
export const TOKEN_SPENT_MS = 15 * 60_000 - 30_000;

/** An interaction a surface answers: a slash command or a component click. */
export type Answerable = ChatInputCommandInteraction | MessageComponentInteraction;

/** Posts a public message in a channel (not as an interaction answer). */
export type ChannelPoster = (channelId: string, payload: BaseMessageOptions) => Promise<void>;

/** What a surface needs of a game to draw its table: the table message and the words of a move. */
export interface TableDrawer {
  /** The table message of `rec`, `note` said above it. */
  payload(rec: AnyTable, note?: string): Promise<BaseMessageOptions>;
  /** A round's or hand's result between two tables, when `after` ends one. */
  interlude?(before: AnyTable, after: AnyTable): BaseMessageOptions | undefined;
}

/** A move made without an interaction (a click on the live table), as a surface shows it. */
export interface OutsideMove {
  readonly before: AnyTable;
  readonly after: AnyTable;
  /** What the move did, in the table's words (a round's result, the move's note). */
  readonly lines: readonly (string | undefined)[];
  /** The table as it stands now (read again when a delayed showing comes due). */
  current(): Promise<AnyTable | undefined>;
  /** Shows the table from `from` to `now` where its chat is (interlude, then the table with its note). */
  show(from: AnyTable, now: AnyTable): Promise<void>;
}

/**
 * What the move flow asks of the surface a table is shown on (issue 64): a server's channel
 * (src/surfaces/channel/surface.ts: it posts and edits its table messages, its computers move by
 * themselves) or the answer chain of DMs and group DMs reached by a user install
 * (src/surfaces/answers/chains.ts `PrivateTables`: every message answers a click, nothing there
 * moves by itself).
 */
export interface TableSurface {
  readonly kind: Surface;
  /**
   * Handles `interaction` with `handle` (the router's own handling), doing around it what the
   * surface needs: the answer chain catches its clocks up before and shows the table as it
   * stands after; a channel just handles it. Never throws.
   */
  around(interaction: Answerable, handle: () => Promise<void>): Promise<void>;
  /**
   * Notes a public answer `respond` is sending (`sending`: the message id once sent): a channel
   * takes a table in it as its live table message; the answer chain notes the table it shows and
   * tidies the older one. Called before the answer is awaited; never throws.
   */
  answered(interaction: Answerable, sending: Promise<string | undefined>, payload: BaseMessageOptions): void;
  /**
   * Shows `payload` (a public table) after `interaction` was answered privately: a channel as a
   * follow-up, else as a channel message through `post`; the answer chain as a counted follow-up
   * or nothing. Throws only when the channel's two ways both fail.
   */
  publish(interaction: Answerable, payload: BaseMessageOptions, post: ChannelPoster): Promise<void>;
  /**
   * The table after a move by `interaction`, when this surface shows it inside the answer (the
   * answer chain, where nothing may be posted later): the computers due moved, and said first
   * what no table there said yet, then `lines`, then the computers' moves. Null where the
   * surface shows moves by its own messages (a channel).
   */
  tableInAnswer(
    interaction: Answerable,
    game: TableDrawer,
    rec: AnyTable,
    lines: readonly (string | undefined)[],
  ): Promise<BaseMessageOptions | null>;
  /**
   * The lines of what happened at the table before `interaction` that no table shown there said
   * yet (the answer chain: a claimed clock, a move on the live table); said once by the table
   * that shows them. A channel's own messages said them: none.
   */
  untold(interaction: Answerable): readonly string[];
  /**
   * Shows a move made without an interaction (the live table): a channel posts the table within
   * its message budget, moves made meanwhile shown together; the answer chain plays its
   * computers now and keeps the lines for the next table shown there.
   */
  movedOutside(channelId: string, move: OutsideMove): Promise<void>;
  /**
   * Resolves once `writes` more messages or edits of the bot's own may go to `channelId` (a
   * channel: its message budget, 5 in any 5 s, Discord's bucket for a channel's messages; the
   * answer chain: at once, its follow-ups being counted by the chain itself).
   */
  room(channelId: string, writes?: number): Promise<void>;
  /** Edits the table message shown there in place (a channel's live table message); false when it cannot: show a new one then. */
  editTable(channelId: string, payload: BaseMessageOptions): Promise<boolean>;
}

/** The bot's surface for an interaction or a table (`BotContext.surface`): the one of `surfaces` that `surfaceOf` names. */
export function pickSurface(surfaces: Readonly<Record<Surface, TableSurface>>): (x: { readonly guildId?: string | null }) => TableSurface {
  return (x) => surfaces[surfaceOf(x)];
}

const bots = new WeakMap<object, (x: { readonly guildId: string | null }) => TableSurface>();

/** Makes `pick` the way `surfaceAt(client, …)` finds a running bot's surfaces (set once at start-up). */
export function attachSurfaces(client: object, pick: (x: { readonly guildId: string | null }) => TableSurface): void {
  bots.set(client, pick);
}

/**
 * The surface that interaction `x` is on, for code that has the interaction but not the bot's
 * context (`respond`, `publish`); undefined for a client no bot attached (a test's bare client).
 */
export function surfaceAt(client: object, x: { readonly guildId: string | null }): TableSurface | undefined {
  return bots.get(client)?.(x);
}
