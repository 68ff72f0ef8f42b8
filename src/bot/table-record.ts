/**
 * The stored record of a channel's table and its seats (plain, versioned JSON), as every game's
 * table shares it; what a clock wake did; what the table layer needs of a game beyond its rules.
 */
import type { ComputerLevel, VersionedState } from "../engine/definition.ts";
import type { SeedDerivation } from "../engine/rng.ts";
import type { GameId, GameTypes } from "../games/catalogue.ts";
import type { ClockSetting, TurnClock } from "./clock.ts";
import type { Locale } from "../i18n/index.ts";

/** A seated player: a Discord user, or a computer player (userId `cpu-N`). */
export interface Seat {
  readonly userId: string;
  /** Display name at join time (shown on pictures). */
  readonly name: string;
  /** Set for computer players. */
  readonly computer?: ComputerLevel;
  /** For a computer that took over a seat mid-game: the person who left it. */
  readonly leftBy?: string;
  /** A person whose clock ran out twice in a row: the computer plays the seat until they come back. */
  readonly away?: boolean;
  /** Timeouts in a row of this seat (reset when the person moves). */
  readonly timeouts?: number;
  /** The person chose **Don't wait for me**: computers do not hold their move for them (`SeatPlay.waitsFor`). */
  readonly noHold?: boolean;
}

/** The stored record of one channel's table (plain, versioned JSON), for game `G`. */
export interface GameTable<G extends string, C, S, M> {
  readonly schema: 1;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly game: G;
  readonly config: C;
  readonly hostId: string;
  readonly seats: readonly Seat[];
  readonly status: "lobby" | "playing" | "over";
  /** Revision: bumped on every accepted change. */
  readonly rev: number;
  /**
   * The deal's seed. A secret (`TableService`'s `newSeed`: 128 random bits) unless `namedSeed`;
   * it never leaves the bot before the game ends, only its commitment (`dealCommitment`) does.
   */
  readonly seed: string;
  /** The seed is a text a person typed or shares (a named deal, a daily deal, a challenge's deal), not a secret. */
  readonly namedSeed?: true;
  /**
   * How `seed` became the deal (src/engine/rng.ts), set when the game is dealt; absent on a
   * table dealt before derivations were versioned, whose deal is derivation 1's.
   */
  readonly deal?: SeedDerivation;
  readonly state: S | null;
  /** Every accepted move, for replays (`at`: its time, ms, in real-time games). */
  readonly moves: readonly { readonly seat: number; readonly move: M; readonly at?: number }[];
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Who made the latest change (user id), to tell a double click from a stale one. */
  readonly lastBy?: string;
  /** The turn clock setting (absent on tables stored before clocks existed: no clock). */
  readonly clock?: ClockSetting | null;
  /** The clock of the turn under way (playing tables only). */
  readonly turnClock?: TurnClock | null;
  /**
   * A computer to move holds its move until then (ms since the epoch) so that people may act
   * out of turn (`SeatPlay.waitsFor`); null or absent: it moves at once.
   */
  readonly hold?: number | null;
  /**
   * Since when (ms) the table is paused for a tournament's organisers (a player flagged it):
   * moves are refused and its clock and computers wait; on resuming, the turn's clock is moved
   * on by the pause (`TableTransitions.unpaused`). Absent: not paused.
   */
  readonly paused?: number;
  /** The tournament whose round this table is (its id): it ends with the event, not with Play again. */
  readonly event?: string;
  /**
   * Who closed the table with `/… end` (user id): it is `over` without an outcome (not rated,
   * no game record), kept so that Play again and New table under its last picture still work.
   */
  readonly closedBy?: string;
  /** The server does not seat computer players here (`/settings computers`, read when the lobby opened): no Add computer. */
  readonly noComputers?: true;
  /**
   * The level of a computer playing for a person here: one who left a running game, or is
   * marked away (`/settings takeover`, read when the lobby opened); absent: normal. Played at the
   * game's nearest level (`TableTransitions.takeoverLevel`).
   */
  readonly takeover?: ComputerLevel;
  /**
   * The language of the table's public messages and pictures, fixed when it opens (the server's
   * `/settings language`, else its Discord language); absent on tables stored before: English.
   */
  readonly locale?: Locale;
  /**
   * The interactions in flight in the channel when this table was saved latest (their ids, newest
   * last; src/bot/acting.ts): one taken over from a process killed mid-way shows the table rather
   * than change it again when it is here. Absent on tables changed only by clocks, computers or tests.
   */
  readonly acted?: readonly string[];
}

/** A table of game `G` of the list, with its own types. */
export type TableOf<G extends GameId> = GameTable<G, GameTypes<G>["config"], GameTypes<G>["state"], GameTypes<G>["move"]>;

/** What a clock wake did at a table (see `TableService.tick`). */
export type ClockEvent<R> =
  | { readonly kind: "warn"; readonly rec: R; readonly seat: number; readonly due: number }
  | { readonly kind: "timeout"; readonly before: R; readonly rec: R; readonly seat: number; readonly away: boolean }
  | { readonly kind: "lobby_closed"; readonly rec: R }
  /** A real-time table's own steps (and its computers' moves) that were due. */
  | { readonly kind: "timed"; readonly before: R; readonly rec: R };

/** A seat without its away mark and timeout count. */
export function present(s: Seat): Seat {
  const { away: _away, timeouts: _timeouts, ...rest } = s;
  return rest;
}

/** A table of any game, with its game-specific parts erased (for the game-agnostic host code). */
export type AnyTable = GameTable<string, unknown, VersionedState, unknown>;
