/**
 * The Cardeno equipment's properties (docs/rules/cardeno.md, Cardeno rulings "Pieces and boards"), checked
 * by brute force and independently of the generator's own checks.
 */
import { describe, expect, it } from "vitest";
import { CARDENO_DATA, CELLS, fits, LINES, cellName, parseCell, type Piece } from "../../../src/games/cardeno/pieces.ts";
import { evaluate, JOKER, SUITS, type Category } from "../../../src/games/cardeno/poker.ts";

const { pieces, faces } = CARDENO_DATA;

/** Size of a maximum matching between pieces and cut-outs (Kuhn's augmenting paths). */
function maxMatching(cutouts: readonly { shape: number; rank: number }[]): number {
  const owner = new Array<number>(pieces.length).fill(-1);
  const fitting = cutouts.map((c) => pieces.flatMap((p, i) => (fits(p, c) ? [i] : [])));
  let n = 0;
  for (let c = 0; c < cutouts.length; c++) {
    const seen = new Set<number>();
    const tryCut = (x: number): boolean => {
      for (const p of fitting[x]!) {
        if (seen.has(p)) continue;
        seen.add(p);
        if (owner[p] === -1 || tryCut(owner[p]!)) {
          owner[p] = x;
          return true;
        }
      }
      return false;
    };
    if (tryCut(c)) n++;
  }
  return n;
}

/** Every poker category some choice of at most 5 distinct pieces fitted on distinct cut-outs of `face` makes. */
function categoriesOn(cutouts: readonly { shape: number; rank: number }[]): Set<Category> {
  const found = new Set<Category>();
  const idx = [...cutouts.keys()];
  const pick: number[] = [];
  const classPieces = (c: { shape: number; rank: number }) => pieces.filter((p) => fits(p, c));
  const tryAssign = () => {
    // Per suit choice: all one suit if possible (flushes), and the first distinct pieces (mixed).
    const options = pick.map((i) => classPieces(cutouts[i]!));
    const choose = (want: (p: Piece) => boolean): Piece[] | null => {
      const used = new Set<number>();
      const out: Piece[] = [];
      for (const o of options) {
        const p = o.find((x) => !used.has(x.id) && want(x)) ?? null;
        if (!p) return null;
        used.add(p.id);
        out.push(p);
      }
      return out;
    };
    for (const s of SUITS) {
      const hand = choose((p) => p.suit === s);
      if (hand) found.add(evaluate(hand).category);
    }
    // Mixed suits: any pieces, then with one position changed to another suit (so five in a row
    // need not be a straight flush).
    const any = choose(() => true);
    if (!any) return;
    found.add(evaluate(any).category);
    options.forEach((o, i) => {
      const other = o.find((x) => x.suit !== any[i]!.suit && !any.some((y) => y.id === x.id));
      if (other) found.add(evaluate(any.map((y, j) => (j === i ? other : y))).category);
    });
  };
  const visit = (from: number) => {
    if (pick.length >= 2) tryAssign();
    if (pick.length === 5 || found.size === 9) return;
    for (let i = from; i < idx.length; i++) {
      pick.push(i);
      visit(i + 1);
      pick.pop();
    }
  };
  visit(0);
  return found;
}

describe("Cardeno pieces and boards", () => {
  it("has 150 pieces: 11 of each rank (12 queens), 6 jokers, every suit of a rank 2 or 3 times", () => {
    expect(pieces).toHaveLength(150);
    expect(new Set(pieces.map((p) => p.id)).size).toBe(150);
    for (let rank = 2; rank <= 14; rank++) {
      const of = pieces.filter((p) => p.rank === rank);
      expect(of.length, `rank ${rank}`).toBe(rank === 12 ? 12 : 11);
      for (const s of SUITS) expect(of.filter((p) => p.suit === s).length).toBeGreaterThanOrEqual(2);
    }
    expect(pieces.filter((p) => p.rank === JOKER && p.suit === null)).toHaveLength(6);
  });
  it("has 12 faces of 25 cut-outs; both faces of a board have the same shapes", () => {
    expect(faces).toHaveLength(12);
    for (let b = 0; b < 6; b++) {
      const odd = faces[2 * b]!;
      const even = faces[2 * b + 1]!;
      expect([odd.id, even.id, odd.board, even.board]).toEqual([2 * b + 1, 2 * b + 2, b, b]);
      expect(odd.cutouts).toHaveLength(CELLS);
      expect(even.cutouts.map((c) => c.shape)).toEqual(odd.cutouts.map((c) => c.shape));
      expect(even.cutouts.map((c) => c.rank)).not.toEqual(odd.cutouts.map((c) => c.rank));
    }
  });
  it("on each parity all 150 pieces can fill all 150 cut-outs at once (a perfect matching)", () => {
    for (const parity of [1, 0]) {
      const cutouts = faces.filter((f) => f.id % 2 === parity).flatMap((f) => f.cutouts);
      expect(cutouts).toHaveLength(150);
      expect(maxMatching(cutouts)).toBe(150);
    }
  });
  it("every cut-out has at least 3 fitting pieces, and pieces are contested across boards", () => {
    for (const f of faces) for (const c of f.cutouts) expect(pieces.filter((p) => fits(p, c)).length).toBeGreaterThanOrEqual(3);
    for (const parity of [1, 0]) {
      for (const p of pieces) {
        const boards = faces.filter((f) => f.id % 2 === parity && f.cutouts.some((c) => fits(p, c))).map((f) => f.board);
        expect(boards.length, `piece ${p.id}`).toBeGreaterThanOrEqual(2);
      }
    }
  });
  it("every poker category can be made on every face", () => {
    for (const f of faces) {
      const cats = categoriesOn(f.cutouts);
      for (const c of [1, 2, 3, 4, 5, 6, 7, 8] as Category[]) expect(cats.has(c), `face ${f.id}: category ${c}`).toBe(true);
    }
  });
  it("lines: 5 rows, 5 columns and both diagonals; cut-outs are named A1 to E5", () => {
    expect(LINES).toHaveLength(12);
    expect(LINES).toContainEqual([0, 6, 12, 18, 24]);
    expect(LINES).toContainEqual([4, 8, 12, 16, 20]);
    expect(cellName(0)).toBe("A1");
    expect(cellName(24)).toBe("E5");
    expect(cellName(7)).toBe("C2");
    for (let i = 0; i < CELLS; i++) expect(parseCell(cellName(i).toLowerCase())).toBe(i);
    expect(parseCell("F1")).toBeNull();
    expect(parseCell("A6")).toBeNull();
  });
});
