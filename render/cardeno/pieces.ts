/**
 * Cardeno's pieces and boards as drawn: the jigsaw outline of each shape, a piece with its
 * colour and label, a board's cut-outs and completed lines, the small boards of the table.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from "@napi-rs/canvas";
import { LRUCache } from "lru-cache";
import { completeLines, type CardenoView } from "../../src/games/cardeno/game.ts";
import { CELLS, faceOf, LINES, pieceOf, SHAPES, SIDE, type Cutout, type Piece } from "../../src/games/cardeno/pieces.ts";
import { SUIT_GLYPHS } from "../../src/games/cardeno/poker.ts";
import { ensureFonts, fitText, font } from "../fonts.ts";
import { type Theme } from "../theme.ts";
import type { Locale } from "../../src/i18n/index.ts";
import { badgeWidth, drawBadge } from "../badge.ts";
import { rankLabelIn } from "./words.ts";

/** One colour per shape (also told apart by outline and letter). */
export const SHAPE_COLOURS = [
  "#e6194b",
  "#3cb44b",
  "#ffe119",
  "#4363d8",
  "#f58231",
  "#911eb4",
  "#42d4f4",
  "#f032e6",
  "#bfef45",
  "#fabed4",
  "#dcbeff",
  "#aaffc3",
];
export const RED = "#c8102e";
export const INK = "#16161a";
export const JOKER_INK = "#6b2fb3";
export const GOLD = "#ffc83d";
/** Complete lines: gold, see-through so the labels under them stay legible. */
export const LINE_INK = "rgba(255,200,61,0.6)";

/** Traces a jig-saw outline: body `size` px square at (x, y), tabs reaching `size * 0.16` out. */
export function jigsawPath(ctx: SKRSContext2D, x: number, y: number, size: number, edges: readonly number[]): void {
  const r = size * 0.16;
  const a = size * 0.34;
  const b = size - a;
  const [top, right, bottom, left] = edges as [number, number, number, number];
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + a, y);
  if (top) ctx.arc(x + size / 2, y, r, Math.PI, 0, top < 0);
  ctx.lineTo(x + size, y);
  ctx.lineTo(x + size, y + a);
  if (right) ctx.arc(x + size, y + size / 2, r, -Math.PI / 2, Math.PI / 2, right < 0);
  ctx.lineTo(x + size, y + size);
  ctx.lineTo(x + b, y + size);
  if (bottom) ctx.arc(x + size / 2, y + size, r, 0, Math.PI, bottom < 0);
  ctx.lineTo(x, y + size);
  ctx.lineTo(x, y + b);
  if (left) ctx.arc(x, y + size / 2, r, Math.PI / 2, Math.PI * 1.5, left < 0);
  ctx.closePath();
}

/** The ink of a piece's label: red for hearts and diamonds, violet for jokers, else black. */
export function inkOf(p: Piece): string {
  if (p.suit === null) return JOKER_INK;
  return p.suit === "H" || p.suit === "D" ? RED : INK;
}

/** A piece's label in `locale`: `Q♥` (`D♥` in French), `10♠`, `★` for a joker. */
export function pieceLabel(p: Piece, locale: Locale = "en"): string {
  return p.suit ? `${rankLabelIn(locale, p.rank)}${SUIT_GLYPHS[p.suit]}` : "★";
}

/** Pieces and cut-outs drawn once per look and size into a sprite, then stamped at whole pixels. */
const sprites = new Map<string, Canvas>();

/** Stamps the sprite `key` (a body `size` px square with tabs around it), painting it the first time. */
function stamp(
  ctx: SKRSContext2D,
  key: string,
  x: number,
  y: number,
  size: number,
  paint: (c: SKRSContext2D, x: number, y: number) => void,
): void {
  const pad = Math.ceil(size * 0.2) + 3; // the tabs reach size * 0.16 out, plus the stroke
  const k = `${key}:${size}`;
  let sprite = sprites.get(k);
  if (!sprite) {
    ensureFonts();
    sprite = createCanvas(Math.ceil(size) + 2 * pad, Math.ceil(size) + 2 * pad);
    paint(sprite.getContext("2d"), pad, pad);
    sprites.set(k, sprite);
  }
  ctx.drawImage(sprite, Math.round(x) - pad, Math.round(y) - pad);
}

/**
 * Draws a piece (body `size` px) with its label and shape letter (a sprite per piece and size),
 * and `mark` (its number, as its grab button says) on a dark badge across its top-left corner,
 * clear of the label: drawn inside the corner, a number ran into a label as wide as `10♣`.
 */
