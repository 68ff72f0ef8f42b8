/**
 * Backups of the SQLite store, taken while the bot runs. A backup is SQLite's `VACUUM INTO`: one
 * read transaction copies the whole database into a new file, so the copy is consistent (every
 * record as of one moment, the WAL's committed pages included) and compact, and writers go on
 * meanwhile (https://www.sqlite.org/lang_vacuum.html#vacuuminto). A restore puts a backup's
 * records back in one transaction; it is for a stopped bot (a running one keeps what it has
 * read in memory). Redis keeps its own persistence (docs/running.md says which).
 */
import KeyvSqlite from "@keyv/sqlite";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";

/** The table every store namespace of the bot keeps its records in (src/store/store.ts). */
const TABLE = "tables";

/** The file of a `sqlite://` store URL. Throws for any other store (a backup is SQLite's). */
export function sqliteFile(url: string): string {
  if (!url.startsWith("sqlite://"))
    throw new Error(`backups are of the SQLite store; ${url.split(":")[0]} keeps its own (see docs/running.md)`);
  return url.slice("sqlite://".length);
}

/** Runs `work` on a connection of its own to the store at `url`, then closes it. */
async function withStore<T>(url: string, work: (query: (q: string, ...params: unknown[]) => Promise<unknown[]>) => Promise<T>): Promise<T> {
  const adapter = new KeyvSqlite({ uri: url, busyTimeout: 10_000, table: TABLE });
  try {
    return await work((q, ...params) => adapter.query(q, ...params) as Promise<unknown[]>);
  } finally {
    await adapter.disconnect();
  }
}

/**
 * Writes a consistent copy of the SQLite store at `url` (the bot may be running) to `file`, a
 * new file (its folder is made). Returns the file, its size in bytes and the records copied.
 * Throws when `file` exists, or for a store that is not SQLite.
 */
export async function backupStore(url: string, file: string): Promise<{ file: string; bytes: number; records: number }> {
  const source = sqliteFile(url);
  if (!existsSync(source)) throw new Error(`no store at ${source}`);
  if (existsSync(file)) throw new Error(`${file} exists: a backup is always a new file`);
  mkdirSync(dirname(file), { recursive: true });
  await withStore(url, (query) => query("VACUUM INTO ?", file));
  const records = await withStore(`sqlite://${file}`, async (query) => {
    const [row] = (await query(`SELECT count(*) AS n FROM ${TABLE}`)) as { n: number }[];
    return row?.n ?? 0;
  });
  return { file, bytes: statSync(file).size, records };
}

/**
 * Replaces every record of the SQLite store at `url` with the records of backup `file`, in one
 * transaction (all or nothing). For a stopped bot. Returns the records restored. Throws when
 * `file` is missing or holds no store.
 */
export async function restoreStore(url: string, file: string): Promise<{ records: number }> {
  sqliteFile(url);
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  return withStore(url, async (query) => {
    await query("ATTACH DATABASE ? AS backup", file);
    try {
      await query("BEGIN IMMEDIATE");
      try {
        await query(`DELETE FROM main.${TABLE}`);
        await query(`INSERT INTO main.${TABLE} (key, value) SELECT key, value FROM backup.${TABLE}`);
        await query("COMMIT");
      } catch (e) {
        await query("ROLLBACK");
        throw e;
      }
      const [row] = (await query(`SELECT count(*) AS n FROM main.${TABLE}`)) as { n: number }[];
      return { records: row?.n ?? 0 };
    } finally {
      await query("DETACH DATABASE backup");
    }
  });
}
