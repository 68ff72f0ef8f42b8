/**
 * Search for computer players of imperfect-information games (issue 66): perfect-information
 * Monte Carlo (PIMC), as the strongest card programs play (GIB in bridge, Skat programs). The
 * searcher sees only its seat's view. A game's *determinizer* deals, from that view and a random
 * source, a full state consistent with everything the view shows (the hidden cards drawn at
 * random from those the seat has not seen); each candidate move is then tried in every sampled
 * state, followed by the replies the game's `reply` searches, and the move with the best mean
 * value over the samples is played. Pure and seeded: the same view and random state give the
 * same move, whatever the hidden cards really are.
 */
import type { RngState } from "./rng.ts";

/**
 * What a game gives the search: shapes `S` (full state), `V` (a seat's view), `M` (a move).
 * Every function is pure.
 */
export interface Determinized<S, V, M> {
  /** A full state consistent with `view` (the hidden cards dealt at random), and the random state after. */
  determinize(view: V, rng: RngState): [S, RngState];
  /** The moves worth searching at `view` (the legal moves, or the best of them): never empty while the seat may move. */
  candidates(view: V): readonly M[];
  /**
   * The value for `seat` of playing `move` in `state` (a sampled state): the move applied by the
   * game's own rules and the replies the game looks at scored, higher better, relative to the
   * other seats (points taken less points given away).
   */
  value(state: S, seat: number, move: M): number;
}

/** How much a decision may search: sampled states (each candidate is tried in every one). */
export interface SearchBudget {
  /** States sampled from the view (default 24). */
  readonly samples: number;
}

/** The default budget: 24 sampled deals a decision (about 30 ms for a two-player ONEXENO turn: `npm run stats:computers`). */
export const DEFAULT_SEARCH: SearchBudget = { samples: 24 };

/**
 * The candidate with the best mean value over `budget.samples` states sampled from `view` for
 * `seat` (ties: the earlier candidate, so a game orders its candidates by preference). Throws if
 * the game offers no candidate (a caller's bug: the seat may not move).
 */
export function searchMove<S, V, M>(
  game: Determinized<S, V, M>,
  view: V,
  seat: number,
  rng: RngState,
  budget: SearchBudget = DEFAULT_SEARCH,
): M {
  const moves = game.candidates(view);
  if (moves.length === 0) throw new Error("search: no candidate move");
  if (moves.length === 1) return moves[0] as M;
  const totals = moves.map(() => 0);
  let r = rng;
  for (let k = 0; k < budget.samples; k++) {
    const [state, next] = game.determinize(view, r);
    r = next;
    moves.forEach((m, i) => {
      totals[i] = (totals[i] as number) + game.value(state, seat, m);
    });
  }
  let best = 0;
  for (let i = 1; i < moves.length; i++) if ((totals[i] as number) > (totals[best] as number)) best = i;
  return moves[best] as M;
}
