/**
 * The live table's pictures (src/activity/hub.ts) from a game's own picture jobs: the public table
 * picture of a record, drawn by the picture threads as the chat table's is, and the live table of
 * a game played from the chat table only for now (`watchOnly` in src/bot/live-table.ts).
 */
import type { LiveKind } from "../src/bot/context.ts";
import { watchOnly } from "../src/bot/live-table.ts";
import type { AnyTable } from "../src/bot/tables.ts";
import { LRUCache } from "lru-cache";
import { renderPicture } from "../render/pool.ts";
import type { SceneJob } from "../render/scenes.ts";

/** Pictures drawn for the live table lately, by their job (scene and data): a hand that did not change is not drawn again. */
const drawn = new LRUCache<string, Promise<Buffer>>({ max: 512 });

/**
 * The picture of `job` (PNG bytes), drawn once for the same scene and data among the last 512
 * (the live table redraws every page's hand on every change; most hands did not change). A
 * drawing that failed is forgotten.
 */
export function cachedPicture<D>(job: SceneJob<D>): Promise<Buffer> {
  const key = `${job.from}#${job.scene}#${JSON.stringify(job.data)}`;
  const kept = drawn.get(key);
  if (kept) return kept;
  const png = renderPicture(job);
  drawn.set(key, png);
  png.catch(() => drawn.delete(key));
  return png;
}

/** `LiveKind.picture` from a game's picture job (undefined before the deal: no picture). */
export function livePicture<R extends AnyTable, D>(jobOf: (rec: R) => SceneJob<D> | undefined): (rec: R) => Promise<Buffer | null> {
  return async (rec) => {
    const job = jobOf(rec);
    return job ? renderPicture(job) : null;
  };
}

/** The live table of a game with no hit map yet: its table picture (from `jobOf`) and whose turn it is (`turnOf`). */
export function watchOnlyWith<R extends AnyTable, D>(
  jobOf: (rec: R) => SceneJob<D> | undefined,
  turnOf: (rec: R) => number | null,
): LiveKind {
  return watchOnly(livePicture(jobOf), turnOf) as LiveKind;
}
