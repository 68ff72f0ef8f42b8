/**
 * The public canasta table: for every player their open rows (cards as they lie, with each
 * row's sum), XENO count, hand size and running total; the face-up pile's top cards, the
 * stack size, whose turn and what they owe. Drawn from a spectator view only.
 */
import type { Canvas, SKRSContext2D } from "@napi-rs/canvas";
import { paintedScene } from "../surface.ts";
import { rotatePattern } from "../../src/games/onexeno/cards.ts";
import { CANASTA_MAX_HANDS, idOf, rowSum, type CanastaView, type Row } from "../../src/games/onexeno/canasta.ts";
import { drawCard } from "./card.ts";
import { badgeWidth, drawBadge } from "../badge.ts";
import { clockMarkLeft, drawClockMark } from "../clock.ts";
import { bareName, ensureFonts, fitNames, fitText, font, measureOnly, PICTURE_WIDTH, seatName } from "../fonts.ts";
import { DEFAULT_THEME, type Theme } from "../theme.ts";
import { t, type Locale } from "../../src/i18n/index.ts";

export const CANASTA_WIDTH = PICTURE_WIDTH;
const HEADER = 104;
const BLOCK = 78;
/** Left column of a player's block (name, hand, total, XENOs); rows start after it. */
const ROWS_X = 178;
/** Card size in a player's rows: the smallest at which pattern and value both read. */
const ROW_CARD = 40;

/** A rectangle of a picture, px (top-left origin). */
export interface CanastaRect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** The face-up pile's left edge, how many of its top cards are drawn, their size and step (px). */
const PILE_X = 404;
const PILE_SHOWN = 5;
const PILE_CARD = 44;
const PILE_STEP = 46;

/** Where the face-up pile's top cards are drawn (at most five, the top one last), px. */
export function canastaPileRects(view: Pick<CanastaView, "pile">): CanastaRect[] {
  return view.pile.slice(-PILE_SHOWN).map((_, i) => ({ x: PILE_X + i * PILE_STEP, y: 34, w: PILE_CARD, h: PILE_CARD }));
}

/** Where a discard goes on the picture: the face-up pile's top card, or where its first card lies when it is empty, px. */
export function canastaDiscardRect(view: Pick<CanastaView, "pile">): CanastaRect {
  return canastaPileRects(view).at(-1) ?? { x: PILE_X, y: 34, w: PILE_CARD, h: PILE_CARD };
}

/** The time of a clock label ("until 14:05 UTC" → "14:05 UTC"): the rows' clock mark shows it alone. */
const clockTime = (clock: string) => clock.match(/\d{2}:\d{2} UTC/)?.[0] ?? clock;

/**
 * Where seat `seat`'s rows' cards are on the public table picture (as `drawCanastaTable` draws
 * it with `clock`: the seat to move has the clock mark beside its rows, which leaves them less
 * room): for each row, each card's visible part (an overlapped card: the strip left of the
 * next one), px. `ctx` measures the clock's text (any canvas context: nothing is drawn).
 */
export function canastaRowRects(
  view: CanastaView,
  seat: number,
  clock: string | undefined,
  ctx: SKRSContext2D = measureOnly(14),
): CanastaRect[][] {
  const W = CANASTA_WIDTH;
  const y = HEADER + seat * BLOCK + 6;
  const turn = seat === view.turn && view.phase !== "over";
  const clockW = clock && turn ? W - 6 - clockMarkLeft(ctx, clockTime(clock), W - 16, 14) : 0;
  const rows = view.rows[seat] ?? [];
  const { size, step, gap } = rowsLayout(rows, W - 12 - ROWS_X - 6 - clockW);
  let x = ROWS_X;
  return rows.map((row) => {
    const cards = row.map((_, i) => ({ x: x + i * step, y, w: i === row.length - 1 ? size : Math.min(step, size), h: size }));
    x += (row.length - 1) * step + size + gap;
    return cards;
  });
}

/** Picture height for a number of seats. */
export function canastaHeight(seats: number): number {
  return HEADER + seats * BLOCK + 6;
}

