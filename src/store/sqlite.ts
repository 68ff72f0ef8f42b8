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

/**
 * The adapter for table `table` of the SQLite file at `uri` (`sqlite://path`, or
 * `sqlite://:memory:`), its queries on prepared statements kept by their text. Its table is made
 * when missing (as `@keyv/sqlite` makes it: a key of up to 255 characters, a text value). Rejects
 * when the file cannot be opened. `query` rejects as node-sqlite3 does (an SQLite error with its
 * `code`); `close` finalizes the kept statements and closes the connection.
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
  const drop = (statement: Promise<sqlite3.Statement>) =>
    void statement.then(
      (s) => {
        const done = finalized(s);
        finalizing.add(done);
        void done.then(() => finalizing.delete(done));
      },
      () => {},
    ); // never prepared: nothing to finalize
  const kept = new LRUCache<string, Promise<sqlite3.Statement>>({ max: STATEMENTS_KEPT, dispose: drop });
  const forget = (sql: string, statement: Promise<sqlite3.Statement>) => {
    if (kept.peek(sql) === statement) kept.delete(sql); // finalized by the cache's dispose
  };
  const query = async (sql: string, ...params: unknown[]): Promise<unknown[]> => {
    if (!KEPT.test(sql))
      return new Promise((resolve, reject) =>
        db.all(sql, ...params, (e: Error | null, rows: unknown[]) => (e ? reject(e) : resolve(rows))),
      );
    let statement = kept.get(sql);
    if (statement === undefined) {
      statement = prepared(db, sql);
      kept.set(sql, statement);
    }
    const used = statement;
    const s = await used.catch((e: unknown) => {
      forget(sql, used);
      throw e;
    });
    return new Promise((resolve, reject) =>
      s.all(...params, (e: Error | null, rows: unknown[]) => {
        if (!e) return resolve(rows);
        forget(sql, used); // stopped mid-way (SQLITE_BUSY…): finalized, so that it holds no read of the file
        reject(e);
      }),
    );
  };
  await query(`CREATE TABLE IF NOT EXISTS ${adapter.opts.table}(key VARCHAR(255) PRIMARY KEY, value TEXT )`);
  adapter.query = query;
  adapter.close = async () => {
    const statements = [...kept.values()];
    kept.clear(); // its dispose finalizes each statement once prepared
    await Promise.allSettled(statements);
    while (finalizing.size > 0) await Promise.all([...finalizing]);
    await new Promise<void>((resolve, reject) => db.close((e) => (e ? reject(e) : resolve())));
  };
  return adapter;
}
