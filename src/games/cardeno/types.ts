/**
 * Cardeno: the configuration, timings, points, moves, events, state and player view (plain,
 * versioned JSON), as the race (src/games/cardeno/game.ts) reads and writes them.
 */
import { type VersionedState } from "../../engine/definition.ts";
import { type RngState } from "../../engine/rng.ts";

/** Table options: rounds 1-10 (default 5), variant, pace in seconds between pieces 1-10 (default 3). */
export interface CardenoConfig {
  readonly rounds?: number;
  readonly variant?: CardenoVariant;
  readonly pace?: number;
}
export type CardenoVariant = "standard" | "full-board";

/** The countdown before "Go!", ms. */
export const COUNTDOWN_MS = 3000;
/** A wrong grab's lockout, ms. */
export const LOCKOUT_MS = 3000;
/** Most face-up pieces in the centre. */
export const MAX_CENTRE = 10;
/** How long players may change their poker hand before the reveal closes, ms. */
export const REVEAL_MS = 20_000;
/** The pause between rounds, ms. */
export const BREAK_MS = 10_000;
/** A race without any grab for this long ends (nobody is playing), ms. */
export const IDLE_MS = 300_000;
/**
 * When the table's own step is this late (the bot was down, or stalled), the race is resumed
 * where it stood instead of catching up: every pending time moves on by the delay, ms.
 */
export const RESUME_AFTER_MS = 2000;
/** Points (rule text). */
export const CARDENO_POINTS = 25;
export const DOUBLE_POINTS = 25;
export const DOUBLE_PER_PIECE = 2;
export const FULL_POINTS = 50;
export const FULL_PER_EMPTY = 2;
export const FULL_PER_PIECE = 1;

/** Seat counts (rule text: 2 to 6 players). */
export const CARDENO_SEATS = [2, 3, 4, 5, 6] as const;

export type CardenoPhase = "countdown" | "race" | "reveal" | "break" | "over";

/** A face-up piece and when it was turned (ms). */
export interface FaceUp {
  readonly piece: number;
  readonly at: number;
  /**
   * Its place in the centre, 0..MAX_CENTRE - 1, kept while it lasts (its grab button and its
   * number on the picture stay put as other pieces go); absent in states stored before: its index.
   */
  readonly slot?: number;
}

/** A face-up piece's place in the centre (`FaceUp.slot`, else its index in the list). */
export const slotOf = (f: FaceUp, index: number): number => f.slot ?? index;

/** What each seat scored in one round, by scoring. */
export interface RoundScore {
  readonly cardeno: readonly number[];
  readonly double: readonly number[];
  readonly poker: readonly number[];
  readonly full: readonly number[];
}

/** A finished round on the score sheet. */
export interface RoundSheet {
  readonly round: number;
  readonly faces: readonly number[];
  readonly score: RoundScore;
  /** Each seat's revealed poker hand (piece ids) and its name, or null. */
  readonly hands: readonly ({ readonly pieces: readonly number[]; readonly name: string } | null)[];
  /** Why the race ended. */
  readonly ended: "double" | "stuck" | "idle" | "full";
  /** Who called CARDENO, DOUBLE-CARDENO, and filled the board first (null: nobody). */
  readonly cardeno: number | null;
  readonly double: number | null;
  readonly full: number | null;
}

/** Notable moments, for announcements (grabs themselves are in the move log). */
export type CardenoEvent =
  | { readonly kind: "go"; readonly round: number; readonly at: number }
  | { readonly kind: "cardeno"; readonly seat: number; readonly line: number; readonly at: number }
  | { readonly kind: "double"; readonly seat: number; readonly line: number; readonly at: number }
  | { readonly kind: "reveal"; readonly reason: "double" | "stuck" | "idle"; readonly at: number }
  | { readonly kind: "poker"; readonly winners: readonly number[]; readonly name: string; readonly points: number; readonly at: number }
  | { readonly kind: "full"; readonly seat: number; readonly at: number }
  | { readonly kind: "round_over"; readonly round: number; readonly reason: "double" | "stuck" | "idle" | "full"; readonly at: number };

/** The whole game (plain JSON). Boards are public; the pile's order is hidden. */
export interface CardenoState extends VersionedState {
  readonly schema: 1;
  readonly seats: number;
  readonly rounds: number;
  readonly variant: CardenoVariant;
  readonly paceMs: number;
  readonly rng: RngState;
  readonly round: number;
  readonly phase: CardenoPhase;
  /** When the phase began (ms; null until the host's first step). */
  readonly phaseAt: number | null;
  /** When the countdown, reveal or break ends (ms; null: not yet known). */
  readonly until: number | null;
  /** Face id (1..12) of each seat's board this round. */
  readonly faces: readonly number[];
  /** Face-down pieces, top first. */
  readonly pile: readonly number[];
  /** Face-up pieces, oldest first. */
  readonly centre: readonly FaceUp[];
  /** When the caller turns the next piece (ms; race only). */
  readonly nextCallAt: number | null;
  /** Each seat's board: the piece in each cut-out (null: open). */
  readonly boards: readonly (readonly (number | null)[])[];
  /** Until when each seat is locked out (ms). */
  readonly locked: readonly number[];
  /** Each seat's last grab (ms; 0 none this round). */
  readonly grabbedAt: readonly number[];
  /** The race's last grab by anyone (or its start), for the idle end (ms). */
  readonly lastGrabAt: number;
  readonly cardeno: number | null;
  readonly double: number | null;
  /** Each seat's poker hand (piece ids) during the reveal: the bot's pick until changed. */
  readonly hands: readonly (readonly number[] | null)[];
  /** Seats that settled their hand (the reveal closes once all have). */
  readonly ready: readonly boolean[];
  /** This round's scores so far. */
  readonly current: RoundScore;
  /** Totals over the finished rounds and this one. */
  readonly scores: readonly number[];
  readonly sheet: readonly RoundSheet[];
  readonly events: readonly CardenoEvent[];
  /** Why this round's race ended (null while it runs). */
  readonly ended: "double" | "stuck" | "idle" | null;
}

/** A Cardeno move: the host's clock step, a grab, a poker hand chosen, or the hand kept. */
export type CardenoMove =
  | { readonly kind: "clock" }
  | { readonly kind: "resume" }
  | { readonly kind: "grab"; readonly piece: number; readonly cell?: number }
  | { readonly kind: "hand"; readonly pieces: readonly number[] }
  | { readonly kind: "keep" };

/** What a seat sees: everything but the pile's order, and during the reveal the others' hands. */
export interface CardenoView {
  readonly seat: number | null;
  readonly seats: number;
  readonly rounds: number;
  readonly round: number;
  readonly variant: CardenoVariant;
  readonly paceMs: number;
  readonly phase: CardenoPhase;
  readonly until: number | null;
  readonly faces: readonly number[];
  readonly pileCount: number;
  readonly centre: readonly FaceUp[];
  readonly boards: readonly (readonly (number | null)[])[];
  readonly locked: readonly number[];
  readonly grabbedAt: readonly number[];
  readonly cardeno: number | null;
  readonly double: number | null;
  readonly hands: readonly (readonly number[] | null)[];
  readonly ready: readonly boolean[];
  readonly current: RoundScore;
  readonly scores: readonly number[];
  readonly sheet: readonly RoundSheet[];
}
