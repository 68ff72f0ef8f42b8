/**
 * `/queue` end to end on the stand-in: waiting, leaving, a table opened in a thread for the group
 * a join completes (its people mentioned, seated, the game started), nobody queued again from a
 * running table, a place that lapses said in its channel, the refusals (a DM, a seat count the
 * game lacks, a channel where the bot may not open threads); then 50 people joining and leaving
 * at random for 10 minutes of the bot's clock; and a named level seated only with the same level or none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCommands } from "../../src/app.ts";
import { MEMBER_PERMS, PERMS } from "../../src/standin/objects.ts";
import type { ApiMessage } from "../../src/standin/types.ts";
import { said } from "../helpers/message.ts";
import { ADA, BEN, CARD_ROOM, CLEO, DEV, GENERAL, Harness, MOD, THREAD } from "./harness.ts";

const GROUP_DM = "200000000000000010";
const h = new Harness();

beforeAll(async () => {
  await h.start();
  // Global commands too: those a user install offers in DMs and group DMs.
  const sb = h.standin;
  await registerCommands({ token: sb.token, apiUrl: sb.apiUrl, applicationId: sb.applicationId, guildId: null });
}, 60_000);
afterAll(async () => {
  await h.close();
});

/** `userId`'s `/queue <sub>` in `channelId`: the private answer's text. */
async function queue(userId: string, sub: string, options: Record<string, string | number> = {}, channelId = GENERAL): Promise<string> {
  const r = await h.standin.command(userId, channelId, `queue ${sub}`, options);
  expect(r.original?.visibleTo, `${sub}: ${said(r.original)}`).toBe(userId);
  return said(r.original);
}

/** The threads the bot opened under `parentId`, oldest first. */
const threadsUnder = (parentId: string) =>
  h.standin.channels.filter((c) => c.type === 11 && c.parentId === parentId && c.name.includes(" · "));

/** The lapse notices of `channelId` that mention `userId`. */
const lapseNotices = (channelId: string, userId: string) =>
  h.standin
    .visibleMessages(channelId, null)
    .filter((m: ApiMessage) => said(m).includes(`<@${userId}>`) && said(m).includes("nobody else came"));

