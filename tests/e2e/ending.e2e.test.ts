/**
 * Ending a table with `end`, the same for every game: the closing message shows the last picture
 * with the scores as they stand (and which way they count), and the table message before it is
 * tidied to its one-line record, so no clock line or live-looking button is left behind.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA, BEN, CARD_ROOM, GENERAL, Harness, MOD, THREAD } from "./harness.ts";
import { said } from "../helpers/message.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

describe("ending a table with end", () => {
  it("Onze: the old table drops its clock and buttons; the closing message gives the totals", async () => {
    const sb = h.standin;
    await sb.command(ADA, GENERAL, "onze new", { seed: "ending", clock: "5m" });
    await sb.command(ADA, GENERAL, "onze bot add", { level: "normal" });
    await sb.command(ADA, GENERAL, "onze bot add", { level: "easy" });
    await sb.command(ADA, GENERAL, "onze start");
    // The table waits for Ada (a computer may have moved first): her turn, with her clock.
    const live = await h.waitForPublic(GENERAL, (m) => said(m).includes("your turn") && said(m).includes("⏱"));
    const ended = await h.endTable(ADA, GENERAL);
    expect(said(ended.original)).toMatch(/Done/);
    const closed = await h.waitForPublic(GENERAL, (m) => said(m).includes("\nTable closed by Ada."));
    expect(said(closed)).toMatch(/Scores as they stand \(lowest wins\): Ada 0 · Computer 1 \(normal\) 0 · Computer 2 \(easy\) 0\./);
    expect(closed.attachments.map((a) => a.filename)).toEqual(["onze.png"]);
    expect(said(closed)).not.toContain("⏱");
    expect(Harness.ids(closed, "again")).toHaveLength(2); // Play again and New table, nothing else
    expect(Harness.customIds(closed)).toHaveLength(2);
    // The table message before it is now its record: no picture, no clock, no buttons.
    await h.until("the old table tidied", () => {
      const old = sb.visibleMessages(GENERAL, null).find((m) => m.id === live.id);
      return !!old && Harness.customIds(old).length === 0 && old.attachments.length === 0;
    });
    const old = sb.visibleMessages(GENERAL, null).find((m) => m.id === live.id)!;
    expect(said(old).startsWith("-# ")).toBe(true);
    expect(said(old)).not.toContain("⏱");
    // Play again works under a closed table as under a finished one: the same seats, a new lobby.
    const again = await sb.click(ADA, closed, Harness.customIds(closed).find((c) => c.includes("|again|") && c.endsWith("|same"))!);
    expect(said(again.original)).not.toContain("over or its table was closed");
    const lobby = await h.bot.games.get("onze")!.get(GENERAL);
    expect(lobby?.status).toBe("lobby");
    expect(lobby?.seats.map((x) => x.name)).toEqual(["Ada", "Computer 1 (normal)", "Computer 2 (easy)"]);
    expect(lobby?.closedBy).toBeUndefined();
    // The closing message, tidied under the new lobby, leaves the line it said: who closed it and
    // the scores as they stood, not a result the game never reached ("Lowest total: .").
    await h.until("the closing message tidied to its record", () => {
      const m = sb.visibleMessages(GENERAL, null).find((x) => x.id === closed.id);
      return !!m && said(m).startsWith("-# ");
    });
    const record = said(sb.visibleMessages(GENERAL, null).find((x) => x.id === closed.id)!);
    expect(record).toContain("Table closed by Ada.");
    expect(record).toMatch(/Scores as they stand \(lowest wins\): Ada 0/);
    expect(record).not.toContain("Lowest total");
    await sb.command(ADA, GENERAL, "onze start");
    expect((await h.bot.games.get("onze")!.get(GENERAL))?.status).toBe("playing");
    expect(h.log.errors).toEqual([]);
  });

  it("Cardeno: /cardeno end gives each player's score so far", async () => {
    const sb = h.standin;
    await sb.command(ADA, CARD_ROOM, "cardeno new", { seed: "ending" });
    await sb.command(ADA, CARD_ROOM, "cardeno bot add", { level: "normal" });
    await sb.command(ADA, CARD_ROOM, "cardeno start");
    const asked = await sb.command(ADA, CARD_ROOM, "cardeno end");
    await sb.click(ADA, asked.original!, Harness.idOf(asked.original!, "confirm"));
    const closed = await h.waitForPublic(CARD_ROOM, (m) => said(m).includes("\nTable closed by Ada."));
    expect(said(closed)).toMatch(/Scores as they stand \(highest wins\): Ada \d+ · Computer 1 \(normal\) \d+\./);
    // New table under the closed table: the same options, Ada alone.
    await sb.click(ADA, closed, Harness.customIds(closed).find((c) => c.includes("|again|") && c.endsWith("|new"))!);
    expect((await h.bot.games.get("cardeno")!.get(CARD_ROOM))?.seats.map((x) => x.userId)).toEqual([ADA]);
    expect(h.log.errors).toEqual([]);
  });

  it("with computers turned off, Play again seats only the people and the lobby offers no computer", async () => {
    const sb = h.standin;
    await sb.command(ADA, THREAD, "onze new", { seed: "ending-off" });
    await sb.command(ADA, THREAD, "onze bot add", { level: "normal" });
    await sb.command(BEN, THREAD, "onze join");
    await sb.command(ADA, THREAD, "onze start");
    await sb.command(MOD, GENERAL, "settings computers", { allowed: false });
    await h.endTable(ADA, THREAD);
    const closed = await h.waitForPublic(THREAD, (m) => said(m).includes("\nTable closed by Ada."));
    await sb.click(ADA, closed, Harness.customIds(closed).find((c) => c.includes("|again|") && c.endsWith("|same"))!);
    const lobby = await h.bot.games.get("onze")!.get(THREAD);
    expect(lobby?.seats.map((x) => x.userId)).toEqual([ADA, BEN]);
    const shown = await h.waitForPublic(THREAD, (m) => Harness.ids(m, "start").length > 0);
    expect(Harness.ids(shown, "addbot")).toEqual([]);
    await sb.command(MOD, GENERAL, "settings computers", { allowed: true });
    expect(h.log.errors).toEqual([]);
  });
});
