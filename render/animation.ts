/**
 * Animated pictures of a whole game: one frame per position, each drawn by the game's own
 * table scene (`drawJob`), written as an animated GIF89a, which Discord animates in a channel.
 *
 * Encoder: gifenc 1.0.3 (a well-kept JS GIF writer). @napi-rs/canvas's own `GifEncoder` was
 * measured first: it quantises every full frame with NeuQuant, several times the time and about
 * twice the bytes of this path on a 60-move game (figures in `npm run bench`).
 *
 * How: the frames are cut into parts, one per picture thread, each drawn and written on its own
 * thread (`encodeAnimationPart`) and the parts' bytes joined in order. A part's palette of 255
 * colours is gifenc's `quantize` of its first and last frames (a table keeps its theme colours
 * from deal to end); the first part's is the GIF's global colour table, the others' are local
 * tables of their frames. Every frame after the first writes the pixels that did not change as
 * the transparent index 255 over the frame before it (disposal 1, "do not dispose"), so a move,
 * which changes a few cards, is mostly one long LZW run; a part after the first draws the frame
 * before its own first to know what changed.
 *
 * A GIF's frames share one size, and a table picture's height may change as the game goes (melds
 * laid down, a race's phases): the animation is as large as its largest frame (`tableSize`, known
 * without drawing), and a smaller frame is drawn at the top, the rest filled with the colour of
 * its bottom-left pixel (the table's background).
 */
import { createRequire } from "node:module";
import type * as Gifenc from "gifenc";
import { drawJob, prepareJob, tableSize, type PictureJob } from "./pictures.ts";
import { pixelsReturned, readPixels, reusingCanvases } from "./surface.ts";

/** An animation to make: its frames as table picture jobs, each shown for `delays[i]` ms. */
export interface AnimationJob {
  readonly frames: readonly PictureJob[];
  /** Milliseconds each frame stays (rounded to hundredths of a second by GIF; at least 20). */
  readonly delays: readonly number[];
}

/** One part of an animation, written on one thread: consecutive frames and where they sit in the file. */
export interface AnimationPart {
  readonly frames: readonly PictureJob[];
  readonly delays: readonly number[];
  /** The animation's size, px. */
  readonly width: number;
  readonly height: number;
  /** The frame before this part's first (drawn only to see what changed); absent for the first part. */
  readonly before?: PictureJob | undefined;
  /** The first part writes the file's header, screen and loop; the last its trailer. */
  readonly head: boolean;
  readonly tail: boolean;
}

/**
 * gifenc's CommonJS build, loaded the same way under Node and under vitest (its ES build's
 * default export is another object than the CommonJS one's).
 */
const gifenc: typeof Gifenc = createRequire(import.meta.url)("gifenc");
type Rgb = Gifenc.Rgb;

/** Palette size written: 255 colours and the transparent index. */
const COLOURS = 255;
const TRANSPARENT = 255;

/**
 * `job` cut into at most `parts` parts of consecutive frames (at least 8 frames a part).
 * Errors: RangeError when there is no frame, `delays` does not have one per frame, or a frame
 * is not a table picture (`tableSize` unknown).
 */
export function splitAnimation(job: AnimationJob, parts: number): AnimationPart[] {
  const count = job.frames.length;
  if (count === 0 || job.delays.length !== count) throw new RangeError(`animation: ${count} frames, ${job.delays.length} delays`);
  let width = 0;
  let height = 0;
  for (const f of job.frames) {
    const size = tableSize(f);
    if (!size) throw new RangeError(`animation: a ${f.kind} picture is not a table picture`);
    width = Math.max(width, size.width);
    height = Math.max(height, size.height);
  }
  const n = Math.max(1, Math.min(parts, Math.floor(count / 8)));
  return Array.from({ length: n }, (_, k) => {
    const from = Math.round((k * count) / n);
    const to = Math.round(((k + 1) * count) / n);
    return {
      frames: job.frames.slice(from, to),
      delays: job.delays.slice(from, to),
      width,
      height,
      before: k === 0 ? undefined : job.frames[from - 1],
      head: k === 0,
      tail: k === n - 1,
    };
  });
}

