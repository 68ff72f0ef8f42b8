/**
 * Small round badges on player rows: a team letter on its colour, D for the dealer (as a
 * dealer button), "out". Text 14 px bold, like all small type.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { font } from "./fonts.ts";

/** The width of the badge `text` makes (px), as `drawBadge` draws it. */
export function badgeWidth(ctx: SKRSContext2D, text: string): number {
  ctx.save();
  ctx.font = font(14, true);
  const w = Math.max(18, ctx.measureText(text).width + 8);
  ctx.restore();
  return w;
}

/**
 * Draws a badge whose right edge is at `right`, vertically centred on `midY`; returns the x of
 * its left edge (px).
 */
export function drawBadge(ctx: SKRSContext2D, text: string, right: number, midY: number, fill: string, ink: string): number {
  const w = badgeWidth(ctx, text);
  const x = right - w;
  ctx.save();
  ctx.font = font(14, true);
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.roundRect(x, midY - 9.5, w, 19, 9);
  ctx.fill();
  ctx.fillStyle = ink;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x + w / 2, midY);
  ctx.restore();
  return x;
}
