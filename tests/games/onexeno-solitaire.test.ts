import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fieldOf, gridOf, placedPattern, placementProblem, type Placed } from "../../src/games/onexeno/board.ts";
import { cardValue, DECK } from "../../src/games/onexeno/cards.ts";
import {
  applySolitaire,
  findSquare,
  setupSolitaire,
  solitaireHint,
  solitaireLegalMoves,
  solitaireScore,
  solitaireView,
  wastePlacements,
  type SolitaireMove,
  type SolitaireState,
} from "../../src/games/onexeno/solitaire.ts";
import { solve } from "../helpers/solitaire-solver.ts";
import { fillCells } from "../helpers/onexeno.ts";

const must = (r: ReturnType<typeof applySolitaire>) => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const cardsOf = (s: SolitaireState) => [...s.stock, ...s.waste, ...s.table.map((p) => p.card)];

/** A state with the given table (and field/square derived as the rules would), rest in the stock. */
function withTable(
  table: Placed[],
  square: number,
  squareBox: SolitaireState["squareBox"],
  field: SolitaireState["field"],
  waste: number[] = [],
): SolitaireState {
  const base = setupSolitaire("fixture");
  const used = new Set([...table.map((p) => p.card), ...waste]);
  return { ...base, table, square, squareBox, field, waste, stock: DECK.filter((c) => !used.has(c)) };
}

describe("solitaire setup and drawing", () => {
  it("turns one card up at the centre, the rest is the stock, the field is the 3x3 around it", () => {
    const s = setupSolitaire("a");
    expect(s.table).toEqual([{ card: s.table[0]!.card, rot: 0, x: 0, y: 0 }]);
    expect(s.stock).toHaveLength(69);
    expect(s.waste).toHaveLength(0);
    expect(s.field).toEqual({ minX: -1, maxX: 1, minY: -1, maxY: 1 });
    expect(solitaireScore(s)).toBe(0);
    expect(setupSolitaire("a")).toEqual(s);
    expect(setupSolitaire("b").stock).not.toEqual(s.stock);
  });

  it("draws three at a time; the third card drawn is on top", () => {
    const s = setupSolitaire("a");
    const t = must(applySolitaire(s, { kind: "draw" }));
    expect(t.waste).toEqual(s.stock.slice(0, 3));
    expect(t.stock).toEqual(s.stock.slice(3));
    expect(solitaireView(t).wasteTop.at(-1)).toBe(s.stock[2]);
  });

  it("turns the waste over in order when the stock is empty, and ends after a pass with no play", () => {
    let s = setupSolitaire("a");
    for (let i = 0; i < 23; i++) s = must(applySolitaire(s, { kind: "draw" }));
    expect(s.stock).toHaveLength(0);
    expect(s.waste).toHaveLength(69);
    // no card was played in this first pass: turning over ends the game
    const end = must(applySolitaire(s, { kind: "draw" }));
    expect(end.phase).toBe("over");
    expect(end.end).toBe("stuck");
    // with one card played, the waste turns over (oldest first) and three are drawn again
    const place = wastePlacements(s)[0];
    if (place) {
      const played = must(applySolitaire(s, { kind: "place", ...place }));
      const over = must(applySolitaire(played, { kind: "draw" }));
      expect(over.phase).toBe("play");
      expect(over.passes).toBe(1);
      expect(over.waste).toEqual(played.waste.slice(0, 3));
      expect(over.playedThisPass).toBe(false);
    }
  });
});

