/**
 * Cardeno as a newcomer meets it, through the stand-in on a fast table clock: an older private
 * board stops showing a clock or buttons once a newer one is open; a round's totals stay in the
 * channel's history after the next round starts (the break's picture is a golden image).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA, GENERAL, Harness } from "./harness.ts";
import type { CardenoState } from "../../src/games/cardeno/game.ts";
import type { AnyTable } from "../../src/bot/tables.ts";
import { said } from "../helpers/message.ts";

const h = new Harness({ clockRate: 20 });
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

const table = async () => (await h.bot.games.get("cardeno")!.get(GENERAL)) as (AnyTable & { state: CardenoState | null }) | undefined;

describe("Cardeno for a newcomer", () => {
  it("one live board per player; round totals kept in the record", async () => {
    const sb = h.standin;
    const lobby = (await sb.command(ADA, GENERAL, "cardeno new", { pace: 1, rounds: 2, seed: "newcomer" })).original!;
    // A race has no turns: its lobby says its pace, never "Turn clock: off" (issue 63).
    expect(said(lobby)).toContain("A real-time race: a piece every 1 s, everyone at once");
    expect(said(lobby)).not.toContain("Turn clock");
    await sb.command(ADA, GENERAL, "cardeno bot add", { level: "normal" });
    await sb.command(ADA, GENERAL, "cardeno bot add", { level: "normal" });
    await sb.command(ADA, GENERAL, "cardeno start");
    const first = (await sb.command(ADA, GENERAL, "cardeno board")).original!;
    const second = (await sb.command(ADA, GENERAL, "cardeno board")).original!;
    expect(second.id).not.toBe(first.id);
    // The older board is edited down to one line: no picture, no buttons, no timestamp.
    await h.until("the older board tidied", () => {
      const m = sb.visibleMessages(GENERAL, ADA).find((x) => x.id === first.id);
      return !!m && said(m) === "-# This board continues in a newer message below." && m.attachments.length === 0;
    });
    // Round 2 starts: the message announcing round 1's result keeps its totals as its record.
    await h.until("round 2 under way", async () => ((await table())?.state?.round ?? 0) >= 2, 300_000);
    await h.until("round 1's totals kept in the channel's history", () =>
      sb.visibleMessages(GENERAL, null).some((m) => said(m).startsWith("-# Round 1 is over. Totals: Ada ")),
    );
    expect(h.log.errors).toEqual([]);
  });
});
