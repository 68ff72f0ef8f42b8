import { fieldOf, gridOf, placementProblem, type Placed } from "../../src/games/onexeno/board.ts";
import { DECK, distinctRotations, rotatePattern, type CardId } from "../../src/games/onexeno/cards.ts";
import { setupOnexeno, type OnexenoState } from "../../src/games/onexeno/game.ts";

/**
 * Finds distinct deck cards and rotations that fill `cells` (in the given order) so that
 * every card matches its neighbours, by depth-first search. Used to build hand-made tables
 * that real play could produce.
 */
export function fillCells(cells: readonly { x: number; y: number }[], avoid: readonly CardId[] = []): Placed[] {
  const used = new Set<CardId>(avoid);
  const placed: Placed[] = [];
  const go = (i: number): boolean => {
    if (i === cells.length) return true;
    const c = cells[i]!;
    const grid = gridOf(placed);
    for (const card of DECK) {
      if (used.has(card)) continue;
      for (const rot of distinctRotations(card)) {
        if (placed.length > 0) {
          const problem = placementProblem(grid, fieldOf(placed), c.x, c.y, rotatePattern(card, rot));
          if (problem !== null && problem !== "not_adjacent") continue;
        }
        used.add(card);
        placed.push({ card, rot, x: c.x, y: c.y });
        if (go(i + 1)) return true;
        placed.pop();
        used.delete(card);
      }
    }
    return false;
  };
  if (!go(0)) throw new Error("no filling found");
  return placed;
}

/** All cards of a state, wherever they are (stack, hands, table, tricks). */
export function allCards(s: OnexenoState): CardId[] {
  return [...s.stack, ...s.hands.flat(), ...s.table.map((p) => p.card), ...s.taken.flat()];
}

/**
 * A state for hand-built scenarios: a real deal for `seats`, then the table, the hands and
 * the stack replaced as given; the remaining cards go to the stack (or are dropped when
 * `stack` is given, and then parked in seat 0's tricks so the deck stays whole).
 */
export function scenario(opts: {
  seats: number;
  variant?: "basic" | "partners";
  table: Placed[];
  hands: CardId[][];
  stack?: CardId[];
  turn?: number;
}): OnexenoState {
  const base = setupOnexeno({ variant: opts.variant ?? "basic", hands: 1 }, opts.seats, "scenario");
  if (!base.ok) throw new Error(base.error.message);
  const used = new Set<CardId>([...opts.table.map((p) => p.card), ...opts.hands.flat(), ...(opts.stack ?? [])]);
  const rest = DECK.filter((c) => !used.has(c));
  const stack = opts.stack ?? rest;
  const taken = Array.from({ length: opts.seats }, (_, i) => (i === 0 && opts.stack ? rest : []));
  return {
    ...base.value,
    table: opts.table,
    hands: opts.hands,
    stack,
    taken,
    turn: opts.turn ?? 0,
    out: Array.from({ length: opts.seats }, () => false),
  };
}
