/**
 * `/season` end to end on the stand-in: the organisers' checks on a rank role (Manage Roles, the
 * role hierarchy, as Discord refuses them) and on a scheduled event (Create Events); a season over
 * four tournaments played through the bot (a Swiss, a recurring event's two occurrences made from
 * its template, a Swiss with a top-8 double-elimination cut), its standings against a hand
 * computation, its end giving the role to its top two, and the server's past seasons.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shownStandings } from "../../src/bot/tournament-rules.ts";
import { TournamentService, type Tournament } from "../../src/bot/tournaments.ts";
import { botRoleOf, PERMS } from "../../src/standin/objects.ts";
import type { ApiMessage } from "../../src/standin/types.ts";
import { said } from "../helpers/message.ts";
import { ADA, BEN, CARD_ROOM, CLEO, DEV, Harness, MOD, takeTurn } from "./harness.ts";

const OUT = join(import.meta.dirname, "..", "__output__");
const h = new Harness();
let guild = "";
/** The stand-in's roles: Card players (below the bot's), Moderators (above it). */
let cardPlayers = "";
let moderators = "";

beforeAll(async () => {
  await h.start();
  guild = h.standin.guildId;
  cardPlayers = String(BigInt(guild) + 1001n);
  moderators = String(BigInt(guild) + 1003n);
}, 60_000);
afterAll(async () => {
  await h.close();
});

/** `userId`'s `/season <sub>` in the card room: the answer. */
async function season(userId: string, sub: string, options: Record<string, string | number | boolean> = {}): Promise<ApiMessage> {
  const r = await h.standin.command(userId, CARD_ROOM, `season ${sub}`, options);
  if (!r.original) throw new Error(`no answer to /season ${sub}`);
  return r.original;
}

/**
 * A one-round Swiss of ONEXENO basic for Ada, Ben, Cleo and Dev at tables of two, run through
 * the bot: table 1 played to its end, table 2 ended by the organiser as it stands. Its record once over.
 */
async function playEvent(name: string): Promise<Tournament> {
  const sb = h.standin;
  await sb.command(MOD, CARD_ROOM, "tournament create", { game: "onexeno-basic", format: "swiss", rounds: 1, "table-size": 2, name });
  const t = (await h.bot.tournaments.list(guild)).find((x) => x.name === name)!;
  for (const who of [ADA, BEN, CLEO, DEV]) await sb.command(who, CARD_ROOM, "tournament join", { event: t.id });
  await sb.command(MOD, CARD_ROOM, "tournament start", { event: t.id });
  const seated = await h.until(`${name}: round 1 open`, async () => {
    const x = (await h.bot.tournaments.get(t.id))!;
    return x.played[0]?.tables.every((y) => y.threadId) ? x : null;
  });
  const [one, two] = seated.played[0]!.tables;
  await sb.command(MOD, two!.threadId!, "tournament end-table");
  return h.until(
    `${name} over`,
    async () => {
      const rec = await h.bot.service("onexeno").get(one!.threadId!);
      if (rec?.status === "playing" && rec.state) await takeTurn(sb, rec.seats[rec.state.turn]!.userId, one!.threadId!);
      const now = (await h.bot.tournaments.get(t.id))!;
      return now.status === "over" ? now : null;
    },
    300_000,
  );
}

/**
 * A two-stage event run through the bot: two Swiss rounds of ONEXENO basic at tables of two for
 * Ada, Ben, Cleo and Dev and six easy computers, then a top-8 double-elimination cut; people
 * play their turns, the bot does the rest. Its record once over.
 */
async function playCutEvent(name: string): Promise<Tournament> {
  const sb = h.standin;
  const made = await sb.command(MOD, CARD_ROOM, "tournament create", {
    ...{ game: "onexeno-basic", format: "swiss", rounds: 2, "table-size": 2, name },
    ...{ cut: 8, "cut-format": "double-elimination" },
  });
  expect(JSON.stringify(made.original?.embeds)).toContain("then a top-8 double elimination cut");
  const t = (await h.bot.tournaments.list(guild)).find((x) => x.name === name)!;
  for (const who of [ADA, BEN, CLEO, DEV]) await sb.command(who, CARD_ROOM, "tournament join", { event: t.id });
  await sb.command(MOD, CARD_ROOM, "tournament computers", { count: 6, level: "easy", event: t.id });
  await sb.command(MOD, CARD_ROOM, "tournament start", { event: t.id });
  return h.until(
    `${name} over`,
    async () => {
      const now = (await h.bot.tournaments.get(t.id))!;
      if (now.status === "over") return now;
      for (const r of now.played)
        for (const x of r.tables) {
          if (!x.threadId || x.result) continue;
          const rec = await h.bot.service("onexeno").get(x.threadId);
          const seat = rec?.status === "playing" && rec.state ? rec.seats[rec.state.turn] : undefined;
          if (seat && !seat.computer) await takeTurn(sb, seat.userId, x.threadId);
        }
      return null;
    },
    600_000,
  );
}

