/**
 * Schedules where everyone meets everyone exactly once at tables larger than two, and the
 * fewest repeat meetings a round can seat: what round robin and Swiss at tables of 3 to 6 use
 * before any heuristic (docs/rules/tournaments.md, "Formats").
 *
 * - **Affine planes** AG(2, q) for q = 3, 4, 5, 7 (a prime power): q² players at q tables of q,
 *   q + 1 rounds (its parallel classes), each pair at one table exactly once. 9 players at tables
 *   of 3, 16 at tables of 4 (the audit's case: 16 players over 5 rounds), 25 of 5, 49 of 7.
 * - **Kirkman's schoolgirls**, KTS(15): 15 players at tables of 3 over 7 rounds (Kirkman 1850),
 *   and a Kirkman triple system of 21 (10 rounds) invariant under x -> x + 3 (mod 21): one round
 *   and its 6 shifts, and 3 rounds each made of one triple's 7 shifts (`KIRKMAN_21`, found by a
 *   search over such base triples and checked in tests/tournament/designs.test.ts).
 * - **The fewest repeats of one round** (`fewestRepeatTables`): an exact search over the field's
 *   subsets (dynamic programming on bitmasks) for fields of up to 16 at tables of one size, so a
 *   round is never seated with a repeat meeting some other seating avoids.
 */

/** Addition and multiplication tables of GF(4) = {0, 1, a, a + 1} (a² = a + 1), elements as 0..3. */
const GF4_ADD = [
  [0, 1, 2, 3],
  [1, 0, 3, 2],
  [2, 3, 0, 1],
  [3, 2, 1, 0],
];
const GF4_MUL = [
  [0, 0, 0, 0],
  [0, 1, 2, 3],
  [0, 2, 3, 1],
  [0, 3, 1, 2],
];

/** The field GF(q) for q in 3, 4, 5, 7: its addition and multiplication on 0..q-1. */
function field(q: number): { add(a: number, b: number): number; mul(a: number, b: number): number } | null {
  if (q === 4) return { add: (a, b) => GF4_ADD[a]![b]!, mul: (a, b) => GF4_MUL[a]![b]! };
  if (q === 3 || q === 5 || q === 7) return { add: (a, b) => (a + b) % q, mul: (a, b) => (a * b) % q };
  return null;
}

/**
 * Round `round` (1-based; after q + 1 rounds the schedule starts again) of the affine plane
 * AG(2, q) over `players` (q² of them, point (x, y) is player x·q + y): the lines of one
 * parallel class, each a table of q. Round 1: the lines x = c; round m + 2: the lines
 * y = m·x + b. Null when the field is not q² for a q the module has.
 */
export function affineRound(players: readonly string[], round: number): string[][] | null {
  const q = Math.round(Math.sqrt(players.length));
  const f = q * q === players.length ? field(q) : null;
  if (!f) return null;
  const r = (round - 1) % (q + 1);
  const at = (x: number, y: number) => players[x * q + y]!;
  if (r === 0) return Array.from({ length: q }, (_, c) => Array.from({ length: q }, (_, y) => at(c, y)));
  const m = r - 1;
  return Array.from({ length: q }, (_, b) => Array.from({ length: q }, (_, x) => at(x, f.add(f.mul(m, x), b))));
}

/** A solution of Kirkman's schoolgirl problem: 7 days of 5 rows of 3, over girls 0..14. */
const KIRKMAN_15: readonly (readonly (readonly number[])[])[] = [
  [
    [0, 5, 10],
    [1, 6, 11],
    [2, 7, 12],
    [3, 8, 13],
    [4, 9, 14],
  ],
  [
    [0, 1, 4],
    [2, 3, 6],
    [7, 8, 11],
    [9, 10, 13],
    [12, 14, 5],
  ],
  [
    [1, 2, 5],
    [3, 4, 7],
    [8, 9, 12],
    [10, 11, 14],
    [13, 0, 6],
  ],
  [
    [4, 5, 8],
    [6, 7, 10],
    [11, 12, 0],
    [13, 14, 2],
    [1, 3, 9],
  ],
  [
    [2, 4, 10],
    [3, 5, 11],
    [6, 8, 14],
    [7, 9, 0],
    [12, 13, 1],
  ],
  [
    [4, 6, 12],
    [5, 7, 13],
    [8, 10, 1],
    [9, 11, 2],
    [14, 0, 3],
  ],
  [
    [10, 12, 3],
    [11, 13, 4],
    [14, 1, 7],
    [0, 2, 8],
    [5, 6, 9],
  ],
];

