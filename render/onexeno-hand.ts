/**
 * The private hand picture (sent only in ephemeral replies): the viewer's cards in their
 * canonical orientation, each with the words menus lead with (`3 · L`), its exact code, and a
 * mark on the cards that have a legal placement now.
 */
import { createCanvas } from "@napi-rs/canvas";
import { cardLabel, cardName, type CardId } from "../src/games/onexeno/cards";
import { drawCard } from "./card";
import { ensureFonts, font } from "./fonts";
import { DEFAULT_THEME, type Theme } from "./theme";

const CARD = 104;
const GAP = 34;
const PER_ROW = 7;
const LABEL_H = 46;

/** Picture size for `n` cards: rows of 7. */
export function handSize(n: number): { width: number; height: number } {
  const cols = Math.max(1, Math.min(PER_ROW, n));
  const rows = Math.max(1, Math.ceil(n / PER_ROW));
  return { width: 24 * 2 + cols * CARD + (cols - 1) * GAP, height: 56 + rows * (CARD + LABEL_H) + 8 };
}

/** Renders a hand. `playable` marks cards with at least one legal placement. */
export async function renderOnexenoHand(
  hand: readonly CardId[],
  playable: ReadonlySet<CardId>,
  title: string,
  theme: Theme = DEFAULT_THEME,
  /** Text under card i instead of the default ("5 pts · can play"). */
  caption?: (card: CardId, index: number) => string,
): Promise<Buffer> {
  ensureFonts();
  const { width, height } = handSize(hand.length);
  const canvas = createCanvas(Math.max(width, 420), height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = theme.panel;
  ctx.fillRect(0, 0, canvas.width, height);
  ctx.fillStyle = theme.text;
  ctx.font = font(18, true);
  ctx.textBaseline = "alphabetic";
  ctx.textAlign = "left";
  ctx.fillText(title, 24, 32);
  if (hand.length === 0) {
    ctx.font = font(16);
    ctx.fillText("No cards in hand.", 24, 80);
  }
  hand.forEach((card, i) => {
    const x = 24 + (i % PER_ROW) * (CARD + GAP);
    const y = 48 + Math.floor(i / PER_ROW) * (CARD + LABEL_H);
    drawCard(ctx, card, x, y, CARD, theme);
    if (playable.has(card)) {
      ctx.strokeStyle = theme.turn;
      ctx.lineWidth = 4;
      ctx.strokeRect(x - 3, y - 3, CARD + 6, CARD + 6);
    }
    ctx.textAlign = "center";
    ctx.fillStyle = theme.text;
    // The words menus and suggestions lead with, then the exact code.
    let size = 14;
    ctx.font = font(size, true);
    while (ctx.measureText(cardLabel(card)).width > CARD + GAP - 6 && size > 10) ctx.font = font(--size, true);
    ctx.fillText(cardLabel(card), x + CARD / 2, y + CARD + 19);
    ctx.font = font(12);
    ctx.fillStyle = playable.has(card) ? theme.turn : theme.textDim;
    ctx.fillText(caption ? caption(card, i) : playable.has(card) ? `▶ ${cardName(card)}` : cardName(card), x + CARD / 2, y + CARD + 36);
  });
  return canvas.encode("png");
}
