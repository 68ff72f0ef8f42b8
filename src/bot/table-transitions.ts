/**
 * Every change of a table, as pure transitions of its record (src/bot/table-record.ts). The lobby
 * and seats: open, join, leave (mid-game a computer takes the seat), kick, come back, computer
 * players, start, deal again, end. The running game: a person's move, a real-time move after the
 * table's due steps, a computer's move, a clock's wake (warning, timeout move, lobby expiry), the
 * turn clock kept up to date, and when the table next needs the host. Each takes the record as
 * stored and returns the next one (or null: the table closes), or throws the refusal
 * (`UserError` with a stable code and parameters, src/bot/words.ts); a computer, timeout or timed
 * move the rules refuse is a bug (an Error). No store, no lock, no clock but the injected `now`:
 * the table service (src/bot/tables.ts) runs them under the channel's lock and saves what they
 * return.
 */
import { applyAction, type ComputerLevel, type GameDefinition, type GameError, type VersionedState } from "../engine/definition.ts";
import { SEED_DERIVATION, seedRng } from "../engine/rng.ts";
import type { ThoughtJob } from "../engine/thinking.ts";
import { levelsOf, usualLevel, type Levels, type SeatPlay } from "../games/catalogue.ts";
import type { Locale } from "../i18n/index.ts";
import { AWAY_AFTER, clockWake, EVENT_GRACE_MS, LOBBY_IDLE_MS, nextTurnClock, type ClockSetting } from "./clock.ts";
import { UserError } from "./errors.ts";
import { present, type ClockEvent, type GameTable, type Seat } from "./table-record.ts";
import { refusal, refuse, sayAt } from "./words.ts";
import { traitsOf } from "../surfaces/traits.ts";

/** A real-time move's result: the table after it, or (when it was refused) after the steps due before it, with the refusal. */
export interface Raced<R> {
  readonly after: R;
  readonly refused: GameError | null;
}

/** The transitions of one game's tables: its rules (`def`), how its computers play a seat (`seatPlay`), the host's clock. */
export class TableTransitions<G extends string, C, S extends VersionedState, M, V> {
  constructor(
    private readonly def: GameDefinition<S, M, V, C> & { readonly id: G },
    /** Computer players and clock moves of this game; without them no computer may sit and clocks only warn. */
    private readonly seatPlay: SeatPlay<S, M> | null,
    private readonly now: () => number,
    /** How long a computer to move waits for people who may act out of turn, ms (`SeatPlay.waitsFor`). */
    private readonly holdMs = 0,
  ) {}

  /** The computer levels this game seats, weakest first (`SeatPlay.levels`). */
  get offered(): readonly ComputerLevel[] {
    return levelsOf(this.seatPlay);
  }

  /** Whether computer players may sit at this game's tables (it has a computer, or is played in real time). */
  get computers(): boolean {
    return !!this.seatPlay && (!!this.seatPlay.computerMove || !!this.seatPlay.realtime);
  }

