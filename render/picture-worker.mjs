// A picture worker thread (piscina): draws and encodes one PictureJob per task (or a part of
// an animation, task `animationPart`) and hands the bytes back without a copy. Plain
// JavaScript so that it loads in any thread; the TypeScript it runs (render/picture-tasks.ts)
// is loaded through tsx, as one module: each `tsImport` call loads its own copy of what it
// reaches, and the tasks must share one.
import { move } from "piscina";

// tsx's API loads the TypeScript in this thread whatever hooks the thread has (piscina does
// not hand the parent's --import hooks to its threads).
const { tsImport } = await import("tsx/esm/api");
const { pictureTask, animationPartTask } = await tsImport("./picture-tasks.ts", import.meta.url);

/** Bytes handed back without a copy (a Buffer from the pool shares its ArrayBuffer: copied out first). */
function own(buffer) {
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
  return move(buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length ? bytes : bytes.slice());
}

/** Task: a PictureJob in, its PNG bytes out (transferred). See `pictureTask`. */
export default async function picture(job) {
  return own(await pictureTask(job));
}

/** Task `animationPart`: an AnimationPart in, its bytes of the GIF out (transferred). */
export async function animationPart(part) {
  return own(await animationPartTask(part));
}
