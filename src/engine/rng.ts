/**
 * Seeded randomness whose whole state is plain JSON, so it can live inside a game state.
 *
 * Generator: xoroshiro128+ from `pure-rand`; its state is four 32-bit integers that we store in
 * the game state (`RngState`). Every draw returns the next state, so engine functions stay pure
 * and a game replays exactly from its seed, its seed derivation and its move list.
 *
 * A deal's seed is text. How text becomes the generator's 128-bit state is the **seed
 * derivation**, versioned because records keep it (docs/game-record.md, "Verifying a deal"):
 * - `1` (records before 2026-12): FNV-1a to 32 bits, handed to xoroshiro128+ unmixed. Kept only
 *   so old records replay; neighbouring seeds (`cup:1:1`, `cup:1:2`) deal related games.
 * - `2` (now): SHA-256 of `rng:` and the seed's UTF-8 bytes; its first 16 bytes are the whole
 *   state. The prefix keeps the state apart from the seed's commitment (`dealCommitment`, the
 *   plain SHA-256 of the seed), which is shown while the game runs.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";

/** Serialisable generator state (as returned by pure-rand's `getState()`). */
export type RngState = readonly number[];

/** A version of how a text seed becomes a generator state (see the module's docstring). */
export type SeedDerivation = 1 | 2;

/** The derivation every new deal uses. */
export const SEED_DERIVATION: SeedDerivation = 2;

/** Every derivation a record may name, oldest first. */
export const SEED_DERIVATIONS: readonly SeedDerivation[] = [1, 2];

/**
 * Derivation 1's hash: a text seed to a 32-bit integer (FNV-1a over UTF-16 code units). Only
 * for records dealt before derivation 2 and for a game's data generated once from it.
 */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h | 0;
}

/**
 * The generator state for a text seed under `derivation` (default: the current one). Derivation
 * 2 reads the first 16 bytes of SHA-256(`rng:` + seed) as four big-endian 32-bit words; a state of all
 * zeros (never seen: probability 2^-128) would be a stuck generator, so it becomes derivation 1's.
 */
export function seedRng(seed: string, derivation: SeedDerivation = SEED_DERIVATION): RngState {
  if (derivation === 1) return [...xoroshiro128plus(hashSeed(seed)).getState()];
  const d = sha256(utf8ToBytes(`rng:${seed}`));
  const word = (i: number) => (d[i]! << 24) | (d[i + 1]! << 16) | (d[i + 2]! << 8) | d[i + 3]! | 0;
  const state = [word(0), word(4), word(8), word(12)];
  return state.every((w) => w === 0) ? [...xoroshiro128plus(hashSeed(seed)).getState()] : state;
}

/**
 * The commitment to a deal's seed: SHA-256 of its UTF-8 bytes as 64 lower-case hex digits. Shown
 * (its first `COMMITMENT_SHOWN` digits) when a table is dealt, before anyone can know the seed;
 * the seed published after the game hashes to it (docs/game-record.md, "Verifying a deal").
 */
export function dealCommitment(seed: string): string {
  return bytesToHex(sha256(utf8ToBytes(seed)));
}

/** Hex digits of a commitment shown on a table (64 bits: enough that no one can find a second seed behind them). */
export const COMMITMENT_SHOWN = 16;

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