  /** Most seats a lobby of this configuration takes. */
  maxSeats(config: C): number {
    return Math.max(...this.def.seatCounts(config));
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

  /** Seat index of a user at a table, or throws `table/not_seated`. */
  seatOf(rec: { readonly seats: readonly Seat[] }, userId: string): number {
    const seat = rec.seats.findIndex((s) => s.userId === userId);
    if (seat < 0) throw refuse("table/not_seated");
    return seat;
  }

  /** The record after an accepted change by `by`: `patch` applied, a new revision. */
  private bump(rec: GameTable<G, C, S, M>, patch: Partial<GameTable<G, C, S, M>>, by?: string): GameTable<G, C, S, M> {
    return { ...rec, ...patch, rev: rec.rev + 1, updatedAt: this.now(), ...(by !== undefined ? { lastBy: by } : {}) };
  }

  /**
   * A new lobby in `channelId` hosted by `host` (who takes the first seat), replacing `prev`
   * if that one is over; `table/exists` while `prev` runs. A one-seat game is dealt at once.
   */
  opened(
    prev: GameTable<G, C, S, M> | undefined,
    where: {
      readonly channelId: string;
      readonly guildId: string | null;
      readonly locale?: Locale | undefined;
      readonly noComputers?: true | undefined;
      readonly takeover?: ComputerLevel | undefined;
    },
    host: Seat,
    config: C,
    seed: string,
    clock: ClockSetting | null,
    namedSeed = false,
  ): GameTable<G, C, S, M> {
    if (prev && prev.status !== "over") throw refuse("table/exists");
    const now = this.now();
    return this.dealtAlone({
      schema: 1,
      channelId: where.channelId,
      guildId: where.guildId,
      game: this.def.id,
      config,
      hostId: host.userId,
      seats: [host],
      status: "lobby",
      rev: (prev?.rev ?? 0) + 1,
      seed,
      ...(namedSeed ? { namedSeed: true as const } : {}),
      state: null,
      moves: [],
      createdAt: now,
      updatedAt: now,
      lastBy: host.userId,
      ...(where.noComputers ? { noComputers: true as const } : {}),
      ...(where.takeover && where.takeover !== "normal" ? { takeover: where.takeover } : {}),
      clock,
      ...(where.locale ? { locale: where.locale } : {}),
    });
  }

  /**
   * A lobby of a one-seat game is dealt at once: there is nobody to wait for, so the
   * table opens playing. Other lobbies are returned as they are. A deal its rules refuse is
   * refused (`UserError` with the rules' code), and nothing is saved.
   */
  private dealtAlone(rec: GameTable<G, C, S, M>): GameTable<G, C, S, M> {
    if (this.maxSeats(rec.config) !== 1) return rec;
    const setup = this.def.setup(rec.config, 1, rec.seed, SEED_DERIVATION);
    if (!setup.ok) throw new UserError(setup.error.code, setup.error.message, "error", setup.error.params ?? {});
    return { ...rec, status: "playing", state: setup.value, deal: SEED_DERIVATION };
  }

  /** `player` takes a seat in the lobby. */
  joined(rec: GameTable<G, C, S, M>, player: Seat, rev?: number): GameTable<G, C, S, M> {
    if (rec.status !== "lobby") throw refuse("table/started"); // an old lobby's button says so, not "moved on"
    this.checkRev(rec, rev, player.userId);
    if (rec.seats.some((s) => s.userId === player.userId)) throw refuse("table/already_seated");
    if (rec.seats.length >= this.maxSeats(rec.config)) throw refuse("table/full");
    return this.bump(rec, { seats: [...rec.seats, player] }, player.userId);
  }

  /**
   * `userId` leaves. In the lobby the seat is freed; mid-game (for games with computer
   * players) a `normal` computer takes the seat over, under the person's name marked "(left)",
   * so their score stays on the table. The host role passes to the next person. When no person
   * is left the table closes (null).
   */
  left(rec: GameTable<G, C, S, M>, userId: string, rev?: number): GameTable<G, C, S, M> | null {
    if (rec.status === "over") throw refuse("table/over");
    if (rec.status !== "playing") this.checkRev(rec, rev, userId);
    return this.vacate(rec, userId, userId);
  }

  /**
   * The host removes a person from the table (`/… kick`): the same as that person leaving
   * (mid-game a computer takes the seat). Refuses `table/not_host`, `table/kick_not_seated`
   * (nobody by that id sits here), `table/kick_computer` (remove computers with `bot remove`).
   */
  kicked(rec: GameTable<G, C, S, M>, hostId: string, targetId: string): GameTable<G, C, S, M> | null {
    if (rec.status === "over") throw refuse("table/over");
    if (rec.hostId !== hostId) throw refuse("table/not_host", { context: "kick" });
    const target = rec.seats.find((s) => s.userId === targetId);
    if (!target) throw refuse("table/kick_not_seated");
    if (target.computer) throw refuse("table/kick_computer");
    return this.vacate(rec, targetId, hostId);
  }

  /** `userId` leaves `rec` (see `left`); `by` made the change. */
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
        i === at
          ? {
              userId: `cpu-${n}`,
              name: sayAt(rec, "table.left_name", { name: gone.name }),
              computer: this.takeoverLevel(rec),
              leftBy: gone.userId,
            }
          : s,
      );
      return this.bump(rec, { seats, hostId: rec.hostId === userId ? (people[0] as Seat).userId : rec.hostId }, by);
    }
    const seats = rec.seats.filter((s) => s.userId !== userId);
    const humans = seats.filter((s) => !s.computer);
    if (humans.length === 0) return null;
    return this.bump(rec, { seats, hostId: rec.hostId === userId ? (humans[0] as Seat).userId : rec.hostId }, by);
  }

  /** A person marked away takes their seat back; undefined when they were not away (nothing changes). */
  returned(rec: GameTable<G, C, S, M> | undefined, userId: string): GameTable<G, C, S, M> | undefined {
    const at = rec?.seats.findIndex((s) => s.userId === userId) ?? -1;
    if (!rec || rec.status !== "playing" || at < 0 || !rec.seats[at]?.away) return undefined;
    return this.bump(rec, { seats: rec.seats.map((s, i) => (i === at ? present(s) : s)) }, userId);
  }

  /** The host seats a computer player of `level` in the lobby. */
  withComputer(rec: GameTable<G, C, S, M>, userId: string, level: ComputerLevel, rev?: number): GameTable<G, C, S, M> {
    if (!this.computers) throw refuse("table/no_computers");
    if (rec.status !== "lobby") throw refuse("table/started");
    this.checkRev(rec, rev, userId);
    if (rec.hostId !== userId) throw refuse("table/not_host", { context: "add_computers" });
    if (rec.seats.length >= this.maxSeats(rec.config)) throw refuse("table/full");
    const levels = levelsOf(this.seatPlay);
    if (!levels.includes(level)) throw refuse("input/bad_level", { levels: levels.join(", ") });
    let n = 1;
    while (rec.seats.some((s) => s.userId === `cpu-${n}`)) n++;
    const name = sayAt(rec, "table.computer_name", { n, level: sayAt(rec, `table.level_${level}`) });
    return this.bump(rec, { seats: [...rec.seats, { userId: `cpu-${n}`, name, computer: level }] }, userId);
  }

  /** The host removes the most recently seated computer player from the lobby. */
  withoutComputer(rec: GameTable<G, C, S, M>, userId: string): GameTable<G, C, S, M> {
    if (rec.status !== "lobby") throw refuse("table/started");
    if (rec.hostId !== userId) throw refuse("table/not_host", { context: "remove_computers" });
    const last = [...rec.seats].reverse().find((s) => s.computer);
    if (!last) throw refuse("table/no_computer");
    return this.bump(rec, { seats: rec.seats.filter((s) => s !== last) }, userId);
  }

  /** The host starts the game; the rules check the player count for the configuration. */
  started(rec: GameTable<G, C, S, M>, userId: string, rev?: number): GameTable<G, C, S, M> {
    if (rec.status !== "lobby") throw refuse("table/started");
    this.checkRev(rec, rev, userId);
    if (rec.hostId !== userId) throw refuse("table/not_host", { context: "start" });
    const setup = this.def.setup(rec.config, rec.seats.length, rec.seed, SEED_DERIVATION);
    if (!setup.ok) {
      // The rule, then how many sit now and how to fill the table (`sayError` says both in the user's language).
      const seated = refusal("table/seated", { n: String(rec.seats.length) });
      throw new UserError(setup.error.code, `${setup.error.message} ${seated}`, "error", {
        ...setup.error.params,
        seated: rec.seats.length,
      });
    }
    return this.bump(rec, { status: "playing", state: setup.value, deal: SEED_DERIVATION }, userId);
  }

  /**
   * After a session ends: a new lobby here with the same options and deal `seed` (a new secret;
   * a named deal stays named only when `namedSeed`), hosted by
   * `player`. `sameSeats` keeps every seat (computers too) and its host, a person still seated,
   * whose one Start plays again (without one, `player` hosts, first); otherwise `player` sits
   * alone and hosts. Refuses while a game runs (`table/exists`); a
   * one-seat table is its player's to deal again, and is dealt at once.
   */
  dealtAgain(
    rec: GameTable<G, C, S, M>,
    player: Seat,
    sameSeats: boolean,
    seed: string,
    rev?: number,
    namedSeed = false,
  ): GameTable<G, C, S, M> {
    if (rec.status !== "over") throw refuse("table/exists");
    this.checkRev(rec, rev, player.userId);
    if (this.maxSeats(rec.config) === 1 && rec.hostId !== player.userId) throw refuse("table/not_host", { context: "deal_again" });
    const others = sameSeats ? rec.seats.filter((s) => s.userId !== player.userId).map(present) : [];
    // The same seats keep their host (a person still among them); a new table is its presser's.
    const host = sameSeats && others.some((s) => s.userId === rec.hostId && !s.computer) ? rec.hostId : player.userId;
    const now = this.now();
    const { closedBy: _closed, namedSeed: _named, deal: _deal, ...kept } = rec;
    return this.dealtAlone({
      ...kept,
      seats:
        host === player.userId
          ? [player, ...others]
          : [
              ...rec.seats.map((s) => (s.userId === player.userId ? player : present(s))),
              ...(rec.seats.some((s) => s.userId === player.userId) ? [] : [player]),
            ],
      hostId: host,
      status: "lobby",
      rev: rec.rev + 1,
      seed,
      ...(namedSeed ? { namedSeed: true as const } : {}),
      state: null,
      moves: [],
      createdAt: now,
      updatedAt: now,
      lastBy: player.userId,
    });
  }

  /** Refuses `userId` ending the table unless they host it or may manage messages (`canManage`). */
  mayEnd(rec: GameTable<G, C, S, M>, userId: string, canManage: boolean): void {
    if (rec.hostId !== userId && !canManage) throw refuse("table/not_host", { context: "end" });
  }

  /** Each seat's computer level (a person marked away plays at `takeoverLevel`), null for a person. */
  private levels(rec: GameTable<G, C, S, M>): Levels {
    return rec.seats.map((w) => w.computer ?? (w.away ? this.takeoverLevel(rec) : null));
  }

  /**
   * The level a computer plays at for a person of `rec` (one who left, or is away): the table's
   * `takeover` where this game seats it, else the game's usual level nearest it (`usualLevel`).
   */
  takeoverLevel(rec: { readonly takeover?: ComputerLevel }): ComputerLevel {
    const wanted = rec.takeover ?? "normal";
    return levelsOf(this.seatPlay).includes(wanted) ? wanted : usualLevel(wanted);
  }

  /** The seat whose turn it is (the game says, else the first seat that may act), or -1. */
  turnOf(state: S): number {
    return this.seatPlay?.turnOf?.(state) ?? this.def.actors(state)[0] ?? -1;
  }

  /** Whether a seat is played by the computer (a computer player, or a person marked away). */
  static auto(seat: Seat | undefined): boolean {
    return !!seat && (!!seat.computer || !!seat.away);
  }

  /** Whether the seat to move is played by the computer (a computer player, or away). */
  autoTurn(rec: GameTable<G, C, S, M> | null | undefined): boolean {
    if (!rec || rec.status !== "playing" || !rec.state) return false;
    return TableTransitions.auto(rec.seats[this.turnOf(rec.state)]);
  }

  /**
   * When the table's clock next needs the host: a lobby's idle expiry, a turn's warning or
   * timeout, a computer's turn (at once), a real-time table's next step plus `windowMs`; null
   * when nothing is due (ms since the epoch).
   */
  wakeAt(rec: GameTable<G, C, S, M> | null | undefined, windowMs: number): number | null {
    if (!rec) return null;
    if (rec.status === "lobby") return rec.updatedAt + LOBBY_IDLE_MS;
    if (rec.status !== "playing" || rec.paused) return null;
    // A computer (or an away seat) to move is due at once: after a restart nothing else would
    // wake the table, since no table is loaded until something is due or someone touches it.
    const rt = this.seatPlay?.realtime;
    if (rt && rec.state) {
      const due = rt.dueAt(rec.state, this.levels(rec), rec.seed);
      return due === null ? null : due + windowMs;
    }
    if (this.autoTurn(rec)) return rec.hold ?? rec.updatedAt;
    return clockWake(rec.turnClock);
  }

  /**
   * The table paused now for a tournament's organisers (`GameTable.paused`; a flag,
   * docs/rules/tournaments.md "Flagging a game"): moves are refused (`table/paused`), its turn
   * clock and computers wait. No new revision (the buttons stay valid). Undefined when there is
   * nothing to pause: a table not being played, one paused already, or a real-time game (its
   * steps run on time; it plays on while the organisers look).
   */
  paused(rec: GameTable<G, C, S, M>): GameTable<G, C, S, M> | undefined {
    if (rec.status !== "playing" || rec.paused || this.seatPlay?.realtime) return undefined;
    return { ...rec, paused: this.now() };
  }

  /**
   * A paused table playing again: the turn's clock (its warning and time-out) and a computer's
   * hold moved on by the time it was paused, so nobody loses the time the organisers took.
   * Undefined when it is not paused.
   */
  unpaused(rec: GameTable<G, C, S, M>): GameTable<G, C, S, M> | undefined {
    if (!rec.paused) return undefined;
    const shift = Math.max(0, this.now() - rec.paused);
    const { paused: _paused, ...rest } = rec;
    const tc = rec.turnClock;
    const turnClock = tc && {
      ...tc,
      due: tc.due === null ? null : tc.due + shift,
      warnAt: tc.warnAt === null ? null : tc.warnAt + shift,
    };
    return { ...rest, turnClock, hold: rec.hold ? rec.hold + shift : (rec.hold ?? null) };
  }

  /** The record with its turn clock brought up to date after a change from `prev`. */
  clocked(prev: GameTable<G, C, S, M> | undefined, next: GameTable<G, C, S, M>): GameTable<G, C, S, M> {
    if (next.status !== "playing" || !next.state) return next.turnClock || next.hold ? { ...next, turnClock: null, hold: null } : next;
    const seat = this.turnOf(next.state);
    const before = prev?.status === "playing" ? prev.state : null;
    const sameTurn = !!before && (before.version === next.state.version || (this.seatPlay?.continuesTurn?.(before, next.state) ?? false));
    // A tournament player's first turn of the game has a grace period to find the table's thread.
    const grace = next.event && !next.moves.some((m) => m.seat === seat) ? EVENT_GRACE_MS : 0;
    const auto = TableTransitions.auto(next.seats[seat]);
    const turnClock = nextTurnClock(next.clock, prev?.turnClock, seat, sameTurn, auto, next.rev, this.now(), grace);
    return { ...next, turnClock, hold: this.holdOf(prev, next, seat, sameTurn) };
  }

  /**
   * Until when a computer to move waits for people who may still act out of turn (see
   * `SeatPlay.waitsFor`): from the first moment of the turn one could, for `holdMs`; null when
   * the seat to move is a person's or nobody is left to decide. Never in a DM (`guildId` null):
   * there the computers move inside the click that handed them the turn, since nothing may
   * move the table later (src/surfaces/answers/chains.ts).
   */
  private holdOf(prev: GameTable<G, C, S, M> | undefined, next: GameTable<G, C, S, M>, seat: number, sameTurn: boolean): number | null {
    const waitsFor = this.seatPlay?.waitsFor;
    const state = next.state;
    if (!waitsFor || !state || this.holdMs <= 0 || !traitsOf(next).movesAlone || !TableTransitions.auto(next.seats[seat])) return null;
    const waiting = next.seats.some((w, i) => i !== seat && !TableTransitions.auto(w) && !w.noHold && waitsFor(state, i));
    if (!waiting) return null;
    return sameTurn && prev?.hold ? prev.hold : this.now() + this.holdMs;
  }

  /** The status after a state: over when the rules give an outcome. */
  private statusOf(state: S): "over" | "playing" {
    return this.def.outcome(state) !== null ? "over" : "playing";
  }

  /**
   * `userId`'s move. A person's own move clears their timeouts and away mark; `auto` marks a
   * move the computer made for the seat. Refuses `table/over`, a stale `rev`,
   * `table/not_started`, `table/not_seated`, and the engine's refusals ("not your turn" names
   * whose turn it is, so no command re-checks the turn to say so).
   */
  played(rec: GameTable<G, C, S, M>, userId: string, move: M, rev?: number, auto = false): GameTable<G, C, S, M> {
    if (rec.status === "over") throw refuse("table/over");
    if (rec.paused) throw refuse("table/paused");
    this.checkRev(rec, rev, userId);
    if (rec.status === "lobby" || !rec.state) throw refuse("table/not_started");
    const state = rec.state;
    const seat = this.seatOf(rec, userId);
    const next = applyAction(this.def, state, { seat, move, version: state.version });
    if (!next.ok) throw this.refusal(rec, state, next.error);
    const me = rec.seats[seat] as Seat;
    const seats = !auto && (me.away || me.timeouts) ? rec.seats.map((s, i) => (i === seat ? present(s) : s)) : rec.seats;
    return this.bump(rec, { state: next.value, seats, moves: [...rec.moves, { seat, move }], status: this.statusOf(next.value) }, userId);
  }

  /** An engine refusal as the player reads it (see `played`). */
  private refusal(rec: GameTable<G, C, S, M>, state: S, e: GameError): UserError {
    if (e.code !== "action/not_your_turn") return UserError.from(e);
    const turn = this.seatPlay?.turnOf?.(state) ?? this.def.actors(state)[0];
    return refuse("action/not_your_turn", {
      name: turn === undefined ? undefined : rec.seats[turn]?.name,
      context: turn === undefined ? "nobody" : undefined,
    });
  }

  /**
   * A real-time table with every action due by `until` applied in time order (the table's own
   * steps and computers' moves), as one new revision; null when nothing was due.
   */
  advanced(rec: GameTable<G, C, S, M>, until: number): GameTable<G, C, S, M> | null {
    const rt = this.seatPlay?.realtime;
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
    return this.bump(rec, { state, moves, status: this.statusOf(state) }, "clock");
  }

  /**
   * `userId`'s move of a real-time game made at `at` (ms), after every table step and computer
   * move due before it (see `advanced`, up to `now`). Refused outright (thrown) when nothing was
   * due; when steps were due and the move is refused, they still happened: `after` holds them
   * and `refused` the refusal.
   */
  raced(rec: GameTable<G, C, S, M>, userId: string, move: M, at: number): Raced<GameTable<G, C, S, M>> {
    if (rec.status === "over") throw refuse("table/over");
    if (rec.status === "lobby" || !rec.state) throw refuse("table/not_started");
    const seat = this.seatOf(rec, userId);
    const base = this.advanced(rec, Math.min(at, this.now())) ?? rec;
    const state = base.state as S;
    const next = applyAction(this.def, state, { seat, move, version: state.version, at });
    if (!next.ok) {
      if (base === rec) throw UserError.from(next.error);
      return { after: base, refused: next.error };
    }
    return {
      after: this.bump(base, { state: next.value, moves: [...base.moves, { seat, move, at }], status: this.statusOf(next.value) }, userId),
      refused: null,
    };
  }

  /**
   * A clock's wake at `now`, decided from the stored turn clock: a lobby idle for 30 minutes
   * closes (`next` null); a real-time table's due steps run (up to `now - windowMs`); a turn
   * that ran out is played with the game's timeout move (the seat marked away after two in a
   * row); a warning is given once (no new revision: the buttons stay valid). Undefined when
   * nothing is due, so a wake never acts twice for one turn.
   */
  woken(
    rec: GameTable<G, C, S, M>,
    windowMs: number,
  ): { readonly event: ClockEvent<GameTable<G, C, S, M>>; readonly next: GameTable<G, C, S, M> | null } | undefined {
    const now = this.now();
    if (rec.status === "lobby")
      return now < rec.updatedAt + LOBBY_IDLE_MS ? undefined : { event: { kind: "lobby_closed", rec }, next: null };
    if (this.seatPlay?.realtime) {
      const next = this.advanced(rec, now - windowMs);
      return next ? { event: { kind: "timed", before: rec, rec: next }, next } : undefined;
    }
    const tc = rec.turnClock;
    if (rec.status !== "playing" || rec.paused || !rec.state || !tc || tc.due === null) return undefined;
    if (now >= tc.due) {
      const done = this.timeoutTurn(rec, tc.seat);
      if (!done) return undefined;
      return { event: { kind: "timeout", before: rec, rec: done, seat: tc.seat, away: !!done.seats[tc.seat]?.away }, next: done };
    }
    if (!tc.warned && tc.warnAt !== null && now >= tc.warnAt) {
      const warned = { ...rec, turnClock: { ...tc, warned: true } };
      return { event: { kind: "warn", rec: warned, seat: tc.seat, due: tc.due }, next: warned };
    }
    return undefined;
  }

  /** Plays a timed-out seat's whole turn with the game's timeout move; null without one. */
  private timeoutTurn(rec: GameTable<G, C, S, M>, seat: number): GameTable<G, C, S, M> | null {
    const rules = this.seatPlay;
    if (!rules?.timeoutMove || !rec.state) return null;
    let state = rec.state;
    const moves = [...rec.moves];
    for (let step = 0; step < 200; step++) {
      const move = rules.timeoutMove(state, seat, seedRng(`${rec.seed}:${state.version}:timeout`));
      const next = applyAction(this.def, state, { seat, move, version: state.version });
      if (!next.ok) throw new Error(`timeout move refused at ${rec.channelId}: ${next.error.code}`);
      moves.push({ seat, move });
      const before = state;
      state = next.value;
      if (this.def.outcome(state) !== null || this.turnOf(state) !== seat || !(rules.continuesTurn?.(before, state) ?? false)) break;
    }
    const timeouts = (rec.seats[seat]?.timeouts ?? 0) + 1;
    const seats = rec.seats.map((s, i) => (i === seat ? { ...s, timeouts, ...(timeouts >= AWAY_AFTER ? { away: true } : {}) } : s));
    return this.bump(rec, { state, moves, seats, status: this.statusOf(state) }, "clock");
  }

  /**
   * The computer move due at `rec`: the seat that moves, its level, the random seed of its choice
   * (the table's seed and state version: a replay picks the same moves) and, when a computer acts
   * out of turn (buying a discard before the active player discards), that move; out-of-turn
   * moves come first. Undefined when no computer move is due (a person's turn, the hold while
   * people may still buy: `SeatPlay.waitsFor`).
   */
  private computerDue(rec: GameTable<G, C, S, M> | undefined): ComputerDue<S, M> | undefined {
    const rules = this.seatPlay;
    if (!rules || !rec?.state || rec.status !== "playing" || rec.paused) return undefined;
    const state = rec.state;
    const levelOf = (w: Seat | undefined) => w?.computer ?? (w?.away ? this.takeoverLevel(rec) : undefined);
    const seed = `${rec.seed}:${state.version}`;
    const turn = this.turnOf(state);
    if (rules.outOfTurnMove)
      for (const other of this.def.actors(state)) {
        const level = other === turn ? undefined : levelOf(rec.seats[other]);
        const move = level ? rules.outOfTurnMove(state, other, level, seedRng(seed)) : null;
        if (level && move !== null) return { state, seat: other, level, seed, move };
      }
    const level = levelOf(rec.seats[turn]);
    if (!level || !rules.computerMove) return undefined;
    // The seat to move waits while people may still act out of turn (`SeatPlay.waitsFor`).
    if (rec.hold && this.now() < rec.hold) return undefined;
    return { state, seat: turn, level, seed, move: null };
  }

  /**
   * The search to run before the computer move due at `rec` (`SeatPlay.thought`), with the state
   * version it is for; null when the move due is made inline, or none is due.
   */
  thoughtFor(rec: GameTable<G, C, S, M> | undefined): { readonly version: number; readonly seat: number; readonly job: ThoughtJob } | null {
    const due = this.computerDue(rec);
    if (!due || due.move !== null) return null;
    const job = this.seatPlay?.thought?.(due.state, due.seat, due.level, due.seed) ?? null;
    return job && { version: due.state.version, seat: due.seat, job };
  }

  /**
   * One move for the seat the computer plays (a computer player, or a person marked away, at
   * `normal`), chosen from that seat's view by the game's seat rules (`computerDue`). `thought`
   * is the move a search found off the event loop (`thoughtFor`): played when it was found for
   * this state version and seat, else the move is chosen here (the same move: a search is
   * seeded alike). Undefined when no computer move is due.
   */
  computerPlayed(rec: GameTable<G, C, S, M> | undefined, thought?: Thought<M>): GameTable<G, C, S, M> | undefined {
    const due = this.computerDue(rec);
    const rules = this.seatPlay;
    if (!due || !rec || !rules?.computerMove) return undefined;
    const { state, seat } = due;
    const found = thought && thought.version === state.version && thought.seat === seat ? thought.move : undefined;
    const move = due.move ?? found ?? rules.computerMove(state, seat, due.level, seedRng(due.seed));
    const next = applyAction(this.def, state, { seat, move, version: state.version });
    if (!next.ok) throw new Error(`computer move refused at ${rec.channelId}: ${next.error.code}`);
    const who = rec.seats[seat] as Seat;
    return this.bump(rec, { state: next.value, moves: [...rec.moves, { seat, move }], status: this.statusOf(next.value) }, who.userId);
  }
}

/** A computer move due (`TableTransitions.computerDue`): whose, at what level, its seed, and an out-of-turn move already chosen. */
interface ComputerDue<S, M> {
  readonly state: S;
  readonly seat: number;
  readonly level: ComputerLevel;
  readonly seed: string;
  readonly move: M | null;
}

/** A move a search found for `seat` at state `version` (`TableTransitions.thoughtFor`). */
export interface Thought<M> {
  readonly version: number;
  readonly seat: number;
  readonly move: M;
}
