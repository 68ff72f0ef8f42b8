/**
 * The bot on Redis (STORE_URL=redis://…): a 2-player game through the stand-in with a bot
 * restart in the middle, so tables, the live message and the clocks' due index are saved to
 * and resumed from a real redis-server. Runs when the server is installed; REDIS_REQUIRED=1
 * (CI) makes a missing server a failure.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness } from "./harness.ts";
import { hasRedisServer, redisRequired, startRedis, type RedisServer } from "../helpers/redis.ts";

const CH = "200000000000000001";
const run = hasRedisServer() || redisRequired;

describe.runIf(run)("the bot on Redis", () => {
  let redis: RedisServer;
  let h: Harness;
  beforeAll(async () => {
    redis = await startRedis();
    h = await new Harness({ storeUrl: redis.url }).start();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await redis?.stop();
  });

  it("plays a game to the end with a restart in the middle, every table read back from Redis", async () => {
    let mover = await h.startTwoPlayer(CH);
    let moves = 0;
    let restarted = false;
    for (; moves < 200; moves++) {
      const rec = await h.bot.service("onexeno").get(CH);
      if (!rec?.state || rec.status !== "playing") break;
      mover = rec.seats[rec.state.turn]!.userId;
      await h.playTurn(mover, CH);
      if (moves === 6 && !restarted) {
        const before = await h.bot.service("onexeno").get(CH);
        await h.stopBot();
        await h.startBot();
        restarted = true;
        // The restarted bot found the table through Redis's own key listing and resumed it.
        const after = await h.bot.service("onexeno").get(CH);
        expect(after?.state).toEqual(before?.state);
        expect(await h.stores.games.get("onexeno")!.keys()).toContain(CH);
      }
    }
    expect(restarted).toBe(true);
    const final = await h.bot.service("onexeno").get(CH);
    expect(final?.state?.phase).toBe("over");
    expect(h.log.errors).toEqual([]);
  });
});
