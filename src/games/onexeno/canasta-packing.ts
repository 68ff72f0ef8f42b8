/**
 * Turns of ONEXENO canasta planned exactly, for the `expert` computer (src/games/onexeno/canasta-expert.ts):
 *
 * - **Rows as card sets.** Every set of a hand's cards that can lie as a valid row (and every set
 *   that can extend one of the player's open rows) is listed once, by a search over (cards used,
 *   edge) that never walks the same state twice (`rowSets`, `extensionSets`).
 * - **A turn as a packing.** The best turn is an exact packing of those sets (`planTurn`): going
 *   out with the most XENOs when the hand can be melded whole with two of them, else the most
 *   points melded (a melded card counts for its holder, a card in hand against them; a XENO adds
 *   10). Memoised over the cards left and bounded by a step budget (past it, the best packing
 *   found).
 * - **Plans as moves.** `layRow` and `extendRow` turn a set back into the rows and extensions the
 *   rules accept.
 *
 * Pure. Source: docs/rules/onexeno-canasta.md (Rows, XENOs, Going out, Scoring).
 */
import { leftEdge, rightEdge } from "./canasta-search.ts";
import {
  instValue,
  MELD_MAX,
  MELD_MIN_EXCLUSIVE,
  XENO_BONUS,
  type CanastaMove,
  type CardInst,
  type Row,
  type RowCard,
  type RowCount,
} from "./canasta-types.ts";
import { distinctRotations, type Rotation } from "./cards.ts";

/**
 * Steps of one packing search before it plays the best packing found: over 36 seeded 16-card
 * hands that cannot go out, 8,000 found the exact best (4,000 lost 0.3 points a hand).
 */
export const PLAN_STEPS = 8_000;
/** Most (cards, right edge) states one listing of rows walks: a big hand's listing stops there (its plan is then the best of those rows). */
const ROW_STATES = 200_000;

/** A way a card can lie: its rotation and the edge patterns it shows left and right (0..7). */
interface Lie {
  readonly rot: Rotation;
  readonly left: number;
  readonly right: number;
}

function liesOf(card: CardInst): Lie[] {
  return distinctRotations(card & 0xff).map((rot) => ({ rot, left: leftEdge(card, rot), right: rightEdge(card, rot) }));
}

/** A set of cards (bit i: `cards[i]`) that can be melded together, and the points of its cards. */
interface CardSet {
  readonly mask: number;
  readonly points: number;
}

/**
 * Every set of `cards` (at most 30) that can lie as one new row: worth more than 10 and at most
 * 20 points, within `count`'s card limits. Each set once, whatever its orders and turns.
 */
export function rowSets(cards: readonly CardInst[], count: RowCount): CardSet[] {
  const values = cards.map(instValue);
  // The ways each card lies, by the edge pattern they show on the left: [card index, right pattern].
  const byLeft: [number, number][][] = Array.from({ length: 8 }, () => []);
  cards.forEach((card, i) => {
    for (const lie of liesOf(card)) (byLeft[lie.left] as [number, number][]).push([i, lie.right]);
  });
  // Rows grow rightward from their left card: what may follow depends on the cards used and the
  // right edge only, so each (cards, right edge) is walked once.
  const visited = new Set<number>();
  const found = new Map<number, number>();
  const grow = (mask: number, rp: number, sum: number, length: number) => {
    const key = mask * 8 + rp;
    if (visited.has(key) || visited.size >= ROW_STATES) return;
    visited.add(key);
    if (sum > MELD_MIN_EXCLUSIVE && length >= count.min) found.set(mask, sum);
    if (length >= count.max) return;
    for (const [i, right] of byLeft[rp] as [number, number][]) {
      const v = values[i] as number;
      if (!(mask & (1 << i)) && sum + v <= MELD_MAX) grow(mask | (1 << i), right, sum + v, length + 1);
    }
  };
  for (const lies of byLeft) for (const [i, right] of lies) grow(1 << i, right, values[i] as number, 1);
  return [...found].map(([mask, points]) => ({ mask, points }));
}

/** The left and right edge patterns a laid row shows. */
function rowEnds(row: Row): { left: number; right: number } {
  const first = row[0] as RowCard;
  const last = row[row.length - 1] as RowCard;
  return { left: leftEdge(first.card, first.rot), right: rightEdge(last.card, last.rot) };
}

/**
 * Every non-empty set of `cards` that can extend the open `row`, card by card at its ends (the row
 * closes the moment it reaches 20, so nothing is added after that), within `count`'s limit.
 */
