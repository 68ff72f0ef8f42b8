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
import { clientOptions } from "../../src/bot/client-options.ts";
import { atPriority, openSharedBudget, priorityOf, type SharedBudget } from "../../src/store/global-budget.ts";
import { until } from "../e2e/harness.ts";
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

/**
 * Two processes on the store at `url`, the window full: process A's tidy-ups (`last`) were asked
 * for first, then process B's person's turns (`first`); B's go before A's. The window (1 s) must
 * still be full once both have marked their waiting requests; a machine stall that let it empty
 * first makes the round say nothing, and it is played again (never the assertion retried).
 */
async function urgentFirstAcross(url: string): Promise<void> {
  const [a, b] = [await openSharedBudget(url, 2, 1000), await openSharedBudget(url, 2, 1000)];
  const spent = async (x: SharedBudget) => (await x.used()) === 0;
  try {
    for (let round = 0; ; round++) {
      await until("the window to empty", () => spent(a), 10_000);
      await a.take();
      await a.take();
      const order: string[] = [];
      const asked = [
        a.take("last").then(() => order.push("A tidy-up")),
        a.take("last").then(() => order.push("A tidy-up")),
        b.take("first").then(() => order.push("B turn")),
        b.take("first").then(() => order.push("B turn")),
      ];
      await until("both processes' marks", async () => {
        const w = await a.waiting();
        return w.first === 2 && w.last === 2;
      });
      const stillFull = (await a.used()) === 2;
      await Promise.all(asked);
      if (!stillFull && round < 5) continue;
      expect(stillFull).toBe(true);
      expect(order).toEqual(["B turn", "B turn", "A tidy-up", "A tidy-up"]);
      expect(await a.waiting()).toEqual({ first: 0, normal: 0, last: 0 });
      return;
    }
  } finally {
    await a.close();
    await b.close();
  }
}

/** A process that stops while its request waits leaves a mark that lapses: the others' requests go. */
async function lapsesAfterDeath(url: string): Promise<void> {
  const [a, b] = [await openSharedBudget(url, 1, 300), await openSharedBudget(url, 1, 300)];
  try {
    await a.take();
    const dead = b.take("first");
    await until("the dying process's mark", async () => (await a.waiting()).first === 1);
    await b.close(); // its request goes unsent and its mark stays in the store
    await dead;
    await a.take("last");
    await a.take("last");
    expect((await a.waiting()).first).toBe(0);
  } finally {
    await a.close();
  }
}

describe("the bot's shared budget", () => {
  it("is one count for every process on one SQLite file", () => sharedBy(`sqlite://${join(dir, "shared.sqlite")}`));

  it("lets another process's more urgent requests go first on one SQLite file", () =>
    urgentFirstAcross(`sqlite://${join(dir, "urgent.sqlite")}`));

  it("is not held by a process that stopped while waiting, on one SQLite file", () =>
    lapsesAfterDeath(`sqlite://${join(dir, "dead.sqlite")}`));

  it.runIf(hasRedisServer() || redisRequired)(
    "is one count for every process on one Redis, urgent requests first, a dead process's mark lapsing",
    async () => {
      const redis = await startRedis();
      try {
        await sharedBy(redis.url);
        await urgentFirstAcross(redis.url);
        await lapsesAfterDeath(redis.url);
      } finally {
        await redis.stop();
      }
    },
  );

  it("when short, lets a process's most urgent requests go first, then the others in the order asked", async () => {
    const budget = await openSharedBudget("memory://", 1, 50);
    await budget.take(); // the window is full now
    const order: string[] = [];
    const asked = [
      budget.take("last").then(() => order.push("tidy-up")),
      budget.take("normal").then(() => order.push("computer 1")),
      budget.take("first").then(() => order.push("a person's turn")),
      budget.take().then(() => order.push("computer 2")),
    ];
    await Promise.all(asked);
    expect(order).toEqual(["a person's turn", "computer 1", "computer 2", "tidy-up"]);
    await budget.close();
  });

  it("reads a request's priority from the message, else the channel, its path names, while the marking work runs", async () => {
    const api = "http://127.0.0.1:1/api/v10";
    const [channel, message, other] = ["1100000000000000001", "1100000000000000002", "1100000000000000003"];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const table = atPriority("first", channel, async () => {
      const tidy = atPriority("last", message, async () => {
        expect(priorityOf(`${api}/channels/${channel}/messages/${message}`)).toBe("last");
        await held;
      });
      expect(priorityOf(`${api}/channels/${channel}/messages`)).toBe("first");
      expect(priorityOf(`${api}/channels/${channel}/messages/${other}`)).toBe("first");
      expect(priorityOf(`${api}/channels/${other}/messages`)).toBe("normal");
      expect(priorityOf(`${api}/applications/${other}/commands`)).toBe("normal");
      // Two at once on one channel: the more urgent holds.
      await atPriority("last", channel, async () => expect(priorityOf(`${api}/channels/${channel}/messages`)).toBe("first"));
      release();
      await tidy;
      expect(priorityOf(`${api}/channels/${channel}/messages/${message}`)).toBe("first");
      throw new Error("the work failed");
    });
    await expect(table).rejects.toThrow("the work failed");
    expect(priorityOf(`${api}/channels/${channel}/messages/${message}`)).toBe("normal");
  });

  it("is what the REST client's hook takes its bot-token requests at, and interaction answers are not taken", async () => {
    const api = "http://127.0.0.1:1/api/v10"; // nothing listens: each send fails once taken
    const taken: (string | undefined)[] = [];
    const make = clientOptions(api, undefined, 45, { take: async (p) => void taken.push(p) }).rest?.makeRequest;
    if (!make) throw new Error("no makeRequest hook with a budget");
    const [channel, message] = ["1100000000000000001", "1100000000000000002"];
    const send = (path: string, method: string) => make(`${api}${path}`, { method }).catch(() => "refused");
    await atPriority("last", message, () => send(`/channels/${channel}/messages/${message}`, "PATCH"));
    await atPriority("first", channel, () => send(`/channels/${channel}/messages`, "POST"));
    await send(`/channels/${channel}/messages`, "POST");
    await send("/interactions/1100000000000000009/token/callback", "POST");
    expect(taken).toEqual(["last", "first", "normal"]);
  });
});
