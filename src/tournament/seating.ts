/**
 * Seating a tournament round, pure and seeded: table sizes, Swiss (a weighted matching at tables
 * of two: no avoidable repeat, then the closest scores; larger tables: fewest repeats, then the
 * closest scores), progressive (as in progressive play: the top two of a table
 * move up one table, the bottom ones down; table 1 is the top), round-robin (the circle method
 * over one fixed order at tables of two; as evenly as the table size allows above) and rotating partners. The rules are written in
 * the project's words in `docs/rules/tournaments.md`.
 *
 * Players are entrant ids (strings). A seating is a list of tables, each a list of ids in seat
 * order; table 1 (index 0) is the top table.
 */
import blossom from "edmonds-blossom-fixed";
import { seedRng, shuffle } from "../engine/rng.ts";
import { designRound, fewestRepeatTables } from "./designs.ts";

/** How often each pair of players has met at a table, keyed `a|b` with a < b. */
export type Meetings = ReadonlyMap<string, number>;

/** The key of a pair in `Meetings`. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** How often two players met, read from `met`. */
const metIn = (met: Meetings) => (a: string, b: string) => met.get(pairKey(a, b)) ?? 0;

/** Meetings after `tables` were played on top of `before`. */
export function addMeetings(before: Meetings, tables: readonly (readonly string[])[]): Map<string, number> {
  const out = new Map(before);
  for (const t of tables)
    for (let i = 0; i < t.length; i++)
      for (let j = i + 1; j < t.length; j++) {
        const k = pairKey(t[i]!, t[j]!);
        out.set(k, (out.get(k) ?? 0) + 1);
      }
  return out;
}

/** Repeat meetings a seating would make: for each pair at a table, how often they met before. */
export function repeatsOf(tables: readonly (readonly string[])[], met: Meetings): number {
  let n = 0;
  for (const t of tables)
    for (let i = 0; i < t.length; i++) for (let j = i + 1; j < t.length; j++) n += met.get(pairKey(t[i]!, t[j]!)) ?? 0;
  return n;
}

/**
 * Table sizes for `n` players: each one of the game's `allowed` seat counts, as close to
 * `size` as possible (the table furthest from it first), then as even as possible (larger
 * tables first). Null when no split fits.
 */
export function tableSizes(n: number, size: number, allowed: readonly number[]): number[] | null {
  const counts = [...new Set(allowed)].sort((x, y) => x - y);
  if (counts.length === 0 || n < counts[0]!) return null;
  let best: number[] | null = null;
  let bestScore = [Infinity, Infinity, Infinity];
  for (let k = 1; k <= Math.floor(n / counts[0]!); k++) {
    for (const a of counts)
      for (const b of counts) {
        if (b < a) continue;
        // x tables of a and k - x of b make n.
        const x = a === b ? (k * a === n ? k : -1) : (k * b - n) / (b - a);
        if (!Number.isInteger(x) || x < 0 || x > k) continue;
        // Nearest to the asked size first (the table furthest from it), then the most even, then the mean.
        const score = [Math.max(Math.abs((x < k ? b : a) - size), Math.abs((x > 0 ? a : b) - size)), b - a, Math.abs(n / k - size)];
        const at = score.findIndex((v, i) => v !== bestScore[i]);
        if (at >= 0 && score[at]! < bestScore[at]!) {
          bestScore = score;
          best = [...Array<number>(k - x).fill(b), ...Array<number>(x).fill(a)];
        }
      }
  }
  return best;
}

/**
 * Seats a round for `n` players when not every count splits (partners needs tables of 4 or 6):
 * the fewest byes that make a split possible, and the sizes. Null when even one table cannot
 * be filled.
 */
export function sizesWithByes(n: number, size: number, allowed: readonly number[]): { sizes: number[]; byes: number } | null {
  for (let byes = 0; byes < n; byes++) {
    const sizes = tableSizes(n - byes, size, allowed);
    if (sizes) return { sizes, byes };
  }
  return null;
}

/**
 * Who sits out: `count` players with the fewest byes so far, the lowest in `standing` first
 * among equals, so byes go round before anyone has a second.
 */