export function extensionSets(cards: readonly CardInst[], row: Row, count: RowCount): CardSet[] {
  const lies = cards.map(liesOf);
  const values = cards.map(instValue);
  const start = row.reduce((s, c) => s + instValue(c.card), 0);
  const ends = rowEnds(row);
  const visited = new Set<number>();
  const found = new Map<number, number>();
  // Right end first, then the left end: every set is met along one of its orders.
  const grow = (phase: 0 | 1, mask: number, lp: number, rp: number, sum: number, length: number) => {
    const key = mask * 128 + phase * 64 + lp * 8 + rp;
    if (visited.has(key)) return;
    visited.add(key);
    if (mask !== 0) found.set(mask, sum - start);
    if (sum >= MELD_MAX || length >= count.max) return;
    for (let i = 0; i < cards.length; i++) {
      const v = values[i] as number;
      if (mask & (1 << i) || sum + v > MELD_MAX) continue;
      for (const lie of lies[i] as Lie[]) {
        if (phase === 0 && lie.left === rp) grow(0, mask | (1 << i), lp, lie.right, sum + v, length + 1);
        if (phase === 1 && lie.right === lp) grow(1, mask | (1 << i), lie.left, rp, sum + v, length + 1);
      }
    }
    if (phase === 0) grow(1, mask, lp, rp, sum, length);
  };
  grow(0, 0, ends.left, ends.right, start, row.length);
  return [...found].map(([mask, points]) => ({ mask, points }));
}

/** A planned turn: the new rows and the extensions of open rows (masks over the planned cards), what it scores and whether it goes out. */
export interface TurnPlan {
  /** Every card melded and at least two XENOs in all: the hand ends with this turn. */
  readonly goesOut: boolean;
  /** The hand's score for the planner if the hand ended after this turn: cards melded count for it, cards kept against it, 10 a new XENO. */
  readonly score: number;
  /** New rows, as masks over the planned cards. */
  readonly rows: readonly number[];
  /** Extensions: the open row's index and the mask of cards it gets. */
  readonly extensions: readonly { readonly row: number; readonly mask: number }[];
  /** Going out by discarding the last card: its index (the rules let a discard empty the hand). */
  readonly discard?: number;
}

/** The cards and sets of a plan, renumbered so that the cards in the fewest sets come first (the search branches on them). */
interface Board {
  readonly values: readonly number[];
  /** New-row sets by their lowest card. */
  readonly byLowest: readonly (readonly CardSet[])[];
  /** Extension sets of each open row. */
  readonly extensions: readonly (readonly CardSet[])[];
  /** Old index of each card (`order[bit]`). */
  readonly order: readonly number[];
}

function boardOf(cards: readonly CardInst[], rows: readonly Row[], count: RowCount): Board {
  const sets = rowSets(cards, count);
  const extensions = rows.map((row) => extensionSets(cards, row, count));
  const uses = cards.map(() => 0);
  for (const set of sets) for (let i = 0; i < cards.length; i++) if (set.mask & (1 << i)) uses[i] = (uses[i] as number) + 1;
  const order = cards.map((_, i) => i).sort((a, b) => (uses[a] as number) - (uses[b] as number) || a - b);
  const bitOf = new Array<number>(cards.length);
  order.forEach((old, bit) => {
    bitOf[old] = bit;
  });
  const renumber = (set: CardSet): CardSet => {
    let mask = 0;
    for (let i = 0; i < cards.length; i++) if (set.mask & (1 << i)) mask |= 1 << (bitOf[i] as number);
    return { mask, points: set.points };
  };
  const byLowest: CardSet[][] = cards.map(() => []);
  for (const set of sets) {
    const r = renumber(set);
    (byLowest[31 - Math.clz32(r.mask & -r.mask)] as CardSet[]).push(r);
  }
  return {
    values: order.map((old) => instValue(cards[old] as CardInst)),
    byLowest,
    extensions: extensions.map((e) => e.map(renumber)),
    order,
  };
}

const lowestBit = (mask: number) => 31 - Math.clz32(mask & -mask);

/**
 * The most XENOs a full packing of cards worth `points` could hold by the points alone: k rows of
 * exactly 20 leave the rest to rows worth 11 to 20 each (none left also does); -1 when no packing
 * can hold those points at all (1 to 10, or 21).
 */
export function mostXenos(points: number): number {
  for (let k = Math.floor(points / MELD_MAX); k >= 0; k--) {
    const rest = points - k * MELD_MAX;
    const rows = Math.ceil(rest / MELD_MAX);
    if (rest === 0 || (rows >= 1 && rest >= (MELD_MIN_EXCLUSIVE + 1) * rows) || rest >= (MELD_MIN_EXCLUSIVE + 1) * (rows + 1)) return k;
  }
  return -1;
}

