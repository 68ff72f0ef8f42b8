/**
 * Standard playing-card faces (Onze), drawn with the bundled DejaVu Sans (its licence ships in
 * `render/assets/fonts/`): rank and suit glyph in the top corner, a large suit glyph in the
 * middle, red suits red and black suits black, jokers distinct (violet, `JOKER`), wild cards
 * (jokers and red aces) marked with a gold band and `WILD`. Sized to read at Discord's preview
 * size: the corner rank is a third of the card's width. A joker's corner is a star.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from "@napi-rs/canvas";
import { faceOf, isJoker, isWild, rankOf, suitOf, SUIT_GLYPHS, type Card } from "../../src/games/onze/cards.ts";
import { ensureFonts, font } from "../fonts.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { rankLetter } from "./words.ts";

export const CARD_RED = "#c8102e";
export const CARD_BLACK = "#16161a";
const JOKER_INK = "#6b2fb3";
const WILD_BAND = "#f2b705";

function rounded(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** Saves the context, draws a card's rounded outline filled with `fill`, and clips to it; returns the card's height (1.4 w). */
function cardOutline(ctx: SKRSContext2D, x: number, y: number, w: number, fill: string): number {
  const h = Math.round(w * 1.4);
  ctx.save();
  rounded(ctx, x, y, w, h, Math.max(3, w * 0.08));
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = "#0b0b0d";
  ctx.stroke();
  ctx.clip();
  return h;
}

/** Room around a sprite for the outline's stroke, px. */
const PAD = 2;
/** Each face (and the back) drawn once per width into a sprite, then stamped: 53 faces a size. */
const sprites = new Map<string, Canvas>();

/** The sprite of `key` at width `w`, painted by `paint` at (PAD, PAD) the first time. */
function sprite(key: string, w: number, paint: (ctx: SKRSContext2D) => void): Canvas {
  const k = `${key}:${w}`;
  const hit = sprites.get(k);
  if (hit) return hit;
  ensureFonts();
  const c = createCanvas(w + 2 * PAD, Math.round(w * 1.4) + 2 * PAD);
  paint(c.getContext("2d"));
  sprites.set(k, c);
  return c;
}

/**
 * Draws the face of `card` with its top-left corner at (x, y), `w` px wide (height 1.4 w), its
 * rank letter and marks in `locale` (`R` for a French king): a sprite painted once per face,
 * language and width (`paintFace`), stamped at whole pixels.
 */
export function drawPlayingCard(ctx: SKRSContext2D, card: Card, x: number, y: number, w: number, locale: Locale = "en"): void {
  const face = sprite(`f${faceOf(card)}:${locale}`, w, (c) => paintFace(c, card, PAD, PAD, w, locale));
  ctx.drawImage(face, Math.round(x) - PAD, Math.round(y) - PAD);
}

/** Draws a card back (the stock, a face-down discard): a sprite like the faces. */
export function drawCardBack(ctx: SKRSContext2D, x: number, y: number, w: number): void {
  ctx.drawImage(
    sprite("back", w, (c) => paintBack(c, PAD, PAD, w)),
    Math.round(x) - PAD,
    Math.round(y) - PAD,
  );
}

/** Paints the face of `card` with its top-left corner at (x, y), `w` px wide (height 1.4 w). */
function paintFace(ctx: SKRSContext2D, card: Card, x: number, y: number, w: number, locale: Locale): void {
  const h = cardOutline(ctx, x, y, w, "#fbfaf6");
  const wild = isWild(card);
  if (wild) {
    ctx.fillStyle = WILD_BAND;
    ctx.fillRect(x, y + h - h * 0.2, w, h * 0.2);
    ctx.fillStyle = "#1b1b1b";
    ctx.font = font(Math.max(14, Math.round(w * 0.2)), true);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const mark = t(locale, "onze.wild_mark");
    // The word when it fits, else its short mark (never a letter that reads as a rank).
    ctx.fillText(ctx.measureText(mark).width <= w - 2 ? mark : t(locale, "onze.wild_short"), x + w / 2, y + h - h * 0.1);
  }
  ctx.textAlign = "left";
  ctx.textBaseline = "top";
  if (isJoker(card)) {
    // No letter in the corner (a "J" would read as a jack): a star, and JOKER across the middle.
    ctx.fillStyle = JOKER_INK;
    ctx.font = font(Math.max(15, Math.round(w * 0.34)), true);
    ctx.fillText("★", x + w * 0.06, y + w * 0.04);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    // The word when it fits at a readable size, else a large star.
    ctx.font = font(Math.max(14, Math.round(w * 0.17)), true);
    const mark = t(locale, "onze.joker_mark");
    if (ctx.measureText(mark).width <= w - 4) ctx.fillText(mark, x + w / 2, y + h * 0.5);
    else {
      ctx.font = font(Math.round(w * 0.5), true);
      ctx.fillText("★", x + w / 2, y + h * 0.5);
    }
  } else {
    const suit = suitOf(card);
    const red = suit === 1 || suit === 2;
    ctx.fillStyle = red ? CARD_RED : CARD_BLACK;
    const rank = rankLetter(locale, rankOf(card));
    // Rank at least 15 px and the corner suit at least 14 (12 px at Discord's preview size).
    ctx.font = font(Math.max(15, Math.round(w * (rank.length > 1 ? 0.34 : 0.4))), true);
    ctx.fillText(rank, x + w * 0.06, y + w * 0.04);
    ctx.font = font(Math.max(14, Math.round(w * 0.32)));
    ctx.fillText(SUIT_GLYPHS[suit] ?? "?", x + w * 0.08, y + Math.max(w * 0.46, 19));
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.font = font(Math.max(14, Math.round(w * 0.52)));
    ctx.fillText(SUIT_GLYPHS[suit] ?? "?", x + w * 0.62, y + h * (wild ? 0.52 : 0.6));
  }
  ctx.restore();
}

/** Paints a card back with its top-left corner at (x, y). */
function paintBack(ctx: SKRSContext2D, x: number, y: number, w: number): void {
  const h = cardOutline(ctx, x, y, w, "#23408e");
  ctx.strokeStyle = "rgba(255,255,255,0.35)";
  ctx.lineWidth = 2;
  for (let k = -h; k < w + h; k += 8) {
    ctx.beginPath();
    ctx.moveTo(x + k, y);
    ctx.lineTo(x + k - h, y + h);
    ctx.stroke();
  }
  ctx.restore();
}