export function pickByes(standing: readonly string[], count: number, byesSoFar: ReadonlyMap<string, number>): string[] {
  return standing
    .map((id, i) => ({ id, i, b: byesSoFar.get(id) ?? 0 }))
    .sort((x, y) => x.b - y.b || y.i - x.i)
    .slice(0, count)
    .map((x) => x.id);
}

/** Cuts `order` into consecutive tables of `sizes`. */
export function chunk(order: readonly string[], sizes: readonly number[]): string[][] {
  const out: string[][] = [];
  let at = 0;
  for (const s of sizes) {
    out.push(order.slice(at, at + s));
    at += s;
  }
  return out;
}

/** Each player's score so far (placement points; absent: 0), for seating players of equal score together. */
export type Scores = ReadonlyMap<string, number>;

/** The spread of scores at a table: its highest score less its lowest. */
export function scoreSpread(table: readonly string[], scores: Scores): number {
  const xs = table.map((p) => scores.get(p) ?? 0);
  return xs.length ? Math.max(...xs) - Math.min(...xs) : 0;
}

/**
 * What a seating costs, compared lexicographically: repeat meetings first, then the spread of
 * scores at its tables (`scoreSpread`, summed).
 */
function costOf(tables: readonly (readonly string[])[], met: Meetings, scores: Scores): [number, number] {
  return [repeatsOf(tables, met), tables.reduce((s, t) => s + scoreSpread(t, scores), 0)];
}

const lower = (a: readonly [number, number], b: readonly [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1] - 1e-9);

/**
 * Improves a seating by swapping two players of different tables (each table keeps its size)
 * while a swap lowers the cost (`costOf`: repeats, then the spread of scores). Tables further
 * apart than `reach` do not swap. Deterministic; at most `passes` sweeps.
 */
function improve(tables: string[][], met: Meetings, reach: number, scores: Scores = new Map(), passes = 50): string[][] {
  const cost = (t: readonly string[]) => costOf([t], met, scores);
  for (let pass = 0; pass < passes; pass++) {
    let better = false;
    for (let a = 0; a < tables.length; a++)
      for (let b = a + 1; b < Math.min(tables.length, a + 1 + reach); b++)
        for (let i = 0; i < tables[a]!.length; i++)
          for (let j = 0; j < tables[b]!.length; j++) {
            const ta = tables[a]!;
            const tb = tables[b]!;
            const [ra, sa] = cost(ta);
            const [rb, sb] = cost(tb);
            const na = ta.slice();
            const nb = tb.slice();
            [na[i], nb[j]] = [tb[j]!, ta[i]!];
            const [rna, sna] = cost(na);
            const [rnb, snb] = cost(nb);
            if (lower([rna + rnb, sna + snb], [ra + rb, sa + sb])) {
              tables[a] = na;
              tables[b] = nb;
              better = true;
            }
          }
    if (!better) break;
  }
  return tables;
}

/** The plain seating by standing (no repeat avoidance): the baseline Swiss is compared with. */
export function seatByStanding(standing: readonly string[], sizes: readonly number[]): string[][] {
  return chunk(standing, sizes);
}

/**
 * Swiss pairing at tables of two (an even number of players): a maximum-weight perfect matching
 * (Edmonds' blossom algorithm, package `edmonds-blossom-fixed`) whose weights put, in order:
 * no pair that met before while a pairing without one exists (then the fewest repeat meetings),
 * the smallest total difference in score, and players next to each other in `standing` (1 v 2,
 * 3 v 4 among equal scores). Tables come top first, the better-standing player in the first seat.
 * Ruling: `docs/rules/tournaments.md`, "Swiss".
 */
