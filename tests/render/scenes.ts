/**
 * Deterministic game positions for golden images and benchmarks. Their deals are fixed positions,
 * dealt with seed derivation 1 (src/engine/rng.ts) as when the golden images were looked at.
 */
import { onexeno, playNow, setupOnexeno, trickPointsOf, type OnexenoMove, type OnexenoState } from "../../src/games/onexeno/game.ts";

const setup = (seats: number, variant: "basic" | "partners", hands: number, seed: string) => {
  const r = setupOnexeno({ variant, hands }, seats, seed, GOLDEN_DERIVATION);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** Plays the best-scoring legal move (then the first placement) until `stop` holds. */
export function playUntil(s0: OnexenoState, stop: (s: OnexenoState) => boolean, limit = 400): OnexenoState {
  let s = s0;
  for (let i = 0; i < limit && s.phase === "play" && !stop(s); i++) {
    const legal = onexeno.legalMoves(s, s.turn);
    const places = legal.filter((m): m is OnexenoMove & { kind: "place" } => m.kind === "place");
    const best = [...places].sort((a, b) => trickPointsOf(s, b) - trickPointsOf(s, a))[0];
    const r = playNow(s, s.turn, best ?? { kind: "pass" });
    if (!r.ok) throw new Error(r.error.message);
    s = r.value;
  }
  return s;
}

/** The seed derivation of every golden position. */
export const GOLDEN_DERIVATION = 1;

export const NAMES = ["Ada", "Ben", "Cleo", "Dev", "Émile", "Farah", "Gus"];

/** Named scenes: a fresh deal, a trick just taken, a closed partners field, a finished session. */
export function scenes(): Record<string, { state: OnexenoState; names: string[] }> {
  const fresh = setup(3, "basic", 2, "golden-fresh");
  const trick = playUntil(setup(4, "basic", 1, "golden-trick"), (s) => s.last?.trick != null);
  const closed = playUntil(setup(6, "partners", 1, "golden-closed"), (s) => {
    const xs = s.table.map((p) => p.x),
      ys = s.table.map((p) => p.y);
    return s.table.length > 0 && Math.max(...xs) - Math.min(...xs) === 4 && Math.max(...ys) - Math.min(...ys) === 4;
  });
  const over = playUntil(setup(2, "basic", 1, "golden-over"), () => false);
  return {
    fresh: { state: fresh, names: NAMES.slice(0, 3) },
    trick: { state: trick, names: NAMES.slice(0, 4) },
    closed: { state: closed, names: NAMES.slice(0, 6) },
    over: { state: over, names: NAMES.slice(0, 2) },
  };
}

import { canasta as canastaDef, canastaLegalMoves, setupCanasta, type CanastaState } from "../../src/games/onexeno/canasta.ts";

/** Plays canasta greedily (take nothing, meld the first suggestion, extend, discard the first card). */
export function canastaUntil(seats: number, seed: string, target: number, stop: (s: CanastaState) => boolean): CanastaState {
  const r = setupCanasta({ target }, seats, seed, GOLDEN_DERIVATION);
  if (!r.ok) throw new Error(r.error.message);
  let s = r.value;
  for (let i = 0; i < 5000 && s.phase !== "over" && !stop(s); i++) {
    const legal = canastaLegalMoves(s, s.turn, 5);
    const pick =
      legal.find((m) => m.kind === "draw") ??
      legal.find((m) => m.kind === "meld") ??
      legal.find((m) => m.kind === "extend") ??
      legal.find((m) => m.kind === "discard") ??
      legal[0];
    const next = canastaDef.apply(s, s.turn, pick!, undefined);
    if (!next.ok) throw new Error(next.error.message);
    s = { ...next.value, version: s.version + 1 };
  }
  return s;
}