/** Round 1 of running event `id` ended as it stands, every table by the organiser's `end-table`: the event once over. */
async function endAsItStands(id: string): Promise<Tournament> {
  const seated = await h.until("round 1 open", async () => {
    const x = (await h.bot.tournaments.get(id))!;
    return x.played[0]?.tables.every((y) => y.threadId) ? x : null;
  });
  for (const x of seated.played[0]!.tables) await h.standin.command(MOD, x.threadId!, "tournament end-table");
  return h.until("the event over", async () => {
    const x = (await h.bot.tournaments.get(id))!;
    return x.status === "over" ? x : null;
  });
}

/**
 * A recurring event from a template: a Swiss of one round every week, its first occurrence in
 * 20 minutes. Each occurrence starts by itself at its time (the clock moved on), which creates the
 * next, listed in the server's events; both are ended as they stand. Their records once over.
 */
async function playRecurring(): Promise<Tournament[]> {
  const sb = h.standin;
  const made = await sb.command(MOD, CARD_ROOM, "tournament create", {
    ...{ game: "onexeno-basic", format: "swiss", rounds: 1, "table-size": 2, name: "Friday cup", start: "in 20m", every: 7 },
  });
  expect(JSON.stringify(made.original?.embeds) + said(made.original)).toContain("It comes back every week");
  const [template] = await h.bot.tournaments.templates(guild);
  expect(template).toMatchObject({ name: "Friday cup", everyDays: 7 });
  const played: Tournament[] = [];
  for (let n = 1; n <= 2; n++) {
    // The first occurrence's channel does not let the bot pin: its hub says what to grant.
    if (n === 1) h.standin.revokeBot(PERMS.PIN_MESSAGES);
    else h.standin.grantBot(PERMS.PIN_MESSAGES);
    const id = (await h.bot.tournaments.templates(guild))[0]!.occurrences[n - 1]!;
    const t = (await h.bot.tournaments.get(id))!;
    expect(t.scheduledEventId, `occurrence ${n} listed`).toBeTruthy();
    for (const who of [ADA, BEN, CLEO, DEV]) await sb.command(who, CARD_ROOM, "tournament join", { event: id });
    // Check-in opens by itself 15 minutes before the start; everyone checks in.
    await h.advanceClock(t.startsAt! - 15 * 60_000 - h.tableNow() + 1_000);
    const checkIn = await h.until("check-in opened by itself", () =>
      sb.visibleMessages(CARD_ROOM, null).findLast((m) => Harness.customIds(m).some((c) => c.includes("|tcheck|") && c.includes(id))),
    );
    for (const who of [ADA, BEN, CLEO, DEV]) await sb.click(who, checkIn, Harness.idOf(checkIn, "tcheck"));
    await h.advanceClock(t.startsAt! - h.tableNow() + 1_000);
    // Its start made the next one, a week later, listed in the server's events too.
    const next = await h.until(`occurrence ${n + 1}`, async () => (await h.bot.tournaments.templates(guild))[0]!.occurrences[n]);
    const after = (await h.bot.tournaments.get(next))!;
    expect(after.startsAt).toBe(t.startsAt! + 7 * 86_400_000);
    expect(sb.scheduledEvents.get(after.scheduledEventId!)?.name).toBe("Friday cup");
    played.push(await endAsItStands(id));
    const hubId = played.at(-1)!.hub!.messageId;
    expect(h.standin.pinned.has(hubId)).toBe(n === 2);
    if (n === 1)
      await h.until("the note on pinning", () =>
        sb.visibleMessages(CARD_ROOM, null).some((m) => said(m).includes("may not pin this event's hub")),
      );
  }
  // Stopped: the one announced still stands, no other comes after it.
  const stop = await sb.command(MOD, CARD_ROOM, "tournament repeat-stop", { template: template!.id });
  expect(said(stop.original)).toContain("**Friday cup** will not come back");
  const listed = await sb.command(ADA, CARD_ROOM, "tournament repeats");
  expect(said(listed.original)).toMatch(/\*\*Friday cup\*\* · ONEXENO basic · every week · stopped .*3 in all/);
  return played;
}

