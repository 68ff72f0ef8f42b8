/**
 * Row search for ONEXENO canasta: can a card be melded this turn, and which new rows can a
 * hand lay. Pure and bounded.
 *
 * A row is a path in a small graph: every card in every rotation is an edge from its left
 * edge pattern (3 cells, 8 patterns) to its right edge pattern, weighted by its value; two
 * neighbours match when the left card's right pattern is the right card's left pattern
 * (docs/rules/onexeno-canasta.md "Melding Points", as ruled: 10 < sum <= 20 at all times).
 *
 * The decision `canMeldThisTurn` is exact: it searches outward from the card to meld, keeps
 * track of the physical cards used (no card twice), and prunes with a relaxed table (walks
 * that may reuse cards, computed once per call) which can only over-estimate what is
 * reachable, so pruning never loses a real row. Failures are memoised per (row ends, sum,
 * cards used). Its cost is bounded by the sum limit: a row holds at most 20 points, so a
 * chain is short whatever the hand's size (`npm run bench` prints the worst case over
 * 1,000 seeded two-deck states with the whole pile taken).
 */
import { CELL, cardValue, distinctRotations, isBlack, rotatePattern, type Rotation } from "./cards.ts";
import { ANY_COUNT, type RowCount } from "./canasta-types.ts";

/** A physical card: its card id plus 256 times its deck copy (as in canasta.ts). */
type CardInst = number;
/** A card in a row, as it lies. */
interface RowCard {
  readonly card: CardInst;
  readonly rot: Rotation;
}

const MIN_EXCLUSIVE = 10;
const MAX = 20;

/** Bit mask of the sums 0..20 (bit k = sum k reachable). */
const ALL_SUMS = (1 << (MAX + 1)) - 1;

const idOf = (c: CardInst) => c & 0xff;
const valueOf = (c: CardInst) => cardValue(c & 0xff);

/** Left edge pattern (top, middle, bottom cells) of a card lying in rotation `rot`, 0..7. */
export function leftEdge(card: CardInst, rot: Rotation): number {
  const p = rotatePattern(idOf(card), rot);
  return (isBlack(p, CELL.TL) ? 4 : 0) | (isBlack(p, CELL.L) ? 2 : 0) | (isBlack(p, CELL.BL) ? 1 : 0);
}

/** Right edge pattern (top, middle, bottom cells) of a card lying in rotation `rot`, 0..7. */
export function rightEdge(card: CardInst, rot: Rotation): number {
  const p = rotatePattern(idOf(card), rot);
  return (isBlack(p, CELL.TR) ? 4 : 0) | (isBlack(p, CELL.R) ? 2 : 0) | (isBlack(p, CELL.BR) ? 1 : 0);
}

/** One way a card can lie: an edge of the pattern graph. */
interface Tile {
  readonly card: CardInst;
  readonly rot: Rotation;
  readonly left: number;
  readonly right: number;
  readonly value: number;
}

/** The ways each card id can lie (distinct rotations), computed once. */
const TILES_OF = new Map<number, readonly Omit<Tile, "card">[]>();
function tilesOf(id: number): readonly Omit<Tile, "card">[] {
  let t = TILES_OF.get(id);
  if (!t) {
    t = distinctRotations(id).map((rot) => ({ rot, left: leftEdge(id, rot), right: rightEdge(id, rot), value: cardValue(id) }));
    TILES_OF.set(id, t);
  }
  return t;
}

/** The cards of a hand grouped by card id (copies are interchangeable), with their tiles. */
class Pool {
  /** Instances still free, per card id. */
  private readonly free = new Map<number, CardInst[]>();
  /** Tiles by left pattern and by right pattern (one per card id and distinct rotation). */
  readonly byLeft: Tile[][] = [[], [], [], [], [], [], [], []];
  readonly byRight: Tile[][] = [[], [], [], [], [], [], [], []];

