/**
 * Per-channel tables: the lobby, the running game and its move log, persisted after every
 * accepted change (before any reply) and guarded by a per-channel lock.
 *
 * A channel (or thread) holds at most one table. Every accepted change bumps `rev`, the
 * number components carry in their customIds; a component drawn for another `rev` is stale.
 * The service is the thin part: lock, store, listeners, ordering of real-time moves and the
 * one-table-per-channel index. What each change does to a table is pure, in
 * src/bot/table-transitions.ts; the record's shape is src/bot/table-record.ts.
 */
import { randomBytes } from "node:crypto";
import type { ComputerLevel, GameDefinition, VersionedState } from "../engine/definition.ts";
import type { ThoughtJob } from "../engine/thinking.ts";
import type { GameId, GameTypes } from "../games/catalogue.ts";
import type { RecordStore } from "../store/store.ts";
import type { ChannelIndex } from "./channels.ts";
import type { ClockSetting } from "./clock.ts";
import type { Locale } from "../i18n/index.ts";
import { UserError } from "./errors.ts";
import { KeyedLock } from "./lock.ts";
import { Sequencer } from "./sequencer.ts";
import type { ClockEvent, GameTable, Seat } from "./table-record.ts";
import type { SeatPlay } from "../games/catalogue.ts";
import { TableTransitions, type Thought } from "./table-transitions.ts";
import { refuse } from "./words.ts";
import { ACTED_KEPT, actingIn } from "./acting.ts";

export type { AnyTable, ClockEvent, GameTable, Seat, TableOf } from "./table-record.ts";

/** Host-side inputs the service needs (injected so tests control time and seeds). */
export interface TableServiceOptions {
  readonly now?: () => number;
  /** A new deal's secret seed (default `secretSeed`: 128 random bits); tests inject known ones. */
  readonly newSeed?: () => string;
  /**
   * Real-time games: how long an action may take to reach the bot and still be ordered by its
   * time (ms, default `ORDER_WINDOW_MS`; see src/bot/sequencer.ts).
   */
  readonly orderWindowMs?: number;
  /**
   * How many ms of `now` pass per ms of real time (default 1). Tests play real-time tables on a
   * faster clock; timers are shortened by this factor.
   */
  readonly clockRate?: number;
  /** How long a computer to move waits for people who may act out of turn (ms, default `HOLD_MS`; see `SeatPlay.waitsFor`). */
  readonly holdMs?: number;
  /** One table per channel across every game (src/bot/channels.ts): opening a table claims the channel there. */
  readonly channels?: ChannelIndex;
  /** Refuses (throws a `UserError`) when a guild does not let computer players be seated (`/settings`). */
  readonly mayAddComputer?: (guildId: string | null) => Promise<void>;
  /** The level of a computer playing for a person who left or is away at a new table of a guild (`/settings takeover`); absent: normal. */
  readonly takeoverFor?: (guildId: string | null) => Promise<ComputerLevel>;
  /** The language a new table of a guild speaks in public (`/settings language`, else the guild's); absent: English. */
  readonly localeFor?: (guildId: string | null) => Promise<Locale>;
  /** A person's own choices that come with them to every seat they take (`SettingsBook.player`). */
  readonly seatPrefs?: (userId: string) => Promise<{ readonly noHold?: boolean }>;
  /**
   * Runs a computer's search off the event loop and resolves to its move (the bot: the picture
   * threads, render/pool.ts `runThought`); absent: a search is made inline, under the channel's lock.
   */
  readonly think?: (job: ThoughtJob) => Promise<unknown>;
}

/**
 * Default order window of real-time games, ms: interactions normally reach a bot within 100 to
 * 200 ms of Discord stamping them; the table's own steps run this much late as well, so every
 * action is applied in the order it was made.
 */
export const ORDER_WINDOW_MS = 250;

/**
 * A new deal's secret: 128 bits from the operating system's CSPRNG (`crypto.randomBytes`), as 32
 * hex digits. Never derived from an id, a name or a time, so nobody can compute it before the
 * game ends and its record publishes it (docs/game-record.md, "Verifying a deal").
 */
export function secretSeed(): string {
  return randomBytes(16).toString("hex");
}