export function drawPiece(ctx: SKRSContext2D, x: number, y: number, size: number, p: Piece, mark?: string, locale: Locale = "en"): void {
  stamp(ctx, `p${p.shape}:${p.rank}:${p.suit}:${locale}`, x, y, size, (c, px, py) => paintPiece(c, px, py, size, p, locale));
  if (mark) {
    const left = Math.round(x) - 6;
    drawBadge(ctx, mark, left + badgeWidth(ctx, mark), Math.round(y) + 1, "#3a3a40", "#ffffff");
  }
}

/** Paints a piece (body `size` px at (x, y)) with its label and shape letter. */
function paintPiece(ctx: SKRSContext2D, x: number, y: number, size: number, p: Piece, locale: Locale): void {
  const shape = SHAPES[p.shape]!;
  jigsawPath(ctx, x, y, size, shape.edges);
  ctx.fillStyle = "#f6f3ea";
  ctx.fill();
  ctx.lineWidth = Math.max(2, size * 0.06);
  ctx.strokeStyle = SHAPE_COLOURS[p.shape]!;
  ctx.stroke();
  ctx.fillStyle = inkOf(p);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const big = Math.max(14, Math.round(size * (p.suit ? 0.36 : 0.44)));
  ctx.font = font(big, true);
  ctx.fillText(fitText(ctx, pieceLabel(p, locale), size * 0.92), x + size / 2, y + size * 0.44);
  if (!p.suit) {
    ctx.font = font(14, true);
    // The joker's name under its star where it fits whole ("Comodín" on a small piece: the star alone).
    const joker = rankLabelIn(locale, 15);
    if (ctx.measureText(joker).width <= size * 0.92) ctx.fillText(joker, x + size / 2, y + size * 0.8);
  } else if (size >= 40) {
    ctx.font = font(14, true);
    ctx.fillStyle = "#3a3a40";
    ctx.fillText(shape.letter, x + size / 2, y + size * 0.8);
  }
}

/** Draws an open cut-out: a dark slot in the shape's outline, its rank label and shape letter (a sprite per cut-out, size and theme). */
export function drawCutout(ctx: SKRSContext2D, x: number, y: number, size: number, c: Cutout, t: Theme, locale: Locale = "en"): void {
  stamp(ctx, `c${c.shape}:${c.rank}:${t.feltDark}:${t.text}:${locale}`, x, y, size, (g, px, py) =>
    paintCutout(g, px, py, size, c, t, locale),
  );
}

/** Paints an open cut-out (body `size` px at (x, y)). */
function paintCutout(ctx: SKRSContext2D, x: number, y: number, size: number, c: Cutout, t: Theme, locale: Locale): void {
  jigsawPath(ctx, x, y, size, SHAPES[c.shape]!.edges);
  ctx.fillStyle = t.feltDark;
  ctx.fill();
  ctx.lineWidth = Math.max(2, size * 0.05);
  ctx.strokeStyle = SHAPE_COLOURS[c.shape]!;
  ctx.setLineDash([4, 3]);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = t.text;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.font = font(Math.max(14, Math.round(size * (c.rank === 15 ? 0.2 : 0.32))), true);
  // A rank's name whole, or for the joker its star where the name does not fit ("Co…" said nothing).
  const rank = rankLabelIn(locale, c.rank);
  const label = c.rank === 15 && ctx.measureText(rank).width > size * 0.92 ? "★" : rank;
  ctx.fillText(fitText(ctx, label, size * 0.92), x + size / 2, y + size * 0.42);
  if (size >= 40) {
    ctx.font = font(14, true);
    ctx.fillStyle = SHAPE_COLOURS[c.shape]!;
    ctx.fillText(SHAPES[c.shape]!.letter, x + size / 2, y + size * 0.8);
  }
}

/**
 * Small boards' cells as last stamped, one picture a board look (face, pieces on it, cell size,
 * theme, language): a race's table is redrawn about every 1.2 s while most of its boards stay as
 * they were, and one stamp of the board costs what one of its 25 cells did. At most 48 (the six
 * boards of eight races; 180 px square at 36 px cells: 6.2 MB a picture thread), the least
 * recently drawn left out.
 */
const boardSprites = new LRUCache<string, Canvas>({ max: 48 });

/**
 * A small board: filled cells as pieces' labels, open cells dark with their rank; complete lines
 * in gold. At whole pixels (`x`, `y`, `cell` whole numbers, as the table draws them) the cells come
 * from the board's sprite (`boardSprites`), the same pixels as stamping each cell there.
 */
