/**
 * Per-channel tables: the lobby, the running game and its move log, persisted after every
 * accepted change (before any reply) and guarded by a per-channel lock.
 *
 * A channel (or thread) holds at most one table. Every accepted change bumps `rev`, the
 * number components carry in their customIds; a component drawn for another `rev` is stale.
 */
import { applyAction, type GameDefinition, type GameError, type VersionedState } from "../engine/definition";
import { seedRng } from "../engine/rng";
import { AWAY_AFTER, clockWake, LOBBY_IDLE_MS, nextTurnClock, type ClockSetting, type TurnClock } from "./clock";
import type { ComputerLevel } from "../engine/definition";
import type { GameId, GameTypes, Levels, SeatPlay } from "../games/index";
import type { RecordStore } from "../store/store";
import { UserError } from "./errors";
import { refuse } from "./words";
import type { ChannelIndex } from "./channels";
import { KeyedLock } from "./lock";
import { Sequencer } from "./sequencer";

/** A seated player: a Discord user, or a computer player (userId `cpu-N`). */
export interface Seat {
  readonly userId: string;
  /** Display name at join time (shown on pictures). */
  readonly name: string;
  /** Set for computer players. */
  readonly computer?: ComputerLevel;
  /** For a computer that took over a seat mid-game: the person who left it. */
  readonly leftBy?: string;
  /** A person whose clock ran out twice in a row: the computer plays the seat until they come back. */
  readonly away?: boolean;
  /** Timeouts in a row of this seat (reset when the person moves). */
  readonly timeouts?: number;
}

/** The stored record of one channel's table (plain, versioned JSON), for game `G`. */
export interface GameTable<G extends string, C, S, M> {
  readonly schema: 1;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly game: G;
  readonly config: C;
  readonly hostId: string;
  readonly seats: readonly Seat[];
  readonly status: "lobby" | "playing" | "over";
  /** Revision: bumped on every accepted change. */
  readonly rev: number;
  readonly seed: string;
  readonly state: S | null;
  /** Every accepted move, for replays (`at`: its time, ms, in real-time games). */
  readonly moves: readonly { readonly seat: number; readonly move: M; readonly at?: number }[];
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Who made the latest change (user id), to tell a double click from a stale one. */
  readonly lastBy?: string;
  /** The turn clock setting (absent on tables stored before clocks existed: no clock). */
  readonly clock?: ClockSetting | null;
  /** The clock of the turn under way (playing tables only). */
  readonly turnClock?: TurnClock | null;
}

/** A table of game `G` of the list, with its own types. */
export type TableOf<G extends GameId> = GameTable<G, GameTypes<G>["config"], GameTypes<G>["state"], GameTypes<G>["move"]>;

/** Host-side inputs the service needs (injected so tests control time and seeds). */
export interface TableServiceOptions {
  readonly now?: () => number;
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
  /** One table per channel across every game (src/bot/channels.ts): opening a table claims the channel there. */
  readonly channels?: ChannelIndex;
}

/**
 * Default order window of real-time games, ms: interactions normally reach a bot within 100 to
 * 200 ms of Discord stamping them; the table's own steps run this much late as well, so every
 * action is applied in the order it was made.
 */
export const ORDER_WINDOW_MS = 250;

/**
 * What the table layer needs from a game beyond its rules, for computer players and clocks
 * (each game's entry in `src/games/index.ts`).
 */
export type SeatRules<S, M> = SeatPlay<S, M>;

/** What a clock wake did at a table (see `TableService.tick`). */
export type ClockEvent<R> =
  | { readonly kind: "warn"; readonly rec: R; readonly seat: number; readonly due: number }
  | { readonly kind: "timeout"; readonly before: R; readonly rec: R; readonly seat: number; readonly away: boolean }
  | { readonly kind: "lobby_closed"; readonly rec: R }
  /** A real-time table's own steps (and its computers' moves) that were due. */
  | { readonly kind: "timed"; readonly before: R; readonly rec: R };

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
type FinishListener<R> = { bivarianceHack(rec: R): void }["bivarianceHack"];