/**
 * Card step and gap between rows so all of a player's rows fit on one line (pure layout):
 * cards ROW_CARD px, side by side when they fit, else overlapping (the step is the distance
 * from one card's left edge to the next, at least 12 px).
 */
export function rowsLayout(rows: readonly Row[], width: number): { size: number; step: number; gap: number } {
  const cards = rows.reduce((n, r) => n + r.length, 0);
  const gaps = Math.max(0, rows.length - 1);
  const gap = 14;
  const free = width - gaps * gap - ROW_CARD;
  const step = cards <= 1 ? ROW_CARD + 2 : Math.max(12, Math.min(ROW_CARD + 2, Math.floor(free / (cards - 1))));
  return { size: ROW_CARD, step, gap };
}

/**
 * The header of the canasta table: the title, the hand and its rules, the status (whose turn and
 * what they owe; the winners once over; that the table was `closed` before its end), stopping
 * short of the pile, and below it the last hand's result.
 */
function drawCanastaHeader(
  ctx: SKRSContext2D,
  view: CanastaView,
  names: readonly string[],
  theme: Theme,
  locale: Locale,
  closed: boolean,
): void {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `canasta.pic.${key}`, params);
  ctx.font = font(22, true);
  ctx.fillText(t(locale, "canasta.title"), 12, 28);
  const left = 384; // the header's text stops short of the face-up pile
  ctx.font = font(14);
  ctx.fillStyle = theme.textDim;
  ctx.fillText(
    fitText(
      ctx,
      say("info", {
        hand: view.hand,
        max: CANASTA_MAX_HANDS,
        target: view.target,
        decks: say(view.decks === 2 ? "two_decks" : "one_deck"),
        rows: view.rowRule === "five-to-seven" ? say("rows_5_7") : "",
      }),
      left,
    ),
    12,
    48,
  );
  ctx.fillStyle = view.phase === "over" || closed ? theme.text : theme.turn;
  ctx.font = font(15, true);
  // Computers named bare when a line does not fit whole ("Computer 1 out"): their level is on their seats.
  const named = (bare: boolean) => (bare ? names.map(bareName) : names);
  const best = Math.max(...view.totals);
  const status = (bare: boolean) => {
    const ns = named(bare);
    const winners = view.totals.flatMap((total, i) => (total === best ? [ns[i] ?? say("seat", { n: i + 1 })] : []));
    if (closed) return say("closed");
    return view.phase === "over"
      ? say(winners.length === 1 ? "over_one" : "over_other", { winners: winners.join(" & "), best })
      : say(view.phase === "draw" ? "to_draw" : view.mustMeld !== null ? "melds_owed" : "melds", { name: ns[view.turn] ?? "?" });
  };
  ctx.fillText(fitNames(ctx, status, left), 12, 72);
  const res = view.results.at(-1);
  if (res) {
    ctx.font = font(14);
    ctx.fillStyle = theme.textDim;
    const line = (bare: boolean) => {
      const ns = named(bare);
      const scores = res.scores.map((x, i) => `${ns[i] ?? i + 1} ${x >= 0 ? "+" : ""}${x}`).join(", ");
      return res.wentOut !== null
        ? say("result_out", { hand: res.hand, name: ns[res.wentOut] ?? "?", scores })
        : say("result_stack", { hand: res.hand, scores });
    };
    // Below the pile's cards (they end at y 80), the line has the picture's whole width.
    ctx.fillText(fitNames(ctx, line, CANASTA_WIDTH - 24), 12, 94);
  }
}

/**
 * A seat block's three lines left of its rows (its name; cards in hand and XENOs; its total, with
 * a computer's level the name had no room for), `y` the block's top (px). The dealer's D badge
 * ends the first of those lines it fits on without cutting anything, the name's line if that
 * keeps the name as whole as without the badge ("4. Computer 3", not "4. Compute…").
 */
