/**
 * Onze pictures: the public table (round and contract, stock, discard pile and what is for
 * sale, every player's melds grouped by player, hand sizes, who has gone down, totals, whose
 * turn), the final score sheet round by round, and the private hand. Pure `(view, names) ->
 * PNG`; alt text from `describeOnze`.
 */
import type { Canvas, SKRSContext2D } from "@napi-rs/canvas";
import { sceneCanvas } from "./surface";
import { cardName, faceWords, faceOf, SUIT_GLYPHS, type Card } from "../src/games/onze/cards";
import { contractText, type Meld } from "../src/games/onze/melds";
import { handSizeFor, type OnzeView } from "../src/games/onze/game";
import { drawBadge } from "./badge";
import { drawClockMark } from "./clock";
import { ensureFonts, fitText, font, measureOnly, PICTURE_WIDTH, shortName, wrapParts } from "./fonts";
import { drawCardBack, drawPlayingCard } from "./playing-card";
import { DEFAULT_THEME, type Theme } from "./theme";

export const ONZE_WIDTH = PICTURE_WIDTH;
const HEADER = 142;
/** A seat's block: taller once the player has melds down (cards MELD_CARD wide, named below). */
const BLOCK = 68;
const BLOCK_MELDS = 94;
const MELD_X = 196;
const MELD_CARD = 44;
const SHEET_ROW = 24;
const RANK_WORDS = ["", "aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings"];

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

/** A meld in words: `set of 7s`, `run 5♥-8♥`. */
export function meldWords(m: Meld): string {
  if (m.kind === "set") return `set of ${RANK_WORDS[m.rank]}`;
  const r = (k: number) => ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][k];
  return `run ${r(m.low)}${SUIT_GLYPHS[m.suit]}-${r(m.low + m.cards.length - 1)}${SUIT_GLYPHS[m.suit]}`;
}

/** The status line: whose turn and what they do next (`onzeStatusLines` joined). */
export function onzeStatus(view: OnzeView, names: readonly string[]): string {
  const [who, what] = onzeStatusLines(view, names);
  return what ? `${who} ${what}` : who;
}

/**
 * The status as the picture draws it, on two lines so that neither is cut: `▶ name` and what
 * they do next (`to draw: the stock, or the top discard`); once over, one line and "".
 */
export function onzeStatusLines(view: OnzeView, names: readonly string[]): [string, string] {
  const who = names[view.turn] ?? "?";
  if (view.phase === "over") {
    const best = Math.min(...view.totals);
    const winners = view.totals.flatMap((t, i) => (t === best ? [names[i] ?? `Seat ${i + 1}`] : []));
    return [`Game over · ${winners.join(" & ")} win${winners.length === 1 ? "s" : ""} with ${best}`, ""];
  }
  if (view.phase === "draw") return [`▶ ${who}`, "to draw: the stock, or the top discard"];
  return [
    `▶ ${who}`,
    view.down[view.turn] ? (view.downThisTurn ? "went down; discards next" : "lays off, then discards") : "may go down, then discards",
  ];
}

/**
 * Draws one player's melds left to right within `width` px: cards MELD_CARD px wide,
 * overlapping within a meld when space is short (the corner with rank and suit stays
 * visible: the step never falls below 22 px), each meld named below.
 */
function drawMelds(ctx: SKRSContext2D, melds: readonly Meld[], x0: number, y: number, width: number, theme: Theme): void {
  const n = melds.reduce((k, m) => k + m.cards.length, 0);
  if (n === 0) return;
  const gap = 12;
  const w = MELD_CARD;
  const step =
    n === melds.length ? w + 2 : Math.max(22, Math.min(w + 2, (width - gap * (melds.length - 1) - w * melds.length) / (n - melds.length)));
  let x = x0;
  for (const m of melds) {
    m.cards.forEach((c, i) => drawPlayingCard(ctx, c, x + i * step, y, w));
    const span = (m.cards.length - 1) * step + w;
    ctx.fillStyle = theme.textDim;
    ctx.font = font(14);
    ctx.textAlign = "left";
    ctx.textBaseline = "alphabetic";
    ctx.fillText(fitText(ctx, meldWords(m), span + gap - 2), x, y + Math.round(w * 1.4) + 16);
    x += span + gap;
  }
}