/** A packing's choice of extensions for the open rows, and the cards it leaves to new rows. */
interface Choice {
  readonly value: number;
  readonly exts: readonly { readonly row: number; readonly mask: number }[];
  readonly rem: number;
  /** XENOs the new rows must still make for the plan to go out. */
  readonly need: number;
  /** Going out: the card discarded last (a bit of the board), or 0 when every card is melded. */
  readonly discard: number;
}

/**
 * The exact packing searches over one board: going out (`full`) and the best partial packing
 * (`partial`), both memoised by the cards left and sharing one step budget. The sets that fit the
 * cards left are narrowed level by level: level d holds the sets of level d - 1 that fit its
 * cards, so a node never scans a set its parent already ruled out.
 */
class Packer {
  private readonly levels: Int32Array[];
  /** What melding each set adds to the hand's score: its points count for the player, not against; a XENO 10 more. */
  private readonly gains: Int32Array[];
  private readonly sizes: number[];
  private readonly total: number;
  private budget: number;
  readonly fullMemo = new Map<number, { x: number; set: number }>();
  readonly partialMemo = new Map<number, { v: number; set: number; next: number }>();

  constructor(
    private readonly board: Board,
    readonly owedBit: number,
    steps: number,
  ) {
    this.budget = steps;
    // The richest sets first (XENOs, then by points): a search cut short by its budget has met them.
    const ranked = board.byLowest.flat().sort((a, b) => b.points - a.points);
    this.total = ranked.length;
    this.levels = [Int32Array.from(ranked, (set) => set.mask)];
    this.gains = [Int32Array.from(ranked, (set) => 2 * set.points + (set.points === MELD_MAX ? XENO_BONUS : 0))];
    this.sizes = [ranked.length];
  }

  /** The points of the cards of `mask`. */
  pointsIn(mask: number): number {
    let p = 0;
    for (let m = mask; m !== 0; m &= m - 1) p += this.board.values[lowestBit(m)] as number;
    return p;
  }

  /** Copies the sets of level `d - 1` that fit `rem` into level `d`; returns the cards they cover. */
  private narrow(d: number, rem: number): number {
    const from = this.levels[d - 1] as Int32Array;
    const fromGains = this.gains[d - 1] as Int32Array;
    if (!this.levels[d]) {
      this.levels[d] = new Int32Array(this.total);
      this.gains[d] = new Int32Array(this.total);
    }
    const into = this.levels[d] as Int32Array;
    const intoGains = this.gains[d] as Int32Array;
    let k = 0;
    let covered = 0;
    for (let i = 0, end = this.sizes[d - 1] as number; i < end; i++) {
      const m = from[i] as number;
      if ((m & rem) === m) {
        intoGains[k] = fromGains[i] as number;
        into[k++] = m;
        covered |= m;
      }
    }
    this.sizes[d] = k;
    return covered;
  }

  /**
   * Going out: the most XENOs of new rows melding every card of `rem` when at least `need` (0..2)
   * of them can be had, else -1 (its first set in `fullMemo`). `d` is the search's depth (from 1).
   */
  full(rem: number, need: number, d: number): number {
    if (rem === 0) return need === 0 ? 0 : -1;
    const known = this.fullMemo.get(rem * 4 + need);
    if (known) return known.x;
    this.budget--;
    let x = -1;
    let chosen = 0;
    const most = mostXenos(this.pointsIn(rem));
    if (this.budget > 0 && most >= need && this.narrow(d, rem) === rem) {
      const low = rem & -rem;
      const mine = this.levels[d] as Int32Array;
      const gains = this.gains[d] as Int32Array;
      for (let i = 0, end = this.sizes[d] as number; i < end; i++) {
        const m = mine[i] as number;
        if (!(m & low)) continue;
        const xeno = (gains[i] as number) > 2 * MELD_MAX ? 1 : 0;
        const rest = this.full(rem & ~m, Math.max(0, need - xeno), d + 1);
        if (rest < 0) continue;
        if (rest + xeno > x) [x, chosen] = [rest + xeno, m];
        if (x >= most) break;
      }
    }
    this.fullMemo.set(rem * 4 + need, { x, set: chosen });
    return x;
  }

