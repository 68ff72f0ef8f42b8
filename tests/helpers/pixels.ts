/** Test helper: the RGBA pixels of a PNG, as the canvas decodes it. */
import { createCanvas, loadImage } from "@napi-rs/canvas";

/** Decodes `png`: its size and RGBA bytes (4 a pixel, row-major). */
export async function pixels(png: Buffer): Promise<{ w: number; h: number; data: Uint8ClampedArray }> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext("2d");
  ctx.drawImage(img, 0, 0);
  return { w: img.width, h: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}
