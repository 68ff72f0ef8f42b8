import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clockLabel, seatNames } from "../../src/bot/clock.ts";
import { onexenoView } from "../../src/games/onexeno/game.ts";
import { cardName } from "../../src/games/onexeno/cards.ts";
import type { ApiMessage, InteractionRecord } from "../../src/standin/types.ts";
import { ADA, BEN, CARD_ROOM, CLEO, DEV, GENERAL, Harness, MOD, THREAD } from "./harness.ts";
import { said } from "../helpers/message.ts";
import { HINT_VALUE } from "../../src/bot/hints.ts";
import { ONEXENO_SCENES } from "../../render/onexeno/scenes.ts";
import { pixelsOff } from "../helpers/pixels.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

const mentionOf = (m: ApiMessage) => /<@(\d+)>, your turn/.exec(said(m))?.[1] ?? null;

/**
 * Oracle: a public message must never show a hidden card. Its text must not name a card held
 * in any hand, and its picture must be exactly the picture of the spectator view.
 */
async function assertNoLeak(m: ApiMessage, channelId: string): Promise<void> {
  const rec = await h.bot.service("onexeno").get(channelId);
  if (!rec?.state) return;
  const text = JSON.stringify({ c: said(m), e: m.embeds, a: m.attachments.map((a) => a.description ?? "") });
  for (const hand of rec.state.hands) for (const card of hand) expect(text).not.toContain(cardName(card));
  const png = m.attachments.find((a) => a.filename === "table.png");
  if (png && rec.status !== "over") {
    const expected = ONEXENO_SCENES.job("table", { view: onexenoView(rec.state, null), names: seatNames(rec), clock: clockLabel(rec) });
    expect(await pixelsOff(h.standin.attachmentBytes(png)!, expected)).toBe(0);
  }
}

