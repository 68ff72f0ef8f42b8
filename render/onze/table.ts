/**
 * Onze pictures: the public table (round and contract, stock, discard pile and what is for
 * sale, every player's melds grouped by player, hand sizes, who has gone down, totals, whose
 * turn), the final score sheet round by round, and the private hand. Pure `(view, names) ->
 * PNG`; alt text from `describeOnze`.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from "@napi-rs/canvas";
import { LRUCache } from "lru-cache";
import { sceneCanvas } from "../surface.ts";
import { isJoker, type Card } from "../../src/games/onze/cards.ts";
import type { Meld } from "../../src/games/onze/melds.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { cardNameIn, contractTextIn, meldWordsIn, onzeLastText, onzeStatusLines } from "./words.ts";
import { handSizeFor, type OnzeView } from "../../src/games/onze/game.ts";
import { drawBadge } from "../badge.ts";
import { drawClockMark } from "../clock.ts";
import { bareName, ensureFonts, fitText, font, measureOnly, PICTURE_WIDTH, seatName, shortName, wrapParts, wrapWords } from "../fonts.ts";
import { drawCardBack, drawPlayingCard } from "./playing-card.ts";
import { DEFAULT_THEME, type Theme } from "../theme.ts";

export const ONZE_WIDTH = PICTURE_WIDTH;
const HEADER = 142;
/** A seat's block: taller once the player has melds down (cards MELD_CARD wide, named below). */
const BLOCK = 68;
const BLOCK_MELDS = 94;
const MELD_X = 196;
const MELD_CARD = 44;
const SHEET_ROW = 24;

/** Picture height for a view: seat blocks, or the score sheet once the game is over. */
export function onzeHeight(view: OnzeView): number {
  if (view.phase === "over") return HEADER + 36 + (view.results.length + 2) * SHEET_ROW;
  return blockTops(view).at(-1)! + 34;
}

/** y of each seat's block, and after the last one the y where the blocks end (pure layout). */
function blockTops(view: OnzeView): number[] {
  const tops = [HEADER];
  for (let s = 0; s < view.seats; s++) tops.push(tops[s]! + ((view.melds[s]?.length ?? 0) > 0 ? BLOCK_MELDS : BLOCK));
  return tops;
}

/** A rectangle of a picture, px (top-left origin). */
export interface OnzeRect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** A card's height for its width (px): the cards of render/onze/playing-card.ts are 1.4 times as tall as wide. */
const cardHeight = (w: number) => Math.round(w * 1.4);

/**
 * Where one player's melds go, left to right from `x0` within `width` px: cards MELD_CARD px
 * wide, overlapping within a meld when space is short (the corner with rank and suit stays
 * visible: the step never falls below 22 px). For each meld, the x of each card and the span
 * of the meld (px). Pure layout: the drawing and the live table's hit map share it.
 */
function meldLayout(melds: readonly Meld[], x0: number, width: number): { xs: number[]; span: number; step: number }[] {
  const n = melds.reduce((k, m) => k + m.cards.length, 0);
  const gap = MELD_GAP;
  const w = MELD_CARD;
  const step =
    n === melds.length ? w + 2 : Math.max(22, Math.min(w + 2, (width - gap * (melds.length - 1) - w * melds.length) / (n - melds.length)));
  let x = x0;
  return melds.map((m) => {
    const xs = m.cards.map((_, i) => x + i * step);
    const span = (m.cards.length - 1) * step + w;
    x += span + gap;
    return { xs, span, step };
  });
}
const MELD_GAP = 12;

/** Draws one player's melds (`meldLayout`), each named below. */
function drawMelds(ctx: SKRSContext2D, melds: readonly Meld[], x0: number, y: number, width: number, theme: Theme, locale: Locale): void {
  meldLayout(melds, x0, width).forEach(({ xs, span }, k) => {
    const m = melds[k]!;
    m.cards.forEach((c, i) => drawPlayingCard(ctx, c, xs[i]!, y, MELD_CARD, locale));
    ctx.fillStyle = theme.textDim;
    ctx.font = font(14);
    ctx.textAlign = "left";
    ctx.textBaseline = "alphabetic";
    ctx.fillText(fitText(ctx, meldWordsIn(locale, m), span + MELD_GAP - 2), xs[0]!, y + cardHeight(MELD_CARD) + 16);
  });
}

