/**
 * Onze pictures: the public table (round and contract, stock, discard pile and what is for
 * sale, every player's melds grouped by player, hand sizes, who has gone down, totals, whose
 * turn), the final score sheet round by round, and the private hand. Pure `(view, names) ->
 * PNG`; alt text from `describeOnze`.
 */
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { cardName, faceWords, faceOf, SUIT_GLYPHS, type Card } from "../src/games/onze/cards";
import { contractText, type Meld } from "../src/games/onze/melds";
import { handSizeFor, type OnzeView } from "../src/games/onze/game";
import { drawClockMark } from "./clock";
import { ensureFonts, fitText, font } from "./fonts";
import { drawCardBack, drawPlayingCard } from "./playing-card";
import { DEFAULT_THEME, type Theme } from "./theme";

export const ONZE_WIDTH = 1000;
const HEADER = 190;
const BLOCK = 112;
const MELD_X = 300;
const RANK_WORDS = ["", "aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings"];

/** Picture height for a view: seat blocks, or the score sheet once the game is over. */
export function onzeHeight(view: OnzeView): number {
  return view.phase === "over" ? HEADER + 60 + (view.results.length + 2) * 34 : HEADER + view.seats * BLOCK + 40;
}

/** A meld in words: `set of 7s`, `run 5♥-8♥`. */
export function meldWords(m: Meld): string {
  if (m.kind === "set") return `set of ${RANK_WORDS[m.rank]}`;
  const r = (k: number) => ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][k];
  return `run ${r(m.low)}${SUIT_GLYPHS[m.suit]}-${r(m.low + m.cards.length - 1)}${SUIT_GLYPHS[m.suit]}`;
}

/** The status line: whose turn and what they do next. */
export function onzeStatus(view: OnzeView, names: readonly string[]): string {
  const who = names[view.turn] ?? "?";
  if (view.phase === "over") {
    const best = Math.min(...view.totals);
    const winners = view.totals.flatMap((t, i) => (t === best ? [names[i] ?? `Seat ${i + 1}`] : []));
    return `Game over · ${winners.join(" & ")} win${winners.length === 1 ? "s" : ""} with ${best}`;
  }
  if (view.phase === "draw") return `▶ ${who} to draw: the stock, or the top discard`;
  return `▶ ${who} ${view.down[view.turn] ? (view.downThisTurn ? "went down; discards next" : "lays off, then discards") : "may go down, then discards"}`;
}

/**
 * Draws one player's melds left to right within `width` px: cards 52 px wide (readable at
 * Discord's preview size), overlapping within a meld when space is short (the corner with rank
 * and suit stays visible), each meld named below.
 */
function drawMelds(ctx: SKRSContext2D, melds: readonly Meld[], x0: number, y: number, width: number, theme: Theme): void {
  const n = melds.reduce((k, m) => k + m.cards.length, 0);
  if (n === 0) return;
  const gap = 14;
  let w = 52;
  const stepFor = (cw: number) => (n === melds.length ? cw + 2 : Math.min(cw + 2, (width - gap * (melds.length - 1) - cw * melds.length) / (n - melds.length)));
  while (w > 30 && stepFor(w) < w * 0.5) w -= 2;
  const step = stepFor(w);
  let x = x0;
  for (const m of melds) {
    m.cards.forEach((c, i) => drawPlayingCard(ctx, c, x + i * step, y, w));
    ctx.fillStyle = theme.textDim;
    ctx.font = font(13);
    ctx.textAlign = "left";
    ctx.textBaseline = "alphabetic";
    ctx.fillText(meldWords(m), x, y + w * 1.4 + 14);
    x += (m.cards.length - 1) * step + w + gap;
  }
}

/**
 * Renders the public Onze table. `names[i]` is seat i's display name; `clock`, when given, is
 * drawn after the status line (e.g. `until 14:05 UTC`).
 */