export function pairSwiss(standing: readonly string[], met: Meetings, scores: Scores = new Map()): string[][] {
  const n = standing.length;
  if (n % 2 !== 0) throw new Error(`pairSwiss needs an even field, got ${n}`);
  if (n === 0) return [];
  // Integer weights (the algorithm is exact on integers): scores are halves at most.
  const score = standing.map((p) => Math.round((scores.get(p) ?? 0) * 2));
  const rankStep = 1;
  const diffStep = rankStep * n * n + 1; // more than every rank term of a whole pairing
  const maxDiff = Math.max(0, ...score) - Math.min(0, ...score);
  const repeatStep = diffStep * (maxDiff + 1) * n + 1; // more than every score term of a whole pairing
  let maxRepeat = 0;
  for (const v of met.values()) maxRepeat = Math.max(maxRepeat, v);
  const top = repeatStep * (maxRepeat + 1) + 1;
  const edges: [number, number, number][] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const repeats = met.get(pairKey(standing[i]!, standing[j]!)) ?? 0;
      const cost = repeats * repeatStep + Math.abs(score[i]! - score[j]!) * diffStep + (j - i) * rankStep;
      edges.push([i, j, top - cost]);
    }
  const mate = blossom(edges, true);
  const tables: string[][] = [];
  for (let i = 0; i < n; i++) {
    const j = mate[i] ?? -1;
    if (j < 0) throw new Error("pairSwiss: the matching left a player unpaired");
    if (i < j) tables.push([standing[i]!, standing[j]!]);
  }
  return tables;
}

/**
 * A Swiss round: players in `standing` order (best first) with their `scores` are seated at
 * tables of `sizes`, top table first. At tables of two: `pairSwiss`. At tables of one larger
 * size, a field of up to `EXACT_FIELD`: the exact fewest repeats, then the smallest spreads of
 * score (`fewestRepeatTables`). Otherwise each table is filled greedily from the best remaining
 * player with the candidates (among the next few by standing) that add the fewest repeat
 * meetings, then swaps between any two tables lower the repeats and, among equal ones, the spread
 * of scores at a table. The result never has more repeats than the plain seating by standing
 * (`seatByStanding`), which it falls back to.
 */
export function seatSwiss(standing: readonly string[], sizes: readonly number[], met: Meetings, scores: Scores = new Map()): string[][] {
  if (sizes.length > 0 && sizes.every((s) => s === 2)) return pairSwiss(standing, met, scores);
  const rank = new Map(standing.map((p, i) => [p, i]));
  const best = (t: readonly string[]) => Math.min(...t.map((p) => rank.get(p) ?? 0));
  const topFirst = (tables: readonly (readonly string[])[]) =>
    tables.map((t) => t.slice().sort((a, b) => rank.get(a)! - rank.get(b)!)).sort((a, b) => best(a) - best(b));
  const exact = sizes.every((s) => s === sizes[0])
    ? fewestRepeatTables(standing, sizes[0] ?? 0, metIn(met), (t) => scoreSpread(t, scores))
    : null;
  if (exact) return topFirst(exact);
  const plain = seatByStanding(standing, sizes);
  const left = standing.slice();
  const tables: string[][] = [];
  for (const size of sizes) {
    const table = [left.shift()!];
    while (table.length < size) {
      const window = left.slice(0, Math.max(size * 2, 4));
      let pick = 0;
      let least = Infinity;
      window.forEach((p, i) => {
        const r = table.reduce((s, q) => s + (met.get(pairKey(p, q)) ?? 0), 0);
        if (r < least) {
          least = r;
          pick = i;
        }
      });
      table.push(left.splice(pick, 1)[0]!);
    }
    tables.push(table);
  }
  const ours = improve(tables, met, sizes.length, scores);
  // Top table first: the tables ordered by their best standing player.
  const sorted = topFirst(ours);
  return repeatsOf(sorted, met) <= repeatsOf(plain, met) ? sorted : plain;
}

/**
 * Round `round` (1-based) of the circle method over one fixed `order`: the first player stays,
 * the others turn one place a round. Pairs of seats, first seat first; with an odd field a
 * `null` stands for the seat nobody fills (its partner sits out), so over n rounds (n odd) or
 * n - 1 (n even) everyone meets everyone exactly once and sits out at most once.
 */
