/**
 * What a picture thread runs: `render/picture-worker.mjs` loads this one module, and a game's
 * scene module is imported by its URL with the game's first picture on the thread
 * (`prepareJob`); every task shares one copy of the drawing code, its canvases and its counters.
 * A computer's search (task `thought`) loads its game's module by URL the same way.
 */
import { encodeAnimationPart, type AnimationPart } from "./animation.ts";
import { encodeJob, prepareJob, type PictureJob } from "./pictures.ts";
import { collectReadPixels, pixelsReturned } from "./surface.ts";
import { think, type ThoughtJob } from "../src/engine/thinking.ts";
import { describeScene, type SceneJob } from "./scenes.ts";

/**
 * Task: a PictureJob in, its PNG bytes out. It first lets the event loop give back the pixels
 * read for the pictures before (`pixelsReturned`). Once the bytes are posted, and before the
 * thread waits for its next task, V8 collects the young generation where this picture's pixel
 * read now lies dead (`collectReadPixels`), so that the next read reuses its memory: the pool
 * runs piscina's "async" atomics, so the thread's event loop turns there.
 */
export async function pictureTask(job: PictureJob): Promise<Buffer> {
  await pixelsReturned();
  await prepareJob(job); // a game's scenes load with its first picture on this thread
  const png = encodeJob(job);
  setImmediate(collectReadPixels, 1);
  return png;
}

/** A scene's picture with its alt text (`Scene.describe`; undefined when the scene has none). */
export interface DescribedPicture {
  readonly png: Buffer;
  readonly alt: string | undefined;
}

/**
 * Task `described`: a scene job in, its PNG bytes and its alt text out, both made here so that
 * the words of a busy table (15-20 lookups of its language's messages, 0.2 ms a move for
 * ONEXENO) leave the bot's event loop too. As `pictureTask` otherwise.
 */
export async function describedPictureTask(job: SceneJob): Promise<DescribedPicture> {
  await pixelsReturned();
  await prepareJob(job);
  const png = encodeJob(job);
  const alt = describeScene(job);
  setImmediate(collectReadPixels, 1);
  return { png, alt };
}

/** Task `animationPart`: an AnimationPart in, its bytes of the GIF out (`encodeAnimationPart`). */
export async function animationPartTask(part: AnimationPart): Promise<Uint8Array> {
  const bytes = await encodeAnimationPart(part);
  setImmediate(collectReadPixels, 1);
  return bytes;
}

/** Task `thought`: a computer's search (src/engine/thinking.ts) in, its move out (cloned back). */
export function thoughtTask(job: ThoughtJob): Promise<unknown> {
  return think(job);
}
