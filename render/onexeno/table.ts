/**
 * The public table picture of ONEXENO basic/partners, drawn from a spectator view.
 *
 * `(view, names, theme) -> PNG Buffer`, no I/O. Geometry lives in `tableLayout` (pure,
 * tested without pixels); drawing functions only paint. Shows: cards as they lie, the
 * coordinates used by `/onexeno play at:`, closed sides of the field, cells where a card
 * may go, the last placement, the trick just taken, whose turn it is, stack size, and per
 * player hand size, points taken and running total.
 */
import type { Canvas, SKRSContext2D } from "@napi-rs/canvas";
import { sceneCanvas } from "../surface.ts";
import { candidateCells, columnLabel, displayWindow, gridOf, placedPattern, rowLabel, type Placed } from "../../src/games/onexeno/board.ts";
import { cardValue } from "../../src/games/onexeno/cards.ts";
import type { OnexenoView } from "../../src/games/onexeno/game.ts";
import { drawBadge } from "../badge.ts";
import { drawCard } from "./card.ts";
import { drawClockMark } from "../clock.ts";
import { bareName, ensureFonts, fitNames, fitText, font, PICTURE_WIDTH, seatName, wrapWords } from "../fonts.ts";
import { DEFAULT_THEME, type Theme } from "../theme.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { lastMoveText, runningTotal, teamLines, teamLetter } from "./words.ts";

/** Picture size in px: designed to be read at Discord's 550 px preview (type 14 px and up). */
export const TABLE_WIDTH = PICTURE_WIDTH;
export const TABLE_HEIGHT = 490;
/** Board area: up to 6x6 cells of CELL px, top-left at (BOARD_X, BOARD_Y). */
export const CELL = 56;
export const BOARD_X = 34;
export const BOARD_Y = 92;
export const BOARD_CELLS = 6;
/** The players' panel: from PANEL_X to the right margin. */
const PANEL_X = BOARD_X + BOARD_CELLS * CELL + 12;
const PANEL_W = TABLE_WIDTH - PANEL_X - 10;

/** Where the board window sits on the picture: cell (col,row) of the window -> px. */
export interface TableLayout {
  readonly win: { minX: number; minY: number; cols: number; rows: number };
  /** px of the window's top-left cell corner. */
  readonly originX: number;
  readonly originY: number;
  readonly cell: number;
}

/** Pure geometry of the board: the display window centred in the 6x6 board area. */
export function tableLayout(table: readonly Placed[]): TableLayout {
  const win = displayWindow(table);
  const area = BOARD_CELLS * CELL;
  return {
    win,
    originX: BOARD_X + Math.floor((area - win.cols * CELL) / 2),
    originY: BOARD_Y + Math.floor((area - win.rows * CELL) / 2),
    cell: CELL,
  };
}

/** px of the top-left corner of absolute table cell (x, y). */
export function cellOrigin(l: TableLayout, x: number, y: number): [number, number] {
  return [l.originX + (x - l.win.minX) * l.cell, l.originY + (y - l.win.minY) * l.cell];
}

/**
 * Writes a seat's name (`name`: "2. Computer 1 (normal)") at (`x`, `y`) in bold 16 px, fitted
 * before `right` px (`seatName`). A level the name had no room for ("normal", "expert") follows it
 * in the plain dim 14 px font when it fits; else it is returned, for the seat's other line (a seat
 * keeps its level in every picture where there is room, issue 66), else null.
 */
function writeSeatName(ctx: SKRSContext2D, name: string, x: number, y: number, right: number, theme: Theme): string | null {
  ctx.font = font(16, true);
  const seat = seatName(ctx, name, right - x);
  ctx.fillText(seat.text, x, y);
  if (seat.dropped === null) return null;
  const w = ctx.measureText(`${seat.text} `).width;
  ctx.font = font(14);
  if (ctx.measureText(seat.dropped).width > right - 4 - x - w) return seat.dropped;
  const style = ctx.fillStyle;
  ctx.fillStyle = theme.textDim;
  ctx.fillText(seat.dropped, x + w, y);
  ctx.fillStyle = style;
  return null;
}

