/**
 * Flagging a tournament game end to end on the stand-in (docs/rules/tournaments.md, "Flagging a
 * game"): a two-round Swiss of ONEXENO basic for Ada, Ben, Cleo and Dev at tables of two with a
 * turn clock. The flag is refused without Create Private Threads, as Discord refuses the thread;
 * a flag opens a private thread seen only by the organiser and the table's players, and pauses
 * the table (moves refused, the clock held and moved on by the pause when it plays on); the
 * player withdraws it; a second flag has the game dealt again; a third is answered with places
 * and a reason; in round 2 a flagged game is voided. The export and the event's channel keep
 * each of them. Then an event's seeds before its start: by rating, the unrated warned of, two
 * swapped by an organiser, and the bracket seeded as shown.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMS } from "../../src/standin/objects.ts";
import type { ApiMessage } from "../../src/standin/types.ts";
import type { Tournament } from "../../src/bot/tournaments.ts";
import { said } from "../helpers/message.ts";
import { ADA, BEN, CARD_ROOM, CLEO, DEV, Harness, MOD, takeTurn } from "./harness.ts";

const h = new Harness();

beforeAll(async () => {
  await h.start();
}, 60_000);
afterAll(async () => {
  await h.close();
});

/** The newest message of `channelId` carrying a component of `verb`. */
function withVerb(channelId: string, verb: string): ApiMessage {
  const m = h.standin.visibleMessages(channelId, null).findLast((x) => Harness.ids(x, verb).length > 0);
  if (!m) throw new Error(`no ${verb} button in ${channelId}`);
  return m;
}

/** The answer the person saw to an interaction (its original reply, or the update's follow-up). */
function answerOf(r: { original: ApiMessage | null }): string {
  return said(r.original);
}

