/**
 * The live table's hit rectangles (issue 50) lie on what the pictures draw there: a rectangle the
 * page outlines and answers clicks on must cover the card it names. Each is checked against the
 * drawing's own marks (the frame around the playable waste card, the frame around the last card
 * placed; the outline every Onze card is drawn with), read from the canvas's pixels.
 */
import { describe, expect, it } from "vitest";
import { applySolitaire, setupSolitaire, solitaireView, wastePlacements, type SolitaireState } from "../../src/games/onexeno/solitaire.ts";
import { DEFAULT_THEME } from "../../render/theme.ts";
import { drawSolitaire, solitaireCellRect, solitaireWasteTopRect } from "../../render/onexeno/solitaire.ts";
import { applyOnze, onzeView, setupOnze, type OnzeState } from "../../src/games/onze/game.ts";
import { chooseOnzeMove } from "../../src/games/onze/computer.ts";
import { drawOnzeHand, drawOnzeTable, onzeHandLayout, onzeMeldRects, onzePileRects, type OnzeRect } from "../../render/onze/table.ts";

/** The RGB of `hex` ("#rrggbb"). */
const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** The RGB of the canvas's pixel at (`x`, `y`). */
function at(canvas: Pick<ReturnType<typeof drawSolitaire>, "getContext">, x: number, y: number): number[] {
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

/** A seeded 3-seat Onze played by the computers for `moves` moves. */
function onzePlayed(seed: string, moves: number): OnzeState {
  const dealt = setupOnze({}, 3, seed);
  if (!dealt.ok) throw new Error(dealt.error.code);
  let s = dealt.value;
  for (let i = 0; i < moves && s.phase !== "over"; i++) {
    const r = applyOnze(s, s.turn, chooseOnzeMove(onzeView(s, s.turn), "normal", s.rng));
    if (!r.ok) throw new Error(r.error.code);
    s = r.value;
  }
  return s;
}

/**
 * Where along a line of the canvas the darkest pixel lies: the card outline (#0b0b0d, 1.5 px)
 * crosses it there. `from` and `to` are the line's ends (px); the answer is the offset from `from`.
 */
function darkest(canvas: Pick<ReturnType<typeof drawSolitaire>, "getContext">, from: [number, number], to: [number, number]): number {
  const n = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1]));
  let best = 0;
  let value = Number.POSITIVE_INFINITY;
  for (let i = 0; i <= n; i++) {
    const [r = 0, g = 0, b = 0] = at(canvas, from[0] + ((to[0] - from[0]) * i) / n, from[1] + ((to[1] - from[1]) * i) / n);
    if (r + g + b < value) [best, value] = [i, r + g + b];
  }
  return best;
}

/**
 * Expects the card outline on `rect`'s top edge (at its middle) and on its left edge (or right:
 * `side`), within 1 px. The side is looked for from 1 px outside to 5 px inside the rectangle:
 * a neighbour's outline lies 2 px away in a meld.
 */
function onOutline(canvas: Pick<ReturnType<typeof drawSolitaire>, "getContext">, rect: OnzeRect, side: "left" | "right" = "left"): void {
  const cx = rect.x + Math.min(rect.w, 44) / 2;
  expect(Math.abs(darkest(canvas, [cx, rect.y - 6], [cx, rect.y + 6]) - 6), `top edge at ${rect.x},${rect.y}`).toBeLessThanOrEqual(1);
  const y = rect.y + rect.h * 0.6;
  const x = side === "left" ? rect.x : rect.x + rect.w;
  const inward = side === "left" ? 1 : -1;
  expect(Math.abs(darkest(canvas, [x - inward, y], [x + 5 * inward, y]) - 1), `${side} edge at ${rect.x},${rect.y}`).toBeLessThanOrEqual(1);
}

describe("Onze's hit rectangles", () => {
  it("the stock's, the discard pile's, every meld card's and every hand card's lie on the card outlines drawn there", () => {
    let melds = 0;
    for (const [seed, moves] of [
      ["onze-hits-1", 40],
      ["onze-hits-2", 90],
      ["onze-hits-3", 160],
      ["onze-hits-4", 260],
    ] as const) {
      const s = onzePlayed(seed, moves);
      const view = onzeView(s, null);
      const canvas = drawOnzeTable(view, ["Ada", "Ben", "Cleo"]);
      const piles = onzePileRects(view);
      if (piles.stock) onOutline(canvas, piles.stock);
      if (piles.discard) onOutline(canvas, piles.discard, "right");
      for (let seat = 0; seat < view.seats; seat++)
        for (const { meld, cards } of onzeMeldRects(view, seat)) {
          // The first card's left edge and the last card's right edge bound the meld; every card's top edge is its own.
          onOutline(canvas, cards[0] as OnzeRect);
          onOutline(canvas, cards.at(-1) as OnzeRect, "right");
          for (const card of cards) onOutline(canvas, { ...card, w: 44 }, "left");
          expect(meld.x).toBe(cards[0]?.x);
          expect(meld.x + meld.w).toBeCloseTo((cards.at(-1)?.x ?? 0) + (cards.at(-1)?.w ?? 0));
          melds++;
        }
      // The hand, as the panel and the live table draw it (with cards marked new, and without).
      const hand = s.hands[0] ?? [];
      for (const fresh of [[], hand.slice(0, 1)]) {
        const help = "Round 1: 2 sets · you hold a set · pairs of 6s and queens: one more card makes a set";
        const picture = drawOnzeHand(hand, "Your hand", help, fresh);
        const layout = onzeHandLayout(hand.length, help, fresh.length);
        expect([picture.width, picture.height]).toEqual([layout.width, layout.height]);
        hand.forEach((card, i) => {
          if (fresh.includes(card)) return; // framed in the highlight colour over its outline
          onOutline(picture, layout.card(i));
          onOutline(picture, layout.card(i), "right");
        });
      }
    }
    expect(melds).toBeGreaterThan(4);
  });
});