function drawBoard(ctx: SKRSContext2D, view: OnexenoView, l: TableLayout, theme: Theme, closed: boolean): void {
  const { win, cell } = l;
  ctx.fillStyle = theme.feltDark;
  ctx.fillRect(l.originX - 4, l.originY - 4, win.cols * cell + 8, win.rows * cell + 8);
  ctx.strokeStyle = theme.gridLine;
  ctx.lineWidth = 1;
  for (let c = 0; c < win.cols; c++) {
    for (let r = 0; r < win.rows; r++) ctx.strokeRect(l.originX + c * cell + 0.5, l.originY + r * cell + 0.5, cell - 1, cell - 1);
  }
  // coordinates
  ctx.fillStyle = theme.text;
  ctx.font = font(16, true);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let c = 0; c < win.cols; c++) ctx.fillText(columnLabel(win.minX + c), l.originX + c * cell + cell / 2, l.originY - 15);
  for (let r = 0; r < win.rows; r++) ctx.fillText(rowLabel(win.minY + r), l.originX - 17, l.originY + r * cell + cell / 2);

  // cells where some card could go (geometry only; reveals no hand)
  const grid = gridOf(view.table);
  ctx.setLineDash([5, 4]);
  ctx.strokeStyle = "rgba(255,255,255,0.55)";
  ctx.lineWidth = 2;
  if (view.phase === "play" && !closed) {
    for (const c of candidateCells(view.table, grid, view.field)) {
      const [px, py] = cellOrigin(l, c.x, c.y);
      ctx.strokeRect(px + 5, py + 5, cell - 10, cell - 10);
    }
  }
  ctx.setLineDash([]);

  // trick just taken: ghosts where the cards were, each with the value it had
  const trick = view.last?.trick;
  if (trick) {
    for (const p of trick.cards) {
      const [px, py] = cellOrigin(l, p.x, p.y);
      if (p.x < win.minX || p.y < win.minY || p.x >= win.minX + win.cols || p.y >= win.minY + win.rows) continue;
      ctx.fillStyle = "rgba(255,122,89,0.22)";
      ctx.fillRect(px + 3, py + 3, cell - 6, cell - 6);
      ctx.strokeStyle = theme.trick;
      ctx.lineWidth = 2;
      ctx.strokeRect(px + 4, py + 4, cell - 8, cell - 8);
      ctx.fillStyle = theme.trick;
      ctx.font = font(18, true);
      ctx.fillText(String(cardValue(p.card)), px + cell / 2, py + cell / 2 + 1);
    }
  }

  for (const p of view.table) {
    const [px, py] = cellOrigin(l, p.x, p.y);
    drawCard(ctx, placedPattern(p), px + 2, py + 2, cell - 4, theme);
  }

  // last placement
  const placed = view.last?.placed;
  if (placed && view.table.some((p) => p.x === placed.x && p.y === placed.y && p.card === placed.card)) {
    const [px, py] = cellOrigin(l, placed.x, placed.y);
    ctx.strokeStyle = theme.lastMove;
    ctx.lineWidth = 4;
    ctx.strokeRect(px + 1, py + 1, cell - 2, cell - 2);
  }

  // closed sides of the field
  const f = view.field;
  if (f) {
    ctx.fillStyle = theme.closed;
    const [x0, y0] = cellOrigin(l, f.minX, win.minY);
    const [x1] = cellOrigin(l, f.maxX + 1, win.minY);
    const [, yTop] = cellOrigin(l, win.minX, f.minY);
    const [, yBot] = cellOrigin(l, win.minX, f.maxY + 1);
    if (f.xClosed) {
      ctx.fillRect(x0 - 5, y0 - 4, 5, win.rows * cell + 8);
      ctx.fillRect(x1, y0 - 4, 5, win.rows * cell + 8);
    }
    if (f.yClosed) {
      ctx.fillRect(l.originX - 4, yTop - 5, win.cols * cell + 8, 5);
      ctx.fillRect(l.originX - 4, yBot, win.cols * cell + 8, 5);
    }
  }
}

