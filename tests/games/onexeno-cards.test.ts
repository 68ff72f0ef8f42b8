import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  canonical,
  cardName,
  cardValue,
  CODE_LETTERS,
  DECK,
  distinctRotations,
  parseCardName,
  rotatePattern,
} from "../../src/games/onexeno/cards.ts";

describe("ONEXENO deck", () => {
  it("has 70 distinct cards, one per pattern up to rotation", () => {
    expect(DECK).toHaveLength(70);
    expect(new Set(DECK).size).toBe(70);
    const classes = new Set(Array.from({ length: 256 }, (_, p) => canonical(p)));
    expect(classes.size).toBe(70);
  });

  it("has the value distribution and total of docs/rules/onexeno.md", () => {
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
    const names = DECK.map((c) => cardName(c));
    expect(new Set(names).size).toBe(70);
    // In every language's letters and in squares, each code reads back as its one card (issue 63).
    for (const letters of CODE_LETTERS) for (const c of DECK) expect(parseCardName(cardName(c, letters))).toBe(c);
    expect(cardName(0, "BN")).toBe("BBB/B0B/BBB"); // French: blanc
    expect(parseCardName("BBB/B0B/BBB")).toBe(0); // the value says which B it is
    expect(parseCardName("BBB/B8B/BBB")).toBe(255);
    expect(parseCardName("nnn n8n nnn")).toBe(255);
    expect(parseCardName("□■□/□1□/□□□")).toBe(parseCardName("WBW/W1W/WWW"));
    expect(cardName(0)).toBe("WWW/W0W/WWW");
    expect(cardName(255)).toBe("BBB/B8B/BBB");
    expect(parseCardName("bbb b8b bbb")).toBe(255);
    expect(parseCardName("BBB/B7B/BBB")).toBeNull(); // wrong value
    expect(parseCardName("hello")).toBeNull();
  });
});

describe("card words", () => {
  it("say value and shape, the same in every rotation, and lead every card label", async () => {
    const { cardLabel, cardShape, cardTitle, canonical, rotatePattern, CELL } = await import("../../src/games/onexeno/cards.ts");
    const bits = (...cells: number[]) => cells.reduce((p, c) => p | (1 << c), 0);
    expect(cardShape(canonical(0))).toBe("blank");
    expect(cardShape(canonical(0xff))).toBe("solid");
    expect(cardLabel(canonical(bits(CELL.T, CELL.TR, CELL.R)))).toBe("3 · L");
    expect(cardLabel(canonical(bits(CELL.TL, CELL.T, CELL.TR)))).toBe("3 · side");
    expect(cardLabel(canonical(bits(CELL.TL)))).toBe("1 · corner");
    expect(cardLabel(canonical(bits(CELL.T)))).toBe("1 · dot");
    expect(cardLabel(canonical(0xff & ~bits(CELL.L, CELL.BL, CELL.B)))).toBe("5 · white L");
    expect(cardLabel(canonical(bits(CELL.TL, CELL.T, CELL.R, CELL.BR)))).toBe("4 · 2 pairs");
    for (const id of DECK) {
      for (const r of [1, 2, 3]) expect(cardShape(rotatePattern(id, r))).toBe(cardShape(id)); // any turn of the pattern
      expect(cardLabel(id).startsWith(`${cardValue(id)} · `)).toBe(true);
      expect(cardTitle(id)).toBe(`${cardLabel(id)} (${cardName(id)})`);
      expect(cardLabel(id).length).toBeLessThanOrEqual(26);
    }
  });
});
