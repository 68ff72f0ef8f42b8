/**
 * ONEXENO solitaire as a pure game definition.
 *
 * Source: docs/rules/onexeno-solitaire.md (Start Up, Placing Cards, Playing Field, The End Game, The Score) as ruled
 * in docs/rules/onexeno-solitaire.md "ONEXENO solitaire". Rulings made here (also in that document):
 * - the first card lies at (0, 0) as it comes off the deck; on its own it is not a square,
 *   so the score stays 0 until a 2x2 is complete;
 * - a placement must share an edge with a card (the basic rule) and lie inside the field;
 * - if one placement completes several squares of the next size, the first in reading
 *   order (top row first, then leftmost) becomes the square and sets the new field;
 * - "Draw" turns up to three cards from the stock onto the waste; with the stock empty it
 *   turns the waste over into the stock and draws. If no card was played since the last
 *   turn-over (or since the start), that turn-over would begin a pass like the one before:
 *   the game ends instead ("stuck").
 */
import type { GameDefinition, Outcome } from "../../engine/definition.ts";
import { err, ok, type Result } from "../../engine/result.ts";
import { seedRng, shuffle, type SeedDerivation } from "../../engine/rng.ts";
import { fieldOf, gridOf, legalPlacements, placedPattern, placementProblem, type Placed } from "./board.ts";
import { cardValue, DECK, rotatePattern, type CardId, type Rotation } from "./cards.ts";

/** Cards turned per draw. */
export const DRAW_COUNT = 3;
/** The winning square. */
export const TARGET_SQUARE = 8;

