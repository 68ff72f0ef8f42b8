/**
 * ONEXENO basic (2..7 players) and partners (2 or 3 teams of two) as a pure game definition.
 *
 * Source: docs/rules/onexeno.md (Start Up, The Deal, Player Turns, Taking Tricks, The Playing Field,
 * The End Game, The Score, The Partners Game) as ruled in docs/rules/onexeno.md "ONEXENO basic" and
 * "ONEXENO partners". Rulings made here (also in docs/rules/onexeno.md):
 * - the draw at the start of a turn is automatic (it is never a choice);
 * - a pass locks the player out for the rest of the hand when the stack is empty at that
 *   moment (the end game); in partners the partner is locked out with them;
 * - after a trick empties the table, the next card goes to the centre (0, 0);
 * - with no card on the table a player holding cards must place one ("Player Turns": the
 *   card goes in the centre), so a pass is refused there (`onexeno/must_place`) and never
 *   locks anyone out.
 */
import { applyAction, type GameDefinition, type Outcome } from "../../engine/definition.ts";
import { err, ok, type Result } from "../../engine/result.ts";
import { drawForDealer } from "../../engine/dealer.ts";
import { randInt, seedRng, shuffle, type RngState, type SeedDerivation } from "../../engine/rng.ts";
import {
  completedLines,
  fieldOf,
  gridOf,
  legalPlacements,
  placedPattern,
  placementProblem,
  type Field,
  type Placed,
  type PlacementProblem,
} from "./board.ts";
import { cardValue, DECK, isCardId, rotatePattern, type CardId, type Rotation } from "./cards.ts";
export * from "./types.ts";
import {
  type OnexenoVariant,
  HAND_SIZE,
  MAX_HANDS,
  type OnexenoConfig,
  type OnexenoMove,
  type TrickTaken,
  type LastMove,
  type DealerDrawRound,
  type OnexenoState,
  type OnexenoView,
} from "./types.ts";

/** Seat counts allowed per variant. */
export function seatCountsFor(variant: OnexenoVariant): readonly number[] {
  return variant === "partners" ? [4, 6] : [2, 3, 4, 5, 6, 7];
}

/** Team of a seat in partners: partners sit opposite (seat i and i + n/2). */
export function teamOf(seat: number, seats: number): number {
  return seat % (seats / 2);
}

const sum = (cards: readonly CardId[]) => cards.reduce((s, c) => s + cardValue(c), 0);

/** Draws the first dealer: everyone draws, highest value deals, ties redraw among the tied. */
function drawDealer(rng: RngState, seats: number): { dealer: number; rounds: DealerDrawRound[]; rng: RngState } {
  return drawForDealer(rng, seats, DECK, cardValue);
}

/** Shuffles and deals one hand: 5 each starting left of the dealer, one card face up. */
function dealHand(
  base: Omit<OnexenoState, "stack" | "hands" | "table" | "taken" | "turn" | "out" | "rng"> & { rng: RngState },
): OnexenoState {
  const [deck, rng] = shuffle(base.rng, DECK);
  const n = base.seats;
  const hands: CardId[][] = Array.from({ length: n }, () => []);
  let top = 0;
  for (let round = 0; round < HAND_SIZE; round++) {
    for (let k = 1; k <= n; k++) hands[(base.dealer + k) % n]?.push(deck[top++] as CardId);
  }
  const first = deck[top++] as CardId;
  const [rot, rng2] = randInt(rng, 0, 3);
  const stack = deck.slice(top);
  const turn = (base.dealer + 1) % n;
  const state: OnexenoState = {
    ...base,
    rng: rng2,
    stack,
    hands,
    table: [{ card: first, rot: rot as Rotation, x: 0, y: 0 }],
    taken: Array.from({ length: n }, () => []),
    turn,
    out: Array.from({ length: n }, () => false),
  };
  return drawFor(state, turn);
}

/** The seat to move draws the top card of the stack, if any (start of a turn). */
function drawFor(state: OnexenoState, seat: number): OnexenoState {
  if (state.stack.length === 0) return state;
  const [card, ...rest] = state.stack;
  const hands = state.hands.map((h, i) => (i === seat ? [...h, card as CardId] : h));
  return { ...state, stack: rest, hands };
}

/** Deals a new session. Refuses a seat count or hand count the variant does not allow. */
export function setupOnexeno(config: OnexenoConfig, seats: number, seed: string, derivation?: SeedDerivation): Result<OnexenoState> {
  if (!seatCountsFor(config.variant).includes(seats)) {
    return config.variant === "partners"
      ? err("onexeno/bad_seat_count", "ONEXENO partners needs 2 or 3 teams of two (4 or 6 players).", { context: "partners" })
      : err("onexeno/bad_seat_count", "ONEXENO needs 2 to 7 players.");
  }
  if (!Number.isInteger(config.hands) || config.hands < 1 || config.hands > MAX_HANDS) {
    return err("onexeno/bad_hand_count", `A session lasts 1 to ${MAX_HANDS} hands.`, { max: MAX_HANDS });
  }
  const drawn = drawDealer(seedRng(seed, derivation), seats);
  return ok(
    dealHand({
      schema: 1,
      version: 0,
      game: "onexeno",
      variant: config.variant,
      seats,
      rng: drawn.rng,
      handsTotal: config.hands,
      hand: 1,
      dealer: drawn.dealer,
      dealerDraw: drawn.rounds,
      totals: Array.from({ length: seats }, () => 0),
      results: [],
      last: null,
      phase: "play",
    }),
  );
}