export function circlePairs(order: readonly string[], round: number): [string | null, string | null][] {
  const circle: (string | null)[] = order.length % 2 === 0 ? [...order] : [...order, null];
  const n = circle.length;
  if (n < 2) return [];
  const fixed = circle[0]!;
  const rest = circle.slice(1);
  const r = (((round - 1) % (n - 1)) + (n - 1)) % (n - 1);
  const turned = [fixed, ...rest.slice(n - 1 - r), ...rest.slice(0, n - 1 - r)];
  return Array.from({ length: n / 2 }, (_, i) => [turned[i]!, turned[n - 1 - i]!] as [string | null, string | null]);
}

/**
 * A round-robin round at tables larger than two (tables of two use `circlePairs` over the
 * event's fixed order): where the field is the whole `fixed` order at tables of one size with a
 * schedule where everyone meets everyone once (`designRound`: an affine plane, Kirkman's), its
 * round; else the exact fewest repeats of this round for a field of up to `EXACT_FIELD` at tables
 * of one size (`fewestRepeatTables`); else players meet as evenly as the table size allows, a
 * seeded shuffle seated to avoid repeats and improved by swaps between any tables, the best of 8.
 */
export function seatRoundRobin(
  players: readonly string[],
  sizes: readonly number[],
  round: number,
  met: Meetings,
  seed: string,
  fixed: readonly string[] = players,
): string[][] {
  const uniform = sizes.length > 0 && sizes.every((s) => s === sizes[0]);
  const whole = fixed.length === players.length && fixed.every((p) => players.includes(p));
  const design = uniform && whole ? designRound(fixed, sizes[0]!, round) : null;
  if (design) return design;
  const exact = uniform ? fewestRepeatTables(players, sizes[0]!, metIn(met)) : null;
  if (exact) return exact;
  let best: string[][] | null = null;
  for (let attempt = 0; attempt < 8; attempt++) {
    const [order] = shuffle(seedRng(`${seed}:rr:${round}:${attempt}`), players);
    const seated = improve(seatSwiss(order, sizes, met), met, sizes.length);
    if (!best || repeatsOf(seated, met) < repeatsOf(best, met)) best = seated;
  }
  return best!;
}

/** How many at the top of a table of `size` never move down in a progressive round: two, or the winner at a table of two. */
export function progressiveTop(size: number): number {
  return Math.min(2, size - 1);
}

/**
 * How many cross each boundary of a progressive round: `flows[t]` players go down from table
 * t + 1 to table t + 2 (1-based) and as many come up the other way, so every table keeps its size.
 * Two a boundary where the tables allow it, fewer where they do not: nobody in a table's top
 * two (`progressiveTop`) moves down, and nobody both comes up and goes down. At tables of 4 or
 * more, the top two go up and the bottom two down; at tables of 3, the winner goes up and the
 * last down; at tables of 2, the winner up and the loser down. `sizes` are the previous
 * round's tables, top table first.
 */
export function progressiveFlows(sizes: readonly number[]): number[] {
  const flows: number[] = [];
  for (let t = 0; t + 1 < sizes.length; t++) {
    const size = sizes[t]!;
    const cameUp = t > 0 ? flows[t - 1]! : 0;
    flows.push(Math.max(0, Math.min(2, size - cameUp, size - progressiveTop(size), sizes[t + 1]!)));
  }
  return flows;
}

interface Mover {
  readonly id: string;
  /** The table played last round (0 = top; new players: one below the last). */
  readonly origin: number;
  /** Place at that table, 0 = best. */
  readonly place: number;
  /** Among its table's top (`progressiveTop`): never moves below `origin`. */
  readonly top: boolean;
}

/**
 * The next progressive round from the last one (the rules: `docs/rules/tournaments.md`).
 * `finish` lists each table's players best first (table 1 first); `sizes` are the new round's
 * tables; `present` everyone to seat (absent ones are left out, new ones join the bottom table).
 *
 * The exchange between neighbouring tables is balanced (`progressiveFlows`), so with the same
 * players as last round nobody moves more than one table and nobody in a table's top two moves
 * down. When players dropped or joined, tables are evened out to `sizes` by moving the fewest
 * players between neighbouring tables, choosing first those for whom the move keeps both rules
 * (one who came up returns, a middle player steps), and only when nothing else is left someone
 * who then moves two tables or a top-two player down.
 */