/**
 * Where seat `seat`'s melds are on the public table picture of `view` (as `drawOnzeTable` draws
 * them): each meld's rectangle (its cards and its name under them) and each card's visible part
 * (an overlapped card: the strip left of the next one). Empty once the game is over.
 */
export function onzeMeldRects(view: OnzeView, seat: number): { readonly meld: OnzeRect; readonly cards: readonly OnzeRect[] }[] {
  const melds = view.melds[seat] ?? [];
  if (view.phase === "over" || !melds.length) return [];
  const y = blockTops(view)[seat]! + 6;
  const h = cardHeight(MELD_CARD);
  return meldLayout(melds, MELD_X, ONZE_WIDTH - 12 - MELD_X).map(({ xs, span, step }) => ({
    meld: { x: xs[0]!, y, w: span, h: h + 20 },
    cards: xs.map((x, i) => ({ x, y, w: i === xs.length - 1 ? MELD_CARD : Math.min(step, MELD_CARD), h })),
  }));
}

/** Where the stock and the discard pile's top card are on the public table picture of `view` (null: none drawn, e.g. an empty pile). */
export function onzePileRects(view: OnzeView): { readonly stock: OnzeRect | null; readonly discard: OnzeRect | null } {
  if (view.phase === "over") return { stock: null, discard: null };
  const h = cardHeight(PILE_CARD);
  return {
    stock: view.stockCount > 0 ? { x: PILE_X, y: PILE_Y, w: PILE_CARD, h } : null,
    discard: view.discardCount > 0 ? { x: PILE_X + PILE_STEP, y: PILE_Y, w: PILE_CARD, h } : null,
  };
}
/**
 * Where the discard pile lies on the public table picture of `view`, with or without cards (an
 * empty pile is drawn as an empty outline there, and a discard still goes there); null once over.
 */
export function onzeDiscardSpot(view: OnzeView): OnzeRect | null {
  if (view.phase === "over") return null;
  return { x: PILE_X + PILE_STEP, y: PILE_Y, w: PILE_CARD, h: cardHeight(PILE_CARD) };
}
/** An empty pile's place, outlined in dashes (where the next card goes). */
function outlineSpot(ctx: SKRSContext2D, spot: OnzeRect, theme: Theme): void {
  ctx.strokeStyle = theme.textDim;
  ctx.lineWidth = 2;
  ctx.setLineDash([5, 4]);
  ctx.strokeRect(spot.x + 1, spot.y + 1, spot.w - 2, spot.h - 2);
  ctx.setLineDash([]);
}
/** The stock's left edge, the piles' top, a pile card's width and the step to the discard pile (px). */
const PILE_X = 382;
const PILE_Y = 26;
const PILE_CARD = 54;
const PILE_STEP = 76;

/**
 * The header of the Onze table: round, contract, the round's rules, the status (whose turn and
 * what next; the winners once over, or that the table was `closed`) and the clock mark.
 */
function drawOnzeHeader(
  ctx: SKRSContext2D,
  view: OnzeView,
  names: readonly string[],
  theme: Theme,
  clock: string | undefined,
  locale: Locale,
  closed: boolean,
): void {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `onze.pic.${key}`, params);
  const over = view.phase === "over";
  const left = over ? ONZE_WIDTH - 24 : 364; // the header's text stops short of the stock and discard pile (not drawn once over)
  ctx.fillStyle = theme.text;
  ctx.font = font(20, true);
  ctx.fillText(fitText(ctx, say("title", { round: view.round }), left), 12, 26);
  ctx.font = font(16, true);
  ctx.fillStyle = theme.lastMove;
  ctx.fillText(fitText(ctx, say("contract", { contract: contractTextIn(locale, view.round) }), left), 12, 48);
  ctx.font = font(14);
  ctx.fillStyle = theme.textDim;
  ctx.fillText(fitText(ctx, say("rules_line", { n: handSizeFor(view.round) }), left), 12, 68);
  const [who, what] = onzeStatusLines(view, names, locale, closed);
  ctx.font = font(15, true);
  ctx.fillStyle = view.phase === "over" ? theme.text : theme.turn;
  ctx.fillText(shortName(ctx, who, left), 12, 92);
  ctx.font = font(14);
  ctx.fillText(fitText(ctx, what, left), 26, 111);
  if (clock && view.phase !== "over") drawClockMark(ctx, clock, 200, 131, 14, theme.turn);
}

