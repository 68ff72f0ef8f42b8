/**
 * One budget of requests a window shared by every process on one store (issue 65): Discord
 * counts a bot's global rate limit per bot, not per process
 * (https://discord.com/developers/docs/topics/rate-limits#global-rate-limit), so processes
 * started by hand (`SHARD_IDS`) or a deploy's overlap must spend one budget between them.
 *
 * A sliding window: a request goes only while fewer than `perWindow` went in the last `windowMs`,
 * so no stretch of `windowMs` anywhere holds more, wherever Discord's own window starts. (A fixed
 * window, as rate-limiter-flexible keeps in a shared store, lets `perWindow` go at the end of one
 * window and `perWindow` more at the start of the next: two processes at 10 a second, sharing one,
 * were refused twice by a stand-in allowing 12, since the two clocks' windows never line up.)
 * Kept where the processes already meet, each step one atomic operation of the store:
 * - Redis: a sorted set of send times, trimmed, counted and added to by one script, on Redis's
 *   own clock (`TIME`: processes on other hosts agree on it).
 * - SQLite: a table of send times, added to by one `INSERT … SELECT … WHERE count < limit`, on the
 *   connection @keyv/sqlite opens (a concurrent writer's conflict is tried again).
 * - Memory (one process): the same list in the process.
 *
 * Nothing is held between requests: a process that dies leaves its last sends, which leave the
 * window `windowMs` later, so the others are never throttled by it.
 */
import KeyvSqlite from "@keyv/sqlite";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * How soon a request goes when the budget is short: `first` (what a person waits to see: a table
 * after a click, a person's turn), `normal` (the default), `last` (what nobody waits on: a tidy-up
 * of an older message, a table of computers only). Within one priority, in the order asked.
 */
export type Priority = "first" | "normal" | "last";
const RANK: Readonly<Record<Priority, number>> = { first: 0, normal: 1, last: 2 };
const priority = new AsyncLocalStorage<Priority>();

/** Runs `fn` with its budgeted requests (and those of what it awaits) at `p` (see `Priority`). */
export function atPriority<T>(p: Priority, fn: () => Promise<T>): Promise<T> {
  return priority.run(p, fn);
}

/** The priority of the code running now (`atPriority`; `normal` outside any). */
export function currentPriority(): Priority {
  return priority.getStore() ?? "normal";
}

/** A budget of requests shared by the processes on one store. */
export interface SharedBudget {
  /** Requests any stretch of `windowMs` may hold. */
  readonly perWindow: number;
  readonly windowMs: number;
  /**
   * Resolves once one request may be sent now, counted in the whole store's window: waits (ms,
   * as the store says, till the oldest send leaves the window) while the window is full; while it
   * waits, this process's requests of a higher `priority` (default: the running code's,
   * `currentPriority`) go before it. Rejects only as the store does (unreachable); the caller
   * sends anyway then (discord.js's own pacing and its handling of a 429 still hold).
   */
  take(p?: Priority): Promise<void>;
  /** Requests the whole store counts in the window now (every process's). */
  used(): Promise<number>;
  close(): Promise<void>;
}

/** One attempt to spend: 0 when the request may go (it is counted), else ms until the window has room. */
type Spend = () => Promise<number>;
/** Requests in the window now. */
type Used = () => Promise<number>;

const KEY = "budget:discord-global";

/** Redis: trims the sorted set KEYS[1] to the window (ARGV[1] ms), adds a send (member ARGV[3]) if fewer than ARGV[2]; 0, or ms to wait. */
const SLIDE = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)`;

/** Redis: the sends in the window of KEYS[1] (ARGV[1] ms) on Redis's clock. */
const COUNT = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZCOUNT', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf')`;