/**
 * Tables of one game, generic over its definition: lobby (seats, host, computer players when
 * the game has them), start, moves through `applyAction`, end; turn clocks, away
 * seats and the computer moves of seats it plays (`autoMove`, `tick`).
 */
export class TableService<G extends string, C, S extends VersionedState, M, V> {
  private readonly lock = new KeyedLock();
  private readonly now: () => number;
  private readonly newSeed: () => string;
  private readonly computers: boolean;
  private readonly listeners: WakeListener[] = [];
  private readonly finished: FinishListener<GameTable<G, C, S, M>>[] = [];
  private readonly sequencer: Sequencer;
  private readonly channelIndex: ChannelIndex | null;

  constructor(
    private readonly store: RecordStore<GameTable<G, C, S, M>>,
    private readonly def: GameDefinition<S, M, V, C> & { readonly id: G },
    opts: TableServiceOptions = {},
    /** Computer players and clock moves of this game; without them no computer may sit and clocks only warn. */
    private readonly seatRules: SeatRules<S, M> | null = null,
  ) {
    this.now = opts.now ?? Date.now;
    this.newSeed = opts.newSeed ?? (() => crypto.randomUUID());
    this.computers = !!seatRules && (!!seatRules.computerMove || !!seatRules.realtime);
    this.channelIndex = opts.channels ?? null;
    this.channelIndex?.register({ game: def.id, holds: async (channelId) => ((await store.get(channelId))?.status ?? "over") !== "over" });
    const window = opts.orderWindowMs ?? ORDER_WINDOW_MS;
    this.sequencer = new Sequencer(window, this.now, Math.max(1000, window));
  }

  /** Real-time moves held for ordering right now (tests, metrics). */
  get held(): number {
    return this.sequencer.waiting;
  }

  /** Whether this game is played in real time (actions timed by the host, no turns). */
  get realtime(): boolean {
    return !!this.seatRules?.realtime;
  }

  /** Each seat's computer level (a person marked away plays as `normal`), null for a person. */
  private levels(rec: GameTable<G, C, S, M>): Levels {
    return rec.seats.map((w) => w.computer ?? (w.away ? "normal" : null));
  }

  /**
   * A real-time table with every action due by `until` applied in time order (the table's own
   * steps and computers' moves), as one new revision; null when nothing was due.
   */
  private advanced(rec: GameTable<G, C, S, M>, until: number): GameTable<G, C, S, M> | null {
    const rt = this.seatRules?.realtime;
    if (!rt || rec.status !== "playing" || !rec.state) return null;
    const levels = this.levels(rec);
    let state = rec.state;
    const moves = [...rec.moves];
    for (let step = 0; step < 10_000; step++) {
      const a = rt.next(state, levels, rec.seed, until);
      if (!a) break;
      const next = applyAction(this.def, state, { seat: a.seat, move: a.move, version: state.version, at: a.at });
      if (!next.ok) throw new Error(`timed move refused at ${rec.channelId}: ${next.error.code}`);
      state = next.value;
      moves.push({ seat: a.seat, move: a.move, at: a.at });
      if (this.def.outcome(state) !== null) break;
    }
    if (state === rec.state) return null;
    return this.bump(rec, { state, moves, status: this.def.outcome(state) !== null ? "over" : "playing" }, "clock");
  }