/** Scores the hand, then deals the next one (deal passes left) or ends the session. */
function finishHand(state: OnexenoState, wentOut: number | null): OnexenoState {
  const taken = state.taken.map(sum);
  const inHand = state.hands.map(sum);
  const scores = taken.map((t, i) => t - (inHand[i] as number));
  const totals = state.totals.map((t, i) => t + (scores[i] as number));
  const results = [...state.results, { hand: state.hand, taken, inHand, scores, wentOut }];
  if (state.hand >= state.handsTotal) return { ...state, totals, results, phase: "over" };
  return dealHand({
    ...state,
    hand: state.hand + 1,
    dealer: (state.dealer + 1) % state.seats,
    totals,
    results,
  });
}

/** Next seat after `from` that is still in play, or null if everyone is out. */
function nextActive(out: readonly boolean[], from: number): number | null {
  const n = out.length;
  for (let k = 1; k <= n; k++) {
    const s = (from + k) % n;
    if (!out[s]) return s;
  }
  return null;
}

/** Ends the current turn: the next seat in play draws and moves, or the hand ends. */
function advance(state: OnexenoState): OnexenoState {
  const next = nextActive(state.out, state.turn);
  if (next === null) return finishHand(state, null);
  return drawFor({ ...state, turn: next }, next);
}

/** Applies a placement or a pass by the seat to move (checks done by `applyAction`). */
function applyMove(state: OnexenoState, seat: number, move: OnexenoMove): Result<OnexenoState> {
  if (move.kind === "pass") {
    if (!passAllowed(state.table, state.hands[seat] ?? [])) {
      return err("onexeno/must_place", "The table is empty, so you must place a card in the centre: passing is not allowed.");
    }
    const lockedOut: number[] = [];
    let out = state.out;
    if (state.stack.length === 0) {
      out = out.map((o, i) => o || i === seat || (state.variant === "partners" && teamOf(i, state.seats) === teamOf(seat, state.seats)));
      out.forEach((o, i) => {
        if (o && !state.out[i]) lockedOut.push(i);
      });
    }
    const last: LastMove = { seat, kind: "pass", placed: null, trick: null, lockedOut, wentOut: false };
    return ok(advance({ ...state, out, last }));
  }
  const hand = state.hands[seat] ?? [];
  if (!isCardId(move.card) || !hand.includes(move.card)) {
    return err("onexeno/card_not_in_hand", "That card is not in your hand.");
  }
  if (![0, 1, 2, 3].includes(move.rot) || !Number.isInteger(move.x) || !Number.isInteger(move.y)) {
    return err("onexeno/bad_position", "That is not a position on the table.");
  }
  const grid = gridOf(state.table);
  const field = fieldOf(state.table);
  const problem = placementProblem(grid, field, move.x, move.y, rotatePattern(move.card, move.rot));
  if (problem !== null) return err(`onexeno/${problem}`, PROBLEM_TEXT[problem]);

  const placed: Placed = { card: move.card, rot: move.rot, x: move.x, y: move.y };
  const table = [...state.table, placed];
  const grid2 = gridOf(table);
  const lines = completedLines(grid2, fieldOf(table) as Field, move.x, move.y);
  const removed = new Set<string>();
  for (const l of lines) for (const c of l.cells) removed.add(`${c.x},${c.y}`);
  const trickCards = table.filter((p) => removed.has(`${p.x},${p.y}`));
  const remaining = table.filter((p) => !removed.has(`${p.x},${p.y}`));
  const newHand = hand.filter((c) => c !== move.card);
  const hands = state.hands.map((h, i) => (i === seat ? newHand : h));
  const taken = state.taken.map((t, i) => (i === seat ? [...t, ...trickCards.map((p) => p.card)] : t));
  const trick: TrickTaken | null =
    lines.length === 0 ? null : { lines: lines.map((l) => l.kind), cards: trickCards, points: sum(trickCards.map((p) => p.card)) };
  const wentOut = newHand.length === 0;
  const last: LastMove = { seat, kind: "place", placed, trick, lockedOut: [], wentOut };
  const next: OnexenoState = { ...state, table: remaining, hands, taken, last };
  return ok(wentOut ? finishHand(next, seat) : advance(next));
}

