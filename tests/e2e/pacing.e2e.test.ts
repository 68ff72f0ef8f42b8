/**
 * Computer players of a turn-based game keep to the channel's message bucket (5 creates and
 * edits in 5 s, which the stand-in enforces here with a 429, as Discord does): each computer
 * move waits for room for its table message and the edit that tidies the one before, so a
 * table of computers at their fastest is paced, never refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNEL_MESSAGE_LIMIT } from "../../src/standin/server.ts";
import { said } from "../helpers/message.ts";
import { ADA, CARD_ROOM, Harness } from "./harness.ts";

const h = new Harness({ computerDelayMs: 20, paceComputers: true });
beforeAll(async () => {
  await h.start();
  h.standin.messageLimit = CHANNEL_MESSAGE_LIMIT;
});
afterAll(async () => {
  await h.close();
});

describe("turn-based computers and the channel's message bucket", () => {
  it("one person and three computers with no delay: at most 5 channel writes in any 5 s, no 429, every move shown", async () => {
    const sb = h.standin;
    const refusalsFrom = sb.refusals.length;
    await sb.command(ADA, CARD_ROOM, "onexeno new", { game: "basic", hands: 1 });
    for (let i = 0; i < 3; i++) await sb.command(ADA, CARD_ROOM, "onexeno bot add", { level: "easy" });
    const from = Date.now();
    await sb.command(ADA, CARD_ROOM, "onexeno start");
    const service = h.bot.service("onexeno");
    // Play until the computers have made 12 moves (about 5 s of writes each 2.5 moves) or the game ends.
    const computerMoves = async () => {
      const rec = await service.get(CARD_ROOM);
      return (rec?.moves ?? []).filter((m) => rec?.seats[m.seat]?.computer).length;
    };
    for (let i = 0; i < 200 && (await computerMoves()) < 12; i++) {
      const m = await h.waitForPublic(CARD_ROOM, (x) => said(x).includes("Session over") || said(x).includes(`<@${ADA}>, your turn`));
      if (said(m).includes("Session over")) break;
      await h.playTurn(ADA, CARD_ROOM);
    }
    const rec = await service.get(CARD_ROOM);
    await h.waitForTable(CARD_ROOM, rec!.rev);
    await h.bot.live.drain();
    const writes = sb.channelWrites.filter((w) => w.channelId === CARD_ROOM && w.at >= from).map((w) => w.at);
    const busiest = Math.max(...writes.map((t) => writes.filter((x) => x >= t && x < t + 5000).length));
    console.log(
      `ONEXENO, 3 computers at no delay: ${await computerMoves()} computer moves, ${writes.length} channel writes in ${((Date.now() - from) / 1000).toFixed(1)} s, at most ${busiest} in any 5 s`,
    );
    expect(await computerMoves()).toBeGreaterThanOrEqual(12);
    expect(busiest).toBeLessThanOrEqual(5);
    expect(h.clientErrorsSince(refusalsFrom), JSON.stringify(writes.map((t) => t - from))).toEqual([]);
    expect(h.log.errors).toEqual([]);
  });
});
