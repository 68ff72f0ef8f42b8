/**
 * Cardeno pictures: the public race table (the centre's face-up pieces, every board in
 * miniature with its filled and open cut-outs, lines made, scores), the final score sheet, and
 * a player's own board panel (large cut-outs with their shapes and labels, and the centre
 * above it). Pure `(view, names) -> canvas`; alt text from `describeCardeno`.
 *
 * Pieces are drawn as jig-saw shapes: each of the 12 shapes has its own tabs and blanks
 * (`SHAPES[i].edges`), its own colour and its Greek letter, so a piece and the cut-out it fits
 * match by outline, colour and letter (colour is never the only carrier).
 */
import type { Canvas, SKRSContext2D } from "@napi-rs/canvas";
import { completeLines, slotOf, type CardenoView } from "../../src/games/cardeno/game.ts";
import { CARDENO_DATA, CELLS, cellName, faceOf, pieceOf, SIDE } from "../../src/games/cardeno/pieces.ts";
import { bareName, ensureFonts, fitNames, fitText, font, PICTURE_WIDTH, seatName, shortName } from "../fonts.ts";
import { sceneCanvas } from "../surface.ts";
import { DEFAULT_THEME, type Theme } from "../theme.ts";
export * from "./pieces.ts";
export { cardenoStatus, describeCardeno, describePiece } from "./words.ts";
import { GOLD, drawPiece, drawCutout, drawMiniBoard, strokeLines } from "./pieces.ts";
import { t as translate, type Locale } from "../../src/i18n/index.ts";
import { cardenoStatus, handNameIn } from "./words.ts";
import { evaluate } from "../../src/games/cardeno/poker.ts";

const HEADER = 58;
const CENTRE_Y = HEADER + 8;
const CENTRE_CELL = 63;
const PIECE = 44;
const BOARD_TOP = CENTRE_Y + CENTRE_CELL + 16;
const MINI = 36;
const BLOCK_W = PICTURE_WIDTH / 3;
const BLOCK_H = 48 + MINI * SIDE + 10;
const SHEET_ROW = 26;

/** Height of the public picture for a view. */
export function cardenoHeight(view: CardenoView): number {
  if (view.phase === "over") return HEADER + 40 + (view.sheet.length + 3) * SHEET_ROW + 16;
  return BOARD_TOP + Math.ceil(view.seats / 3) * BLOCK_H + 6;
}

/** Draws the header: title, round, parity, pace, pile and status. */
function drawHeader(ctx: SKRSContext2D, view: CardenoView, names: readonly string[], t: Theme, locale: Locale, closed = false): void {
  ctx.fillStyle = t.panel;
  ctx.fillRect(0, 0, PICTURE_WIDTH, HEADER);
  ctx.fillStyle = t.text;
  ctx.textAlign = "left";
  ctx.textBaseline = "top";
  ctx.font = font(18, true);
  const parity = translate(locale, (view.faces[0] ?? 1) % 2 === 1 ? "cardeno.odd" : "cardeno.even");
  const full = view.variant === "full-board" ? ` · ${translate(locale, "cardeno.variant_full")}` : "";
  const params = { ...{ n: view.round, rounds: view.rounds, parity, full }, ...{ s: view.paceMs / 1000, pile: view.pileCount } };
  // Without the pace ("every 3 s") where the whole line does not fit: the round and the pile matter more.
  const header = [translate(locale, "cardeno.pic.header", params), translate(locale, "cardeno.pic.header_short", params)].find(
    (line, i, all) => i === all.length - 1 || ctx.measureText(line).width <= PICTURE_WIDTH - 16,
  )!;
  ctx.fillText(fitText(ctx, header, PICTURE_WIDTH - 16), 8, 7);
  ctx.font = font(16, true);
  ctx.fillStyle = view.phase === "race" ? t.turn : t.lastMove;
  // Computers named bare when the whole line does not fit ("POKER: Computer 2, full house, …"): their level is on their boards.
  const status = (bare: boolean) => cardenoStatus(view, bare ? names.map(bareName) : names, locale, closed);
  ctx.fillText(fitNames(ctx, status, PICTURE_WIDTH - 16), 8, 33);
}