/** "ONEXENO basic" in `locale`. */
const variantTitle = (view: OnexenoView, locale: Locale) =>
  t(locale, "onexeno.title", { variant: t(locale, `onexeno.variant_${view.variant}`) });

function drawHeader(ctx: SKRSContext2D, view: OnexenoView, theme: Theme, locale: Locale): void {
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = theme.text;
  ctx.font = font(22, true);
  ctx.fillText(fitText(ctx, variantTitle(view, locale), PANEL_X - 24), 12, 30);
  ctx.font = font(14);
  ctx.fillStyle = theme.textDim;
  const closed = view.field
    ? [view.field.xClosed ? t(locale, "onexeno.pic.columns") : null, view.field.yClosed ? t(locale, "onexeno.pic.rows") : null]
    : [];
  const [a, b] = closed.filter((c): c is string => c !== null);
  const field = b
    ? t(locale, "onexeno.pic.closed_both")
    : a
      ? t(locale, "onexeno.pic.closed", { what: a })
      : t(locale, "onexeno.pic.field_open");
  const text = t(locale, "onexeno.pic.header", { hand: view.hand, total: view.handsTotal, stack: view.stackCount, field });
  ctx.fillText(fitText(ctx, text, PANEL_X - 24), 12, 52);
}

/** A player's numbers for the panel in each wording, longest first (see `panelWording`). */
function panelLines(view: OnexenoView, s: number, locale: Locale): string[] {
  const n = { h: view.handSizes[s] ?? 0, t: view.takenCounts[s] ?? 0, p: view.takenPoints[s] ?? 0 };
  return [1, 2, 3, 4].map((i) => t(locale, `onexeno.pic.line_${i}`, n));
}

/**
 * The one wording of the players' numbers the whole panel uses (an index of `panelLines`): the
 * longest that fits every player's row beside their total (`room(s)`, px, at the row's font), so
 * that no row says "6 in hand" while the next says "5 held". The lines are measured in the row's
 * plain 14 px font; `room` is read first for every seat (it may set another font to measure).
 */
function panelWording(ctx: SKRSContext2D, view: OnexenoView, locale: Locale, room: (s: number) => number): number {
  const rooms = Array.from({ length: view.seats }, (_, s) => room(s));
  ctx.font = font(14);
  for (let i = 0; i < 3; i++) if (rooms.every((r, s) => ctx.measureText(panelLines(view, s, locale)[i]!).width <= r)) return i;
  return 3;
}

/**
 * What the players' panel is drawn from: the view, the seats' names, the theme, the clock's label
 * (absent: no clock), the table's language, and whether the table was closed before its end.
 */
interface PanelData {
  readonly view: OnexenoView;
  readonly names: readonly string[];
  readonly theme: Theme;
  readonly clock: string | undefined;
  readonly locale: Locale;
  readonly closed: boolean;
}

/**
 * The panel's status lines from its top: whose turn (with the clock's mark), the winners once
 * over, or that the table was `closed` before its end. Returns the last line's baseline (px).
 */