/** A rectangle of cells (inclusive bounds). */
export interface Box {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

/** Moves: draw (or turn the waste over and draw), place the top waste card, resign. */
export type SolitaireMove =
  | { readonly kind: "draw" }
  | { readonly kind: "place"; readonly x: number; readonly y: number; readonly rot: Rotation }
  | { readonly kind: "resign" };

/** How a game ended. */
export type SolitaireEnd = "won" | "stuck" | "resigned";

/** Full state. `stock[0]` is the top of the face-down stock; `waste.at(-1)` is the top of the waste. */
export interface SolitaireState {
  readonly schema: 1;
  readonly version: number;
  readonly game: "onexeno-solitaire";
  readonly seed: string;
  readonly stock: readonly CardId[];
  readonly waste: readonly CardId[];
  readonly table: readonly Placed[];
  /** Side of the largest completed square (1 = only the first card). */
  readonly square: number;
  /** Where the largest completed square lies (null while square = 1). */
  readonly squareBox: Box | null;
  /** Where cards may go now. */
  readonly field: Box;
  /** A card was played since the last turn-over (or the start). */
  readonly playedThisPass: boolean;
  /** Number of times the waste was turned over. */
  readonly passes: number;
  readonly phase: "play" | "over";
  readonly end: SolitaireEnd | null;
  readonly last: {
    readonly kind: "draw" | "place" | "resign" | "turnover";
    readonly placed: Placed | null;
    readonly completed: number | null;
  } | null;
}

/** What the player (and watchers) see: the stock's order stays hidden. */
export interface SolitaireView {
  readonly game: "onexeno-solitaire";
  readonly version: number;
  readonly seed: string;
  readonly stockCount: number;
  readonly wasteCount: number;
  /** Up to three top waste cards, the playable one last. */
  readonly wasteTop: readonly CardId[];
  readonly table: readonly Placed[];
  readonly square: number;
  readonly squareBox: Box | null;
  readonly field: Box;
  readonly passes: number;
  readonly playedThisPass: boolean;
  readonly score: number;
  readonly phase: "play" | "over";
  readonly end: SolitaireEnd | null;
  readonly last: SolitaireState["last"];
}

const boxAround = (b: Box, margin: number): Box => ({
  minX: b.minX - margin,
  maxX: b.maxX + margin,
  minY: b.minY - margin,
  maxY: b.maxY + margin,
});
const inBox = (b: Box, x: number, y: number) => x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY;
/** Solitaire has no 5x5 limit: its own field (a box) bounds placements. */
const NO_LIMIT = Number.POSITIVE_INFINITY;

/** Deals a game from a text seed: shuffle, first card face up at (0, 0), the rest is the stock. */
export function setupSolitaire(seed: string, derivation?: SeedDerivation): SolitaireState {
  const [deck] = shuffle(seedRng(`solitaire:${seed}`, derivation), DECK);
  const first = deck[0] as CardId;
  return {
    schema: 1,
    version: 0,
    game: "onexeno-solitaire",
    seed,
    stock: deck.slice(1),
    waste: [],
    table: [{ card: first, rot: 0, x: 0, y: 0 }],
    square: 1,
    squareBox: null,
    field: { minX: -1, maxX: 1, minY: -1, maxY: 1 },
    playedThisPass: false,
    passes: 0,
    phase: "play",
    end: null,
    last: null,
  };
}

/** Score: the sum of the values of the cards in the largest completed square (0 before 2x2). */
export function solitaireScore(state: { table: readonly Placed[]; squareBox: Box | null }): number {
  const b = state.squareBox;
  if (!b) return 0;
  return state.table.filter((p) => inBox(b, p.x, p.y)).reduce((s, p) => s + cardValue(p.card), 0);
}

/** The top waste card, if any. */
export function topWaste(state: { waste: readonly CardId[] }): CardId | null {
  return state.waste.length ? (state.waste[state.waste.length - 1] as CardId) : null;
}

/** Legal placements of the top waste card inside the field. */
export function wastePlacements(
  state: Pick<SolitaireState, "table" | "waste" | "field" | "phase">,
): { x: number; y: number; rot: Rotation }[] {
  const card = topWaste(state);
  if (card === null || state.phase !== "play") return [];
  const grid = gridOf(state.table);
  return legalPlacements(state.table, grid, fieldOf(state.table), card, NO_LIMIT).filter((p) => inBox(state.field, p.x, p.y));
}

/** Finds the first completed k x k square (reading order) inside `field` on `table`. */
export function findSquare(table: readonly Placed[], field: Box, k: number): Box | null {
  const grid = gridOf(table);
  for (let y0 = field.minY; y0 + k - 1 <= field.maxY; y0++) {
    for (let x0 = field.minX; x0 + k - 1 <= field.maxX; x0++) {
      let full = true;
      for (let y = y0; y < y0 + k && full; y++) for (let x = x0; x < x0 + k && full; x++) if (!grid.has(`${x},${y}`)) full = false;
      if (full) return { minX: x0, maxX: x0 + k - 1, minY: y0, maxY: y0 + k - 1 };
    }
  }
  return null;
}

function place(state: SolitaireState, move: { x: number; y: number; rot: Rotation }): Result<SolitaireState> {
  const card = topWaste(state);
  if (card === null) return err("solitaire/no_card", "The waste is empty: draw first.");
  if (![0, 1, 2, 3].includes(move.rot) || !Number.isInteger(move.x) || !Number.isInteger(move.y)) {
    return err("solitaire/bad_position", "That is not a position on the table.");
  }
  if (!inBox(state.field, move.x, move.y)) return err("solitaire/outside_field", "That cell is outside the field (the dashed frame).");
  const problem = placementProblem(gridOf(state.table), fieldOf(state.table), move.x, move.y, rotatePattern(card, move.rot), NO_LIMIT);
  if (problem === "occupied") return err("solitaire/occupied", "That cell already holds a card.");
  if (problem === "not_adjacent") return err("solitaire/not_adjacent", "A new card must share an edge with a card on the table.");
  if (problem === "no_match") return err("solitaire/no_match", "The colours do not match a neighbouring card there.");
  const placed: Placed = { card, rot: move.rot, x: move.x, y: move.y };
  const table = [...state.table, placed];
  let { square, squareBox, field } = state;
  let completed: number | null = null;
  for (;;) {
    const found = findSquare(table, field, square + 1);
    if (!found) break;
    square += 1;
    squareBox = found;
    field = boxAround(found, 1);
    completed = square;
  }
  const won = square >= TARGET_SQUARE;
  return ok({
    ...state,
    table,
    waste: state.waste.slice(0, -1),
    square,
    squareBox,
    field,
    playedThisPass: true,
    phase: won ? "over" : "play",
    end: won ? "won" : null,
    last: { kind: "place", placed, completed },
  });
}

function draw(state: SolitaireState): SolitaireState {
  if (state.stock.length > 0) {
    const n = Math.min(DRAW_COUNT, state.stock.length);
    const turned = state.stock.slice(0, n);
    return {
      ...state,
      stock: state.stock.slice(n),
      waste: [...state.waste, ...turned],
      last: { kind: "draw", placed: null, completed: null },
    };
  }
  if (state.waste.length === 0 || !state.playedThisPass) {
    return { ...state, phase: "over", end: "stuck", last: { kind: "turnover", placed: null, completed: null } };
  }
  const stock = [...state.waste];
  const n = Math.min(DRAW_COUNT, stock.length);
  return {
    ...state,
    stock: stock.slice(n),
    waste: stock.slice(0, n),
    playedThisPass: false,
    passes: state.passes + 1,
    last: { kind: "turnover", placed: null, completed: null },
  };
}

/** Applies a move (the owner is seat 0). */
export function applySolitaire(state: SolitaireState, move: SolitaireMove): Result<SolitaireState> {
  if (state.phase !== "play") return err("action/game_over", "This game is over.");
  switch (move.kind) {
    case "draw":
      return ok(draw(state));
    case "resign":
      return ok({ ...state, phase: "over", end: "resigned", last: { kind: "resign", placed: null, completed: null } });
    case "place":
      return place(state, move);
    default:
      return err("solitaire/bad_move", "Unknown move.");
  }
}

/** Every legal move: each placement of the top waste card, then draw, then resign. */
export function solitaireLegalMoves(state: SolitaireState): SolitaireMove[] {
  if (state.phase !== "play") return [];
  return [...wastePlacements(state).map((p) => ({ kind: "place" as const, ...p })), { kind: "draw" }, { kind: "resign" }];
}

/** The view (the same for the owner and watchers: nothing in solitaire is private but the stock order). */
export function solitaireView(state: SolitaireState): SolitaireView {
  return {
    game: "onexeno-solitaire",
    version: state.version,
    seed: state.seed,
    stockCount: state.stock.length,
    wasteCount: state.waste.length,
    wasteTop: state.waste.slice(-3),
    table: state.table,
    square: state.square,
    squareBox: state.squareBox,
    field: state.field,
    passes: state.passes,
    playedThisPass: state.playedThisPass,
    score: solitaireScore(state),
    phase: state.phase,
    end: state.end,
    last: state.last,
  };
}

/**
 * A hint: the placement of the top waste card that completes a square if one does, else the
 * one that fills most of the next square's best block; null when drawing is the only move.
 */
export function solitaireHint(state: SolitaireState): { x: number; y: number; rot: Rotation } | null {
  const places = wastePlacements(state);
  if (places.length === 0) return null;
  let best = places[0] as { x: number; y: number; rot: Rotation };
  let bestScore = -Infinity;
  for (const p of places) {
    const score = progressOf([...state.table, { card: 0, rot: 0, x: p.x, y: p.y }], state.field, state.square + 1);
    if (score > bestScore) {
      bestScore = score;
      best = p;
    }
  }
  return best;
}

/** Cards in the fullest (k x k) block inside `field`: how close the next square is. */
export function progressOf(table: readonly Placed[], field: Box, k: number): number {
  const grid = gridOf(table);
  let best = 0;
  for (let y0 = field.minY; y0 + k - 1 <= field.maxY; y0++) {
    for (let x0 = field.minX; x0 + k - 1 <= field.maxX; x0++) {
      let n = 0;
      for (let y = y0; y < y0 + k; y++) for (let x = x0; x < x0 + k; x++) if (grid.has(`${x},${y}`)) n++;
      best = Math.max(best, n);
    }
  }
  return best;
}

/** Solitaire as a one-seat game definition. */
export const onexenoSolitaire: GameDefinition<SolitaireState, SolitaireMove, SolitaireView, { seed: string }> = {
  id: "onexeno-solitaire",
  seatCounts: () => [1],
  setup: (config, seats, _seed, derivation) =>
    seats === 1 ? ok(setupSolitaire(config.seed, derivation)) : err("solitaire/one_player", "Solitaire is for one player."),
  actors: (state) => (state.phase === "play" ? [0] : []),
  legalMoves: (state, seat) => (seat === 0 ? solitaireLegalMoves(state) : []),
  apply: (state, _seat, move) => applySolitaire(state, move),
  view: (state) => solitaireView(state),
  outcome: (state): Outcome | null =>
    state.phase === "over" ? { scores: [solitaireScore(state)], winners: state.end === "won" ? [0] : [] } : null,
};

export { placedPattern };
