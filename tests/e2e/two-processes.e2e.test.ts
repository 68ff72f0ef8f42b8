/**
 * Two bots on the same store receiving the same guild's events, as a start-first deploy or a
 * shard given to two processes makes them (issue 48, item 1): the first to act in the guild
 * claims it in the shared store (src/store/claims.ts) and acts on and answers every interaction
 * there; the other lets them be. Discord would refuse a second answer with 40060 (the stand-in
 * does), and a move applied twice would move the table on by two. When the holder stops, it
 * gives the guild up and the other bot plays on from the stored table. What moves a table by
 * itself is claimed the same way: a turn clock fires, and a computer moves, only in the holder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBotStores, startBot, type Bot, type BotStores } from "../../src/app.ts";
import { ADA, CARD_ROOM, GENERAL, Harness, RecordingLogger } from "./harness.ts";
import type { ApiMessage } from "../../src/standin/types.ts";
import { said } from "../helpers/message.ts";

const h = new Harness();
let second: Bot;
let secondStores: BotStores;
const secondLog = new RecordingLogger();
/** Starts the second process: the same store, the same stand-in, the same guild's events, the same table clock. */
async function startSecond(): Promise<void> {
  secondStores = await openBotStores(h.storeUrl);
  second = await startBot({
    token: h.standin.token,
    apiUrl: h.standin.apiUrl,
    stores: secondStores,
    log: secondLog,
    tableOptions: { newSeed: () => "e2e-seed", now: () => h.tableNow() },
    computerDelayMs: 20,
  });
  await second.ready;
  await h.until("both bots on the gateway", () => h.standin.connectedBots === 2 || null);
}
beforeAll(async () => {
  await h.start();
  await startSecond();
});
afterAll(async () => {
  await second?.stop();
  await secondStores?.close();
  await h.close();
});

const skips = (log: RecordingLogger) => log.infos.filter((m) => m.includes("claimed by another process")).length;

describe("two processes on one guild's events", () => {
  it("a turn clock fires once and each computer move is made and posted once, with both running", async () => {
    const sb = h.standin;
    /**
     * Each placement's note, and the messages that said it: new ones, and tables edited in place
     * (a run of computer moves, a timeout handing the turn to a computer, is one message); a
     * tidy-down to its record (no picture) is not a showing. And the messages saying a time ran out.
     */
    const shownIn = new Map<string, Set<string>>();
    const ranOutIn = new Set<string>();
    const note = (m: ApiMessage) => {
      if (m.channel_id !== GENERAL || m.attachments.length === 0) return;
      for (const n of said(m).match(/placed the \d+ at [^.,\s]+/g) ?? []) shownIn.set(n, (shownIn.get(n) ?? new Set()).add(m.id));
      if (said(m).includes("time ran out")) ranOutIn.add(m.id);
    };
    sb.on("message", note);
    sb.on("messageUpdate", note);
    await sb.command(ADA, GENERAL, "onexeno new", { game: "basic", clock: "60" });
    await sb.command(ADA, GENERAL, "onexeno bot add");
    await sb.command(ADA, GENERAL, "onexeno bot add");
    await sb.command(ADA, GENERAL, "onexeno start");
    const table = async () => {
      h.stores.forget();
      return (await h.bot.service("onexeno").get(GENERAL))!;
    };
    const adaToMove = (after: number) =>
      h.until(`Ada to move after revision ${after}`, async () => {
        const r = await table();
        return r.status === "over" || (r.rev > after && r.seats[r.state!.turn]!.userId === ADA) ? r : null;
      });
    const waiting = await adaToMove(0);
    // A start-first deploy: a new second process starts while the table waits, and arms its clock too.
    await second.stop();
    await secondStores.close();
    await startSecond();
    expect(second.clocks.armed).toBeGreaterThan(0);
    // Ada does not answer: both bots' table clocks pass her turn's minute.
    await h.advanceClock(61_000);
    await second.clocks.rearm();
    const after = await adaToMove(waiting.rev);
    expect(after.moves.length).toBeGreaterThan(waiting.moves.length);
    // Her time ran out once: one move made for her, one message saying so.
    await h.until("the timeout said", () => ranOutIn.size > 0 || null);
    expect(ranOutIn.size).toBe(1);
    const hers = after.moves.slice(waiting.moves.length).filter((m) => after.seats[m.seat]!.userId === ADA);
    expect(hers).toHaveLength(1);
    // Every move posted once: no note of a placement (a card goes down once a hand) in two messages.
    // The table is saved before its messages are posted: wait for a note of each placement stored.
    const placed = after.moves.filter((m) => (m.move as { kind?: string }).kind === "place").length;
    expect(placed).toBeGreaterThan(1);
    await h.until(`${placed} placements shown`, () => shownIn.size >= placed || null);
    // Each in one message only: a move shown by both processes would be in two.
    expect([...shownIn].filter(([, ids]) => ids.size > 1)).toEqual([]);
    sb.off("message", note);
    sb.off("messageUpdate", note);
  });

  it("one answers every interaction of the guild, each once, each move applied once; when it stops the other plays on", async () => {
    const sb = h.standin;
    // This test's interactions only (the one before may have had the other holder).
    const before = { interactions: sb.interactions.size, first: skips(h.log), second: skips(secondLog) };
    const skipped = () => [skips(h.log) - before.first, skips(secondLog) - before.second] as const;
    await h.startTwoPlayer(CARD_ROOM);
    // The guild's holder answered; the other bot let every interaction be (once it had asked for the guild a while).
    await h.until(
      "every interaction skipped by one bot",
      () => skipped()[0] + skipped()[1] === sb.interactions.size - before.interactions || null,
    );
    expect(Math.min(...skipped())).toBe(0);
    const [holder, other] = skipped()[0] === 0 ? [h.bot, second] : [second, h.bot];
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
