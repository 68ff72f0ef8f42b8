/**
 * The solitaire table picture: the field (dashed frame) with its coordinates, the largest
 * completed square (gold frame), the next square's size, stock and waste counts, the top
 * three waste cards (the playable one on top), the score, and a celebration on 8x8.
 * `(view, owner name, theme) -> PNG Buffer`, no I/O.
 */
import type { Canvas } from "@napi-rs/canvas";
import { sceneCanvas } from "../surface.ts";
import { columnLabel, placedPattern, positionLabel, rowLabel } from "../../src/games/onexeno/board.ts";
import { cardValue } from "../../src/games/onexeno/cards.ts";
import { TARGET_SQUARE, type SolitaireView } from "../../src/games/onexeno/solitaire.ts";
import { drawCard } from "./card.ts";
import { ensureFonts, fitText, font, PICTURE_WIDTH, wrapWords } from "../fonts.ts";
import { DEFAULT_THEME, type Theme } from "../theme.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { cardLabelIn, cardTitleIn } from "./words.ts";

export const SOLITAIRE_WIDTH = PICTURE_WIDTH;
export const SOLITAIRE_HEIGHT = 490;
/** The field's square area (px): 8x8 cells of 49 px, or a 10x10 window of 39 px. */
const AREA = 396;
const AREA_X = 38;
const AREA_Y = 80;

/** Cell size and origin for a field of `cols` x `rows` cells (pure layout). */
export function solitaireLayout(cols: number, rows: number): { cell: number; x: number; y: number } {
  const cell = Math.min(64, Math.floor(AREA / Math.max(cols, rows, 3)));
  return { cell, x: AREA_X + Math.floor((AREA - cols * cell) / 2), y: AREA_Y + Math.floor((AREA - rows * cell) / 2) };
}

/** Window used for coordinates: the field box. */
export function solitaireWindow(view: Pick<SolitaireView, "field">): { minX: number; minY: number; cols: number; rows: number } {
  return {
    minX: view.field.minX,
    minY: view.field.minY,
    cols: view.field.maxX - view.field.minX + 1,
    rows: view.field.maxY - view.field.minY + 1,
  };
}

/** The left edge of the side panel (px). */
const PANEL_X = AREA_X + AREA + 12;
/** The side of a waste card in the side panel (px). */
const WASTE_CARD = 64;

/** The side panel's lines of counts, in `locale` (the waste cards are drawn under them). */
function panelLines(view: SolitaireView, say: (key: string, params?: Record<string, string | number>) => string): string[] {
  return [
    view.square >= 2 ? say("square_done", { n: view.square }) : say("square_none"),
    view.square < TARGET_SQUARE ? say("next", { n: view.square + 1 }) : say("all_done"),
    say("stock_waste", { stock: view.stockCount, waste: view.wasteCount }),
    say("turn_overs", { n: view.passes }),
    ...(view.playedThisPass ? [] : [say("no_play_pass")]),
  ];
}

/** The baseline of the side panel's "Waste" heading (px): under its `lines` lines of counts. */
const wasteHeadingY = (lines: number) => 60 + lines * 20 + 8;

/** The top-left corner (px) of waste card `i` (0: the lowest of those shown) under the heading at `headingY`. */
const wasteCardOrigin = (headingY: number, i: number): [number, number] => [PANEL_X + 12 + i * 30, headingY + 10 + i * 6];

/**
 * Where the playable (top) waste card lies on the solitaire picture, in its px (top-left origin);
 * null while the waste is empty. The live table's hit map uses it (commands/solitaire/live-table.ts).
 */
export function solitaireWasteTopRect(view: SolitaireView): { x: number; y: number; w: number; h: number } | null {
  if (view.wasteTop.length === 0) return null;
  const [x, y] = wasteCardOrigin(wasteHeadingY(panelLines(view, () => "").length), view.wasteTop.length - 1);
  return { x, y, w: WASTE_CARD, h: WASTE_CARD };
}

