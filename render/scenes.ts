/**
 * A game's pictures as a scene module: each game's render folder declares its scenes once
 * (`sceneModule(import.meta.url, { table: …, hand: … })`) and makes picture jobs with them
 * (`SCENES.job("table", data)`). A job names its module by URL, so a picture thread that has
 * not drawn that game yet imports the module by that URL (its scenes register as it loads) and
 * draws it there: the picture threads and the dispatch name no game, and a new game's pictures
 * (a test's fixture game included) go through the threads without an edit here.
 */
import type { Canvas } from "@napi-rs/canvas";

/** One scene: how to draw it from its data (plain, structured-clonable), and a table scene's size without drawing it (px). */
export interface Scene<D> {
  draw(data: D): Canvas;
  /** A table scene's size (an animation's frames are all drawn at the largest); absent: not a table scene. */
  size?(data: D): { readonly width: number; readonly height: number };
  /**
   * The picture's alt text from the same data (a Discord attachment's `description`, at most
   * 1,024 characters), made on the picture thread beside the picture (`describedPicture`,
   * render/pool.ts); absent: the scene has none.
   */
  describe?(data: D): string;
}

/** A picture job of a scene module: its module's URL, the scene's name and its data. */
export interface SceneJob<D = unknown> {
  readonly kind: "scene";
  readonly from: string;
  readonly scene: string;
  readonly data: D;
  /**
   * The table whose picture this is (its channel id), when its pictures follow one another as
   * moves come: a picture thread then encodes it against that table's last one
   * (`render/png-frames.ts`). Absent: encoded on its own.
   */
  readonly frame?: string | undefined;
}

/** The data scene `S` is drawn from. */
export type SceneData<S> = S extends Scene<infer D> ? D : never;

/** A game's scenes by name, with the URL they are loaded by in a picture thread. */
export interface SceneModule<T extends Record<string, Scene<never>>> {
  readonly from: string;
  readonly scenes: T;
  /**
   * The job of scene `scene` drawn from `data`; `frame`: the table whose picture it is (its
   * channel id), for a scene that shows a table's moves one after another (`SceneJob.frame`).
   */
  job<K extends keyof T & string>(scene: K, data: SceneData<T[K]>, frame?: string): SceneJob<SceneData<T[K]>>;
}

/** The scene modules this thread has loaded, by URL. */
const LOADED = new Map<string, Readonly<Record<string, Scene<never>>>>();

/**
 * Declares the scene module at `from` (its own `import.meta.url`): registers its scenes in this
 * thread as the module loads. Throws when a module of that URL was declared already (a module
 * loaded twice: a bug).
 */
export function sceneModule<T extends Record<string, Scene<never>>>(from: string, scenes: T): SceneModule<T> {
  if (LOADED.has(from)) throw new Error(`scene module ${from} is declared twice`);
  LOADED.set(from, scenes);
  return {
    from,
    scenes,
    job: (scene, data, frame) => (frame === undefined ? { kind: "scene", from, scene, data } : { kind: "scene", from, scene, data, frame }),
  };
}

/** Loads the module of scene job `job` in this thread when it has not been yet (a picture thread's first picture of a game). */
export async function loadScene(job: SceneJob): Promise<void> {
  if (!LOADED.has(job.from)) await import(job.from);
}

/** Scene `job.scene` of a loaded module. Throws when the module is not loaded or has no such scene (a bug). */
function sceneOf(job: SceneJob): Scene<unknown> {
  const scene = LOADED.get(job.from)?.[job.scene];
  if (!scene) throw new Error(`no scene ${job.scene} in ${job.from}${LOADED.has(job.from) ? "" : " (not loaded)"}`);
  return scene as Scene<unknown>;
}

/** Draws scene job `job` (its module loaded: `loadScene`). */
export function drawScene(job: SceneJob): Canvas {
  return sceneOf(job).draw(job.data);
}

/** The alt text of scene job `job`'s picture (its module loaded: `loadScene`), undefined when its scene has none. */
export function describeScene(job: SceneJob): string | undefined {
  return sceneOf(job).describe?.(job.data);
}

/** The size of scene job `job`'s picture when it is a table scene, else undefined. */
export function sceneSize(job: SceneJob): { readonly width: number; readonly height: number } | undefined {
  return sceneOf(job).size?.(job.data);
}
