/**
 * Paints one ONEXENO card the way the physical card looks: 3x3 cells, the 8 outer ones black
 * or white, the centre showing the point value. Faces are painted once per (pattern, size)
 * into a cached canvas and then stamped, so a table render does not repaint 25 cards.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from "@napi-rs/canvas";
import { CELL, isBlack } from "../../src/games/onexeno/cards.ts";
import { ensureFonts, font } from "../fonts.ts";
import type { Theme } from "../theme.ts";

/** Cell (column, row) of each outer cell index. */
const CELL_POS: Record<number, [number, number]> = {
  [CELL.TL]: [0, 0],
  [CELL.T]: [1, 0],
  [CELL.TR]: [2, 0],
  [CELL.R]: [2, 1],
  [CELL.BR]: [2, 2],
  [CELL.B]: [1, 2],
  [CELL.BL]: [0, 2],
  [CELL.L]: [0, 1],
};

const cache = new Map<string, Canvas>();

/** Number of black cells of a pattern (the value shown in the centre). */
function valueOf(pattern: number): number {
  let v = 0;
  for (let i = 0; i < 8; i++) v += (pattern >>> i) & 1;
  return v;
}

/** The cached face of an oriented pattern (0..255) at `size` px. */
export function cardFace(pattern: number, size: number, theme: Theme): Canvas {
  const k = `${pattern}:${size}:${theme.black}:${theme.white}`;
  const hit = cache.get(k);
  if (hit) return hit;
  ensureFonts();
  const c = createCanvas(size, size);
  const ctx = c.getContext("2d");
  const cell = size / 3;
  for (let i = 0; i < 8; i++) {
    const [cx, cy] = CELL_POS[i] as [number, number];
    ctx.fillStyle = isBlack(pattern, i) ? theme.black : theme.white;
    ctx.fillRect(Math.floor(cx * cell), Math.floor(cy * cell), Math.ceil(cell) + 1, Math.ceil(cell) + 1);
  }
  // The value is at least 15 px (12 px at Discord's preview size): on small faces the centre
  // square grows a little past its third to hold it.
  const px = Math.max(15, Math.round(cell * 0.72));
  const box = Math.max(cell, Math.round(px * 1.15));
  ctx.fillStyle = theme.centre;
  ctx.fillRect((size - box) / 2, (size - box) / 2, box, box);
  ctx.fillStyle = theme.black;
  ctx.font = font(px, true);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(valueOf(pattern)), size / 2, size / 2 + cell * 0.04);
  ctx.strokeStyle = theme.cardEdge;
  ctx.lineWidth = Math.max(1, size / 40);
  ctx.strokeRect(ctx.lineWidth / 2, ctx.lineWidth / 2, size - ctx.lineWidth, size - ctx.lineWidth);
  cache.set(k, c);
  return c;
}

/** Stamps a card face at (x, y), top-left, `size` px square. */
export function drawCard(ctx: SKRSContext2D, pattern: number, x: number, y: number, size: number, theme: Theme): void {
  ctx.drawImage(cardFace(pattern, size, theme), Math.round(x), Math.round(y));
}
