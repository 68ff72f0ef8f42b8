/**
 * Turns a drawn picture into the PNG bytes that are attached to a message.
 *
 * Every scene is drawn by a sync `draw…` function that returns its canvas; `encodePicture`
 * reads the pixels once and writes an indexed-colour PNG (`encodePalettePng`), which on our
 * few-colour pictures is several times faster and smaller than Skia's RGBA encoder
 * (`canvas.encode("png")`, kept as `encodeSkia` for the bench's comparison).
 */
import type { Canvas } from "@napi-rs/canvas";
import { encodePalettePng } from "./png.ts";
import { readPixels } from "./surface.ts";

/** The picture as an indexed-colour PNG (sync: about a millisecond or two a picture). */
export function encodePicture(canvas: Canvas): Buffer {
  return encodePalettePng(readPixels(canvas), canvas.width, canvas.height);
}

/** The picture through Skia's own PNG encoder (RGBA, zlib level 6): the bench's baseline. */
export function encodeSkia(canvas: Canvas): Promise<Buffer> {
  return canvas.encode("png");
}