  /**
   * A move of a real-time game, made by `userId` at `at` (ms: the interaction's timestamp) with
   * order key `order` (its snowflake): held and applied in the order moves were made (see
   * src/bot/sequencer.ts), after every table step and computer move due before it. Returns the
   * table before and after, or throws the refusal (`UserError`).
   */
  async race(
    channelId: string,
    userId: string,
    move: M,
    at: number,
    order: bigint,
  ): Promise<{ readonly before: GameTable<G, C, S, M>; readonly after: GameTable<G, C, S, M> }> {
    return this.sequencer.run(channelId, at, order, async () => {
      let before: GameTable<G, C, S, M> | undefined;
      let refused: GameError | null = null;
      const after = await this.update(channelId, (r) => {
        const rec = this.must(r);
        if (rec.status === "over") throw refuse("table/over");
        if (rec.status === "lobby" || !rec.state) throw refuse("table/not_started");
        const seat = this.seatOf(rec, userId);
        const base = this.advanced(rec, Math.min(at, this.now())) ?? rec;
        const state = base.state as S;
        const next = applyAction(this.def, state, { seat, move, version: state.version, at });
        if (!next.ok) {
          if (base === rec) throw UserError.from(next.error);
          // The table's steps due before the refused move still happened: save them, then refuse.
          refused = next.error;
          return base;
        }
        before = rec;
        return this.bump(
          base,
          {
            state: next.value,
            moves: [...base.moves, { seat, move, at }],
            status: this.def.outcome(next.value) !== null ? "over" : "playing",
          },
          userId,
        );
      });
      if (refused) throw UserError.from(refused);
      return { before: before as GameTable<G, C, S, M>, after: after as GameTable<G, C, S, M> };
    });
  }

  /** The game id of this service's tables. */
  get id(): G {
    return this.def.id;
  }

  /** Registers a listener told after every save when the table's clock next needs the host. */
  onWake(listener: WakeListener): void {
    this.listeners.push(listener);
  }

  /**
   * Registers a listener told once when a game ends by its rules (the save that turns a table
   * `over`; not a table ended with `/… end`), with the finished table. Called under the
   * channel's lock, after the save; it must not wait on this table.
   */
  onFinish(listener: (rec: GameTable<G, C, S, M>) => void): void {
    this.finished.push(listener);
  }

  /**
   * When the table's clock next needs the host: a lobby's idle expiry, a turn's warning or
   * timeout; null when nothing is due (ms since the epoch).
   */
  wakeAt(rec: GameTable<G, C, S, M> | null | undefined): number | null {
    if (!rec) return null;
    if (rec.status === "lobby") return rec.updatedAt + LOBBY_IDLE_MS;
    if (rec.status !== "playing") return null;
    // A computer (or an away seat) to move is due at once: after a restart nothing else would
    // wake the table, since no table is loaded until something is due or someone touches it.
    const rt = this.seatRules?.realtime;
    if (rt && rec.state) {
      const due = rt.dueAt(rec.state, this.levels(rec), rec.seed);
      return due === null ? null : due + this.sequencer.windowMs;
    }
    if (this.autoTurn(rec)) return rec.updatedAt;
    return clockWake(rec.turnClock);
  }

  /** Whether the seat to move is played by the computer (a computer player, or away). */
  autoTurn(rec: GameTable<G, C, S, M> | null | undefined): boolean {
    if (!rec || rec.status !== "playing" || !rec.state) return false;
    return TableService.auto(rec.seats[this.turnOf(rec.state)]);
  }

  /** The seat whose turn it is (the game says, else the first seat that may act), or -1. */
  private turnOf(state: S): number {
    return this.seatRules?.turnOf?.(state) ?? this.def.actors(state)[0] ?? -1;
  }

  /** Whether a seat is played by the computer (a computer player, or a person marked away). */
  static auto(seat: Seat | undefined): boolean {
    return !!seat && (!!seat.computer || !!seat.away);
  }

  /** The record with its turn clock brought up to date after a change from `prev`. */
  private clocked(prev: GameTable<G, C, S, M> | undefined, next: GameTable<G, C, S, M>): GameTable<G, C, S, M> {
    if (next.status !== "playing" || !next.state) return next.turnClock ? { ...next, turnClock: null } : next;
    const seat = this.turnOf(next.state);
    const before = prev?.status === "playing" ? prev.state : null;
    const sameTurn = !!before && (before.version === next.state.version || (this.seatRules?.continuesTurn?.(before, next.state) ?? false));
    const turnClock = nextTurnClock(next.clock, prev?.turnClock, seat, sameTurn, TableService.auto(next.seats[seat]), next.rev, this.now());
    return { ...next, turnClock };
  }