/**
 * Draws the public Onze table and returns its canvas. `names[i]` is seat i's display name;
 * `clock`, when given, is drawn under the status line (e.g. `until 14:05 UTC`).
 */
export function drawOnzeTable(view: OnzeView, names: readonly string[], theme: Theme = DEFAULT_THEME, clock?: string): Canvas {
  ensureFonts();
  const W = ONZE_WIDTH;
  const height = onzeHeight(view);
  const canvas = sceneCanvas(W, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = theme.felt;
  ctx.fillRect(0, 0, W, height);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  const over = view.phase === "over";
  const left = over ? W - 24 : 364; // the header's text stops short of the stock and discard pile (not drawn once over)
  ctx.fillStyle = theme.text;
  ctx.font = font(20, true);
  ctx.fillText(`Onze · Round ${view.round} of 7`, 12, 26);
  ctx.font = font(16, true);
  ctx.fillStyle = theme.lastMove;
  ctx.fillText(fitText(ctx, `Contract: ${contractText(view.round)}`, left), 12, 48);
  ctx.font = font(14);
  ctx.fillStyle = theme.textDim;
  ctx.fillText(fitText(ctx, `${handSizeFor(view.round)} cards · sets 3+, runs 4+ · wild: jokers, red aces`, left), 12, 68);
  const [who, what] = onzeStatusLines(view, names);
  ctx.font = font(15, true);
  ctx.fillStyle = view.phase === "over" ? theme.text : theme.turn;
  ctx.fillText(shortName(ctx, who, left), 12, 92);
  ctx.font = font(14);
  ctx.fillText(fitText(ctx, what, left), 26, 111);
  if (clock && view.phase !== "over") drawClockMark(ctx, clock, 200, 131, 14, theme.turn);

  if (over) {
    drawScoreSheet(ctx, view, names, theme);
    return canvas;
  }
  // Stock and discard pile.
  const px = 382;
  ctx.font = font(14, true);
  ctx.fillStyle = theme.text;
  ctx.fillText(`Stock ${view.stockCount}`, px, 18);
  if (view.stockCount > 0) drawCardBack(ctx, px, 26, 54);
  ctx.fillText(`Discard ${view.discardCount}`, px + 76, 18);
  if (view.discardCount > 0) {
    if (view.discardTop === null) drawCardBack(ctx, px + 76, 26, 54);
    else drawPlayingCard(ctx, view.discardTop, px + 76, 26, 54);
  }
  const note = px + 142;
  const noteW = W - 8 - note;
  if (view.forSale !== null) {
    ctx.strokeStyle = theme.lastMove;
    ctx.lineWidth = 3;
    ctx.strokeRect(px + 73, 23, 60, 82);
    ctx.fillStyle = theme.lastMove;
    ctx.font = font(14, true);
    const who = view.claims.map((s) => names[s] ?? "?");
    ctx.fillText("For sale:", note, 40);
    ctx.fillText(cardName(view.forSale), note, 58);
    ctx.font = font(14);
    ctx.fillText(fitText(ctx, who.length ? `asked: ${who.join(", ")}` : "nobody asked", noteW), note, 78);
  } else if (view.discardTop === null && view.discardCount > 0) {
    ctx.fillStyle = theme.textDim;
    ctx.font = font(14);
    ctx.fillText("face down:", note, 40);
    ctx.fillText("went out", note, 58);
  }

  const tops = blockTops(view);
  for (let s = 0; s < view.seats; s++) {
    const y = tops[s]!;
    const h = tops[s + 1]! - y;
    ctx.fillStyle = s === view.turn ? "rgba(90,209,122,0.16)" : theme.panel;
    ctx.fillRect(6, y, W - 12, h - 6);
    ctx.textAlign = "left";
    ctx.fillStyle = theme.text;
    // The dealer's D badge ends the name line; a long name takes a smaller font, then is shortened.
    const nameRight = s === view.dealer ? drawBadge(ctx, "D", MELD_X - 14, y + 15, theme.white, theme.black) - 6 : MELD_X - 14;
    const name = `${s + 1}. ${names[s] ?? `Seat ${s + 1}`}`;
    ctx.font = font(16, true);
    if (ctx.measureText(name).width > nameRight - 14) ctx.font = font(14, true);
    ctx.fillText(shortName(ctx, name, nameRight - 14), 14, y + 20);
    ctx.font = font(14);
    const n = view.handSizes[s] ?? 0;
    ctx.fillText(`${n} in hand`, 14, y + 40);
    ctx.fillStyle = theme.textDim;
    ctx.fillText(`total ${view.totals[s] ?? 0}`, 14, y + 58);
    if (view.down[s]) {
      ctx.fillStyle = theme.turn;
      ctx.font = font(14, true);
      ctx.fillText("✔ down", 96, y + 40);
    }
    const melds = view.melds[s] ?? [];
    if (melds.length) drawMelds(ctx, melds, MELD_X, y + 6, W - 12 - MELD_X, theme);
    else {
      ctx.fillStyle = theme.textDim;
      ctx.font = font(14);
      ctx.fillText("not down yet", MELD_X, y + 40);
    }
  }
  ctx.fillStyle = theme.text;
  ctx.font = font(15);
  ctx.fillText(fitText(ctx, `Last: ${onzeLastText(view, names)}`, W - 24), 12, tops.at(-1)! + 20);
  return canvas;
}

function drawScoreSheet(ctx: SKRSContext2D, view: OnzeView, names: readonly string[], theme: Theme): void {
  const W = ONZE_WIDTH;
  const top = HEADER;
  const firstCol = 150;
  const colW = Math.min(120, (W - 20 - firstCol) / view.seats);
  const colX = (i: number) => firstCol + (i + 1) * colW;
  ctx.fillStyle = theme.panel;
  ctx.fillRect(6, top, W - 12, (view.results.length + 2) * SHEET_ROW + 26);
  ctx.font = font(14, true);
  ctx.fillStyle = theme.text;
  ctx.textAlign = "left";
  ctx.fillText("Round", 14, top + 22);
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
    ctx.fillText(fitText(ctx, `${r.round}: ${contractText(r.round)}`, firstCol - 14), 14, y);
    r.scores.forEach((sc, i) => {
      ctx.textAlign = "right";
      ctx.fillStyle = r.wentOut === i ? theme.turn : theme.text;
      ctx.fillText(r.wentOut === i ? "0 out" : String(sc), colX(i), y);
    });
  });
  const y = top + 22 + (view.results.length + 1) * SHEET_ROW;
  ctx.textAlign = "left";
  ctx.font = font(15, true);
  ctx.fillStyle = theme.text;
  ctx.fillText("Total", 14, y);
  view.totals.forEach((t, i) => {
    ctx.textAlign = "right";
    ctx.fillStyle = t === best ? theme.lastMove : theme.text;
    ctx.fillText(`${t}${t === best ? " ★" : ""}`, colX(i), y);
  });
  ctx.textAlign = "left";
}

