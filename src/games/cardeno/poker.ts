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
 * among equal values the one leaving the highest card unused (the rule text's tie-break).
 * Null when there are no cards. Tries every five-card choice (C(25,5) = 53,130 at most).
 */
export function bestHand(cards: readonly PokerCard[]): BestHand | null {
  const n = cards.length;
  if (n === 0) return null;
  const k = Math.min(5, n);
  let best: BestHand | null = null;
  const pick: number[] = [];
  const visit = (from: number) => {
    if (pick.length === k) {
      const value = evaluate(pick.map((i) => cards[i]!));
      const c = best === null ? 1 : compareHands(value, best.value);
      if (c < 0) return;
      const unused = highestUnused(cards, pick);
      if (c > 0 || best === null || (unused ?? 0) > (best.unused ?? 0)) best = { picks: [...pick], value, unused };
      return;
    }
    for (let i = from; i <= n - (k - pick.length); i++) {
      pick.push(i);
      visit(i + 1);
      pick.pop();
    }
  };
  visit(0);
  return best;
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