  constructor(cards: readonly CardInst[]) {
    for (const c of cards) {
      const list = this.free.get(idOf(c));
      if (list) list.push(c);
      else this.free.set(idOf(c), [c]);
    }
    for (const [id, list] of this.free) {
      for (const shape of tilesOf(id)) {
        const t: Tile = { card: list[0] as CardInst, rot: shape.rot, left: shape.left, right: shape.right, value: shape.value };
        (this.byLeft[t.left] as Tile[]).push(t);
        (this.byRight[t.right] as Tile[]).push(t);
      }
    }
  }

  /** Takes a free instance of the tile's card id, or null when none is left. */
  take(t: Tile): CardInst | null {
    const list = this.free.get(idOf(t.card));
    return list && list.length > 0 ? (list.pop() as CardInst) : null;
  }

  give(c: CardInst): void {
    this.free.get(idOf(c))?.push(c);
  }

  /** A key of what is in use, for memoising failures. */
  usedKey(used: readonly CardInst[]): string {
    return used
      .map(idOf)
      .sort((a, b) => a - b)
      .join(".");
  }

  /**
   * Relaxed reach (cards may repeat): for each pattern p, the bit mask of sums of chains that
   * can be laid outward from an end showing p (rightward: tiles by left edge; leftward: by
   * right edge). An over-estimate of the real, card-disjoint reach.
   */
  reach(direction: "right" | "left"): number[] {
    const from = direction === "right" ? this.byLeft : this.byRight;
    const out = new Array<number>(8).fill(1);
    for (let changed = true; changed; ) {
      changed = false;
      for (let p = 0; p < 8; p++) {
        let m = out[p] as number;
        for (const t of from[p] as Tile[]) m |= ((out[direction === "right" ? t.right : t.left] as number) << t.value) & ALL_SUMS;
        if (m !== out[p]) {
          out[p] = m;
          changed = true;
        }
      }
    }
    return out;
  }
}

/** Is any bit of `mask` set in lo..hi (sums; lo may be negative)? */
function anyBitIn(mask: number, lo: number, hi: number): boolean {
  if (hi < lo || hi < 0) return false;
  const range = ((1 << (Math.min(hi, MAX) + 1)) - 1) & ~((1 << Math.max(lo, 0)) - 1);
  return (mask & range) !== 0;
}

/** Does some a in A and b in B have lo <= a + b <= hi (masks of sums)? */
function sumsMeet(a: number, b: number, lo: number, hi: number): boolean {
  for (let x = 0; x <= MAX; x++) if ((a >> x) & 1 && anyBitIn(b, lo - x, hi - x)) return true;
  return false;
}

/**
 * A new row containing `card`, laid from `hand` (which includes `card`), or null when there
 * is none. Exact (see the module note).
 */
export function rowAround(hand: readonly CardInst[], card: CardInst, count: RowCount = ANY_COUNT): RowCard[] | null {
  const others = [...hand];
  const i = others.indexOf(card);
  if (i >= 0) others.splice(i, 1);
  const pool = new Pool(others);
  const right = pool.reach("right");
  const left = pool.reach("left");
  const failed = new Set<string>();
  const used: CardInst[] = [];
  const row: RowCard[] = [];
  // Phase "right": grow the right end; phase "left": grow the left end. Rows are found with
  // every right-hand part first, so each row is met along one path only.
  const grow = (phase: "right" | "left", lp: number, rp: number, sum: number): boolean => {
    if (sum > MIN_EXCLUSIVE && row.length >= count.min) return true;
    if (row.length >= count.max) return false;
    const ok =
      phase === "right"
        ? sumsMeet(right[rp] as number, left[lp] as number, MIN_EXCLUSIVE + 1 - sum, MAX - sum)
        : anyBitIn(left[lp] as number, MIN_EXCLUSIVE + 1 - sum, MAX - sum);
    if (!ok) return false;
    const key = `${phase}|${lp}|${rp}|${sum}|${row.length}|${pool.usedKey(used)}`;
    if (failed.has(key)) return false;
    const tiles = phase === "right" ? (pool.byLeft[rp] as Tile[]) : (pool.byRight[lp] as Tile[]);
    for (const t of tiles) {
      if (sum + t.value > MAX) continue;
      const inst = pool.take(t);
      if (inst === null) continue;
      used.push(inst);
      const rc = { card: inst, rot: t.rot };
      if (phase === "right") row.push(rc);
      else row.unshift(rc);
      const found = phase === "right" ? grow("right", lp, t.right, sum + t.value) : grow("left", t.left, rp, sum + t.value);
      if (found) return true;
      if (phase === "right") row.pop();
      else row.shift();
      used.pop();
      pool.give(inst);
    }
    if (phase === "right" && grow("left", lp, rp, sum)) return true;
    failed.add(key);
    return false;
  };
  for (const rot of distinctRotations(idOf(card))) {
    row.length = 0;
    row.push({ card, rot });
    if (grow("right", leftEdge(card, rot), rightEdge(card, rot), valueOf(card))) return row.slice();
  }
  return null;
}

