/**
 * Onze: the configuration, moves, state and player view (plain, versioned JSON), as the game
 * definition (src/games/onze/game.ts) reads and writes them.
 */
import { type RngState } from "../../engine/rng.ts";
import { type Card } from "./cards.ts";
import { type Meld, type MeldEnd, type MeldSpec } from "./melds.ts";

export const ONZE_ROUNDS = 7;
export const ONZE_SEATS = [3, 4, 5, 6, 7] as const;

/** Table options (none yet: the rules fix everything). */
export type OnzeConfig = Record<string, never>;

/** A meld on the table: which player's, and which of theirs (0-based). */
export interface MeldRef {
  readonly seat: number;
  readonly meld: number;
}

/** Onze moves. `claim` and `unclaim` are made out of turn; everything else by the active player. */
export type OnzeMove =
  | { readonly kind: "draw" }
  | { readonly kind: "take" }
  | { readonly kind: "down"; readonly melds: readonly MeldSpec[] }
  | { readonly kind: "layoff"; readonly card: Card; readonly to: MeldRef; readonly end?: MeldEnd }
  | {
      readonly kind: "swap";
      readonly card: Card;
      readonly from: MeldRef;
      readonly index: number;
      readonly to: MeldRef;
      readonly end?: MeldEnd;
    }
  | { readonly kind: "discard"; readonly card: Card }
  | { readonly kind: "claim" }
  | { readonly kind: "unclaim" }
  /** No thanks: this seat will not buy the card for sale (a computer holding its move for them stops waiting). */
  | { readonly kind: "decline" };

/** One scored round. */
export interface OnzeRoundResult {
  readonly round: number;
  /** Points each seat took this round (hand points; 0 for the one who went out). */
  readonly scores: readonly number[];
  /** Who went out, or null when the stock ran dry. */
  readonly wentOut: number | null;
}

/** What just happened (for the table's words and picture). */
export interface OnzeLast {
  readonly seat: number;
  readonly kind: OnzeMove["kind"] | "bought";
  /** Cards shown by the move (the discard, the cards laid, the card bought; a penalty card stays hidden). */
  readonly cards: readonly Card[];
  /** The move emptied the hand: the round ended with this seat out. */
  readonly wentOut?: boolean;
}

export interface OnzeState {
  readonly schema: 1;
  readonly version: number;
  readonly game: "onze";
  readonly seats: number;
  readonly rng: RngState;
  /** Round 1..7. */
  readonly round: number;
  readonly dealer: number;
  readonly dealerDraw: readonly (readonly { seat: number; card: Card }[])[];
  readonly stock: readonly Card[];
  /** The discard pile; the last element is the top. */
  readonly discard: readonly Card[];
  readonly hands: readonly (readonly Card[])[];
  /** Each seat's melds on the table this round. */
  readonly melds: readonly (readonly Meld[])[];
  /** Who has gone down this round. */
  readonly down: readonly boolean[];
  readonly turn: number;
  readonly phase: "draw" | "play" | "over";
  /** The active player went down this turn (no laying off until their next turn). */
  readonly downThisTurn: boolean;
  /** The card taken from the discard pile this turn while it is in the hand (it may not be discarded this turn); null once laid on the table. */
  readonly taken: Card | null;
  /** The discard passed over by the active player's draw from the stock: up for grabs until the discard. */
  readonly forSale: Card | null;
  /** Seats claiming `forSale`. */
  readonly claims: readonly number[];
  /**
   * Who made the top discard (seat), or null for a round's upcard: the card's seller may not buy
   * it back (docs/rules/onze.md, Onze, turn 4 ruling). Absent in games stored before it: nobody is barred.
   */
  readonly discardedBy?: number | null;
  /** Seats that said no thanks to the card for sale (absent in games stored before it: none). */
  readonly declines?: readonly number[];
  /** The round just ended with a face-down discard (the picture shows it so). */
  readonly faceDown: boolean;
  /** Times this round's stock has been rebuilt from the discard pile (at most `onzeStockRebuilds(seats)`, src/games/onze/game.ts). */
  readonly reshuffles: number;
  readonly totals: readonly number[];
  readonly results: readonly OnzeRoundResult[];
  readonly last: readonly OnzeLast[];
}

/** What one seat (or a spectator) sees: no hand but the viewer's, no stock order. */
export interface OnzeView {
  readonly game: "onze";
  readonly version: number;
  readonly seats: number;
  readonly viewer: number | null;
  readonly round: number;
  readonly dealer: number;
  readonly turn: number;
  readonly phase: OnzeState["phase"];
  readonly stockCount: number;
  /** Times this round's stock has been rebuilt from the discard pile (of `onzeStockRebuilds`; absent in views made before the cap: 0). */
  readonly stockRebuilds?: number;
  readonly discardCount: number;
  readonly discardTop: Card | null;
  readonly hand: readonly Card[] | null;
  readonly handSizes: readonly number[];
  readonly melds: readonly (readonly Meld[])[];
  readonly down: readonly boolean[];
  readonly downThisTurn: boolean;
  readonly taken: Card | null;
  readonly forSale: Card | null;
  readonly claims: readonly number[];
  /** Who discarded the card for sale (they may not buy it back); null when nothing is for sale or it is the upcard. */
  readonly seller: number | null;
  /** Seats that said no thanks to the card for sale. */
  readonly declines: readonly number[];
  readonly faceDown: boolean;
  readonly totals: readonly number[];
  readonly results: readonly OnzeRoundResult[];
  readonly last: readonly OnzeLast[];
}
