import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DueIndex, type DueStore } from "../../src/store/due.ts";
import { groupedWrites, openStore } from "../../src/store/store.ts";
import { redisForFile } from "../helpers/redis.ts";

const dir = mkdtempSync(join(tmpdir(), "onexeno-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Redis runs when its server is installed, and must when REDIS_REQUIRED=1 (CI).
const redis = redisForFile();
const backends = ["sqlite", "memory", ...(redis.on ? ["redis"] : [])];
let namespaces = 0;

describe.each(backends)("%s store", (kind) => {
  const urlOf = () => (kind === "sqlite" ? `sqlite://${join(dir, "sub", "t.sqlite")}` : kind === "redis" ? redis.url : "memory://");

  it("stores, lists, deletes JSON records", async () => {
    const s = await openStore<{ n: number; a: number[] }>(urlOf(), "t1");
    await s.set("c1", { n: 1, a: [1, 2] });
    await s.set("c2", { n: 2, a: [] });
    expect(await s.get("c1")).toEqual({ n: 1, a: [1, 2] });
    expect((await s.keys()).sort()).toEqual(["c1", "c2"]);
    await s.delete("c1");
    expect(await s.get("c1")).toBeUndefined();
    expect(await s.keys()).toEqual(["c2"]);
    await s.close();
  });

  it("hands out one frozen record to every reader, and a read that raced a write never brings back the older value", async () => {
    const s = await openStore<{ n: number; deep: { list: number[] } }>(urlOf(), "t3");
    const written = { n: 1, deep: { list: [1] } };
    await s.set("k", written);
    const first = (await s.get("k"))!;
    // Parsed once, shared: a change in place throws (strict mode), at any depth, and stores nothing.
    expect(await s.get("k")).toBe(first);
    expect(() => {
      first.n = 99;
    }).toThrow(TypeError);
    expect(() => first.deep.list.push(2)).toThrow(TypeError);
    expect(() => {
      written.deep.list[0] = 5; // what was given to set is what reads return: frozen too
    }).toThrow(TypeError);
    expect(await s.get("k")).toEqual({ n: 1, deep: { list: [1] } });
    await s.close();
    // A record read from the database is frozen as it is cached.
    if (kind !== "memory") {
      const reread = await openStore<{ n: number; deep: { list: number[] } }>(urlOf(), "t3");
      const got = (await reread.get("k"))!;
      expect(got).toEqual({ n: 1, deep: { list: [1] } });
      expect(Object.isFrozen(got.deep.list)).toBe(true);
      await reread.close();
    }
    // A fresh store has nothing cached: its read goes to the database, queued before the write.
    const t = await openStore<{ n: number; deep: { list: number[] } }>(urlOf(), "t3");
    const racing = t.get("k");
    await t.set("k", { n: 2, deep: { list: [] } });
    // The read was queued first, so it usually returns the older value; either way it must not
    // leave that value in the cache.
    if (kind !== "memory") expect([1, 2]).toContain((await racing)?.n);
    else await racing;
    expect(await t.get("k")).toEqual({ n: 2, deep: { list: [] } });
    await t.delete("k");
    expect(await t.get("k")).toBeUndefined();
    await t.close();
  });

  it("keeps every one of many concurrent writes", async () => {
    const s = await openStore<{ i: number }>(urlOf(), "t2");
    await Promise.all(Array.from({ length: 64 }, (_, i) => s.set(`k${i}`, { i })));
    const got = await Promise.all(Array.from({ length: 64 }, (_, i) => s.get(`k${i}`)));
    expect(got.map((g) => g?.i)).toEqual(Array.from({ length: 64 }, (_, i) => i));
    expect(await s.keys()).toHaveLength(64);
    await s.close();
  });

  it("lists keys and records from the backend itself: no shared index record, two writers never clobber", async () => {
    const ns = `list${namespaces++}`;
    const a = await openStore<{ v: number }>(urlOf(), ns);
    const b = await openStore<{ v: number }>(urlOf(), ns); // a second process on the same store
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => a.set(`a${i}`, { v: i })),
      ...Array.from({ length: 20 }, (_, i) => b.set(`b${i}`, { v: i })),
    ]);
    await a.delete("a0");
    const keys = (await (kind === "memory" ? a : b).keys()).sort();
    expect(keys).toHaveLength(kind === "memory" ? 19 : 39); // memory:// is one process's own
    if (kind !== "memory") expect(keys).toContain("b19");
    expect(keys).not.toContain("a0");
    expect(keys).not.toContain("__index__");
    const entries = new Map(await a.entries());
    expect(entries.get("a5")).toEqual({ v: 5 });
    await a.close();
    await b.close();
  });

  it("keeps the clocks' due index as a record per table, and reads the old one-record index once", async () => {
    const ns = `clocks${namespaces++}`;
    const store = (await openStore(urlOf(), ns)) as DueStore;
    await store.set("due", { "onexeno:1": 1000, "onze:2": 2000 }); // as earlier versions kept it
    const index = new DueIndex(store);
    expect([...(await index.all())].sort()).toEqual([
      ["onexeno:1", { at: 1000 }],
      ["onze:2", { at: 2000 }],
    ]);
    await index.set("canasta:3", 3000, "g1"); // with the table's guild, so a shard arms only its own
    await index.set("onexeno:1", null);
    await index.set("onze:4", 4000, null); // a DM
    await index.flush();
    expect((await store.keys()).sort()).toEqual(["canasta:3", "onze:2", "onze:4"]);
    expect(await store.get("canasta:3")).toEqual([3000, "g1"]);
    const again = new DueIndex(store);
    expect([...(await again.all())].sort()).toEqual([
      ["canasta:3", { at: 3000, guild: "g1" }],
      ["onze:2", { at: 2000 }],
      ["onze:4", { at: 4000, guild: null }],
    ]);
    await store.close();
  });
});

