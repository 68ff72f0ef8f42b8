import { describe, expect, it } from "vitest";
import { KeyedLock } from "../../src/bot/lock.ts";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("KeyedLock", () => {
  it("never interleaves work on one key, runs other keys side by side, and cleans up", async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const job = (key: string, name: string) =>
      lock.run(key, async () => {
        log.push(`${name}+`);
        await tick();
        await tick();
        log.push(`${name}-`);
      });
    await Promise.all([job("a", "a1"), job("a", "a2"), job("b", "b1")]);
    const a = log.filter((e) => e.startsWith("a"));
    expect(a).toEqual(["a1+", "a1-", "a2+", "a2-"]);
    expect(log.indexOf("b1+")).toBeLessThan(log.indexOf("a1-")); // b did not wait for a
    expect(lock.size).toBe(0);
  });

  it("releases the lock when the work throws", async () => {
    const lock = new KeyedLock();
    await expect(
      lock.run("k", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await expect(lock.run("k", async () => 42)).resolves.toBe(42);
  });
});
