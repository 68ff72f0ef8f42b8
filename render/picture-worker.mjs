// A picture worker thread (piscina): draws and encodes one PictureJob per task and hands the
// PNG back without a copy. Plain JavaScript so that it loads in any thread; the TypeScript it
// runs is loaded through tsx.
import { move } from "piscina";

// tsx's API loads the TypeScript in this thread whatever hooks the thread has (piscina does
// not hand the parent's --import hooks to its threads).
const { tsImport } = await import("tsx/esm/api");
const { encodeJob } = await tsImport("./pictures.ts", import.meta.url);

/** Task: a PictureJob in, its PNG bytes out (transferred). */
export default function picture(job) {
  const png = encodeJob(job);
  const bytes = new Uint8Array(png.buffer, png.byteOffset, png.length);
  // A Buffer from the pool shares its ArrayBuffer: copy out before transferring.
  const own = png.byteOffset === 0 && png.buffer.byteLength === png.length ? bytes : bytes.slice();
  return move(own);
}