/**
 * The left column of seat `s`'s block at `y` (px): its number and name (the D badge ending the line
 * for the dealer; a level the name has no room for ends the total's line), cards in hand, total,
 * and "down" once the seat has gone down.
 */
function drawSeatColumn(
  ctx: SKRSContext2D,
  view: OnzeView,
  names: readonly string[],
  s: number,
  y: number,
  theme: Theme,
  say: (key: string, params?: Record<string, string | number>) => string,
): void {
  ctx.textAlign = "left";
  ctx.fillStyle = theme.text;
  // The dealer's D badge ends the name line; a long name takes a smaller font, then is shortened.
  const nameRight = s === view.dealer ? drawBadge(ctx, say("dealer"), MELD_X - 14, y + 15, theme.white, theme.black) - 6 : MELD_X - 14;
  const name = `${s + 1}. ${names[s] ?? say("seat", { n: s + 1 })}`;
  ctx.font = font(16, true);
  if (ctx.measureText(name).width > nameRight - 14) ctx.font = font(14, true);
  const seat = seatName(ctx, name, nameRight - 14);
  ctx.fillText(seat.text, 14, y + 20);
  ctx.font = font(14);
  const n = view.handSizes[s] ?? 0;
  const down = view.down[s] ? say("down") : "";
  ctx.font = font(14, true);
  const downW = down ? ctx.measureText(down).width + 6 : 0;
  ctx.font = font(14);
  ctx.fillText(fitText(ctx, say("in_hand", { n }), MELD_X - 20 - downW), 14, y + 40);
  ctx.fillStyle = theme.textDim;
  // A level the name had no room for ends the total's line.
  const total = say("total", { n: view.totals[s] ?? 0 });
  ctx.fillText(fitText(ctx, seat.dropped ? `${total} · ${seat.dropped}` : total, MELD_X - 20), 14, y + 58);
  if (down) {
    ctx.fillStyle = theme.turn;
    ctx.font = font(14, true);
    ctx.textAlign = "right";
    ctx.fillText(down, MELD_X - 8, y + 40);
    ctx.textAlign = "left";
  }
}

/**
 * Seat blocks as last drawn, one picture a block's look (everything `drawSeatBlock` reads: the
 * seat's name, hand size, total, melds, whether it is the dealer's, down or to play; the theme,
 * the language and the block's height). A move changes two or three of a table's blocks (the
 * mover's, and the turn's highlight moving on); the others are stamped as they were, the same
 * pixels. At most 32 (640 x 94 px each: 7.7 MB a picture thread), the least recently drawn left
 * out.
 */
const seatBlocks = new LRUCache<string, Canvas>({ max: 32 });

/** Stamps seat `s`'s block (`drawSeatBlock`) at `y`, `h` px high, from `seatBlocks` (drawn there the first time). */
function stampSeatBlock(
  ctx: SKRSContext2D,
  view: OnzeView,
  names: readonly string[],
  s: number,
  y: number,
  h: number,
  theme: Theme,
  locale: Locale,
  say: (key: string, params?: Record<string, string | number>) => string,
): void {
  const key = JSON.stringify([
    s,
    names[s] ?? null,
    s === view.dealer,
    s === view.turn,
    view.handSizes[s] ?? 0,
    view.down[s] ?? false,
    view.totals[s] ?? 0,
    view.melds[s] ?? [],
    h,
    theme,
    locale,
  ]);
  let block = seatBlocks.get(key);
  if (!block) {
    block = createCanvas(ONZE_WIDTH, h);
    const g = block.getContext("2d");
    g.fillStyle = theme.felt;
    g.fillRect(0, 0, ONZE_WIDTH, h);
    g.textBaseline = "alphabetic";
    drawSeatBlock(g, view, names, s, 0, h, theme, locale, say);
    seatBlocks.set(key, block);
  }
  ctx.drawImage(block, 0, y);
}