/** SQLite: the sends of the window in table `budget_sends` (ms, one row each), swept as they leave it. */
async function sqliteSpend(
  url: string,
  perWindow: number,
  windowMs: number,
): Promise<{ spend: Spend; used: Used; close(): Promise<void> }> {
  const adapter = new KeyvSqlite({ uri: url, busyTimeout: 10_000, table: "budget" });
  const query = (q: string, ...params: unknown[]) => adapter.query(q, ...params) as Promise<{ at?: number }[]>;
  await query("PRAGMA synchronous=NORMAL");
  await query("CREATE TABLE IF NOT EXISTS budget_sends (id TEXT PRIMARY KEY, at INTEGER NOT NULL)");
  await query("CREATE INDEX IF NOT EXISTS budget_sends_at ON budget_sends (at)");
  let sweptAt = 0;
  const spend: Spend = async () => {
    const now = Date.now();
    const from = now - windowMs;
    if (now - sweptAt > windowMs) {
      sweptAt = now;
      await query("DELETE FROM budget_sends WHERE at <= ?", from);
    }
    const took = await query(
      "INSERT INTO budget_sends (id, at) SELECT ?, ? WHERE (SELECT COUNT(*) FROM budget_sends WHERE at > ?) < ? RETURNING at",
      randomUUID(),
      now,
      from,
      perWindow,
    );
    if (took.length === 1) return 0;
    const [oldest] = await query("SELECT MIN(at) AS at FROM budget_sends WHERE at > ?", from);
    return Math.max(1, (oldest?.at ?? now) + windowMs - now);
  };
  return {
    used: async () => {
      const [row] = (await adapter.query("SELECT COUNT(*) AS n FROM budget_sends WHERE at > ?", Date.now() - windowMs)) as { n?: number }[];
      return row?.n ?? 0;
    },
    // Another process's write between this statement's read and its write (WAL: a stale snapshot): tried again.
    spend: async () => spend().catch((e: unknown) => (/SQLITE_BUSY/.test(String(e)) ? 1 : Promise.reject(e))),
    close: () => adapter.disconnect(),
  };
}

/** Memory: this process's sends of the window, oldest first. */
function memorySpend(perWindow: number, windowMs: number): { spend: Spend; used: Used } {
  const sends: number[] = [];
  const trim = (now: number) => {
    while (sends.length && (sends[0] ?? 0) <= now - windowMs) sends.shift();
  };
  return {
    spend: async () => {
      const now = Date.now();
      trim(now);
      if (sends.length < perWindow) {
        sends.push(now);
        return 0;
      }
      return Math.max(1, (sends[0] ?? now) + windowMs - now);
    },
    used: async () => {
      trim(Date.now());
      return sends.length;
    },
  };
}

/**
 * Opens the budget of `perWindow` requests in any `windowMs` (default 1 s) shared by every
 * process on the store at `url` (`sqlite://`, `redis://`, `memory://`: in memory, this process's
 * alone). Throws for another scheme, or as the store does when unreachable.
 */
export async function openSharedBudget(url: string, perWindow: number, windowMs = 1000): Promise<SharedBudget> {
  let spend: Spend;
  let used: Used;
  let close: () => Promise<void> = async () => {};
  if (url.startsWith("sqlite://")) ({ spend, used, close } = await sqliteSpend(url, perWindow, windowMs));
  else if (url.startsWith("redis://") || url.startsWith("rediss://")) {
    const { default: KeyvRedis } = await import("@keyv/redis");
    const redis = new KeyvRedis(url);
    const client = await redis.getClient();
    spend = async () => Number(await client.eval(SLIDE, { keys: [KEY], arguments: [String(windowMs), String(perWindow), randomUUID()] }));
    used = async () => Number(await client.eval(COUNT, { keys: [KEY], arguments: [String(windowMs)] }));
    close = () => redis.disconnect();
  } else if (url.startsWith("memory://")) ({ spend, used } = memorySpend(perWindow, windowMs));
  else throw new Error(`STORE_URL scheme not supported: ${url} (use sqlite://, redis:// or memory://)`);
  let closed = false;
  /** This process's requests waiting, highest priority first (then in order asked); the first asks the store. */
  const waiting: { readonly rank: number; resolve(): void; reject(e: unknown): void }[] = [];
  let pumping = false;
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (waiting.length) {
        let wait = 0;
        try {
          wait = closed ? 0 : await spend();
        } catch (e) {
          waiting.shift()?.reject(e);
          continue;
        }
        if (wait === 0) waiting.shift()?.resolve();
        else await new Promise((resolve) => setTimeout(resolve, wait));
      }
    } finally {
      pumping = false;
    }
  };
  return {
    perWindow,
    windowMs,
    take(p = currentPriority()) {
      return new Promise<void>((resolve, reject) => {
        const rank = RANK[p];
        const at = waiting.findIndex((w) => w.rank > rank);
        waiting.splice(at < 0 ? waiting.length : at, 0, { rank, resolve, reject });
        void pump();
      });
    },
    used,
    async close() {
      closed = true;
      await close();
    },
  };
}
