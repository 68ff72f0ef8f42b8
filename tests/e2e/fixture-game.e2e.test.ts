/**
 * The proof of the game layer: "Race to 21" (tests/fixtures/race), a game that src/bot,
 * src/app.ts and the other games know nothing of, registered in a test build of the list
 * (`gameSet([...GAMES, RACE])`). Through the stand-in and the real discord.js client it is opened,
 * joined, played by people and a computer, refused out of turn, timed out by a clock,
 * restarted mid-game, finished, rated, played again and seated as a tournament round.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAMES, gameSet } from "../../commands/index.ts";
import { RACE, type RaceTable } from "../fixtures/race/bot.ts";
import { cardValue } from "../fixtures/race/rules.ts";
import { ADA, BEN, CARD_ROOM, CLEO, GENERAL, Harness, MOD, THREAD } from "./harness.ts";
import { said } from "../helpers/message.ts";

describe("a fixture game registered in a test build of the list", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await new Harness({ games: gameSet([...GAMES, RACE]) }).start();
  });
  afterAll(async () => {
    await h.close();
  });

  const table = async (ch: string) => (await h.bot.games.get("race")?.get(ch)) as RaceTable | undefined;

  it("is opened, joined, played by two people and a computer, refuses out of turn, ends, is rated and played again", async () => {
    const sb = h.standin;
    const opened = await sb.command(ADA, GENERAL, "race new", { clock: "off" });
    expect(said(opened.original)).toContain("A table of Race to 21 is open here: ");
    await sb.click(BEN, opened.original!, Harness.idOf(opened.original!, "join"));
    await sb.command(ADA, GENERAL, "race bot add");
    const lobby = h.latestPublic(GENERAL);
    expect((await table(GENERAL))?.seats.map((s) => !!s.computer)).toEqual([false, false, true]);
    await sb.click(ADA, lobby, Harness.idOf(lobby, "start"));
    // The table's picture is the fixture's own scene, drawn on the picture threads like every game's.
    const first = await h.waitForPublic(GENERAL, (m) => m.attachments.some((a) => a.filename === "race.png"));
    const png = sb.attachmentBytes(first.attachments.find((a) => a.filename === "race.png")!)!;
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(640); // its scene's width (IHDR)
    let refusedOnce = false;
    for (let turns = 0; ; turns++) {
      expect(turns).toBeLessThan(40);
      const rec = await h.until("a person's turn or the end", async () => {
        const r = await table(GENERAL);
        return r && (r.status === "over" || !r.seats[r.state!.turn]!.computer) ? r : null;
      });
      if (rec.status === "over") break;
      const s = rec.state!;
      const mover = rec.seats[s.turn]!.userId;
      const other = mover === ADA ? BEN : ADA;
      if (!refusedOnce) {
        // Out of turn: refused privately, naming whose turn it is; nothing changes.
        const no = await sb.command(other, GENERAL, "race play", { card: 1 });
        expect(no.original?.visibleTo).toBe(other);
        expect(said(no.original)).toContain(`It is not your turn: ${rec.seats[s.turn]!.name} is playing.`);
        expect((await table(GENERAL))?.rev).toBe(rec.rev);
        refusedOnce = true;
      }
      const card = cardValue(s.hands[s.turn]![0]!);
      if (mover === ADA) {
        const played = await sb.command(ADA, GENERAL, "race play", { card });
        expect(said(played.original)).toContain(`played ${card}`);
      } else {
        // Ben plays from his private hand: its buttons are his cards.
        const hand = (await sb.click(BEN, h.latestPublic(GENERAL), Harness.idOf(h.latestPublic(GENERAL), "rhand"))).original!;
        expect(hand.visibleTo).toBe(BEN);
        expect(said(hand)).toContain(`Your hand: ${s.hands[s.turn]!.map(cardValue).join(" ")}.`);
        await sb.click(BEN, hand, Harness.idOf(hand, "rplay"));
      }
      await h.until("the move saved", async () => ((await table(GENERAL))?.rev ?? 0) > rec.rev);
    }
    const done = (await table(GENERAL))!;
    expect(done.state!.total).toBeGreaterThanOrEqual(21);
    expect(done.moves.some((m) => done.seats[m.seat]!.computer)).toBe(true);
    const end = await h.waitForPublic(GENERAL, (m) => said(m).includes("wins at"));
    expect(said(end)).toContain(`${done.seats[done.state!.winner!]!.name} wins at ${done.state!.total}.`);
    // Rated under its own key, between the people: /stats shows it by its name.
    await h.until("both people rated", async () => (await h.bot.ratings.top(sb.guildId, "race", 10)).length === 2);
    const stats = await sb.command(ADA, GENERAL, "stats", { game: "race" });
    expect(JSON.stringify(stats.original?.embeds)).toContain("Race to 21");
    // Play again: the same seats, a fresh lobby of the same game.
    await sb.click(BEN, end, Harness.idOf(end, "again"));
    const again = await h.until("the new lobby", async () => {
      const r = await table(GENERAL);
      return r?.status === "lobby" ? r : null;
    });
    expect(again.seats.map((s) => s.userId).sort()).toEqual(done.seats.map((s) => s.userId).sort());
    // Ben pressed it, but the table keeps its host (issue 63: Play again no longer hands the host role over).
    expect(again.hostId).toBe(done.hostId);
    expect(again.hostId).not.toBe(BEN);
    expect(h.log.errors).toEqual([]);
  });

  it("keeps one table per channel across games, times out a silent player, and survives a restart mid-game", async () => {
    const sb = h.standin;
    await sb.command(ADA, CARD_ROOM, "onze new");
    const taken = await sb.command(CLEO, CARD_ROOM, "race new");
    expect(taken.original?.visibleTo).toBe(CLEO);
    expect((await table(CARD_ROOM))?.status ?? "none").toBe("none");
    await sb.command(ADA, CARD_ROOM, "onze end").then((asked) => sb.click(ADA, asked.original!, Harness.idOf(asked.original!, "confirm")));

    await sb.command(CLEO, THREAD, "race new", { clock: "30s" });
    await sb.command(BEN, THREAD, "race join");
    await sb.command(CLEO, THREAD, "race start");
    const started = (await table(THREAD))!;
    const first = started.seats[started.state!.turn]!;
    // The first player says nothing: their clock runs out and the computer plays for them.
    await h.advanceClock(31_000);
    const timed = await h.until("the timeout move", async () => {
      const r = await table(THREAD);
      return r && r.moves.length === 1 ? r : null;
    });
    expect(timed.seats[timed.moves[0]!.seat]!.userId).toBe(first.userId);
    await h.waitForPublic(THREAD, (m) => said(m).includes(`${first.name}'s time ran out`));
    // The bot restarts mid-game; the table is where it was, and its next message says so.
    await h.stopBot();
    await h.startBot();
    const resumed = (await table(THREAD))!;
    expect(resumed.rev).toBe(timed.rev);
    const mover = resumed.seats[resumed.state!.turn]!.userId;
    const after = await sb.command(mover, THREAD, "race play", { card: cardValue(resumed.state!.hands[resumed.state!.turn]![0]!) });
    expect(after.original?.visibleTo).toBe(mover);
    await h.waitForPublic(THREAD, (m) => said(m).includes("restarted"));
    expect((await table(THREAD))!.moves.length).toBe(2);
    const asked = await sb.command(CLEO, THREAD, "race end");
    await sb.click(CLEO, asked.original!, Harness.idOf(asked.original!, "confirm"));
    await h.until("the table closed", async () => (await table(THREAD))?.closedBy === CLEO);
    expect(h.log.errors).toEqual([]);
  });

  it("is seated as a tournament round, and its result counts", async () => {
    const sb = h.standin;
    const created = await sb.command(MOD, GENERAL, "tournament create", { game: "race", format: "swiss", rounds: 1, name: "Race night" });
    expect(JSON.stringify(created.original?.embeds)).toContain("Race to 21");
    await sb.command(ADA, GENERAL, "tournament join");
    await sb.command(BEN, GENERAL, "tournament join");
    await sb.command(MOD, GENERAL, "tournament start");
    const t = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Race night")!;
    const thread = await h.until("the table thread", async () => (await h.bot.tournaments.get(t.id))!.played[0]?.tables[0]?.threadId);
    const rec = (await table(thread))!;
    expect(rec.status).toBe("playing");
    expect(rec.seats.map((s) => s.userId).sort()).toEqual([ADA, BEN].sort());
    for (;;) {
      const r = (await table(thread))!;
      if (r.status === "over") break;
      const s = r.state!;
      await sb.command(r.seats[s.turn]!.userId, thread, "race play", { card: cardValue(s.hands[s.turn]![0]!) });
      await h.until("the move saved", async () => ((await table(thread))?.rev ?? 0) > r.rev);
    }
    const result = await h.until("the table's result", async () => (await h.bot.tournaments.get(t.id))!.played[0]!.tables[0]!.result);
    expect([...result.places].sort()).toEqual([1, 2]);
    await h.until("the event over", async () => (await h.bot.tournaments.get(t.id))!.status === "over");
    expect(h.log.errors).toEqual([]);
  });
});
