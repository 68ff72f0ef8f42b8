/**
 * Persistence of tables through keyv: one JSON record per channel, saved after every
 * accepted move and before the reply. Default: SQLite file under ./data (WAL journal, so
 * concurrent writes from many tables do not stall); `redis://` URLs use @keyv/redis; and
 * `memory://` keeps everything in process (tests, benchmarks).
 */
import Keyv from "keyv";
import KeyvSqlite from "@keyv/sqlite";
import { openKeyvSqlite } from "./sqlite.ts";
import { defaultDeserialize } from "@keyv/serialize";
import { EventEmitter } from "node:events";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

/** Minimal typed store of JSON records by key. */
export interface RecordStore<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Every key with a record (used to resume games at start-up), listed by the backend itself
   * (SQLite: a query on the namespace's key prefix; Redis: SCAN), so that no shared record is
   * rewritten as keys come and go and two processes never overwrite each other's entries.
   */
  keys(): Promise<string[]>;
  /** Every record with its key, listed the same way. */
  entries(): Promise<[string, T][]>;
  /** Drops the read cache, if there is one (another process wrote: src/store/claims.ts). */
  forget?(): void;
  close(): Promise<void>;
}

/**
 * Emits `error` (with the error) whenever a store backend reports one, for metrics; the error
 * is also written to stderr.
 */
export const storeEvents = new EventEmitter();
storeEvents.on("error", () => {}); // an unobserved error event must not throw

/** The single index record earlier versions kept; ignored when listing, deleted on open. */
const LEGACY_INDEX_KEY = "__index__";

/**
 * Stored values are `J` + plain JSON. Keyv's own format (@keyv/serialize) walks every value in
 * JavaScript and parses with a reviver (to restore Buffers and `:`-escaped strings): on a busy
 * bot that was the largest single cost of a move on the main thread. Our records are plain
 * JSON, so JSON.stringify/parse do; the leading `J` (never the first character of Keyv's
 * format) tells new records from those written before, which are still read Keyv's way.
 */
const MARK = "J";
/** Rows a listing query reads at a time (SQLite). */
const PAGE = 1000;
/** Records kept in each store's read cache (least recently used dropped first). */
const CACHE_ENTRIES = 10_000;
/**
 * Characters of JSON kept in each store's read cache (least recently used dropped first): the
 * game records of a busy server are tens of kB each, and without a bound the cache of the records
 * store grew by every finished game until its 10,000th (`npm run bench:soak`).
 */
const CACHE_CHARS = 8 * 1024 * 1024;
const serialize = (data: unknown): string => MARK + JSON.stringify(data);
/** Parses what `serialize` wrote, or a record in Keyv's own format. */
const deserialize = (text: string): any => (text.startsWith(MARK) ? JSON.parse(text.slice(1)) : defaultDeserialize(text));
const codec = { serialize, deserialize };

