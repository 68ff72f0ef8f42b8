/**
 * A Keyv SQLite adapter (`@keyv/sqlite`) whose queries reuse prepared statements (issue 65).
 * `@keyv/sqlite` runs every query through node-sqlite3's `Database.all`, which prepares the SQL
 * text, runs it once and finalizes it: a statement object made and a trip to libuv's pool to
 * prepare it, every time. Measured on this machine (a 20 KB upsert, node-sqlite3 5.1.7): 0.15 ms
 * of the process's CPU a statement, 0.05 of it on the main thread; with the statement prepared
 * once, 0.10 and 0.025. A move runs about five statements (its table's write, its interaction's
 * claim and settle), so a busy bot spends about 0.25 ms less a move.
 *
 * The adapter keeps its Keyv interface (get, set, the iterator…); its `query` and `close` are
 * this module's, on a connection of its own: node-sqlite3's `Statement.all`
 * (https://github.com/TryGhost/node-sqlite3/wiki/API#statementallparam--callback), which binds
 * each call's values and runs the statement to its end, as `Database.all` does. Statements that
 * change no data's shape (SELECT, INSERT, UPDATE, DELETE, REPLACE) are kept by their SQL text,
 * the most recently used `STATEMENTS_KEPT`; the rest (PRAGMA, CREATE, BEGIN…) run once as before.
 * A statement that failed is dropped (finalized), so that one stopped mid-way (SQLITE_BUSY) holds
 * no read of the file and the next call prepares it afresh.
 */
import KeyvSqlite from "@keyv/sqlite";
import { LRUCache } from "lru-cache";
import sqlite3 from "sqlite3";

/** How many prepared statements a connection keeps (grouped writes of N rows each have their own text). */
export const STATEMENTS_KEPT = 64;

/** SQL whose statement is kept for the next call of the same text. */
const KEPT = /^\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE)\b/i;

/** Where an SQLite url's file is (`sqlite://data/x.sqlite` → `data/x.sqlite`), as `@keyv/sqlite` reads it. */
const fileOf = (uri: string) => uri.replace(/^sqlite:\/\//, "");

/** Opens the file at `file` (created when missing), waiting up to `busyTimeout` ms for another connection's lock. */
function openDatabase(file: string, busyTimeout: number): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, (e) => {
      if (e) return reject(e);
      db.configure("busyTimeout", busyTimeout);
      resolve(db);
    });
  });
}

/** Finalizes `statement`, resolving once it is (after the calls already queued on it). */
const finalized = (statement: sqlite3.Statement) => new Promise<void>((resolve) => statement.finalize(() => resolve()));

/**
 * Prepares `sql` on `db`. Rejects when SQLite refuses it (a syntax error, a missing table): a
 * statement whose preparing failed never answers the calls queued on it, so none is made.
 */
const prepared = (db: sqlite3.Database, sql: string) =>
  new Promise<sqlite3.Statement>((resolve, reject) => {
    const statement = db.prepare(sql, (e: Error | null) => (e ? reject(e) : resolve(statement)));
  });

/** A kept statement: its preparing, the calls holding it, and whether it left the cache (then finalized once free). */
interface Kept {
  readonly statement: Promise<sqlite3.Statement>;
  users: number;
  dropped: boolean;
  finalized: boolean;
}

/**
 * The adapter for table `table` of the SQLite file at `uri` (`sqlite://path`, or
 * `sqlite://:memory:`), its queries on prepared statements kept by their text. Its table is made
 * when missing (as `@keyv/sqlite` makes it: a key of up to 255 characters, a text value). Rejects
 * when the file cannot be opened. `query` rejects as node-sqlite3 does (an SQLite error with its
 * `code`); `close` finalizes the kept statements and closes the connection, and a query asked
 * for once it has begun rejects (SQLITE_MISUSE, as node-sqlite3 answers on a closed database).
 */
export async function openKeyvSqlite({
  uri,
  table,
  busyTimeout = 10_000,
}: {
  uri: string;
  table: string;
  busyTimeout?: number;
}): Promise<KeyvSqlite> {
  const adapter = new KeyvSqlite({ uri, busyTimeout, table });
  // Its own connection (opened by its constructor, with no way to hand it one) made its table; let it go.
  await adapter.close();
  const db = await openDatabase(fileOf(uri), busyTimeout);
  const finalizing = new Set<Promise<void>>();
  const inFlight = new Set<Promise<unknown>>();
  /** Finalizes a kept statement once it is out of the cache and no call holds it (a call made after `finalize` would fail). */
  const release = (k: Kept) => {
    if (!k.dropped || k.users > 0 || k.finalized) return;
    k.finalized = true;
    // Noted at once, so that `close` waits for it; a statement never prepared has nothing to finalize.
    const done = k.statement.then(finalized, () => {});
    finalizing.add(done);
    void done.then(() => finalizing.delete(done));
  };
  const kept = new LRUCache<string, Kept>({
    max: STATEMENTS_KEPT,
    dispose: (k) => {
      k.dropped = true;
      release(k);
    },
  });
  const forget = (sql: string, k: Kept) => {
    if (kept.peek(sql) === k) kept.delete(sql); // finalized once its last call is done
  };
  /** Runs `sql` on its kept statement (prepared on first use), holding it until the call is answered. */
  const onKept = async (sql: string, params: readonly unknown[]): Promise<unknown[]> => {
    let k = kept.get(sql);
    if (k === undefined) {
      k = { statement: prepared(db, sql), users: 0, dropped: false, finalized: false };
      kept.set(sql, k);
    }
    const held = k;
    held.users++;
    try {
      const st = await held.statement.catch((e: unknown) => {
        forget(sql, held);
        throw e;
      });
      return await new Promise((resolve, reject) =>
        st.all(...params, (e: Error | null, rows: unknown[]) => {
          if (!e) return resolve(rows);
          forget(sql, held); // stopped mid-way (SQLITE_BUSY…): finalized, so that it holds no read of the file
          reject(e);
        }),
      );
    } finally {
      held.users--;
      release(held);
    }
  };
  let closing = false;
  const query = (sql: string, ...params: unknown[]): Promise<unknown[]> => {
    // Once closing, nothing new runs: a statement prepared meanwhile would keep the file from closing.
    if (closing) return Promise.reject(Object.assign(new Error("SQLITE_MISUSE: Database is closed"), { errno: 21, code: "SQLITE_MISUSE" }));
    const running: Promise<unknown[]> = KEPT.test(sql)
      ? onKept(sql, params)
      : new Promise((resolve, reject) => db.all(sql, ...params, (e: Error | null, rows: unknown[]) => (e ? reject(e) : resolve(rows))));
    inFlight.add(running);
    void running.then(
      () => inFlight.delete(running),
      () => inFlight.delete(running),
    );
    return running;
  };
  await query(`CREATE TABLE IF NOT EXISTS ${adapter.opts.table}(key VARCHAR(255) PRIMARY KEY, value TEXT )`);
  adapter.query = query;
  adapter.close = async () => {
    closing = true;
    kept.clear(); // each statement is finalized once its calls in flight are answered
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    while (finalizing.size > 0) await Promise.all([...finalizing]);
    await new Promise<void>((resolve, reject) => db.close((e) => (e ? reject(e) : resolve())));
  };
  return adapter;
}
