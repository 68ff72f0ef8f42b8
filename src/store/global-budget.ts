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
 * Priorities across processes: a process whose requests wait marks in the store the most urgent
 * of them (its priority and how many wait at it), and a request goes only while the window has
 * room for it after every more urgent request marked by another process. So when the budget is
 * short, a person's table in one process goes before a table of computers in another.
 *
 * Nothing is held for long: a process that dies leaves its last sends, which leave the window
 * `windowMs` later, and its mark, which lapses `2 × windowMs` after it was last renewed (a
 * waiting process renews it at every try), so the others are never throttled by it.
 */
import { openKeyvSqlite } from "./sqlite.ts";
import { randomUUID } from "node:crypto";

/**
 * How soon a request goes when the budget is short: `first` (what a person waits to see: a table
 * after a click, a person's turn), `normal` (the default), `last` (what nobody waits on: a tidy-up
 * of an older message, a table of computers only). Within one priority, in the order asked.
 */
export type Priority = "first" | "normal" | "last";
const RANK: Readonly<Record<Priority, number>> = { first: 0, normal: 1, last: 2 };

/**
 * Priorities marked for the bot-token requests under way, by the snowflake their path names (a
 * channel's or a message's): `atPriority` adds one for the time its work runs, `priorityOf` reads
 * them when the REST client is about to send.
 *
 * A plain registry rather than AsyncLocalStorage: on Node 20 a store of AsyncLocalStorage turns on
 * V8's promise hooks for the whole process, so every promise of every move paid for it (the main
 * thread's work a move 12-20 % lower without it in `npm run bench:flight`, runs alternated). The
 * cost of the registry: while two pieces of work of different priorities write to one channel at
 * once, their requests to it go at the more urgent one.
 */
const marked = new Map<string, Priority[]>();

/**
 * Runs `fn` with the bot-token requests whose path names `id` (a channel's or a message's
 * snowflake: `/channels/{id}/…`, `/channels/…/messages/{id}`) at `p` (see `Priority`), for as
 * long as it runs. A message's mark is read before its channel's.
 */
export async function atPriority<T>(p: Priority, id: string, fn: () => Promise<T>): Promise<T> {
  let list = marked.get(id);
  if (!list) marked.set(id, (list = []));
  list.push(p);
  try {
    return await fn();
  } finally {
    list.splice(list.indexOf(p), 1);
    if (list.length === 0 && marked.get(id) === list) marked.delete(id);
  }
}

/**
 * The priority of a bot-token request to `url` (a REST URL): the most urgent marked (`atPriority`)
 * for the message its path names, else for its channel; `normal` when neither is marked.
 */
export function priorityOf(url: string): Priority {
  const path = /\/channels\/(\d+)(?:\/messages\/(\d+))?/.exec(url);
  if (!path) return "normal";
  const list = (path[2] && marked.get(path[2])) || marked.get(path[1]!);
  if (!list?.length) return "normal";
  return list.reduce((a, b) => (RANK[b] < RANK[a] ? b : a));
}

/** A budget of requests shared by the processes on one store. */
export interface SharedBudget {
  /** Requests any stretch of `windowMs` may hold. */
  readonly perWindow: number;
  readonly windowMs: number;
  /**
   * Resolves once one request may be sent now, counted in the whole store's window: waits (ms,
   * as the store says, till the oldest send leaves the window) while the window is full; while it
   * waits, this process's requests of a higher `p` (default `normal`; the REST client passes
   * `priorityOf` the request) go before it. Rejects only as the store does (unreachable); the caller
   * sends anyway then (discord.js's own pacing and its handling of a 429 still hold).
   */
  take(p?: Priority): Promise<void>;
  /** Requests the whole store counts in the window now (every process's). */
  used(): Promise<number>;
  /** Requests marked as waiting in the store now, by priority (every process's most urgent; see the file's head). */
  waiting(): Promise<Record<Priority, number>>;
  close(): Promise<void>;
}

/** A process's most urgent waiting requests: their priority's rank (`RANK`) and how many wait at it. */
interface Mark {
  readonly rank: number;
  readonly count: number;
}
/**
 * One attempt to spend, by the process `me`, for its request of `now.rank` (`now`: its waiting
 * requests, this one included; `after`: those left once this one goes, null for none): 0 when
 * the request may go (it is counted and the process's mark becomes `after`), else ms until it
 * may try again (the process's mark is `now`).
 */
type Spend = (me: string, now: Mark, after: Mark | null) => Promise<number>;
/** Requests in the window now. */
type Used = () => Promise<number>;
/** The live marks, by rank: requests waiting. */
type Waiting = () => Promise<number[]>;

const KEY = "budget:discord-global";
const MARKS = "budget:discord-global:waiting";
/** Tries again this soon (ms) when the window has room, but not after the more urgent requests marked by others. */
const YIELD_MS = 15;

