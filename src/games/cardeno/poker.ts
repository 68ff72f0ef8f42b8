/**
 * Poker hands of Cardeno pieces (POKER-CARDENO): the category and kickers of a hand of at most
 * five cards, the comparison of two hands, and the best hand a board holds.
 *
 * Source: the Cardeno rule text, "POKER-CARDENO" (categories and points), as ruled in
 * docs/rules/cardeno.md (Cardeno rulings): straights run A-2-3-4-5 up to 10-J-Q-K-A; jokers are a rank above
 * the ace that makes pairs, threes and fours but no straight and no flush; five of a kind counts
 * as four of a kind with a kicker; a flush holding a pair is a flush; equal categories compare
 * by standard kickers, and a hand of fewer than five cards loses to any kicker it lacks.
 */

/** Ranks: 2..10, J 11, Q 12, K 13, A 14, joker 15. */
export type Rank = number;
export const JOKER: Rank = 15;
export const ACE: Rank = 14;

/** Suits (null for a joker). */
export type Suit = "S" | "H" | "D" | "C";
export const SUITS: readonly Suit[] = ["S", "H", "D", "C"];
export const SUIT_GLYPHS: Readonly<Record<Suit, string>> = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** A card as poker reads it: a rank and a suit (null: joker). */
export interface PokerCard {
  readonly rank: Rank;
  readonly suit: Suit | null;
}

/** Poker categories, low to high; `HIGH_CARD` scores nothing. */
export const CATEGORIES = [
  "high card",
  "one pair",
  "two pair",
  "three of a kind",
  "straight",
  "flush",
  "full house",
  "four of a kind",
  "straight flush",
] as const;
export type Category = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export const HIGH_CARD = 0 as const;
export const STRAIGHT_FLUSH = 8 as const;

/** Points of each category (rule text, POKER-CARDENO). */
export const CATEGORY_POINTS: Readonly<Record<Category, number>> = { 0: 0, 1: 10, 2: 20, 3: 25, 4: 30, 5: 35, 6: 40, 7: 45, 8: 50 };

/** A hand's value: category, then the ranks that break ties within it, most significant first. */
export interface HandValue {
  readonly category: Category;
  readonly kickers: readonly Rank[];
}

/**
 * The value of a hand of 1 to 5 cards. Throws on an empty or over-long hand (a bug).
 */
export function evaluate(cards: readonly PokerCard[]): HandValue {
  if (cards.length === 0 || cards.length > 5) throw new Error(`a poker hand has 1 to 5 cards, not ${cards.length}`);
  const counts = new Map<Rank, number>();
  for (const c of cards) counts.set(c.rank, (counts.get(c.rank) ?? 0) + 1);
  // Groups by size then rank, both descending: [[rank, count], ...].
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const desc = cards.map((c) => c.rank).sort((a, b) => b - a);
  const five = cards.length === 5;
  const flush = five && cards.every((c) => c.suit !== null && c.suit === cards[0]?.suit);
  const straightHigh = five && counts.size === 5 ? straightTop(desc) : null;
  if (straightHigh !== null && flush) return { category: 8, kickers: [straightHigh] };
  const [g0, g1] = groups as [[Rank, number], [Rank, number] | undefined];
  if (g0[1] >= 4) {
    // Four (or five) of a kind: the quad's rank, then the remaining card (a fifth of the same rank too).
    const rest = desc.filter((r, i) => r !== g0[0] || desc.indexOf(g0[0]) + 4 <= i);
    return { category: 7, kickers: [g0[0], ...rest.slice(0, 1)] };
  }
  if (g0[1] === 3 && g1 && g1[1] >= 2) return { category: 6, kickers: [g0[0], g1[0]] };
  if (flush) return { category: 5, kickers: desc };
  if (straightHigh !== null) return { category: 4, kickers: [straightHigh] };
  if (g0[1] === 3) return { category: 3, kickers: [g0[0], ...desc.filter((r) => r !== g0[0])] };
  if (g0[1] === 2 && g1 && g1[1] === 2) {
    return { category: 2, kickers: [g0[0], g1[0], ...desc.filter((r) => r !== g0[0] && r !== g1[0])] };
  }
  if (g0[1] === 2) return { category: 1, kickers: [g0[0], ...desc.filter((r) => r !== g0[0])] };
  return { category: 0, kickers: desc };
}

/** The top rank of a straight made by five distinct ranks (descending), or null. Jokers make none. */
function straightTop(desc: readonly Rank[]): Rank | null {
  if (desc.includes(JOKER)) return null;
  if (desc[0]! - desc[4]! === 4) return desc[0]!;
  // The wheel: A-2-3-4-5, the ace low.
  if (desc[0] === ACE && desc[1] === 5 && desc[4] === 2) return 5;
  return null;
}