/** Draws seat `s`'s block at `y` (px), `h` px high on the felt: its panel (highlighted on its turn), its left column and its melds. */
function drawSeatBlock(
  ctx: SKRSContext2D,
  view: OnzeView,
  names: readonly string[],
  s: number,
  y: number,
  h: number,
  theme: Theme,
  locale: Locale,
  say: (key: string, params?: Record<string, string | number>) => string,
): void {
  const W = ONZE_WIDTH;
  ctx.fillStyle = s === view.turn ? "rgba(90,209,122,0.16)" : theme.panel;
  ctx.fillRect(6, y, W - 12, h - 6);
  drawSeatColumn(ctx, view, names, s, y, theme, say);
  const melds = view.melds[s] ?? [];
  if (melds.length) drawMelds(ctx, melds, MELD_X, y + 6, W - 12 - MELD_X, theme, locale);
  else {
    ctx.fillStyle = theme.textDim;
    ctx.font = font(14);
    ctx.fillText(fitText(ctx, say("not_down"), W - 24 - MELD_X), MELD_X, y + 40);
  }
}

/**
 * Draws the public Onze table and returns its canvas, its words and card names in `locale`.
 * `names[i]` is seat i's display name; `clock`, when given, is drawn under the status line
 * (e.g. `until 14:05 UTC`). `closed`: the table was closed with `end` (pass a view with phase
 * `over`): the status says so instead of naming a winner.
 */
export function drawOnzeTable(
  view: OnzeView,
  names: readonly string[],
  theme: Theme = DEFAULT_THEME,
  clock?: string,
  locale: Locale = "en",
  closed = false,
): Canvas {
  ensureFonts();
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `onze.pic.${key}`, params);
  const W = ONZE_WIDTH;
  const height = onzeHeight(view);
  const canvas = sceneCanvas(W, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = theme.felt;
  ctx.fillRect(0, 0, W, height);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  const over = view.phase === "over";
  drawOnzeHeader(ctx, view, names, theme, clock, locale, closed);
  if (over) {
    drawScoreSheet(ctx, view, names, theme, locale);
    return canvas;
  }
  // Stock and discard pile.
  const px = PILE_X;
  const piles = onzePileRects(view);
  ctx.font = font(14, true);
  ctx.fillStyle = theme.text;
  // Both piles' labels in the plain weight where the stock's bold one is too wide ("Stapel 60",
  // the word the chat and the commands use), so that the two match.
  const stock = say("stock", { n: view.stockCount });
  if (ctx.measureText(stock).width > 74) ctx.font = font(14);
  ctx.fillText(fitText(ctx, stock, 74), px, 18);
  if (piles.stock) drawCardBack(ctx, piles.stock.x, piles.stock.y, piles.stock.w);
  ctx.fillText(fitText(ctx, say("discard", { n: view.discardCount }), W - 8 - px - PILE_STEP), px + PILE_STEP, 18);
  ctx.font = font(14, true);
  if (piles.discard) {
    const { x, y, w } = piles.discard;
    if (view.discardTop === null) drawCardBack(ctx, x, y, w);
    else drawPlayingCard(ctx, view.discardTop, x, y, w, locale);
  } else outlineSpot(ctx, onzeDiscardSpot(view)!, theme);
  const note = px + 142;
  const noteW = W - 8 - note;
  if (view.forSale !== null) {
    ctx.strokeStyle = theme.lastMove;
    ctx.lineWidth = 3;
    ctx.strokeRect(px + 73, 23, 60, 82);
    ctx.fillStyle = theme.lastMove;
    ctx.font = font(14, true);
    // Who asked, names bare (levels are on the seats): after the word, on up to two more lines.
    const who = view.claims.map((s) => bareName(names[s] ?? "?"));
    ctx.fillText(fitText(ctx, say("for_sale"), noteW), note, 40);
    ctx.fillText(cardNameIn(locale, view.forSale), note, 58);
    ctx.font = font(14);
    const whole = who.length ? say("asked", { names: who.join(", ") }) : say("nobody_asked");
    const lines =
      ctx.measureText(whole).width <= noteW
        ? [whole]
        : [fitText(ctx, say("asked", { names: "" }).trim(), noteW), ...wrapWords(ctx, who, ", ", noteW, 2)];
    lines.forEach((line, i) => ctx.fillText(line, note, 78 + i * 16));
  } else if (view.discardTop === null && view.discardCount > 0) {
    ctx.fillStyle = theme.textDim;
    ctx.font = font(14);
    ctx.fillText(fitText(ctx, say("face_down"), noteW), note, 40);
    ctx.fillText(fitText(ctx, say("went_out"), noteW), note, 58);
  }

  const tops = blockTops(view);
  for (let s = 0; s < view.seats; s++) stampSeatBlock(ctx, view, names, s, tops[s]!, tops[s + 1]! - tops[s]!, theme, locale, say);
  ctx.fillStyle = theme.text;
  ctx.font = font(15);
  ctx.fillText(fitText(ctx, say("last", { text: onzeLastText(view, names, locale) }), W - 24), 12, tops.at(-1)! + 20);
  return canvas;
}

