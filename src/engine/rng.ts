/**
 * Seeded randomness whose whole state is plain JSON, so it can live inside a game state.
 *
 * Generator: xoroshiro128+ from `pure-rand`; its state is a short array of 32-bit integers
 * that we store in the game state (`RngState`). Every draw returns the next state, so engine
 * functions stay pure and a game replays exactly from its seed and move list.
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";

/** Serialisable generator state (as returned by pure-rand's `getState()`). */
export type RngState = readonly number[];

/**
 * Hashes any text seed to a 32-bit integer (FNV-1a over UTF-16 code units), so players can
 * name deals ("friday-cup", "2026-11-21").
 */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h | 0;
}

/** The generator state for a text seed. */
export function seedRng(seed: string): RngState {
  return [...xoroshiro128plus(hashSeed(seed)).getState()];
}

/** One uniform integer in `[from, to]` (both included) and the generator's next state. */
export function randInt(state: RngState, from: number, to: number): [number, RngState] {
  const gen = xoroshiro128plusFromState(state);
  const value = uniformInt(gen, from, to);
  return [value, [...gen.getState()]];
}

/** A Fisher–Yates shuffled copy of `items` and the generator's next state. */
export function shuffle<T>(state: RngState, items: readonly T[]): [T[], RngState] {
  const gen = xoroshiro128plusFromState(state);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = uniformInt(gen, 0, i);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return [out, [...gen.getState()]];
}
