/**
 * The machine's speed as a bench runs: a fixed piece of work that none of the project's code
 * takes part in, timed in the same run as the figures it stands beside, so that a busy hour can be
 * told from a change. This machine (a VM on a shared host) drifts by 1.5-2x in speed within an
 * hour, and a picture's median moves with it.
 *
 * The work: a fixed 640x480 scene (a flat fill, 48 outlined rounded boxes, text in two sizes,
 * discs) drawn on a new canvas by Skia through @napi-rs/canvas and encoded by Skia's own PNG encoder
 * (`encodeSync("png")`: zlib and filters). It leans on what a table picture leans on (Skia's
 * raster, text, a deflate over 1.2 MB of pixels, memory traffic), one thread at a time.
 *
 * Only printed, beside the figures: no target is judged on figures scaled by it. Sampled every
 * 20 s beside a full test suite (2026-12-04), the reference and the Onze table picture's median
 * moved unevenly: with the reference at 14.4-15.3 ms the picture read 2.5-3.0 ms; at 18-29 ms,
 * 2.5-3.4; at 40-48 ms, 6.8-6.9. Short pictures are preempted less often than its 15 ms runs.
 */
import { createCanvas } from "@napi-rs/canvas";

/**
 * The reference's median (ms) on this machine on a quiet hour: the floor of its readings on the
 * evening of 2026-12-04 (14.4-14.8 ms whenever nothing else ran). Only for the printed
 * comparison: no target is scaled by it.
 */
export const QUIET_REFERENCE_MS = 14.5;

const PALETTE = ["#1d5b3b", "#f6f3ea", "#e0493b", "#2b6cb0", "#f2c94c", "#222222", "#8e44ad", "#27ae60"];

/** Draws the reference scene and encodes it; returns the PNG's length in bytes. */
function referenceWork(): number {
  const canvas = createCanvas(640, 480);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = PALETTE[0]!;
  ctx.fillRect(0, 0, 640, 480);
  for (let i = 0; i < 48; i++) {
    const x = 12 + (i % 8) * 78;
    const y = 12 + Math.floor(i / 8) * 76;
    ctx.fillStyle = PALETTE[1 + (i % 7)]!;
    ctx.beginPath();
    ctx.roundRect(x, y, 66, 64, 8);
    ctx.fill();
    ctx.strokeStyle = PALETTE[5]!;
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.fillStyle = PALETTE[(i + 3) % 8]!;
    ctx.font = "bold 18px sans-serif";
    ctx.fillText(`${(i * 7) % 13}`, x + 8, y + 24);
    ctx.font = "14px sans-serif";
    ctx.fillText(`seat ${i % 6}`, x + 8, y + 52);
    ctx.beginPath();
    ctx.arc(x + 50, y + 18, 9, 0, Math.PI * 2);
    ctx.fill();
  }
  return canvas.encodeSync("png").length;
}

/**
 * Times the reference work `runs` times (after two unmeasured runs) and returns the median (ms).
 * About 15 ms a run on this machine: the default costs a quarter of a second.
 */
export function referenceMs(runs = 15): number {
  referenceWork();
  referenceWork();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    referenceWork();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

/**
 * A line for a bench's output: the reference before and after the run (ms), and the machine's
 * slowdown against its quiet reading (their mean over `QUIET_REFERENCE_MS`).
 */
export function referenceLine(before: number, after: number): string {
  const slower = (before + after) / 2 / QUIET_REFERENCE_MS;
  return (
    `machine reference (bench/reference.ts): ${before.toFixed(1)} ms before, ${after.toFixed(1)} ms after, ` +
    `${QUIET_REFERENCE_MS.toFixed(1)} ms on a quiet hour: the machine ran at ${slower.toFixed(2)}x that hour's time`
  );
}