const PROBLEM_TEXT: Record<PlacementProblem, string> = {
  occupied: "That cell already holds a card.",
  not_adjacent: "A new card must share an edge with a card on the table.",
  no_match: "The colours do not match a neighbouring card there (edges and touching corners must match).",
  field_limit: "The field may not grow past 5 columns or 5 rows.",
};

/**
 * May a player holding `hand` pass with `table` on the table? Not when the table is empty
 * and the hand is not: docs/rules/onexeno.md "Player Turns" says a card must then be placed in the centre.
 */
export function passAllowed(table: readonly Placed[], hand: readonly CardId[]): boolean {
  return table.length > 0 || hand.length === 0;
}

/** Every placement of every card of `hand` on `table`, then pass where allowed: the legal moves of a turn. */
export function movesFor(table: readonly Placed[], hand: readonly CardId[]): OnexenoMove[] {
  const grid = gridOf(table);
  const field = fieldOf(table);
  const moves: OnexenoMove[] = [];
  for (const card of hand) {
    for (const p of legalPlacements(table, grid, field, card)) moves.push({ kind: "place", card, ...p });
  }
  if (passAllowed(table, hand)) moves.push({ kind: "pass" });
  return moves;
}

/** Every legal move of the seat to move: each placement of each hand card, then pass. */
export function onexenoLegalMoves(state: OnexenoState, seat: number): OnexenoMove[] {
  if (state.phase !== "play" || seat !== state.turn) return [];
  return movesFor(state.table, state.hands[seat] ?? []);
}

/**
 * The legal moves as seen from a player view (its own hand and the public table): what a
 * computer player may use, so it never needs the full state.
 */
export function viewLegalMoves(view: OnexenoView): OnexenoMove[] {
  if (view.phase !== "play" || view.viewer === null || view.viewer !== view.turn) return [];
  return movesFor(view.table, view.myHand ?? []);
}

/** The view of one seat (null = spectator): hands reduced to counts except the viewer's. */
export function onexenoView(state: OnexenoState, seat: number | null): OnexenoView {
  return {
    game: "onexeno",
    variant: state.variant,
    version: state.version,
    seats: state.seats,
    viewer: seat,
    hand: state.hand,
    handsTotal: state.handsTotal,
    dealer: state.dealer,
    dealerDraw: state.dealerDraw,
    turn: state.turn,
    phase: state.phase,
    stackCount: state.stack.length,
    table: state.table,
    field: fieldOf(state.table),
    handSizes: state.hands.map((h) => h.length),
    takenPoints: state.taken.map(sum),
    takenCounts: state.taken.map((t) => t.length),
    takenCards: state.taken,
    out: state.out,
    totals: state.totals,
    results: state.results,
    last: state.last,
    teamOf: state.variant === "partners" ? state.hands.map((_, i) => teamOf(i, state.seats)) : null,
    myHand: seat === null ? null : [...(state.hands[seat] ?? [])],
  };
}

/** Final scores per seat (partners: each seat carries its team's total) and winners. */
export function onexenoOutcome(state: OnexenoState): Outcome | null {
  if (state.phase !== "over") return null;
  const scores =
    state.variant === "partners"
      ? state.totals.map((_, i) => state.totals.reduce((s, t, j) => (teamOf(j, state.seats) === teamOf(i, state.seats) ? s + t : s), 0))
      : [...state.totals];
  const best = Math.max(...scores);
  return { scores, winners: scores.flatMap((s, i) => (s === best ? [i] : [])) };
}

/** ONEXENO basic and partners. */
export const onexeno: GameDefinition<OnexenoState, OnexenoMove, OnexenoView, OnexenoConfig> = {
  id: "onexeno",
  seatCounts: (config) => seatCountsFor(config.variant),
  setup: setupOnexeno,
  actors: (state) => (state.phase === "play" ? [state.turn] : []),
  legalMoves: onexenoLegalMoves,
  apply: (state, seat, move) => applyMove(state, seat, move),
  view: onexenoView,
  outcome: onexenoOutcome,
};

/** Applies `move` for `seat` at the state's current version (helper for tests and bots). */
export function playNow(state: OnexenoState, seat: number, move: OnexenoMove): Result<OnexenoState> {
  return applyAction(onexeno, state, { seat, move, version: state.version });
}

/** Points a placement would take (0 if it completes no line); for hints and bots. */
export function trickPointsOf(state: { readonly table: readonly Placed[] }, move: OnexenoMove & { kind: "place" }): number {
  const table = [...state.table, { card: move.card, rot: move.rot, x: move.x, y: move.y }];
  const grid = gridOf(table);
  const lines = completedLines(grid, fieldOf(table) as Field, move.x, move.y);
  const cells = new Set<string>();
  for (const l of lines) for (const c of l.cells) cells.add(`${c.x},${c.y}`);
  return table.filter((p) => cells.has(`${p.x},${p.y}`)).reduce((s, p) => s + cardValue(p.card), 0);
}

export { placedPattern };
