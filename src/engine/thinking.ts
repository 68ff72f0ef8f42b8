/**
 * A computer's search as a job that may run on another thread (issue 66): the host hands a
 * *thought job* (the module that searches, by URL; the search's name; its plain input, the seat's
 * view; the random seed) to a worker thread, which imports the module by that URL (its searches
 * register as it loads, as a game's picture scenes do: render/scenes.ts) and runs the search
 * there. The thread pool and the table layer name no game: a game's module declares its searches
 * once (`thoughtModule(import.meta.url, { expert: … })`) and makes jobs with them.
 *
 * A search is pure and seeded: the same input and seed give the same move on any thread, so a
 * move thought on a worker is the move the game's `computerMove` plays inline for the same seed.
 */
import { seedRng, type RngState } from "./rng.ts";

/** One search: a move from its plain input (a seat's view) and a random state. Pure. */
export type Search<I, M> = (input: I, rng: RngState) => M;

/** A thought job: its module's URL, the search's name, its input (structured-clonable) and the seed of its random state. */
export interface ThoughtJob<I = unknown> {
  readonly kind: "thought";
  readonly from: string;
  readonly search: string;
  readonly input: I;
  /** Seeds the search's random state (`seedRng`). */
  readonly seed: string;
}

/** The input search `S` reads. */
export type SearchInput<S> = S extends Search<infer I, unknown> ? I : never;

/** A game's searches by name, with the URL they are loaded by on a worker thread. */
export interface ThoughtModule<T extends Record<string, Search<never, unknown>>> {
  readonly from: string;
  /** The job of search `search` from `input`, its random state seeded by `seed`. */
  job<K extends keyof T & string>(search: K, input: SearchInput<T[K]>, seed: string): ThoughtJob<SearchInput<T[K]>>;
}

/** The thought modules this thread has loaded, by URL. */
const LOADED = new Map<string, Readonly<Record<string, Search<never, unknown>>>>();

/**
 * Declares the searches of the module at `from` (its own `import.meta.url`): registers them in
 * this thread as the module loads. A module loaded again under the same URL (a test runner's
 * fresh module graph) replaces its entry.
 */
export function thoughtModule<T extends Record<string, Search<never, unknown>>>(from: string, searches: T): ThoughtModule<T> {
  LOADED.set(from, searches);
  return { from, job: (search, input, seed) => ({ kind: "thought", from, search, input, seed }) };
}

/**
 * Runs thought job `job` on this thread: loads its module when this thread has not yet, and
 * returns the search's move. Rejects when the module declares no such search (a bug).
 */
export async function think(job: ThoughtJob): Promise<unknown> {
  if (!LOADED.has(job.from)) await import(job.from);
  const search = LOADED.get(job.from)?.[job.search] as Search<unknown, unknown> | undefined;
  if (!search) throw new Error(`no search ${job.search} in ${job.from}`);
  return search(job.input, seedRng(job.seed));
}
