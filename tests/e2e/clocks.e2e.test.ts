/**
 * Turn clocks through the stand-in: a 3-player basic game in which Cleo stops answering. The
 * bot's table clock is moved ahead (`advanceClock`) instead of waiting minutes; everything
 * else is real: interactions, timers, posts, the computer's moves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { ADA, BEN, CLEO, GENERAL, CARD_ROOM, Harness } from "./harness.ts";
import type { ApiMessage } from "../../src/standin/types.ts";
import { said } from "../helpers/message.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

/** Ada opens a basic table with `clock`, Ben and Cleo join, Ada starts. */
async function threePlayers(channelId: string, clock: string): Promise<void> {
  await h.standin.command(ADA, channelId, "onexeno new", { game: "basic", clock });
  await h.standin.command(BEN, channelId, "onexeno join");
  await h.standin.command(CLEO, channelId, "onexeno join");
  await h.standin.command(ADA, channelId, "onexeno start");
}

const playTurn = (userId: string, channelId: string) => h.playTurn(userId, channelId);

describe("turn clocks through the stand-in", () => {
  it("suggests clock settings and refuses a bad one before anything is opened", async () => {
    const sb = h.standin;
    const typed = await sb.autocomplete(ADA, CARD_ROOM, "onexeno new", { game: "basic", clock: "90" }, "clock");
    expect(typed[0]).toEqual({ name: "90: 90 s a turn", value: "90" });
    const bad = await sb.autocomplete(ADA, CARD_ROOM, "onexeno new", { game: "basic", clock: "5" }, "clock");
    expect(bad[0]?.name).toContain("5 is not a turn clock: use off, seconds for live play");
    const refused = await sb.command(ADA, CARD_ROOM, "onexeno new", { game: "basic", clock: "5" });
    expect(refused.original?.visibleTo).toBe(ADA);
    expect(said(refused.original)).toContain("seconds for live play");
    expect(await h.bot.service("onexeno").get(CARD_ROOM)).toBeUndefined();
  });

  it("one of three players stops answering: warned, moved for, marked away, comes back, and the game still finishes", async () => {
    const sb = h.standin;
    await threePlayers(GENERAL, "60");
    const started = (await h.bot.service("onexeno").get(GENERAL))!;
    expect(started.clock).toEqual({ turnMs: 60_000, correspondence: false });
    const cleo = started.seats.findIndex((s) => s.userId === CLEO);
    const first = h.latestPublic(GENERAL);
    expect(said(first)).toMatch(/Time runs out: <t:\d+:R>/);

    let timeouts = 0;
    let cameBack = false;
    let sawAwayTable: ApiMessage | null = null;
    let bensPanel: ApiMessage | null = null;
    for (let i = 0; i < 500; i++) {
      const rec = (await h.bot.service("onexeno").get(GENERAL))!;
      if (rec.status === "over") break;
      const seat = rec.seats[rec.state!.turn]!;
      if (seat.userId !== CLEO) {
        if (seat.userId === BEN && !bensPanel) bensPanel = (await sb.command(BEN, GENERAL, "onexeno hand")).original;
        await playTurn(seat.userId, GENERAL);
        continue;
      }
      if (seat.away) {
        // Away: no clock runs; the computer plays Cleo's seat by itself.
        expect(rec.turnClock?.due).toBeNull();
        await h.until("the computer to play Cleo's seat", async () => (await h.bot.service("onexeno").get(GENERAL))!.rev > rec.rev);
        continue;
      }
      // Cleo does not answer. 31 s on, she is warned (once, mentioning her only)...
      const warnings = () => sb.visibleMessages(GENERAL, null).filter((m) => said(m).includes(`<@${CLEO}>, your turn is running out`));
      const warned = warnings().length;
      await h.advanceClock(31_000);
      await h.until("the warning", () => warnings().length === warned + 1);
      // ...and when her clock runs out the computer moves for her.
      await h.advanceClock(30_000);
      await h.until("the timeout move", async () => (await h.bot.service("onexeno").get(GENERAL))!.rev > rec.rev);
      timeouts++;
      const after = (await h.bot.service("onexeno").get(GENERAL))!;
      expect(after.moves.at(-1)?.seat).toBe(cleo);
      if (after.seats[cleo]!.away && !sawAwayTable) {
        await h.until("the away table", () => said(h.latestPublic(GENERAL)).includes("is now away"));
        sawAwayTable = h.latestPublic(GENERAL);
        const png = sawAwayTable.attachments[0];
        expect(png?.filename).toBe("table.png");
        if (process.env.SAVE_PICTURES && png) writeFileSync(process.env.SAVE_PICTURES, sb.attachmentBytes(png)!); // to look at
        expect(timeouts).toBe(2);
        expect(said(sawAwayTable)).toContain("💤 Away: Cleo");
        if (!cameBack) {
          // Cleo comes back once with the button; Ben's click on it is answered privately.
          const notAway = await sb.click(BEN, sawAwayTable, Harness.idOf(sawAwayTable, "back"));
          expect(notAway.original?.visibleTo).toBe(BEN);
          expect(said(notAway.original)).toContain("not marked away");
          const back = await sb.click(CLEO, sawAwayTable, Harness.idOf(sawAwayTable, "back"));
          expect(said(back.original)).toContain("Cleo is back");
          expect((await h.bot.service("onexeno").get(GENERAL))!.seats[cleo]!.away).toBeUndefined();
          cameBack = true;
          sawAwayTable = null; // she will be marked away again after two more timeouts
          timeouts = 0;
        }
      }
    }
    expect((await h.bot.service("onexeno").get(GENERAL))!.status).toBe("over");
    const end = await h.waitForPublic(GENERAL, (m) => said(m).includes("Session over"));
    expect(end.attachments).toHaveLength(1);
    expect(cameBack).toBe(true);
    expect(sawAwayTable).not.toBeNull();
    // Every warning mentioned Cleo alone.
    const warnings = sb.visibleMessages(GENERAL, null).filter((m) => said(m).includes("your turn is running out"));
    expect(warnings.length).toBeGreaterThanOrEqual(4);
    expect(warnings.every((m) => said(m).includes(`<@${CLEO}>`))).toBe(true);

    // A finished table's buttons say the game is over (Ben's private hand panel from mid-game).
    expect(bensPanel?.visibleTo).toBe(BEN);
    const control = Harness.customIds(bensPanel!)[0]!;
    const late =
      control.split("|")[1] === "card"
        ? await sb.select(BEN, bensPanel!, control, [Harness.selectOptions(bensPanel!, "card")[0]!.value])
        : await sb.click(BEN, bensPanel!, control);
    expect(late.original?.visibleTo).toBe(BEN);
    expect(said(late.original)).toContain("This game is over");
    expect(h.log.errors).toEqual([]);
  });

  it("the host kicks a player mid-game: a computer takes the seat and plays it", async () => {
    const sb = h.standin;
    await threePlayers(CARD_ROOM, "off");
    await expect(sb.command(ADA, CARD_ROOM, "onexeno kick", { player: "100000000000000077" })).rejects.toThrow(/unknown user/);
    const notHost = await sb.command(BEN, CARD_ROOM, "onexeno kick", { player: CLEO });
    expect(notHost.original?.visibleTo).toBe(BEN);
    expect(said(notHost.original)).toContain("Only the host can remove a player");
    const kicked = await sb.command(ADA, CARD_ROOM, "onexeno kick", { player: CLEO });
    expect(said(kicked.original)).toContain("removed by the host; a computer plays their seat");
    const rec = (await h.bot.service("onexeno").get(CARD_ROOM))!;
    expect(rec.seats.find((s) => s.leftBy === CLEO)).toMatchObject({ name: expect.stringContaining("(left)"), computer: "normal" });
    expect(rec.turnClock?.due).toBeNull(); // clock off
    // The computer plays the kicked seat when its turn comes.
    const cpu = rec.seats.findIndex((s) => s.leftBy === CLEO);
    for (let i = 0; i < 10; i++) {
      const now = (await h.bot.service("onexeno").get(CARD_ROOM))!;
      if (now.moves.some((m) => m.seat === cpu)) break;
      if (now.state!.turn === cpu) {
        await h.until("the computer's move", async () => (await h.bot.service("onexeno").get(CARD_ROOM))!.rev > now.rev);
        continue;
      }
      await playTurn(now.seats[now.state!.turn]!.userId, CARD_ROOM);
    }
    expect((await h.bot.service("onexeno").get(CARD_ROOM))!.moves.some((m) => m.seat === cpu)).toBe(true);
    // Ending is asked, a move is made meanwhile, and the confirmation still ends the table.
    const asked = (await sb.command(ADA, CARD_ROOM, "onexeno end")).original!;
    const now = (await h.bot.service("onexeno").get(CARD_ROOM))!;
    const mover = now.seats[now.state!.turn]!;
    if (mover.computer) await h.until("the computer's move", async () => (await h.bot.service("onexeno").get(CARD_ROOM))!.rev > now.rev);
    else await playTurn(mover.userId, CARD_ROOM);
    expect((await h.bot.service("onexeno").get(CARD_ROOM))!.rev).toBeGreaterThan(now.rev);
    const confirmed = await sb.click(ADA, asked, Harness.idOf(asked, "confirm"));
    expect(said(confirmed.original)).toContain("the table is ended");
    expect(await h.bot.service("onexeno").get(CARD_ROOM)).toMatchObject({ status: "over", closedBy: ADA });
    expect(h.log.errors).toEqual([]);
  });
});