describe("/queue", () => {
  it("says in a DM that the queue needs a server, and refuses a seat count the game lacks or a channel without threads", async () => {
    expect(await queue(ADA, "join", { game: "onexeno-basic" }, GROUP_DM)).toMatch(/brings together people of one server/);
    expect(await queue(ADA, "join", { game: "onexeno-partners", players: 5 })).toMatch(
      /ONEXENO partners is played at tables of 4 or 6 people/,
    );
    h.standin.denyBot(CARD_ROOM, PERMS.CREATE_PUBLIC_THREADS);
    try {
      expect(await queue(ADA, "join", { game: "onexeno-basic" }, CARD_ROOM)).toMatch(/may not Create Public Threads/);
    } finally {
      h.standin.allowBot(CARD_ROOM);
    }
    expect(await queue(ADA, "status")).toMatch(/Nobody is waiting/);
    expect(await queue(ADA, "leave")).toMatch(/not waiting/);
  });

  it("offers the game's seat counts for players", async () => {
    const offered = await h.standin.autocomplete(ADA, GENERAL, "queue join", { game: "onze", players: "" }, "players");
    expect(offered.map((c) => c.value)).toEqual([3, 4, 5, 6, 7]);
  });

  it("keeps a place, shows it, lets it go, and opens a table in a thread when a join completes it", async () => {
    expect(await queue(ADA, "join", { game: "onexeno-basic", players: 3 })).toMatch(/1 of 3 waiting/);
    expect(await queue(ADA, "status")).toMatch(/ONEXENO basic at 3 players \(1 waiting\): Ada/);
    expect(await queue(ADA, "leave")).toMatch(/You left the queue for ONEXENO basic at 3 players/);
    expect(await queue(ADA, "join", { game: "onexeno-basic", players: 3 })).toMatch(/1 of 3 waiting/);
    // Ben first asks for a two-player game, then changes his mind: one place at a time.
    expect(await queue(BEN, "join", { game: "onexeno-basic", players: 2 })).toMatch(/1 of 2 waiting/);
    const changed = await queue(BEN, "join", { game: "onexeno-basic", players: 3 });
    expect(changed).toMatch(/place for ONEXENO basic at 2 players is given up/);
    expect(changed).toMatch(/2 of 3 waiting/);
    const before = threadsUnder(GENERAL).length;
    const seated = await queue(CLEO, "join", { game: "onexeno-basic", players: 3 });
    const thread = threadsUnder(GENERAL).at(before);
    expect(thread, "a thread for the table").toBeTruthy();
    expect(seated).toContain(`Your table is ready: <#${thread!.id}>`);
    expect(seated).toMatch(/with Ada, Ben/);
    const rec = await h.bot.service("onexeno").get(thread!.id);
    expect(rec?.status).toBe("playing");
    expect(rec?.seats.map((s) => s.userId)).toEqual([ADA, BEN, CLEO]);
    // Its first message: the table, the three mentioned (and pinged).
    const first = await h.until("the table's first message", () => h.standin.visibleMessages(thread!.id, null)[0]);
    for (const id of [ADA, BEN, CLEO]) expect(said(first)).toContain(`<@${id}>`);
    expect(first.mentions.map((m) => (m as { id: string }).id).sort()).toEqual([ADA, BEN, CLEO].sort());
    expect(await queue(ADA, "status")).toMatch(/Nobody is waiting/);
    // Nobody queues again from a running table of the queue's; leaving it frees them.
    expect(await queue(ADA, "join", { game: "onexeno-basic" })).toContain(`still at a table the queue opened (<#${thread!.id}>)`);
    await h.leaveGame(ADA, thread!.id);
    expect(await queue(ADA, "join", { game: "onexeno-basic" })).toMatch(/1 of 2 waiting/);
    await queue(ADA, "leave");
  });

  it("tells a person in their channel when their place lapses", async () => {
    expect(await queue(DEV, "join", { game: "onze", expires: 5 }, CARD_ROOM)).toMatch(/1 of 3 waiting/);
    await h.advanceClock(4 * 60_000);
    expect(await queue(DEV, "status")).toMatch(/Dev/);
    await h.advanceClock(60_000 + 1_000);
    const notice = await h.until("the lapse notice", () => lapseNotices(CARD_ROOM, DEV)[0]);
    expect(said(notice)).toMatch(/Onze at 3 players in 5 minutes/);
    expect(notice.mentions.map((m) => (m as { id: string }).id)).toEqual([DEV]);
    expect(await queue(DEV, "status")).toMatch(/Nobody is waiting/);
  });

  it("seats 50 people joining and leaving at random for 10 minutes at tables of the right size, nobody twice at once, every lapse told", async () => {
    const people = Array.from({ length: 50 }, (_, i) => `1000000000000100${String(i).padStart(2, "0")}`);
    for (const [i, id] of people.entries()) h.standin.users.push({ id, username: `p${i}`, globalName: `P${i}`, permissions: MEMBER_PERMS });
    // A seeded stream (mulberry32), so a failure plays again the same way.
    let seed = 0x5eed;
    const rng = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
    const wants = [
      { game: "onexeno-basic", players: 2 },
      { game: "onexeno-basic", players: 3 },
      { game: "onze", players: 3 },
      // Rarely filled: places that lapse.
      { game: "onze", players: 5 },
      { game: "cardeno", players: 4 },
    ] as const;
    const joins = new Map<string, number>();
    /** What each person asked for at their last join; and the tables seen, with their people. */
    const asked = new Map<string, (typeof wants)[number]>();
    const tables = new Map<string, readonly string[]>();
    const earlier = new Set((await h.bot.queue.of(h.standin.guildId)).tables.map((x) => x.threadId));
    const TABLE_OF: Readonly<Record<string, string>> = { "onexeno-basic": "onexeno", onze: "onze", cardeno: "cardeno" };
    const leaves = new Map<string, number>();
    const threadsBefore = new Set(threadsUnder(GENERAL).map((c) => c.id));
    const guildId = h.standin.guildId;
    /** The people seated at the queue's running tables (each seat, so a duplicate shows). */
    const seatedNow = async () => {
      const q = await h.bot.queue.of(guildId);
      const out: { userId: string; threadId: string; table: string }[] = [];
      for (const x of q.tables) {
        const rec = await h.bot.games.get(x.table)!.get(x.threadId);
        if (rec && rec.status !== "over")
          for (const s of rec.seats)
            if (!s.computer && people.includes(s.userId)) out.push({ userId: s.userId, threadId: x.threadId, table: x.table });
      }
      return out;
    };
    const STEP_MS = 5_000;
    for (let step = 0; step < (10 * 60_000) / STEP_MS; step++) {
      for (let k = 0; k < 3; k++) {
        const who = pick(people);
        const q = await h.bot.queue.of(guildId);
        const waiting = q.entries.some((e) => e.userId === who);
        const seat = (await seatedNow()).find((s) => s.userId === who);
        if (seat && rng() < 0.5) {
          await h.leaveGame(who, seat.threadId, `${seat.table} leave`);
        } else if (waiting && rng() < 0.4) {
          const text = await queue(who, "leave");
          if (/You left/.test(text)) leaves.set(who, (leaves.get(who) ?? 0) + 1);
          else expect(text).toMatch(/not waiting/); // it lapsed a moment ago
        } else if (!waiting) {
          const want = pick(wants);
          const text = await queue(who, "join", { ...want, expires: pick([5, 15] as const) });
          if (seat) expect(text).toMatch(/still at a table the queue opened/);
          else {
            expect(text).toMatch(/waiting|Your table is ready/);
            joins.set(who, (joins.get(who) ?? 0) + 1);
            asked.set(who, want);
          }
        }
        // Nobody twice in the queue, nobody twice at the queue's running tables, nobody both.
        const after = await h.bot.queue.of(guildId);
        const ids = after.entries.map((e) => e.userId);
        expect(new Set(ids).size).toBe(ids.length);
        const seats = (await seatedNow()).map((s) => s.userId);
        expect(new Set(seats).size, "a person at two running tables").toBe(seats.length);
        expect(
          ids.filter((id) => seats.includes(id)),
          "waiting while seated",
        ).toEqual([]);
        // A new table: as many people as each of them asked for, at the game each asked for.
        for (const x of after.tables) {
          if (tables.has(x.threadId) || earlier.has(x.threadId)) continue;
          tables.set(x.threadId, x.userIds);
          const rec = await h.bot.games.get(x.table)!.get(x.threadId);
          expect(rec?.seats.length).toBe(x.userIds.length);
          for (const id of x.userIds) expect({ id, ...asked.get(id) }).toEqual({ id, game: expect.any(String), players: x.userIds.length });
          for (const id of x.userIds) expect(TABLE_OF[asked.get(id)!.game]).toBe(x.table);
        }
      }
      await h.advanceClock(STEP_MS);
    }
    // Every thread the queue opened is a table seen above.
    const opened = threadsUnder(GENERAL).filter((c) => !threadsBefore.has(c.id));
    expect(opened.map((c) => c.id).sort()).toEqual([...tables.keys()].sort());
    expect(opened.length).toBeGreaterThan(5);
    const seatedAt = new Map<string, number>();
    for (const ids of tables.values()) for (const id of ids) seatedAt.set(id, (seatedAt.get(id) ?? 0) + 1);
    // Then everyone's place lapses: each join ended in a leave, a table, or a notice in the channel.
    await h.advanceClock(61 * 60_000);
    await h.until("the queue empty", async () => (await h.bot.queue.of(guildId)).entries.length === 0);
    for (const id of people) {
      const lapses = (joins.get(id) ?? 0) - (leaves.get(id) ?? 0) - (seatedAt.get(id) ?? 0);
      await h.until(`${id}'s ${lapses} lapse notices`, () => lapseNotices(GENERAL, id).length === lapses);
    }
    expect(h.log.errors).toEqual([]);
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    console.log(
      `queue soak, 10 min of the bot's clock: ${sum(joins)} joins, ${sum(leaves)} leaves, ${tables.size} tables, ${sum(joins) - sum(leaves) - sum(seatedAt)} lapses told`,
    );
  }, 600_000);

  it("opens a table asked for from a thread under the thread's channel", async () => {
    expect(await queue(DEV, "join", { game: "cardeno" }, THREAD)).toMatch(/1 of 2 waiting/);
    const before = new Set(threadsUnder(GENERAL).map((c) => c.id));
    expect(await queue(MOD, "join", { game: "cardeno" }, THREAD)).toMatch(/Your table is ready/);
    const made = threadsUnder(GENERAL).filter((c) => !before.has(c.id));
    expect(made.map((c) => c.name)).toEqual(["Cardeno · Dev, Moderator"]);
    expect((await h.bot.service("cardeno").get(made[0]!.id))?.seats.map((s) => s.userId)).toEqual([DEV, MOD]);
  });

  it("seats a named level only with the same level or none", async () => {
    // Three people who sit at no table yet.
    const [ann, bob, cyd] = ["100000000000200001", "100000000000200002", "100000000000200003"] as const;
    for (const [i, id] of [ann, bob, cyd].entries())
      h.standin.users.push({ id, username: `l${i}`, globalName: ["Ann", "Bob", "Cyd"][i]!, permissions: MEMBER_PERMS });
    const asked = await queue(ann, "join", { game: "cardeno", level: "new" });
    expect(asked).toMatch(/1 of 2 waiting/);
    expect(asked).toContain("Only people who chose the same level (New to the game)");
    expect(await queue(bob, "join", { game: "cardeno", level: "strong" })).toMatch(/2 of 2 waiting/);
    expect(await queue(ann, "status")).toMatch(/Ann \(New to the game\), Bob \(Strong\)/);
    const before = threadsUnder(GENERAL).length;
    expect(await queue(cyd, "join", { game: "cardeno" })).toContain("Your table is ready");
    // Cyd named no level: she sits with the one waiting longest, Ann; Bob still waits.
    const seated = (await h.bot.queue.of(h.standin.guildId)).tables.at(-1)!;
    expect([...seated.userIds].sort()).toEqual([ann, cyd].sort());
    expect(threadsUnder(GENERAL).length).toBe(before + 1);
    expect(await queue(bob, "leave")).toMatch(/You left the queue/);
  });
});