describe("sqlite persistence", () => {
  it("lists thousands of keys page by page, only its own namespace's", async () => {
    const url = `sqlite://${join(dir, "many.sqlite")}`;
    const s = await openStore<{ i: number }>(url, "many");
    const other = await openStore<{ i: number }>(url, "many2"); // a namespace whose name extends this one
    await Promise.all(Array.from({ length: 2500 }, (_, i) => s.set(`k${String(i).padStart(5, "0")}`, { i })));
    await other.set("x", { i: -1 });
    const keys = await s.keys();
    expect(keys).toHaveLength(2500);
    expect(new Set(keys).size).toBe(2500);
    const entries = await s.entries();
    expect(entries.find(([k]) => k === "k02499")?.[1]).toEqual({ i: 2499 });
    expect(await other.keys()).toEqual(["x"]);
    await s.close();
    await other.close();
  });

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

  it("groups the writes of every store on a file into few statements, and the file keeps each key's last write", async () => {
    const url = `sqlite://${join(dir, "grouped.sqlite")}`;
    const stores = await Promise.all(["tables", "live", "clocks"].map((ns) => openStore<{ v: number }>(url, ns)));
    const before = groupedWrites();
    // 3 stores x 40 keys, each written three times and every fifth then deleted, all at once.
    await Promise.all(
      stores.flatMap((st) =>
        Array.from({ length: 40 }, async (_, k) => {
          const writes = [st.set(`k${k}`, { v: 1 }), st.set(`k${k}`, { v: 2 }), st.set(`k${k}`, { v: 3 })];
          if (k % 5 === 0) writes.push(st.delete(`k${k}`));
          await Promise.all(writes);
        }),
      ),
    );
    // A delete, then a set of the same key in the same turn: the set is what stays.
    await Promise.all([stores[0]!.delete("k1"), stores[0]!.set("k1", { v: 9 })]);
    const after = groupedWrites();
    expect(after.writes - before.writes).toBe(3 * 40 * 3 + 3 * 8 + 2);
    expect(after.statements - before.statements).toBeLessThanOrEqual(4);
    await Promise.all(stores.map((st) => st.close()));
    // Read back from a fresh connection (a restart): no cache.
    const again = await Promise.all(["tables", "live", "clocks"].map((ns) => openStore<{ v: number }>(url, ns)));
    for (const [i, st] of again.entries()) {
      const keys = (await st.keys()).sort();
      expect(keys).toHaveLength(32);
      expect(keys.some((k) => Number(k.slice(1)) % 5 === 0)).toBe(false);
      expect(await st.get("k2")).toEqual({ v: 3 });
      expect(await st.get("k1")).toEqual({ v: i === 0 ? 9 : 3 });
    }
    await Promise.all(again.map((st) => st.close()));
  });

  it("a read of a record dropped from the read cache sees a write that is not in the file yet", async () => {
    const url = `sqlite://${join(dir, "unsent.sqlite")}`;
    const s = await openStore<{ v: number }>(url, "tables");
    await s.set("first", { v: 1 });
    // 10,050 writes at once: the read cache keeps 10,000, so "first" is dropped from it while
    // its second write waits behind the others.
    const writes = [s.set("first", { v: 2 }), ...Array.from({ length: 10_050 }, (_, i) => s.set(`k${i}`, { v: i }))];
    expect(await s.get("first")).toEqual({ v: 2 });
    const deleting = s.delete("k0");
    for (let i = 1; i <= 10_000; i++) await s.get(`k${i}`); // "k0" is dropped from the cache again
    expect(await s.get("k0")).toBeUndefined();
    await Promise.all([...writes, deleting]);
    expect(await s.get("first")).toEqual({ v: 2 });
    await s.close();
  });

  it("a store opened while the last other store on its file closes gets a working connection", async () => {
    const url = `sqlite://${join(dir, "handover.sqlite")}`;
    const a = await openStore<{ v: number }>(url, "a");
    const opening = openStore<{ v: number }>(url, "b");
    await a.close();
    const b = await opening;
    await b.set("k", { v: 1 });
    await b.close();
    const again = await openStore<{ v: number }>(url, "b");
    expect(await again.get("k")).toEqual({ v: 1 });
    await again.close();
  });

  it("refuses an unknown scheme", async () => {
    await expect(openStore("ftp://x", "n")).rejects.toThrow(/not supported/);
  });
});
