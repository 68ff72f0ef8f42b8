/** The POKER-CARDENO evaluator: every category, jokers as a rank, kickers, short hands, best hand. */
import { describe, expect, it } from "vitest";
import {
  bestHand,
  compareHands,
  evaluate,
  handName,
  handScore,
  highestUnused,
  JOKER,
  type PokerCard,
  type Suit,
  SUITS,
} from "../../../src/games/cardeno/poker.ts";

/** `Ah Kd 10c Jk` -> cards (Jk: joker). */
function cards(text: string): PokerCard[] {
  return text
    .trim()
    .split(/\s+/)
    .map((t) => {
      if (t === "Jk") return { rank: JOKER, suit: null };
      const r = t.slice(0, -1);
      const rank = ({ J: 11, Q: 12, K: 13, A: 14 } as Record<string, number>)[r] ?? Number(r);
      return { rank, suit: t.slice(-1).toUpperCase() as Suit };
    });
}

/** Cardeno's pieces as poker reads them: two decks and two jokers. */
const PIECES: readonly PokerCard[] = [
  { rank: JOKER, suit: null },
  { rank: JOKER, suit: null },
  ...SUITS.flatMap((suit) =>
    Array.from({ length: 13 }, (_, i) => [
      { rank: i + 2, suit },
      { rank: i + 2, suit },
    ]).flat(),
  ),
];