export function seatProgressive(finish: readonly (readonly string[])[], sizes: readonly number[], present: readonly string[]): string[][] {
  const here = new Set(present);
  const played = finish.map((table) => table.filter((id) => here.has(id)));
  const flows = progressiveFlows(played.map((x) => x.length));
  const tables: Mover[][] = sizes.map(() => []);
  const last = sizes.length - 1;
  const put = (m: Mover, target: number) => tables[Math.min(last, Math.max(0, target))]!.push(m);
  played.forEach((table, t) => {
    const up = t > 0 ? flows[t - 1]! : 0;
    const down = t < flows.length ? flows[t]! : 0;
    table.forEach((id, place) => {
      const m: Mover = { id, origin: t, place, top: place < progressiveTop(table.length) };
      put(m, place < up ? t - 1 : place >= table.length - down ? t + 1 : t);
    });
  });
  const seen = new Set(played.flat());
  present.filter((id) => !seen.has(id)).forEach((id, i) => put({ id, origin: played.length, place: i, top: false }, played.length));
  // Even out to `sizes`, top table first, moving one player at a time between neighbours.
  const harm = (m: Mover, to: number) => (Math.abs(to - m.origin) > 1 ? 2 : 0) + (m.top && to > m.origin ? 1 : 0);
  const better = (a: Mover, b: Mover) => a.origin - b.origin || a.place - b.place;
  const take = (from: number, to: number): Mover | undefined => {
    const pool = tables[from]!;
    if (!pool.length) return undefined;
    // Least harm; going down, the weakest first; going up, the strongest first.
    const pick = pool.slice().sort((a, b) => harm(a, to) - harm(b, to) || (to > from ? -better(a, b) : better(a, b)))[0]!;
    pool.splice(pool.indexOf(pick), 1);
    return pick;
  };
  for (let t = 0; t <= last; t++) {
    while (tables[t]!.length > sizes[t]! && t < last) tables[t + 1]!.push(take(t, t + 1)!);
    for (let below = t + 1; tables[t]!.length < sizes[t]! && below <= last; ) {
      const m = take(below, t);
      if (m) tables[t]!.push(m);
      else below++;
    }
  }
  // Within a table: those who came up first, then those who stayed, then those who came down.
  return tables.map((x, t) =>
    x
      .slice()
      .sort((a, b) => Math.sign(t - a.origin) - Math.sign(t - b.origin) || better(a, b))
      .map((m) => m.id),
  );
}

/** How often each pair has been partners, keyed like `Meetings`. */
export type Partnerships = ReadonlyMap<string, number>;

/**
 * Seats a partners table so that partners repeat as little as possible: seats i and i + 2 (and
 * i + 4 at six) are partners (the partners games' `teamOf`). Tries every split of the
 * table into pairs (3 for four players, 15 for six) and keeps the first with the fewest repeats.
 */
export function arrangePartners(table: readonly string[], partners: Partnerships): string[] {
  const pairings = (xs: readonly string[]): string[][][] => {
    if (xs.length === 0) return [[]];
    const [first, ...rest] = xs;
    const out: string[][][] = [];
    rest.forEach((p, i) => {
      for (const more of pairings([...rest.slice(0, i), ...rest.slice(i + 1)])) out.push([[first!, p], ...more]);
    });
    return out;
  };
  let best: string[][] | null = null;
  let least = Infinity;
  for (const p of pairings(table)) {
    const r = p.reduce((s, [a, b]) => s + (partners.get(pairKey(a!, b!)) ?? 0), 0);
    if (r < least) {
      least = r;
      best = p;
    }
  }
  const teams = best!;
  const k = teams.length;
  // Seat j of team t sits at t + j * k, so seats i and i + k are partners.
  const seats: string[] = new Array(table.length);
  teams.forEach((team, t) => team.forEach((id, j) => (seats[t + j * k] = id)));
  return seats;
}