/**
 * A way to reach `card` from one end of an open `row` by extensions from `hand` (which
 * includes `card`): the cards to add at that end, outward, ending with `card`; null when
 * there is none. The row must stay open (sum below 20) until `card` is added, and never pass
 * 20. Exact: the cheapest chain is searched, and a cheapest chain never repeats a pattern.
 */
export function extensionTo(
  hand: readonly CardInst[],
  row: readonly RowCard[],
  card: CardInst,
  count: RowCount = ANY_COUNT,
): { end: "left" | "right"; cards: RowCard[] } | null {
  if (row.length === 0) return null;
  const rowSum = row.reduce((s, c) => s + valueOf(c.card), 0);
  if (rowSum >= MAX) return null;
  const others = [...hand];
  const i = others.indexOf(card);
  if (i >= 0) others.splice(i, 1);
  const pool = new Pool(others);
  const v = valueOf(card);
  // Before `card` joins, the row may hold at most this much (open, and room for the card).
  const limit = Math.min(MAX - 1, MAX - v);
  for (const end of ["right", "left"] as const) {
    const first = row[end === "right" ? row.length - 1 : 0] as RowCard;
    const start = end === "right" ? rightEdge(first.card, first.rot) : leftEdge(first.card, first.rot);
    // Patterns where `card` attaches, and in which rotation.
    const attach = new Map<number, Rotation>();
    for (const rot of distinctRotations(idOf(card))) attach.set(end === "right" ? leftEdge(card, rot) : rightEdge(card, rot), rot);
    const chain: RowCard[] = [];
    const visited = new Set<number>();
    const used: CardInst[] = [];
    const walk = (p: number, sum: number): boolean => {
      const rot = attach.get(p);
      const length = row.length + chain.length + 1; // with `card`
      if (length > count.max) return false;
      if (rot !== undefined && sum <= limit) {
        chain.push({ card, rot });
        return true;
      }
      if (length >= count.max) return false; // no room for another card before `card`
      visited.add(p);
      const tiles = end === "right" ? (pool.byLeft[p] as Tile[]) : (pool.byRight[p] as Tile[]);
      for (const t of tiles) {
        const next = end === "right" ? t.right : t.left;
        if (visited.has(next) || sum + t.value > limit) continue;
        const inst = pool.take(t);
        if (inst === null) continue;
        used.push(inst);
        chain.push({ card: inst, rot: t.rot });
        if (walk(next, sum + t.value)) return true;
        chain.pop();
        used.pop();
        pool.give(inst);
      }
      visited.delete(p);
      return false;
    };
    if (walk(start, rowSum)) return { end, cards: chain };
  }
  return null;
}

/**
 * Can `card` be melded this turn from `hand` (which includes it) with the player's open
 * `rows`: in a new row, or at the end of an open row after any extensions from the hand?
 * Exact (docs/rules/onexeno-canasta.md "The Draw", with its ruling: the pile's top card must be melded that turn).
 */
