/**
 * ONEXENO canasta: card instances, the configuration, rows, moves, state and player view (plain,
 * versioned JSON), as the game definition (src/games/onexeno/canasta.ts) reads and writes them.
 */
import { type RngState } from "../../engine/rng.ts";
import { cardValue, DECK, type CardId, type Rotation } from "./cards.ts";

/**
 * How many cards a row may hold: the default sum rule has no count limit (docs/rules/onexeno-canasta.md); the
 * variant `rows:five-to-seven` wants 5 to 7 cards in every row, a XENO too.
 */
export interface RowCount {
  readonly min: number;
  readonly max: number;
}

/** The sum rule alone. */
export const ANY_COUNT: RowCount = { min: 1, max: Number.POSITIVE_INFINITY };
/** Variant `rows:five-to-seven`. */
export const FIVE_TO_SEVEN: RowCount = { min: 5, max: 7 };

/** A physical card: its card id plus 256 times its deck copy (0 or 1). */
export type CardInst = number;
/** The card id (pattern) of an instance. */
export const idOf = (c: CardInst): CardId => c & 0xff;
/** Point value of an instance. */
export const instValue = (c: CardInst): number => cardValue(c & 0xff);

export const CANASTA_HAND_SIZE = 15;
export const MELD_MIN_EXCLUSIVE = 10;
export const MELD_MAX = 20;
export const XENO_BONUS = 10;
export const DEFAULT_TARGET = 500;
/** A session ends after this hand at the latest, whatever the totals (docs/rules/onexeno-canasta.md "Scoring", as ruled). */
export const CANASTA_MAX_HANDS = 20;

/** Table configuration. */
export interface CanastaConfig {
  /** Points to pass to end the session (default 500). */
  readonly target: number;
  /** Row rule: the sum alone (default), or variant `five-to-seven` (every row holds 5 to 7 cards). */
  readonly rows?: CanastaRows;
}

/** The row rules: docs/rules/onexeno-canasta.md "ONEXENO canasta" (default) and variant `rows:five-to-seven`. */
export const CANASTA_ROWS = ["sum", "five-to-seven"] as const;
export type CanastaRows = (typeof CANASTA_ROWS)[number];

/** The card-count limits of a row rule. */
export function rowCount(rows: CanastaRows | undefined): RowCount {
  return rows === "five-to-seven" ? FIVE_TO_SEVEN : ANY_COUNT;
}

/** A card in a row, as it lies. */
export interface RowCard {
  readonly card: CardInst;
  readonly rot: Rotation;
}

/** A melded row (open: its sum is 11..19; a row reaching 20 becomes a XENO). */
export type Row = readonly RowCard[];

export type CanastaMove =
  | { readonly kind: "draw" }
  | { readonly kind: "take"; readonly count: number }
  | { readonly kind: "meld"; readonly cards: readonly RowCard[] }
  | { readonly kind: "extend"; readonly row: number; readonly end: "left" | "right"; readonly card: CardInst; readonly rot: Rotation }
  | { readonly kind: "discard"; readonly card: CardInst };

export interface CanastaHandResult {
  readonly hand: number;
  readonly melded: readonly number[];
  readonly xenos: readonly number[];
  readonly inHand: readonly number[];
  readonly scores: readonly number[];
  readonly wentOut: number | null;
}

export interface CanastaLast {
  readonly seat: number;
  readonly kind: CanastaMove["kind"] | "empty-draw";
  readonly cards: readonly RowCard[];
  readonly count: number;
  /** A row closed into a XENO by this move. */
  readonly xeno: boolean;
  readonly wentOut: boolean;
}

export interface CanastaState {
  readonly schema: 1;
  readonly version: number;
  readonly game: "canasta";
  readonly seats: number;
  readonly decks: 1 | 2;
  readonly target: number;
  /** Row rule (absent in states saved before the variant existed: the sum rule). */
  readonly rowRule?: CanastaRows;
  readonly rng: RngState;
  readonly hand: number;
  readonly dealer: number;
  readonly dealerDraw: readonly (readonly { seat: number; card: CardInst }[])[];
  readonly stack: readonly CardInst[];
  /** The face-up pile; the last element is the top. */
  readonly pile: readonly CardInst[];
  readonly hands: readonly (readonly CardInst[])[];
  readonly rows: readonly (readonly Row[])[];
  readonly xenos: readonly (readonly Row[])[];
  readonly turn: number;
  readonly phase: "draw" | "meld" | "over";
  /** The top card taken from the pile this turn, still to be melded. */
  readonly mustMeld: CardInst | null;
  readonly totals: readonly number[];
  readonly results: readonly CanastaHandResult[];
  readonly last: CanastaLast | null;
}

/** What one seat (or a spectator) sees. */
export interface CanastaView {
  readonly game: "canasta";
  readonly version: number;
  readonly seats: number;
  readonly viewer: number | null;
  readonly decks: 1 | 2;
  readonly target: number;
  readonly rowRule: CanastaRows;
  readonly hand: number;
  readonly dealer: number;
  readonly turn: number;
  readonly phase: "draw" | "meld" | "over";
  readonly mustMeld: CardInst | null;
  readonly stackCount: number;
  readonly pile: readonly CardInst[];
  readonly handSizes: readonly number[];
  readonly rows: readonly (readonly Row[])[];
  readonly xenos: readonly (readonly Row[])[];
  readonly totals: readonly number[];
  readonly results: readonly CanastaHandResult[];
  readonly last: CanastaLast | null;
  readonly myHand: readonly CardInst[] | null;
}

/** The full deck(s) of instances. */
export function canastaDeck(decks: 1 | 2): CardInst[] {
  const out: CardInst[] = [];
  for (let copy = 0; copy < decks; copy++) for (const c of DECK) out.push(c + 256 * copy);
  return out;
}

export const canastaSeatCounts = [2, 3, 4, 5, 6, 7, 8] as const;
