import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/store";

const dir = mkdtempSync(join(tmpdir(), "onexeno-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(["sqlite", "memory"])("%s store", (kind) => {
  const url = kind === "sqlite" ? `sqlite://${join(dir, "sub", "t.sqlite")}` : "memory://";

  it("stores, lists, deletes JSON records", async () => {
    const s = await openStore<{ n: number; a: number[] }>(url, "t1");
    await s.set("c1", { n: 1, a: [1, 2] });
    await s.set("c2", { n: 2, a: [] });
    expect(await s.get("c1")).toEqual({ n: 1, a: [1, 2] });
    expect((await s.keys()).sort()).toEqual(["c1", "c2"]);
    await s.delete("c1");
    expect(await s.get("c1")).toBeUndefined();
    expect(await s.keys()).toEqual(["c2"]);
    await s.close();
  });

  it("hands out copies, and a read that raced a write never brings back the older value", async () => {
    const s = await openStore<{ n: number }>(url, "t3");
    await s.set("k", { n: 1 });
    const first = (await s.get("k"))!;
    if (kind === "sqlite") {
      first.n = 99; // a caller changing what it read changes nothing stored
      expect(await s.get("k")).toEqual({ n: 1 });
    }
    await s.close();
    // A fresh store has nothing cached: its read goes to the database, queued before the write.
    const t = await openStore<{ n: number }>(url, "t3");
    const racing = t.get("k");
    await t.set("k", { n: 2 });
    if (kind === "sqlite") expect(await racing).toEqual({ n: 1 });
    expect(await t.get("k")).toEqual({ n: 2 });
    await t.delete("k");
    expect(await t.get("k")).toBeUndefined();
    await t.close();
  });

  it("keeps every one of many concurrent writes", async () => {
    const s = await openStore<{ i: number }>(url, "t2");
    await Promise.all(Array.from({ length: 64 }, (_, i) => s.set(`k${i}`, { i })));
    const got = await Promise.all(Array.from({ length: 64 }, (_, i) => s.get(`k${i}`)));
    expect(got.map((g) => g?.i)).toEqual(Array.from({ length: 64 }, (_, i) => i));
    expect(await s.keys()).toHaveLength(64);
    await s.close();
  });
});

describe("sqlite persistence", () => {
  it("writes plain JSON behind a J, and still reads records written in Keyv's own format", async () => {
    const file = join(dir, "format.sqlite");
    const url = `sqlite://${file}`;
    // A record as the bot stored it before: Keyv's serializer escapes strings that start with ':'.
    const { default: Keyv } = await import("keyv");
    const { default: KeyvSqlite } = await import("@keyv/sqlite");
    const old = new Keyv({ store: new KeyvSqlite({ uri: url, table: "tables" }), namespace: "tables" });
    await old.set("old", { name: ":smile: Ada", n: 3 });
    await old.disconnect();
    const s = await openStore<{ name: string; n: number }>(url, "tables");
    expect(await s.get("old")).toEqual({ name: ":smile: Ada", n: 3 });
    await s.set("new", { name: ":smile: Ben", n: 4 });
    expect(await s.get("new")).toEqual({ name: ":smile: Ben", n: 4 });
    await s.close();
    const raw = new KeyvSqlite({ uri: url, table: "tables" });
    const rows = (await raw.query("SELECT key, value FROM tables")) as { key: string; value: string }[];
    await raw.close();
    expect(rows.find((r) => r.key === "tables:new")?.value).toMatch(/^J\{"value":\{"name":":smile: Ben","n":4\}/);
    expect(rows.find((r) => r.key === "tables:old")?.value).toMatch(/^\{/);
  });

  it("survives closing and reopening the file (a bot restart)", async () => {
    const url = `sqlite://${join(dir, "restart.sqlite")}`;
    const a = await openStore<{ v: string }>(url, "tables");
    await a.set("chan", { v: "kept" });
    await a.close();
    expect(existsSync(join(dir, "restart.sqlite"))).toBe(true);
    const b = await openStore<{ v: string }>(url, "tables");
    expect(await b.get("chan")).toEqual({ v: "kept" });
    expect(await b.keys()).toEqual(["chan"]);
    await b.close();
  });

  it("several namespaces can open one fresh file at the same moment (WAL switch races)", async () => {
    for (let i = 0; i < 30; i++) {
      const url = `sqlite://${join(dir, `race-${i}.sqlite`)}`;
      const stores = await Promise.all(["a", "b", "c", "d"].map((ns) => openStore<{ ns: string }>(url, ns)));
      await Promise.all(stores.map((st, k) => st.set("k", { ns: String(k) })));
      expect(await Promise.all(stores.map(async (st) => (await st.get("k"))?.ns))).toEqual(["0", "1", "2", "3"]);
      await Promise.all(stores.map((st) => st.close()));
    }
  });

  it("refuses an unknown scheme", async () => {
    await expect(openStore("ftp://x", "n")).rejects.toThrow(/not supported/);
  });
});