export function canMeldThisTurn(
  hand: readonly CardInst[],
  rows: readonly (readonly RowCard[])[],
  card: CardInst,
  count: RowCount = ANY_COUNT,
): boolean {
  for (const row of rows) if (extensionTo(hand, row, card, count) !== null) return true;
  return rowAround(hand, card, count) !== null;
}

/**
 * Up to `limit` distinct new rows from `hand` (a row and the same cards turned half round in
 * reverse order are one row); with `must`, only rows holding it. Search outward from `must`
 * (or from each card as the left end), pruned by the relaxed reach so no branch is walked
 * that cannot end in a row; `budget` bounds the steps of this listing (suggestions only: the
 * rules check every row a player lays). Order: rows worth exactly 20 first, then by sum,
 * then by length.
 */
export function listRows(
  hand: readonly CardInst[],
  must: CardInst | null,
  limit = 200,
  budget = 200_000,
  count: RowCount = ANY_COUNT,
): RowCard[][] {
  const found: RowCard[][] = [];
  const seen = new Set<string>();
  const key = (r: readonly RowCard[]) => r.map((c) => `${idOf(c.card)}@${c.rot}`).join(",");
  let steps = 0;
  const record = (row: readonly RowCard[]) => {
    const k = key(row);
    const mirror = key([...row].reverse().map((c) => ({ card: c.card, rot: ((c.rot + 2) % 4) as Rotation })));
    if (seen.has(k) || seen.has(mirror)) return;
    seen.add(k);
    found.push([...row]);
  };
  const full = () => found.length >= limit * 4 || steps > budget;
  const starts = must === null ? [...new Set(hand.map(idOf))].map((id) => hand.find((c) => idOf(c) === id) as CardInst) : [must];
  for (const start of starts) {
    const others = [...hand];
    others.splice(others.indexOf(start), 1);
    const pool = new Pool(others);
    const right = pool.reach("right");
    const left = pool.reach("left");
    const row: RowCard[] = [];
    const grow = (phase: "right" | "left", lp: number, rp: number, sum: number) => {
      if (full()) return;
      steps++;
      if (sum > MIN_EXCLUSIVE && row.length >= count.min) record(row);
      const ok =
        row.length < count.max &&
        (phase === "right" && must !== null
          ? sumsMeet(right[rp] as number, left[lp] as number, MIN_EXCLUSIVE + 1 - sum, MAX - sum)
          : anyBitIn(phase === "right" ? (right[rp] as number) : (left[lp] as number), MIN_EXCLUSIVE + 1 - sum, MAX - sum));
      if (ok) {
        const tiles = phase === "right" ? (pool.byLeft[rp] as Tile[]) : (pool.byRight[lp] as Tile[]);
        for (const t of tiles) {
          if (sum + t.value > MAX) continue;
          const inst = pool.take(t);
          if (inst === null) continue;
          const rc = { card: inst, rot: t.rot };
          if (phase === "right") {
            row.push(rc);
            grow("right", lp, t.right, sum + t.value);
            row.pop();
          } else {
            row.unshift(rc);
            grow("left", t.left, rp, sum + t.value);
            row.shift();
          }
          pool.give(inst);
          if (full()) return;
        }
      }
      // Rows around `must` also grow leftward, once the right part is chosen.
      if (phase === "right" && must !== null) grow("left", lp, rp, sum);
    };
    for (const rot of distinctRotations(idOf(start))) {
      row.length = 0;
      row.push({ card: start, rot });
      grow("right", leftEdge(start, rot), rightEdge(start, rot), valueOf(start));
    }
    if (full()) break;
  }
  const sumOf = (r: readonly RowCard[]) => r.reduce((s, c) => s + valueOf(c.card), 0);
  found.sort((a, b) => Number(sumOf(b) === MAX) - Number(sumOf(a) === MAX) || sumOf(b) - sumOf(a) || b.length - a.length);
  return found.slice(0, limit);
}
