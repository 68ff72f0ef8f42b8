/**
 * Seating a tournament round, pure and seeded: table sizes, Swiss (grouped by standing,
 * avoiding repeat opponents), progressive (as in Progressive Cardeno: the top two of a table
 * move up one table, the bottom ones down; table 1 is the top), round-robin (everyone meets
 * everyone as evenly as the table size allows) and rotating partners. The rules are written in
 * the project's words in `docs/rules/tournaments.md`.
 *
 * Players are entrant ids (strings). A seating is a list of tables, each a list of ids in seat
 * order; table 1 (index 0) is the top table.
 */
import { seedRng, shuffle } from "../engine/rng";

/** How often each pair of players has met at a table, keyed `a|b` with a < b. */
export type Meetings = ReadonlyMap<string, number>;

/** The key of a pair in `Meetings`. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

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

/**
 * Improves a seating by swapping players between tables, keeping each table's size, while a
 * swap lowers the repeat count (and, among equal ones, keeps players near their standing: only
 * tables within `reach` of each other swap). Deterministic.
 */
function improve(tables: string[][], met: Meetings, reach: number): string[][] {
  const cost = (t: readonly string[]) => repeatsOf([t], met);
  let better = true;
  for (let pass = 0; better && pass < 50; pass++) {
    better = false;
    for (let a = 0; a < tables.length; a++)
      for (let b = a + 1; b < Math.min(tables.length, a + 1 + reach); b++) {
        const ta = tables[a]!;
        const tb = tables[b]!;
        for (let i = 0; i < ta.length; i++)
          for (let j = 0; j < tb.length; j++) {
            const before = cost(ta) + cost(tb);
            const na = ta.slice();
            const nb = tb.slice();
            [na[i], nb[j]] = [tb[j]!, ta[i]!];
            if (cost(na) + cost(nb) < before) {
              tables[a] = na;
              tables[b] = nb;
              better = true;
              return improve(tables, met, reach);
            }
          }
      }
  }
  return tables;
}

/** The plain seating by standing (no repeat avoidance): the baseline Swiss is compared with. */
export function seatByStanding(standing: readonly string[], sizes: readonly number[]): string[][] {
  return chunk(standing, sizes);
}

/**
 * A Swiss round: players in `standing` order (best first) are grouped into tables of `sizes`,
 * top table first. Each table is filled greedily from the best remaining player with the
 * candidates (among the next few by standing) that add the fewest repeat meetings; swaps
 * between neighbouring tables then remove repeats that remain. The result never has more
 * repeats than the plain seating by standing (`seatByStanding`), which it falls back to.
 */
export function seatSwiss(standing: readonly string[], sizes: readonly number[], met: Meetings): string[][] {
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
  const ours = improve(tables, met, 2);
  return repeatsOf(ours, met) <= repeatsOf(plain, met) ? ours : plain;
}

/**
 * A round-robin round: players meet as evenly as the table size allows. Tables of two with an
 * even field use the circle method (everyone meets everyone once in n - 1 rounds); otherwise a
 * seeded shuffle, seated to avoid repeats and improved by swaps between any tables.
 */
export function seatRoundRobin(
  players: readonly string[],
  sizes: readonly number[],
  round: number,
  met: Meetings,
  seed: string,
): string[][] {
  if (sizes.every((s) => s === 2) && players.length % 2 === 0) {
    const n = players.length;
    const fixed = players[0]!;
    const rest = players.slice(1);
    const r = (round - 1) % (n - 1);
    const rotated = [...rest.slice(n - 1 - r), ...rest.slice(0, n - 1 - r)];
    const circle = [fixed, ...rotated];
    return Array.from({ length: n / 2 }, (_, i) => [circle[i]!, circle[n - 1 - i]!]);
  }
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
 * i + 4 at six) are partners, as in ONEXENO partners (`teamOf`). Tries every split of the
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