/**
 * Redis: trims the sorted set of sends KEYS[1] to the window (ARGV[1] ms) and the hash of marks
 * KEYS[2] (process → "rank:count:until ms") to the live ones; adds a send (member ARGV[3]) if the
 * sends and the other processes' requests marked more urgent than rank ARGV[5] stay under
 * ARGV[2]. Then sets process ARGV[4]'s mark: ARGV[6..7] (rank, count) when refused, ARGV[8..9]
 * when sent (rank -1: none). 0, or ms to wait.
 */
const SLIDE = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local rank = tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local ahead = 0
local marks = redis.call('HGETALL', KEYS[2])
for i = 1, #marks, 2 do
  local r, n, u = string.match(marks[i + 1], '^(%d+):(%d+):(%d+)$')
  if u == nil or tonumber(u) <= now then redis.call('HDEL', KEYS[2], marks[i])
  elseif marks[i] ~= ARGV[4] and tonumber(r) < rank then ahead = ahead + tonumber(n) end
end
local sends = redis.call('ZCARD', KEYS[1])
local function mark(r, n)
  if tonumber(r) < 0 then redis.call('HDEL', KEYS[2], ARGV[4]) return end
  redis.call('HSET', KEYS[2], ARGV[4], r .. ':' .. n .. ':' .. (now + 2 * window))
  redis.call('PEXPIRE', KEYS[2], 2 * window)
end
if sends + ahead < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  mark(ARGV[8], ARGV[9])
  return 0
end
mark(ARGV[6], ARGV[7])
if sends < tonumber(ARGV[2]) then return ${YIELD_MS} end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)`;

/** Redis: the live marks of hash KEYS[1] as a flat list of rank, count. */
const MARKED = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local out = {}
for _, v in ipairs(redis.call('HVALS', KEYS[1])) do
  local r, n, u = string.match(v, '^(%d+):(%d+):(%d+)$')
  if u ~= nil and tonumber(u) > now then table.insert(out, tonumber(r)) table.insert(out, tonumber(n)) end
end
return out`;

/** Counts by rank from a flat list of rank, count. */
function byRank(flat: readonly number[]): number[] {
  const out = [0, 0, 0];
  for (let i = 0; i + 1 < flat.length; i += 2) out[flat[i]!] = (out[flat[i]!] ?? 0) + flat[i + 1]!;
  return out;
}

