/**
 * Canasta states for tests and the benchmark: an 8-player two-deck hand whose face-up pile
 * has grown to `pileSize` cards (the worst case for the take check and the move listing).
 */
import { shuffle, seedRng } from "../../src/engine/rng.ts";
import { canastaDeck, setupCanasta, type CanastaState, type CardInst } from "../../src/games/onexeno/canasta.ts";

/** A seeded 8-player two-deck state in the draw phase with a face-up pile of `pileSize` cards. */
export function bigPileState(seed: string, pileSize = 41): CanastaState {
  const base = setupCanasta({ target: 500 }, 8, seed);
  if (!base.ok) throw new Error(base.error.message);
  const s0 = base.value;
  const [deck] = shuffle(seedRng(`pile:${seed}`), canastaDeck(2));
  const mine = deck.slice(0, 15);
  const pile = deck.slice(15, 15 + pileSize);
  const rest: CardInst[] = deck.slice(15 + pileSize);
  const others = Math.floor(rest.length / 8);
  const hands = s0.hands.map((_, i) => (i === s0.turn ? mine : rest.splice(0, others)));
  return { ...s0, phase: "draw", hands, pile, stack: rest, rows: s0.rows.map(() => []), xenos: s0.xenos.map(() => []), mustMeld: null };
}
