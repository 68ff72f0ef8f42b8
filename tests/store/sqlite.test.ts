/**
 * The SQLite adapter on kept prepared statements (src/store/sqlite.ts): the same answers as
 * `@keyv/sqlite`'s own, each statement text prepared once, a statement that fails dropped and
 * prepared afresh, no read of the file held between calls, and a clean close.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Keyv from "keyv";
import sqlite3 from "sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openKeyvSqlite, STATEMENTS_KEPT } from "../../src/store/sqlite.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sqlite-kept-"));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

/** The texts prepared on any connection while `run` runs. */
async function preparedWhile(run: () => Promise<void>): Promise<string[]> {
  const spy = vi.spyOn(sqlite3.Database.prototype, "prepare");
  await run();
  const texts = spy.mock.calls.map((c) => String(c[0]));
  spy.mockRestore();
  return texts;
}

describe("the SQLite adapter on kept statements", () => {
  it("answers Keyv as before, preparing each statement text once", async () => {
    const adapter = await openKeyvSqlite({ uri: `sqlite://${join(dir, "a.sqlite")}`, table: "tables" });
    const keyv = new Keyv({ store: adapter, namespace: "t" });
    const texts = await preparedWhile(async () => {
      for (let i = 0; i < 20; i++) await keyv.set(`k${i % 3}`, { i });
      const last = [{ i: 18 }, { i: 19 }, { i: 17 }];
      for (let i = 0; i < 20; i++) expect(await keyv.get(`k${i % 3}`)).toEqual(last[i % 3]);
      expect(await keyv.delete("k0")).toBe(true);
      expect(await keyv.get("k0")).toBeUndefined();
    });
    // One upsert, one read, one existence check and one delete, whatever the number of calls.
    expect(texts.length).toBeGreaterThan(0);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts.length).toBeLessThanOrEqual(4);
    await adapter.close();
  });

  it("keeps the most recent texts only: an older one is prepared again", async () => {
    const adapter = await openKeyvSqlite({ uri: "sqlite://:memory:", table: "tables" });
    const select = (n: number) => adapter.query(`SELECT ${n} AS n`) as Promise<{ n: number }[]>;
    const texts = await preparedWhile(async () => {
      for (let n = 0; n <= STATEMENTS_KEPT; n++) expect(await select(n)).toEqual([{ n }]);
      await select(STATEMENTS_KEPT); // kept
      await select(0); // the oldest, let go: prepared again
    });
    expect(texts).toHaveLength(STATEMENTS_KEPT + 2);
    expect(texts.at(-1)).toBe("SELECT 0 AS n");
    await adapter.close();
  });

  it("rejects a statement SQLite refuses, every time, and goes on answering the others", async () => {
    const adapter = await openKeyvSqlite({ uri: "sqlite://:memory:", table: "tables" });
    const insert = "INSERT INTO tables (key, value) VALUES (?, ?)";
    const missing = "SELECT * FROM missing WHERE key = ?";
    const texts = await preparedWhile(async () => {
      for (let i = 0; i < 2; i++) await expect(adapter.query(missing, "x")).rejects.toThrow(/no such table/);
      await adapter.query(insert, "a", "1");
      // A failure while running (a second row under one key) drops the statement; its text is prepared again.
      await expect(adapter.query(insert, "a", "2")).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT" });
      await adapter.query(insert, "b", "2");
      await adapter.query(insert, "c", "3");
    });
    expect(texts.filter((t) => t === missing)).toHaveLength(2);
    expect(texts.filter((t) => t === insert)).toHaveLength(2);
    expect(await adapter.query("SELECT key, value FROM tables ORDER BY key")).toEqual([
      { key: "a", value: "1" },
      { key: "b", value: "2" },
      { key: "c", value: "3" },
    ]);
    await adapter.close();
  });

  it("holds no read of the file between calls: another connection's write is seen, and the file closes", async () => {
    const uri = `sqlite://${join(dir, "shared.sqlite")}`;
    const one = await openKeyvSqlite({ uri, table: "tables" });
    const other = await openKeyvSqlite({ uri, table: "tables" });
    await one.query("PRAGMA journal_mode=WAL");
    const read = () => one.query("SELECT value FROM tables WHERE key = ?", "k") as Promise<{ value: string }[]>;
    await other.query("INSERT OR REPLACE INTO tables (key, value) VALUES (?, ?)", "k", "first");
    expect(await read()).toEqual([{ value: "first" }]);
    await other.query("INSERT OR REPLACE INTO tables (key, value) VALUES (?, ?)", "k", "second");
    expect(await read()).toEqual([{ value: "second" }]);
    // A checkpoint completes: no statement of either connection pins the log.
    const [check] = (await other.query("PRAGMA wal_checkpoint(TRUNCATE)")) as { busy: number }[];
    expect(check?.busy).toBe(0);
    await Promise.all([one.close(), other.close()]);
  });

  it("closes with calls in flight: they are answered, a later one is refused, and the file closes", async () => {
    const adapter = await openKeyvSqlite({ uri: `sqlite://${join(dir, "closing.sqlite")}`, table: "tables" });
    await adapter.query("INSERT INTO tables (key, value) VALUES (?, ?)", "a", "1");
    const read = () => adapter.query("SELECT value FROM tables WHERE key = ?", "a");
    expect(await read()).toEqual([{ value: "1" }]); // its statement is kept now
    // Asked for just before the close: a process stopping while its budget or claims ask the store.
    const during = [read(), read(), adapter.query("SELECT 1 AS one")];
    const closing = adapter.close();
    await expect(read()).rejects.toMatchObject({ code: "SQLITE_MISUSE" });
    expect(await Promise.all(during)).toEqual([[{ value: "1" }], [{ value: "1" }], [{ one: 1 }]]);
    await closing;
  });
});
