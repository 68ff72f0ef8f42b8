/**
 * Canvases for scenes. A picture thread draws one scene at a time and encodes it at once, so
 * it can draw every picture of one size on the same canvas (`encodeJob` turns that on):
 * allocating and first touching a fresh 1 MB pixel buffer costs more than drawing some scenes.
 * Elsewhere (tests, the bench's plain path) every call gets a new canvas, since callers may
 * keep it.
 */
import { createCanvas, type Canvas } from "@napi-rs/canvas";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let reusing = false;
const spare = new Map<string, Canvas>();

/** A canvas of `width` x `height` px with a fresh context state (cleared, no transform). */
export function sceneCanvas(width: number, height: number): Canvas {
  if (!reusing) return createCanvas(width, height);
  const key = `${width}x${height}`;
  const hit = spare.get(key);
  if (hit) {
    hit.getContext("2d").reset();
    return hit;
  }
  const c = createCanvas(width, height);
  if (spare.size >= 16) spare.clear(); // hand sizes vary; keep the set small
  spare.set(key, c);
  return c;
}

/**
 * Runs `f` (draw a scene and encode it, synchronously) letting scenes reuse canvases of their
 * size. The canvas `f` draws on is only valid until the next reusing call returns.
 */
export function reusingCanvases<T>(f: () => T): T {
  reusing = true;
  try {
    return f();
  } finally {
    reusing = false;
  }
}

/** Bytes of pixels read (`readPixels`) after which `pixelsReturned` first collects V8's young generation. */
const COLLECT_AFTER_BYTES = 8 * 2 ** 20;
let readSinceCollect = 0;

/**
 * The canvas's pixels, RGBA, 4 bytes a pixel, row-major (`canvas.data()`): a fresh Buffer of
 * `width * height * 4` bytes that @napi-rs/canvas allocates outside V8's heap. Counted, so that
 * `collectReadPixels` knows when dead reads are waiting (see `pixelsReturned`).
 */
export function readPixels(canvas: Canvas): Buffer {
  const pixels = canvas.data();
  readSinceCollect += pixels.length;
  return pixels;
}

/** V8's collector, called with `{ type: "minor" }` (a scavenge of the young generation). */
type Collector = (options: { type: "minor" }) => void;
let collector: Collector | null = null;
let exposed = false;

/**
 * Sets V8's `--expose-gc` flag, once a process (Node's `v8.setFlagsFromString`): every context
 * made after it has a global `gc`, a picture thread's included, so no process needs the flag on
 * its command line. The picture pool calls it on the main thread before it starts a thread, so
 * that no picture thread writes V8's process-wide flags while others run. (The `expose-gc`
 * package does the same for the calling thread.)
 */
export function exposeCollector(): void {
  if (exposed) return;
  exposed = true;
  setFlagsFromString("--expose-gc");
}

/** This thread's `gc`: its global one, or else one from a new context after `exposeCollector`. */
function youngCollector(): Collector {
  collector ??= (globalThis as { gc?: Collector }).gc ?? (exposeCollector(), runInNewContext("gc") as Collector);
  return collector;
}

/**
 * Has V8 collect its young generation (a scavenge: 0.1-0.3 ms in a picture thread) once at least
 * `afterBytes` of pixels have been read since it last did; nothing otherwise. Returns whether it
 * collected.
 */
export function collectReadPixels(afterBytes = COLLECT_AFTER_BYTES): boolean {
  if (readSinceCollect === 0 || readSinceCollect < afterBytes) return false;
  readSinceCollect = 0;
  youngCollector()({ type: "minor" });
  return true;
}

/**
 * Resolves at the event loop's next check phase, after the callbacks already queued there: every
 * picture awaits it first so that the pixels read for the pictures before are given back. When 8
 * MiB of pixels have been read since the last collection it first has V8 collect its young
 * generation, where the dead reads are (a picture thread does that after every picture, while it
 * waits for the next: `render/picture-tasks.ts`).
 *
 * Why: `canvas.data()` returns a fresh Buffer a read (1.25 MB at 640x490), allocated by
 * @napi-rs/canvas's allocator (mimalloc) and freed by a finalizer that Node runs from the event
 * loop once V8 has collected the Buffer.
 * - Pictures made back to back without turning the loop (a loop of inline pictures; a piscina
 *   thread in its default "sync" mode) kept every read alive: each read landed on fresh pages the
 *   kernel had to zero (6 ms instead of 0.1 ms, the "slow mode" once blamed on Skia) and a
 *   process drawing hands grew to 1.9 GB. Awaiting a turn of the loop fixed that.
 * - But a picture thread allocates little on V8's own heap, so its young generation seldom
 *   fills and V8 seldom collects: dead reads piled up between collections, and every other read
 *   was still slow for streaks of 20-40 pictures (measured inside a picture thread: 23-25 of 200
 *   hand reads at 6 ms), and the pile ended in a full (mark-compact) collection every ~45 hand
 *   pictures, 6-10 ms in the middle of one. Collected after every picture, no read of 400 was
 *   slow; in 2,000 inline hand pictures, collected every 8 MiB, 46 full collections became 1 and
 *   the p99 fell from 7.6 to 1.9 ms.
 * Measured by `npm run bench` (the hand rows).
 */
export function pixelsReturned(): Promise<void> {
  collectReadPixels();
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A scene's canvas, `width` x `height` px, painted `background` all over, and its context set
 * for left-aligned text on the alphabetic baseline in `ink`: how most scenes begin.
 */
export function paintedScene(
  width: number,
  height: number,
  background: string,
  ink: string,
): { readonly canvas: Canvas; readonly ctx: ReturnType<Canvas["getContext"]> } {
  const canvas = sceneCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = ink;
  return { canvas, ctx };
}