export async function renderOnzeTable(view: OnzeView, names: readonly string[], theme: Theme = DEFAULT_THEME, clock?: string): Promise<Buffer> {
  ensureFonts();
  const height = onzeHeight(view);
  const canvas = createCanvas(ONZE_WIDTH, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = theme.felt;
  ctx.fillRect(0, 0, ONZE_WIDTH, height);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = theme.text;
  ctx.font = font(28, true);
  ctx.fillText(`Onze · Round ${view.round} of 7`, 24, 42);
  ctx.font = font(19, true);
  ctx.fillStyle = theme.lastMove;
  ctx.fillText(`Contract: ${contractText(view.round)}`, 24, 72);
  ctx.font = font(14);
  ctx.fillStyle = theme.textDim;
  ctx.fillText(`${handSizeFor(view.round)} cards dealt · sets of 3+, runs of 4+ · jokers and red aces wild · lowest total wins`, 24, 96);
  ctx.font = font(19, true);
  ctx.fillStyle = view.phase === "over" ? theme.text : theme.turn;
  ctx.fillText(fitText(ctx, onzeStatus(view, names), 580), 24, 132);
  if (clock && view.phase !== "over") drawClockMark(ctx, clock, 300, 162, 15, theme.turn);

  // Stock and discard pile.
  const px = 660;
  ctx.font = font(15, true);
  ctx.fillStyle = theme.text;
  ctx.fillText(`Stock ${view.stockCount}`, px, 30);
  if (view.stockCount > 0) drawCardBack(ctx, px, 40, 64);
  ctx.fillText(`Discard ${view.discardCount}`, px + 100, 30);
  if (view.discardCount > 0) {
    if (view.discardTop === null) drawCardBack(ctx, px + 100, 40, 64);
    else drawPlayingCard(ctx, view.discardTop, px + 100, 40, 64);
  }
  if (view.forSale !== null) {
    ctx.strokeStyle = theme.lastMove;
    ctx.lineWidth = 4;
    ctx.strokeRect(px + 96, 36, 72, 98);
    ctx.fillStyle = theme.lastMove;
    ctx.font = font(15, true);
    const who = view.claims.map((s) => names[s] ?? "?");
    ctx.fillText(`For sale: ${cardName(view.forSale)}`, px + 180, 60);
    ctx.font = font(13);
    ctx.fillText(fitText(ctx, who.length ? `asked: ${who.join(", ")}` : "nobody has asked", 150), px + 180, 80);
  } else if (view.discardTop === null && view.discardCount > 0) {
    ctx.fillStyle = theme.textDim;
    ctx.font = font(13);
    ctx.fillText("face down:", px + 180, 60);
    ctx.fillText("went out", px + 180, 78);
  }

  if (view.phase === "over") {
    drawScoreSheet(ctx, view, names, theme);
    return canvas.encode("png");
  }
  for (let s = 0; s < view.seats; s++) {
    const y = HEADER + s * BLOCK;
    ctx.fillStyle = s === view.turn ? "rgba(90,209,122,0.16)" : theme.panel;
    ctx.fillRect(16, y, ONZE_WIDTH - 32, BLOCK - 8);
    ctx.textAlign = "left";
    ctx.fillStyle = theme.text;
    ctx.font = font(18, true);
    ctx.fillText(fitText(ctx, `${s + 1}. ${names[s] ?? `Seat ${s + 1}`}${s === view.dealer ? " (dealer)" : ""}`, 240), 28, y + 28);
    ctx.font = font(15);
    ctx.fillStyle = theme.text;
    const n = view.handSizes[s] ?? 0;
    ctx.fillText(`${n} card${n === 1 ? "" : "s"} in hand`, 28, y + 54);
    ctx.fillStyle = theme.textDim;
    ctx.fillText(`total ${view.totals[s] ?? 0}`, 28, y + 78);
    if (view.down[s]) {
      ctx.fillStyle = theme.turn;
      ctx.font = font(14, true);
      ctx.fillText("✔ down", 190, y + 54);
    }
    const melds = view.melds[s] ?? [];
    if (melds.length) drawMelds(ctx, melds, MELD_X - 20, y + 6, ONZE_WIDTH - MELD_X - 10, theme);
    else {
      ctx.fillStyle = theme.textDim;
      ctx.font = font(14);
      ctx.fillText("not down yet", MELD_X, y + 54);
    }
  }
  ctx.fillStyle = theme.text;
  ctx.font = font(15);
  ctx.fillText(fitText(ctx, `Last: ${onzeLastText(view, names)}`, ONZE_WIDTH - 48), 24, HEADER + view.seats * BLOCK + 22);
  return canvas.encode("png");
}

function drawScoreSheet(ctx: SKRSContext2D, view: OnzeView, names: readonly string[], theme: Theme): void {
  const top = HEADER + 10;
  const colW = Math.min(200, (ONZE_WIDTH - 190) / view.seats);
  ctx.fillStyle = theme.panel;
  ctx.fillRect(16, top, ONZE_WIDTH - 32, (view.results.length + 2) * 34 + 30);
  ctx.font = font(15, true);
  ctx.fillStyle = theme.text;
  ctx.textAlign = "left";
  ctx.fillText("Round", 32, top + 30);
  const best = Math.min(...view.totals);
  names.slice(0, view.seats).forEach((n, i) => {
    ctx.textAlign = "right";
    ctx.fillText(fitText(ctx, n, colW - 8), 150 + (i + 1) * colW, top + 30);
  });
  view.results.forEach((r, k) => {
    const y = top + 30 + (k + 1) * 34;
    ctx.textAlign = "left";
    ctx.font = font(15);
    ctx.fillStyle = theme.textDim;
    ctx.fillText(`${r.round}: ${contractText(r.round)}`, 32, y);
    r.scores.forEach((sc, i) => {
      ctx.textAlign = "right";
      ctx.fillStyle = r.wentOut === i ? theme.turn : theme.text;
      ctx.fillText(r.wentOut === i ? "0 out" : String(sc), 150 + (i + 1) * colW, y);
    });
  });
  const y = top + 30 + (view.results.length + 1) * 34;
  ctx.textAlign = "left";
  ctx.font = font(16, true);
  ctx.fillStyle = theme.text;
  ctx.fillText("Total", 32, y);
  view.totals.forEach((t, i) => {
    ctx.textAlign = "right";
    ctx.fillStyle = t === best ? theme.lastMove : theme.text;
    ctx.fillText(`${t}${t === best ? " ★" : ""}`, 150 + (i + 1) * colW, y);
  });
  ctx.textAlign = "left";
}

/** The latest move in words, as the table and alt text say it. */
export function onzeLastText(view: Pick<OnzeView, "last" | "round" | "dealer">, names: readonly string[]): string {
  if (!view.last.length) return `${names[view.dealer] ?? "?"} dealt round ${view.round}.`;
  return view.last
    .map((l) => {
      const who = names[l.seat] ?? `Seat ${l.seat + 1}`;
      const cards = l.cards.map(cardName).join(" ");
      switch (l.kind) {
        case "draw": return `${who} drew from the stock`;
        case "take": return `${who} took ${cards} from the discard pile`;
        case "down": return `${who} went down: ${cards}`;
        case "layoff": return `${who} laid off ${cards}`;
        case "swap": return `${who} swapped ${l.cards[0] !== undefined ? cardName(l.cards[0]) : "?"} for a wild and laid it off`;
        case "discard": return l.wentOut ? `${who} went out with a face-down discard` : `${who} discarded ${cards}`;
        case "claim": return `${who} asked to buy ${cards}`;
        case "unclaim": return `${who} withdrew their request`;
        case "bought": return `${who} bought ${cards} (and a penalty card)`;
        default: return `${who} moved`;
      }
    })
    .join("; ") + ".";
}

/** Alt text of the table picture: everything it shows, in words. */
export function describeOnze(view: OnzeView, names: readonly string[]): string {
  const players = names.slice(0, view.seats).map((n, i) => {
    const melds = (view.melds[i] ?? []).map((m) => `${meldWords(m)} (${m.cards.map((c) => faceWords(faceOf(c))).join(", ")})`).join("; ");
    return `${n}: ${view.handSizes[i]} cards, total ${view.totals[i]}${view.down[i] ? `, down with ${melds}` : ""}`;
  });
  const top = view.discardTop === null ? (view.discardCount ? "a face-down card" : "empty") : faceWords(faceOf(view.discardTop));
  const sale = view.forSale !== null ? ` ${faceWords(faceOf(view.forSale))} is for sale${view.claims.length ? `, asked for by ${view.claims.map((s) => names[s]).join(", ")}` : ""}.` : "";
  return `Onze round ${view.round} of 7, contract ${contractText(view.round)}. ${onzeStatus(view, names).replace("▶ ", "")}. Stock ${view.stockCount}, discard pile top: ${top}.${sale} ${players.join(". ")}.`.slice(0, 1024);
}

/** The private hand: cards sorted by suit and rank (wilds last), marked, with a title and a line of help. */
export async function renderOnzeHand(hand: readonly Card[], title: string, help: string, theme: Theme = DEFAULT_THEME): Promise<Buffer> {
  ensureFonts();
  const w = 70;
  const per = 9;
  const rows = Math.max(1, Math.ceil(hand.length / per));
  const width = 24 * 2 + per * (w + 8);
  const height = 84 + rows * (w * 1.4 + 30);
  const canvas = createCanvas(width, Math.round(height));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = theme.panel;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = theme.text;
  ctx.font = font(20, true);
  ctx.fillText(fitText(ctx, title, width - 48), 24, 32);
  ctx.font = font(15);
  ctx.fillStyle = theme.textDim;
  ctx.fillText(fitText(ctx, help, width - 48), 24, 58);
  hand.forEach((c, i) => {
    const x = 24 + (i % per) * (w + 8);
    const y = 76 + Math.floor(i / per) * (w * 1.4 + 30);
    drawPlayingCard(ctx, c, x, y, w);
    ctx.fillStyle = theme.text;
    ctx.font = font(13, true);
    ctx.textAlign = "center";
    ctx.fillText(cardName(c), x + w / 2, y + w * 1.4 + 18);
    ctx.textAlign = "left";
  });
  return canvas.encode("png");
}
