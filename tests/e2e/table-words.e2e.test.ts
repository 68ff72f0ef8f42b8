/**
 * The same mistake gets the same words in every game (one refusal table, src/bot/words.ts),
 * a double click is "already done" rather than an error, and an old lobby's buttons answer for
 * the game that now runs in the channel.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HINT_VALUE } from "../../src/bot/hints.ts";
import { refusal } from "../../src/bot/words.ts";
import { ADA, BEN, CARD_ROOM, CLEO, GENERAL, Harness, THREAD } from "./harness.ts";
import { said } from "../helpers/message.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

/**
 * The player to move clicks `verb` on the table twice (the second click is "already done"),
 * then the other player clicks it too; returns what the other player is told.
 */
async function doubleClick(channelId: string, mover: string, verb: string): Promise<string> {
  const sb = h.standin;
  const other = mover === ADA ? BEN : ADA;
  const table = h.latestPublic(channelId);
  const id = Harness.idOf(table, verb);
  await sb.click(mover, table, id);
  const again = await sb.click(mover, table, id);
  expect(said(again.original)).toBe(refusal("table/already_done"));
  expect(said(again.original)).not.toContain("❌");
  const stale = await sb.click(other, table, id);
  expect(said(stale.original)).toBe(`❌ ${refusal("table/stale")}`);
  return said(stale.original);
}

describe("refusals from one table", () => {
  it("basic and canasta: stale clicks read the same, a double click is already done, an old lobby answers for its game", async () => {
    const sb = h.standin;
    // ONEXENO basic: the player to move clicks Pass twice on the same message.
    const mover = await h.startTwoPlayer(GENERAL);
    const stale = await doubleClick(GENERAL, mover, "pass");

    // Canasta: an old lobby's Join after the start; the same stale words as basic.
    const opened = await sb.command(ADA, CARD_ROOM, "onexeno new", { game: "canasta" });
    const lobby = opened.original!;
    const joinId = Harness.idOf(lobby, "join");
    await sb.click(BEN, lobby, joinId);
    await sb.command(ADA, CARD_ROOM, "onexeno start");
    // Cleo's client still showed the old lobby (the edit that removes its buttons had not reached her).
    const late = await sb.click(CLEO, lobby, joinId);
    expect(said(late.original)).toBe(`❌ ${refusal("table/started")}`);
    const can = (await h.bot.service("canasta").get(CARD_ROOM))!;
    const canStale = await doubleClick(CARD_ROOM, can.seats[can.state!.turn]!.userId, "cdraw");
    expect(canStale).toBe(stale);

    // Not your turn reads the same in both games.
    const basicNow = (await h.bot.service("onexeno").get(GENERAL))!;
    const waiting = basicNow.seats.find((_, i) => i !== basicNow.state!.turn)!.userId;
    const a = await sb.command(waiting, GENERAL, "onexeno pass");
    const canNow = (await h.bot.service("canasta").get(CARD_ROOM))!;
    const canWaiting = canNow.seats.find((_, i) => i !== canNow.state!.turn)!.userId;
    const b = await sb.command(canWaiting, CARD_ROOM, "onexeno discard", { card: "1" });
    expect(said(a.original)).toBe(`❌ ${refusal("action/not_your_turn", { name: basicNow.seats[basicNow.state!.turn]!.name })}`);
    expect(said(b.original)).toBe(`❌ ${refusal("action/not_your_turn", { name: canNow.seats[canNow.state!.turn]!.name })}`);
    expect(h.log.errors).toEqual([]);
  });

  it("canasta rows:five-to-seven: the lobby says so, and every suggested row holds 5 to 7 cards", async () => {
    const sb = h.standin;
    const opened = await sb.command(ADA, THREAD, "onexeno new", { game: "canasta", rows: "five-to-seven" });
    expect(said(opened.original)).toContain("rows of 5 to 7 cards");
    await sb.command(BEN, THREAD, "onexeno join");
    await sb.command(ADA, THREAD, "onexeno start");
    const rec = (await h.bot.service("canasta").get(THREAD))!;
    expect(rec.state!.rowRule).toBe("five-to-seven");
    const mover = rec.seats[rec.state!.turn]!.userId;
    await sb.command(mover, THREAD, "onexeno draw");
    const rows = await sb.autocomplete(mover, THREAD, "onexeno meld", { cards: "" }, "cards");
    for (const r of rows.filter((x) => x.value !== HINT_VALUE)) {
      const n = String(r.value).split(",").length;
      expect(n).toBeGreaterThanOrEqual(5);
      expect(n).toBeLessThanOrEqual(7);
    }
    await h.endTable(ADA, THREAD);
    expect(h.log.errors).toEqual([]);
  });
});
