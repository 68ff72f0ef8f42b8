// A picture worker thread (piscina): draws and encodes one PictureJob per task (or a part of an
// animation, task `animationPart`) and hands the bytes back without a copy, or runs a computer's
// search (task `thought`: src/engine/thinking.ts) and hands its move back. Plain
// JavaScript so that it loads in any thread, beside the sources and beside the compiled code
// (`npm run build` copies it into dist/render/). It runs render/picture-tasks and each game's
// scene module, imported by URL with the game's first picture here (render/scenes.ts): compiled
// JavaScript in dist/, else the TypeScript through tsx's loader, registered for this thread.
import { existsSync } from "node:fs";
import { move, transferableSymbol, valueSymbol } from "piscina";

const source = new URL("./picture-tasks.ts", import.meta.url);
// tsx's loader, registered in this thread (piscina does not hand the parent's --import hooks to
// its threads). Registered rather than `tsImport`'s namespaced loading: a scene module imported
// by its plain URL must load as TypeScript and share this thread's one copy of the drawing code.
if (existsSync(source)) (await import("tsx/esm/api")).register();
const { pictureTask, describedPictureTask, animationPartTask, thoughtTask } = await import(existsSync(source) ? source.href : "./picture-tasks.js");

/** The bytes of `buffer` in an ArrayBuffer of their own (a Buffer from the pool shares its ArrayBuffer: copied out). */
function alone(buffer) {
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
  return buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length ? bytes : bytes.slice();
}

/** Bytes handed back without a copy. */
function own(buffer) {
  return move(alone(buffer));
}

/** Task: a PictureJob in, its PNG bytes out (transferred). See `pictureTask`. */
export default async function picture(job) {
  return own(await pictureTask(job));
}

/** Task `described`: a scene job in, its PNG bytes (transferred) and alt text out. See `describedPictureTask`. */
export async function described(job) {
  const { png, alt } = await describedPictureTask(job);
  const bytes = alone(png);
  // piscina's Transferable: the object is cloned, its PNG's ArrayBuffer moved.
  return move({
    get [transferableSymbol]() {
      return [bytes.buffer];
    },
    get [valueSymbol]() {
      return { png: bytes, alt };
    },
  });
}

/** Task `animationPart`: an AnimationPart in, its bytes of the GIF out (transferred). */
export async function animationPart(part) {
  return own(await animationPartTask(part));
}

/** Task `thought`: a computer's search in, its move out. See `thoughtTask`. */
export function thought(job) {
  return thoughtTask(job);
}
