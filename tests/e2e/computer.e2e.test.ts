import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA, BEN, CARD_ROOM, DEV, GENERAL, Harness, THREAD } from "./harness.ts";
import { said } from "../helpers/message.ts";
import { replayRecord } from "../../src/bot/game-record.ts";
import { GAME_SET } from "../../commands/index.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

describe("computer players through the stand-in", () => {
  it("a host fills seats with computers (button and command, an expert among them) and plays a whole game against them", async () => {
    const refusalsFrom = h.standin.refusals.length;
    const sb = h.standin;
    const opened = await sb.command(ADA, GENERAL, "onexeno new", { game: "basic", hands: 1 });
    expect(said(opened.original)).toContain("basic");
    const notHost = await sb.command(DEV, GENERAL, "onexeno bot add", { level: "easy" });
    expect(notHost.original?.visibleTo).toBe(DEV);
    // An expert (its search made on the bot's picture threads) and a normal computer.
    await sb.command(ADA, GENERAL, "onexeno bot add", { level: "expert" });
    await sb.click(ADA, h.latestPublic(GENERAL), Harness.idOf(h.latestPublic(GENERAL), "addbot"));
    const lobby = h.latestPublic(GENERAL);
    expect(said(lobby)).toContain("Computer 1 (expert)");
    expect(said(lobby)).toContain("Computer 2 (normal)");
    // The lobby seats a normal computer or an expert by button too.
    expect(Harness.ids(lobby, "addbot").map((id) => id.split("|").at(-1))).toEqual(["normal", "expert"]);
    await sb.click(ADA, lobby, Harness.ids(lobby, "addbot")[1]!);
    expect(said(h.latestPublic(GENERAL))).toContain("Computer 3 (expert)");
    await sb.command(ADA, GENERAL, "onexeno bot remove"); // back to three seats
    expect(said(h.latestPublic(GENERAL))).not.toContain("Computer 3");
    await sb.click(ADA, h.latestPublic(GENERAL), Harness.idOf(h.latestPublic(GENERAL), "start"));

    let adaMoves = 0;
    let computerTables = 0;
    for (let i = 0; i < 300; i++) {
      const m = await h.waitForPublic(GENERAL, (x) => said(x).includes("Session over") || said(x).includes(`<@${ADA}>, your turn`));
      if (said(m).includes("Session over")) break;
      expect(m.mentions).toEqual([{ id: ADA }]); // a turn that begins pings its player
      await h.playTurn(ADA, GENERAL);
      adaMoves++;
    }
    const msgs = sb.visibleMessages(GENERAL, null);
    computerTables = msgs.filter((m) => m.interaction_metadata === undefined).length;
    // One live picture per table: every older table message became a one-line record.
    await h.bot.live.drain();
    expect(msgs.filter((m) => m.attachments.some((a) => a.filename === "table.png"))).toHaveLength(1);
    expect(msgs.filter((m) => Harness.customIds(m).length > 0)).toHaveLength(1);
    expect(msgs.slice(0, -1).every((m) => said(m).startsWith("-# "))).toBe(true);
    expect(said(h.latestPublic(GENERAL))).toContain("Session over");
    expect(adaMoves).toBeGreaterThan(3);
    expect(computerTables).toBeGreaterThan(3); // computers post their own tables (records now)
    const rec = await h.bot.service("onexeno").get(GENERAL);
    expect(rec?.moves.filter((m) => m.seat !== 0).length).toBeGreaterThan(3);
    expect(rec?.moves.some((m) => m.seat === 1)).toBe(true); // the expert played
    // The finished game left its record in the server's list and Ada's, and it replays to the final state.
    const listed = await h.until("the game's record", async () => (await h.bot.records.page(sb.guildId)).records[0]);
    expect(listed).toMatchObject({ game: "onexeno", ended: "rules", channelId: GENERAL, seed: rec!.seed, version: rec!.state!.version });
    // Each list is written in turn (the server's first): wait for Ada's too.
    await h.until("the game in Ada's list", async () => (await h.bot.records.page(sb.guildId, { userId: ADA })).records[0]);
    expect((await h.bot.records.page(sb.guildId, { userId: ADA })).records.map((r) => r.id)).toEqual([listed.id]);
    expect(replayRecord(GAME_SET.catalogue.game("onexeno")!.definition, listed).at(-1)).toEqual(rec!.state);
    expect(h.log.errors).toEqual([]);

    // Ways forward: Play again keeps the seats and options with a fresh deal; New table seats only the clicker.
    const over = h.latestPublic(GENERAL);
    const again = await sb.click(ADA, over, Harness.idOf(over, "again"));
    expect(said(again.original)).toContain("deals again");
    const lobbyAgain = (await h.bot.service("onexeno").get(GENERAL))!;
    expect(lobbyAgain.status).toBe("lobby");
    expect(lobbyAgain.seats.map((x) => x.userId)).toEqual([ADA, "cpu-1", "cpu-2"]);
    expect(lobbyAgain.config).toEqual(rec!.config);
    expect(lobbyAgain.rev).toBeGreaterThan(rec!.rev);
    const stale = await sb.click(DEV, over, Harness.ids(over, "again")[1]!);
    expect(stale.original?.visibleTo).toBe(DEV); // the old session's buttons do not open a second lobby
    await sb.click(ADA, again.original!, Harness.idOf(again.original!, "start"));
    expect((await h.bot.service("onexeno").get(GENERAL))!.status).toBe("playing");
    await h.endTable(ADA, GENERAL);
    // Closed: kept over (for Play again under its last picture), marked as closed by Ada.
    expect(await h.bot.service("onexeno").get(GENERAL)).toMatchObject({ status: "over", closedBy: ADA });
    // The closed table's command shows it as closed, with Play again and New table.
    const shown = await sb.command(DEV, GENERAL, "onexeno table");
    expect(said(shown.original)).toContain("Table closed by Ada.");
    // Its picture is drawn closed: nobody to play (the alt text says what the picture shows).
    expect(shown.original?.attachments[0]?.description).toMatch(/^ONEXENO \S+, closed before its end; the scores as they stood\. /);
    expect(Harness.ids(shown.original!, "again")).toHaveLength(2);
    // An empty channel's table command says how to start.
    const empty = await sb.command(DEV, THREAD, "onexeno table");
    expect(said(empty.original)).toMatch(/Start one with `\/onexeno new`/);
    // No 4xx answer to the bot during a whole game (the global limit aside: computers here move
    // every 20 ms, 60 times their pace on Discord, and the client's pacing meets it at times).
    expect(h.clientErrorsSince(refusalsFrom, { exceptGlobal: true })).toEqual([]);
  });

  it("canasta: a host seats computers (button and command); they play from their own view until the session ends", async () => {
    const sb = h.standin;
    const opened = await sb.command(ADA, CARD_ROOM, "onexeno new", { game: "canasta", target: 50 });
    await sb.click(ADA, opened.original!, Harness.idOf(opened.original!, "addbot"));
    await sb.command(ADA, CARD_ROOM, "onexeno bot add", { level: "easy" });
    // Canasta seats an expert too (its turns planned on the picture threads); the lobby offers Add expert.
    await sb.command(ADA, CARD_ROOM, "onexeno bot add", { level: "expert" });
    expect(Harness.ids(h.latestPublic(CARD_ROOM), "addbot")).toHaveLength(2);
    const lobby = (await h.bot.service("canasta").get(CARD_ROOM))!;
    expect(lobby.seats.map((x) => x.computer ?? "person")).toEqual(["person", "normal", "easy", "expert"]);
    expect(said(h.latestPublic(CARD_ROOM))).toContain("🤖 Computer 1 (normal)");
    expect(said(h.latestPublic(CARD_ROOM))).toContain("🤖 Computer 3 (expert)");
    await sb.command(ADA, CARD_ROOM, "onexeno start");
    let adaTurns = 0;
    for (;;) {
      const rec = await h.until("Ada's turn or the end", async () => {
        const r = await h.bot.service("canasta").get(CARD_ROOM);
        return r && (r.status === "over" || r.seats[r.state!.turn]!.userId === ADA) ? r : null;
      });
      if (rec.status === "over") break;
      if (rec.state!.phase === "draw") await sb.command(ADA, CARD_ROOM, "onexeno draw");
      const cards = await sb.autocomplete(ADA, CARD_ROOM, "onexeno discard", { card: "" }, "card");
      const d = await sb.command(ADA, CARD_ROOM, "onexeno discard", { card: String(cards[0]!.value) });
      expect(said(d.original)).toMatch(/^✅/);
      adaTurns++;
      expect(adaTurns).toBeLessThan(200);
    }
    const done = (await h.bot.service("canasta").get(CARD_ROOM))!;
    expect(done.moves.filter((m) => m.seat !== 0).length).toBeGreaterThan(3);
    const final = await h.waitForPublic(CARD_ROOM, (m) => said(m).includes("Session over"));
    expect(said(final)).not.toContain("<@cpu-");
    expect(h.log.errors).toEqual([]);
  });

  it("leaving mid-game hands the seat to a computer (basic and canasta); when no person is left the table closes", async () => {
    const sb = h.standin;
    for (const [channel, game] of [
      [THREAD, "basic"],
      [CARD_ROOM, "canasta"],
    ] as const) {
      const service = game === "basic" ? h.bot.service("onexeno") : h.bot.service("canasta");
      await sb.command(ADA, channel, "onexeno new", { game });
      await sb.command(BEN, channel, "onexeno join");
      await sb.command(DEV, channel, "onexeno join");
      await sb.command(ADA, channel, "onexeno start");
      const before = (await service.get(channel))!;
      const lastBefore = BigInt(sb.visibleMessages(channel, null).at(-1)!.id);
      // Leaving mid-game is asked privately first (issue 63), then said publicly.
      const left = await h.leaveGame(DEV, channel);
      expect(left.asked).toContain("A computer plays your seat to the end");
      expect(said(left.click.original)).toContain("you left the game");
      // Searched in the whole channel: a computer's move may already have followed it.
      const leftShown = await h.until("Dev's leaving said", () =>
        sb.visibleMessages(channel, null).find((m) => said(m).includes("Dev left; a computer plays their seat")),
      );
      // The turn did not change: its player, mentioned when it began, is not pinged again (issue 63).
      // Said in a message of its own, that message pings no one; said in the turn's table message,
      // edited in place (which the turn's start pinged, as the stand-in's mentions still show), no
      // one either: an edit notifies no one.
      if (BigInt(leftShown.id) > lastBefore) expect(leftShown.mentions).toEqual([]);
      else expect(leftShown.edited_timestamp).not.toBeNull();
      const after = (await service.get(channel))!;
      expect(after.status).toBe("playing");
      expect(after.seats[2]).toMatchObject({ name: "Dev (left)", computer: "normal", leftBy: DEV });
      expect(after.moves.slice(0, before.moves.length)).toEqual(before.moves); // the game goes on where it was
      expect(after.seed).toBe(before.seed);
      // The host leaves too: the host role passes to Ben, and the computers play on.
      await h.leaveGame(ADA, channel);
      const two = (await service.get(channel))!;
      expect(two.hostId).toBe(BEN);
      expect(two.seats.filter((x) => x.computer)).toHaveLength(2);
      // Ben, the only person left, plays his turns until a computer has moved in a seat
      // taken over from a person; then his leaving closes the table.
      const takenOver = (r: NonNullable<Awaited<ReturnType<typeof service.get>>>) =>
        r.moves.slice(before.moves.length).some((m) => m.seat === 0 || m.seat === 2);
      for (let turn = 0; turn < 50; turn++) {
        const r = await h.until("Ben's turn, a computer's move or the end", async () => {
          const x = await service.get(channel);
          return x && (x.status === "over" || takenOver(x) || x.seats[x.state!.turn]!.userId === BEN) ? x : null;
        });
        if (r.status === "over" || takenOver(r)) break;
        if (game === "basic") {
          const p = await sb.command(BEN, channel, "onexeno pass");
          if (said(p.original).startsWith("❌")) {
            const cards = await sb.autocomplete(BEN, channel, "onexeno play", { card: "" }, "card");
            const at = await sb.autocomplete(BEN, channel, "onexeno play", { card: String(cards[0]!.value), at: "" }, "at");
            await sb.command(BEN, channel, "onexeno play", { card: String(cards[0]!.value), at: String(at[0]!.value) });
          }
        } else {
          if (r.state!.phase === "draw") await sb.command(BEN, channel, "onexeno draw");
          const cards = await sb.autocomplete(BEN, channel, "onexeno discard", { card: "" }, "card");
          await sb.command(BEN, channel, "onexeno discard", { card: String(cards[0]!.value) });
        }
      }
      const now = (await service.get(channel))!;
      expect(now.status === "over" || takenOver(now)).toBe(true);
      if ((await service.get(channel))?.status !== "over") {
        // The last person is told that leaving closes the game, and it does.
        const last = await h.leaveGame(BEN, channel);
        expect(last.asked).toContain("You are the last person at this table");
        // Said in the channel (a table message of a computer's move still on its way may land after it).
        await h.until("the table closed", () => sb.visibleMessages(channel, null).some((m) => said(m).includes("the table is closed")));
        expect(await service.get(channel)).toBeUndefined();
      }
    }
    expect(h.log.errors).toEqual([]);
  });
});