/** Places the centre spans: up to its highest taken place (`slotOf`), so pieces keep theirs as others go. */
const centreCells = (view: CardenoView): number => (view.centre.length ? Math.max(...view.centre.map(slotOf)) + 1 : 0);
/** Rows the centre takes when `perRow` places fit in a row (at least one). */
const centreRows = (view: CardenoView, perRow: number): number => Math.max(1, Math.ceil(centreCells(view) / perRow));

/** Whether the caller has turned any piece this round (the pile holds fewer than all of them): an empty centre then waits for the next piece, not the first. */
const turnedAny = (view: CardenoView): boolean => view.pileCount < CARDENO_DATA.pieces.length;

/**
 * Draws the centre's face-up pieces, each at its place (`slotOf`, numbered as its grab button),
 * `perRow` places to a row of `cell` px cells, each piece `piece` px across its body.
 */
function drawCentre(
  ctx: SKRSContext2D,
  view: CardenoView,
  y: number,
  cell: number,
  piece: number,
  t: Theme,
  locale: Locale,
  perRow = 10,
): void {
  const rows = centreRows(view, perRow);
  ctx.fillStyle = t.felt;
  ctx.fillRect(0, y - 6, PICTURE_WIDTH, rows * cell + 10);
  if (!view.centre.length) {
    ctx.fillStyle = t.textDim;
    ctx.font = font(16);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(
      translate(
        locale,
        view.phase !== "race" ? "cardeno.pic.none_up" : turnedAny(view) ? "cardeno.pic.caller_next" : "cardeno.pic.caller_first",
      ),
      PICTURE_WIDTH / 2,
      y + cell / 2,
    );
    return;
  }
  view.centre.forEach((f, i) => {
    const at = centreRect(view, i, y, cell, piece, perRow);
    drawPiece(ctx, at.x, at.y, piece, pieceOf(f.piece), String(slotOf(f, i) + 1), locale);
  });
}

/** A rectangle of a picture, px. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Where centre piece `i` (of `view.centre`) is drawn: at its place, `perRow` places a row of `cell` px from `y`, its body `piece` px. */
function centreRect(view: CardenoView, i: number, y: number, cell: number, piece: number, perRow: number): Rect {
  const slot = slotOf(view.centre[i] as CardenoView["centre"][number], i);
  const r = Math.floor(slot / perRow);
  const left = (PICTURE_WIDTH - Math.min(perRow, centreCells(view) - r * perRow) * cell) / 2;
  return { x: left + (slot % perRow) * cell + (cell - piece) / 2, y: y + r * cell + (cell - piece) / 2, w: piece, h: piece };
}

/**
 * The public race table: header, the centre, and every board in miniature with its player's
 * name, total, this round's points and lines. Over: the score sheet instead.
 */