/** The narrowest a player's column of the score sheet gets (px) to give the contracts room. */
const SHEET_MIN_COL = 80;

function drawScoreSheet(ctx: SKRSContext2D, view: OnzeView, names: readonly string[], theme: Theme, locale: Locale): void {
  const say = (key: string) => t(locale, `onze.pic.${key}`);
  const W = ONZE_WIDTH;
  const top = HEADER;
  // The rounds' column holds its longest contract whole ("5: 2 groupes + 1 suite") where the
  // players' columns keep SHEET_MIN_COL px each; 150 px at least.
  ctx.font = font(14);
  const longest = Math.max(...view.results.map((r) => ctx.measureText(`${r.round}: ${contractTextIn(locale, r.round)}`).width), 0);
  const firstCol = Math.round(Math.max(150, Math.min(longest + 24, W - 20 - view.seats * SHEET_MIN_COL)));
  const colW = Math.min(120, (W - 20 - firstCol) / view.seats);
  const colX = (i: number) => firstCol + (i + 1) * colW;
  ctx.fillStyle = theme.panel;
  ctx.fillRect(6, top, W - 12, (view.results.length + 2) * SHEET_ROW + 26);
  ctx.font = font(14, true);
  ctx.fillStyle = theme.text;
  ctx.textAlign = "left";
  ctx.fillText(fitText(ctx, say("round"), firstCol - 14), 14, top + 22);
  const best = Math.min(...view.totals);
  names.slice(0, view.seats).forEach((n, i) => {
    ctx.textAlign = "right";
    ctx.fillText(shortName(ctx, n, colW - 6), colX(i), top + 22);
  });
  view.results.forEach((r, k) => {
    const y = top + 22 + (k + 1) * SHEET_ROW;
    ctx.textAlign = "left";
    ctx.font = font(14);
    ctx.fillStyle = theme.textDim;
    ctx.fillText(fitText(ctx, `${r.round}: ${contractTextIn(locale, r.round)}`, firstCol - 14), 14, y);
    r.scores.forEach((sc, i) => {
      ctx.textAlign = "right";
      ctx.fillStyle = r.wentOut === i ? theme.turn : theme.text;
      ctx.fillText(r.wentOut === i ? fitText(ctx, say("zero_out"), colW - 6) : String(sc), colX(i), y);
    });
  });
  const y = top + 22 + (view.results.length + 1) * SHEET_ROW;
  ctx.textAlign = "left";
  ctx.font = font(15, true);
  ctx.fillStyle = theme.text;
  ctx.fillText(say("total_row"), 14, y);
  view.totals.forEach((t, i) => {
    ctx.textAlign = "right";
    ctx.fillStyle = t === best ? theme.lastMove : theme.text;
    ctx.fillText(`${t}${t === best ? " ★" : ""}`, colX(i), y);
  });
  ctx.textAlign = "left";
}