  /**
   * The best score of new rows over `rem0` relative to keeping it all (the owed card may not be
   * kept: -Infinity when it cannot be melded); its step in `partialMemo`.
   */
  partial(rem0: number, d: number): number {
    if (rem0 === 0) return 0;
    const known = this.partialMemo.get(rem0);
    if (known) return known.v;
    this.budget--;
    // Cards that fit no set left are kept (the owed card cannot be).
    const rem = rem0 & this.narrow(d, rem0);
    let best = { v: Number.NEGATIVE_INFINITY, set: 0, next: rem };
    if (rem !== rem0) {
      if (!(this.owedBit & rem0 & ~rem)) best = { v: this.partial(rem, d + 1), set: 0, next: rem };
    } else {
      // The lowest card melded in each set it fits (richest first), or kept.
      const low = rem & -rem;
      const mine = this.levels[d] as Int32Array;
      const gains = this.gains[d] as Int32Array;
      for (let i = 0, end = this.sizes[d] as number; i < end && this.budget > 0; i++) {
        const m = mine[i] as number;
        if (!(m & low)) continue;
        const got = this.partial(rem & ~m, d + 1) + (gains[i] as number);
        if (got > best.v) best = { v: got, set: m, next: rem & ~m };
      }
      if (!(this.owedBit & low)) {
        const kept = this.partial(rem & ~low, d + 1);
        if (kept > best.v) best = { v: kept, set: 0, next: rem & ~low };
      }
    }
    this.partialMemo.set(rem0, best);
    return best.v;
  }

  /** The new rows of the packing found for `choice` (masks over the board's cards), from the memo. */
  newRows(choice: Choice, out: boolean): number[] {
    const rows: number[] = [];
    let need = choice.need;
    for (let rem = choice.rem; rem !== 0; ) {
      if (out) {
        const set = this.fullMemo.get(rem * 4 + need)?.set ?? 0;
        if (set === 0) break; // not expected: a full packing's steps are all in the memo
        rows.push(set);
        need = Math.max(0, need - (this.pointsIn(set) === MELD_MAX ? 1 : 0));
        rem &= ~set;
      } else {
        const step = this.partialMemo.get(rem);
        if (!step) break;
        if (step.set !== 0) rows.push(step.set);
        rem = step.next;
      }
    }
    return rows;
  }
}

/**
 * The best turn for a hand of `cards` (at most 30) beside the player's open `rows`, with `xenos`
 * XENOs already closed this hand and `owed` (an index into `cards`, or -1) a card that must be
 * melded. Going out, when possible, with the most XENOs; else the most points. Exact within
 * `steps` steps of search; past them, the best packing found. Null when the owed card cannot be
 * melded at all.
 */
export function planTurn(
  cards: readonly CardInst[],
  rows: readonly Row[],
  xenos: number,
  owed: number,
  count: RowCount,
  steps = PLAN_STEPS,
): TurnPlan | null {
  const board = boardOf(cards, rows, count);
  const all = cards.length === 0 ? 0 : (2 ** cards.length - 1) | 0;
  const rowSums = rows.map((row) => row.reduce((s, c) => s + instValue(c.card), 0));
  const packer = new Packer(board, owed >= 0 ? 1 << board.order.indexOf(owed) : 0, steps);
  // Each open row gets one extension set or none; then new rows over the rest.
  const found: { out: Choice | null; best: Choice | null } = { out: null, best: null };
  const combos = (index: number, rem: number, value: number, made: number, exts: { row: number; mask: number }[], out: boolean): void => {
    if (index === rows.length) {
      const need = Math.max(0, 2 - xenos - made);
      if (out) {
        // Every card melded, or all but one that is discarded last (not the owed card): what the hand then scores.
        for (let discard = 0, left = rem; ; left &= left - 1) {
          if (!(discard & packer.owedBit)) {
            const x = packer.full(rem & ~discard, need, 1);
            const v = XENO_BONUS * (made + x) - packer.pointsIn(discard);
            if (x >= 0 && (!found.out || v > found.out.value))
              found.out = { value: v, exts: [...exts], rem: rem & ~discard, need, discard };
          }
          if (left === 0) break;
          discard = left & -left;
        }
      } else {
        const v = value + packer.partial(rem, 1);
        if (v > Number.NEGATIVE_INFINITY && (!found.best || v > found.best.value))
          found.best = { value: v, exts: [...exts], rem, need, discard: 0 };
      }
      return;
    }
    combos(index + 1, rem, value, made, exts, out);
    for (const set of board.extensions[index] as CardSet[]) {
      if ((set.mask & rem) !== set.mask) continue;
      const xeno = (rowSums[index] as number) + set.points === MELD_MAX ? 1 : 0;
      exts.push({ row: index, mask: set.mask });
      combos(index + 1, rem & ~set.mask, value + 2 * set.points + XENO_BONUS * xeno, made + xeno, exts, out);
      exts.pop();
    }
  };
  // A card in no set at all is kept whatever the plan: no going out, and the packing leaves it aside.
  let coverable = 0;
  for (const sets of [...board.byLowest, ...board.extensions]) for (const set of sets) coverable |= set.mask;
  const uncovered = all & ~coverable;
  if ((uncovered & (uncovered - 1)) === 0) combos(0, all, 0, 0, [], true);
  if (!found.out) combos(0, coverable, 0, 0, [], false);
  const chosen = found.out ?? found.best;
  if (!chosen) return null;
  const newRows = packer.newRows(chosen, found.out !== null);
  const back = (mask: number) => {
    let old = 0;
    for (let m = mask; m !== 0; m &= m - 1) old |= 1 << (board.order[lowestBit(m)] as number);
    return old;
  };
  const melded = [...newRows, ...chosen.exts.map((e) => e.mask)].reduce((m, x) => m | x, 0);
  const newXenos =
    newRows.filter((m) => packer.pointsIn(m) === MELD_MAX).length +
    chosen.exts.filter((e) => (rowSums[e.row] as number) + packer.pointsIn(e.mask) === MELD_MAX).length;
  return {
    goesOut: found.out !== null,
    score: 2 * packer.pointsIn(melded) - packer.pointsIn(all) + packer.pointsIn(chosen.discard) + XENO_BONUS * newXenos,
    rows: newRows.map(back),
    extensions: chosen.exts.map((e) => ({ row: e.row, mask: back(e.mask) })),
    ...(chosen.discard !== 0 ? { discard: board.order[lowestBit(chosen.discard)] as number } : {}),
  };
}