export function drawCardenoTable(
  view: CardenoView,
  names: readonly string[],
  t: Theme = DEFAULT_THEME,
  locale: Locale = "en",
  closed = false,
): Canvas {
  ensureFonts();
  const canvas = sceneCanvas(PICTURE_WIDTH, cardenoHeight(view));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = t.felt;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  drawHeader(ctx, view, names, t, locale, closed);
  if (view.phase === "over") {
    drawSheet(ctx, view, names, HEADER + 16, t, locale);
    return canvas;
  }
  drawCentre(ctx, view, CENTRE_Y, CENTRE_CELL, PIECE, t, locale);
  for (let seat = 0; seat < view.seats; seat++) {
    const bx = (seat % 3) * BLOCK_W;
    const by = BOARD_TOP + Math.floor(seat / 3) * BLOCK_H;
    const filled = view.boards[seat]!.filter((p) => p !== null).length;
    const lines = completeLines(view.boards[seat]!).length;
    ctx.fillStyle = t.panel;
    ctx.fillRect(bx + 4, by, BLOCK_W - 8, BLOCK_H - 6);
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    ctx.font = font(16, true);
    ctx.fillStyle = view.cardeno === seat || view.double === seat ? GOLD : t.text;
    const badge = view.double === seat ? " ★★" : view.cardeno === seat ? " ★" : "";
    const name = names[seat] ?? translate(locale, "cardeno.seat", { n: seat + 1 });
    const seatLine = seatName(ctx, name, BLOCK_W - 70 - (badge ? 24 : 0));
    ctx.fillText(`${seatLine.text}${badge}`, bx + 10, by + 5);
    const score = String(view.scores[seat] ?? 0);
    // A level the name had no room for follows it in the plain font, where the score leaves room.
    if (seatLine.dropped) {
      const w = ctx.measureText(`${seatLine.text}${badge} `).width;
      const room = BLOCK_W - 22 - ctx.measureText(score).width - 8 - w;
      ctx.font = font(14);
      ctx.fillStyle = t.textDim;
      if (ctx.measureText(seatLine.dropped).width <= room) ctx.fillText(seatLine.dropped, bx + 10 + w, by + 7);
      ctx.font = font(16, true);
    }
    ctx.textAlign = "right";
    ctx.fillStyle = t.text;
    ctx.fillText(score, bx + BLOCK_W - 12, by + 5);
    ctx.textAlign = "left";
    ctx.font = font(14);
    ctx.fillStyle = t.textDim;
    const shown = revealed(view, seat, locale);
    if (shown) {
      // After the reveal: each board's poker hand, the winners' in gold with their points.
      ctx.font = font(14, shown.won > 0);
      ctx.fillStyle = shown.won ? GOLD : t.text;
      ctx.fillText(fitText(ctx, `${shown.won ? `★ +${shown.won} ` : ""}${shown.name}`, BLOCK_W - 24), bx + 10, by + 26);
    } else {
      const face = translate(locale, "cardeno.pic.face_line", {
        ...{ face: view.faces[seat] ?? 0, filled },
        lines: translate(locale, "cardeno.pic.lines", { count: lines }),
      });
      ctx.fillText(fitText(ctx, face, BLOCK_W - 24), bx + 10, by + 26);
    }
    const mx = Math.round(bx + (BLOCK_W - MINI * SIDE) / 2); // whole pixels: the cells are stamped there
    drawMiniBoard(ctx, mx, by + 46, MINI, view, seat, t, locale);
    if (shown) outlineHand(ctx, view.boards[seat] ?? [], shown.pieces, mx, by + 46, MINI, shown.won > 0);
  }
  return canvas;
}

/** A seat's revealed poker hand once the reveal has closed (the round's sheet row), with its points if it won; else null. */
function revealed(view: CardenoView, seat: number, locale: Locale): { pieces: readonly number[]; name: string; won: number } | null {
  if (view.phase !== "break") return null;
  const row = view.sheet.at(-1);
  const hand = row?.round === view.round ? row.hands[seat] : null;
  if (!row || !hand) return null;
  return { pieces: hand.pieces, name: handNameIn(locale, evaluate(hand.pieces.map(pieceOf))), won: row.score.poker[seat] ?? 0 };
}

/**
 * Marks a revealed poker hand on a miniature `board` (drawn at (x, y), `cell` px a cut-out): every
 * other cut-out is dimmed, so the hand stands out; a winning hand is outlined in gold.
 */
function outlineHand(
  ctx: SKRSContext2D,
  board: readonly (number | null)[],
  pieces: readonly number[],
  x: number,
  y: number,
  cell: number,
  won: boolean,
): void {
  board.forEach((id, i) => {
    const cx = x + (i % SIDE) * cell;
    const cy = y + Math.floor(i / SIDE) * cell;
    if (id === null || !pieces.includes(id)) {
      ctx.fillStyle = "rgba(0,0,0,0.55)";
      ctx.fillRect(cx, cy, cell, cell);
    } else if (won) {
      ctx.strokeStyle = GOLD;
      ctx.lineWidth = 3;
      ctx.strokeRect(cx + 1.5, cy + 1.5, cell - 3, cell - 3);
    }
  });
}

