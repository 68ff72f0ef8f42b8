/**
 * Shutdown waits for what finished games set off (their records, ratings, tournament results),
 * so the store is never closed under a write and no record is lost.
 */
import { describe, expect, it } from "vitest";
import { Pending } from "../../src/bot/pending.ts";

describe("pending work", () => {
  it("settles once everything added, even meanwhile, has settled; a failure does not stop it", async () => {
    const pending = new Pending();
    const done: string[] = [];
    let releaseFirst: () => void = () => {};
    const first = new Promise<void>((r) => (releaseFirst = r)).then(() => {
      done.push("record");
      // The first write sets off a second (a tournament result after the game's record).
      void pending.add(Promise.resolve().then(() => done.push("result")));
    });
    void pending.add(first);
    void pending.add(Promise.reject(new Error("rating failed"))).catch(() => done.push("rating error handled"));
    let settled = false;
    const settling = pending.settle().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    releaseFirst();
    await settling;
    expect(done).toEqual(["rating error handled", "record", "result"]);
  });
});