/** Cell (`x`, `y`) of the field on the solitaire picture, in its px (top-left origin): its rectangle. */
export function solitaireCellRect(
  view: Pick<SolitaireView, "field">,
  x: number,
  y: number,
): { x: number; y: number; w: number; h: number } {
  const win = solitaireWindow(view);
  const l = solitaireLayout(win.cols, win.rows);
  return { x: l.x + (x - win.minX) * l.cell, y: l.y + (y - win.minY) * l.cell, w: l.cell, h: l.cell };
}

/** Draws the solitaire table and returns its canvas; `hint` frames a cell (dashed). */
export function drawSolitaire(
  view: SolitaireView,
  owner: string,
  theme: Theme = DEFAULT_THEME,
  hint?: { x: number; y: number } | null,
  locale: Locale = "en",
): Canvas {
  ensureFonts();
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `solitaire.pic.${key}`, params);
  const canvas = sceneCanvas(SOLITAIRE_WIDTH, SOLITAIRE_HEIGHT);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = theme.felt;
  ctx.fillRect(0, 0, SOLITAIRE_WIDTH, SOLITAIRE_HEIGHT);
  ctx.fillStyle = theme.text;
  ctx.font = font(20, true);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillText(fitText(ctx, `${t(locale, "solitaire.title")} · ${owner}`, 400), 12, 26);
  ctx.font = font(14);
  ctx.fillStyle = theme.textDim;
  ctx.fillText(fitText(ctx, say("deal", { seed: view.seed }), 400), 12, 46);

  const win = solitaireWindow(view);
  const l = solitaireLayout(win.cols, win.rows);
  const px = (x: number) => l.x + (x - win.minX) * l.cell;
  const py = (y: number) => l.y + (y - win.minY) * l.cell;
  ctx.fillStyle = theme.feltDark;
  ctx.fillRect(l.x - 3, l.y - 3, win.cols * l.cell + 6, win.rows * l.cell + 6);
  ctx.strokeStyle = theme.gridLine;
  ctx.lineWidth = 1;
  for (let c = 0; c < win.cols; c++)
    for (let r = 0; r < win.rows; r++) ctx.strokeRect(l.x + c * l.cell + 0.5, l.y + r * l.cell + 0.5, l.cell - 1, l.cell - 1);
  ctx.fillStyle = theme.text;
  ctx.font = font(Math.max(15, Math.round(l.cell * 0.26)), true);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let c = 0; c < win.cols; c++) ctx.fillText(columnLabel(win.minX + c), l.x + c * l.cell + l.cell / 2, l.y - 14);
  for (let r = 0; r < win.rows; r++) ctx.fillText(rowLabel(win.minY + r), l.x - 19, l.y + r * l.cell + l.cell / 2);
  // field frame
  ctx.setLineDash([8, 6]);
  ctx.strokeStyle = "rgba(255,255,255,0.7)";
  ctx.lineWidth = 2;
  ctx.strokeRect(l.x - 1, l.y - 1, win.cols * l.cell + 2, win.rows * l.cell + 2);
  ctx.setLineDash([]);
  for (const p of view.table) drawCard(ctx, placedPattern(p), px(p.x) + 2, py(p.y) + 2, l.cell - 4, theme);
  const sq = view.squareBox;
  if (sq) {
    ctx.strokeStyle = theme.lastMove;
    ctx.lineWidth = 4;
    ctx.strokeRect(px(sq.minX) - 2, py(sq.minY) - 2, (sq.maxX - sq.minX + 1) * l.cell + 4, (sq.maxY - sq.minY + 1) * l.cell + 4);
  }
  const placed = view.last?.placed;
  if (placed) {
    ctx.strokeStyle = theme.turn;
    ctx.lineWidth = 3;
    ctx.strokeRect(px(placed.x) + 1, py(placed.y) + 1, l.cell - 2, l.cell - 2);
  }
  if (hint) {
    ctx.strokeStyle = theme.trick;
    ctx.lineWidth = 4;
    ctx.setLineDash([6, 4]);
    ctx.strokeRect(px(hint.x) + 4, py(hint.y) + 4, l.cell - 8, l.cell - 8);
    ctx.setLineDash([]);
  }

  // side panel
  const panelX = PANEL_X;
  const panelW = SOLITAIRE_WIDTH - panelX - 10;
  const textW = panelW - 20;
  ctx.fillStyle = theme.panel;
  ctx.fillRect(panelX, 10, panelW, SOLITAIRE_HEIGHT - 20);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = theme.text;
  ctx.font = font(18, true);
  ctx.fillText(fitText(ctx, say("score", { n: view.score }), textW), panelX + 10, 36);
  ctx.font = font(14);
  const lines = panelLines(view, say);
  lines.forEach((line, i) => ctx.fillText(fitText(ctx, line, textW), panelX + 10, 60 + i * 20));
  let y = wasteHeadingY(lines.length);
  ctx.font = font(14, true);
  ctx.fillText(fitText(ctx, say("waste"), textW), panelX + 10, y);
  const size = WASTE_CARD;
  view.wasteTop.forEach((card, i) => {
    const [x, cy] = wasteCardOrigin(y, i);
    drawCard(ctx, card, x, cy, size, theme);
    if (i === view.wasteTop.length - 1) {
      ctx.strokeStyle = theme.turn;
      ctx.lineWidth = 3;
      ctx.strokeRect(x - 2, cy - 2, size + 4, size + 4);
    }
  });
  y += 10 + 12 + size + 22;
  const top = view.wasteTop.at(-1);
  ctx.font = font(14);
  ctx.fillStyle = theme.text;
  // The top card's label on two lines where one is too narrow ("Dessus : 4 · coin +" / "point en blanc").
  const topLine = top !== undefined ? say("top", { card: cardLabelIn(locale, top) }) : say("waste_empty");
  const topLines = ctx.measureText(topLine).width <= textW ? [topLine] : wrapWords(ctx, topLine.split(" "), " ", textW, 2);
  topLines.forEach((line, i) => ctx.fillText(line, panelX + 10, y + i * 18));
  y += (topLines.length - 1) * 18;
  if (view.last?.kind === "place" && view.last.placed) {
    y += 20;
    ctx.fillText(
      fitText(
        ctx,
        view.last.completed
          ? say("last_done", { at: positionLabel(view.last.placed.x, view.last.placed.y), n: view.last.completed })
          : say("last", { at: positionLabel(view.last.placed.x, view.last.placed.y) }),
        textW,
      ),
      panelX + 10,
      y,
    );
  }
  if (view.phase === "over" && view.end) {
    y += 14;
    ctx.fillStyle = view.end === "won" ? theme.lastMove : theme.closed;
    ctx.fillRect(panelX + 6, y, panelW - 12, 62);
    ctx.fillStyle = "#111";
    ctx.font = font(view.end === "won" ? 16 : 14, true);
    ctx.fillText(
      fitText(ctx, say(view.end === "won" ? "you_win" : view.end === "stuck" ? "stuck" : "resigned"), textW - 4),
      panelX + 12,
      y + 24,
    );
    ctx.font = font(14);
    ctx.fillText(fitText(ctx, say("final", { n: view.score }), textW - 4), panelX + 12, y + 48);
    y += 62;
  }
  if (view.end === "won") {
    ctx.fillStyle = theme.lastMove;
    ctx.font = font(28, true);
    ctx.textAlign = "center";
    ctx.fillText("★ 8x8 ★", panelX + panelW / 2, Math.min(SOLITAIRE_HEIGHT - 24, y + 44));
  }
  return canvas;
}

/** Alt text in `locale`: score, squares, counts, top waste card and every placed card by coordinate. */
export function describeSolitaire(view: SolitaireView, owner: string, locale: Locale = "en"): string {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `solitaire.alt.${key}`, params);
  const win = solitaireWindow(view);
  const cards = [...view.table]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((p) => `${positionLabel(p.x, p.y)}=${cardValue(p.card)}`)
    .join(" ");
  const top = view.wasteTop.at(-1);
  const end = view.phase === "over" && view.end ? ` ${say(`end_${view.end}`)}` : "";
  const text = say("text", {
    ...{ owner, seed: view.seed, score: view.score, stock: view.stockCount, waste: view.wasteCount, end, cards },
    square: view.square >= 2 ? say("square", { n: view.square }) : say("none"),
    top: top !== undefined ? cardTitleIn(locale, top) : say("no_top"),
    ...{ cols: win.cols, rows: win.rows },
  });
  return text.length > 1024 ? `${text.slice(0, 1021)}...` : text;
}