  /** The table of a channel, if any (no lock: a snapshot for autocomplete and rendering). */
  async get(channelId: string): Promise<GameTable<G, C, S, M> | undefined> {
    return this.store.get(channelId);
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
   * before this resolves), `null` to delete the table, or `undefined` to change nothing.
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
        if (next.rev !== rec?.rev) next = this.clocked(rec, next);
        await this.store.set(channelId, next);
      }
      const wake = this.wakeAt(next);
      const guild = next?.guildId ?? rec?.guildId ?? null;
      for (const l of this.listeners) l(channelId, wake, guild);
      if (next && next.status === "over" && rec?.status === "playing") for (const l of this.finished) l(next);
      return next;
    });
  }

  private must(rec: GameTable<G, C, S, M> | undefined): GameTable<G, C, S, M> {
    if (!rec) throw refuse("table/none");
    return rec;
  }

  /**
   * Refuses a component drawn for another revision: `table/already_done` when the only change
   * since was this user's own (the second click of a double click), else `table/stale`.
   */
  checkRev(rec: GameTable<G, C, S, M>, rev: number | undefined, userId?: string): void {
    if (rev === undefined || rev === rec.rev) return;
    if (rev === rec.rev - 1 && userId !== undefined && rec.lastBy === userId) throw refuse("table/already_done");
    throw refuse("table/stale");
  }

  private bump(rec: GameTable<G, C, S, M>, patch: Partial<GameTable<G, C, S, M>>, by?: string): GameTable<G, C, S, M> {
    return { ...rec, ...patch, rev: rec.rev + 1, updatedAt: this.now(), ...(by !== undefined ? { lastBy: by } : {}) };
  }

  /** Most seats a lobby of this configuration takes. */
  maxSeats(config: C): number {
    return Math.max(...this.def.seatCounts(config));
  }

  /**
   * Opens a lobby; the host takes the first seat. `clock` is the turn clock (null: none).
   * Refuses (`table/exists`) if a table of this game is running here, or, with a channel
   * index, a table of any other game.
   */
  async open(
    channelId: string,
    guildId: string | null,
    host: Seat,
    config: C,
    seed: string | null = null,
    clock: ClockSetting | null = null,
  ): Promise<GameTable<G, C, S, M>> {
    if (this.channelIndex)
      return this.channelIndex.claim(channelId, this.def.id, () => this.openHere(channelId, guildId, host, config, seed, clock));
    return this.openHere(channelId, guildId, host, config, seed, clock);
  }

  private async openHere(
    channelId: string,
    guildId: string | null,
    host: Seat,
    config: C,
    seed: string | null,
    clock: ClockSetting | null,
  ): Promise<GameTable<G, C, S, M>> {
    const rec = await this.update(channelId, (rec) => {
      if (rec && rec.status !== "over") {
        throw refuse("table/exists");
      }
      const now = this.now();
      const fresh: GameTable<G, C, S, M> = {
        schema: 1,
        channelId,
        guildId,
        game: this.def.id,
        config,
        hostId: host.userId,
        seats: [host],
        status: "lobby",
        rev: (rec?.rev ?? 0) + 1,
        seed: seed ?? this.newSeed(),
        state: null,
        moves: [],
        createdAt: now,
        updatedAt: now,
        lastBy: host.userId,
        clock,
      };
      return this.dealtAlone(fresh);
    });
    return rec as GameTable<G, C, S, M>;
  }

  /**
   * A lobby of a one-seat game (solitaire) is dealt at once: there is nobody to wait for, so the
   * table opens playing. Other lobbies are returned as they are. A deal its rules refuse is
   * refused (`UserError` with the rules' code), and nothing is saved.
   */
  private dealtAlone(rec: GameTable<G, C, S, M>): GameTable<G, C, S, M> {
    if (this.maxSeats(rec.config) !== 1) return rec;
    const setup = this.def.setup(rec.config, 1, rec.seed);
    if (!setup.ok) throw new UserError(setup.error.code, setup.error.message, "error", setup.error.params ?? {});
    return { ...rec, status: "playing", state: setup.value };
  }

  /** Takes a seat in the lobby. */
  async join(channelId: string, player: Seat, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status !== "lobby") throw refuse("table/started"); // an old lobby's button says so, not "moved on"
      this.checkRev(rec, rev, player.userId);
      if (rec.seats.some((s) => s.userId === player.userId)) throw refuse("table/already_seated");
      if (rec.seats.length >= this.maxSeats(rec.config)) throw refuse("table/full");
      return this.bump(rec, { seats: [...rec.seats, player] }, player.userId);
    })) as GameTable<G, C, S, M>;
  }

  /**
   * Leaves the table. In the lobby the seat is freed; mid-game (for games with computer
   * players) a `normal` computer takes the seat over, under the person's name marked "(left)",
   * so their score stays on the table. The host role passes to the next person. When no person
   * is left the table closes (returns null).
   */
  async leave(channelId: string, userId: string, rev?: number): Promise<GameTable<G, C, S, M> | null> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status === "over") throw refuse("table/over");
      if (rec.status !== "playing") this.checkRev(rec, rev, userId);
      return this.vacate(rec, userId, userId);
    })) as GameTable<G, C, S, M> | null;
  }

  /**
   * The host removes a person from the table (`/… kick`): the same as that person leaving
   * (mid-game a computer takes the seat). Refuses `table/not_host`, `table/not_seated` (nobody
   * by that id sits here), `table/kick_computer` (remove computers with `bot remove`).
   */
  async kick(channelId: string, hostId: string, targetId: string): Promise<GameTable<G, C, S, M> | null> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status === "over") throw refuse("table/over");
      if (rec.hostId !== hostId) throw refuse("table/not_host", { what: "remove a player" });
      const target = rec.seats.find((s) => s.userId === targetId);
      if (!target) throw refuse("table/kick_not_seated");
      if (target.computer) throw refuse("table/kick_computer");
      return this.vacate(rec, targetId, hostId);
    })) as GameTable<G, C, S, M> | null;
  }

  /** `userId` leaves `rec` (see `leave`); `by` made the change. */
  private vacate(rec: GameTable<G, C, S, M>, userId: string, by: string): GameTable<G, C, S, M> | null {
    const at = rec.seats.findIndex((s) => s.userId === userId);
    if (at < 0) throw refuse("table/not_seated");
    if (rec.status === "playing") {
      if (!this.computers) throw refuse("table/in_play");
      const people = rec.seats.filter((s, i) => i !== at && !s.computer);
      if (people.length === 0) return null; // everyone has left: the table ends
      let n = 1;
      while (rec.seats.some((s) => s.userId === `cpu-${n}`)) n++;
      const gone = rec.seats[at] as Seat;
      const seats = rec.seats.map((s, i) =>
        i === at ? { userId: `cpu-${n}`, name: `${gone.name} (left)`, computer: "normal" as const, leftBy: gone.userId } : s,
      );
      return this.bump(rec, { seats, hostId: rec.hostId === userId ? (people[0] as Seat).userId : rec.hostId }, by);
    }
    const seats = rec.seats.filter((s) => s.userId !== userId);
    const humans = seats.filter((s) => !s.computer);
    if (humans.length === 0) return null;
    return this.bump(rec, { seats, hostId: rec.hostId === userId ? (humans[0] as Seat).userId : rec.hostId }, by);
  }

  /**
   * A person marked away takes their seat back (the **I'm back** button, or any action of
   * theirs at the table). Returns the new table, or null when they were not away (nothing changes).
   */
  async back(channelId: string, userId: string): Promise<GameTable<G, C, S, M> | null> {
    let changed: GameTable<G, C, S, M> | null = null;
    await this.update(channelId, (rec) => {
      const at = rec?.seats.findIndex((s) => s.userId === userId) ?? -1;
      if (!rec || rec.status !== "playing" || at < 0 || !rec.seats[at]?.away) return undefined;
      changed = this.bump(rec, { seats: rec.seats.map((s, i) => (i === at ? present(s) : s)) }, userId);
      return changed;
    });
    return changed;
  }

  /**
   * The clock's wake at a table, at the host's time: closes a lobby idle for 30 minutes;
   * warns the player once; or, when the turn has run out, plays the seat's turn with the
   * game's timeout move (marking the seat away after two timeouts in a row). Runs under the
   * channel lock and decides from the stored turn clock, so a wake never acts twice for one
   * turn (a move that got in first simply leaves nothing due) and a restart does not repeat it.
   * Returns what happened, or null when nothing was due.
   */
  async tick(channelId: string): Promise<ClockEvent<GameTable<G, C, S, M>> | null> {
    let event: ClockEvent<GameTable<G, C, S, M>> | null = null;
    await this.update(channelId, (rec) => {
      if (!rec) return undefined;
      const now = this.now();
      if (rec.status === "lobby") {
        if (now < rec.updatedAt + LOBBY_IDLE_MS) return undefined;
        event = { kind: "lobby_closed", rec };
        return null;
      }
      if (this.seatRules?.realtime) {
        const next = this.advanced(rec, now - this.sequencer.windowMs);
        if (!next) return undefined;
        event = { kind: "timed", before: rec, rec: next };
        return next;
      }
      const tc = rec.turnClock;
      if (rec.status !== "playing" || !rec.state || !tc || tc.due === null) return undefined;
      if (now >= tc.due) {
        const done = this.timeoutTurn(rec, tc.seat);
        if (!done) return undefined;
        event = { kind: "timeout", before: rec, rec: done, seat: tc.seat, away: !!done.seats[tc.seat]?.away };
        return done;
      }
      if (!tc.warned && tc.warnAt !== null && now >= tc.warnAt) {
        const warned = { ...rec, turnClock: { ...tc, warned: true } }; // no new revision: the buttons stay valid
        event = { kind: "warn", rec: warned, seat: tc.seat, due: tc.due };
        return warned;
      }
      return undefined;
    });
    const e = event as ClockEvent<GameTable<G, C, S, M>> | null;
    // The saved record carries the next turn's clock: report that one.
    if (e?.kind === "timeout") return { ...e, rec: (await this.store.get(channelId)) ?? e.rec };
    return e;
  }

  /**
   * Plays one move for the seat to move when the computer plays it (a computer player, or a
   * person marked away, at `normal`), chosen from that seat's view by the game's seat rules
   * with randomness seeded by the table's seed and state version (a replay picks the same
   * moves). Runs under the channel lock: returns the table before and after, or null when no
   * computer move is due.
   */
  async autoMove(channelId: string): Promise<{ readonly before: GameTable<G, C, S, M>; readonly after: GameTable<G, C, S, M> } | null> {
    let before: GameTable<G, C, S, M> | null = null;
    const after = await this.update(channelId, (rec) => {
      const rules = this.seatRules;
      if (!rules || !rec?.state || rec.status !== "playing") return undefined;
      const state = rec.state;
      const levelOf = (w: Seat | undefined) => w?.computer ?? (w?.away ? ("normal" as const) : undefined);
      const rng = seedRng(`${rec.seed}:${state.version}`);
      // Out-of-turn moves first (a computer buying a discard before the active player discards).
      const turn = this.turnOf(state);
      let seat = turn;
      let move: M | null = null;
      if (rules.outOfTurnMove) {
        for (const other of this.def.actors(state)) {
          const level = other === turn ? undefined : levelOf(rec.seats[other]);
          move = level ? rules.outOfTurnMove(state, other, level, rng) : null;
          if (move !== null) {
            seat = other;
            break;
          }
        }
      }
      const who = rec.seats[seat];
      const level = levelOf(who);
      if (!who || !level || (move === null && !rules.computerMove)) return undefined;
      move ??= rules.computerMove!(state, seat, level, rng);
      const next = applyAction(this.def, state, { seat, move, version: state.version });
      if (!next.ok) throw new Error(`computer move refused at ${rec.channelId}: ${next.error.code}`);
      before = rec;
      return this.bump(
        rec,
        { state: next.value, moves: [...rec.moves, { seat, move }], status: this.def.outcome(next.value) !== null ? "over" : "playing" },
        who.userId,
      );
    });
    return before && after ? { before, after } : null;
  }

  /** Plays a timed-out seat's whole turn with the game's timeout move; null without seat rules. */
  private timeoutTurn(rec: GameTable<G, C, S, M>, seat: number): GameTable<G, C, S, M> | null {
    const rules = this.seatRules;
    if (!rules?.timeoutMove || !rec.state) return null;
    let state = rec.state;
    const moves = [...rec.moves];
    for (let step = 0; step < 200; step++) {
      const move = rules.timeoutMove!(state, seat, seedRng(`${rec.seed}:${state.version}:timeout`));
      const next = applyAction(this.def, state, { seat, move, version: state.version });
      if (!next.ok) throw new Error(`timeout move refused at ${rec.channelId}: ${next.error.code}`);
      moves.push({ seat, move });
      const before = state;
      state = next.value;
      const over = this.def.outcome(state) !== null;
      if (over || this.turnOf(state) !== seat || !(rules.continuesTurn?.(before, state) ?? false)) break;
    }
    const timeouts = (rec.seats[seat]?.timeouts ?? 0) + 1;
    const seats = rec.seats.map((s, i) => (i === seat ? { ...s, timeouts, ...(timeouts >= AWAY_AFTER ? { away: true } : {}) } : s));
    return this.bump(rec, { state, moves, seats, status: this.def.outcome(state) !== null ? "over" : "playing" }, "clock");
  }
  /** Adds a computer player to the lobby (host only). */
  async addComputer(channelId: string, userId: string, level: ComputerLevel, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (!this.computers) throw refuse("table/no_computers");
      if (rec.status !== "lobby") throw refuse("table/started");
      this.checkRev(rec, rev, userId);
      if (rec.hostId !== userId) throw refuse("table/not_host", { what: "add computer players" });
      if (rec.seats.length >= this.maxSeats(rec.config)) throw refuse("table/full");
      let n = 1;
      while (rec.seats.some((s) => s.userId === `cpu-${n}`)) n++;
      return this.bump(rec, { seats: [...rec.seats, { userId: `cpu-${n}`, name: `Computer ${n} (${level})`, computer: level }] }, userId);
    })) as GameTable<G, C, S, M>;
  }

  /** Removes the most recently added computer player from the lobby (host only). */
  async removeComputer(channelId: string, userId: string): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status !== "lobby") throw refuse("table/started");
      if (rec.hostId !== userId) throw refuse("table/not_host", { what: "remove computer players" });
      const last = [...rec.seats].reverse().find((s) => s.computer);
      if (!last) throw refuse("table/no_computer");
      return this.bump(rec, { seats: rec.seats.filter((s) => s !== last) }, userId);
    })) as GameTable<G, C, S, M>;
  }

  /** Starts the game (host only); checks the player count for the variant. */
  async start(channelId: string, userId: string, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status !== "lobby") throw refuse("table/started");
      this.checkRev(rec, rev, userId);
      if (rec.hostId !== userId) throw refuse("table/not_host", { what: "start the game" });
      const setup = this.def.setup(rec.config, rec.seats.length, rec.seed);
      if (!setup.ok) throw new UserError(setup.error.code, `${setup.error.message} (${rec.seats.length} seated now)`);
      return this.bump(rec, { status: "playing", state: setup.value }, userId);
    })) as GameTable<G, C, S, M>;
  }

  /**
   * After a session ends: a new lobby here with the same options and a fresh deal, hosted by
   * `player`. `sameSeats` keeps every seat (computers too) with `player` first, so one Start
   * plays again; otherwise `player` sits alone. Refuses while a game runs (`table/exists`).
   */
  async again(channelId: string, player: Seat, sameSeats: boolean, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status !== "over") throw refuse("table/exists");
      this.checkRev(rec, rev, player.userId);
      // A one-seat table (solitaire) in its player's thread is theirs to deal again.
      if (this.maxSeats(rec.config) === 1 && rec.hostId !== player.userId) throw refuse("table/not_host", { what: "deal this game again" });
      const others = sameSeats ? rec.seats.filter((s) => s.userId !== player.userId).map(present) : [];
      const now = this.now();
      return this.dealtAlone({
        ...rec,
        seats: [player, ...others],
        hostId: player.userId,
        status: "lobby",
        rev: rec.rev + 1,
        seed: this.newSeed(),
        state: null,
        moves: [],
        createdAt: now,
        updatedAt: now,
        lastBy: player.userId,
      });
    })) as GameTable<G, C, S, M>;
  }

  /** Seat index of a user at a table, or throws `table/not_seated`. */
  seatOf(rec: { readonly seats: readonly Seat[] }, userId: string): number {
    const seat = rec.seats.findIndex((s) => s.userId === userId);
    if (seat < 0) throw refuse("table/not_seated");
    return seat;
  }

  /**
   * Applies a move for a user; saves the new state and the move log. A person's own move
   * clears their timeouts and away mark; `auto` marks a move the computer made for the seat.
   */
  async play(channelId: string, userId: string, move: M, rev?: number, auto = false): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status === "over") throw refuse("table/over");
      this.checkRev(rec, rev, userId);
      if (rec.status === "lobby" || !rec.state) throw refuse("table/not_started");
      const seat = this.seatOf(rec, userId);
      const next = applyAction(this.def, rec.state, { seat, move, version: rec.state.version });
      if (!next.ok) throw this.refusal(rec as GameTable<G, C, S, M> & { state: S }, next.error);
      const me = rec.seats[seat] as Seat;
      const seats = !auto && (me.away || me.timeouts) ? rec.seats.map((s, i) => (i === seat ? present(s) : s)) : rec.seats;
      return this.bump(
        rec,
        {
          state: next.value,
          seats,
          moves: [...rec.moves, { seat, move }],
          status: this.def.outcome(next.value) !== null ? "over" : "playing",
        },
        userId,
      );
    })) as GameTable<G, C, S, M>;
  }

  /**
   * An engine refusal as the player reads it: "not your turn" names whose turn it is (so no
   * command re-checks the turn to say so); the others keep the engine's code and parameters.
   */
  private refusal(rec: GameTable<G, C, S, M> & { state: S }, e: GameError): UserError {
    if (e.code !== "action/not_your_turn") return UserError.from(e);
    const turn = this.seatRules?.turnOf?.(rec.state) ?? this.def.actors(rec.state)[0];
    return refuse("action/not_your_turn", { name: turn === undefined ? undefined : rec.seats[turn]?.name });
  }

  /** Closes the table (host, or a member allowed to manage messages). */
  async end(channelId: string, userId: string, canManage: boolean): Promise<GameTable<G, C, S, M>> {
    let closed: GameTable<G, C, S, M> | undefined;
    await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.hostId !== userId && !canManage) {
        throw refuse("table/not_host", { what: "end this table (or a member with Manage Messages)" });
      }
      closed = rec;
      return null;
    });
    return closed as GameTable<G, C, S, M>;
  }
}

/** A seat without its away mark and timeout count. */
function present(s: Seat): Seat {
  const { away: _away, timeouts: _timeouts, ...rest } = s;
  return rest;
}

/** A table of any game, with its game-specific parts erased (for the game-agnostic host code). */
export type AnyTable = GameTable<string, unknown, VersionedState, unknown>;
/** A table service of any game, erased likewise. */
export type AnyTables = TableService<string, unknown, VersionedState, unknown, unknown>;
