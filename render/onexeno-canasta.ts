/**
 * The public canasta table: for every player their open rows (cards as they lie, with each
 * row's sum), XENO count, hand size and running total; the face-up pile's top cards, the
 * stack size, whose turn and what they owe. Drawn from a spectator view only.
 */
import { createCanvas } from "@napi-rs/canvas";
import { rotatePattern } from "../src/games/onexeno/cards";
import { idOf, rowSum, type CanastaView, type Row } from "../src/games/onexeno/canasta";
import { drawCard } from "./card";
import { drawClockMark } from "./clock";
import { ensureFonts, fitText, font } from "./fonts";
import { DEFAULT_THEME, type Theme } from "./theme";

export const CANASTA_WIDTH = 1000;
const HEADER = 150;
const BLOCK = 112;

/** Picture height for a number of seats. */
export function canastaHeight(seats: number): number {
  return HEADER + seats * BLOCK + 16;
}

/** Card size and per-row widths so all of a player's rows fit on one line (pure layout). */
export function rowsLayout(rows: readonly Row[], width: number): { size: number; gap: number } {
  const cards = rows.reduce((n, r) => n + r.length, 0);
  const gaps = Math.max(0, rows.length - 1);
  for (const size of [44, 38, 32, 26, 20, 16]) {
    if (cards * (size + 2) + gaps * 18 <= width) return { size, gap: 18 };
  }
  return { size: 14, gap: 8 };
}

/**
 * Renders the public canasta table. `names[i]` is seat i's display name; `clock`, when given,
 * is drawn with a clock face in the block of the seat to move (e.g. `until 14:05 UTC`).
 */