function drawPanelStatus(ctx: SKRSContext2D, { view, names, theme, clock, locale, closed }: PanelData): number {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `onexeno.pic.${key}`, params);
  let y = 34;
  ctx.font = font(16, true);
  if (closed) {
    // Closed before its end: no turn, no winner; the totals below stand as they were.
    ctx.fillStyle = theme.text;
    ctx.fillText(fitText(ctx, say("table_closed"), PANEL_W - 20), PANEL_X + 10, y);
    y += 20;
    ctx.font = font(14, true);
    ctx.fillStyle = theme.textDim;
    ctx.fillText(fitText(ctx, say("scores_stand"), PANEL_W - 20), PANEL_X + 10, y);
  } else if (view.phase === "over") {
    const scores = view.teamOf
      ? view.totals.map((_, i) => view.totals.reduce((t, v, j) => (view.teamOf?.[j] === view.teamOf?.[i] ? t + v : t), 0))
      : view.totals;
    const best = Math.max(...scores);
    const winners = scores.flatMap((sc, i) =>
      sc === best ? [view.teamOf ? say("team_won", { team: teamLetter(view.teamOf[i] ?? 0) }) : (names[i] ?? "?")] : [],
    );
    ctx.fillStyle = theme.text;
    ctx.fillText(fitText(ctx, say("session_over"), PANEL_W - 20), PANEL_X + 10, y);
    y += 20;
    ctx.font = font(14, true);
    ctx.fillStyle = theme.lastMove;
    const wonBy = (bare: boolean) => say("won_by", { who: [...new Set(bare ? winners.map(bareName) : winners)].join(" & "), best });
    ctx.fillText(fitNames(ctx, wonBy, PANEL_W - 20), PANEL_X + 10, y);
  } else {
    ctx.fillStyle = theme.turn;
    // "Computer 1 to play" rather than "Computer 1 (normal)…": the level is on its seat below.
    const player = names[view.turn] ?? "?";
    ctx.fillText(
      fitNames(ctx, (bare) => say("to_play", { name: bare ? bareName(player) : player }), PANEL_W - 20),
      PANEL_X + 10,
      y,
    );
    if (clock) {
      y += 20;
      drawClockMark(ctx, clock, PANEL_X + PANEL_W - 10, y, 14, theme.turn);
    }
  }
  return y;
}

/** The players' panel: the status lines, a row a seat (badges, numbers, total), partners' team totals and the last hand's result. */
function drawPanel(ctx: SKRSContext2D, panel: PanelData): void {
  const { view, names, theme, locale, closed } = panel;
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `onexeno.pic.${key}`, params);
  const right = PANEL_X + PANEL_W;
  ctx.fillStyle = theme.panel;
  ctx.fillRect(PANEL_X, 10, PANEL_W, TABLE_HEIGHT - 60);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  let y = drawPanelStatus(ctx, panel);
  y += 8;
  const rowH = 46;
  const roomOf = (s: number) => {
    ctx.font = font(14, true);
    const totalW = ctx.measureText(say("total", { n: runningTotal(view, s) })).width + 8;
    ctx.font = font(14);
    return PANEL_W - 24 - totalW;
  };
  const wording = panelWording(ctx, view, locale, roomOf);
  for (let s = 0; s < view.seats; s++) {
    const top = y + s * rowH;
    if (s === view.turn && view.phase === "play" && !closed) {
      ctx.fillStyle = "rgba(90,209,122,0.16)";
      ctx.fillRect(PANEL_X + 4, top + 2, PANEL_W - 8, rowH - 4);
    }
    const team = view.teamOf?.[s];
    if (team !== undefined) {
      ctx.fillStyle = theme.teams[team] ?? theme.text;
      ctx.fillRect(PANEL_X + 6, top + 6, 4, rowH - 12);
    }
    // Badges, right-aligned on the name line: the team's letter on its colour, D for the
    // dealer (as a dealer button), "out" once a player has passed out of the hand.
    let bx = right - 8;
    if (view.out[s]) bx = drawBadge(ctx, say("out"), bx, top + 15, theme.closed, theme.black) - 4;
    if (s === view.dealer) bx = drawBadge(ctx, say("dealer"), bx, top + 15, theme.white, theme.black) - 4;
    if (team !== undefined) bx = drawBadge(ctx, teamLetter(team), bx, top + 15, theme.teams[team] ?? theme.text, theme.black) - 4;
    ctx.textAlign = "left";
    ctx.fillStyle = view.out[s] ? theme.textDim : theme.text;
    const level = writeSeatName(ctx, `${s + 1}. ${names[s] ?? say("seat", { n: s + 1 })}`, PANEL_X + 14, top + 20, bx, theme);
    ctx.font = font(14, true);
    ctx.textAlign = "right";
    ctx.fillStyle = theme.text;
    const total = say("total", { n: runningTotal(view, s) });
    ctx.fillText(total, right - 8, top + 39);
    const totalW = ctx.measureText(total).width + 8;
    ctx.textAlign = "left";
    ctx.font = font(14);
    const room = PANEL_W - 24 - totalW;
    // A level the name line had no room for begins this line when both fit whole.
    const line = panelLines(view, s, locale)[wording]!;
    const both = `${level} · ${line}`;
    ctx.fillText(fitText(ctx, level !== null && ctx.measureText(both).width <= room ? both : line, room), PANEL_X + 14, top + 39);
  }
  // partners: team totals
  let after = y + view.seats * rowH;
  if (view.teamOf && view.phase !== "over") {
    ctx.font = font(14, true);
    for (const [i, text] of teamLines(view, locale, "team_short").entries()) {
      after += 19;
      ctx.fillStyle = theme.teams[[...new Set(view.teamOf)][i] ?? 0] ?? theme.text;
      ctx.fillText(fitText(ctx, text, PANEL_W - 20), PANEL_X + 10, after);
    }
  }
  drawLastHand(ctx, view, names, after + 22, theme, locale);
}