/** Redis: the sends in the window of KEYS[1] (ARGV[1] ms) on Redis's clock. */
const COUNT = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZCOUNT', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf')`;

/**
 * SQLite: the sends of the window in table `budget_sends` (ms, one row each), swept as they leave
 * it; the marks in `budget_waiting` (one row a process, live while `until` is ahead).
 */
async function sqliteSpend(
  url: string,
  perWindow: number,
  windowMs: number,
): Promise<{ spend: Spend; used: Used; waiting: Waiting; close(): Promise<void> }> {
  const adapter = await openKeyvSqlite({ uri: url, table: "budget" });
  const query = (q: string, ...params: unknown[]) => adapter.query(q, ...params) as Promise<{ at?: number }[]>;
  await query("PRAGMA synchronous=NORMAL");
  await query("CREATE TABLE IF NOT EXISTS budget_sends (id TEXT PRIMARY KEY, at INTEGER NOT NULL)");
  await query("CREATE INDEX IF NOT EXISTS budget_sends_at ON budget_sends (at)");
  await query(
    "CREATE TABLE IF NOT EXISTS budget_waiting (pid TEXT PRIMARY KEY, rank INTEGER NOT NULL, count INTEGER NOT NULL, until INTEGER NOT NULL)",
  );
  let sweptAt = 0;
  const mark = (me: string, m: Mark | null, now: number) =>
    m
      ? query(
          "INSERT OR REPLACE INTO budget_waiting (pid, rank, count, until) VALUES (?, ?, ?, ?)",
          me,
          m.rank,
          m.count,
          now + 2 * windowMs,
        )
      : query("DELETE FROM budget_waiting WHERE pid = ?", me);
  const spend: Spend = async (me, mine, after) => {
    const now = Date.now();
    const from = now - windowMs;
    if (now - sweptAt > windowMs) {
      sweptAt = now;
      await query("DELETE FROM budget_sends WHERE at <= ?", from);
      await query("DELETE FROM budget_waiting WHERE until <= ?", now);
    }
    const took = await query(
      `INSERT INTO budget_sends (id, at) SELECT ?, ? WHERE (SELECT COUNT(*) FROM budget_sends WHERE at > ?)
        + (SELECT COALESCE(SUM(count), 0) FROM budget_waiting WHERE pid <> ? AND rank < ? AND until > ?) < ? RETURNING at`,
      randomUUID(),
      now,
      from,
      me,
      mine.rank,
      now,
      perWindow,
    );
    await mark(me, took.length === 1 ? after : mine, now);
    if (took.length === 1) return 0;
    const [oldest] = await query("SELECT MIN(at) AS at, COUNT(*) AS n FROM budget_sends WHERE at > ?", from);
    if (((oldest as { n?: number } | undefined)?.n ?? 0) < perWindow) return YIELD_MS;
    return Math.max(1, (oldest?.at ?? now) + windowMs - now);
  };
  return {
    used: async () => {
      const [row] = (await adapter.query("SELECT COUNT(*) AS n FROM budget_sends WHERE at > ?", Date.now() - windowMs)) as { n?: number }[];
      return row?.n ?? 0;
    },
    waiting: async () => {
      const rows = (await adapter.query("SELECT rank, count FROM budget_waiting WHERE until > ?", Date.now())) as {
        rank: number;
        count: number;
      }[];
      return byRank(rows.flatMap((r) => [r.rank, r.count]));
    },
    // Another process's write between this statement's read and its write (WAL: a stale snapshot): tried again.
    spend: async (me, mine, after) => spend(me, mine, after).catch((e: unknown) => (/SQLITE_BUSY/.test(String(e)) ? 1 : Promise.reject(e))),
    close: () => adapter.disconnect(),
  };
}

/** Memory: this process's sends of the window, oldest first (one process: no marks). */
function memorySpend(perWindow: number, windowMs: number): { spend: Spend; used: Used; waiting: Waiting } {
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
    waiting: async () => [0, 0, 0],
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
  let marked: Waiting;
  let close: () => Promise<void> = async () => {};
  if (url.startsWith("sqlite://")) ({ spend, used, waiting: marked, close } = await sqliteSpend(url, perWindow, windowMs));
  else if (url.startsWith("redis://") || url.startsWith("rediss://")) {
    const { default: KeyvRedis } = await import("@keyv/redis");
    const redis = new KeyvRedis(url);
    const client = await redis.getClient();
    spend = async (me, mine, after) => {
      const then = after ? [String(after.rank), String(after.count)] : ["-1", "0"];
      const args = [
        String(windowMs),
        String(perWindow),
        randomUUID(),
        me,
        String(mine.rank),
        String(mine.rank),
        String(mine.count),
        ...then,
      ];
      return Number(await client.eval(SLIDE, { keys: [KEY, MARKS], arguments: args }));
    };
    used = async () => Number(await client.eval(COUNT, { keys: [KEY], arguments: [String(windowMs)] }));
    marked = async () => byRank((await client.eval(MARKED, { keys: [MARKS] })) as number[]);
    close = () => redis.disconnect();
  } else if (url.startsWith("memory://")) ({ spend, used, waiting: marked } = memorySpend(perWindow, windowMs));
  else throw new Error(`STORE_URL scheme not supported: ${url} (use sqlite://, redis:// or memory://)`);
  let closed = false;
  const me = randomUUID();
  /** This process's requests waiting, highest priority first (then in order asked); the first asks the store. */
  const waiting: { readonly rank: number; resolve(): void; reject(e: unknown): void }[] = [];
  /** The mark of `waiting` from index `from` on: its first request's rank and how many share it. */
  const markFrom = (from: number): Mark | null => {
    const head = waiting[from];
    if (!head) return null;
    let count = 0;
    while (waiting[from + count]?.rank === head.rank) count++;
    return { rank: head.rank, count };
  };
  let pumping = false;
  /** Ends the pump's wait early: a request asked for meanwhile is marked in the store at once. */
  let wake: (() => void) | null = null;
  /** Requests asked for so far: one asked while the store answered is marked by trying again at once. */
  let asked = 0;
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (waiting.length) {
        let wait = 0;
        const seen = asked;
        try {
          wait = closed ? 0 : await spend(me, markFrom(0)!, markFrom(1));
        } catch (e) {
          // Closed while the store was asked (a stopping process): the request goes as it would once closed.
          if (closed) waiting.shift()?.resolve();
          else waiting.shift()?.reject(e);
          continue;
        }
        if (wait === 0) waiting.shift()?.resolve();
        else if (seen === asked)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, wait);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        wake = null;
      }
    } finally {
      pumping = false;
    }
  };
  return {
    perWindow,
    windowMs,
    take(p = "normal") {
      return new Promise<void>((resolve, reject) => {
        const rank = RANK[p];
        const at = waiting.findIndex((w) => w.rank > rank);
        waiting.splice(at < 0 ? waiting.length : at, 0, { rank, resolve, reject });
        asked++;
        wake?.();
        void pump();
      });
    },
    used,
    async waiting() {
      const n = await marked();
      return { first: n[RANK.first] ?? 0, normal: n[RANK.normal] ?? 0, last: n[RANK.last] ?? 0 };
    },
    async close() {
      closed = true;
      await close();
    },
  };
}