function drawSeatLines(
  ctx: SKRSContext2D,
  view: CanastaView,
  s: number,
  name: string,
  y: number,
  theme: Theme,
  say: (key: string, params?: Record<string, string | number>) => string,
): void {
  const inHand = say("in_hand", { n: view.handSizes[s] ?? 0 });
  const xenos = view.xenos[s]?.length ?? 0;
  const total = say("total", { n: view.totals[s] ?? 0 });
  // Each line's width as drawn below (px), to find the badge a place before drawing.
  const widthOf = (parts: readonly (readonly [string, number, boolean])[]) =>
    parts.reduce((w, [text, size, bold]) => {
      ctx.font = font(size, bold);
      return w + ctx.measureText(text).width;
    }, 0);
  const right = ROWS_X - 14; // the badge's right edge, on whichever line it goes
  ctx.font = font(16, true);
  const dealer = s === view.dealer ? say("dealer") : null;
  const badge = dealer ? badgeWidth(ctx, dealer) + 6 : 0;
  const label = `${s + 1}. ${name}`;
  const free = seatName(ctx, label, right - 14);
  const squeezed = badge ? seatName(ctx, label, right - 14 - badge) : free;
  let badgeY: number | null = null;
  if (dealer) {
    const second = xenos
      ? widthOf([
          [`${inHand} · `, 14, false],
          [`XENO × ${xenos}`, 14, true],
        ])
      : widthOf([[inHand, 14, false]]);
    const third = free.dropped
      ? widthOf([
          [`${total} `, 14, true],
          [`· ${free.dropped}`, 14, false],
        ])
      : widthOf([[total, 14, true]]);
    if (squeezed.text === free.text) badgeY = y + 15;
    else if (14 + second + badge <= right) badgeY = y + 35;
    else if (14 + third + badge <= right) badgeY = y + 57;
    else badgeY = y + 15; // fitting nowhere whole, it ends the name's line all the same, the name cut to leave it room
  }
  const seat = badgeY === y + 15 ? squeezed : free;
  ctx.fillStyle = theme.text;
  ctx.font = font(16, true);
  ctx.fillText(seat.text, 14, y + 20);
  ctx.font = font(14);
  ctx.fillText(fitText(ctx, inHand, ROWS_X - 20), 14, y + 40);
  if (xenos) {
    const w = ctx.measureText(`${inHand} · `).width;
    ctx.fillStyle = theme.lastMove;
    ctx.font = font(14, true);
    // "XENO × 2", or closer ("XENO×2") beside a long hand count, never cut.
    const room = ROWS_X - 20 - w;
    const mark = ctx.measureText(`XENO × ${xenos}`).width <= room ? `XENO × ${xenos}` : `XENO×${xenos}`;
    ctx.fillText(fitText(ctx, mark, room), 14 + w, y + 40);
  }
  ctx.fillStyle = theme.text;
  ctx.font = font(14, true);
  ctx.fillText(fitText(ctx, total, ROWS_X - 18), 14, y + 62);
  // A level the name had no room for ends the total's line.
  if (seat.dropped) {
    const w = ctx.measureText(`${total} `).width;
    ctx.font = font(14);
    ctx.fillStyle = theme.textDim;
    // Whole or not at all (the alt text names every level): "· nor…" told nobody anything.
    if (ctx.measureText(`· ${seat.dropped}`).width <= ROWS_X - 18 - w) ctx.fillText(`· ${seat.dropped}`, 14 + w, y + 62);
  }
  if (dealer && badgeY !== null) drawBadge(ctx, dealer, right, badgeY, theme.white, theme.black);
}

/**
 * Draws the public canasta table and returns its canvas. `names[i]` is seat i's display
 * name; `clock`, when given, is drawn with a clock face in the block of the seat to move.
 * `closed`: the table was closed before the session's end (`end`, or an organiser): "Table
 * closed" in place of the turn, no seat marked to move and no clock; the totals as they stood.
 */