/** The score sheet: a row per round (points per seat), then totals; winners marked. */
function drawSheet(ctx: SKRSContext2D, view: CardenoView, names: readonly string[], y: number, t: Theme, locale: Locale): void {
  const say = (key: string, params: Record<string, string | number> = {}) => translate(locale, `cardeno.pic.${key}`, params);
  const first = 150;
  const col = (PICTURE_WIDTH - first - 10) / view.seats;
  ctx.textBaseline = "middle";
  ctx.font = font(15, true);
  ctx.fillStyle = t.text;
  ctx.textAlign = "left";
  ctx.fillText(fitText(ctx, say("sheet"), first - 14), 10, y + SHEET_ROW / 2);
  for (let s = 0; s < view.seats; s++) {
    ctx.textAlign = "center";
    ctx.fillText(
      shortName(ctx, names[s] ?? translate(locale, "cardeno.seat", { n: s + 1 }), col - 6),
      first + col * s + col / 2,
      y + SHEET_ROW / 2,
    );
  }
  const best = Math.max(...view.scores);
  view.sheet.forEach((r, i) => {
    const ry = y + (i + 1) * SHEET_ROW;
    ctx.fillStyle = i % 2 ? t.felt : t.feltDark;
    ctx.fillRect(0, ry, PICTURE_WIDTH, SHEET_ROW);
    ctx.fillStyle = t.textDim;
    ctx.textAlign = "left";
    ctx.font = font(14);
    ctx.fillText(fitText(ctx, say("sheet_round", { n: r.round, ended: say(`ended_${r.ended}`) }), first - 14), 10, ry + SHEET_ROW / 2);
    for (let s = 0; s < view.seats; s++) {
      const parts = [r.cardeno === s ? "C" : "", r.double === s ? "D" : "", r.score.poker[s] ? "P" : "", r.full === s ? "F" : ""].join("");
      const pts = (r.score.cardeno[s] ?? 0) + (r.score.double[s] ?? 0) + (r.score.poker[s] ?? 0) + (r.score.full[s] ?? 0);
      ctx.textAlign = "center";
      ctx.fillStyle = t.text;
      ctx.font = font(14, pts > 0);
      ctx.fillText(`${pts}${parts ? ` ${parts}` : ""}`, first + col * s + col / 2, ry + SHEET_ROW / 2);
    }
  });
  const ty = y + (view.sheet.length + 1) * SHEET_ROW;
  ctx.fillStyle = t.panel;
  ctx.fillRect(0, ty, PICTURE_WIDTH, SHEET_ROW + 4);
  ctx.textAlign = "left";
  ctx.font = font(15, true);
  ctx.fillStyle = t.text;
  ctx.fillText(say("total"), 10, ty + SHEET_ROW / 2 + 2);
  for (let s = 0; s < view.seats; s++) {
    ctx.textAlign = "center";
    ctx.fillStyle = view.scores[s] === best ? GOLD : t.text;
    ctx.fillText(`${view.scores[s]}${view.scores[s] === best ? " ★" : ""}`, first + col * s + col / 2, ty + SHEET_ROW / 2 + 2);
  }
  ctx.font = font(14);
  ctx.fillStyle = t.textDim;
  ctx.textAlign = "left";
  ctx.fillText(
    fitText(ctx, say(view.variant === "full-board" ? "legend_full" : "legend"), PICTURE_WIDTH - 20),
    10,
    ty + SHEET_ROW * 1.5 + 10,
  );
}

const PANEL_CELL = 92;
const PANEL_BODY = 64;
/** The board panel's centre: pieces as large as the cut-outs below (PANEL_BODY), seven to a row. */
const PANEL_CENTRE_CELL = 86;
const PANEL_CENTRE_ROW = 7;

/** Where a board panel's board starts (below one or two rows of centre pieces; `bare`: at the top), px. */
const panelTop = (view: CardenoView, bare = false) =>
  bare ? 40 : HEADER + 8 + centreRows(view, PANEL_CENTRE_ROW) * PANEL_CENTRE_CELL + 40;

/** Height of a player's board panel picture for a view (the centre takes a second row past seven pieces; `bare`: no header, no centre), px. */
export const boardPanelHeight = (view: CardenoView, bare = false): number => panelTop(view, bare) + SIDE * PANEL_CELL + 30;

/** Where centre piece `i` (of `view.centre`) is drawn on the public race table, px. */
export const tableCentreRect = (view: CardenoView, i: number): Rect => centreRect(view, i, CENTRE_Y, CENTRE_CELL, PIECE, 10);

/** Where centre piece `i` (of `view.centre`) is drawn on a board panel, px. */
export const panelCentreRect = (view: CardenoView, i: number): Rect =>
  centreRect(view, i, CENTRE_Y, PANEL_CENTRE_CELL, PANEL_BODY, PANEL_CENTRE_ROW);

/**
 * Where board cell `i` (0–24, row by row) is on a board panel (`bare`: drawn bare), px: its
 * square, less `pad` on each side (the piece's body: `(PANEL_CELL - PANEL_BODY) / 2`).
 */
