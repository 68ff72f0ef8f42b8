/**
 * Plays a Cardeno game of computers to the end through the engine, stepping the table's own
 * timetable (no clock): each state after an action goes to `onState`; returning true stops
 * early. `key` seeds the computers' timing (default: the deal's seed). For golden images, the
 * bench and simulations.
 */
import { applyAction } from "../../src/engine/definition.ts";
import type { ComputerLevel } from "../../src/engine/definition.ts";
import { cardeno, type CardenoConfig, type CardenoState } from "../../src/games/cardeno/game.ts";
import { cardenoRealtime } from "../../src/games/cardeno/computer.ts";
import type { SeedDerivation } from "../../src/engine/rng.ts";

/** The last state reached (the final one unless `onState` stopped the game). */
export function playCardeno(
  config: CardenoConfig,
  levels: readonly ComputerLevel[],
  seed: string,
  onState: (s: CardenoState) => boolean | void = () => {},
  key: string = seed,
  derivation?: SeedDerivation,
): CardenoState {
  const setup = cardeno.setup(config, levels.length, seed, derivation);
  if (!setup.ok) throw new Error(setup.error.code);
  let s = setup.value;
  let now = 1_800_000_000_000;
  while (cardeno.outcome(s) === null) {
    const a = cardenoRealtime.next(s, levels, key, now);
    if (!a) {
      now = cardenoRealtime.dueAt(s, levels, key)!;
      continue;
    }
    const r = applyAction(cardeno, s, { seat: a.seat, move: a.move, version: s.version, at: a.at });
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    s = r.value;
    if (onState(s) === true) break;
  }
  return s;
}