/**
 * Default hold of a computer's move while people may act out of turn, ms: long enough to read
 * the table and click (a **Buy** button: a person needs 2 to 5 s), short enough not to stall.
 */
export const HOLD_MS = 8000;

/**
 * Called after every save of a table with the next moment its clock needs the host (ms since
 * the epoch, or null) and the table's guild (null in a DM).
 */
export type WakeListener = (channelId: string, wakeAt: number | null, guildId: string | null) => void;

/** The table service of game `G`, with its own types (from the games list). */
export type TablesOf<G extends GameId> = TableService<
  G,
  GameTypes<G>["config"],
  GameTypes<G>["state"],
  GameTypes<G>["move"],
  GameTypes<G>["view"]
>;

/**
 * Told of a table that finished by its rules. Declared through a method signature so that a
 * service of one game is usable as a service of any game (`AnyTables`): TypeScript compares
 * method parameters both ways, and the host only ever hands a listener tables of its own game.
 */
type FinishListener<R> = { bivarianceHack(rec: R, how: "rules" | "end"): void }["bivarianceHack"];

/**
 * Tables of one game, generic over its definition: lobby (seats, host, computer players when
 * the game has them), start, moves through `applyAction`, end; turn clocks, away
 * seats and the computer moves of seats it plays (`autoMove`, `tick`).
 */
export class TableService<G extends string, C, S extends VersionedState, M, V> {
  private readonly lock = new KeyedLock();
  private readonly now: () => number;
  private readonly newSeed: () => string;
  private readonly listeners: WakeListener[] = [];
  private readonly finished: { readonly tell: FinishListener<GameTable<G, C, S, M>>; readonly closed: boolean }[] = [];
  private readonly sequencer: Sequencer;
  private readonly channelIndex: ChannelIndex | null;
  private readonly mayAddComputer: TableServiceOptions["mayAddComputer"];
  private readonly localeFor: TableServiceOptions["localeFor"];
  private readonly takeoverFor: TableServiceOptions["takeoverFor"];
  private readonly seatPrefs: TableServiceOptions["seatPrefs"];
  private readonly think: TableServiceOptions["think"];
  /** What each change does to a table (pure). */
  private readonly rules: TableTransitions<G, C, S, M, V>;

  constructor(
    private readonly store: RecordStore<GameTable<G, C, S, M>>,
    private readonly def: GameDefinition<S, M, V, C> & { readonly id: G },
    opts: TableServiceOptions = {},
    /** Computer players and clock moves of this game; without them no computer may sit and clocks only warn. */
    private readonly seatPlay: SeatPlay<S, M> | null = null,
  ) {
    this.now = opts.now ?? Date.now;
    this.newSeed = opts.newSeed ?? secretSeed;
    this.rules = new TableTransitions(def, seatPlay, this.now, opts.holdMs ?? HOLD_MS);
    this.channelIndex = opts.channels ?? null;
    this.mayAddComputer = opts.mayAddComputer;
    this.localeFor = opts.localeFor;
    this.takeoverFor = opts.takeoverFor;
    this.seatPrefs = opts.seatPrefs;
    this.think = opts.think;
    this.channelIndex?.register({ game: def.id, holds: async (channelId) => ((await store.get(channelId))?.status ?? "over") !== "over" });
    const window = opts.orderWindowMs ?? ORDER_WINDOW_MS;
    this.sequencer = new Sequencer(window, this.now, Math.max(1000, window));
  }

  /** The computer levels this game seats, weakest first (`SeatPlay.levels`; none without computer players). */
  get levels(): readonly ComputerLevel[] {
    return this.rules.offered;
  }

  /** Real-time moves held for ordering right now (tests, metrics). */
  get held(): number {
    return this.sequencer.waiting;
  }

  /** Whether this game is played in real time (actions timed by the host, no turns). */
  get realtime(): boolean {
    return !!this.seatPlay?.realtime;
  }

  /** The game id of this service's tables. */
  get id(): G {
    return this.def.id;
  }

