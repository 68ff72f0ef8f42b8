import { describe, expect, it } from "vitest";
import {
  candidateCells,
  completedLines,
  displayWindow,
  fieldOf,
  gridOf,
  legalPlacements,
  parsePositionLabel,
  placementProblem,
  positionLabel,
  type Placed,
} from "../../src/games/onexeno/board.ts";
import { DECK, distinctRotations, rotatePattern } from "../../src/games/onexeno/cards.ts";
import { fillCells } from "../helpers/onexeno.ts";

const check = (table: Placed[], x: number, y: number, pattern: number) => placementProblem(gridOf(table), fieldOf(table), x, y, pattern);

describe("matching rule", () => {
  // Card with only its right column black: TR, R, BR = bits 2, 3, 4.
  const rightBlack = 0b00011100;
  // Card with only its left column black: TL, L, BL = bits 0, 7, 6.
  const leftBlack = 0b11000001;

  it("accepts an edge whose cells agree one by one and refuses one that does not", () => {
    const table: Placed[] = [{ card: rightBlack, rot: 0, x: 0, y: 0 }];
    expect(check(table, 1, 0, leftBlack)).toBeNull();
    expect(check(table, 1, 0, 0)).toBe("no_match");
    // below: bottom row of rightBlack is BL=W, B=W, BR=B; card below needs TL W, T W, TR B.
    expect(check(table, 0, 1, 0b00000100)).toBeNull();
    expect(check(table, 0, 1, 0b00000001)).toBe("no_match");
  });

  it("refuses a card whose corner cell clashes with a diagonal neighbour, edges aside", () => {
    // A ring around (1,1) that leaves (1,0) and (0,1) empty: the new card's top-left cell
    // touches only the corner of the card at (0,0).
    const ring = fillCells([
      { x: 0, y: 0 },
      { x: 0, y: -1 },
      { x: 1, y: -1 },
      { x: 2, y: -1 },
      { x: 2, y: 0 },
      { x: 2, y: 1 },
    ]);
    const fits = Array.from({ length: 256 }, (_, p) => p).filter((p) => check(ring, 1, 1, p) === null);
    expect(fits.length).toBeGreaterThan(0);
    for (const p of fits) {
      // flipping the top-left cell changes nothing but the corner contact with (0,0)
      expect(check(ring, 1, 1, p ^ 0b00000001)).toBe("no_match");
      // flipping the left-middle cell touches nothing at all
      expect(check(ring, 1, 1, p ^ 0b10000000)).toBeNull();
    }
  });

  it("requires sharing an edge, refuses occupied cells, and puts the first card at the centre", () => {
    const table: Placed[] = [{ card: 0, rot: 0, x: 0, y: 0 }];
    expect(check(table, 1, 1, 0)).toBe("not_adjacent");
    expect(check(table, 0, 0, 0)).toBe("occupied");
    expect(check([], 0, 0, 123 & 0)).toBeNull();
    expect(check([], 2, 0, 0)).toBe("not_adjacent");
  });
});

describe("field limit", () => {
  it("closes a direction at 5 cards and refuses a sixth column", () => {
    const row = fillCells([0, 1, 2, 3].map((x) => ({ x, y: 0 })));
    const f = fieldOf(row)!;
    expect(f.xClosed).toBe(false);
    const cells = candidateCells(row, gridOf(row), f);
    expect(cells.some((c) => c.x === -1)).toBe(true);
    expect(cells.some((c) => c.x === 4)).toBe(true);
    const five = fillCells([0, 1, 2, 3, 4].map((x) => ({ x, y: 1 })));
    const f5 = fieldOf(five)!;
    expect(f5.xClosed).toBe(true);
    expect(f5.yClosed).toBe(false);
    for (const card of DECK) {
      for (const rot of distinctRotations(card)) {
        expect(placementProblem(gridOf(five), f5, 5, 1, rotatePattern(card, rot))).toBe("field_limit");
        expect(placementProblem(gridOf(five), f5, -1, 1, rotatePattern(card, rot))).toBe("field_limit");
      }
    }
  });

  it("shows one open cell on each side that is not closed; cell names are fixed to the first card (H8)", () => {
    const one: Placed[] = [{ card: 0, rot: 0, x: 0, y: 0 }];
    const w = displayWindow(one);
    expect(w).toEqual({ minX: -1, minY: -1, cols: 3, rows: 3 });
    expect(positionLabel(0, 0)).toBe("H8");
    expect(positionLabel(-1, -1)).toBe("G7");
    expect(positionLabel(-7, -7)).toBe("A1");
    expect(positionLabel(18, 3)).toBe("Z11");
    expect(positionLabel(-8, 0)).toBe("a8");
    expect(parsePositionLabel("h8")).toEqual({ x: 0, y: 0 });
    expect(parsePositionLabel("G 7")).toEqual({ x: -1, y: -1 });
    expect(parsePositionLabel("11")).toBeNull();
    for (let x = -7; x <= 18; x++) for (let y = -7; y <= 20; y++) expect(parsePositionLabel(positionLabel(x, y))).toEqual({ x, y });
    const five = fillCells([0, 1, 2, 3, 4].map((x) => ({ x, y: 0 })));
    expect(displayWindow(five)).toEqual({ minX: 0, minY: -1, cols: 5, rows: 3 });
  });
});