describe("ONEXENO through the Discord stand-in", () => {
  it("plays a full 3-player game with slash commands, autocomplete and buttons, surviving a restart", async () => {
    const refusalsFrom = h.standin.refusals.length;
    const sb = h.standin;
    const t0 = Date.now();
    const records: InteractionRecord[] = [];
    const track = (r: InteractionRecord) => (records.push(r), r);

    // Lobby: Ada opens, Ben clicks Join, Cleo uses the command, Ada clicks Start.
    const opened = track(await sb.command(ADA, GENERAL, "onexeno new", { game: "basic", hands: 1 }));
    expect(said(opened.original)).toContain("ONEXENO basic");
    track(await sb.click(BEN, opened.original!, Harness.idOf(opened.original!, "join")));
    track(await sb.command(CLEO, GENERAL, "onexeno join"));
    const lobby = h.latestPublic(GENERAL);
    expect(said(lobby)).toContain(`<@${CLEO}>`);
    const notHost = track(await sb.click(BEN, lobby, Harness.idOf(lobby, "start")));
    expect(notHost.original?.visibleTo).toBe(BEN);
    expect(said(notHost.original)).toContain("Only the host");
    const started = track(await sb.click(ADA, lobby, Harness.idOf(lobby, "start")));
    expect(started.original?.attachments[0]?.filename).toBe("table.png");
    expect(started.original?.attachments[0]?.description).toContain("to play");

    let moves = 0;
    let restarted = false;
    let usedPanel = 0;
    let usedSlash = 0;
    let passes = 0;
    let noteAfter = -1; // the move count at the restart: the next table after it carries the note
    for (let turn = 0; turn < 400; turn++) {
      const table = h.latestPublic(GENERAL);
      await assertNoLeak(table, GENERAL);
      if (noteAfter >= 0 && moves > noteAfter) {
        // The first table message after the restart says so (nothing was posted at start-up).
        await h.until("the restart note", () => sb.visibleMessages(GENERAL, null).some((m) => said(m).includes("restarted")));
        noteAfter = -1;
      }
      if (said(table).includes("Session over")) break;
      const who = mentionOf(table);
      expect(who, said(table)).not.toBeNull();
      const user = who as string;

      if (moves === 12 && !restarted) {
        // Restart the bot mid-game: the stand-in (Discord) stays up, the store is reopened.
        await h.stopBot(); // finishes the posts in flight
        const count = sb.visibleMessages(GENERAL, null).length;
        await h.startBot();
        restarted = true;
        // Start-up posts nothing: the table message is the one from before, and still works.
        expect(sb.visibleMessages(GENERAL, null).length, said(sb.visibleMessages(GENERAL, null).at(-1))).toBe(count);
        expect(sb.visibleMessages(GENERAL, null).some((m) => said(m).includes("restarted"))).toBe(false);
        noteAfter = moves;
        continue;
      }

      const cards = await sb.autocomplete(user, GENERAL, "onexeno play", { card: "" }, "card");
      const playable = cards.filter((c) => /\d+ places?/.test(c.name));
      if (playable.length === 0 || turn % 9 === 4) {
        track(await sb.click(user, table, Harness.idOf(table, "pass")));
        passes++;
      } else if (turn % 3 === 0) {
        // Play by clicking: My hand -> choose a card -> choose a placement.
        const panel = track(await sb.click(user, table, Harness.idOf(table, "hand")));
        const eph = panel.original!;
        expect(eph.visibleTo).toBe(user);
        expect((eph.flags & 64) !== 0).toBe(true);
        const cardOpts = Harness.selectOptions(eph, "card");
        expect(cardOpts.length).toBeGreaterThan(0);
        const chose = track(await sb.select(user, eph, Harness.idOf(eph, "card"), [cardOpts[0]!.value]));
        const places = Harness.selectOptions(chose.original!, "place");
        expect(places.length).toBeGreaterThan(0);
        const placed = track(await sb.select(user, chose.original!, Harness.idOf(chose.original!, "place"), [places[0]!.value]));
        const [pub] = await sb.waitForFollowups(placed, 1);
        expect(pub!.visibleTo).toBeUndefined();
        // The receipt says the move to its player, where it went too; the table says it of them.
        expect(said(placed.original)).toMatch(/^✅ You placed the \d+ at [A-Z]+\d+/);
        expect(said(pub)).not.toContain("You placed");
        usedPanel++;
      } else {
        const card = playable[0]!.value as string;
        const ats = await sb.autocomplete(user, GENERAL, "onexeno play", { card, at: "" }, "at");
        expect(ats.length).toBeGreaterThan(0);
        const r = track(await sb.command(user, GENERAL, "onexeno play", { card, at: String(ats[0]!.value) }));
        expect(r.original?.visibleTo, said(r.original)).toBeUndefined();
        usedSlash++;
      }
      moves++;
    }
    const final = h.latestPublic(GENERAL);
    expect(said(final)).toContain("Session over");
    // The final scores read as the result: best first.
    const finals =
      /Final: (.*)\.$/m
        .exec(said(final))?.[1]
        ?.split(" · ")
        .map((x) => Number(x.split(" ").at(-1))) ?? [];
    expect(finals).toHaveLength(3);
    expect(finals).toEqual([...finals].sort((a, b) => b - a));
    expect(restarted).toBe(true);
    expect(usedPanel).toBeGreaterThan(0);
    expect(usedSlash).toBeGreaterThan(0);
    const rec = await h.bot.service("onexeno").get(GENERAL);
    expect(rec?.status).toBe("over");
    expect(rec?.moves.length).toBe(moves - 0);
    expect(h.log.errors).toEqual([]);
    const acks = records.map((r) => r.ackMs ?? Infinity);
    const slowest = Math.max(...acks);
    console.log(
      `E2E full 3-player game: ${moves} moves (${usedSlash} by slash command, ${usedPanel} by hand panel, ${passes} passes) in ${Date.now() - t0} ms; slowest reply ${slowest} ms; median ${acks.sort((a, b) => a - b)[Math.floor(acks.length / 2)]} ms.`,
    );
    expect(acks.every((a) => Number.isFinite(a))).toBe(true);
    // No 4xx answer to the bot during a whole game (the global limit aside: the test drives
    // interactions far faster than people do, and the client's pacing meets it at times).
    expect(h.clientErrorsSince(refusalsFrom, { exceptGlobal: true })).toEqual([]);
  });

  it("answers stale buttons, bad input and double clicks without changing anything", async () => {
    const sb = h.standin;
    // An option the chosen game does not read is refused clearly, and no table opens (issue 63).
    const canastaOnly = await sb.command(ADA, CARD_ROOM, "onexeno new", { game: "basic", target: 300 });
    expect(canastaOnly.original?.visibleTo).toBe(ADA);
    expect(said(canastaOnly.original)).toContain("`target` does not apply to basic");
    expect(await h.bot.service("onexeno").get(CARD_ROOM)).toBeUndefined();
    await sb.command(ADA, CARD_ROOM, "onexeno new", { game: "basic" });
    await sb.command(BEN, CARD_ROOM, "onexeno join");
    const lobby = h.latestPublic(CARD_ROOM);
    await sb.click(ADA, lobby, Harness.idOf(lobby, "start"));
    const table = h.latestPublic(CARD_ROOM);
    const who = mentionOf(table)!;
    const other = who === ADA ? BEN : ADA;
    const before = await h.bot.service("onexeno").get(CARD_ROOM);

    // not your turn, garbage card, garbage position: ephemeral errors, nothing changes
    const r1 = await sb.command(other, CARD_ROOM, "onexeno pass");
    expect(r1.original?.visibleTo).toBe(other);
    expect(said(r1.original)).toMatch(/not your turn/i);
    const r2 = await sb.command(who, CARD_ROOM, "onexeno play", { card: "nonsense", at: "C3" });
    expect(said(r2.original)).toMatch(/not a card/);
    const someCard = before!.state!.hands[before!.seats.findIndex((s) => s.userId === who)]![0]!;
    const r3 = await sb.command(who, CARD_ROOM, "onexeno play", { card: String(someCard), at: "Z99" });
    expect(said(r3.original)).toMatch(/not a position|must share an edge|not adjacent/i);
    const r4 = await sb.command(DEV, CARD_ROOM, "onexeno play", { card: String(someCard), at: "B2" });
    expect(said(r4.original)).toMatch(/no seat|not seated/i);
    // A hint picked from the suggestions as if it were a place is answered with the hint's own
    // words (it read "none is not a position"); one never shown to the sender names the option.
    const hints = await sb.autocomplete(who, CARD_ROOM, "onexeno play", { card: "", at: "" }, "at");
    expect(hints).toEqual([{ name: "Choose a card from your hand first", value: HINT_VALUE }]);
    // A card not in the hand (played since, or another's) is named as such, not as no card at all.
    const notHeld = before!.state!.hands[before!.seats.findIndex((s) => s.userId === other)]![0]!;
    const gone = await sb.autocomplete(who, CARD_ROOM, "onexeno play", { card: String(notHeld), at: "" }, "at");
    expect(gone).toEqual([{ name: "That card is not in your hand: pick one from the list", value: HINT_VALUE }]);
    await sb.autocomplete(who, CARD_ROOM, "onexeno play", { card: "", at: "" }, "at"); // the hint the next command picks
    const r5 = await sb.command(who, CARD_ROOM, "onexeno play", { card: String(someCard), at: HINT_VALUE });
    expect(r5.original?.visibleTo).toBe(who);
    expect(said(r5.original)).toBe("❌ Choose a card from your hand first");
    const r6 = await sb.command(other, CARD_ROOM, "onexeno play", { card: String(someCard), at: HINT_VALUE });
    expect(said(r6.original)).toBe("❌ The line picked for `at` was a note, not a value: type a value, or pick one from the list.");
    expect((await h.bot.service("onexeno").get(CARD_ROOM))?.rev).toBe(before?.rev);

    // double click on Pass: exactly one applies, the other is told calmly that it is done
    const [a, b] = await Promise.all([
      sb.click(who, table, Harness.idOf(table, "pass")),
      sb.click(who, table, Harness.idOf(table, "pass")),
    ]);
    const texts = [a.original!, b.original!];
    expect(texts.filter((m) => m.visibleTo === undefined)).toHaveLength(1);
    expect(texts.filter((m) => m.visibleTo === who && /^✅ Already done/.test(said(m)))).toHaveLength(1);
    const after = await h.bot.service("onexeno").get(CARD_ROOM);
    expect(after?.rev).toBe(before!.rev + 1);
    expect(after?.moves).toHaveLength(1);

    // an old table's buttons answer "moved on" and change nothing
    const stale = await sb.click(other, table, Harness.idOf(table, "pass"));
    expect(stale.original?.visibleTo).toBe(other);
    expect(said(stale.original)).toMatch(/moved on/);
    expect((await h.bot.service("onexeno").get(CARD_ROOM))?.rev).toBe(after?.rev);

    // only the host or a moderator may end; the moderator can
    const e1 = await sb.command(DEV, CARD_ROOM, "onexeno end");
    expect(said(e1.original)).toMatch(/Only the host/);
    // ending asks once, privately; Cancel changes nothing, Confirm ends it for everyone
    const asked = await sb.command(MOD, CARD_ROOM, "onexeno end");
    expect(asked.original?.visibleTo).toBe(MOD);
    expect(said(asked.original)).toMatch(/End the table for everyone\?/);
    const cancelled = await sb.click(MOD, asked.original!, Harness.idOf(asked.original!, "cancel"));
    expect(said(cancelled.original)).toMatch(/Cancelled/);
    expect(await h.bot.service("onexeno").get(CARD_ROOM)).toBeDefined();
    const e2 = await h.endTable(MOD, CARD_ROOM);
    expect(said(e2.original)).toMatch(/Done/);
    await h.waitForPublic(CARD_ROOM, (m) => /Table closed by Moderator/.test(said(m)));
    expect(await h.bot.service("onexeno").get(CARD_ROOM)).toMatchObject({ status: "over", closedBy: MOD });
    expect(h.log.errors).toEqual([]);
  });

  it("runs partners in a thread, checks team sizes, and shows rules ephemerally", async () => {
    const sb = h.standin;
    await sb.command(ADA, THREAD, "onexeno new", { game: "partners", hands: 2 });
    await sb.command(BEN, THREAD, "onexeno join");
    await sb.command(CLEO, THREAD, "onexeno join");
    const early = await sb.command(ADA, THREAD, "onexeno start");
    expect(said(early.original)).toMatch(/teams of two/);
    await sb.command(DEV, THREAD, "onexeno join");
    const lobby = h.latestPublic(THREAD);
    expect(said(lobby)).toMatch(/team A[\s\S]*team B[\s\S]*team A[\s\S]*team B/);
    const go = await sb.command(ADA, THREAD, "onexeno start");
    expect(go.original?.attachments[0]?.filename).toBe("table.png");
    const rules = await sb.command(CLEO, THREAD, "onexeno rules");
    expect(rules.original?.visibleTo).toBe(CLEO);
    expect(JSON.stringify(rules.original?.embeds)).toContain("Partners");
    const again = await sb.command(BEN, THREAD, "onexeno table");
    expect(again.original?.attachments[0]?.filename).toBe("table.png");
    const hand = await sb.command(BEN, THREAD, "onexeno hand");
    expect(hand.original?.visibleTo).toBe(BEN);
    expect(hand.original?.attachments[0]?.filename).toBe("hand.png");
    expect(h.log.errors).toEqual([]);
  });
});
