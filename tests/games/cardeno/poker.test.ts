/** The POKER-CARDENO evaluator: every category, jokers as a rank, kickers, short hands, best hand. */
import { describe, expect, it } from "vitest";
import { bestHand, compareHands, evaluate, handName, JOKER, type PokerCard, type Suit } from "../../../src/games/cardeno/poker.ts";

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
});