export function drawCanastaTable(
  view: CanastaView,
  names: readonly string[],
  theme: Theme = DEFAULT_THEME,
  given?: string,
  locale: Locale = "en",
  closed = false,
): Canvas {
  const clock = closed ? undefined : given;
  ensureFonts();
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `canasta.pic.${key}`, params);
  const W = CANASTA_WIDTH;
  const height = canastaHeight(view.seats);
  const { canvas, ctx } = paintedScene(W, height, theme.felt, theme.text);
  drawCanastaHeader(ctx, view, names, theme, locale, closed);

  // stack and face-up pile (top card last, framed)
  const px = PILE_X;
  ctx.fillStyle = theme.text;
  ctx.font = font(14);
  const pile = `${say("stack_pile", { stack: view.stackCount, pile: view.pile.length })}${view.pile.length ? say("top_last") : ""}`;
  ctx.fillText(fitText(ctx, pile, W - 8 - px), px, 22);
  const top = view.pile.slice(-PILE_SHOWN);
  const spots = canastaPileRects(view);
  top.forEach((c, i) => {
    const spot = spots[i] as CanastaRect;
    drawCard(ctx, rotatePattern(idOf(c), 0), spot.x, spot.y, spot.w, theme);
  });
  const last = spots.at(-1);
  if (last) {
    ctx.strokeStyle = theme.lastMove;
    ctx.lineWidth = 3;
    ctx.strokeRect(last.x - 2, last.y - 2, last.w + 4, last.h + 4);
  }

  for (let s = 0; s < view.seats; s++) {
    const y = HEADER + s * BLOCK;
    const turn = s === view.turn && view.phase !== "over" && !closed;
    ctx.fillStyle = turn ? "rgba(90,209,122,0.14)" : theme.panel;
    ctx.fillRect(6, y, W - 12, BLOCK - 6);
    drawSeatLines(ctx, view, s, names[s] ?? say("seat", { n: s + 1 }), y, theme, say);
    // The clock's time alone next to the rows (its words are on the message).
    if (clock && turn) drawClockMark(ctx, clockTime(clock), W - 16, y + 20, 14, theme.turn);
    const rows = view.rows[s] ?? [];
    ctx.font = font(14);
    canastaRowRects(view, s, clock, ctx).forEach((cards, k) => {
      const row = rows[k] ?? [];
      row.forEach((rc, i) => {
        const spot = cards[i] as CanastaRect;
        drawCard(ctx, rotatePattern(idOf(rc.card), rc.rot), spot.x, spot.y, ROW_CARD, theme);
      });
      ctx.fillStyle = theme.text;
      ctx.fillText(`= ${rowSum(row)}`, cards[0]?.x ?? ROWS_X, y + 6 + ROW_CARD + 17);
    });
    if (rows.length === 0) {
      ctx.fillStyle = theme.textDim;
      ctx.fillText(fitText(ctx, say("no_rows"), W - 24 - ROWS_X), ROWS_X, y + 40);
    }
  }
  return canvas;
}

/**
 * Alt text in `locale`: turn (or, `closed`, that the table was closed before its end), pile top,
 * stack, and per player rows (sums), XENOs, hand sizes, totals.
 */
export function describeCanasta(view: CanastaView, names: readonly string[], locale: Locale = "en", closed = false): string {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `canasta.alt.${key}`, params);
  const players = names.slice(0, view.seats).map((n, i) => {
    const rows = (view.rows[i] ?? []).map((r) => rowSum(r)).join("/") || say("none");
    const cards = t(locale, "table.cards", { count: view.handSizes[i] ?? 0 });
    return say("player", { name: n, cards, rows, xenos: view.xenos[i]?.length ?? 0, total: view.totals[i] ?? 0 });
  });
  const head = closed
    ? say("closed")
    : view.phase === "over"
      ? say("over")
      : say(view.phase === "draw" ? "draw" : "meld", { hand: view.hand, name: names[view.turn] ?? "?" });
  const text = `${head} ${say("stack", { stack: view.stackCount, pile: view.pile.length })} ${players.join("; ")}.`;
  return text.length > 1024 ? `${text.slice(0, 1021)}...` : text;
}
