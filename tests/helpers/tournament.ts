/**
 * Tournament helpers for tests and the stats script: the fewest repeat meetings any pairing of a
 * field into tables of two can make, by an exact search over subsets (fields up to about 20).
 */
import { pairKey, type Meetings } from "../../src/tournament/seating.ts";

/** The fewest repeat meetings any pairing of `players` (an even number) into twos makes, given `met`. */
export function fewestRepeats(players: readonly string[], met: Meetings): number {
  const n = players.length;
  const memo = new Map<number, number>();
  const best = (mask: number): number => {
    if (mask === (1 << n) - 1) return 0;
    const hit = memo.get(mask);
    if (hit !== undefined) return hit;
    let i = 0;
    while (mask & (1 << i)) i++;
    let least = Infinity;
    for (let j = i + 1; j < n; j++)
      if (!(mask & (1 << j))) least = Math.min(least, (met.get(pairKey(players[i]!, players[j]!)) ?? 0) + best(mask | (1 << i) | (1 << j)));
    memo.set(mask, least);
    return least;
  };
  return best(0);
}