/** Runs `f`, retrying up to 20 times (50 ms apart) while SQLite answers SQLITE_BUSY. */
async function retryBusy<T>(f: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await f();
    } catch (e) {
      if (attempt >= 20 || !String((e as Error)?.message ?? e).includes("SQLITE_BUSY")) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Rows a grouped write puts in one statement (two bound values a row; SQLite allows 32,766). */
const ROWS_A_STATEMENT = 500;

/**
 * One SQLite connection per file, shared by every store of the process on it, whose writes are
 * grouped: a write made while another is in flight waits for it and then goes out with every
 * other write that waited, as one statement (group commit). Each statement node-sqlite3 runs
 * costs the main thread its native callbacks (prepare, step, finalize): about a millisecond a
 * move for three writes on a busy bot, the largest single entry of its profile
 * (`npm run bench:flight -- --profile`).
 */
interface Connection {
  readonly adapter: KeyvSqlite;
  /** Writes not yet sent, by full key (`namespace:key`): the row's text, or null to delete it. */
  pending: Map<string, string | null>;
  /** Settles the callers of the pending writes. */
  waiting: (() => void)[];
  /** The batch being written, while one is. */
  sending: ReadonlyMap<string, string | null> | null;
  /** The writes in flight, while there are. */
  flushing: Promise<void> | null;
}

/** Writes made through `groupedWrite` and the statements that carried them, since the process began. */
const grouped = { writes: 0, statements: 0 };

/**
 * How SQLite writes were grouped in this process: `writes` made by stores (sets and deletes) and
 * the `statements` that carried them (for the bench and the tests).
 */
export function groupedWrites(): { readonly writes: number; readonly statements: number } {
  return { ...grouped };
}

/** A connection being opened or open, and how many stores use it (counted as they ask). */
interface Shared {
  readonly opening: Promise<Connection>;
  users: number;
}

/** The open connections, by store URL. */
const connections = new Map<string, Shared>();

/**
 * The connection to the SQLite file of `url` for one more store, opened (WAL journal,
 * synchronous NORMAL) by its first user. Its `opening` rejects when the file cannot be opened.
 */
function shareConnection(url: string): Shared {
  const known = connections.get(url);
  if (known) {
    known.users++;
    return known;
  }
  const opening = (async (): Promise<Connection> => {
    const file = url.slice("sqlite://".length);
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    const adapter = await openKeyvSqlite({ uri: url, table: "tables" });
    adapter.setMaxListeners(0); // each store's Keyv listens for its errors
    // WAL is a property of the file: switch once. Changing journal modes can fail with
    // SQLITE_BUSY without waiting when another process is opening the same file, so retry.
    const mode = (await adapter.query("PRAGMA journal_mode")) as { journal_mode?: string }[];
    if (mode[0]?.journal_mode !== "wal") await retryBusy(() => adapter.query("PRAGMA journal_mode=WAL"));
    await adapter.query("PRAGMA synchronous=NORMAL");
    return { adapter, pending: new Map(), sending: null, waiting: [], flushing: null };
  })();
  const shared: Shared = { opening, users: 1 };
  connections.set(url, shared);
  opening.catch(() => {
    if (connections.get(url) === shared) connections.delete(url);
  });
  return shared;
}

/** Lets go of `url`'s connection; the last store to let go closes it (after its writes). */
async function releaseConnection(url: string, shared: Shared): Promise<void> {
  if (--shared.users > 0) return;
  if (connections.get(url) === shared) connections.delete(url);
  const c = await shared.opening;
  while (c.flushing) await c.flushing;
  await c.adapter.close();
}

/**
 * Writes `text` under `fullKey` (null deletes the row) with the other writes waiting on `c`, and
 * resolves once it is in the file. A failed statement is reported (`onError`) and resolves, as
 * Keyv does with a store's errors: the record stays in the read cache.
 */
function groupedWrite(c: Connection, fullKey: string, text: string | null, onError: (e: unknown) => void): Promise<void> {
  grouped.writes++;
  c.pending.delete(fullKey); // a later write of a key replaces an earlier one still waiting
  c.pending.set(fullKey, text);
  const done = new Promise<void>((resolve) => c.waiting.push(resolve));
  if (!c.flushing) {
    c.flushing = (async () => {
      await Promise.resolve(); // writes made in the same turn go together
      while (c.pending.size > 0) {
        const batch = c.pending;
        const settle = c.waiting;
        c.pending = new Map();
        c.waiting = [];
        c.sending = batch;
        await sendBatch(c.adapter, batch).catch(onError);
        c.sending = null;
        for (const f of settle) f();
      }
      c.flushing = null;
    })();
  }
  return done;
}

/**
 * The text last written under `fullKey` that is not in the file yet (waiting or being sent),
 * null for a delete, undefined when there is none: what a read of the file would miss.
 */
function unsent(c: Connection, fullKey: string): string | null | undefined {
  if (c.pending.has(fullKey)) return c.pending.get(fullKey);
  return c.sending?.get(fullKey);
}

/** Runs one batch of writes: upserts and deletes, ROWS_A_STATEMENT rows a statement. */
async function sendBatch(adapter: KeyvSqlite, batch: ReadonlyMap<string, string | null>): Promise<void> {
  const sets: string[] = [];
  const deletes: string[] = [];
  for (const [key, text] of batch) {
    if (text === null) deletes.push(key);
    else sets.push(key, text);
  }
  for (let i = 0; i < sets.length; i += 2 * ROWS_A_STATEMENT) {
    const params = sets.slice(i, i + 2 * ROWS_A_STATEMENT);
    const rows = Array.from({ length: params.length / 2 }, () => "(?, ?)").join(", ");
    grouped.statements++;
    await adapter.query(`INSERT INTO tables (key, value) VALUES ${rows} ON CONFLICT(key) DO UPDATE SET value=excluded.value`, ...params);
  }
  for (let i = 0; i < deletes.length; i += ROWS_A_STATEMENT) {
    const keys = deletes.slice(i, i + ROWS_A_STATEMENT);
    grouped.statements++;
    await adapter.query(`DELETE FROM tables WHERE key IN (${keys.map(() => "?").join(", ")})`, ...keys);
  }
}

/**
 * Freezes `value` and everything reachable from it (plain JSON: objects and arrays), stopping at
 * what is frozen already (the parts a new record shares with the one before it), and returns it.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}

/** A cached record: the parsed record, frozen (null: known absent), and the characters of its JSON. */
interface Cached {
  readonly value: unknown;
  readonly chars: number;
}

/**
 * A store's read cache: recently read or written records, parsed once and frozen (null: known
 * absent), so that a move reads its table from memory without parsing JSON again (issue 65, item
 * 4: parsing at every read was 13 % of the main thread in the soak, a large table 20–28 KB). A
 * record handed out is shared: whoever changes one writes a new record (engines are pure), and a
 * change in place throws (frozen, strict mode). Sound while each key has one writing process (a
 * guild is one process's: a shard, or the holder of its claim, src/store/claims.ts). A write or
 * delete bumps the key's generation, and `forget` moves the epoch on, so a read that began before
 * either never caches what it read (`ticket`).
 */
class ReadCache {
  constructor(
    /** Characters of JSON it keeps at most. */
    private readonly maxChars: number,
  ) {}
  private readonly records = new Map<string, Cached>();
  private readonly generation = new Map<string, number>();
  private epoch = 0;
  /** Characters of JSON cached. */
  private chars = 0;

  /** The cached record of `key` (value null: known absent), kept as most recently used; undefined when not cached. */
  hit(key: string): Cached | undefined {
    const rec = this.records.get(key);
    if (rec !== undefined) this.remember(key, rec.value, rec.chars);
    return rec;
  }

  /**
   * Caches `value` (frozen here; null: known absent) for `key`, `chars` the length of its JSON,
   * dropping the least recently used past CACHE_ENTRIES or its characters' bound.
   */
  remember(key: string, value: unknown, chars: number): void {
    this.drop(key);
    this.records.set(key, { value: deepFreeze(value), chars });
    this.chars += chars;
    while (this.records.size > CACHE_ENTRIES || (this.chars > this.maxChars && this.records.size > 1))
      this.drop(this.records.keys().next().value as string);
  }

  private drop(key: string): void {
    const had = this.records.get(key);
    if (had === undefined) return;
    this.chars -= had.chars;
    this.records.delete(key);
  }

  /** Marks a write or delete of `key`: reads begun before it are not cached. */
  bump(key: string): void {
    // One entry a key ever written would grow for good: past the cache's size, the marks start
    // again, and reads under way then are not cached (`ticket` sees a new epoch).
    if (this.generation.size >= CACHE_ENTRIES && !this.generation.has(key)) {
      this.generation.clear();
      this.epoch++;
    }
    this.generation.set(key, (this.generation.get(key) ?? 0) + 1);
  }

  /** Taken as a read of `key` begins: true at its end if nothing wrote the key or dropped the cache meanwhile. */
  ticket(key: string): () => boolean {
    const gen = this.generation.get(key) ?? 0;
    const epoch = this.epoch;
    return () => (this.generation.get(key) ?? 0) === gen && epoch === this.epoch;
  }

  /** Drops every cached record (another process may have written them). */
  forget(): void {
    this.epoch++;
    this.records.clear();
    this.chars = 0;
  }
}

/** How a store is opened: `cacheChars`, the characters of JSON its read cache keeps at most. */
export interface StoreOptions {
  readonly cacheChars?: number;
}

/**
 * Opens a keyv-backed store for `url`:
 * - `sqlite://path/to/file.sqlite` (parent folder created; WAL journal mode; one connection a
 *   file, shared by the process's stores, its writes grouped: `groupedWrite`),
 * - `redis://host:port`,
 * - `memory://`.
 * Keys are namespaced by `namespace`. Values are stored as `J` + JSON; reads are served from a
 * per-store cache of up to CACHE_ENTRIES records and `opts.cacheChars` characters of JSON
 * (default CACHE_CHARS), which assumes one process writes each key. `get` returns the cached
 * record itself, deeply frozen, shared by every reader: change a copy and `set` it. A record given
 * to `set` is frozen too (it is what later reads return). Throws on an unknown scheme (a
 * configuration bug).
 */
export async function openStore<T>(url: string, namespace: string, opts: StoreOptions = {}): Promise<RecordStore<T>> {
  let keyv: Keyv;
  let closeExtra: () => Promise<void> = async () => {};
  /** SQLite only: runs a query on the store's connection (for listing by key prefix). */
  let sql: ((q: string, ...params: unknown[]) => Promise<unknown[]>) | null = null;
  let connection: Connection | null = null;
  if (url.startsWith("sqlite://")) {
    const shared = shareConnection(url);
    const c = await shared.opening;
    connection = c;
    sql = (q, ...params) => c.adapter.query(q, ...params) as Promise<unknown[]>;
    keyv = new Keyv({ store: c.adapter, namespace, ...codec });
    closeExtra = () => releaseConnection(url, shared);
  } else if (url.startsWith("redis://") || url.startsWith("rediss://")) {
    const { default: KeyvRedis } = await import("@keyv/redis");
    const redis = new KeyvRedis(url);
    keyv = new Keyv({ store: redis, namespace, ...codec });
    closeExtra = async () => redis.disconnect();
  } else if (url === "memory://" || url === "memory:") {
    keyv = new Keyv({ namespace });
  } else {
    throw new Error(`STORE_URL scheme not supported: ${url} (use sqlite://, redis:// or memory://)`);
  }
  const failed = (e: unknown) => {
    console.error("store error:", e);
    storeEvents.emit("error", e);
  };
  keyv.on("error", failed);

  // Earlier versions listed keys in one record; the backend lists them now.
  await keyv.delete(LEGACY_INDEX_KEY).catch(() => false);
  let writes = 0;
  let closed = false;
  let settled: Promise<unknown> = Promise.resolve();
  const track = <R>(p: Promise<R>): Promise<R> => {
    writes++;
    settled = Promise.allSettled([settled, p]).then(() => undefined); // its own result would nest every earlier one
    return p.finally(() => writes--);
  };
  const list = async (withValues: boolean): Promise<[string, T | undefined][]> => {
    const out: [string, T | undefined][] = [];
    if (sql) {
      // Writes still waiting to be grouped are in the file first.
      while (connection?.flushing) await connection.flushing;
      // Keyset pages over the namespace's key prefix (keys are `namespace:key`): one query a
      // page, however many rows (Keyv's own SQLite iterator recurses a generator per 10 rows).
      const prefix = `${namespace}:`;
      const upper = `${namespace};`; // ':' + 1: every key of the namespace sorts below it
      let after = prefix;
      for (;;) {
        const rows = (await sql(
          `SELECT key${withValues ? ", value" : ""} FROM tables WHERE key > ? AND key < ? ORDER BY key LIMIT ${PAGE}`,
          after,
          upper,
        )) as { key: string; value?: string }[];
        for (const row of rows) {
          const key = row.key.slice(prefix.length);
          if (key === LEGACY_INDEX_KEY) continue;
          out.push([key, withValues && row.value !== undefined ? (deserialize(row.value) as { value?: T } | undefined)?.value : undefined]);
        }
        if (rows.length < PAGE) break;
        after = rows.at(-1)!.key;
      }
      return out;
    }
    const iterate = keyv.iterator as unknown as (() => AsyncGenerator<[string, T]>) | undefined;
    if (!iterate) throw new Error(`store ${url}: the backend cannot list its keys`);
    for await (const [key, value] of iterate.call(keyv)) if (key !== LEGACY_INDEX_KEY && value !== undefined) out.push([key, value]);
    return out;
  };

  const cache = new ReadCache(opts.cacheChars ?? CACHE_CHARS);

  return {
    async get(key) {
      const hit = cache.hit(key);
      if (hit !== undefined) return hit.value === null ? undefined : (hit.value as T);
      // A write not in the file yet (its key dropped from the cache meanwhile) is what a read sees.
      const waiting = connection ? unsent(connection, `${namespace}:${key}`) : undefined;
      if (waiting !== undefined) return waiting === null ? undefined : deepFreeze((deserialize(waiting) as { value: T }).value);
      const unchanged = cache.ticket(key);
      const value = (await keyv.get(key)) as T | undefined;
      if (unchanged()) cache.remember(key, value ?? null, value === undefined ? 0 : JSON.stringify(value).length);
      return value;
    },
    async set(key, value) {
      cache.bump(key);
      const json = JSON.stringify(value);
      cache.remember(key, value, json.length);
      // SQLite: the row Keyv would write (`J{"value":…}`, no expiry), through the grouped writes.
      if (connection) await track(groupedWrite(connection, `${namespace}:${key}`, `${MARK}{"value":${json}}`, failed));
      else await track(keyv.set(key, value));
    },
    async delete(key) {
      cache.bump(key);
      cache.remember(key, null, 0);
      if (connection) await track(groupedWrite(connection, `${namespace}:${key}`, null, failed));
      else await track(keyv.delete(key));
    },
    async keys() {
      return (await list(false)).map(([k]) => k);
    },
    forget() {
      cache.forget();
    },
    async entries() {
      return (await list(true)).filter((e): e is [string, T] => e[1] !== undefined);
    },
    async close() {
      if (closed) return;
      closed = true;
      while (writes > 0) await settled;
      if (!connection) await keyv.disconnect().catch(() => {}); // a shared connection closes with its last store
      await closeExtra().catch(() => {});
    },
  };
}

/**
 * A view of `store` whose reads pass through `read`: records written by an earlier version
 * of the code are brought to today's shape as they are read (migrate on read); records already
 * of today's shape come back unchanged. `read` returns undefined for a record it cannot use
 * (then the key reads as empty). Writes go to `store` as given, so a migrated record is saved
 * in today's shape at its next change.
 */
export function readingThrough<T>(store: RecordStore<T>, read: (raw: unknown) => T | undefined): RecordStore<T> {
  return {
    get: async (key) => {
      const raw = await store.get(key);
      return raw === undefined ? undefined : read(raw);
    },
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
    keys: () => store.keys(),
    entries: async () =>
      (await store.entries()).flatMap(([key, raw]): [string, T][] => {
        const rec = read(raw);
        return rec === undefined ? [] : [[key, rec]];
      }),
    close: () => store.close(),
  };
}