export function panelCellRect(view: CardenoView, i: number, pad = (PANEL_CELL - PANEL_BODY) / 2, bare = false): Rect {
  const left = (PICTURE_WIDTH - SIDE * PANEL_CELL) / 2 + 10;
  const x = left + (i % SIDE) * PANEL_CELL + pad;
  const y = panelTop(view, bare) + Math.floor(i / SIDE) * PANEL_CELL + pad;
  return { x, y, w: PANEL_CELL - 2 * pad, h: PANEL_CELL - 2 * pad };
}

/**
 * A player's board panel: the header, the centre (numbered like the buttons, its pieces as
 * large as the cut-outs so that shapes match by eye), then the board
 * large: each open cut-out in its shape with its label, each filled one with its piece, column
 * letters and row numbers around it; complete lines in gold; the lockout, when running. `bare`:
 * the board alone, without the header and the centre (the live table shows those on the race
 * table's picture, so a board is drawn again only when it changes).
 */
export function drawCardenoBoard(
  view: CardenoView,
  seat: number,
  names: readonly string[],
  t: Theme = DEFAULT_THEME,
  now?: number,
  locale: Locale = "en",
  bare = false,
): Canvas {
  ensureFonts();
  const canvas = sceneCanvas(PICTURE_WIDTH, boardPanelHeight(view, bare));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = t.felt;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const say = (key: string, params: Record<string, string | number> = {}) => translate(locale, `cardeno.pic.${key}`, params);
  if (!bare) {
    drawHeader(ctx, view, names, t, locale);
    drawCentre(ctx, view, CENTRE_Y, PANEL_CENTRE_CELL, PANEL_BODY, t, locale, PANEL_CENTRE_ROW);
  }
  const face = faceOf(view.faces[seat]!);
  const board = view.boards[seat]!;
  const { x: left, y: top } = panelCellRect(view, 0, 0, bare);
  ctx.fillStyle = t.text;
  ctx.font = font(16, true);
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  const filled = board.filter((p) => p !== null).length;
  const locked = view.locked[seat] ?? 0;
  const lines = completeLines(board).length;
  const hand = view.phase === "reveal" && view.hands[seat]?.length ? say("gold_hand") : "";
  if (now === undefined || locked <= now)
    ctx.fillText(
      fitText(
        ctx,
        say("board_line", {
          ...{ name: names[seat] ?? say("you"), face: face.id, filled, hand },
          lines: say("lines", { count: lines }),
          points: say("points", { count: view.scores[seat] ?? 0 }),
        }),
        PICTURE_WIDTH - 20,
      ),
      10,
      top - 22,
    );
  ctx.font = font(15, true);
  ctx.fillStyle = t.textDim;
  ctx.textAlign = "center";
  for (let c = 0; c < SIDE; c++) ctx.fillText("ABCDE"[c]!, left + c * PANEL_CELL + PANEL_CELL / 2, top + SIDE * PANEL_CELL + 12);
  for (let r = 0; r < SIDE; r++) ctx.fillText(String(r + 1), left - 18, top + r * PANEL_CELL + PANEL_CELL / 2);
  const pad = (PANEL_CELL - PANEL_BODY) / 2;
  for (let i = 0; i < CELLS; i++) {
    const { x, y } = panelCellRect(view, i, pad, bare);
    const id = board[i];
    if (id === null || id === undefined) drawCutout(ctx, x, y, PANEL_BODY, face.cutouts[i]!, t, locale);
    else {
      if (view.phase === "reveal" && view.hands[seat]?.includes(id)) {
        // The poker hand: a gold halo behind the piece.
        ctx.fillStyle = GOLD;
        ctx.fillRect(x - pad + 3, y - pad + 3, PANEL_CELL - 6, PANEL_CELL - 6);
      }
      drawPiece(ctx, x, y, PANEL_BODY, pieceOf(id), undefined, locale);
    }
  }
  strokeLines(ctx, board, left, top, PANEL_CELL, 4);
  if (now !== undefined && locked > now) {
    ctx.fillStyle = "rgba(224,73,59,0.9)";
    ctx.fillRect(0, top - 36, PICTURE_WIDTH, 28);
    ctx.fillStyle = "#fff";
    ctx.font = font(16, true);
    ctx.fillText(say("locked", { s: ((locked - now) / 1000).toFixed(1) }), PICTURE_WIDTH / 2, top - 22);
  }
  return canvas;
}

export { cellName };
