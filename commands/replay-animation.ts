/**
 * The animated picture of a recorded game (issue 24), for every game the same way: which
 * positions become frames and for how long (`replayFrames`), and a game's way to turn them into
 * a GIF from its own table picture (`animateWith`, drawn on the picture pool by
 * render/animation.ts). A game's bot side names only its picture; nothing here names a game.
 */
import type { AnyTable } from "../src/bot/tables.ts";
import type { ReplayFrame } from "../src/bot/context.ts";
import type { PictureJob } from "../render/pictures.ts";
import { renderAnimation } from "../render/pool.ts";

/** Most frames an animation has: a longer game shows every n-th position (its last always). */
export const MAX_FRAMES = 600;
/**
 * Largest animation posted, bytes: under an unboosted server's 10 MiB upload cap with room for
 * the message; a larger one is made again with half the frames.
 */
export const MAX_GIF_BYTES = 8 * 1024 * 1024;
/** How long the deal, each move and the final position stay, ms (turn-based games). */
export const DEAL_MS = 1500;
export const MOVE_MS = 800;
export const END_MS = 4000;
/** Real-time games: one frame per second of play, shown this long (four times as fast as played). */
export const SECOND_MS = 250;

/**
 * The frames of a game whose positions are `tables` (index 0: the deal; index i: after move i,
 * as `tables[i]`; `at[i]`: when move i was made, ms, absent for the deal).
 * - Turn-based games (`realTime` false): one frame per position, the deal and the end held longer.
 * - Real-time games: one frame per second from the first move to the last, each the last position
 *   reached by then, drawn as it stood at that second (its clocks), the end held longer.
 * At most `maxFrames` (default `MAX_FRAMES`): beyond it, evenly spaced frames (the first and the last always kept),
 * each held as long as the frames it stands for would be (capped at a second).
 * Errors: throws RangeError when `tables` is empty.
 */
export function replayFrames<R extends AnyTable>(
  tables: readonly R[],
  at: readonly (number | undefined)[],
  realTime: boolean,
  endedAt: number,
  maxFrames = MAX_FRAMES,
): ReplayFrame<R>[] {
  if (tables.length === 0) throw new RangeError("replayFrames: no position");
  let frames: ReplayFrame<R>[];
  if (!realTime) {
    frames = tables.map((table, i) => ({ table, at: at[i] ?? endedAt, delay: i === 0 ? DEAL_MS : MOVE_MS }));
  } else {
    const times = at.map((t, i) => t ?? (i === 0 ? undefined : at[i - 1]));
    const start = times.find((t) => t !== undefined) ?? endedAt;
    const end = Math.max(start, times.at(-1) ?? start);
    frames = [];
    let i = 0;
    for (let t = start; ; t = Math.min(end, t + 1000)) {
      while (i + 1 < tables.length && (times[i + 1] ?? Number.POSITIVE_INFINITY) <= t) i++;
      frames.push({ table: tables[i] as R, at: t, delay: SECOND_MS });
      if (t >= end) break;
    }
    const last = tables.at(-1) as R;
    if ((frames.at(-1) as ReplayFrame<R>).table !== last) frames.push({ table: last, at: end, delay: SECOND_MS });
  }
  if (frames.length > maxFrames) {
    const step = (frames.length - 1) / (maxFrames - 1);
    const base = frames[1]?.delay ?? MOVE_MS;
    const every = Math.min(1000, Math.round(base * step));
    frames = Array.from({ length: maxFrames }, (_, k) => frames[Math.round(k * step)] as ReplayFrame<R>).map((f, k) =>
      k === 0 ? f : { ...f, delay: every },
    );
  }
  const lastFrame = frames.at(-1) as ReplayFrame<R>;
  frames[frames.length - 1] = { ...lastFrame, delay: END_MS };
  return frames;
}

/**
 * A game's `animate` (TableGameView): its frames drawn by `picture` (the job of the table's
 * public picture at a time, ms) into an animated GIF on the picture pool. Positions without a
 * picture (a lobby) are left out. Errors: rejects when no frame has a picture.
 */
export function animateWith<R extends AnyTable>(
  picture: (table: R, at: number) => PictureJob | undefined,
): (frames: readonly ReplayFrame<R>[]) => Promise<Buffer> {
  return async (frames) => {
    const jobs: PictureJob[] = [];
    const delays: number[] = [];
    for (const f of frames) {
      const job = picture(f.table, f.at);
      if (!job) continue;
      jobs.push(job);
      delays.push(f.delay);
    }
    return renderAnimation({ frames: jobs, delays });
  };
}