/** Loads what drawing `frames` needs in this thread (their scene modules, once each: `prepareJob`). */
async function prepareFrames(frames: readonly PictureJob[]): Promise<void> {
  const seen = new Set<string>();
  for (const f of frames) {
    const key = f.kind === "scene" ? f.from : f.kind;
    if (!seen.has(key)) await prepareJob(f);
    seen.add(key);
  }
}

/** The RGBA pixels of `job`'s scene as a `width` x `height` frame (a smaller scene at the top, the rest its background). */
function framePixels(job: PictureJob, width: number, height: number): Uint8Array {
  return reusingCanvases(() => {
    const canvas = drawJob(job);
    const data = readPixels(canvas);
    const own = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (canvas.width === width && canvas.height === height) return own.slice(); // the canvas is reused
    const out = new Uint8Array(width * height * 4);
    const corner = (canvas.height - 1) * canvas.width * 4;
    new Uint32Array(out.buffer).fill(new Uint32Array(own.slice(corner, corner + 4).buffer)[0] ?? 0);
    const rows = Math.min(height, canvas.height);
    const rowBytes = Math.min(width, canvas.width) * 4;
    for (let y = 0; y < rows; y++) out.set(own.subarray(y * canvas.width * 4, y * canvas.width * 4 + rowBytes), y * width * 4);
    return out;
  });
}

/**
 * The bytes of one part of an animated GIF (`splitAnimation`): the parts' bytes joined in
 * order are the whole file, looping forever. Run it on a picture thread: it turns the event loop
 * between frames only so that each frame's pixel read is given back (`pixelsReturned`).
 * Deterministic: the same part gives the same bytes.
 */
export async function encodeAnimationPart(part: AnimationPart): Promise<Uint8Array> {
  await prepareFrames([...part.frames, ...(part.before ? [part.before] : [])]);
  const { width, height } = part;
  const count = part.frames.length;
  const frame = (i: number) => framePixels(part.frames[i] as PictureJob, width, height);
  // The palette's sample (first and last frame) is kept; every other frame is drawn as it is written.
  const kept = new Map<number, Uint8Array>([[0, frame(0)]]);
  if (count > 1) kept.set(count - 1, frame(count - 1));
  const size = width * height * 4;
  const sample = new Uint8Array(size * kept.size);
  for (const [k, px] of [...kept.values()].entries()) sample.set(px, k * size);
  const palette: Rgb[] = gifenc.quantize(sample, COLOURS, { format: "rgb565" });
  while (palette.length < COLOURS) palette.push([0, 0, 0]);
  palette.push([255, 0, 255]); // the transparent index: never drawn

  const gif = gifenc.GIFEncoder({ auto: false });
  let before: Uint32Array | null = part.before ? new Uint32Array(framePixels(part.before, width, height).buffer) : null;
  for (let i = 0; i < count; i++) {
    if (!kept.has(i)) await pixelsReturned();
    const px = kept.get(i) ?? frame(i);
    kept.delete(i);
    const index = gifenc.applyPalette(px, palette, "rgb565");
    const now = new Uint32Array(px.buffer, px.byteOffset, width * height);
    if (before) for (let p = 0; p < now.length; p++) if (now[p] === before[p]) index[p] = TRANSPARENT;
    const delay = Math.max(20, part.delays[i] ?? 0);
    const first = part.head && i === 0;
    if (first) gif.writeHeader();
    gif.writeFrame(index, width, height, {
      first,
      delay,
      repeat: 0,
      // The first part's frames use the global table (its palette); the others' carry their own.
      ...(first || !part.head ? { palette } : {}),
      ...(before ? { transparent: true, transparentIndex: TRANSPARENT, dispose: 1 } : {}),
    });
    before = now;
  }
  if (part.tail) gif.finish();
  return gif.bytes();
}

/** The whole animated GIF of `job` on this thread (what the pool's parts join to). Errors: as `splitAnimation`. */
export async function encodeAnimation(job: AnimationJob): Promise<Buffer> {
  await prepareFrames(job.frames);
  const parts: Uint8Array[] = [];
  for (const part of splitAnimation(job, 1)) parts.push(await encodeAnimationPart(part));
  return Buffer.concat(parts);
}
