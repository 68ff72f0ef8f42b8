/**
 * Two bots on the same store receiving the same guild's events, as a start-first deploy or a
 * shard given to two processes makes them (issue 48, item 1): the first to act in the guild
 * claims it in the shared store (src/store/claims.ts) and acts on and answers every interaction
 * there; the other lets them be. Discord would refuse a second answer with 40060 (the stand-in
 * does), and a move applied twice would move the table on by two. When the holder stops, it
 * gives the guild up and the other bot plays on from the stored table.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBotStores, startBot, type Bot, type BotStores } from "../../src/app";
import { CARD_ROOM, Harness, RecordingLogger } from "./harness";

const h = new Harness();
let second: Bot;
let secondStores: BotStores;
const secondLog = new RecordingLogger();
beforeAll(async () => {
  await h.start();
  // The second process: the same store, the same stand-in, the same guild's events.
  secondStores = await openBotStores(h.storeUrl);
  second = await startBot({
    token: h.standin.token,
    apiUrl: h.standin.apiUrl,
    stores: secondStores,
    log: secondLog,
    tableOptions: { newSeed: () => "e2e-seed" },
    computerDelayMs: 20,
  });
  await second.ready;
  await h.until("both bots on the gateway", () => h.standin.connectedBots === 2 || null);
});
afterAll(async () => {
  await second?.stop();
  await secondStores?.close();
  await h.close();
});

const skips = (log: RecordingLogger) => log.infos.filter((m) => m.includes("claimed by another process")).length;

describe("two processes on one guild's events", () => {
  it("one answers every interaction of the guild, each once, each move applied once; when it stops the other plays on", async () => {
    const sb = h.standin;
    await h.startTwoPlayer(CARD_ROOM);
    // The guild's holder answered; the other bot let every interaction be (once it had asked for the guild a while).
    await h.until("every interaction skipped by one bot", () => skips(h.log) + skips(secondLog) === sb.interactions.size || null);
    expect(Math.min(skips(h.log), skips(secondLog))).toBe(0);
    const [holder, other] = skips(h.log) === 0 ? [h.bot, second] : [second, h.bot];
    // The table as stored: a bot's read cache is sound only while it holds the guild (the test reads through either).
    const storesOf = (bot: Bot) => (bot === h.bot ? h.stores : secondStores);
    const turn = async (bot: Bot) => {
      storesOf(bot).forget();
      const rec = (await bot.service("onexeno").get(CARD_ROOM))!;
      await h.playTurn(rec.seats[rec.state!.turn]!.userId, CARD_ROOM);
      // One move a turn: the table moved on by exactly one revision.
      expect((await bot.service("onexeno").get(CARD_ROOM))!.rev).toBe(rec.rev + 1);
    };
    for (let i = 0; i < 4; i++) await turn(holder);
    // The holder stops (a deploy's old process): the other takes the guild and plays on.
    if (holder === h.bot) await h.stopBot();
    else await second.stop();
    for (let i = 0; i < 3; i++) await turn(other);
    // Every interaction answered, never twice (40060) nor refused otherwise; nothing logged as an error.
    const all = [...sb.interactions.values()];
    expect(all.flatMap((r) => r.refusals.map((x) => `${r.commandPath ?? "component"}: ${x.code}`))).toEqual([]);
    expect(all.every((r) => r.callbackType !== null)).toBe(true);
    expect([...h.log.errors, ...secondLog.errors]).toEqual([]);
  });
});
