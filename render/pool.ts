/**
 * Where pictures are made: a pool of worker threads (piscina), so drawing and encoding never
 * hold the event loop and every core but the event loop's draws. The computers' searches run on
 * the same threads (`runThought`).
 *
 * `PICTURE_THREADS` sets the pool's size: unset, one thread a core but one
 * (`os.availableParallelism() - 1`, at least 1), so that the bot's event loop keeps a core of its
 * own; `0`, no pool: pictures are made on the calling thread (what a one-core machine or a
 * profiler may want). The bot starts the pool with itself (`startPictures`); elsewhere it starts
 * with the first picture. Its idle threads do not keep the process alive.
 *
 * Why a core is left: on two cores with two picture threads, a busy picture thread and the main
 * thread took turns on one core, and the main thread lost its core most often right after waking
 * a thread (a job's `postMessage`, a SQLite statement). With 16 tables paced at 150 moves/s
 * (`npm run bench:flight -- --rate 150`, 2026-11-26 15:00-15:55, back to back) one thread gave
 * an event-loop delay p99 of 4.3-5.7 ms against 5.8-8.2 with two, a like latency (median
 * 9-12 against 10-13.5 ms, p99 33-63 against 35-49), 0.9 ms less CPU a move, and more moves a
 * second saturated (182-209 against 162-183); only the saturated closed loop's latency p99 rose
 * (124-165 against 92-129 ms), its pictures queueing for the one thread, and with the stand-in
 * in the bot's process (the rig's work on the main thread) it read 234-256 against 134 ms.
 *
 * Two threads (the pool's one, when it has one) are kept for the process's life, the others leave
 * after a minute without work. A new thread costs its first picture about half a second (the
 * thread loads the drawing code) and its next few pictures two to three times their usual time
 * (V8 has not compiled the drawing code yet): `npm run bench` prints both. With every thread
 * leaving when idle, a table whose moves came more than a minute apart paid that on each move;
 * with one kept, a burst (a restart while tables play, a tournament round's tables starting at
 * once) ran on one thread for its first half second while the second loaded: with 16 tables
 * starting at once the worst move of the first second took 258-438 ms, with two kept 230-313 ms
 * (`bench/flight.ts`, three runs each). Each kept thread holds 30-45 MB (an idle bot:
 * 238 MiB RSS with one, 268-282 MiB with two; 253 and 316 MiB while a thread loaded its
 * TypeScript through three `tsImport` calls, three copies of the drawing code).
 */
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { encodeAnimation, splitAnimation, type AnimationJob } from "./animation.ts";
import { encodeJob, prepareJob, type PictureJob } from "./pictures.ts";
import { exposeCollector, pixelsReturned } from "./surface.ts";
import { think, type ThoughtJob } from "../src/engine/thinking.ts";
import type { DescribedPicture } from "./picture-tasks.ts";

export type { DescribedPicture };
import { describeScene, type SceneJob } from "./scenes.ts";

let pool: Piscina | null = null;

/** Threads the pool may use (0: none, pictures are made inline); unset PICTURE_THREADS: a core less than the machine has, at least 1. */
export function pictureThreads(): number {
  const set = process.env.PICTURE_THREADS;
  if (set === undefined || set === "") return Math.max(1, availableParallelism() - 1);
  const n = Number(set);
  if (!Number.isInteger(n) || n < 0) throw new Error(`PICTURE_THREADS must be a whole number 0 or more, not ${JSON.stringify(set)}`);
  return n;
}

/** Threads kept when there is no work, at most the pool's size (the others leave after IDLE_MS). */
const KEPT_THREADS = 2;
/** How long an extra thread waits for work before it leaves (ms). */
const IDLE_MS = 60_000;

function poolOf(threads: number): Piscina {
  if (!pool) exposeCollector(); // before any thread starts: each then has its own global `gc`
  pool ??= new Piscina({
    filename: new URL("./picture-worker.mjs", import.meta.url).href,
    minThreads: Math.min(KEPT_THREADS, threads),
    maxThreads: threads,
    idleTimeout: IDLE_MS,
    // A thread waits for its next task with Atomics.waitAsync, so its event loop turns between
    // tasks: the collection after each picture (render/picture-tasks.ts), pixel reads given
    // back and V8's own tasks run then, not at the start of the next picture, as they did while
    // it blocked in Atomics.wait ("sync", the default).
    atomics: "async",
  });
  return pool;
}

/**
 * Starts the picture pool now (its kept threads begin loading the drawing code), so that the
 * first picture a table asks for does not wait for it. Does nothing with `PICTURE_THREADS=0` or
 * when the pool runs already.
 * Errors: throws when PICTURE_THREADS is not a whole number 0 or more.
 */
export function startPictures(): void {
  const threads = pictureThreads();
  if (threads > 0) poolOf(threads);
}

/**
 * The PNG bytes of a picture, made on a worker thread (or inline with `PICTURE_THREADS=0`).
 * Errors: rejects when the drawing throws (a bug: the job is logged by the caller).
 */
export async function renderPicture(job: PictureJob): Promise<Buffer> {
  const threads = pictureThreads();
  if (threads === 0) {
    await pixelsReturned(); // the pixels of the pictures made before are given back first
    await prepareJob(job);
    return encodeJob(job);
  }
  const bytes = (await poolOf(threads).run(job)) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * A scene's picture and its alt text (`Scene.describe`), both made on a worker thread (or inline
 * with `PICTURE_THREADS=0`): the table messages' path, so that their words leave the event loop
 * with their pictures. `alt` is undefined for a scene without words.
 * Errors: rejects when the drawing or the words throw (a bug: the job is logged by the caller).
 */
export async function renderDescribed(job: SceneJob): Promise<DescribedPicture> {
  const threads = pictureThreads();
  if (threads === 0) {
    await pixelsReturned();
    await prepareJob(job);
    return { png: encodeJob(job), alt: describeScene(job) };
  }
  const { png, alt } = (await poolOf(threads).run(job, { name: "described" })) as { png: Uint8Array; alt: string | undefined };
  return { png: Buffer.from(png.buffer, png.byteOffset, png.byteLength), alt };
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

/**
 * A computer's move found by its search (src/engine/thinking.ts), run on a picture thread (or
 * inline with `PICTURE_THREADS=0`), so a search never holds the bot's event loop. A search takes
 * a few to tens of ms (`npm run stats:computers`, `npm run bench:flight -- --expert`); it queues
 * with the pictures, in order.
 * Errors: rejects when the search throws (a bug: logged by the caller).
 */
export async function runThought(job: ThoughtJob): Promise<unknown> {
  const threads = pictureThreads();
  if (threads === 0) return think(job);
  return poolOf(threads).run(job, { name: "thought" });
}

/** Threads the picture pool runs now (0 when it has not started or PICTURE_THREADS is 0). */
export function runningPictureThreads(): number {
  return pool?.threads.length ?? 0;
}

/** Stops the pool's threads (the next picture starts them again). */
export async function closePictures(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
