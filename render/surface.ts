/**
 * Canvases for scenes. A picture thread draws one scene at a time and encodes it at once, so
 * it can draw every picture of one size on the same canvas (`encodeJob` turns that on):
 * allocating and first touching a fresh 1 MB pixel buffer costs more than drawing some scenes.
 * Elsewhere (tests, the bench's plain path) every call gets a new canvas, since callers may
 * keep it.
 */
import { createCanvas, type Canvas } from "@napi-rs/canvas";

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

/**
 * Resolves at the event loop's next check phase, after the callbacks already queued there: a
 * picture thread awaits it before each picture so that the pixels read for the pictures before
 * are given back first.
 *
 * Why: `canvas.data()` returns a fresh 1.25 MB Buffer a read (640x490), allocated by
 * @napi-rs/canvas's allocator (mimalloc) and freed by a finalizer that Node runs from the event
 * loop once V8 has collected the Buffer. Pictures made back to back without turning the loop (a
 * piscina thread runs queued tasks that way; so does a loop of inline pictures) kept every read
 * alive: each new read landed on pages the kernel had to zero (the read took 6 ms instead of
 * 0.1 ms, the "slow mode" once blamed on Skia) and a process drawing hands grew to 1.9 GB.
 * Measured by `npm run bench` and its "back to back" rows.
 */
export function pixelsReturned(): Promise<void> {
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
