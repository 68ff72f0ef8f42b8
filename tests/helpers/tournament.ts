/**
 * Tournament helpers for tests and the stats script: the fewest repeat meetings any pairing of a
 * field into tables of two can make, by an exact search over subsets (fields up to about 20).
 */
import { begun, joined, newEvent, seated, tablesInPlay, withThread, type EventRequest } from "../../src/bot/tournament-rules.ts";
import type { Tournament } from "../../src/bot/tournament-record.ts";
import { GAME_SET } from "../../commands/index.ts";
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

/**
 * The fewest repeat meetings any seating of `players` at tables of `size` makes, given `met`: a
 * plain recursion over every partition (the lowest player left with each choice of table-mates),
 * written apart from the bot's own search (src/tournament/designs.ts) so that each checks the
 * other. For fields of up to 12 or so.
 */
export function fewestRepeatsAt(players: readonly string[], size: number, met: Meetings): number {
  const go = (left: readonly string[]): number => {
    if (left.length === 0) return 0;
    const [first, ...rest] = left;
    let least = Infinity;
    const pick = (from: number, table: string[]) => {
      if (table.length === size) {
        let r = 0;
        for (let a = 0; a < size; a++) for (let b = a + 1; b < size; b++) r += met.get(pairKey(table[a]!, table[b]!)) ?? 0;
        if (r < least) least = Math.min(least, r + go(rest.filter((p) => !table.includes(p))));
        return;
      }
      for (let k = from; k < rest.length; k++) pick(k + 1, [...table, rest[k]!]);
    };
    pick(0, [first!]);
    return least;
  };
  return go(players);
}

/** An organiser's request for a Swiss event of Onze, 2 rounds, no clock, computers filling short tables: tests change what they need. */
export const EVENT_ASK: EventRequest = {
  guildId: "g",
  channelId: "c",
  organiserId: "mod",
  name: "Cup",
  game: "onze",
  format: "swiss",
  rounds: 2,
  tableSize: null,
  clock: null,
  fill: "computer",
  checkInMinutes: 0,
  autoNext: true,
};

/** A running event of `n` people (`p1`…), its first round seated and threaded (`th1`, `th2`…), id `e`. */
export function seatedEvent(ask: EventRequest, n: number): Tournament {
  const catalogue = GAME_SET.catalogue;
  let t = newEvent(catalogue, ask, "e", 0);
  for (let i = 1; i <= n; i++) t = joined(t, { id: `p${i}`, name: `P${i}` });
  t = seated(catalogue, begun(catalogue, t, 0)!)!;
  let k = 0;
  for (const { round, index } of tablesInPlay(t)) t = withThread(t, round.number, index, `th${++k}`);
  return t;
}
