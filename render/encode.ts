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
import { encodeFramePng } from "./png-frames.ts";
import { readPixels } from "./surface.ts";

/**
 * The picture as an indexed-colour PNG (sync: about a millisecond or two a picture); with `frame`
 * (a table's key: its channel id), as that table's next frame on this thread
 * (`render/png-frames.ts`: the bands a move left as they were are not written again).
 */
export function encodePicture(canvas: Canvas, frame?: string): Buffer {
  const pixels = readPixels(canvas);
  return frame === undefined
    ? encodePalettePng(pixels, canvas.width, canvas.height)
    : encodeFramePng(pixels, canvas.width, canvas.height, frame);
}

/** The picture through Skia's own PNG encoder (RGBA, zlib level 6): the bench's baseline. */
export function encodeSkia(canvas: Canvas): Promise<Buffer> {
  return canvas.encode("png");
}
