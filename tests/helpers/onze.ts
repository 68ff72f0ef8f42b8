/** Helpers for Onze tests: cards by name, and seeded playouts of computer players. */
import { applyAction } from "../../src/engine/definition.ts";
import { type SeedDerivation, seedRng } from "../../src/engine/rng.ts";
import { parseFace, type Card } from "../../src/games/onze/cards.ts";
import type { ComputerLevel } from "../../src/engine/definition.ts";
import { usualLevel } from "../../src/games/catalogue.ts";
import { chooseOnzeMove, onzeWantsOutOfTurn } from "../../src/games/onze/computer.ts";
import { expertOnzeMove, expertWantsOutOfTurn } from "../../src/games/onze/expert.ts";
import { onze, onzeView, setupOnze, type OnzeMove, type OnzeState } from "../../src/games/onze/game.ts";

/** A card by its name (`7h`, `As`, `joker`), from deck copy `copy` (0 or 1; jokers 0..3). */
export function c(name: string, copy = 0): Card {
  const face = parseFace(name);
  if (face === null) throw new Error(`no card ${name}`);
  return face === 52 ? 104 + copy : face + 52 * copy;
}

/** Cards by names separated by spaces; `name*` takes the second deck's copy. */
export function cs(names: string): Card[] {
  const jokers = { n: 0 };
  return names
    .split(/\s+/)
    .filter(Boolean)
    .map((n) => (n === "joker" ? c(n, jokers.n++) : n.endsWith("*") ? c(n.slice(0, -1), 1) : c(n)));
}

export interface OnzePlayout {
  readonly final: OnzeState;
  readonly moves: number;
  readonly buys: number;
}

/**
 * Plays a whole game between computers of `levels` from `seed`, calling `check` after every
 * action. Out-of-turn claims are offered to every other seat before each move of the active one.
 */
export function playOnze(
  levels: readonly ComputerLevel[],
  seed: string,
  check?: (s: OnzeState, move: OnzeMove, seat: number, before: OnzeState) => void,
  derivation?: SeedDerivation,
): OnzePlayout {
  const setup = setupOnze({}, levels.length, seed, derivation);
  if (!setup.ok) throw new Error(setup.error.message);
  let s = setup.value;
  let moves = 0;
  let buys = 0;
  const apply = (seat: number, move: OnzeMove) => {
    const next = applyAction(onze, s, { seat, move, version: s.version });
    if (!next.ok) throw new Error(`${seed}: seat ${seat} ${JSON.stringify(move)} refused: ${next.error.code}`);
    const before = s;
    s = next.value;
    moves++;
    if (s.last.some((l) => l.kind === "bought")) buys++;
    check?.(s, move, seat, before);
  };
  while (s.phase !== "over") {
    if (moves > 20_000) throw new Error(`${seed}: no end after ${moves} moves`);
    for (let k = 1; k < s.seats; k++) {
      const seat = (s.turn + k) % s.seats;
      const lv = levels[seat] as ComputerLevel;
      const v = onzeView(s, seat);
      if (s.forSale !== null && (lv === "expert" ? expertWantsOutOfTurn(v) : onzeWantsOutOfTurn(v, usualLevel(lv))))
        apply(seat, { kind: "claim" });
    }
    const seat = s.turn;
    const level = levels[seat] as ComputerLevel;
    const rng = seedRng(`${seed}:${s.version}`, derivation);
    apply(seat, level === "expert" ? expertOnzeMove(onzeView(s, seat), rng) : chooseOnzeMove(onzeView(s, seat), usualLevel(level), rng));
  }
  return { final: s, moves, buys };
}
