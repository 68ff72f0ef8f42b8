/**
 * Start-up after a restart (issue 15): nothing is posted into channels; a table whose computer
 * player was about to move is woken by the due index and the computer moves by itself; a table
 * waiting on a person stays quiet until someone touches it, and then its message says the bot
 * restarted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness } from "./harness.ts";
import { said } from "../helpers/message.ts";

const ADA = "100000000000000001";
const GENERAL = "200000000000000001";
const CARD_ROOM = "200000000000000002";

describe("start-up", () => {
  let h: Harness;
  beforeAll(async () => {
    // Computers wait a minute before moving: the bot is stopped with a computer's move pending.
    h = await new Harness({ computerDelayMs: 60_000 }).start();
  });
  afterAll(async () => {
    await h.close();
  });

  it("wakes a computer's pending turn by itself, and leaves a person's table quiet until touched", async () => {
    const sb = h.standin;
    // GENERAL: Ada against a computer; CARD_ROOM: Ada against Ben (people only).
    await sb.command(ADA, GENERAL, "onexeno new", { game: "basic" });
    await sb.command(ADA, GENERAL, "onexeno bot add", { level: "easy" });
    await sb.command(ADA, GENERAL, "onexeno start");
    let rec = (await h.bot.service("onexeno").get(GENERAL))!;
    if (rec.seats[rec.state!.turn]!.userId === ADA) {
      await h.playTurn(ADA, GENERAL);
      rec = (await h.bot.service("onexeno").get(GENERAL))!;
    }
    expect(rec.seats[rec.state!.turn]!.computer).toBeTruthy(); // the computer is to move, in a minute
    const mover = await h.startTwoPlayer(CARD_ROOM);
    const people = (await h.bot.service("onexeno").get(CARD_ROOM))!;

    await h.stopBot();
    const counts = [sb.visibleMessages(GENERAL, null).length, sb.visibleMessages(CARD_ROOM, null).length];
    await h.startBot(20); // computers now move at once

    // The computer's table was due: it moves with nobody touching it.
    await h.until("the computer's move after the restart", async () => ((await h.bot.service("onexeno").get(GENERAL))?.rev ?? 0) > rec.rev);
    await h.until("its table message", () => sb.visibleMessages(GENERAL, null).length > counts[0]!);
    expect(sb.visibleMessages(GENERAL, null).some((m) => said(m).includes("restarted"))).toBe(true);

    // The people's table was not touched: no message there, the same revision.
    expect(sb.visibleMessages(CARD_ROOM, null).length).toBe(counts[1]);
    expect((await h.bot.service("onexeno").get(CARD_ROOM))?.rev).toBe(people.rev);
    // Until its player moves: then its first table message says the bot restarted, once.
    await h.playTurn(mover, CARD_ROOM);
    await h.until("the table after the move", () => sb.visibleMessages(CARD_ROOM, null).length > counts[1]!);
    expect(sb.visibleMessages(CARD_ROOM, null).filter((m) => said(m).includes("restarted"))).toHaveLength(1);
    const next = (await h.bot.service("onexeno").get(CARD_ROOM))!;
    await h.playTurn(next.seats[next.state!.turn]!.userId, CARD_ROOM);
    await h.until("the next table", async () => ((await h.bot.service("onexeno").get(CARD_ROOM))?.rev ?? 0) > next.rev);
    expect(sb.visibleMessages(CARD_ROOM, null).filter((m) => said(m).includes("restarted"))).toHaveLength(1);
    expect(h.log.errors).toEqual([]);
  });
});