describe("flag a game for the organisers", () => {
  it("pauses and resumes, withdraws, deals again, rules places with a reason, voids; all kept", async () => {
    const sb = h.standin;
    const event = async (): Promise<Tournament> => (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Flag cup")!;
    await sb.command(MOD, CARD_ROOM, "tournament create", {
      ...{ game: "onexeno-basic", format: "swiss", rounds: 2, "table-size": 2, name: "Flag cup", clock: "60" },
    });
    const id = (await event()).id;
    for (const who of [ADA, BEN, CLEO, DEV]) await sb.command(who, CARD_ROOM, "tournament join", { event: id });
    await sb.command(MOD, CARD_ROOM, "tournament start", { event: id });
    const seated = await h.until("round 1 open", async () => {
      const x = (await h.bot.tournaments.get(id))!;
      return x.played[0]?.tables.every((y) => y.threadId) ? x : null;
    });
    const [one, two] = seated.played[0]!.tables.map((x) => ({ thread: x.threadId!, players: [...x.players] }));
    const service = h.bot.service("onexeno");
    const [p, q] = one!.players as [string, string];
    const r = two!.players[0]!;
    const prompt = await h.until("the flag button under table 1", () => {
      try {
        return withVerb(one!.thread, "tflag");
      } catch {
        return null;
      }
    });
    expect(said(prompt)).toContain("Flag for the organisers");

    // Without Create Private Threads, Discord would refuse the thread: the flag is refused first, nothing changes.
    sb.denyBot(CARD_ROOM, PERMS.CREATE_PRIVATE_THREADS);
    const denied = await sb.click(p, prompt, Harness.idOf(prompt, "tflag"));
    expect(answerOf(denied)).toContain("Create Private Threads");
    sb.allowBot(CARD_ROOM);
    expect((await h.bot.tournaments.get(id))!.flags ?? []).toEqual([]);
    expect((await service.get(one!.thread))!.paused).toBeUndefined();

    // Someone of another table cannot flag this one.
    expect(answerOf(await sb.click(r, prompt, Harness.idOf(prompt, "tflag")))).toContain("Only the players of this table");

    // The flag: a private thread of the organiser and the table's two players; the table paused.
    const before = (await service.get(one!.thread))!;
    const raised = await sb.click(p, prompt, Harness.idOf(prompt, "tflag"));
    expect(answerOf(raised)).toContain("Your flag is open in");
    const flag1 = (await h.bot.tournaments.get(id))!.flags![0]!;
    expect(flag1).toMatchObject({ n: 1, by: p, threadId: one!.thread, status: "open", paused: true });
    const desk1 = flag1.deskId!;
    expect(sb.channel(desk1).type).toBe(12);
    expect([...sb.threadMembers.get(desk1)!].sort()).toEqual([sb.botUser.id, MOD, p, q].sort());
    expect(sb.canSee(r, desk1)).toBe(false);
    await expect(sb.command(r, desk1, "tournament info")).rejects.toThrow(/does not see private thread/);
    const paused = (await service.get(one!.thread))!;
    expect(paused.paused).toBeGreaterThan(0);
    await h.until("the table told it is paused", () =>
      sb.visibleMessages(one!.thread, null).some((m) => said(m).includes("The table is paused")),
    );
    // The hub marks the flagged table.
    await h.until("the hub marks the flag", () => sb.visibleMessages(CARD_ROOM, null).some((m) => said(m).includes(`<#${one!.thread}> ⚑`)));
    // A second flag on the same table is refused, naming the open one's thread.
    expect(answerOf(await sb.click(q, prompt, Harness.idOf(prompt, "tflag")))).toContain(`<#${desk1}>`);

    // Paused: ten minutes pass with no time-out, and a move is refused.
    await h.advanceClock(600_000);
    const still = (await service.get(one!.thread))!;
    expect(still.rev).toBe(paused.rev);
    expect(still.moves.length).toBe(before.moves.length);
    const mover = still.seats[still.state!.turn]!.userId;
    expect(answerOf(await sb.command(mover, one!.thread, "onexeno pass"))).toContain("This table is paused");

    // Only the player who flagged withdraws it; then the game plays on, its clock moved on by the pause.
    const desk1Message = withVerb(desk1, "fwithdraw");
    expect(answerOf(await sb.click(q, desk1Message, Harness.idOf(desk1Message, "fwithdraw")))).toContain("Only the player who flagged");
    await sb.click(p, desk1Message, Harness.idOf(desk1Message, "fwithdraw"));
    const resumed = await h.until("table 1 plays on", async () => {
      const x = (await service.get(one!.thread))!;
      return x.paused === undefined ? x : null;
    });
    const shift = resumed.turnClock!.due! - before.turnClock!.due!;
    expect(shift).toBeGreaterThanOrEqual(600_000);
    expect(shift).toBeLessThan(600_000 + 120_000);
    expect(said(sb.visibleMessages(desk1, null).find((m) => m.id === desk1Message.id))).toContain("withdrew the flag");
    expect((await h.bot.tournaments.get(id))!.flags![0]!.status).toBe("withdrawn");
    // A move is made again at once.
    await takeTurn(sb, resumed.seats[resumed.state!.turn]!.userId, one!.thread);
    await h.until("the move made", async () => ((await service.get(one!.thread))!.moves.length > before.moves.length ? true : null));

    // The other player flags it with a reason; an organiser has it dealt again in the same thread.
    const flagged = await sb.command(q, one!.thread, "tournament flag", { reason: "The deal showed my cards" });
    expect(answerOf(flagged)).toContain("Your flag is open in");
    const flag2 = (await h.bot.tournaments.get(id))!.flags![1]!;
    expect(flag2.reason).toBe("The deal showed my cards");
    const desk2Message = await h.until("desk 2's buttons", () => {
      try {
        return withVerb(flag2.deskId!, "freplay");
      } catch {
        return null;
      }
    });
    expect(said(desk2Message)).toContain("The deal showed my cards");
    expect(answerOf(await sb.click(p, desk2Message, Harness.idOf(desk2Message, "freplay")))).toContain("Only organisers");
    const old = (await service.get(one!.thread))!;
    await sb.click(MOD, desk2Message, Harness.idOf(desk2Message, "freplay"));
    const redealt = await h.until("table 1 dealt again", async () => {
      const x = await service.get(one!.thread);
      return x?.status === "playing" && x.createdAt > old.createdAt ? x : null;
    });
    expect(redealt.paused).toBeUndefined();
    // A new game (a new secret in play; the harness deals every game from one fixed seed): the moves made are gone.
    expect(old.moves.length).toBeGreaterThan(0);
    expect(redealt.moves).toEqual([]);
    expect(redealt.seats.map((x) => x.userId).sort()).toEqual([p, q].sort());

    // Table 2: flagged, then ended by an organiser at the desk with places and a reason.
    const prompt2 = withVerb(two!.thread, "tflag");
    await sb.click(r, prompt2, Harness.idOf(prompt2, "tflag"));
    const desk3 = await h.until("desk 3", async () => (await h.bot.tournaments.get(id))!.flags![2]?.deskId);
    const ruled = await sb.command(MOD, desk3, "tournament correct", { places: "2 1", reason: "Timeout was a server fault" });
    expect(answerOf(ruled)).toContain("The game is ended with these places"); // it was still being played
    const afterRule = (await h.bot.tournaments.get(id))!;
    expect(afterRule.played[0]!.tables[1]!.result!.places).toEqual([2, 1]);
    expect(afterRule.flags![2]).toMatchObject({ status: "answered", answer: { kind: "correct", by: MOD } });
    await h.until("the ruling said with its reason", () =>
      sb
        .visibleMessages(CARD_ROOM, null)
        .some((m) => said(m).includes("Reason: Timeout was a server fault") && said(m).includes(`<#${two!.thread}>`)),
    );

    // Table 1 ended as it stands; round 2 is seated.
    await sb.command(MOD, one!.thread, "tournament end-table");
    const round2 = await h.until("round 2 open", async () => {
      const x = (await h.bot.tournaments.get(id))!;
      return x.played[1]?.tables.every((y) => y.threadId) ? x : null;
    });
    const three = round2.played[1]!.tables[0]!;
    const four = round2.played[1]!.tables[1]!;
    const prompt3 = await h.until("the flag button under a round-2 table", () => {
      try {
        return withVerb(three.threadId!, "tflag");
      } catch {
        return null;
      }
    });
    await sb.click(three.players[0]!, prompt3, Harness.idOf(prompt3, "tflag"));
    const desk4 = await h.until("desk 4", async () => (await h.bot.tournaments.get(id))!.flags![3]?.deskId);
    const desk4Message = await h.until("desk 4's buttons", () => {
      try {
        return withVerb(desk4, "fvoid");
      } catch {
        return null;
      }
    });
    await sb.click(MOD, desk4Message, Harness.idOf(desk4Message, "fvoid"));
    const voided = await h.until("the round-2 game voided", async () => {
      const x = (await h.bot.tournaments.get(id))!;
      return x.played[1]!.tables[0]!.void ? x : null;
    });
    expect(voided.played[1]!.tables[0]!.result!.places).toEqual([1, 1]);
    await h.until("the table told its game is voided", () =>
      sb.visibleMessages(three.threadId!, null).some((m) => said(m).includes("the organisers voided this game")),
    );
    await sb.command(MOD, four.threadId!, "tournament end-table");
    const over = await h.until("the event over", async () => {
      const x = (await h.bot.tournaments.get(id))!;
      return x.status === "over" ? x : null;
    });
    // The voided game scored as a bye for both of its players.
    const { TournamentService } = await import("../../src/bot/tournaments.ts");
    for (const who of three.players) expect(TournamentService.standings(over).find((x) => x.id === who)!.byes).toBe(1);

    // The audit trail: the export and the event's channel keep the replay, the ruling and the void.
    expect(over.corrections!.map((c) => c.kind)).toEqual(["replay", "result", "void"]);
    const exported = await sb.command(MOD, CARD_ROOM, "tournament export", { event: id });
    const csv = sb.attachmentBytes(exported.original!.attachments[0]!)!.toString("utf8");
    expect(csv).toContain("at,by,correction,round,table,players,before,after,reason");
    expect(csv).toMatch(/,replay,1,1,/);
    expect(csv).toMatch(/,result,1,2,.*,,2 1,Timeout was a server fault/);
    expect(csv).toMatch(/,void,2,1,/);
    expect(csv).toMatch(/^2,1,.*,void,/m);
    const channel = sb.visibleMessages(CARD_ROOM, null).map(said);
    expect(channel.some((m) => m.includes("had the game of") && m.includes("dealt again"))).toBe(true);
    expect(channel.some((m) => m.includes("voided the game of") && m.includes(`<#${three.threadId}>`))).toBe(true);
    // Nothing the bot sent was refused on the way.
    expect(h.clientErrorsSince(0).filter((x) => x.status !== 429)).toEqual([]);
  }, 300_000);

  it("seeds before the start: by rating, the unrated warned of, two swapped by an organiser and kept by the bracket", async () => {
    const sb = h.standin;
    // Ada beat Ben once: both rated (Ada higher); Cleo and Dev are not.
    const seats = [
      { userId: ADA, name: "Ada" },
      { userId: BEN, name: "Ben" },
    ];
    await h.bot.ratings.rebuild(sb.guildId, "onexeno-basic", [
      { table: { guildId: sb.guildId, seats }, outcome: { scores: [1, 0], winners: [0] }, teams: null, at: 1 },
    ]);
    await sb.command(MOD, CARD_ROOM, "tournament create", {
      ...{ game: "onexeno-basic", format: "single-elimination", "table-size": 2, name: "Seeded cup" },
    });
    const id = (await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Seeded cup")!.id;
    for (const who of [DEV, CLEO, BEN, ADA]) await sb.command(who, CARD_ROOM, "tournament join", { event: id });
    const preview = answerOf(await sb.command(CLEO, CARD_ROOM, "tournament seeds", { event: id }));
    const lines = preview.split("\n");
    expect(lines[2]).toMatch(/^1\. Ada · \d+$/);
    expect(lines[3]).toMatch(/^2\. Ben · \d+$/);
    expect(lines.filter((l) => l.endsWith("unrated ⚠"))).toHaveLength(2);
    expect(preview).toContain("Unrated entrants (2)");
    // Only organisers swap, two names at once; then the bracket is seeded as shown.
    expect(answerOf(await sb.command(BEN, CARD_ROOM, "tournament seeds", { event: id, player: BEN, with: ADA }))).toContain(
      "Only organisers",
    );
    expect(answerOf(await sb.command(MOD, CARD_ROOM, "tournament seeds", { event: id, player: BEN }))).toContain("Name both entrants");
    const swapped = answerOf(await sb.command(MOD, CARD_ROOM, "tournament seeds", { event: id, player: BEN, with: ADA }));
    expect(swapped).toContain("swapped the seeds of Ben and Ada");
    expect(swapped).toMatch(/\n1\. Ben · \d+\n2\. Ada · \d+/);
    const shown = swapped
      .split("\n")
      .filter((l) => /^\d+\. /.test(l))
      .map((l) => l.replace(/^\d+\. /, "").split(" · ")[0]);
    await sb.command(MOD, CARD_ROOM, "tournament start", { event: id });
    const started = await h.until("the bracket seeded", async () => (await h.bot.tournaments.get(id))!.order);
    const names = new Map([
      [ADA, "Ada"],
      [BEN, "Ben"],
      [CLEO, "Cleo"],
      [DEV, "Dev"],
    ]);
    expect(started.map((p) => names.get(p))).toEqual(shown);
    expect(answerOf(await sb.command(MOD, CARD_ROOM, "tournament seeds", { event: id, player: CLEO, with: DEV }))).toContain(
      "only before round 1 is seated",
    );
    await sb.command(MOD, CARD_ROOM, "tournament cancel", { event: id });
    // Fill computers' level: canasta seats experts too (a level a game lacks is refused: tests/tournament/event-rules.test.ts).
    await sb.command(MOD, CARD_ROOM, "tournament create", {
      ...{ game: "canasta", format: "swiss", "table-size": 2, "fill-level": "expert", name: "Canasta experts" },
    });
    expect((await h.bot.tournaments.list(sb.guildId)).find((x) => x.name === "Canasta experts")?.fillLevel).toBe("expert");
  }, 120_000);
});
