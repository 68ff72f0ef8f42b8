/**
 * Plays canasta between computer players (each from its own view), for tests and the
 * turns-per-hand figures: the final state and the turns of each hand.
 */
import { randInt, seedRng, type RngState } from "../../src/engine/rng.ts";
import { chooseCanastaMove, type CanastaComputerLevel } from "../../src/games/onexeno/canasta-computer.ts";
import { canasta, canastaView, setupCanasta, type CanastaRows, type CanastaState } from "../../src/games/onexeno/canasta.ts";

export interface Session {
  readonly final: CanastaState;
  /** Turns taken in each hand (a turn starts with a draw or a take). */
  readonly turnsPerHand: number[];
  /** Called with every state, for invariants. */
}

/** Plays one session; `check` sees every state. Throws if a computer's move is refused. */
export function playCanasta(
  levels: readonly CanastaComputerLevel[],
  seed: string,
  rows: CanastaRows = "sum",
  hands = 10,
  check?: (s: CanastaState) => void,
): Session {
  // Computers' hands are short and often negative for all, so a session to a points target
  // may never end: a session here is a fixed number of hands (target 5000, ended after `hands`).
  const target = 5000;
  const r = setupCanasta(rows === "sum" ? { target } : { target, rows }, levels.length, seed);
  if (!r.ok) throw new Error(r.error.message);
  let s = r.value;
  let rng: RngState = seedRng(`cpu:${seed}`);
  const turnsPerHand: number[] = [0];
  for (let step = 0; step < 50_000 && s.phase !== "over" && s.hand <= hands; step++) {
    const seat = s.turn;
    const move = chooseCanastaMove(canastaView(s, seat), levels[seat] as CanastaComputerLevel, rng);
    [, rng] = randInt(rng, 0, 1);
    if (move.kind === "draw" || move.kind === "take") turnsPerHand[turnsPerHand.length - 1]! += 1;
    const next = canasta.apply(s, seat, move, undefined);
    if (!next.ok) throw new Error(`${seed}: ${levels[seat]} computer's ${move.kind} refused: ${next.error.code}`);
    const hand = s.hand;
    s = { ...next.value, version: s.version + 1 };
    if (s.hand !== hand && s.phase !== "over" && s.hand <= hands) turnsPerHand.push(0);
    check?.(s);
  }
  if (s.phase !== "over" && s.hand <= hands) throw new Error(`${seed}: ${hands} hands did not end`);
  return { final: s, turnsPerHand };
}