/** The latest move in words, as the table and alt text say it. */
export function onzeLastText(view: Pick<OnzeView, "last" | "round" | "dealer">, names: readonly string[]): string {
  if (!view.last.length) return `${names[view.dealer] ?? "?"} dealt round ${view.round}.`;
  return (
    view.last
      .map((l) => {
        const who = names[l.seat] ?? `Seat ${l.seat + 1}`;
        const cards = l.cards.map(cardName).join(" ");
        switch (l.kind) {
          case "draw":
            return `${who} drew from the stock`;
          case "take":
            return `${who} took ${cards} from the discard pile`;
          case "down":
            return `${who} went down: ${cards}`;
          case "layoff":
            return `${who} laid off ${cards}`;
          case "swap":
            return `${who} swapped ${l.cards[0] !== undefined ? cardName(l.cards[0]) : "?"} for a wild and laid it off`;
          case "discard":
            return l.wentOut ? `${who} went out with a face-down discard` : `${who} discarded ${cards}`;
          case "claim":
            return `${who} asked to buy ${cards}`;
          case "unclaim":
            return `${who} withdrew their request`;
          case "bought":
            return `${who} bought ${cards} (and a penalty card)`;
          default:
            return `${who} moved`;
        }
      })
      .join("; ") + "."
  );
}

