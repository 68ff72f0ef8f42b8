/**
 * Discord's global rate limit is counted per bot, not per process (issue 65, item 1): two
 * processes of one bot on one store (a deploy's overlap, shards started by hand) spend one budget
 * of bot-token requests between them (src/store/global-budget.ts, taken by the REST client before
 * each request: src/bot/client-options.ts). The stand-in enforces the limit per bot token with
 * Discord's answer (429, `global: true`). Two real bots, each pacing itself under the limit, send
 * bot-token requests at once: on the shared budget the stand-in refuses none; each on a budget of
 * its own (what every process did before), together they pass the limit and are refused.
 * The interaction endpoints are left out of the budget, as Discord leaves them out of the limit.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Routes } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBotStores, startBot, type Bot, type BotStores } from "../../src/app.ts";
import { countsGlobally } from "../../src/bot/client-options.ts";
import { openSharedBudget } from "../../src/store/global-budget.ts";
import { DiscordStandin } from "../../src/standin/server.ts";
import { hasRedisServer, redisRequired, startRedis } from "../helpers/redis.ts";
import { GENERAL, RecordingLogger, until } from "./harness.ts";

/**
 * Requests a second the stand-in allows the bot (Discord: 50), and the budget the processes share
 * (ours: 45 of 50): the margin takes requests granted before a stall of the event loop and sent
 * after it. Two processes each on a budget of their own send 20 a second, past it.
 */
const LIMIT = 15;
const EACH = 10;
/** Bot-token requests each process sends at once. */
const REQUESTS = 20;

/** The bot's only requests are these processes' (no other process of it, no command registration, shares the stand-in's window). */
const sb = new DiscordStandin();
const dir = mkdtempSync(join(tmpdir(), "onexeno-budget-"));
const opened: { bot: Bot; stores: BotStores }[] = [];

/** A process of the bot on the store at `url`; `own`: its budget its own (memory), not the store's. */
async function botProcess(url: string, own = false): Promise<Bot> {
  const stores = await openBotStores(url);
  const budgeted: BotStores = own ? { ...stores, globalBudget: (n) => openSharedBudget("memory://", n) } : stores;
  const bot = await startBot({
    token: sb.token,
    apiUrl: sb.apiUrl,
    stores: budgeted,
    log: new RecordingLogger(),
    requestsPerSecond: EACH,
  });
  await bot.ready;
  opened.push({ bot, stores });
  return bot;
}

/** Each bot sends `REQUESTS` bot-token requests at once (a channel read: no per-route bucket of its own); the stand-in's global refusals meanwhile. */
async function burst(bots: readonly Bot[]): Promise<number> {
  const before = sb.refusals.filter((r) => r.global).length;
  await Promise.all(bots.flatMap((b) => Array.from({ length: REQUESTS }, () => b.client.rest.get(Routes.channel(GENERAL)))));
  return sb.refusals.filter((r) => r.global).length - before;
}

/**
 * The longest this process may stand still during a burst (ms) for the budget's margin to hold:
 * requests granted before a longer stall reach the stand-in after it, beside those granted after
 * it (the window slid meanwhile), and the margin of 5 requests a second takes about 500 ms of them.
 */
const STALL_MS = 250;

/**
 * `burst(bots)` on a shared budget, its global refusals; a burst during which this process stood
 * still longer than `STALL_MS` (a busy machine: the bots and the stand-in share it) says nothing
 * of the budget, and is made again once the stand-in's window has emptied (up to 8 bursts).
 */
async function sharedBurst(bots: readonly Bot[]): Promise<number> {
  for (let round = 0; ; round++) {
    // What other processes on other budgets sent (the test before) is not this budget's to know of.
    await until("the stand-in's global window to empty", () => sb.globalBusiest.times.every((t) => t <= Date.now() - 1000), 10_000);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const refused = await burst(bots);
    loop.disable();
    if (loop.max / 1e6 <= STALL_MS || round === 7) return refused;
  }
}

beforeAll(async () => {
  await sb.start();
  sb.globalLimit = { count: LIMIT, windowMs: 1000 };
});
afterAll(async () => {
  for (const { bot, stores } of opened) {
    await bot.stop();
    await stores.close();
  }
  await sb.stop();
});

describe("one global budget for the whole bot", () => {
  it("counts bot-token requests only: not an interaction's answer nor its webhook", () => {
    expect(countsGlobally("http://127.0.0.1:1/api/v10/channels/1/messages")).toBe(true);
    expect(countsGlobally("http://127.0.0.1:1/api/v10/interactions/1/tok/callback")).toBe(false);
    expect(countsGlobally("http://127.0.0.1:1/api/v10/webhooks/2/tok/messages/@original")).toBe(false);
  });

  it("two processes on one SQLite store stay under the limit together; each on its own budget, they pass it", async () => {
    const url = `sqlite://${join(dir, "shared.sqlite")}`;
    const shared = [await botProcess(url), await botProcess(url)];
    expect(await sharedBurst(shared)).toBe(0);
    const apart = [
      await botProcess(`sqlite://${join(dir, "a.sqlite")}`, true),
      await botProcess(`sqlite://${join(dir, "b.sqlite")}`, true),
    ];
    expect(await burst(apart)).toBeGreaterThan(0);
  });

  it.runIf(hasRedisServer() || redisRequired)("two processes on one Redis stay under the limit together, on Redis's clock", async () => {
    const redis = await startRedis();
    try {
      expect(await sharedBurst([await botProcess(redis.url), await botProcess(redis.url)])).toBe(0);
    } finally {
      for (const { bot, stores } of opened.splice(0)) {
        await bot.stop();
        await stores.close();
      }
      await redis.stop();
    }
  });
});