/**
 * Compares two hand values: positive when `a` is better, negative when `b` is, 0 when equal.
 * Kickers compare in order; where one hand runs out of kickers first, it loses.
 */
export function compareHands(a: HandValue, b: HandValue): number {
  if (a.category !== b.category) return a.category - b.category;
  const n = Math.max(a.kickers.length, b.kickers.length);
  for (let i = 0; i < n; i++) {
    const x = a.kickers[i];
    const y = b.kickers[i];
    if (x === undefined || y === undefined) return x === undefined ? (y === undefined ? 0 : -1) : 1;
    if (x !== y) return x - y;
  }
  return 0;
}

/** A board's chosen hand: which of its cards (indices into the list given), its value, the highest card left out. */
export interface BestHand {
  readonly picks: readonly number[];
  readonly value: HandValue;
  /** Rank of the highest card not in the hand, or null when none is left out. */
  readonly unused: Rank | null;
}

/** The highest rank among `cards` not picked, or null. */
export function highestUnused(cards: readonly PokerCard[], picks: readonly number[]): Rank | null {
  let best: Rank | null = null;
  cards.forEach((c, i) => {
    if (!picks.includes(i) && (best === null || c.rank > best)) best = c.rank;
  });
  return best;
}

/**
 * The best hand of at most five of `cards` (a board's fitted pieces): the highest value, and
 * among equal values the one leaving the highest card unused (the rule text's tie-break); among
 * those, the first choice in index order. Null when there are no cards. Tries every five-card
 * choice (C(25,5) = 53,130 at most), each scored as one number (`score5`, the order of
 * `compareHands`) without building its value: a board of 25 in about 4 ms once compiled, where
 * evaluating each choice took 70-100 ms (a race's end evaluates every board at once, inside the
 * move that ended it: six boards held a live table's grab 140 ms).
 */
export function bestHand(cards: readonly PokerCard[]): BestHand | null {
  const n = cards.length;
  if (n === 0) return null;
  if (n <= 5) {
    const picks = cards.map((_, i) => i);
    return { picks, value: evaluate(cards), unused: null };
  }
  const ranks = cards.map((c) => c.rank);
  const suits = cards.map((c) => (c.suit === null ? -1 : SUITS.indexOf(c.suit)));
  // Indices by rank, highest first: the highest card left out is the first of these not picked.
  const byRank = ranks.map((_, i) => i).sort((a, b) => (ranks[b] as number) - (ranks[a] as number) || a - b);
  const scratch = new Int32Array(5);
  let bestScore = -1;
  let bestUnused = -1;
  let bestPicks: number[] = [];
  for (let a = 0; a < n - 4; a++)
    for (let b = a + 1; b < n - 3; b++)
      for (let c = b + 1; c < n - 2; c++)
        for (let d = c + 1; d < n - 1; d++)
          for (let e = d + 1; e < n; e++) {
            const score = score5(ranks, suits, a, b, c, d, e, scratch);
            if (score < bestScore) continue;
            let unused = -1;
            for (let k = 0; k < n; k++) {
              const i = byRank[k] as number;
              if (i !== a && i !== b && i !== c && i !== d && i !== e) {
                unused = ranks[i] as number;
                break;
              }
            }
            if (score > bestScore || unused > bestUnused) {
              bestScore = score;
              bestUnused = unused;
              bestPicks = [a, b, c, d, e];
            }
          }
  return { picks: bestPicks, value: evaluate(bestPicks.map((i) => cards[i] as PokerCard)), unused: bestUnused };
}

/** A category and up to five kickers as one number: 4 bits each, the category most significant. */
const pack = (cat: number, k0: number, k1 = 0, k2 = 0, k3 = 0, k4 = 0): number =>
  cat * 0x100000 + k0 * 0x10000 + k1 * 0x1000 + k2 * 0x100 + k3 * 0x10 + k4;

/**
 * The value of five cards as one number, ordered as `compareHands` orders their `evaluate`
 * values (higher is better, equal for equal values): what `bestHand` compares. Throws unless
 * there are exactly five cards (a bug).
 */
export function handScore(cards: readonly PokerCard[]): number {
  if (cards.length !== 5) throw new Error(`a hand score needs five cards, not ${cards.length}`);
  const ranks = cards.map((c) => c.rank);
  const suits = cards.map((c) => (c.suit === null ? -1 : SUITS.indexOf(c.suit)));
  return score5(ranks, suits, 0, 1, 2, 3, 4, new Int32Array(5));
}

