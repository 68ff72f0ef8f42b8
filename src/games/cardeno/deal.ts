/**
 * Cardeno's deal: table options with their defaults, and each round's deal (faces, pile, empty
 * boards and score sheet) from the table's seeded generator.
 */
import { err, ok, type Result } from "../../engine/result.ts";
import { shuffle } from "../../engine/rng.ts";
import { CARDENO_DATA, CELLS } from "./pieces.ts";
import { type CardenoConfig, type CardenoVariant, COUNTDOWN_MS, type RoundScore, type CardenoState } from "./types.ts";

/** n zeros. */
export const zeros = (n: number) => new Array<number>(n).fill(0);
/** An empty score sheet for n seats. */
export const emptyScore = (n: number): RoundScore => ({ cardeno: zeros(n), double: zeros(n), poker: zeros(n), full: zeros(n) });

/** Table options with defaults, or a refusal for values out of range. */
export function cardenoOptions(config: CardenoConfig): Result<{ rounds: number; variant: CardenoVariant; paceMs: number }> {
  const rounds = config.rounds ?? 5;
  const pace = config.pace ?? 3;
  const variant = config.variant ?? "standard";
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10) return err("cardeno/bad_rounds", "Rounds: a whole number from 1 to 10.");
  if (!Number.isFinite(pace) || pace < 1 || pace > 10) return err("cardeno/bad_pace", "Pace: from 1 to 10 seconds between pieces.");
  if (variant !== "standard" && variant !== "full-board") return err("cardeno/bad_variant", "Variant: standard or full-board.");
  return ok({ rounds, variant, paceMs: Math.round(pace * 1000) });
}

/** Deals a round: boards shuffled to the seats (this round's parity), all 150 pieces shuffled into the pile. */
export function deal(s: CardenoState, round: number, at: number | null): CardenoState {
  let rng = s.rng;
  let boards: number[];
  [boards, rng] = shuffle(rng, [0, 1, 2, 3, 4, 5]);
  let pile: number[];
  [pile, rng] = shuffle(
    rng,
    CARDENO_DATA.pieces.map((p) => p.id),
  );
  const parity = round % 2 === 1 ? 1 : 2; // odd faces in odd rounds
  const n = s.seats;
  return {
    ...s,
    rng,
    round,
    phase: "countdown",
    phaseAt: at,
    until: at === null ? null : at + COUNTDOWN_MS,
    faces: boards.slice(0, n).map((b) => 2 * b + parity),
    pile,
    centre: [],
    nextCallAt: null,
    boards: Array.from({ length: n }, () => new Array<number | null>(CELLS).fill(null)),
    locked: zeros(n),
    grabbedAt: zeros(n),
    lastGrabAt: at ?? 0,
    cardeno: null,
    double: null,
    hands: new Array(n).fill(null),
    ready: new Array(n).fill(false),
    current: emptyScore(n),
    ended: null,
  };
}
