/**
 * The budget of bot-token requests every process on one store shares (src/store/global-budget.ts,
 * issue 65): one count for all of them, in SQLite as in Redis, and within a process the most
 * urgent requests first when it is short. The e2e proof against the stand-in's global limit is
 * tests/e2e/global-budget.e2e.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { atPriority, openSharedBudget } from "../../src/store/global-budget.ts";
import { hasRedisServer, redisRequired, startRedis } from "../helpers/redis.ts";

const dir = mkdtempSync(join(tmpdir(), "onexeno-budget-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two budgets (two processes) on the store at `url` count one window: what one spent, the other sees. */
async function sharedBy(url: string): Promise<void> {
  const [a, b] = [await openSharedBudget(url, 5, 60_000), await openSharedBudget(url, 5, 60_000)];
  try {
    await a.take();
    await a.take();
    await b.take();
    expect(await a.used()).toBe(3);
    expect(await b.used()).toBe(3);
    await b.take();
    await b.take();
    expect(await a.used()).toBe(5);
  } finally {
    await a.close();
    await b.close();
  }
}

describe("the bot's shared budget", () => {
  it("is one count for every process on one SQLite file", () => sharedBy(`sqlite://${join(dir, "shared.sqlite")}`));

  it.runIf(hasRedisServer() || redisRequired)("is one count for every process on one Redis", async () => {
    const redis = await startRedis();
    try {
      await sharedBy(redis.url);
    } finally {
      await redis.stop();
    }
  });

  it("when short, lets a process's most urgent requests go first, then the others in the order asked", async () => {
    const budget = await openSharedBudget("memory://", 1, 50);
    await budget.take(); // the window is full now
    const order: string[] = [];
    const asked = [
      atPriority("last", () => budget.take()).then(() => order.push("tidy-up")),
      budget.take("normal").then(() => order.push("computer 1")),
      budget.take("first").then(() => order.push("a person's turn")),
      budget.take().then(() => order.push("computer 2")),
    ];
    await Promise.all(asked);
    expect(order).toEqual(["a person's turn", "computer 1", "computer 2", "tidy-up"]);
    await budget.close();
  });
});
