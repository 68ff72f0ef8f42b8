/**
 * The live table's hit rectangles (issue 50) lie on what the pictures draw there: a rectangle the
 * page outlines and answers clicks on must cover the card it names. Each is checked against the
 * drawing's own marks (the frame around the playable waste card, the frame around the last card
 * placed), read from the canvas's pixels.
 */
import { describe, expect, it } from "vitest";
import { applySolitaire, setupSolitaire, solitaireView, wastePlacements, type SolitaireState } from "../../src/games/onexeno/solitaire.ts";
import { DEFAULT_THEME } from "../../render/theme.ts";
import { drawSolitaire, solitaireCellRect, solitaireWasteTopRect } from "../../render/onexeno/solitaire.ts";

/** The RGB of `hex` ("#rrggbb"). */
const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** The RGB of the canvas's pixel at (`x`, `y`). */
function at(canvas: ReturnType<typeof drawSolitaire>, x: number, y: number): number[] {
  const d = canvas.getContext("2d").getImageData(Math.round(x), Math.round(y), 1, 1).data;
  return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0];
}

/** A seeded solitaire played by its first legal placement (else a draw) for `moves` moves, then on until a card was just placed with a card left on the waste. */
function played(seed: string, moves: number): SolitaireState {
  let s = setupSolitaire(seed);
  for (let i = 0; (i < moves || s.waste.length === 0 || s.last?.kind !== "place") && s.phase === "play"; i++) {
    const p = wastePlacements(s)[0];
    const r = applySolitaire(s, p ? { kind: "place", ...p } : { kind: "draw" });
    if (!r.ok) throw new Error(r.error.code);
    s = r.value;
  }
  return s;
}

describe("solitaire's hit rectangles", () => {
  it("the top waste card's and the field cells' lie on the cards drawn there, on fields of every size", () => {
    const turn = rgb(DEFAULT_THEME.turn);
    let placedSeen = 0;
    for (const [seed, moves] of [
      ["hits-1", 1],
      ["hits-2", 12],
      ["hits-3", 40],
      ["hits-4", 90],
    ] as const) {
      const state = played(seed, moves);
      const view = solitaireView(state);
      const canvas = drawSolitaire(view, "Ada");
      const waste = solitaireWasteTopRect(view);
      expect(waste).not.toBeNull();
      if (!waste) continue;
      // The playable waste card is framed 2 px outside its rectangle, 3 px wide: on every side.
      expect(at(canvas, waste.x + waste.w / 2, waste.y - 2)).toEqual(turn);
      expect(at(canvas, waste.x + waste.w / 2, waste.y + waste.h + 1)).toEqual(turn);
      expect(at(canvas, waste.x - 2, waste.y + waste.h / 2)).toEqual(turn);
      expect(at(canvas, waste.x + waste.w + 1, waste.y + waste.h / 2)).toEqual(turn);
      const placed = view.last?.placed;
      if (view.last?.kind === "place" && placed) {
        // The last card placed is framed 1 px inside its cell, 3 px wide.
        const cell = solitaireCellRect(view, placed.x, placed.y);
        expect(at(canvas, cell.x + 1, cell.y + cell.h / 2)).toEqual(turn);
        expect(at(canvas, cell.x + cell.w - 2, cell.y + cell.h / 2)).toEqual(turn);
        expect(at(canvas, cell.x + cell.w / 2, cell.y + 1)).toEqual(turn);
        expect(at(canvas, cell.x + cell.w / 2, cell.y + cell.h - 2)).toEqual(turn);
        placedSeen++;
      }
    }
    expect(placedSeen).toBeGreaterThan(0);
  });
});
