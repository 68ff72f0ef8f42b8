/**
 * A running table as pure transitions of its record: a person's move, a real-time move after
 * the table's due steps, a computer's move, a clock's wake (warning, timeout move, lobby
 * expiry), the turn clock kept up to date, and when the table next needs the host. Built on the
 * lobby's transitions (src/bot/table-lobby.ts); the table service (src/bot/tables.ts) runs them
 * under the channel's lock and saves what they return. Refusals are thrown as `UserError`s
 * with the engine's code and parameters; a computer, timeout or timed move the rules refuse is
 * a bug (an Error).
 */
import { applyAction, type GameDefinition, type GameError, type VersionedState } from "../engine/definition";
import { seedRng } from "../engine/rng";
import type { Levels } from "../games/catalogue";
import { AWAY_AFTER, clockWake, EVENT_GRACE_MS, LOBBY_IDLE_MS, nextTurnClock } from "./clock";
import { UserError } from "./errors";
import { TableLobby } from "./table-lobby";
import { present, type ClockEvent, type GameTable, type Seat, type SeatRules } from "./table-record";
import { refuse } from "./words";

/** A real-time move's result: the table after it, or (when it was refused) after the steps due before it, with the refusal. */
export interface Raced<R> {
  readonly after: R;
  readonly refused: GameError | null;
}

export class TableRules<G extends string, C, S extends VersionedState, M, V> extends TableLobby<G, C, S, M, V> {
  constructor(
    def: GameDefinition<S, M, V, C> & { readonly id: G },
    seatRules: SeatRules<S, M> | null,
    now: () => number,
    /** How long a computer to move waits for people who may act out of turn, ms (`SeatPlay.waitsFor`). */
    private readonly holdMs = 0,
  ) {
    super(def, seatRules, now);
  }

  /** Each seat's computer level (a person marked away plays as `normal`), null for a person. */
  private levels(rec: GameTable<G, C, S, M>): Levels {
    return rec.seats.map((w) => w.computer ?? (w.away ? "normal" : null));
  }

  /** The seat whose turn it is (the game says, else the first seat that may act), or -1. */
  turnOf(state: S): number {
    return this.seatRules?.turnOf?.(state) ?? this.def.actors(state)[0] ?? -1;
  }

  /** Whether a seat is played by the computer (a computer player, or a person marked away). */
  static auto(seat: Seat | undefined): boolean {
    return !!seat && (!!seat.computer || !!seat.away);
  }

  /** Whether the seat to move is played by the computer (a computer player, or away). */
  autoTurn(rec: GameTable<G, C, S, M> | null | undefined): boolean {
    if (!rec || rec.status !== "playing" || !rec.state) return false;
    return TableRules.auto(rec.seats[this.turnOf(rec.state)]);
  }

  /**
   * When the table's clock next needs the host: a lobby's idle expiry, a turn's warning or
   * timeout, a computer's turn (at once), a real-time table's next step plus `windowMs`; null
   * when nothing is due (ms since the epoch).
   */
  wakeAt(rec: GameTable<G, C, S, M> | null | undefined, windowMs: number): number | null {
    if (!rec) return null;
    if (rec.status === "lobby") return rec.updatedAt + LOBBY_IDLE_MS;
    if (rec.status !== "playing") return null;
    // A computer (or an away seat) to move is due at once: after a restart nothing else would
    // wake the table, since no table is loaded until something is due or someone touches it.
    const rt = this.seatRules?.realtime;
    if (rt && rec.state) {
      const due = rt.dueAt(rec.state, this.levels(rec), rec.seed);
      return due === null ? null : due + windowMs;
    }
    if (this.autoTurn(rec)) return rec.hold ?? rec.updatedAt;
    return clockWake(rec.turnClock);
  }

  /** The record with its turn clock brought up to date after a change from `prev`. */
  clocked(prev: GameTable<G, C, S, M> | undefined, next: GameTable<G, C, S, M>): GameTable<G, C, S, M> {
    if (next.status !== "playing" || !next.state) return next.turnClock || next.hold ? { ...next, turnClock: null, hold: null } : next;
    const seat = this.turnOf(next.state);
    const before = prev?.status === "playing" ? prev.state : null;
    const sameTurn = !!before && (before.version === next.state.version || (this.seatRules?.continuesTurn?.(before, next.state) ?? false));
    // A tournament player's first turn of the game has a grace period to find the table's thread.
    const grace = next.event && !next.moves.some((m) => m.seat === seat) ? EVENT_GRACE_MS : 0;
    const auto = TableRules.auto(next.seats[seat]);
    const turnClock = nextTurnClock(next.clock, prev?.turnClock, seat, sameTurn, auto, next.rev, this.now(), grace);
    return { ...next, turnClock, hold: this.holdOf(prev, next, seat, sameTurn) };
  }

  /**
   * Until when a computer to move waits for people who may still act out of turn (see
   * `SeatPlay.waitsFor`): from the first moment of the turn one could, for `holdMs`; null when
   * the seat to move is a person's or nobody is left to decide.
   */
  private holdOf(prev: GameTable<G, C, S, M> | undefined, next: GameTable<G, C, S, M>, seat: number, sameTurn: boolean): number | null {
    const waitsFor = this.seatRules?.waitsFor;
    const state = next.state;
    if (!waitsFor || !state || this.holdMs <= 0 || !TableRules.auto(next.seats[seat])) return null;
    const waiting = next.seats.some((w, i) => i !== seat && !TableRules.auto(w) && !w.noHold && waitsFor(state, i));
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
    const turn = this.seatRules?.turnOf?.(state) ?? this.def.actors(state)[0];
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
    if (this.seatRules?.realtime) {
      const next = this.advanced(rec, now - windowMs);
      return next ? { event: { kind: "timed", before: rec, rec: next }, next } : undefined;
    }
    const tc = rec.turnClock;
    if (rec.status !== "playing" || !rec.state || !tc || tc.due === null) return undefined;
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
    const rules = this.seatRules;
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
   * One move for the seat the computer plays (a computer player, or a person marked away, at
   * `normal`), chosen from that seat's view by the game's seat rules with randomness seeded by
   * the table's seed and state version (a replay picks the same moves); out-of-turn moves
   * first (a computer buying a discard before the active player discards). Undefined when no
   * computer move is due.
   */
  computerPlayed(rec: GameTable<G, C, S, M> | undefined): GameTable<G, C, S, M> | undefined {
    const rules = this.seatRules;
    if (!rules || !rec?.state || rec.status !== "playing") return undefined;
    const state = rec.state;
    const levelOf = (w: Seat | undefined) => w?.computer ?? (w?.away ? ("normal" as const) : undefined);
    const rng = seedRng(`${rec.seed}:${state.version}`);
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
    if (!who || !level) return undefined;
    // The seat to move waits while people may still act out of turn (Onze: buy its passed-over discard).
    if (move === null && rec.hold && this.now() < rec.hold) return undefined;
    if (move === null) {
      if (!rules.computerMove) return undefined;
      move = rules.computerMove(state, seat, level, rng);
    }
    const next = applyAction(this.def, state, { seat, move, version: state.version });
    if (!next.ok) throw new Error(`computer move refused at ${rec.channelId}: ${next.error.code}`);
    return this.bump(rec, { state: next.value, moves: [...rec.moves, { seat, move }], status: this.statusOf(next.value) }, who.userId);
  }
}
