/**
 * The turn-clock mark on table pictures: a small clock face and the time the turn runs out
 * (pictures cannot show relative time, so the message carries Discord's `<t:…:R>` and the
 * picture the time of day). Drawn, not a font glyph: the bundled font has no clock emoji.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { font } from "./fonts.ts";

/**
 * Draws `label` (e.g. `until 14:05 UTC`) right-aligned so that it ends at `right`, with a
 * clock face of the text's height before it; `y` is the text baseline. Returns the x where
 * the mark starts (px).
 */
export function drawClockMark(ctx: SKRSContext2D, label: string, right: number, y: number, px: number, color: string): number {
  const r = px * 0.45;
  const cx = clockMarkLeft(ctx, label, right, px) + r;
  ctx.save();
  ctx.font = font(px, true);
  ctx.fillStyle = color;
  ctx.strokeStyle = color;
  ctx.textAlign = "right";
  ctx.textBaseline = "alphabetic";
  ctx.fillText(label, right, y);
  const cy = y - px * 0.36;
  ctx.lineWidth = Math.max(1.5, px / 9);
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx, cy);
  ctx.lineTo(cx, cy - r * 0.65);
  ctx.moveTo(cx, cy);
  ctx.lineTo(cx + r * 0.5, cy + r * 0.1);
  ctx.stroke();
  ctx.restore();
  return cx - r;
}

/** Where the mark `drawClockMark` draws for `label` at `right` in `px` starts (px), without drawing it: `ctx` only measures. */
export function clockMarkLeft(ctx: SKRSContext2D, label: string, right: number, px: number): number {
  ctx.save();
  ctx.font = font(px, true);
  const width = ctx.measureText(label).width;
  ctx.restore();
  return right - width - 2 * (px * 0.45) - 6;
}