/**
 * The latest hand's result under the players, from `y` (px, the first line's baseline): who went
 * out, then each player's score. Names lose their "(level)" and the lines wrap down to the
 * panel's foot before anything is cut.
 */
function drawLastHand(ctx: SKRSContext2D, view: OnexenoView, names: readonly string[], y: number, theme: Theme, locale: Locale): void {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `onexeno.pic.${key}`, params);
  const res = view.results.at(-1);
  if (!res) return;
  let ry = y;
  ctx.font = font(14, true);
  ctx.fillStyle = theme.text;
  const headline =
    res.wentOut !== null
      ? say("hand_result_out", { hand: res.hand, name: bareName(names[res.wentOut] ?? "?") })
      : say("hand_result", { hand: res.hand });
  const room = Math.max(1, Math.floor((TABLE_HEIGHT - 50 - ry) / 19));
  for (const line of wrapWords(ctx, headline.split(" "), " ", PANEL_W - 20, 2)) {
    ctx.fillText(line, PANEL_X + 10, ry);
    ry += 19;
  }
  ctx.font = font(14);
  const parts = res.scores.map((sc, i) => `${bareName(names[i] ?? String(i + 1))} ${sc >= 0 ? "+" : ""}${sc}`);
  for (const line of wrapWords(ctx, parts, ", ", PANEL_W - 20, room - 2)) {
    ctx.fillText(line, PANEL_X + 10, ry);
    ry += 19;
  }
}

function drawFooter(ctx: SKRSContext2D, view: OnexenoView, names: readonly string[], theme: Theme, locale: Locale): void {
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.font = font(15);
  ctx.fillStyle = theme.text;
  ctx.fillText(
    fitNames(
      ctx,
      (bare) => t(locale, "onexeno.pic.last", { text: lastMoveText(view, bare ? names.map(bareName) : names, locale) }),
      TABLE_WIDTH - 24,
    ),
    12,
    TABLE_HEIGHT - 16,
  );
}

/**
 * Draws the public table picture (TABLE_WIDTH x TABLE_HEIGHT) and returns its canvas.
 * `names[i]` is seat i's display name; `clock`, when given, is drawn with a clock face under
 * the turn line (e.g. `until 14:05 UTC`). `closed`: the table was closed before the session's
 * end (`end`, or an organiser): "Table closed" in place of the turn, no seat marked to play and
 * no open cells outlined; the totals as they stood.
 */
export function drawOnexenoTable(
  view: OnexenoView,
  names: readonly string[],
  theme: Theme = DEFAULT_THEME,
  clock?: string,
  locale: Locale = "en",
  closed = false,
): Canvas {
  ensureFonts();
  const canvas = sceneCanvas(TABLE_WIDTH, TABLE_HEIGHT);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = theme.felt;
  ctx.fillRect(0, 0, TABLE_WIDTH, TABLE_HEIGHT);
  drawHeader(ctx, view, theme, locale);
  drawBoard(ctx, view, tableLayout(view.table), theme, closed);
  drawPanel(ctx, { view, names, theme, clock: closed ? undefined : clock, locale, closed });
  drawFooter(ctx, view, names, theme, locale);
  return canvas;
}