describe("placing and the field", () => {
  it("refuses cells outside the field, unattached or mismatched, with codes", () => {
    let s = setupSolitaire("place");
    while (wastePlacements(s).length === 0) s = must(applySolitaire(s, { kind: "draw" }));
    const codes = (m: SolitaireMove) => {
      const r = applySolitaire(s, m);
      return r.ok ? "ok" : r.error.code;
    };
    expect(codes({ kind: "place", x: 2, y: 0, rot: 0 })).toBe("solitaire/outside_field");
    expect(codes({ kind: "place", x: 1, y: 1, rot: 0 })).toBe("solitaire/not_adjacent");
    expect(codes({ kind: "place", x: 0, y: 0, rot: 0 })).toBe("solitaire/occupied");
    const p = wastePlacements(s)[0]!;
    expect(codes({ kind: "place", ...p })).toBe("ok");
  });

  it("completing a 2x2 sets the field to that square plus one cell on every side", () => {
    const cells = fillCells([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
      { x: 1, y: 1 },
    ]);
    const last = cells[3]!;
    const s = withTable(cells.slice(0, 3), 1, null, { minX: -1, maxX: 1, minY: -1, maxY: 1 }, [last.card]);
    const t = must(applySolitaire(s, { kind: "place", x: 1, y: 1, rot: last.rot }));
    expect(t.square).toBe(2);
    expect(t.squareBox).toEqual({ minX: 0, maxX: 1, minY: 0, maxY: 1 });
    expect(t.field).toEqual({ minX: -1, maxX: 2, minY: -1, maxY: 2 });
    expect(t.last?.completed).toBe(2);
    expect(solitaireScore(t)).toBe(cells.reduce((a, p) => a + cardValue(p.card), 0));
  });

  it("finds the first completed square in reading order", () => {
    const cells = fillCells([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 2, y: 0 },
      { x: 0, y: 1 },
      { x: 1, y: 1 },
      { x: 2, y: 1 },
    ]);
    expect(findSquare(cells, { minX: -1, maxX: 3, minY: -1, maxY: 2 }, 2)).toEqual({ minX: 0, maxX: 1, minY: 0, maxY: 1 });
    expect(findSquare(cells, { minX: 1, maxX: 3, minY: -1, maxY: 2 }, 2)).toEqual({ minX: 1, maxX: 2, minY: 0, maxY: 1 });
    expect(findSquare(cells, { minX: -1, maxX: 3, minY: -1, maxY: 2 }, 3)).toBeNull();
  });

  it("hint names a legal placement, or none when drawing is the only move", () => {
    let s = setupSolitaire("hint");
    for (let i = 0; i < 30 && s.phase === "play"; i++) {
      const h = solitaireHint(s);
      const legal = wastePlacements(s);
      if (h) expect(legal).toContainEqual(h);
      else expect(legal).toHaveLength(0);
      s = must(applySolitaire(s, h ? { kind: "place", ...h } : { kind: "draw" }));
    }
  });
});

describe("solitaire properties", () => {
  it("over seeded random games: cards conserved, the table always matches, the field never outgrows the rule", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.nat(), { minLength: 50, maxLength: 300 }), (seed, picks) => {
        let s = setupSolitaire(seed);
        for (const pick of picks) {
          if (s.phase !== "play") break;
          const legal = solitaireLegalMoves(s).filter((m) => m.kind !== "resign");
          s = must(applySolitaire(s, legal[pick % legal.length]!));
          const cards = cardsOf(s);
          expect(cards).toHaveLength(70);
          expect(new Set(cards).size).toBe(70);
          for (const p of s.table) {
            const others = s.table.filter((q) => q !== p);
            const problem = placementProblem(gridOf(others), fieldOf(others), p.x, p.y, placedPattern(p), Infinity);
            expect(problem === null || problem === "not_adjacent").toBe(true);
            expect(p.x >= s.field.minX && p.x <= s.field.maxX && p.y >= s.field.minY && p.y <= s.field.maxY).toBe(true);
          }
          const expected = s.squareBox
            ? { minX: s.squareBox.minX - 1, maxX: s.squareBox.maxX + 1, minY: s.squareBox.minY - 1, maxY: s.squareBox.maxY + 1 }
            : { minX: -1, maxX: 1, minY: -1, maxY: 1 };
          expect(s.field).toEqual(expected);
          if (s.squareBox) expect(s.squareBox.maxX - s.squareBox.minX + 1).toBe(s.square);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("solver", () => {
  it("finds a deal whose 8x8 is reachable (seed-9, dealt by seed derivation 1) and the moves replay to a win", () => {
    // A known solvable deal: few are within the solver's budget, and this one was found under derivation 1.
    const start = setupSolitaire("seed-9", 1);
    const r = solve(start, 3000);
    expect(r.won).toBe(true);
    let s = start;
    for (const m of r.moves) s = must(applySolitaire(s, m));
    expect(s.end).toBe("won");
    expect(s.square).toBe(8);
    expect(s.table.length).toBeGreaterThanOrEqual(64);
    expect(solitaireScore(s)).toBeGreaterThan(0);
  });
});