/**
 * The value of the five cards at indices a-e of `ranks`/`suits` (suit index, -1 for a joker) as
 * one number, ordered as `compareHands` orders their `evaluate` values: the category, then each
 * kicker in 4 bits, most significant first (five cards: every category has a fixed number of
 * kickers). `scratch` holds the sorted ranks (no allocation).
 */
function score5(
  ranks: readonly number[],
  suits: readonly number[],
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  scratch: Int32Array,
): number {
  const r = scratch;
  r[0] = ranks[a] as number;
  r[1] = ranks[b] as number;
  r[2] = ranks[c] as number;
  r[3] = ranks[d] as number;
  r[4] = ranks[e] as number;
  for (let i = 1; i < 5; i++) {
    const x = r[i] as number;
    let j = i - 1;
    for (; j >= 0 && (r[j] as number) < x; j--) r[j + 1] = r[j] as number;
    r[j + 1] = x;
  }
  const s0 = suits[a] as number;
  const flush = s0 >= 0 && suits[b] === s0 && suits[c] === s0 && suits[d] === s0 && suits[e] === s0;
  const r0 = r[0] as number;
  const r1 = r[1] as number;
  const r2 = r[2] as number;
  const r3 = r[3] as number;
  const r4 = r[4] as number;
  // Runs of equal ranks in the sorted five.
  const e01 = r0 === r1;
  const e12 = r1 === r2;
  const e23 = r2 === r3;
  const e34 = r3 === r4;
  if (!e01 && !e12 && !e23 && !e34) {
    const straight = r0 === JOKER ? 0 : r0 - r4 === 4 ? r0 : r0 === ACE && r1 === 5 && r4 === 2 ? 5 : 0;
    if (straight && flush) return pack(8, straight);
    if (flush) return pack(5, r0, r1, r2, r3, r4);
    if (straight) return pack(4, straight);
    return pack(0, r0, r1, r2, r3, r4);
  }
  // Four or five of a kind: the quad's rank, then the card left (a fifth of that rank too).
  if (e01 && e12 && e23) return pack(7, r0, r4);
  if (e12 && e23 && e34) return pack(7, r1, r0);
  // Threes: at 0-2, 1-3 or 2-4; a full house when the other two pair.
  if (e01 && e12) return e34 ? pack(6, r0, r3) : flush ? pack(5, r0, r1, r2, r3, r4) : pack(3, r0, r3, r4);
  if (e12 && e23) return flush ? pack(5, r0, r1, r2, r3, r4) : pack(3, r1, r0, r4);
  if (e23 && e34) return e01 ? pack(6, r2, r0) : flush ? pack(5, r0, r1, r2, r3, r4) : pack(3, r2, r0, r1);
  if (flush) return pack(5, r0, r1, r2, r3, r4);
  // Pairs (sorted: the higher pair comes first).
  if (e01 && e23) return pack(2, r0, r2, r4);
  if (e01 && e34) return pack(2, r0, r3, r2);
  if (e12 && e34) return pack(2, r1, r3, r0);
  if (e01) return pack(1, r0, r2, r3, r4);
  if (e12) return pack(1, r1, r0, r3, r4);
  if (e23) return pack(1, r2, r0, r1, r4);
  return pack(1, r3, r0, r1, r2);
}

/** The hand's name for people: `full house, jacks over aces`. */
export function handName(v: HandValue): string {
  const r = (x: Rank | undefined) => (x === undefined ? "?" : (RANK_WORDS[x] ?? String(x)));
  switch (v.category) {
    case 8:
      return `straight flush to the ${rankWord(v.kickers[0])}`;
    case 7:
      return `four ${r(v.kickers[0])}`;
    case 6:
      return `full house, ${r(v.kickers[0])} over ${r(v.kickers[1])}`;
    case 5:
      return `flush, ${rankWord(v.kickers[0])} high`;
    case 4:
      return `straight to the ${rankWord(v.kickers[0])}`;
    case 3:
      return `three ${r(v.kickers[0])}`;
    case 2:
      return `two pair, ${r(v.kickers[0])} and ${r(v.kickers[1])}`;
    case 1:
      return `a pair of ${r(v.kickers[0])}`;
    default:
      return `${rankWord(v.kickers[0])} high`;
  }
}

const RANK_WORDS: Readonly<Record<number, string>> = {
  2: "2s",
  3: "3s",
  4: "4s",
  5: "5s",
  6: "6s",
  7: "7s",
  8: "8s",
  9: "9s",
  10: "10s",
  11: "jacks",
  12: "queens",
  13: "kings",
  14: "aces",
  15: "jokers",
};
const rankWord = (x: Rank | undefined) =>
  x === undefined ? "?" : (({ 11: "jack", 12: "queen", 13: "king", 14: "ace", 15: "joker" } as Record<number, string>)[x] ?? String(x));