  /**
   * A move of a real-time game, made by `userId` at `at` (ms: the interaction's timestamp) with
   * order key `order` (its snowflake): held and applied in the order moves were made (see
   * src/bot/sequencer.ts), after every table step and computer move due before it. Returns the
   * table before and after, or throws the refusal (`UserError`); the steps due before a refused
   * move are saved all the same. `holdMs`: how long the move waits for moves made before it
   * still on their way (default the order window; 0 for a move from the live table, which
   * reaches the bot as it is made).
   */
  async race(
    channelId: string,
    userId: string,
    move: M,
    at: number,
    order: bigint,
    holdMs?: number,
  ): Promise<{ readonly before: GameTable<G, C, S, M>; readonly after: GameTable<G, C, S, M> }> {
    return this.sequencer.run(
      channelId,
      at,
      order,
      async () => {
        let before: GameTable<G, C, S, M> | undefined;
        let refused: UserError | null = null;
        const after = await this.update(channelId, (r) => {
          const rec = this.must(r);
          const raced = this.rules.raced(rec, userId, move, at);
          if (raced.refused) refused = UserError.from(raced.refused);
          else before = rec;
          return raced.after;
        });
        if (refused) throw refused;
        return { before: before as GameTable<G, C, S, M>, after: after as GameTable<G, C, S, M> };
      },
      holdMs,
    );
  }

  /** Registers a listener told after every save when the table's clock next needs the host. */
  onWake(listener: WakeListener): void {
    this.listeners.push(listener);
  }

  /**
   * Registers a listener told once when a game ends by its rules (the save that turns a table
   * `over`; with `closed`, also a running table closed with `/… end`, told `end` with the table
   * as it was), with the finished table. Called under the channel's lock, after the save; it
   * must not wait on this table.
   */
  onFinish(listener: FinishListener<GameTable<G, C, S, M>>, closed = false): void {
    this.finished.push({ tell: listener, closed });
  }

  /**
   * When the table's clock next needs the host: a lobby's idle expiry, a turn's warning or
   * timeout; null when nothing is due (ms since the epoch).
   */
  wakeAt(rec: GameTable<G, C, S, M> | null | undefined): number | null {
    return this.rules.wakeAt(rec, this.sequencer.windowMs);
  }

  /** Whether the seat to move is played by the computer (a computer player, or away). */
  autoTurn(rec: GameTable<G, C, S, M> | null | undefined): boolean {
    return this.rules.autoTurn(rec);
  }

  /** Whether a seat is played by the computer (a computer player, or a person marked away). */
  static auto(seat: Seat | undefined): boolean {
    return TableTransitions.auto(seat);
  }

  /** The table of a channel, if any (no lock: a snapshot for autocomplete and rendering). */
  async get(channelId: string): Promise<GameTable<G, C, S, M> | undefined> {
    return this.store.get(channelId);
  }

  /**
   * The table of a channel, or the refusal `missing` when there is none: `table/none` (a
   * command: it says how to open one) or `table/gone` (a control of a table no longer here).
   */
  async current(channelId: string, missing: "table/none" | "table/gone" = "table/none"): Promise<GameTable<G, C, S, M>> {
    const rec = await this.store.get(channelId);
    if (!rec) throw refuse(missing);
    return rec;
  }

  /** Channel ids holding a table (to resume after a restart). */
  async channels(): Promise<string[]> {
    return this.store.keys();
  }

  /** Every stored table with its channel id (a full read: metrics, the one-time wake scan). */
  async entries(): Promise<[string, GameTable<G, C, S, M>][]> {
    return this.store.entries();
  }

  /**
   * Runs `fn` on the channel's table under its lock. `fn` returns the new record (saved
   * before this resolves), `null` to delete the table, or `undefined` to change nothing. Inside an
   * interaction (src/bot/acting.ts) the saved table is marked as changed by the interactions in
   * flight in its channel (`acted`).
   */
  async update(
    channelId: string,
    fn: (rec: GameTable<G, C, S, M> | undefined) => GameTable<G, C, S, M> | null | undefined,
  ): Promise<GameTable<G, C, S, M> | null | undefined> {
    return this.lock.run(channelId, async () => {
      const rec = await this.store.get(channelId);
      let next = fn(rec);
      if (next === undefined) return rec;
      if (next === null) await this.store.delete(channelId);
      else {
        if (next.rev !== rec?.rev) next = this.rules.clocked(rec, next);
        const marks = actingIn(channelId).filter((id) => !next?.acted?.includes(id));
        if (marks.length > 0) next = { ...next, acted: [...(next.acted ?? []), ...marks].slice(-ACTED_KEPT) };
        await this.store.set(channelId, next);
      }
      const wake = this.wakeAt(next);
      const guild = next?.guildId ?? rec?.guildId ?? null;
      for (const l of this.listeners) l(channelId, wake, guild);
      // A game ends by its rules, or is closed (`end`: deleted, or kept `over` with `closedBy`).
      const closed = next === null || !!next.closedBy;
      if (rec?.status === "playing" && (next === null || next.status === "over"))
        for (const f of this.finished) if (!closed || f.closed) f.tell(closed || !next ? rec : next, closed ? "end" : "rules");
      return next;
    });
  }