describe("lines of five", () => {
  const full = fillCells(Array.from({ length: 25 }, (_, i) => ({ x: i % 5, y: Math.floor(i / 5) })));

  it("a filled 5x5 is a legal table", () => {
    const grid = gridOf(full);
    for (const p of full) {
      const others = full.filter((q) => q !== p);
      expect(placementProblem(gridOf(others), fieldOf(others), p.x, p.y, rotatePattern(p.card, p.rot))).toBeNull();
    }
    expect(grid.size).toBe(25);
  });

  it("the centre card of a full 5x5 completes 4 lines of 17 distinct cards", () => {
    const lines = completedLines(gridOf(full), fieldOf(full)!, 2, 2);
    expect(lines.map((l) => l.kind).sort()).toEqual(["antidiagonal", "column", "diagonal", "row"]);
    const cells = new Set(lines.flatMap((l) => l.cells.map((c) => `${c.x},${c.y}`)));
    expect(cells.size).toBe(17);
  });

  it("an edge card completes only its row and column; a corner adds one diagonal", () => {
    expect(
      completedLines(gridOf(full), fieldOf(full)!, 1, 0)
        .map((l) => l.kind)
        .sort(),
    ).toEqual(["column", "row"]);
    expect(
      completedLines(gridOf(full), fieldOf(full)!, 4, 0)
        .map((l) => l.kind)
        .sort(),
    ).toEqual(["antidiagonal", "column", "row"]);
  });

  it("needs all five cells: a gap completes nothing", () => {
    const gap = full.filter((p) => !(p.x === 0 && p.y === 2));
    expect(completedLines(gridOf(gap), fieldOf(gap)!, 3, 2).map((l) => l.kind)).toEqual(["column"]);
  });
});

describe("legal placement enumeration (perft-style cross-check)", () => {
  it("matches a brute force over every cell and rotation of a wide window", () => {
    const tables = [
      [] as Placed[],
      fillCells([{ x: 0, y: 0 }]),
      fillCells([
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 1 },
      ]),
      fillCells([0, 1, 2, 3, 4].map((x) => ({ x, y: 0 }))),
      fillCells(Array.from({ length: 24 }, (_, i) => ({ x: i % 5, y: Math.floor(i / 5) }))),
    ];
    for (const table of tables) {
      const grid = gridOf(table);
      const field = fieldOf(table);
      for (const card of DECK.filter((_, i) => i % 7 === 0)) {
        const fast = legalPlacements(table, grid, field, card).map((p) => `${p.x},${p.y},${rotatePattern(card, p.rot)}`);
        const brute = new Set<string>();
        for (let x = -6; x <= 10; x++)
          for (let y = -6; y <= 10; y++)
            for (let r = 0; r < 4; r++) {
              const pat = rotatePattern(card, r);
              if (placementProblem(grid, field, x, y, pat) === null) brute.add(`${x},${y},${pat}`);
            }
        expect(new Set(fast)).toEqual(brute);
        expect(fast.length).toBe(brute.size);
      }
    }
  });
});