describe("/season", () => {
  it("refuses a rank role the bot could not give, as Discord would, and says what to grant", async () => {
    expect(said(await season(ADA, "create", { name: "Nope" }))).toContain("Only organisers");
    expect(said(await season(MOD, "create", { name: "Winter", role: cardPlayers }))).toMatch(/needs Manage Roles for the bot/);
    h.standin.grantBot(PERMS.MANAGE_ROLES);
    expect(said(await season(MOD, "create", { name: "Winter", role: moderators }))).toMatch(/at or above the bot's own highest role/);
    expect(said(await season(MOD, "create", { name: "Winter", role: botRoleOf(guild) }))).toMatch(/managed by an app cannot be/);
    expect(said(await season(MOD, "create", { name: "Winter", points: "5,10" }))).toMatch(/never rising/);
    expect(said(await season(ADA, "standings"))).toMatch(/no such season/);
    // A scheduled event where the bot may not Create Events: Discord refuses to list it, and the answer says why.
    h.standin.revokeBot(PERMS.CREATE_EVENTS);
    const from = h.standin.refusals.length;
    const unlisted = await h.standin.command(MOD, CARD_ROOM, "tournament create", {
      game: "onze",
      format: "swiss",
      name: "Unlisted",
      start: "in 2h",
    });
    expect(said(unlisted.original)).toContain("not listed in the server's events: the bot needs Create Events");
    expect(h.standin.refusals.slice(from).map((r) => `${r.status}/${r.code} ${r.method}`)).toEqual(["403/50013 POST"]);
    h.standin.grantBot(PERMS.CREATE_EVENTS);
    const id = (await h.bot.tournaments.list(guild)).find((x) => x.name === "Unlisted")!.id;
    await h.standin.command(MOD, CARD_ROOM, "tournament cancel", { event: id });
    const noStart = await h.standin.command(MOD, CARD_ROOM, "tournament create", { game: "onze", format: "swiss", every: 7 });
    expect(said(noStart.original)).toMatch(/A recurring event needs its first start/);
  });

  it("counts a Swiss, a recurring event's two occurrences and a two-stage event, matches a hand computation, ends with the role to its top two", async () => {
    const made = await season(MOD, "create", { name: "Winter league", points: "10,6,4,2", role: cardPlayers, top: 2, "each-event": true });
    expect(made.visibleTo ?? null).toBeNull();
    expect(said(made)).toMatch(/Winter league\*\* begins.*Points by place: 1: 10 · 2: 6 · 3: 4 · 4: 2/);
    expect(said(made)).toContain(`the top 2 get <@&${cardPlayers}>`);
    expect(said(await season(MOD, "create", { name: "Other" }))).toMatch(/Winter league\*\* is still open/);
    const events = [await playEvent("Cup A")];
    // The role after each event: the top two of the season so far get it at once.
    const after = await h.until("the role after Cup A", () =>
      h.standin.visibleMessages(CARD_ROOM, null).find((m) => said(m).startsWith("🏅 After **Cup A**")),
    );
    const early = (await h.bot.seasons.list(guild)).find((x) => x.name === "Winter league")!.given ?? [];
    expect(early.length).toBeGreaterThanOrEqual(2);
    for (const id of early) {
      expect(said(after)).toContain(`<@${id}>`);
      expect(h.standin.rolesOf(guild, id)).toContain(cardPlayers);
    }
    // Its hub: one message, pinned, kept current to the end.
    const hub = events[0]!.hub!;
    expect(hub.channelId).toBe(CARD_ROOM);
    expect(h.standin.pinned.has(hub.messageId)).toBe(true);
    const hubNow = () => h.standin.visibleMessages(CARD_ROOM, null).find((m) => m.id === hub.messageId);
    await h.until("the hub says the event is over", () => said(hubNow()).includes("The event is over"));
    expect(said(hubNow())).toMatch(/Cup A: where it stands[\s\S]*Standings/);
    // A recurring event's first two occurrences count too.
    events.push(...(await playRecurring()));
    // The two-stage event: two Swiss rounds, then its best eight in a double-elimination bracket.
    const cut = await playCutEvent("Cut cup");
    events.push(cut);
    expect(cut.cut).toMatchObject({ size: 8, format: "double-elimination", after: 2, from: "swiss" });
    expect(cut.format).toBe("double-elimination");
    const swiss = cut.played.slice(0, 2);
    expect(swiss.every((r) => r.tables.length === 5 && r.tables.every((x) => !x.node && x.result))).toBe(true);
    // Seeded from the Swiss standings: the cut's order is their top eight.
    const firstStage = shownStandings({ ...cut, format: "swiss", played: swiss, cut: undefined, order: undefined, rankComputers: true });
    expect(cut.order).toEqual(firstStage.slice(0, 8).map((s) => s.id));
    const bracket = cut.played.slice(2).flatMap((r) => r.tables);
    expect(bracket.filter((x) => x.node!.startsWith("W"))).toHaveLength(7);
    expect(bracket.filter((x) => x.node!.startsWith("L"))).toHaveLength(6);
    expect(bracket.every((x) => x.players.every((p) => cut.order!.includes(p)) && x.result)).toBe(true);
    // The top two seeds meet no earlier than the winners' final.
    const [s1, s2] = cut.order!;
    for (const x of bracket.filter((y) => /^W[12]-/.test(y.node!))) expect(x.players.includes(s1!) && x.players.includes(s2!)).toBe(false);
    // The cut was said in the channel, its seeds named; the final bracket picture, looked at.
    const channel = () => h.standin.visibleMessages(CARD_ROOM, null);
    expect(
      channel().some((m) => said(m).includes("**Cut cup**: the rounds are over and the best 8 go on to a double elimination bracket")),
    ).toBe(true);
    // The final bracket comes with the podium, just after the event is over.
    const pictured = await h.until("the final bracket", () =>
      channel().find((m) => said(m) === "**Cut cup: the bracket**" && m.attachments.some((a) => a.filename === "bracket.png")),
    );
    mkdirSync(OUT, { recursive: true });
    writeFileSync(
      join(OUT, "cut-bracket.png"),
      h.standin.attachmentBytes(pictured.attachments.find((a) => a.filename === "bracket.png")!)!,
    );
    // Who missed the cut ranks after the bracket's eight, in the Swiss order.
    const ranked = TournamentService.standings(cut);
    expect(ranked.slice(8).map((s) => s.id)).toEqual(firstStage.slice(8).map((s) => s.id));
    expect(Math.min(...ranked.slice(8).map((s) => s.rank))).toBeGreaterThan(Math.max(...ranked.slice(0, 8).map((s) => s.rank)));
    // By hand: each person's points from their place in each event, 10/6/4/2.
    const table = [10, 6, 4, 2];
    const expected = new Map<string, number>();
    for (const t of events)
      for (const s of shownStandings(t)) if (s.rank > 0) expected.set(s.id, (expected.get(s.id) ?? 0) + (table[s.rank - 1] ?? 0));
    const s = (await h.bot.seasons.list(guild)).find((x) => x.name === "Winter league")!;
    const rows = await h.bot.seasons.standings(s);
    expect(new Map(rows.map((r) => [r.id, r.points]))).toEqual(expected);
    expect(rows.every((r) => r.events === 4)).toBe(true);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.points).toBeLessThanOrEqual(rows[i - 1]!.points);
    // The public standings: the picture, the words, the CSV of everyone.
    const shown = await season(BEN, "standings");
    expect(shown.visibleTo ?? null).toBeNull();
    expect(said(shown)).toContain("**Winter league: standings**");
    expect(said(shown)).toContain(`1. ${rows[0]!.name}: ${rows[0]!.points} pts (4 tournaments)`);
    const png = shown.attachments.find((a) => a.filename === "season-standings.png")!;
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, "season-standings.png"), h.standin.attachmentBytes(png)!);
    const csvFile = shown.attachments.find((a) => a.filename.endsWith(".csv"))!;
    const csv = h.standin.attachmentBytes(csvFile)!.toString("utf8").trim().split("\n");
    expect(csv[0]).toBe("rank,user_id,name,points,events,place_1,place_2,place_3,place_4");
    expect(csv).toHaveLength(1 + 4);
    const info = said(await season(ADA, "info"));
    expect(info).toMatch(/Tournaments counted so far \(4\): Cup A, Friday cup, Friday cup, Cut cup/);
    // The end: standings frozen, the role to ranks 1 and 2 (a tie at 2nd takes both).
    const ended = await season(MOD, "end");
    const top = rows.filter((r) => r.rank <= 2).map((r) => r.id);
    expect(said(ended)).toContain(
      `🏁 **Winter league** is over. Champion: ${rows
        .filter((r) => r.rank === 1)
        .map((r) => r.name)
        .join(", ")}.`,
    );
    expect(said(ended)).toContain(`<@&${cardPlayers}> now goes to ${top.map((id) => `<@${id}>`).join(", ")}.`);
    // Everyone ranked in the top two at the end has it, and those who had it after an event keep it.
    const given = (await h.bot.seasons.get(s.id))!.given ?? [];
    for (const r of rows) expect(h.standin.rolesOf(guild, r.id).includes(cardPlayers), r.name).toBe(r.rank <= 2 || given.includes(r.id));
    expect(said(await season(MOD, "end"))).toMatch(/Winter league\*\* is over already/);
    // A new season; the ended one is history, its standings as they were.
    await season(MOD, "create", { name: "Spring league" });
    expect(said(await season(ADA, "info"))).toMatch(/Past seasons: Winter league/);
    const frozen = await h.bot.seasons.standings((await h.bot.seasons.get(s.id))!);
    expect(frozen).toEqual(rows);
    expect(h.log.errors).toEqual([]);
  }, 600_000);
});