/** Hand picture sizes (px): eight cards a row, within Discord's 550 px preview. */
const HAND_CARD = 56;
const HAND_PER_ROW = 8;

/**
 * The private hand's layout (px): the picture's size, the help's lines, and where card `i` is
 * (its face, without the name under it). `count` cards, `help` wrapped over up to three lines,
 * `freshCount` cards marked new (their captions take two lines). Pure layout: the drawing and
 * the live table's hit map share it.
 */
export function onzeHandLayout(
  count: number,
  help: string,
  freshCount = 0,
): { width: number; height: number; helpLines: string[]; card(i: number): OnzeRect } {
  const w = HAND_CARD;
  const per = HAND_PER_ROW;
  const slot = w + 8;
  // A new card's caption is two lines (its name, then "new" under it), so neither is cut.
  const rowH = cardHeight(w) + (freshCount ? 44 : 26);
  const rows = Math.max(1, Math.ceil(count / per));
  const width = 12 * 2 + per * slot - 8;
  const helpLines = wrapParts(measureOnly(14), help, width - 24, 4);
  const top = 40 + helpLines.length * 18;
  return {
    width,
    height: top + 6 + rows * rowH,
    helpLines,
    card: (i) => ({ x: 12 + (i % per) * slot, y: top + 12 + Math.floor(i / per) * rowH, w, h: cardHeight(w) }),
  };
}

/**
 * Draws the private hand and returns its canvas: cards in the given order, each named below;
 * the help wrapped over up to four lines; `fresh` cards (just drawn or bought) outlined and
 * marked "new" on a line of their own under the name.
 */
export function drawOnzeHand(
  hand: readonly Card[],
  title: string,
  help: string,
  fresh: readonly Card[] = [],
  theme: Theme = DEFAULT_THEME,
  locale: Locale = "en",
): Canvas {
  ensureFonts();
  const layout = onzeHandLayout(hand.length, help, fresh.length);
  const { width, height, helpLines } = layout;
  const slot = HAND_CARD + 8;
  const canvas = sceneCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = theme.panel;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = theme.text;
  ctx.font = font(16, true);
  ctx.fillText(fitText(ctx, title, width - 24), 12, 24);
  ctx.font = font(14);
  ctx.fillStyle = theme.textDim;
  helpLines.forEach((line, i) => ctx.fillText(line, 12, 46 + i * 18));
  const marked = [...fresh];
  hand.forEach((c, i) => {
    const { x, y, w, h } = layout.card(i);
    drawPlayingCard(ctx, c, x, y, w, locale);
    const isNew = marked.indexOf(c);
    if (isNew >= 0) {
      marked.splice(isNew, 1);
      ctx.strokeStyle = theme.lastMove;
      ctx.lineWidth = 3;
      ctx.strokeRect(x - 2, y - 2, w + 4, h + 4);
    }
    ctx.fillStyle = isNew >= 0 ? theme.lastMove : theme.text;
    ctx.font = font(14, true);
    ctx.textAlign = "center";
    // A name too long for its slot ("Comodín") gives way to the joker's star rather than "Como…".
    const name = cardNameIn(locale, c);
    ctx.fillText(ctx.measureText(name).width <= slot - 2 || !isJoker(c) ? fitText(ctx, name, slot - 2) : "★", x + w / 2, y + h + 17);
    if (isNew >= 0) {
      ctx.font = font(14);
      ctx.fillText(fitText(ctx, t(locale, "onze.pic.new"), slot - 2), x + w / 2, y + h + 34);
    }
    ctx.textAlign = "left";
  });
  return canvas;
}
