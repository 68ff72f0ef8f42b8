/**
 * The stores of a bot on one STORE_URL, each its own keyv namespace: tables per channel for each
 * table game, leaderboards, live messages, clocks, ratings, tournaments and game records.
 */
import { openClaims, type Claims } from "../store/claims.ts";
import { openSharedBudget, type SharedBudget } from "../store/global-budget.ts";
import type { GameCatalogue } from "../games/catalogue.ts";
import type { DueStore } from "../store/due.ts";
import { openStore, type RecordStore } from "../store/store.ts";
import type { RecordsEntry } from "./game-records.ts";
import type { Leaderboard } from "./leaderboards.ts";
import type { LiveMessage } from "../surfaces/channel/live.ts";
import type { RatingEntry } from "./ratings.ts";
import type { AnyTable } from "./table-record.ts";
import type { PlayerSettings, ServerSettings } from "./settings.ts";
import type { Tournament } from "./tournaments.ts";
import type { GuildQueue } from "./queue-rules.ts";
import type { Season } from "./season-rules.ts";

/**
 * Characters of JSON the records store's read cache keeps (the other stores: CACHE_CHARS,
 * src/store/store.ts). At 8 Mi, as the others, it held every record written for the first
 * 1,700 or so games (about 4.9 k characters each, two-person basic), and a long soak's heap
 * rose with it; at 512 Ki it holds about the last hundred, and the per-player lists being added to.
 */
export const RECORDS_CACHE_CHARS = 512 * 1024;

/** The stores of a bot: tables per channel for each table game, leaderboards, live messages, clocks, ratings, tournaments. */
export interface BotStores {
  /** One store per table game, by game id (namespaces from the catalogue's `store`). */
  readonly games: ReadonlyMap<string, RecordStore<AnyTable>>;
  /** Claims every process on this store shares (one process acts on a guild at a time: src/store/claims.ts). */
  readonly claims: Claims;
  /**
   * The bot's global budget of bot-token requests, `perSecond` a second, shared by every process
   * on this store (src/store/global-budget.ts); opened on first use, one a store set.
   */
  globalBudget(perSecond: number): Promise<SharedBudget>;
  /** Drops every store's read cache (another process may have written since it was filled). */
  forget(): void;
  readonly leaderboards: RecordStore<Leaderboard>;
  /** The live table message of each channel (src/surfaces/channel/live.ts). */
  readonly live: RecordStore<LiveMessage>;
  /** The due index of turn clocks (src/store/due.ts). */
  readonly clocks: DueStore;
  /** Ratings per server and game, and each player's history there (src/bot/ratings.ts). */
  readonly ratings: RecordStore<RatingEntry>;
  /** Tournaments, their table threads and organiser roles (src/bot/tournaments.ts). */
  readonly tournaments: RecordStore<Tournament | string>;
  /** Each server's queue (src/bot/queue.ts), by guild id. */
  readonly queue: RecordStore<GuildQueue>;
  /** Each server's seasons (src/bot/seasons.ts), by season id. */
  readonly seasons: RecordStore<Season>;
  /** Records of finished games and their lists per server and player (src/bot/game-records.ts). */
  readonly records: RecordStore<RecordsEntry>;
  /** Each server's own settings, and each player's (src/bot/settings.ts). */
  readonly settings: RecordStore<ServerSettings | PlayerSettings>;
  close(): Promise<void>;
}

/** Opens every store of the bot on one STORE_URL (separate keyv namespaces), one per table game of `games`. */
export async function openStoresOf(url: string, games: GameCatalogue): Promise<BotStores> {
  // One after another: several connections setting up the same SQLite file at once contend.
  const stores = new Map<string, RecordStore<AnyTable>>();
  for (const g of games.games) stores.set(g.id, await openStore<AnyTable>(url, g.store));
  const leaderboards = await openStore<Leaderboard>(url, "leaderboard");
  const live = await openStore<LiveMessage>(url, "live");
  const clocks: DueStore = await openStore(url, "clocks");
  const ratings = await openStore<RatingEntry>(url, "ratings");
  const tournaments = await openStore<Tournament | string>(url, "tournaments");
  const queue = await openStore<GuildQueue>(url, "queue");
  const seasons = await openStore<Season>(url, "seasons");
  // A game's record is written once and seldom read again: only the newest are worth memory.
  const records = await openStore<RecordsEntry>(url, "records", { cacheChars: RECORDS_CACHE_CHARS });
  const settings = await openStore<ServerSettings | PlayerSettings>(url, "settings");
  const claims = await openClaims(url);
  const all = [...stores.values(), leaderboards, live, clocks, ratings, tournaments, queue, seasons, records, settings];
  let budget: Promise<SharedBudget> | null = null;
  return {
    games: stores,
    claims,
    globalBudget(perSecond) {
      budget ??= openSharedBudget(url, perSecond);
      return budget;
    },
    forget() {
      for (const s of all) s.forget?.();
    },
    leaderboards,
    live,
    clocks,
    ratings,
    tournaments,
    queue,
    seasons,
    records,
    settings,
    async close() {
      await Promise.all([
        ...[...stores.values()].map((g) => g.close()),
        leaderboards.close(),
        live.close(),
        clocks.close(),
        ratings.close(),
        tournaments.close(),
        queue.close(),
        seasons.close(),
        records.close(),
        settings.close(),
        claims.close(),
        budget?.then((b) => b.close()),
      ]);
    },
  };
}