/** A seeded generator of numbers in [0, 1) (a linear congruential one: the same draws on every run). */
function seeded(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

describe("poker hands", () => {
  // Best first: each hand must beat every hand below it.
  const ladder: [string, string, number][] = [
    ["As Ks Qs Js 10s", "straight flush", 8],
    ["9h 8h 7h 6h 5h", "straight flush", 8],
    ["5d 4d 3d 2d Ad", "straight flush", 8], // the wheel, ace low
    ["Jk Jk Jk Jk As", "four of a kind", 7], // four jokers beat four aces
    ["Ac Ad Ah As Jk", "four of a kind", 7], // kicker: a joker
    ["Ac Ad Ah As Ks", "four of a kind", 7],
    ["Ac Ad Ah As", "four of a kind", 7], // a short hand loses to any kicker it lacks
    ["Jk Jk Jk Kh Kd", "full house", 6],
    ["8c 8d 8h 10s 10d", "full house", 6],
    ["Ah Jh 9h 4h 2h", "flush", 5],
    ["Kh Kh 9h 4h 2h", "flush", 5], // a flush holding a pair is a flush (two kings of hearts: two decks)
    ["Ac Ks Qd Jh 10c", "straight", 4],
    ["5c 4s 3d 2h Ac", "straight", 4],
    ["Jk Jk Jk 9c 2d", "three of a kind", 3],
    ["7c 7d 7h Ac 2d", "three of a kind", 3],
    ["Jk Jk Ac Ad 5c", "two pair", 2],
    ["Kc Kd 3h 3s Ac", "two pair", 2],
    ["Kc Kd 3h 3s 2c", "two pair", 2],
    ["Jk Jk 5c 4d 2h", "one pair", 1],
    ["Qc Qd", "one pair", 1],
    ["Ac Kd 9h 5s 3c", "high card", 0],
  ];
  it.each(ladder)("%s is a %s", (hand, name, category) => {
    const v = evaluate(cards(hand));
    expect(v.category).toBe(category);
    expect(handName(v).length).toBeGreaterThan(0);
    expect(name.length).toBeGreaterThan(0);
  });
  it("orders the ladder strictly, best first", () => {
    for (let i = 0; i + 1 < ladder.length; i++) {
      const a = evaluate(cards(ladder[i]![0]));
      const b = evaluate(cards(ladder[i + 1]![0]));
      expect(compareHands(a, b), `${ladder[i]![0]} over ${ladder[i + 1]![0]}`).toBeGreaterThan(0);
      expect(compareHands(b, a)).toBeLessThan(0);
    }
  });
  it("jokers make no straight and no flush; five of a kind is four with a kicker", () => {
    expect(evaluate(cards("Jk Ac Kd Qh Js")).category).toBe(0); // joker high, not a straight
    expect(evaluate([...cards("Jk Jk Jk Jk"), { rank: JOKER, suit: null }])).toEqual({ category: 7, kickers: [JOKER, JOKER] });
    expect(evaluate(cards("As Ad Ah Ac Ac"))).toEqual({ category: 7, kickers: [14, 14] });
  });
  it("equal hands are equal, whatever the suits", () => {
    expect(compareHands(evaluate(cards("Kc Kd 9h 5s 3c")), evaluate(cards("Kh Ks 9c 5d 3h")))).toBe(0);
    expect(compareHands(evaluate(cards("9h 8h 7h 6h 5h")), evaluate(cards("9s 8s 7s 6s 5s")))).toBe(0);
  });
  it("the best hand of a board leaves the highest card unused among equal hands", () => {
    // Three 8s with the two best kickers; of six cards the lowest (the 2) is left out.
    const board = cards("8c 8d 8h Ac 2d 3c");
    const best = bestHand(board)!;
    expect(best.value.category).toBe(3);
    expect(best.value.kickers).toEqual([8, 14, 3]);
    expect(best.unused).toBe(2);
    // Fewer than five cards: all of them.
    expect(bestHand(cards("Qc Qd 4h"))!.picks).toEqual([0, 1, 2]);
    expect(bestHand([])).toBeNull();
    // A straight flush hidden among 7 cards.
    const sf = bestHand(cards("2c 9h 8h 7h 6h 5h Ks"))!;
    expect(sf.value).toEqual({ category: 8, kickers: [9] });
    expect(sf.unused).toBe(13);
  });
  it("among equal best hands, keeps the higher card out of the hand", () => {
    // Four of a kind in 6s with kicker K is best; the remaining K or 2 stays out: a K can be the
    // kicker only once, so the other K stays unused (13).
    const best = bestHand(cards("6c 6d 6h 6s Kc Kd 2h"))!;
    expect(best.value).toEqual({ category: 7, kickers: [6, 13] });
    expect(best.unused).toBe(13);
  });
  it("picks as trying every choice with evaluate and compareHands does, on 600 seeded boards of 6 to 25 pieces", () => {
    /** The rule as written: every choice of five, evaluated and compared; ties to the highest card left out, then the first. */
    const reference = (board: readonly PokerCard[]) => {
      let best: { picks: number[]; value: ReturnType<typeof evaluate>; unused: number | null } | null = null;
      const pick: number[] = [];
      const visit = (from: number) => {
        if (pick.length === 5) {
          const value = evaluate(pick.map((i) => board[i]!));
          const c = best === null ? 1 : compareHands(value, best.value);
          const unused = highestUnused(board, pick);
          if (c > 0 || (c === 0 && (unused ?? 0) > (best!.unused ?? 0))) best = { picks: [...pick], value, unused };
          return;
        }
        for (let i = from; i <= board.length - (5 - pick.length); i++) {
          pick.push(i);
          visit(i + 1);
          pick.pop();
        }
      };
      visit(0);
      return best;
    };
    // Two decks and jokers, as Cardeno's pieces: repeats, jokers and flushes holding pairs all come up.
    const random = seeded(20261128);
    const categories = new Set<number>();
    for (let n = 0; n < 600; n++) {
      // Mostly small boards (quick to check), some full ones; a narrow deck now and then for many ties.
      const size = n % 60 === 0 ? 25 : 6 + Math.floor(random() * 8);
      const from = n % 3 === 0 ? PIECES.filter((c) => c.suit === null || c.suit === "H" || c.rank >= 10) : PIECES;
      const board = Array.from({ length: size }, () => from[Math.floor(random() * from.length)]!);
      const fast = bestHand(board)!;
      expect(fast, board.map((c) => `${c.rank}${c.suit ?? "*"}`).join(" ")).toEqual(reference(board));
      categories.add(fast.value.category);
    }
    expect(categories.size).toBeGreaterThanOrEqual(8);
  });
  it("scores five cards in one number in the order of compareHands: 30,000 seeded hands and the ladder", () => {
    const random = seeded(7);
    // A narrow deck half the time: pairs, trips, full houses and flushes holding pairs are common.
    const narrow = PIECES.filter((c) => c.suit === null || c.suit === "S" || c.rank >= 11);
    const hand = () => {
      const from = random() < 0.5 ? narrow : PIECES;
      return Array.from({ length: 5 }, () => from[Math.floor(random() * from.length)]!);
    };
    const fives = ladder.map(([text]) => cards(text)).filter((h) => h.length === 5);
    for (let n = 0; n < 30_000; n++) fives.push(hand());
    // Sorted by score, each neighbour compares the same way: then (compareHands being a total
    // order of values) the two orders agree on every pair of these hands.
    const sorted = fives.map((h) => ({ h, score: handScore(h) })).sort((x, y) => x.score - y.score);
    const say = (h: PokerCard[]) => h.map((c) => `${c.rank}${c.suit ?? "*"}`).join(" ");
    for (let i = 1; i < sorted.length; i++) {
      const [a, b] = [sorted[i - 1]!, sorted[i]!];
      expect(Math.sign(b.score - a.score), `${say(a.h)} vs ${say(b.h)}`).toBe(Math.sign(compareHands(evaluate(b.h), evaluate(a.h))));
    }
  });
});
