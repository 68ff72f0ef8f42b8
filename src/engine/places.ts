/**
 * Finishing places from a game's outcome, for every game: the winners' score tells whether high
 * or low scores are better (some games count points won, others penalty points), and
 * seats with equal scores share the better place (1-based, "1224" ranking).
 */
import type { Outcome } from "./definition.ts";

/**
 * The place of each seat (1 = first). Equal scores share a place; the next distinct score takes
 * the place after all those ahead of it. `[30, 10, 30, 5]` with high better → `[1, 3, 1, 4]`.
 */
export function placesOf(outcome: Outcome): number[] {
  const { scores, winners } = outcome;
  if (scores.length === 0) return [];
  const best = winners.length > 0 ? scores[winners[0]!]! : Math.max(...scores);
  const highBetter = best === Math.max(...scores);
  const better = (a: number, b: number) => (highBetter ? a > b : a < b);
  return scores.map((s) => 1 + scores.filter((t) => better(t, s)).length);
}
