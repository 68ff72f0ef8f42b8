// A picture worker thread (piscina): draws and encodes one PictureJob per task (or a part of
// an animation, task `animationPart`) and hands the bytes back without a copy. Plain
// JavaScript so that it loads in any thread; the TypeScript it runs is loaded through tsx.
import { move } from "piscina";

// tsx's API loads the TypeScript in this thread whatever hooks the thread has (piscina does
// not hand the parent's --import hooks to its threads).
const { tsImport } = await import("tsx/esm/api");
const { encodeJob } = await tsImport("./pictures.ts", import.meta.url);
const { encodeAnimationPart } = await tsImport("./animation.ts", import.meta.url);
const { pixelsReturned } = await tsImport("./surface.ts", import.meta.url);

/** Bytes handed back without a copy (a Buffer from the pool shares its ArrayBuffer: copied out first). */
function own(buffer) {
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
  return move(buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length ? bytes : bytes.slice());
}

/**
 * Task: a PictureJob in, its PNG bytes out (transferred). It first lets the event loop give back
 * the pixels read for the pictures before (see `pixelsReturned`): piscina hands a thread its next
 * task without turning the loop.
 */
export default async function picture(job) {
  await pixelsReturned();
  return own(encodeJob(job));
}

/** Task `animationPart`: an AnimationPart in, its bytes of the GIF out (transferred). */
export async function animationPart(part) {
  const bytes = await encodeAnimationPart(part);
  return move(bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length ? bytes : bytes.slice());
}
