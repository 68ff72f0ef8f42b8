/**
 * ONEXENO basic and partners: the configuration, moves, state and player view (plain, versioned
 * JSON), as the game definition (src/games/onexeno/game.ts) reads and writes them.
 */
import { type RngState } from "../../engine/rng.ts";
import { type Field, type LineKind, type Placed } from "./board.ts";
import { type CardId, type Rotation } from "./cards.ts";

/** The two multiplayer variants. */
export const ONEXENO_VARIANTS = ["basic", "partners"] as const;
export type OnexenoVariant = (typeof ONEXENO_VARIANTS)[number];

/** Cards dealt to each player (docs/rules/onexeno.md "The Deal"). */
export const HAND_SIZE = 5;
/** Sessions last 1..10 hands. */
export const MAX_HANDS = 10;

/** Table configuration chosen in the lobby. */
export interface OnexenoConfig {
  readonly variant: OnexenoVariant;
  /** Number of hands in the session, 1..10. */
  readonly hands: number;
}

/** A move: place a card from hand, or pass. */
export type OnexenoMove =
  | { readonly kind: "place"; readonly card: CardId; readonly x: number; readonly y: number; readonly rot: Rotation }
  | { readonly kind: "pass" };

/** A trick taken by one placement: the lines and the cards removed from the table. */
export interface TrickTaken {
  readonly lines: readonly LineKind[];
  readonly cards: readonly Placed[];
  readonly points: number;
}

/** What happened on the last accepted move (for the table picture). */
export interface LastMove {
  readonly seat: number;
  readonly kind: "place" | "pass";
  readonly placed: Placed | null;
  readonly trick: TrickTaken | null;
  /** The pass locked these seats out (end game). */
  readonly lockedOut: readonly number[];
  readonly wentOut: boolean;
}

/** The score of one finished hand. */
export interface HandResult {
  readonly hand: number;
  readonly taken: readonly number[];
  readonly inHand: readonly number[];
  /** taken - inHand, per seat. */
  readonly scores: readonly number[];
  /** Seat that went out, or null when everybody passed. */
  readonly wentOut: number | null;
}

/** One round of the draw for the first dealer. */
export type DealerDrawRound = readonly { readonly seat: number; readonly card: CardId }[];

/** Full game state (plain, versioned JSON). Contains hidden cards: never show it raw. */
export interface OnexenoState {
  readonly schema: 1;
  readonly version: number;
  readonly game: "onexeno";
  readonly variant: OnexenoVariant;
  readonly seats: number;
  readonly rng: RngState;
  readonly handsTotal: number;
  /** 1-based number of the hand being played. */
  readonly hand: number;
  readonly dealer: number;
  readonly dealerDraw: readonly DealerDrawRound[];
  readonly stack: readonly CardId[];
  readonly hands: readonly (readonly CardId[])[];
  readonly table: readonly Placed[];
  readonly taken: readonly (readonly CardId[])[];
  readonly turn: number;
  /** Seats out of play for the rest of the hand (end game passes). */
  readonly out: readonly boolean[];
  /** Running totals of finished hands. */
  readonly totals: readonly number[];
  readonly results: readonly HandResult[];
  readonly last: LastMove | null;
  readonly phase: "play" | "over";
}

/** What one seat (or a spectator, seat null) may see. */
export interface OnexenoView {
  readonly game: "onexeno";
  readonly variant: OnexenoVariant;
  readonly version: number;
  readonly seats: number;
  readonly viewer: number | null;
  readonly hand: number;
  readonly handsTotal: number;
  readonly dealer: number;
  readonly dealerDraw: readonly DealerDrawRound[];
  readonly turn: number;
  readonly phase: "play" | "over";
  readonly stackCount: number;
  readonly table: readonly Placed[];
  readonly field: Field | null;
  readonly handSizes: readonly number[];
  readonly takenPoints: readonly number[];
  readonly takenCounts: readonly number[];
  /**
   * The cards each seat took this hand: public, each seen on the table as its line closed (what a
   * player who remembers knows; the expert computer reads it). Absent in views made before it.
   */
  readonly takenCards?: readonly (readonly CardId[])[];
  readonly out: readonly boolean[];
  readonly totals: readonly number[];
  readonly results: readonly HandResult[];
  readonly last: LastMove | null;
  /** Team index per seat (partners), else null. */
  readonly teamOf: readonly number[] | null;
  /** The viewer's own hand; null for spectators. */
  readonly myHand: readonly CardId[] | null;
}
