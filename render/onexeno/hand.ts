/**
 * The private hand picture (sent only in ephemeral replies): the viewer's cards in their
 * canonical orientation, each with the words menus lead with (`3 · L`), its exact code, and a
 * mark on the cards that have a legal placement now.
 */
import type { Canvas, SKRSContext2D } from "@napi-rs/canvas";
import { sceneCanvas } from "../surface.ts";
import type { CardId } from "../../src/games/onexeno/cards.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { cardCodeIn, cardLabelIn } from "./words.ts";
import { drawCard } from "./card.ts";
import { ensureFonts, fitText, font, wrapWords } from "../fonts.ts";
import { DEFAULT_THEME, type Theme } from "../theme.ts";

/**
 * Sizes in px. Four cards a row keep the picture within Discord's 550 px preview, so it is
 * shown unscaled and its 14 px captions read at 14 px.
 */
const CARD = 80;
const GAP = 54;
const PER_ROW = 4;
/** Under each card: its label on one line or two ("5 · white corner" / "+ 2 dots"), then its code. */
const LABEL_H = 61;
const MARGIN = 12;
const MIN_WIDTH = 360;

/** Picture size for `n` cards: rows of 4 (room for each card's code under it). */
export function handSize(n: number): { width: number; height: number } {
  const cols = Math.max(1, Math.min(PER_ROW, n));
  const rows = Math.max(1, Math.ceil(n / PER_ROW));
  return { width: Math.max(MIN_WIDTH, MARGIN * 2 + cols * (CARD + GAP)), height: 40 + rows * (CARD + LABEL_H) + 4 };
}

/** Where card `i` of a hand is drawn on its picture, px (its square, without the caption under it). */
export function handCardRect(i: number): { x: number; y: number; w: number; h: number } {
  return { x: MARGIN + GAP / 2 + (i % PER_ROW) * (CARD + GAP), y: 38 + Math.floor(i / PER_ROW) * (CARD + LABEL_H), w: CARD, h: CARD };
}

/**
 * The hand's header in the 38 px above the cards: on one line at 16 px (or 14 px) where it fits;
 * else on two lines at 14 px (the smallest the pictures use), broken after the last ` · ` part that fits (a long name and the
 * playable cards' hint in French or German), each line cut only if it still does not fit.
 */
function drawHeader(ctx: SKRSContext2D, title: string, max: number): void {
  for (const size of [16, 14]) {
    ctx.font = font(size, true);
    if (ctx.measureText(title).width <= max) {
      ctx.fillText(title, MARGIN, 24);
      return;
    }
  }
  const parts = title.split(" · ");
  let n = parts.length - 1;
  while (n > 1 && ctx.measureText(parts.slice(0, n).join(" · ")).width > max) n--;
  ctx.fillText(fitText(ctx, parts.slice(0, n).join(" · "), max), MARGIN, 14);
  ctx.fillText(fitText(ctx, parts.slice(n).join(" · "), max), MARGIN, 31);
}

/**
 * Draws a hand (see `renderOnexenoHand`) and returns its canvas. The cards at the positions in
 * `marked` (0-based; the cards just drawn) are framed as the playable ones are.
 */
export function drawOnexenoHand(
  hand: readonly CardId[],
  playable: ReadonlySet<CardId>,
  title: string,
  theme: Theme = DEFAULT_THEME,
  caption?: (card: CardId, index: number) => string,
  locale: Locale = "en",
  marked: ReadonlySet<number> = new Set(),
): Canvas {
  ensureFonts();
  const { width, height } = handSize(hand.length);
  const canvas = sceneCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = theme.panel;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = theme.text;
  ctx.textBaseline = "alphabetic";
  ctx.textAlign = "left";
  drawHeader(ctx, title, width - 2 * MARGIN);
  if (hand.length === 0) {
    ctx.font = font(15);
    ctx.fillText(t(locale, "onexeno.no_cards"), MARGIN, 64);
  }
  hand.forEach((card, i) => {
    const { x, y } = handCardRect(i);
    drawCard(ctx, card, x, y, CARD, theme);
    const framed = playable.has(card) || marked.has(i);
    if (framed) {
      ctx.strokeStyle = theme.turn;
      ctx.lineWidth = 3;
      ctx.strokeRect(x - 2, y - 2, CARD + 4, CARD + 4);
    }
    ctx.textAlign = "center";
    ctx.fillStyle = theme.text;
    // The words menus and suggestions lead with, then the exact code.
    const room = CARD + GAP - 2;
    ctx.font = font(14, true);
    const label = cardLabelIn(locale, card);
    if (ctx.measureText(label).width > room) ctx.font = font(14);
    // A label too wide for one line takes two, broken between words, rather than losing its end.
    const lines = ctx.measureText(label).width <= room ? [label] : wrapWords(ctx, label.split(" "), " ", room, 2);
    lines.forEach((line, k) => ctx.fillText(line, x + CARD / 2, y + CARD + 17 + k * 17));
    ctx.font = font(14);
    // Playable cards are framed and their code is green (the frame, not only the colour, says it).
    ctx.fillStyle = framed ? theme.turn : theme.textDim;
    ctx.fillText(
      fitText(ctx, caption ? caption(card, i) : cardCodeIn(locale, card), room),
      x + CARD / 2,
      y + CARD + 17 + lines.length * 17,
    );
  });
  return canvas;
}
