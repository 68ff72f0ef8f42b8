/**
 * Leaderboards of deals: per guild and deal (a seed), each player's best finished game of a
 * one-player game with a score (a daily deal first). A game's bot side enters
 * its finished games here from its `finished` listener; the board is read by `/… leaderboard`.
 * Stored under `<guild or dm>:<deal>` in the `leaderboard` store (its shape kept from the first
 * one-player game's own service, so old boards read on).
 */
import type { RecordStore } from "../store/store.ts";
import { KeyedLock } from "./lock.ts";

/** One line of a leaderboard: a player's best game on a deal. */
export interface LeaderboardEntry {
  readonly userId: string;
  readonly name: string;
  /** The game's score (higher is better). */
  readonly score: number;
  /** The game's second measure, compared after the score (`TableGameRules.measure`). */
  readonly square: number;
  readonly won: boolean;
  /** Moves made: fewer is better after score and square. */
  readonly moves: number;
  /** When it finished (ms since the epoch): earlier is better when all else ties. */
  readonly at: number;
}

/** Best games per guild and deal. */
export interface Leaderboard {
  readonly schema: 1;
  readonly seed: string;
  readonly entries: readonly LeaderboardEntry[];
}

/** A finished game's place: the player's rank on the deal (1-based), the board, and whether this game is the one that counts. */
export interface Finished {
  readonly rank: number;
  readonly board: Leaderboard;
  readonly counted: boolean;
}

/** Ranking order: score, then larger square, then fewer moves, then earlier. */
export function compareEntries(a: LeaderboardEntry, b: LeaderboardEntry): number {
  return b.score - a.score || b.square - a.square || a.moves - b.moves || a.at - b.at;
}

export class Leaderboards {
  private readonly lock = new KeyedLock();

  constructor(private readonly boards: RecordStore<Leaderboard>) {}

  /**
   * Enters a finished game on its deal's board. `firstCounts`: only a player's first finished
   * game counts (the daily deal: later ones are practice, so the board cannot be won by
   * replaying a known deal); otherwise a player's best game counts.
   */
  async record(guildId: string | null, seed: string, entry: LeaderboardEntry, firstCounts: boolean): Promise<Finished> {
    const key = `${guildId ?? "dm"}:${seed}`;
    return this.lock.run(key, async () => {
      const old = (await this.boards.get(key)) ?? { schema: 1 as const, seed, entries: [] };
      const mine = old.entries.find((e) => e.userId === entry.userId);
      const counted = !mine || (!firstCounts && compareEntries(entry, mine) < 0);
      const keep = counted ? entry : (mine as LeaderboardEntry);
      const entries = [...old.entries.filter((e) => e.userId !== entry.userId), keep].sort(compareEntries);
      const board: Leaderboard = { schema: 1, seed, entries };
      await this.boards.set(key, board);
      return { rank: entries.findIndex((e) => e.userId === entry.userId) + 1, board, counted };
    });
  }

  /** The leaderboard of a deal in a guild (empty if nobody finished it). */
  async board(guildId: string | null, seed: string): Promise<Leaderboard> {
    return (await this.boards.get(`${guildId ?? "dm"}:${seed}`)) ?? { schema: 1, seed, entries: [] };
  }
}
