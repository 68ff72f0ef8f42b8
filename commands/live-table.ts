/**
 * The live table's pictures (src/surfaces/live-table/hub.ts) from a game's own picture jobs: the public table
 * picture of a record, drawn by the picture threads as the chat table's is, and a seat's own
 * pictures, drawn once while they stay the same.
 */
import type { LiveDraft } from "../src/bot/context.ts";
import type { AnyTable } from "../src/bot/tables.ts";
import { LRUCache } from "lru-cache";
import { type DescribedPicture, renderDescribed } from "../render/pool.ts";
import type { SceneJob } from "../render/scenes.ts";

/** How many bytes of pictures `cachedPicture` keeps (a 6-player race table is about 50 KB, a hand 5-15 KB). */
const KEPT_BYTES = 16 * 1024 * 1024;

/** A picture drawn or being drawn, with its alt text, and its size once known (bytes; 1 while it is drawn). */
interface Drawn {
  readonly picture: Promise<DescribedPicture>;
  readonly size: number;
}

/** Pictures drawn lately, by their job (scene and data), at most `KEPT_BYTES` of them, the least recently used leaving first. */
const drawn = new LRUCache<string, Drawn>({ maxSize: KEPT_BYTES, sizeCalculation: (d) => d.size });

/**
 * The picture of `job` (PNG bytes) and its alt text (`Scene.describe`; undefined for a scene
 * without one), both made on a picture thread, once for the same scene and data while it is
 * among the last 16 MiB of pictures asked for: the live table redraws every page's hand on every
 * change (most hands did not change), and a table's chat message and its live table show the
 * same picture of the same position. A drawing that failed is forgotten.
 */
export function describedPicture<D>(job: SceneJob<D>): Promise<DescribedPicture> {
  const key = `${job.from}#${job.scene}#${JSON.stringify(job.data)}`;
  const kept = drawn.get(key);
  if (kept) return kept.picture;
  const picture = renderDescribed(job);
  const entry: Drawn = { picture, size: 1 };
  drawn.set(key, entry);
  picture.then(
    (p) => {
      if (drawn.peek(key) === entry) drawn.set(key, { picture, size: p.png.length + (p.alt?.length ?? 0) });
    },
    () => {
      if (drawn.peek(key) === entry) drawn.delete(key);
    },
  );
  return picture;
}

/** The picture of `job` (PNG bytes), as `describedPicture` keeps it. */
export async function cachedPicture<D>(job: SceneJob<D>): Promise<Buffer> {
  return (await describedPicture(job)).png;
}

/** `LiveKind.picture` from a game's picture job (undefined before the deal: no picture), drawn once with the chat table's (`cachedPicture`). */
export function livePicture<R extends AnyTable, D>(jobOf: (rec: R) => SceneJob<D> | undefined): (rec: R) => Promise<Buffer | null> {
  return async (rec) => {
    const job = jobOf(rec);
    return job ? cachedPicture(job) : null;
  };
}

/** A frame with nothing to click: only `line` (waiting for the deal, the game over, a spectator's). */
export function quietDraft(line: string): LiveDraft<never> {
  return { line, tableHits: [], hand: null, buttons: [] };
}
