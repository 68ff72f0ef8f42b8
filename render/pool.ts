/**
 * Where pictures are made: a pool of worker threads (piscina), so drawing and encoding never
 * hold the event loop and every core draws.
 *
 * `PICTURE_THREADS` sets the pool's size: unset, one thread a core
 * (`os.availableParallelism()`); `0`, no pool: pictures are made on the calling thread (what a
 * one-core machine or a profiler may want). The pool starts with the first picture and its idle
 * threads do not keep the process alive.
 */
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { encodeAnimation, splitAnimation, type AnimationJob } from "./animation";
import { encodeJob, type PictureJob } from "./pictures";
import { pixelsReturned } from "./surface";

let pool: Piscina | null = null;

/** Threads the pool may use (0: none, pictures are made inline). */
export function pictureThreads(): number {
  const set = process.env.PICTURE_THREADS;
  if (set === undefined || set === "") return availableParallelism();
  const n = Number(set);
  if (!Number.isInteger(n) || n < 0) throw new Error(`PICTURE_THREADS must be a whole number 0 or more, not ${JSON.stringify(set)}`);
  return n;
}

function poolOf(threads: number): Piscina {
  pool ??= new Piscina({
    filename: new URL("./picture-worker.mjs", import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  return pool;
}

/**
 * The PNG bytes of a picture, made on a worker thread (or inline with `PICTURE_THREADS=0`).
 * Errors: rejects when the drawing throws (a bug: the job is logged by the caller).
 */
export async function renderPicture(job: PictureJob): Promise<Buffer> {
  const threads = pictureThreads();
  if (threads === 0) {
    await pixelsReturned(); // the pixels of the pictures made before are given back first
    return encodeJob(job);
  }
  const bytes = (await poolOf(threads).run(job)) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The animated GIF of `job` (render/animation.ts), its frames cut into one part per thread and
 * each part drawn and written on a worker thread (or all inline with `PICTURE_THREADS=0`): a
 * whole game's frames never hold the event loop.
 * Errors: rejects when a frame's drawing throws or `job` has no frames (RangeError).
 */
export async function renderAnimation(job: AnimationJob): Promise<Buffer> {
  const threads = pictureThreads();
  if (threads === 0) return encodeAnimation(job);
  const parts = splitAnimation(job, threads);
  const bytes = (await Promise.all(parts.map((part) => poolOf(threads).run(part, { name: "animationPart" })))) as Uint8Array[];
  return Buffer.concat(bytes);
}

/** Stops the pool's threads (the next picture starts them again). */
export async function closePictures(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