/** The cards of `mask` laid as a row (a valid order and turns), or null when they cannot lie as one. */
export function layRow(cards: readonly CardInst[], mask: number, count: RowCount): RowCard[] | null {
  const picked = cards.filter((_, i) => mask & (1 << i));
  const lies = picked.map(liesOf);
  const row: RowCard[] = [];
  const used = new Array<boolean>(picked.length).fill(false);
  const total = picked.reduce((s, c) => s + instValue(c), 0);
  if (total <= MELD_MIN_EXCLUSIVE || total > MELD_MAX || picked.length < count.min || picked.length > count.max) return null;
  const place = (rp: number): boolean => {
    if (row.length === picked.length) return true;
    for (let i = 0; i < picked.length; i++) {
      if (used[i]) continue;
      for (const lie of lies[i] as Lie[]) {
        if (row.length > 0 && lie.left !== rp) continue;
        used[i] = true;
        row.push({ card: picked[i] as CardInst, rot: lie.rot });
        if (place(lie.right)) return true;
        row.pop();
        used[i] = false;
      }
    }
    return false;
  };
  return place(-1) ? row : null;
}

/** The moves that add the cards of `mask` to the open `row` (index `index`) one by one: right end outward, then left. */
export function extendRow(cards: readonly CardInst[], row: Row, index: number, mask: number): CanastaMove[] | null {
  const picked = cards.filter((_, i) => mask & (1 << i));
  const lies = picked.map(liesOf);
  const ends = rowEnds(row);
  const used = new Array<boolean>(picked.length).fill(false);
  const moves: CanastaMove[] = [];
  // The row closes the moment it is worth 20: only the last card may bring it there.
  const place = (phase: 0 | 1, lp: number, rp: number, sum: number): boolean => {
    if (moves.length === picked.length) return true;
    if (sum >= MELD_MAX) return false;
    for (let i = 0; i < picked.length; i++) {
      if (used[i]) continue;
      const v = instValue(picked[i] as CardInst);
      for (const lie of lies[i] as Lie[]) {
        if ((phase === 0 ? lie.left !== rp : lie.right !== lp) || used[i] || sum + v > MELD_MAX) continue;
        used[i] = true;
        moves.push({ kind: "extend", row: index, end: phase === 0 ? "right" : "left", card: picked[i] as CardInst, rot: lie.rot });
        if (phase === 0 ? place(0, lp, lie.right, sum + v) : place(1, lie.left, rp, sum + v)) return true;
        moves.pop();
        used[i] = false;
      }
    }
    return phase === 0 ? place(1, lp, rp, sum) : false;
  };
  return place(
    0,
    ends.left,
    ends.right,
    row.reduce((t, c) => t + instValue(c.card), 0),
  )
    ? moves
    : null;
}
