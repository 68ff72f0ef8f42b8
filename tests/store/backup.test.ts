/**
 * Backups of the SQLite store (src/store/backup.ts): taken while records are being written, a
 * backup is one consistent moment; a restore puts exactly that moment back, whatever was
 * written after it; a backup never overwrites a file, and other stores are told to use their own
 * persistence.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupStore, restoreStore } from "../../src/store/backup.ts";
import { openStore } from "../../src/store/store.ts";

const dir = mkdtempSync(join(tmpdir(), "onexeno-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("backups of the SQLite store", () => {
  it("copy one consistent moment while writes go on, and a restore brings back exactly that moment", async () => {
    const url = `sqlite://${join(dir, "live.sqlite")}`;
    const store = await openStore<{ n: number }>(url, "tables");
    for (let i = 0; i < 50; i++) await store.set(`t${i}`, { n: 0 });
    // A writer moves two records together, first a then b, while the backup is taken.
    let stop = false;
    let n = 0;
    const writer = (async () => {
      while (!stop) {
        n++;
        await store.set("a", { n });
        await store.set("b", { n });
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    const backup = await backupStore(url, join(dir, "backups", "one.sqlite"));
    stop = true;
    await writer;
    expect(backup.records).toBeGreaterThanOrEqual(50);
    expect(backup.bytes).toBeGreaterThan(0);
    // Read the backup as a store: b never ahead of a, and at most one write behind.
    const copy = await openStore<{ n: number }>(`sqlite://${backup.file}`, "tables");
    const [a, b] = [(await copy.get("a"))!.n, (await copy.get("b"))!.n];
    expect(a - b === 0 || a - b === 1).toBe(true);
    await copy.close();
    // Later changes, then the restore (the bot stopped): the backup's moment, nothing after it.
    await store.set("t0", { n: 99 });
    await store.set("late", { n: 1 });
    await store.delete("t1");
    await store.close();
    const restored = await restoreStore(url, backup.file);
    expect(restored.records).toBe(backup.records);
    const again = await openStore<{ n: number }>(url, "tables");
    expect(await again.get("t0")).toEqual({ n: 0 });
    expect(await again.get("t1")).toEqual({ n: 0 });
    expect(await again.get("late")).toBeUndefined();
    expect((await again.get("a"))!.n).toBe(a);
    await again.close();
  });

  it("never overwrites a file, and sends other stores to their own persistence", async () => {
    const url = `sqlite://${join(dir, "other.sqlite")}`;
    const store = await openStore<{ n: number }>(url, "tables");
    await store.set("x", { n: 1 });
    await store.close();
    const taken = join(dir, "taken.sqlite");
    writeFileSync(taken, "keep me");
    await expect(backupStore(url, taken)).rejects.toThrow(/exists/);
    await expect(backupStore("redis://127.0.0.1:6379", join(dir, "r.sqlite"))).rejects.toThrow(/redis keeps its own/);
    await expect(restoreStore(url, join(dir, "missing.sqlite"))).rejects.toThrow(/no backup/);
  });
});