  private must(rec: GameTable<G, C, S, M> | undefined): GameTable<G, C, S, M> {
    if (!rec) throw refuse("table/none");
    return rec;
  }

  /** Runs a transition that always leaves a table on the channel's table (`table/none` without one). */
  private async change(channelId: string, fn: (rec: GameTable<G, C, S, M>) => GameTable<G, C, S, M>): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => fn(this.must(r)))) as GameTable<G, C, S, M>;
  }

  /**
   * Refuses a component drawn for another revision: `table/already_done` when the only change
   * since was this user's own (the second click of a double click), else `table/stale`.
   */
  checkRev(rec: GameTable<G, C, S, M>, rev: number | undefined, userId?: string): void {
    this.rules.checkRev(rec, rev, userId);
  }

  /**
   * Pauses the table in `channelId` for a tournament's organisers (`TableTransitions.paused`);
   * the paused record, or undefined when there was nothing to pause. The caller re-arms its clock.
   */
  async pause(channelId: string): Promise<GameTable<G, C, S, M> | undefined> {
    let done: GameTable<G, C, S, M> | undefined;
    await this.update(channelId, (rec) => (rec ? (done = this.rules.paused(rec)) : undefined));
    return done;
  }

  /** Plays the paused table in `channelId` on (`TableTransitions.unpaused`); undefined when it was not paused. */
  async unpause(channelId: string): Promise<GameTable<G, C, S, M> | undefined> {
    let done: GameTable<G, C, S, M> | undefined;
    await this.update(channelId, (rec) => (rec ? (done = this.rules.unpaused(rec)) : undefined));
    return done;
  }

  /** Most seats a lobby of this configuration takes. */
  maxSeats(config: C): number {
    return this.rules.maxSeats(config);
  }

  /** Seat index of a user at a table, or throws `table/not_seated`. */
  seatOf(rec: { readonly seats: readonly Seat[] }, userId: string): number {
    return this.rules.seatOf(rec, userId);
  }

  /**
   * Opens a lobby; the host takes the first seat (a one-seat game is dealt at once). `seed`: a
   * named deal a person chose or shares (kept as `namedSeed`); null: a new secret (`newSeed`).
   * `clock` is the turn clock (null: none). Refuses (`table/exists`) if a table of this game is
   * running here, or, with a channel index, a table of any other game.
   */
  async open(
    channelId: string,
    guildId: string | null,
    host: Seat,
    config: C,
    seed: string | null = null,
    clock: ClockSetting | null = null,
  ): Promise<GameTable<G, C, S, M>> {
    const deal = seed ?? this.newSeed();
    host = await this.withPrefs(host);
    const locale = await this.localeFor?.(guildId);
    const takeover = await this.takeoverFor?.(guildId);
    const allowed = await this.computersAllowed(guildId);
    const where = { channelId, guildId, locale, takeover, ...(allowed ? {} : { noComputers: true as const }) };
    const openHere = async () =>
      (await this.update(channelId, (prev) => this.rules.opened(prev, where, host, config, deal, clock, seed !== null))) as GameTable<
        G,
        C,
        S,
        M
      >;
    return this.channelIndex ? this.channelIndex.claim(channelId, this.def.id, openHere) : openHere();
  }

  /** Takes a seat in the lobby (see `TableTransitions.joined`), with the person's own choices (`seatPrefs`). */
  async join(channelId: string, player: Seat, rev?: number): Promise<GameTable<G, C, S, M>> {
    const seat = await this.withPrefs(player);
    return this.change(channelId, (rec) => this.rules.joined(rec, seat, rev));
  }

  /** `player` with their own choices (`seatPrefs`); a computer as it is. */
  private async withPrefs(player: Seat): Promise<Seat> {
    if (player.computer || !this.seatPrefs) return player;
    const prefs = await this.seatPrefs(player.userId);
    const { noHold: _was, ...rest } = player;
    return prefs.noHold ? { ...rest, noHold: true } : rest;
  }

  /**
   * A seated person's **Don't wait for me** (`on`) or its undoing: computers stop (or start again)
   * holding their move for them. Refuses `table/not_seated`.
   */
  async setNoHold(channelId: string, userId: string, on: boolean): Promise<GameTable<G, C, S, M>> {
    return this.change(channelId, (rec) => {
      const at = this.rules.seatOf(rec, userId);
      const seats = rec.seats.map((s, i) => {
        if (i !== at) return s;
        const { noHold: _was, ...rest } = s;
        return on ? { ...rest, noHold: true } : rest;
      });
      return { ...rec, seats, rev: rec.rev + 1, lastBy: userId };
    });
  }

  /** Leaves the table (see `TableTransitions.left`); null when the table closed. */
  async leave(channelId: string, userId: string, rev?: number): Promise<GameTable<G, C, S, M> | null> {
    return (await this.update(channelId, (r) => this.rules.left(this.must(r), userId, rev))) as GameTable<G, C, S, M> | null;
  }

  /** The host removes a person (see `TableTransitions.kicked`); null when the table closed. */
  async kick(channelId: string, hostId: string, targetId: string): Promise<GameTable<G, C, S, M> | null> {
    return (await this.update(channelId, (r) => this.rules.kicked(this.must(r), hostId, targetId))) as GameTable<G, C, S, M> | null;
  }

  /**
   * A person marked away takes their seat back (the **I'm back** button, or any action of
   * theirs at the table). Returns the new table, or null when they were not away (nothing changes).
   */
  async back(channelId: string, userId: string): Promise<GameTable<G, C, S, M> | null> {
    let changed: GameTable<G, C, S, M> | null = null;
    await this.update(channelId, (rec) => {
      changed = this.rules.returned(rec, userId) ?? null;
      return changed ?? undefined;
    });
    return changed;
  }

  /**
   * The clock's wake at a table, at the host's time (see `TableTransitions.woken`). Runs under the
   * channel lock and decides from the stored turn clock, so a wake never acts twice for one
   * turn and a restart does not repeat it. Returns what happened, or null when nothing was due.
   */
  async tick(channelId: string): Promise<ClockEvent<GameTable<G, C, S, M>> | null> {
    let event: ClockEvent<GameTable<G, C, S, M>> | null = null;
    await this.update(channelId, (rec) => {
      const woken = rec && this.rules.woken(rec, this.sequencer.windowMs);
      if (!woken) return undefined;
      event = woken.event;
      return woken.next;
    });
    const e = event as ClockEvent<GameTable<G, C, S, M>> | null;
    // The saved record carries the next turn's clock: report that one.
    if (e?.kind === "timeout") return { ...e, rec: (await this.store.get(channelId)) ?? e.rec };
    return e;
  }

  /**
   * Plays one move for the seat the computer plays (see `TableTransitions.computerPlayed`) under the
   * channel lock: the table before and after, or null when no computer move is due.
   */
  async autoMove(channelId: string): Promise<{ readonly before: GameTable<G, C, S, M>; readonly after: GameTable<G, C, S, M> } | null> {
    const thought = await this.thoughtAt(channelId);
    let before: GameTable<G, C, S, M> | null = null;
    const after = await this.update(channelId, (rec) => {
      const next = this.rules.computerPlayed(rec, thought);
      if (next) before = rec ?? null;
      return next;
    });
    return before && after ? { before, after } : null;
  }

  /**
   * The move a search finds for the computer due at the channel's table (`SeatPlay.thought`), run
   * by `think` (the picture threads) before the channel is locked, so that neither the event
   * loop nor the table's other writers wait for it; undefined when the move due is quick (made
   * under the lock), there is no `think`, or the search failed there. The table may change
   * meanwhile: the move is played only at the state version it was found for.
   */
  private async thoughtAt(channelId: string): Promise<Thought<M> | undefined> {
    if (!this.think) return undefined;
    const due = this.rules.thoughtFor(await this.store.get(channelId));
    if (!due) return undefined;
    // A search that failed on its thread (a thread lost) is made again under the lock: a bug in
    // the search itself then throws there, where the computer's move is reported.
    const move = await this.think(due.job).catch(() => undefined);
    return move === undefined ? undefined : { version: due.version, seat: due.seat, move: move as M };
  }

  /** Adds a computer player to the lobby (host only). */
  async addComputer(channelId: string, userId: string, level: ComputerLevel, rev?: number): Promise<GameTable<G, C, S, M>> {
    if (this.mayAddComputer) await this.mayAddComputer((await this.store.get(channelId))?.guildId ?? null);
    return this.change(channelId, (rec) => this.rules.withComputer(rec, userId, level, rev));
  }

  /** Removes the most recently added computer player from the lobby (host only). */
  async removeComputer(channelId: string, userId: string): Promise<GameTable<G, C, S, M>> {
    return this.change(channelId, (rec) => this.rules.withoutComputer(rec, userId));
  }

  /**
   * Starts the game (host only); checks the player count for the variant. Refuses
   * (`settings/no_computers`) a lobby with computer players in a server that no longer seats them.
   */
  async start(channelId: string, userId: string, rev?: number): Promise<GameTable<G, C, S, M>> {
    const before = await this.store.get(channelId);
    if (before?.seats.some((s) => s.computer) && this.mayAddComputer) await this.mayAddComputer(before.guildId);
    return this.change(channelId, (rec) => this.rules.started(rec, userId, rev));
  }

  /** Whether a guild seats computer players now (`mayAddComputer` does not refuse). */
  private async computersAllowed(guildId: string | null): Promise<boolean> {
    if (!this.mayAddComputer) return true;
    try {
      await this.mayAddComputer(guildId);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * After a session ends (by its rules, or closed with `/… end`): a new lobby here with a fresh
   * deal (see `TableTransitions.dealtAgain`). Where the server no longer seats computer players, the
   * computers of the last game are not seated again.
   */
  async again(channelId: string, player: Seat, sameSeats: boolean, rev?: number): Promise<GameTable<G, C, S, M>> {
    const guildId = (await this.store.get(channelId))?.guildId ?? null;
    const allowed = await this.computersAllowed(guildId);
    const takeover = await this.takeoverFor?.(guildId);
    return this.change(channelId, (rec) => {
      const next = this.rules.dealtAgain(rec, player, sameSeats, this.newSeed(), rev);
      const { noComputers: _was, takeover: before, ...rest } = next;
      const level = this.takeoverFor ? takeover : before; // the server's level now, when it has one
      const kept = level && level !== "normal" ? { ...rest, takeover: level } : rest;
      return allowed ? kept : { ...kept, seats: next.seats.filter((s) => !s.computer), noComputers: true };
    });
  }

  /** Applies a move for a user and saves it (see `TableTransitions.played`). */
  async play(channelId: string, userId: string, move: M, rev?: number, auto = false): Promise<GameTable<G, C, S, M>> {
    return this.change(channelId, (rec) => this.rules.played(rec, userId, move, rev, auto));
  }

  /**
   * Closes the table (host, or a member allowed to manage messages): it is kept `over` and
   * `closedBy` the user, with no clock (finish listeners registered with `closed` are told
   * `end`); Play again and New table start from it. The closed table as saved.
   */
  async end(channelId: string, userId: string, canManage: boolean): Promise<GameTable<G, C, S, M>> {
    return this.change(channelId, (rec) => {
      this.rules.mayEnd(rec, userId, canManage);
      const { turnClock: _clock, hold: _hold, ...rest } = rec;
      return { ...rest, status: "over", closedBy: userId, rev: rec.rev + 1, lastBy: userId };
    });
  }
}

/** A table service of any game, its game-specific parts erased (for the game-agnostic host code). */
export type AnyTables = TableService<string, unknown, VersionedState, unknown, unknown>;
