/** Test helper: the RGBA pixels of a PNG, as the canvas decodes it. */
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { drawJob, prepareJob, type PictureJob } from "../../render/pictures.ts";

/** Decodes `png`: its size and RGBA bytes (4 a pixel, row-major). */
export async function pixels(png: Buffer): Promise<{ w: number; h: number; data: Uint8ClampedArray }> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext("2d");
  ctx.drawImage(img, 0, 0);
  return { w: img.width, h: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}

/**
 * How many pixels of `png` (a picture as the bot posted it) are more than `tolerance` levels off
 * in a channel from the picture `job` draws here; -1 when its size differs. 0: the PNG shows that
 * picture. The bot encodes a table's pictures as frames of that table (render/png-frames.ts),
 * whose bytes depend on the table's pictures before: what they show is compared, within the
 * palette's rounding (about 16 levels at most; a hidden card shown, a black cell for a white
 * one, is 200 levels off over hundreds of pixels).
 */
export async function pixelsOff(png: Buffer, job: PictureJob, tolerance = 24): Promise<number> {
  await prepareJob(job);
  const canvas = drawJob(job);
  const want = canvas.data();
  const got = await pixels(png);
  if (got.w !== canvas.width || got.h !== canvas.height) return -1;
  let off = 0;
  for (let i = 0; i < want.length; i += 4)
    if (
      Math.abs(got.data[i]! - want[i]!) > tolerance ||
      Math.abs(got.data[i + 1]! - want[i + 1]!) > tolerance ||
      Math.abs(got.data[i + 2]! - want[i + 2]!) > tolerance
    )
      off++;
  return off;
}
