/**
 * The contract every game implements, and the single entry point that applies actions.
 *
 * Shape after boardgame.io's game definition: setup, legal-move enumeration, apply, player
 * view, outcome. Two additions make it fit the later games:
 * - `actors(state)` lists every seat that may act *now*, so out-of-turn actions (buying
 *   a discard) are first-class, not special cases;
 * - an `Action` carries `at` (milliseconds, supplied by the host, never read from a clock
 *   inside the engine), so simultaneous real-time actions (a race) stay pure and
 *   replayable.
 */
import { err, type GameError, type Result } from "./result.ts";
import type { SeedDerivation } from "./rng.ts";

/**
 * The seat of the table itself in real-time games: the dealer and caller (a race turns its
 * pieces as this seat's `clock` moves, timed by the host). Never a person's seat.
 */
export const HOST_SEAT = -1;

/**
 * The strengths a computer player comes in, weakest first (each game's computer reads its own
 * view and plays at the level of its seat; each game says which it offers: `SeatPlay.levels`):
 * `easy` plays carelessly, `normal` by one-move rules, `expert` searches the cards it has not
 * seen (src/engine/search.ts).
 */
export const COMPUTER_LEVELS = ["easy", "normal", "expert"] as const;
/** A computer player's strength. */
export type ComputerLevel = (typeof COMPUTER_LEVELS)[number];

/** Every game state is plain JSON carrying its schema and a move counter (`version`). */
export interface VersionedState {
  /** Schema number of the JSON shape; bumped with a migration when the shape changes. */
  readonly schema: number;
  /** Number of accepted actions so far; an action built on another version is refused. */
  readonly version: number;
}

/** A move submitted by one seat against one state version. */
export interface Action<M> {
  /** Seat index (0-based) of the actor. */
  readonly seat: number;
  readonly move: M;
  /** The state version the actor saw when choosing the move (e.g. from a customId). */
  readonly version: number;
  /** Host time in ms since the epoch, for real-time games; turn-based games ignore it. */
  readonly at?: number;
}

/** An action the host makes happen at a time: the table's own step (`HOST_SEAT`) or a computer's move. */
export interface TimedAction<M> {
  readonly seat: number;
  readonly move: M;
  /** When it happens, ms since the epoch. */
  readonly at: number;
}

/** How a game ended: final scores per seat and the winning seats (ties: several). */
export interface Outcome {
  readonly scores: readonly number[];
  readonly winners: readonly number[];
}

/**
 * One game's rules. `S` state, `M` move, `V` player view, `C` table configuration.
 * All functions are pure: no clock, no global randomness, no I/O.
 */
export interface GameDefinition<S extends VersionedState, M, V, C> {
  /** Stable id, e.g. `race`. */
  readonly id: string;
  /** Allowed seat counts for a configuration. */
  seatCounts(config: C): readonly number[];
  /**
   * Deals a new game for `seats` players from a text seed, turned into the generator's state by
   * `derivation` (absent: `SEED_DERIVATION`; a record names the one it was dealt with);
   * refuses bad configurations.
   */
  setup(config: C, seats: number, seed: string, derivation?: SeedDerivation): Result<S>;
  /** Seats that may act in `state` now (empty when the game is over). */
  actors(state: S): readonly number[];
  /** Every legal move of `seat` in `state` (empty if the seat may not act). */
  legalMoves(state: S, seat: number): M[];
  /** Applies a move; refusals carry a stable code. Must not bump `version` itself. */
  apply(state: S, seat: number, move: M, at: number | undefined): Result<S>;
  /** What `seat` may see (null = spectator). The only way hidden cards leave the engine. */
  view(state: S, seat: number | null): V;
  /** Null while the game runs. */
  outcome(state: S): Outcome | null;
}

/**
 * Applies an action through the definition, after the checks every game shares:
 * `action/stale_state_id` when `action.version` is not the state's version,
 * `action/game_over` after the end, `action/not_your_turn` when the seat may not act,
 * `action/bad_move` when the move is not a plain object with a string `kind` (every game's
 * moves are; a stored or hand-made move of another shape is refused, never thrown on).
 * On success the returned state has `version + 1`.
 */
export function applyAction<S extends VersionedState, M, V, C>(def: GameDefinition<S, M, V, C>, state: S, action: Action<M>): Result<S> {
  if (action.version !== state.version) {
    return err("action/stale_state_id", "This table has moved on since that choice was made.");
  }
  if (def.outcome(state) !== null) {
    return err("action/game_over", "This game is over.");
  }
  if (!def.actors(state).includes(action.seat)) {
    return err("action/not_your_turn", "It is not your turn.");
  }
  const move: unknown = action.move;
  if (typeof move !== "object" || move === null || Array.isArray(move) || typeof (move as { kind?: unknown }).kind !== "string") {
    return err("action/bad_move", "That is not a move of this game.");
  }
  const next = def.apply(state, action.seat, action.move, action.at);
  if (!next.ok) return next;
  return { ok: true, value: { ...next.value, version: state.version + 1 } };
}

export type { GameError };
