/**
 * Solitaire tables: one per thread, owned by one player, saved after every move; and the
 * per-guild, per-deal leaderboard that finished games enter.
 */
import { applyAction } from "../engine/definition";
import { onexenoSolitaire, setupSolitaire, solitaireScore, type SolitaireMove, type SolitaireState } from "../games/onexeno/solitaire";
import type { RecordStore } from "../store/store";
import { UserError } from "./errors";
import { refuse } from "./words";
import type { ChannelIndex } from "./channels";
import { KeyedLock } from "./lock";

/** The stored record of a solitaire game (plain, versioned JSON). */
export interface SolitaireRecord {
  readonly schema: 1;
  readonly threadId: string;
  /** Channel where the game was started (results are posted there). */
  readonly parentId: string;
  readonly guildId: string | null;
  readonly ownerId: string;
  readonly ownerName: string;
  /** The deal: `daily-YYYY-MM-DD` for the daily deal, else the seed the player gave. */
  readonly seed: string;
  readonly daily: boolean;
  readonly rev: number;
  readonly state: SolitaireState;
  readonly moves: readonly SolitaireMove[];
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** One line of a leaderboard: a player's best game on a deal. */
export interface LeaderboardEntry {
  readonly userId: string;
  readonly name: string;
  readonly score: number;
  readonly square: number;
  readonly won: boolean;
  readonly moves: number;
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

/** The daily deal's seed for a UTC date (ms since epoch). */
export function dailySeed(now: number): string {
  return `daily-${new Date(now).toISOString().slice(0, 10)}`;
}

/** Ranking order: score, then larger square, then fewer moves, then earlier. */
export function compareEntries(a: LeaderboardEntry, b: LeaderboardEntry): number {
  return b.score - a.score || b.square - a.square || a.moves - b.moves || a.at - b.at;
}

export class SolitaireService {
  private readonly lock = new KeyedLock();
  private readonly finished: ((rec: SolitaireRecord, entry: LeaderboardEntry) => void)[] = [];

  /** Registers a listener told of every finished game (a challenge event counts them), with its entry. */
  onFinish(listener: (rec: SolitaireRecord, entry: LeaderboardEntry) => void): void {
    this.finished.push(listener);
  }

  constructor(
    private readonly games: RecordStore<SolitaireRecord>,
    private readonly boards: RecordStore<Leaderboard>,
    private readonly now: () => number = Date.now,
    /** One table per channel across every game: a solitaire thread (finished or not) keeps other tables out. */
    private readonly channelIndex: ChannelIndex | null = null,
  ) {
    channelIndex?.register({ game: "solitaire", holds: async (threadId) => (await games.get(threadId)) !== undefined });
  }

  async get(threadId: string): Promise<SolitaireRecord | undefined> {
    return this.games.get(threadId);
  }

  /** Threads holding a solitaire game (to resume after a restart). */
  async channels(): Promise<string[]> {
    return this.games.keys();
  }

  /** Starts a game in a (new) thread. */
  async open(opts: {
    threadId: string;
    parentId: string;
    guildId: string | null;
    ownerId: string;
    ownerName: string;
    seed: string | null;
  }): Promise<SolitaireRecord> {
    const now = this.now();
    const seed = opts.seed ?? dailySeed(now);
    const rec: SolitaireRecord = {
      schema: 1,
      threadId: opts.threadId,
      parentId: opts.parentId,
      guildId: opts.guildId,
      ownerId: opts.ownerId,
      ownerName: opts.ownerName,
      seed,
      daily: opts.seed === null,
      rev: 1,
      state: setupSolitaire(seed),
      moves: [],
      createdAt: now,
      updatedAt: now,
    };
    const openHere = () =>
      this.lock.run(opts.threadId, async () => {
        if (await this.games.get(opts.threadId)) throw new UserError("solitaire/exists", "This thread already holds a solitaire game.");
        await this.games.set(opts.threadId, rec);
      });
    await (this.channelIndex ? this.channelIndex.claim(opts.threadId, "solitaire", openHere) : openHere());
    return rec;
  }

  /**
   * Applies a move by `userId` (only the owner may act). Returns the new record and, when
   * this move ended the game, its rank on the deal's leaderboard (1-based) and the board.
   */
  async play(
    threadId: string,
    userId: string,
    move: SolitaireMove,
    rev?: number,
  ): Promise<{ rec: SolitaireRecord; finished: Finished | null }> {
    return this.lock.run(threadId, async () => {
      const rec = await this.games.get(threadId);
      if (!rec) throw refuse("table/none");
      if (rec.ownerId !== userId)
        throw new UserError(
          "solitaire/not_owner",
          `This is ${rec.ownerName}'s solitaire. Start your own with \`/onexeno new game:solitaire\`.`,
        );
      if (rev !== undefined && rev !== rec.rev)
        throw refuse(rev === rec.rev - 1 && userId === rec.ownerId ? "table/already_done" : "table/stale");
      const r = applyAction(onexenoSolitaire, rec.state, { seat: 0, move, version: rec.state.version });
      if (!r.ok) throw UserError.from(r.error);
      const next: SolitaireRecord = { ...rec, state: r.value, moves: [...rec.moves, move], rev: rec.rev + 1, updatedAt: this.now() };
      await this.games.set(threadId, next);
      if (next.state.phase !== "over") return { rec: next, finished: null };
      return { rec: next, finished: await this.record(next) };
    });
  }

  /**
   * Enters a finished game on its deal's leaderboard. On the daily deal only a player's first
   * finished game counts (later ones are practice, so the board cannot be won by replaying a
   * known deal); on a named seed a player's best game counts.
   */
  private async record(rec: SolitaireRecord): Promise<Finished> {
    const key = `${rec.guildId ?? "dm"}:${rec.seed}`;
    const entry: LeaderboardEntry = {
      userId: rec.ownerId,
      name: rec.ownerName,
      score: solitaireScore(rec.state),
      square: rec.state.square,
      won: rec.state.end === "won",
      moves: rec.moves.length,
      at: this.now(),
    };
    for (const l of this.finished) l(rec, entry);
    return this.lock.run(`board:${key}`, async () => {
      const old = (await this.boards.get(key)) ?? { schema: 1 as const, seed: rec.seed, entries: [] };
      const mine = old.entries.find((e) => e.userId === entry.userId);
      const counted = !mine || (!rec.daily && compareEntries(entry, mine) < 0);
      const keep = counted ? entry : (mine as LeaderboardEntry);
      const entries = [...old.entries.filter((e) => e.userId !== entry.userId), keep].sort(compareEntries);
      const board: Leaderboard = { schema: 1, seed: rec.seed, entries };
      await this.boards.set(key, board);
      return { rank: entries.findIndex((e) => e.userId === entry.userId) + 1, board, counted };
    });
  }

  /** The leaderboard of a deal in a guild (empty if nobody finished it). */
  async leaderboard(guildId: string | null, seed: string): Promise<Leaderboard> {
    return (await this.boards.get(`${guildId ?? "dm"}:${seed}`)) ?? { schema: 1, seed, entries: [] };
  }
}