/** Alt text of the table picture: everything it shows, in words. */
export function describeOnze(view: OnzeView, names: readonly string[]): string {
  const players = names.slice(0, view.seats).map((n, i) => {
    const melds = (view.melds[i] ?? []).map((m) => `${meldWords(m)} (${m.cards.map((c) => faceWords(faceOf(c))).join(", ")})`).join("; ");
    return `${n}: ${view.handSizes[i]} cards, total ${view.totals[i]}${view.down[i] ? `, down with ${melds}` : ""}`;
  });
  const top = view.discardTop === null ? (view.discardCount ? "a face-down card" : "empty") : faceWords(faceOf(view.discardTop));
  const sale =
    view.forSale !== null
      ? ` ${faceWords(faceOf(view.forSale))} is for sale${view.claims.length ? `, asked for by ${view.claims.map((s) => names[s]).join(", ")}` : ""}.`
      : "";
  return `Onze round ${view.round} of 7, contract ${contractText(view.round)}. ${onzeStatus(view, names).replace("▶ ", "")}. Stock ${view.stockCount}, discard pile top: ${top}.${sale} ${players.join(". ")}.`.slice(
    0,
    1024,
  );
}

/** Hand picture sizes (px): eight cards a row, within Discord's 550 px preview. */
const HAND_CARD = 56;
const HAND_PER_ROW = 8;

/**
 * Draws the private hand and returns its canvas: cards in the given order, each named below;
 * the help wrapped over up to three lines; `fresh` cards (just drawn or bought) outlined and
 * marked "new".
 */
export function drawOnzeHand(
  hand: readonly Card[],
  title: string,
  help: string,
  fresh: readonly Card[] = [],
  theme: Theme = DEFAULT_THEME,
): Canvas {
  ensureFonts();
  const w = HAND_CARD;
  const per = HAND_PER_ROW;
  const slot = w + 8;
  const rowH = Math.round(w * 1.4) + 26;
  const rows = Math.max(1, Math.ceil(hand.length / per));
  const width = 12 * 2 + per * slot - 8;
  const helpLines = wrapParts(measureOnly(14), help, width - 24, 3);
  const top = 40 + helpLines.length * 18;
  const height = top + 6 + rows * rowH;
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
    const x = 12 + (i % per) * slot;
    const y = top + 12 + Math.floor(i / per) * rowH;
    drawPlayingCard(ctx, c, x, y, w);
    const isNew = marked.indexOf(c);
    if (isNew >= 0) {
      marked.splice(isNew, 1);
      ctx.strokeStyle = theme.lastMove;
      ctx.lineWidth = 3;
      ctx.strokeRect(x - 2, y - 2, w + 4, Math.round(w * 1.4) + 4);
    }
    ctx.fillStyle = isNew >= 0 ? theme.lastMove : theme.text;
    ctx.font = font(14, true);
    ctx.textAlign = "center";
    ctx.fillText(isNew >= 0 ? `${cardName(c)} new` : cardName(c), x + w / 2, y + Math.round(w * 1.4) + 17);
    ctx.textAlign = "left";
  });
  return canvas;
}
