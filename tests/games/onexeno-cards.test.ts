import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  canonical, cardName, cardValue, DECK, distinctRotations, parseCardName, rotatePattern,
} from "../../src/games/onexeno/cards";

describe("ONEXENO deck", () => {
  it("has 70 distinct cards, one per pattern up to rotation", () => {
    expect(DECK).toHaveLength(70);
    expect(new Set(DECK).size).toBe(70);
    const classes = new Set(Array.from({ length: 256 }, (_, p) => canonical(p)));
    expect(classes.size).toBe(70);
  });

  it("has the value distribution and total of GAMES.md", () => {
    const dist: Record<number, number> = {};
    for (const c of DECK) dist[cardValue(c)] = (dist[cardValue(c)] ?? 0) + 1;
    expect(dist).toEqual({ 0: 1, 1: 2, 2: 8, 3: 14, 4: 20, 5: 14, 6: 8, 7: 2, 8: 1 });
    expect(DECK.reduce((s, c) => s + cardValue(c), 0)).toBe(280);
  });

  it("rotates a quarter turn clockwise: top-left cell goes to top-right", () => {
    expect(rotatePattern(0b00000001, 1)).toBe(0b00000100); // TL -> TR
    expect(rotatePattern(0b00000010, 1)).toBe(0b00001000); // T -> R
    expect(rotatePattern(0b10000000, 1)).toBe(0b00000010); // L -> T
  });

  it("four quarter turns are the identity and rotation keeps the card", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 3 }), (p, r) => {
        expect(rotatePattern(rotatePattern(p, r), 4 - r)).toBe(p);
        expect(canonical(rotatePattern(p, r))).toBe(canonical(p));
      }),
    );
  });

  it("counts distinct rotations: blank and full cards have one, checkerboards two", () => {
    expect(distinctRotations(0)).toHaveLength(1);
    expect(distinctRotations(255)).toHaveLength(1);
    expect(distinctRotations(0b01010101)).toHaveLength(1); // all four corners black: symmetric
    expect(distinctRotations(0b00010001)).toHaveLength(2); // TL and BR
    expect(distinctRotations(0b00000001)).toHaveLength(4);
  });

  it("names every card uniquely and parses names back", () => {
    const names = DECK.map(cardName);
    expect(new Set(names).size).toBe(70);
    for (const c of DECK) expect(parseCardName(cardName(c))).toBe(c);
    expect(cardName(0)).toBe("WWW/W0W/WWW");
    expect(cardName(255)).toBe("BBB/B8B/BBB");
    expect(parseCardName("bbb b8b bbb")).toBe(255);
    expect(parseCardName("BBB/B7B/BBB")).toBeNull(); // wrong value
    expect(parseCardName("hello")).toBeNull();
  });
});
