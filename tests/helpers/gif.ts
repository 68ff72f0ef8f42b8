/** Test helper: an animated GIF decoded (gifuct-js) and its frames composited in order, as a viewer shows them. */
import { decompressFrames, parseGIF } from "gifuct-js";

/** A decoded animation: its screen size, each frame's delay (ms) and frame count. */
export interface ShownGif {
  readonly w: number;
  readonly h: number;
  readonly delays: number[];
  readonly count: number;
  /** The RGBA of the last frame as shown (every frame's opaque pixels laid over the ones before). */
  readonly last: Uint8ClampedArray;
}

/** Decodes `gif`, calling `each` with the picture shown after every frame (a buffer reused between calls). */
export function showGif(gif: Uint8Array, each?: (rgba: Uint8ClampedArray, index: number) => void): ShownGif {
  const parsed = parseGIF(new Uint8Array(gif).buffer);
  const frames = decompressFrames(parsed, true);
  const w = parsed.lsd.width;
  const h = parsed.lsd.height;
  const data = new Uint8ClampedArray(w * h * 4);
  for (const [i, f] of frames.entries()) {
    for (let y = 0; y < f.dims.height; y++) {
      for (let x = 0; x < f.dims.width; x++) {
        const s = (y * f.dims.width + x) * 4;
        if (f.patch[s + 3] === 0) continue;
        data.set(f.patch.subarray(s, s + 4), ((y + f.dims.top) * w + x + f.dims.left) * 4);
      }
    }
    each?.(data, i);
  }
  return { w, h, delays: frames.map((f) => f.delay), count: frames.length, last: data };
}

/** The share of pixels (0 to 1) of two RGBA pictures of one size whose colours differ by more than `by` (sum over r, g, b). */
export function farPixels(a: Uint8ClampedArray, b: Uint8ClampedArray, by = 48): number {
  let far = 0;
  for (let i = 0; i < a.length; i += 4) {
    const d = Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
    if (d > by) far++;
  }
  return far / (a.length / 4);
}