/**
 * A Kirkman triple system of 21 by its base blocks under x -> x + 3 (mod 21): `round` (a
 * parallel class) shifted by 0, 3, …, 18 gives 7 rounds, and each of `classes`' triples with
 * its 7 shifts gives one more round each.
 */
const KIRKMAN_21 = {
  round: [
    [0, 3, 9],
    [1, 6, 20],
    [2, 7, 18],
    [4, 11, 12],
    [5, 13, 15],
    [8, 14, 17],
    [10, 16, 19],
  ],
  classes: [
    [0, 1, 2],
    [0, 4, 8],
    [0, 7, 17],
  ],
} as const;

/** KTS(21)'s 10 rounds over girls 0..20, developed from `KIRKMAN_21`. */
const KIRKMAN_21_ROUNDS: readonly (readonly (readonly number[])[])[] = [
  ...Array.from({ length: 7 }, (_, s) => KIRKMAN_21.round.map((t) => t.map((x) => (x + 3 * s) % 21))),
  ...KIRKMAN_21.classes.map((t) => Array.from({ length: 7 }, (_, s) => t.map((x) => (x + 3 * s) % 21))),
];

/** Round `round` (1-based, repeating) of a Kirkman schedule over 15 or 21 `players` at tables of 3; null for another field. */
export function kirkmanRound(players: readonly string[], round: number): string[][] | null {
  const rounds = players.length === 15 ? KIRKMAN_15 : players.length === 21 ? KIRKMAN_21_ROUNDS : null;
  return rounds ? rounds[(round - 1) % rounds.length]!.map((row) => row.map((i) => players[i]!)) : null;
}

/**
 * Round `round` of a schedule where everyone meets everyone exactly once over `players` (the
 * event's fixed order) at tables of `size`: an affine plane or Kirkman's; null where the module
 * has none for that field and size.
 */
export function designRound(players: readonly string[], size: number, round: number): string[][] | null {
  if (size * size === players.length) return affineRound(players, round);
  if (size === 3) return kirkmanRound(players, round);
  return null;
}

/** Largest field `fewestRepeatTables` searches exactly. */
export const EXACT_FIELD = 16;

/**
 * The seating of `players` at tables of `size` (all one size, `players.length` a multiple of it,
 * at most `EXACT_FIELD` players) with the fewest repeat meetings (`met(a, b)`: how often two
 * players met before), then the smallest sum
 * of score spreads at its tables (`spread`): exact, by dynamic programming over the subsets of
 * the field (each step seats the lowest player left with every choice of table-mates). Null for
 * a field it does not search.
 */
export function fewestRepeatTables(
  players: readonly string[],
  size: number,
  met: (a: string, b: string) => number,
  spread: (table: readonly string[]) => number = () => 0,
): string[][] | null {
  const n = players.length;
  if (n === 0 || n > EXACT_FIELD || size < 2 || n % size !== 0) return null;
  const repeat = new Int32Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) repeat[i * n + j] = met(players[i]!, players[j]!);
  // Cost of a table: repeats weigh more than any total of spreads (scores are small halves).
  const WEIGHT = 1e6;
  const full = (1 << n) - 1;
  const best = new Map<number, { cost: number; table: number[] }>();
  const solve = (mask: number): number => {
    if (mask === full) return 0;
    const hit = best.get(mask);
    if (hit) return hit.cost;
    let first = 0;
    while (mask & (1 << first)) first++;
    const free: number[] = [];
    for (let i = first + 1; i < n; i++) if (!(mask & (1 << i))) free.push(i);
    let least = Infinity;
    let pick: number[] = [];
    const choose = (from: number, table: number[]) => {
      if (table.length === size) {
        let r = 0;
        for (let a = 0; a < size; a++) for (let b = a + 1; b < size; b++) r += repeat[table[a]! * n + table[b]!]!;
        let m = mask;
        for (const i of table) m |= 1 << i;
        const cost = r * WEIGHT + spread(table.map((i) => players[i]!)) + solve(m);
        if (cost < least) {
          least = cost;
          pick = table.slice();
        }
        return;
      }
      for (let k = from; k <= free.length - (size - table.length); k++) choose(k + 1, [...table, free[k]!]);
    };
    choose(0, [first]);
    best.set(mask, { cost: least, table: pick });
    return least;
  };
  solve(0);
  const tables: string[][] = [];
  for (let mask = 0; mask !== full; ) {
    const { table } = best.get(mask)!;
    tables.push(table.map((i) => players[i]!));
    for (const i of table) mask |= 1 << i;
  }
  return tables;
}
