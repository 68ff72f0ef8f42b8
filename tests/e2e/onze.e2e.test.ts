/**
 * Onze through the stand-in: Ada and Ben against two computers, with slash commands,
 * autocomplete, the public Buy button and the private hand panel; a restart mid-round. A
 * second test lays a position with a wild in a run to swap it out through `/onze swap`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HINT_VALUE } from "../../src/bot/hints.ts";
import { ADA, BEN, CARD_ROOM, GENERAL, Harness } from "./harness.ts";
import { cardName, faceFor, ONZE_DECK, type Card } from "../../src/games/onze/cards.ts";
import { readRun, readSet } from "../../src/games/onze/melds.ts";
import type { OnzeState } from "../../src/games/onze/game.ts";
import type { AnyTable } from "../../src/bot/tables.ts";
import type { ApiMessage } from "../../src/standin/types.ts";
import { said } from "../helpers/message.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

const onzeOf = async (channelId: string) =>
  (await h.bot.games.get("onze")!.get(channelId)) as (AnyTable & { state: OnzeState | null }) | undefined;
const isHint = (c: { value: string | number }[]) => c.length === 0 || c[0]?.value === HINT_VALUE;

describe("Onze through the stand-in", () => {
  it("two people and two computers play: draw, take, buy, down, lay off, discard, the hand panel, and a restart mid-round", async () => {
    const refusalsFrom = h.standin.refusals.length;
    const sb = h.standin;
    const opened = await sb.command(ADA, GENERAL, "onze new", { seed: "e2e-onze", clock: "off" });
    expect(said(opened.original)).toContain("Onze");
    await sb.command(BEN, GENERAL, "onze join");
    await sb.command(ADA, GENERAL, "onze bot add", { level: "normal" });
    await sb.command(ADA, GENERAL, "onze bot add", { level: "easy" });
    const early = await sb.command(ADA, GENERAL, "onze draw");
    expect(early.original?.visibleTo).toBe(ADA); // not started: said privately, nothing changes
    await sb.command(ADA, GENERAL, "onze start");
    const done = { draw: 0, take: 0, buy: 0, bought: 0, down: 0, layoff: 0, discard: 0, panel: 0 };
    let restarted = false;
    let revAtRestart = -1;
    for (let i = 0; i < 3000; i++) {
      const rec = (await onzeOf(GENERAL))!;
      if (revAtRestart >= 0 && rec.rev > revAtRestart) {
        // The first table message after the restart says so (nothing was posted at start-up).
        await h.until("the restart note on the next table", () =>
          sb.visibleMessages(GENERAL, null).some((m) => said(m).includes("restarted")),
        );
        revAtRestart = -1;
      }
      if (rec.status === "over" || (rec.state!.round >= 3 && done.layoff > 0 && done.buy > 1 && done.take > 0 && restarted)) break;
      const s = rec.state!;
      const turnUser = rec.seats[s.turn]!.userId;
      if (turnUser !== ADA && turnUser !== BEN) {
        await h.until(
          "the computer's move",
          async () => (await onzeOf(GENERAL))!.rev > rec.rev || (await onzeOf(GENERAL))!.status === "over",
        );
        continue;
      }
      if (!restarted && s.round === 1 && i > 20) {
        await h.stopBot(); // finishes the posts in flight
        const count = sb.visibleMessages(GENERAL, null).length;
        await h.startBot();
        restarted = true;
        expect(sb.visibleMessages(GENERAL, null).length).toBe(count); // start-up posts nothing
        revAtRestart = rec.rev;
        continue;
      }
      // Ada has drawn from the stock: Ben buys the discard she passed over (before she discards).
      if (
        turnUser === ADA &&
        s.phase === "play" &&
        s.forSale !== null &&
        !s.claims.includes(rec.seats.findIndex((x) => x.userId === BEN)) &&
        done.buy < 2
      ) {
        const table = await h.until("the table with Buy", () => {
          const m = h.latestPublic(GENERAL);
          return Harness.ids(m, "zbuy").length ? m : null;
        });
        const buying = await sb.click(BEN, table, Harness.idOf(table, "zbuy"));
        expect(said(buying.original)).toContain("asked to buy");
        done.buy++;
        continue;
      }
      if (s.phase === "draw") {
        if (s.discard.length && done.take < 2 && i % 5 === 0) {
          const r = await sb.command(turnUser, GENERAL, "onze take");
          expect(said(r.original)).toContain("✅");
          done.take++;
        } else if (turnUser === ADA && done.panel < 3) {
          // From the private panel: My hand, then Draw.
          const panel = (await sb.command(ADA, GENERAL, "onze hand")).original as ApiMessage;
          expect(panel.visibleTo).toBe(ADA);
          const drew = await sb.click(ADA, panel, Harness.idOf(panel, "zdraw"));
          expect(said(drew.original)).toContain("✅");
          done.panel++;
          done.draw++;
        } else {
          await sb.command(turnUser, GENERAL, "onze draw");
          done.draw++;
        }
        continue;
      }
      const downs = await sb.autocomplete(turnUser, GENERAL, "onze down", { melds: "" }, "melds");
      if (!isHint(downs)) {
        const r = await sb.command(turnUser, GENERAL, "onze down", { melds: String(downs[0]!.value) });
        expect(said(r.original)).toMatch(/^✅ You went down: /);
        done.down++;
        continue;
      }
      if (s.down[s.turn] && !s.downThisTurn) {
        const lays = await sb.autocomplete(turnUser, GENERAL, "onze layoff", { play: "" }, "play");
        if (!isHint(lays)) {
          const r = await sb.command(turnUser, GENERAL, "onze layoff", { play: String(lays[0]!.value) });
          expect(said(r.original)).toMatch(/^✅ You laid off /);
          done.layoff++;
          continue;
        }
      }
      const cards = await sb.autocomplete(turnUser, GENERAL, "onze discard", { card: "" }, "card");
      const pick = cards.find((c) => !c.name.includes("taken this turn")) ?? cards[0]!;
      const r = await sb.command(turnUser, GENERAL, "onze discard", { card: String(pick.value) });
      expect(said(r.original), JSON.stringify(cards)).toContain("✅");
      if (said(r.original).includes("Ben bought")) done.bought++;
      done.discard++;
    }
    expect(restarted).toBe(true);
    expect(done.draw).toBeGreaterThan(3);
    expect(done.take).toBeGreaterThan(0);
    expect(done.buy).toBe(2);
    expect(done.layoff).toBeGreaterThan(0);
    // Ben's requests were granted at Ada's discards: Ben's turn comes first after hers (the receipt says so).
    expect(done.bought).toBeGreaterThan(0);
    expect(done.down).toBeGreaterThan(0);
    expect(done.discard).toBeGreaterThan(3);
    expect(done.panel).toBeGreaterThan(0);
    // Every card is in exactly one place, and the picture shows the round and its contract.
    const rec = (await onzeOf(GENERAL))!;
    const s = rec.state!;
    expect([...s.stock, ...s.discard, ...s.hands.flat(), ...s.melds.flat().flatMap((m) => m.cards)].sort((a, b) => a - b)).toEqual([
      ...ONZE_DECK,
    ]);
    const table = sb
      .visibleMessages(GENERAL, null)
      .filter((m) => m.attachments.some((a) => a.filename === "onze.png"))
      .at(-1)!;
    expect(table.attachments[0]?.description).toMatch(/Onze round \d of 7, contract/);
    expect(h.log.errors).toEqual([]);
    // No 4xx answer to the bot during a whole game (the global limit aside: computers here move
    // every 20 ms, 60 times their pace on Discord, and the client's pacing meets it at times).
    expect(h.clientErrorsSince(refusalsFrom, { exceptGlobal: true })).toEqual([]);
  });

  it("a wild in a run is swapped for the natural card through /onze swap, and the wild goes onto a meld", async () => {
    const sb = h.standin;
    await sb.command(ADA, CARD_ROOM, "onze new", { seed: "swap", clock: "off" });
    await sb.command(BEN, CARD_ROOM, "onze join");
    await sb.command(ADA, CARD_ROOM, "onze bot add", { level: "normal" });
    await sb.command(ADA, CARD_ROOM, "onze start");
    const service = h.bot.games.get("onze")!;
    // Lay a position: Ada to play, down with 5♥ Joker 7♥ 8♥ and 9♣ 9♦ 9♠; she holds 6♥ and two more cards.
    const run = readRun([faceFor(2, 5), 104, faceFor(2, 7), faceFor(2, 8)]);
    const set = readSet([faceFor(0, 9), faceFor(1, 9), faceFor(3, 9)]);
    if (typeof run === "string" || typeof set === "string") throw new Error("fixture");
    const hand: Card[] = [faceFor(2, 6), faceFor(0, 2), faceFor(0, 3)];
    await service.update(CARD_ROOM, (rec) => {
      const s = rec!.state as OnzeState;
      const ada = rec!.seats.findIndex((x) => x.userId === ADA);
      const used = new Set([...hand, ...run.cards, ...set.cards]);
      const hands = s.hands.map((h0, i) => (i === ada ? hand : h0.filter((c) => !used.has(c))));
      const rest = ONZE_DECK.filter((c) => !used.has(c) && !hands.flat().includes(c));
      const state: OnzeState = {
        ...s,
        turn: ada,
        phase: "play",
        hands,
        stock: rest.slice(1),
        discard: rest.slice(0, 1),
        melds: s.melds.map((m, i) => (i === ada ? [run, set] : [])),
        down: s.down.map((_, i) => i === ada),
        downThisTurn: false,
        forSale: null,
        claims: [],
      };
      return { ...rec!, state, rev: rec!.rev + 1 } as AnyTable;
    });
    const swaps = await sb.autocomplete(ADA, CARD_ROOM, "onze swap", { play: "" }, "play");
    expect(swaps[0]?.name).toContain(`${cardName(faceFor(2, 6))} for the wild`);
    const toSet = swaps.find((c) => c.name.includes("set of 9s"))!;
    const r = await sb.command(ADA, CARD_ROOM, "onze swap", { play: String(toSet.value) });
    expect(said(r.original)).toContain("swapped");
    const after = (await onzeOf(CARD_ROOM))!.state!;
    const ada = (await onzeOf(CARD_ROOM))!.seats.findIndex((x) => x.userId === ADA);
    expect(after.melds[ada]?.[0]?.cards).toEqual([faceFor(2, 5), faceFor(2, 6), faceFor(2, 7), faceFor(2, 8)]);
    expect(after.melds[ada]?.[1]?.cards).toContain(104);
    // The other game's command points to this one instead of saying there is no table.
    const wrong = await sb.command(BEN, CARD_ROOM, "onexeno hand");
    expect(wrong.original?.visibleTo).toBe(BEN);
    expect(said(wrong.original)).toContain("This channel's table is Onze: use `/onze` here");
    // A swap typed by hand is refused clearly and changes nothing.
    const bad = await sb.command(ADA, CARD_ROOM, "onze swap", { play: "6h" });
    expect(bad.original?.visibleTo).toBe(ADA);
    expect(said(bad.original)).toContain("Pick a swap from the list");
    expect(h.log.errors).toEqual([]);
  });
});