export async function renderCanastaTable(view: CanastaView, names: readonly string[], theme: Theme = DEFAULT_THEME, clock?: string): Promise<Buffer> {
  ensureFonts();
  const height = canastaHeight(view.seats);
  const canvas = createCanvas(CANASTA_WIDTH, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = theme.felt;
  ctx.fillRect(0, 0, CANASTA_WIDTH, height);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = theme.text;
  ctx.font = font(26, true);
  ctx.fillText("ONEXENO canasta", 24, 40);
  ctx.font = font(15);
  ctx.fillStyle = theme.textDim;
  ctx.fillText(`Hand ${view.hand} · first past ${view.target} wins · ${view.decks === 2 ? "two decks" : "one deck"}${view.rowRule === "five-to-seven" ? " · rows of 5 to 7 cards" : ""}`, 24, 64);
  ctx.fillStyle = view.phase === "over" ? theme.text : theme.turn;
  ctx.font = font(18, true);
  const who = names[view.turn] ?? "?";
  const best = Math.max(...view.totals);
  const winners = view.totals.flatMap((t, i) => (t === best ? [names[i] ?? `Seat ${i + 1}`] : []));
  const status =
    view.phase === "over"
      ? `Session over · ${winners.join(" & ")} win${winners.length === 1 ? "s" : ""} with ${best}`
      : view.phase === "draw"
        ? `▶ ${who} to draw: the stack, or cards from the face-up pile`
        : `▶ ${who} is melding${view.mustMeld !== null ? " (owes the card taken from the pile)" : ""}, then discards`;
  ctx.fillText(fitText(ctx, status, 600), 24, 100); // clear of the face-up pile at x = 640
  const res = view.results.at(-1);
  if (res) {
    ctx.font = font(14);
    ctx.fillStyle = theme.textDim;
    const line = `Hand ${res.hand}${res.wentOut !== null ? ` (${names[res.wentOut] ?? "?"} went out)` : " (stack ran out)"}: ${res.scores.map((x, i) => `${names[i] ?? i + 1} ${x >= 0 ? "+" : ""}${x}`).join(", ")}`;
    ctx.fillText(line.length > 80 ? `${line.slice(0, 79)}…` : line, 24, 126);
  }

  // stack and face-up pile
  ctx.fillStyle = theme.text;
  ctx.font = font(15);
  ctx.fillText(`Stack ${view.stackCount}`, 640, 40);
  ctx.fillText(`Face-up pile ${view.pile.length}${view.pile.length ? " (top last)" : ""}`, 640, 64);
  const top = view.pile.slice(-6);
  top.forEach((c, i) => drawCard(ctx, rotatePattern(idOf(c), 0), 640 + i * 50, 76, 46, theme));
  if (top.length) {
    ctx.strokeStyle = theme.lastMove;
    ctx.lineWidth = 3;
    ctx.strokeRect(640 + (top.length - 1) * 50 - 2, 74, 50, 50);
  }

  for (let s = 0; s < view.seats; s++) {
    const y = HEADER + s * BLOCK;
    ctx.fillStyle = s === view.turn && view.phase !== "over" ? "rgba(90,209,122,0.14)" : theme.panel;
    ctx.fillRect(16, y, CANASTA_WIDTH - 32, BLOCK - 8);
    ctx.fillStyle = theme.text;
    ctx.font = font(17, true);
    ctx.fillText(`${s + 1}. ${(names[s] ?? `Seat ${s + 1}`).slice(0, 22)}${s === view.dealer ? " (dealer)" : ""}`, 28, y + 24);
    ctx.font = font(14);
    ctx.fillStyle = theme.textDim;
    const xenos = view.xenos[s]?.length ?? 0;
    const n = view.handSizes[s] ?? 0;
    ctx.fillText(`${n} card${n === 1 ? "" : "s"} in hand · total ${view.totals[s]}`, 28, y + 46);
    ctx.fillStyle = xenos ? theme.lastMove : theme.textDim;
    ctx.font = font(15, true);
    ctx.fillText(`XENO × ${xenos}${xenos ? ` · ${xenos * 20} + ${xenos * 10} bonus` : ""}`, 28, y + 70);
    if (clock && s === view.turn && view.phase !== "over") drawClockMark(ctx, clock, 236, y + 94, 15, theme.turn);
    const rows = view.rows[s] ?? [];
    const area = CANASTA_WIDTH - 32 - 240;
    const { size, gap } = rowsLayout(rows, area);
    let x = 250;
    ctx.font = font(12);
    for (const row of rows) {
      row.forEach((rc, i) => drawCard(ctx, rotatePattern(idOf(rc.card), rc.rot), x + i * (size + 2), y + 14, size, theme));
      ctx.fillStyle = theme.text;
      ctx.fillText(`= ${rowSum(row)}`, x, y + 14 + size + 16);
      x += row.length * (size + 2) + gap;
    }
    if (rows.length === 0) {
      ctx.fillStyle = theme.textDim;
      ctx.fillText("no open rows", 250, y + 40);
    }
  }
  return canvas.encode("png");
}

/** Alt text: turn, pile top, stack, and per player rows (sums), XENOs, hand sizes, totals. */
export function describeCanasta(view: CanastaView, names: readonly string[]): string {
  const players = names.slice(0, view.seats).map((n, i) => {
    const rows = (view.rows[i] ?? []).map((r) => rowSum(r)).join("/") || "none";
    const c = view.handSizes[i] ?? 0;
    return `${n}: ${c} card${c === 1 ? "" : "s"} in hand, rows ${rows}, ${view.xenos[i]?.length ?? 0} XENO, total ${view.totals[i]}`;
  });
  const head = view.phase === "over" ? "ONEXENO canasta, session over." : `ONEXENO canasta, hand ${view.hand}. ${names[view.turn]} to ${view.phase === "draw" ? "draw" : "meld and discard"}.`;
  const text = `${head} Stack ${view.stackCount}, face-up pile ${view.pile.length}. ${players.join("; ")}.`;
  return text.length > 1024 ? `${text.slice(0, 1021)}...` : text;
}
