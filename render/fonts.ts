/**
 * Fonts ship with the repo (render/assets/fonts, DejaVu Sans, Bitstream Vera licence in
 * LICENSE-DejaVu.txt) and are registered once per process; system fonts are never used, so
 * pictures look the same on every machine.
 */
import { createCanvas, GlobalFonts, type SKRSContext2D } from "@napi-rs/canvas";
import { fileURLToPath } from "node:url";

/** The family name every scene uses. */
export const FONT_FAMILY = "OnexenoSans";

let registered = false;

/** Registers the bundled fonts (idempotent). Throws if a font file is missing: a bug. */
export function ensureFonts(): void {
  if (registered) return;
  for (const file of ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]) {
    const path = fileURLToPath(new URL(`./assets/fonts/${file}`, import.meta.url));
    if (GlobalFonts.registerFromPath(path, FONT_FAMILY) === null) throw new Error(`font not loaded: ${path}`);
  }
  registered = true;
}

/**
 * Width at which Discord shows an attached picture in a desktop client (px); wider pictures
 * are scaled down to it, narrower ones shown as they are (phones show about 350 px).
 */
export const PREVIEW_WIDTH = 550;
/** Width of every table picture (px): near the preview, so type is scaled little. */
export const PICTURE_WIDTH = 640;
/**
 * Smallest type any picture uses (px on the canvas). At PICTURE_WIDTH shown at PREVIEW_WIDTH
 * it reads 12 px: names, scores and coordinates need 11, card values 12 (issue 14).
 */
export const MIN_FONT_PX = 14;

/**
 * A CSS font string in the bundled family, e.g. `font(14, true)` -> `bold 14px OnexenoSans`.
 * Throws RangeError below MIN_FONT_PX: no picture may carry type too small to read.
 */
export function font(px: number, bold = false): string {
  if (!(px >= MIN_FONT_PX)) throw new RangeError(`font: ${px}px is below the ${MIN_FONT_PX}px minimum`);
  return `${bold ? "bold " : ""}${px}px ${FONT_FAMILY}`;
}

/**
 * `text` cut with an ellipsis to fit `max` px in the context's current font. Names are
 * shortened here, by the renderer, never cut off by a panel's edge.
 */
export function fitText(ctx: SKRSContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(`${t}…`).width > max) t = t.slice(0, -1);
  return `${t}…`;
}

/**
 * A player's name cut to `max` px: first without a trailing parenthesis (`Computer 1 (normal)`
 * becomes `Computer 1`, which still tells the computers apart), then with an ellipsis.
 */
export function shortName(ctx: SKRSContext2D, name: string, max: number): string {
  if (ctx.measureText(name).width <= max) return name;
  return fitText(ctx, bareName(name), max);
}

/** A player's name without its trailing "(…)" (a computer's level, a "(left)"), as `shortName` drops it. */
export const bareName = (name: string) => name.replace(/\s*\([^)]*\)$/, "");

/**
 * A seat's name fitted to `max` px in the context's font (`shortName`), and what fitting it
 * dropped: the words of its trailing "(…)" (a computer's level such as "expert", a "left"), for
 * the caller to show on another line of the seat, or null when nothing was dropped. A seat keeps
 * its level in every picture (issue 66).
 */
export function seatName(ctx: SKRSContext2D, name: string, max: number): { readonly text: string; readonly dropped: string | null } {
  const text = shortName(ctx, name, max);
  if (text === name) return { text, dropped: null };
  const mark = /\(([^)]*)\)$/.exec(name)?.[1] ?? null;
  return { text, dropped: mark };
}

/**
 * A line that names players, fitted to `max` px: `line(false)` as it is when it fits, else
 * `line(true)` (the caller writes its names bare, see `bareName`), cut with an ellipsis only
 * if even that is too wide. "Won by Computer 1 (normal)" becomes "Won by Computer 1", not
 * "Won by Computer 1 (norm…".
 */
export function fitNames(ctx: SKRSContext2D, line: (bare: boolean) => string, max: number): string {
  const full = line(false);
  return ctx.measureText(full).width <= max ? full : fitText(ctx, line(true), max);
}

/**
 * `words` (kept whole: names with their scores, or single words) laid on lines of at most
 * `width` px, joined by `sep`, on at most `max` lines; what does not fit ends the last line
 * with an ellipsis.
 */
export function wrapWords(ctx: SKRSContext2D, words: readonly string[], sep: string, width: number, max: number): string[] {
  const lines: string[] = [];
  for (const w of words) {
    const last = lines.at(-1);
    if (last !== undefined && ctx.measureText(`${last}${sep}${w}`).width <= width) lines[lines.length - 1] = `${last}${sep}${w}`;
    else lines.push(w);
  }
  const kept = lines.slice(0, Math.max(1, max));
  return kept.map((l, i) => fitText(ctx, i === kept.length - 1 && lines.length > kept.length ? `${l}${sep.trim()} …` : l, width));
}

/**
 * Splits `text` at its ` · ` breaks into at most `max` lines of at most `width` px; a part wider
 * than a line on its own is broken at its spaces. What does not fit in `max` lines ends the last
 * one with an ellipsis.
 */
export function wrapParts(ctx: SKRSContext2D, text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  const place = (piece: string, sep: string) => {
    const joined = line ? `${line}${sep}${piece}` : piece;
    if (ctx.measureText(joined).width <= width || !line) line = joined;
    else {
      lines.push(line);
      line = piece;
    }
  };
  for (const part of text.split(" · ")) {
    if (ctx.measureText(part).width <= width) place(part, " · ");
    else part.split(" ").forEach((word, i) => place(word, i === 0 ? " · " : " "));
  }
  if (line) lines.push(line);
  return lines.slice(0, max).map((l, i, all) => fitText(ctx, i === all.length - 1 && lines.length > max ? `${l}…` : l, width));
}

/** A context for measuring text only (nothing is drawn), with the regular font at `px` set. */
export function measureOnly(px: number): SKRSContext2D {
  ensureFonts();
  const ctx = createCanvas(1, 1).getContext("2d");
  ctx.font = font(px);
  return ctx;
}