export function drawMiniBoard(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  cell: number,
  view: CardenoView,
  seat: number,
  t: Theme,
  locale: Locale = "en",
): void {
  const board = view.boards[seat]!;
  if (Number.isInteger(x) && Number.isInteger(y) && Number.isInteger(cell)) {
    const key = `${cell}:${view.faces[seat]}:${board.join(",")}:${t.feltDark}:${t.textDim}:${locale}`;
    let sprite = boardSprites.get(key);
    if (!sprite) {
      sprite = createCanvas(cell * SIDE, cell * SIDE);
      stampCells(sprite.getContext("2d"), 0, 0, cell, view, seat, t, locale);
      boardSprites.set(key, sprite);
    }
    ctx.drawImage(sprite, x, y);
  } else stampCells(ctx, x, y, cell, view, seat, t, locale);
  strokeLines(ctx, board, x, y, cell, 3);
}

/** Stamps each cell of a small board at (x, y), `cell` px apart (`drawMiniBoard`). */
function stampCells(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  cell: number,
  view: CardenoView,
  seat: number,
  t: Theme,
  locale: Locale,
): void {
  const face = faceOf(view.faces[seat]!);
  const board = view.boards[seat]!;
  for (let i = 0; i < CELLS; i++) {
    const cx = x + (i % SIDE) * cell;
    const cy = y + Math.floor(i / SIDE) * cell;
    const id = board[i];
    // Each cell's look (an open cut-out of a shape and rank, or a piece) is a sprite per cell size and theme.
    if (id === null || id === undefined) {
      const c = face.cutouts[i]!;
      ctx.drawImage(
        miniSprite(`c${c.shape}:${c.rank}:${t.feltDark}:${t.textDim}:${locale}`, cell, (g) => paintMiniCutout(g, cell, c, t, locale)),
        Math.round(cx),
        Math.round(cy),
      );
    } else {
      const p = pieceOf(id);
      ctx.drawImage(
        miniSprite(`p${p.shape}:${p.rank}:${p.suit}:${locale}`, cell, (g) => paintMiniPiece(g, cell, p, locale)),
        Math.round(cx),
        Math.round(cy),
      );
    }
  }
}

/** A miniature board cell's sprite (`cell` px square), painted by `paint` the first time. */
function miniSprite(key: string, cell: number, paint: (c: SKRSContext2D) => void): Canvas {
  const k = `mini:${key}:${cell}`;
  let sprite = sprites.get(k);
  if (!sprite) {
    ensureFonts();
    sprite = createCanvas(Math.ceil(cell), Math.ceil(cell));
    paint(sprite.getContext("2d"));
    sprites.set(k, sprite);
  }
  return sprite;
}

/** Paints an open cut-out of a miniature board: dark, outlined in its shape's colour, its rank. */
function paintMiniCutout(ctx: SKRSContext2D, cell: number, c: Cutout, t: Theme, locale: Locale): void {
  ctx.fillStyle = t.feltDark;
  ctx.fillRect(1, 1, cell - 2, cell - 2);
  ctx.strokeStyle = SHAPE_COLOURS[c.shape]!;
  ctx.lineWidth = 2;
  ctx.strokeRect(2, 2, cell - 4, cell - 4);
  ctx.fillStyle = t.textDim;
  ctx.font = font(14);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(c.rank === 15 ? "★" : rankLabelIn(locale, c.rank), cell / 2, cell / 2 + 1);
}

/** Paints a filled cell of a miniature board: the piece's label on cream. */
function paintMiniPiece(ctx: SKRSContext2D, cell: number, p: Piece, locale: Locale): void {
  ctx.fillStyle = "#f6f3ea";
  ctx.fillRect(1, 1, cell - 2, cell - 2);
  ctx.fillStyle = inkOf(p);
  ctx.font = font(14, p.rank !== 10);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(pieceLabel(p, locale), cell / 2, cell / 2 + 1);
}

/** Strokes each complete line of `board` (drawn at (x, y), `cell` px a cut-out) from end to end. */
export function strokeLines(
  ctx: SKRSContext2D,
  board: readonly (number | null)[],
  x: number,
  y: number,
  cell: number,
  width: number,
): void {
  ctx.strokeStyle = LINE_INK;
  ctx.lineWidth = width;
  const at = (i: number) => [x + (i % SIDE) * cell + cell / 2, y + Math.floor(i / SIDE) * cell + cell / 2] as const;
  for (const l of completeLines(board)) {
    const cells = LINES[l]!;
    const [x0, y0] = at(cells[0]!);
    const [x1, y1] = at(cells[4]!);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
  }
}
