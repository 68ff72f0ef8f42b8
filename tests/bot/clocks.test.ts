/**
 * Turn clocks, with fake timers: warning, timeout move, away after two, reclaim; a restart
 * with clocks due in the past and in the future; a move racing a timeout; leave and kick
 * mid-game; lobby expiry. The table services, the due index and the scheduler are the real
 * ones (memory stores); only what gets posted is captured instead of sent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BaseMessageOptions } from "discord.js";
import { LOBBY_IDLE_MS, clockLines, parseClock, turnBegins, type ClockSetting } from "../../src/bot/clock.ts";
import { clockMessages, Clocks } from "../../src/bot/clocks.ts";
import { TableService, type AnyTable, type AnyTables, type TablesOf } from "../../src/bot/tables.ts";

type OnexenoTables = TablesOf<"onexeno">;
type CanastaTables = TablesOf<"canasta">;
import { canastaGame, onexenoGame } from "../../src/games/onexeno/table-games.ts";
import { onexenoLegalMoves } from "../../src/games/onexeno/game.ts";
import { canastaLegalMoves } from "../../src/games/onexeno/canasta.ts";
import { DueIndex, type DueStore } from "../../src/store/due.ts";
import { openStore, type RecordStore } from "../../src/store/store.ts";

const LIVE: ClockSetting = { turnMs: 120_000, correspondence: false };
const CH = "chan-1";
const ann = { userId: "u-ann", name: "Ann" };
const bob = { userId: "u-bob", name: "Bob" };
const cat = { userId: "u-cat", name: "Cat" };

interface Rig {
  tables: OnexenoTables;
  canasta: CanastaTables;
  clocks: Clocks;
  posted: { channelId: string; payload: BaseMessageOptions }[];
  kicked: string[];
}

type Stores = { tables: RecordStore<never>; canasta: RecordStore<never>; due: DueStore };

async function stores(): Promise<Stores> {
  return {
    tables: await openStore<never>("memory://", "tables"),
    canasta: await openStore<never>("memory://", "canasta"),
    due: (await openStore("memory://", "clocks")) as DueStore,
  };
}

/** A bot's clock machinery on `s` (a second rig on the same stores is a restarted bot). */
function rig(s: Stores, owns?: (guildId: string | null) => boolean): Rig {
  const now = () => Date.now();
  let n = 0;
  const tables: OnexenoTables = new TableService(
    s.tables,
    onexenoGame.definition,
    { now, newSeed: () => `seed-${++n}` },
    onexenoGame.seats,
  );
  const canasta: CanastaTables = new TableService(
    s.canasta,
    canastaGame.definition,
    { now, newSeed: () => `cseed-${++n}` },
    canastaGame.seats,
  );
  const posted: Rig["posted"] = [];
  const kicked: string[] = [];
  const show = async (rec: AnyTable, note: string): Promise<BaseMessageOptions> => ({ content: `${note}\n${clockLines(rec)}` });
  const clocks = new Clocks(
    [tables, canasta].map((t) => ({
      tables: t as unknown as AnyTables,
      announce: (e) => clockMessages(e, show, (_b, a) => `move ${a.moves.length}`, "onexeno"),
    })),
    new DueIndex(s.due),
    async (channelId, payload) => void posted.push({ channelId, payload }),
    (channelId) => kicked.push(channelId),
    {
      info: () => {},
      error: (m, e) => {
        throw new Error(`${m}: ${String(e)}`);
      },
    },
    now,
    owns && ((table) => owns(table.guildId)),
  );
  return { tables, canasta, clocks, posted, kicked };
}

/** A running basic game of Ann, Bob and Cat with a live 120 s clock. */
async function basicGame(r: Rig, clock: ClockSetting | null = LIVE) {
  await r.tables.open(CH, "g", ann, { variant: "basic", hands: 1 }, "clock-test", clock);
  await r.tables.join(CH, bob);
  await r.tables.join(CH, cat);
  return r.tables.start(CH, ann.userId);
}

/** The other seats move in time (a pass where allowed) until it is `seat`'s turn. */
async function othersMoveUntil(r: Rig, seat: number): Promise<void> {
  for (let rec = (await r.tables.get(CH))!; rec.state!.turn !== seat; rec = (await r.tables.get(CH))!) {
    const turn = rec.state!.turn;
    const legal = onexenoLegalMoves(rec.state!, turn);
    await r.tables.play(CH, rec.seats[turn]!.userId, legal.find((m) => m.kind === "pass") ?? legal[0]!, rec.rev);
  }
}

const texts = (r: Rig) => r.posted.map((p) => String(p.payload.content));

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 22, 12, 0, 0) });
});
afterEach(async () => {
  vi.useRealTimers();
});

describe("turn clocks", () => {
  it("warn 30 s before, move for the player when the clock runs out, mark away after two, and reclaim", async () => {
    const r = rig(await stores());
    await r.clocks.start();
    const started = await basicGame(r);
    const seat = started.state!.turn;
    const who = started.seats[seat]!;
    expect(started.turnClock).toMatchObject({ seat, since: started.rev, due: Date.now() + 120_000, warned: false });

    await vi.advanceTimersByTimeAsync(89_000);
    expect(r.posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(r.posted).toHaveLength(1);
    expect(r.posted[0]!.payload.content).toContain(`<@${who.userId}>, your turn is running out (<t:`);
    expect(r.posted[0]!.payload.allowedMentions).toEqual({ users: [who.userId] });

    await vi.advanceTimersByTimeAsync(29_000);
    expect(r.posted).toHaveLength(1); // warned once, not yet out
    await vi.advanceTimersByTimeAsync(1_000);
    expect(r.posted).toHaveLength(2);
    expect(texts(r)[1]).toContain(`${who.name}'s time ran out, so the computer moved for them`);
    expect(r.kicked).toEqual([CH]);
    let rec = (await r.tables.get(CH))!;
    expect(rec.moves.at(-1)).toEqual({ seat, move: { kind: "pass" } }); // a pass is allowed: the conservative move
    expect(rec.seats[seat]).toMatchObject({ timeouts: 1 });
    expect(rec.seats[seat]!.away).toBeUndefined();
    expect(rec.turnClock?.seat).toBe(rec.state!.turn);
    expect(rec.turnClock?.due).toBe(Date.now() + 120_000);

    // The others move in time; the first seat lets its clock run out a second time.
    await othersMoveUntil(r, seat);
    await vi.advanceTimersByTimeAsync(120_000);
    rec = (await r.tables.get(CH))!;
    expect(rec.seats[seat]).toMatchObject({ away: true, timeouts: 2 });
    expect(texts(r).at(-1)).toContain(`${who.name} is now away`);
    expect(clockLines(rec)).toContain(`Away: ${who.name}`);

    // When the away seat is to move, no clock runs: the computer plays it (autoplay), and the seat stays away.
    await othersMoveUntil(r, seat);
    rec = (await r.tables.get(CH))!;
    expect(rec.turnClock).toMatchObject({ seat, due: null });
    const armed = r.posted.length;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(r.posted.length).toBe(armed);
    const auto = await r.tables.autoMove(CH);
    expect(auto?.after.moves).toHaveLength(rec.moves.length + 1);
    expect(auto?.after.seats[seat]!.away).toBe(true);

    // Reclaim: "I'm back" clears the mark; the player's next turn runs a clock again.
    const back = await r.tables.back(CH, who.userId);
    expect(back?.seats[seat]!.away).toBeUndefined();
    expect(back?.seats[seat]!.timeouts).toBeUndefined();
    expect(await r.tables.back(CH, who.userId)).toBeNull(); // not away any more: nothing changes
    await othersMoveUntil(r, seat);
    expect((await r.tables.get(CH))!.turnClock?.due).toBe(Date.now() + 120_000);
    await r.clocks.stop();
  });

  it("a person's own move resets their timeouts; a move that beats the clock leaves nothing due", async () => {
    const r = rig(await stores());
    await r.clocks.start();
    const g = await basicGame(r);
    const first = g.seats[g.state!.turn]!;
    await vi.advanceTimersByTimeAsync(120_000); // first times out once
    let rec = (await r.tables.get(CH))!;
    expect(rec.seats.find((s) => s.userId === first.userId)!.timeouts).toBe(1);
    // The others move in time, then `first` moves by themself: the count resets.
    while (rec.seats[rec.state!.turn]!.userId !== first.userId) {
      const mover = rec.seats[rec.state!.turn]!;
      rec = await r.tables.play(CH, mover.userId, { kind: "pass" }, rec.rev);
    }
    const move = onexenoLegalMoves(rec.state!, rec.state!.turn)[0]!;
    rec = await r.tables.play(CH, first.userId, move, rec.rev);
    expect(rec.seats.find((s) => s.userId === first.userId)!.timeouts).toBeUndefined();
    const before = r.posted.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(r.posted.length).toBe(before); // the new turn's clock is fresh: no warning yet
    await r.clocks.stop();
  });

  it("a move racing the timeout is applied once: whichever takes the channel lock first", async () => {
    const r = rig(await stores());
    const g = await basicGame(r);
    const mover = g.seats[g.state!.turn]!;
    vi.setSystemTime(g.turnClock!.due!);
    const [tick, play] = await Promise.allSettled([r.tables.tick(CH), r.tables.play(CH, mover.userId, { kind: "pass" }, g.rev)]);
    const rec = (await r.tables.get(CH))!;
    expect(rec.moves).toHaveLength(1);
    expect(tick.status).toBe("fulfilled");
    // The clock took the lock first: the person's click is refused as stale, and says so.
    expect(tick.status === "fulfilled" && tick.value?.kind).toBe("timeout");
    expect(play.status === "rejected" && (play.reason as { code: string }).code).toBe("table/stale");
    // And the other order: the person first, the clock finds nothing due.
    const g2 = rec;
    vi.setSystemTime(g2.turnClock!.due!);
    const next = g2.seats[g2.state!.turn]!;
    const [play2, tick2] = await Promise.allSettled([r.tables.play(CH, next.userId, { kind: "pass" }, g2.rev), r.tables.tick(CH)]);
    expect(play2.status).toBe("fulfilled");
    expect(tick2.status === "fulfilled" && tick2.value).toBeNull();
    expect((await r.tables.get(CH))!.moves).toHaveLength(2);
  });

  it("after a restart: a clock due in the past fires at once, one due later fires on time, and none fires twice", async () => {
    const s = await stores();
    const a = rig(s);
    await a.clocks.start();
    const g1 = await basicGame(a);
    await a.canasta.open("chan-2", "g", ann, { target: 500 }, "c", LIVE);
    await a.canasta.join("chan-2", bob);
    await vi.advanceTimersByTimeAsync(60_000);
    const g2 = await a.canasta.start("chan-2", ann.userId);
    await vi.advanceTimersByTimeAsync(31_000); // basic: warned at 90 s
    expect(a.posted.map((p) => p.channelId)).toEqual([CH]);
    await a.clocks.stop(); // the bot goes down at t = 91 s

    await vi.advanceTimersByTimeAsync(60_000); // t = 151 s: basic's turn ran out while the bot was down
    const b = rig(s);
    expect(await b.tables.get(CH)).toMatchObject({ rev: g1.rev }); // nothing happened while down
    await b.clocks.start();
    await vi.advanceTimersByTimeAsync(0);
    // Basic: the timeout, at once; the warning given before the restart is not repeated.
    expect(b.posted.filter((p) => p.channelId === CH).map((p) => String(p.payload.content))).toEqual([
      expect.stringContaining("time ran out"),
    ]);
    // Canasta started at 60 s, so its warning (at 150 s) fell due while the bot was down too: given now, once.
    const canastaPosts = () => b.posted.filter((p) => p.channelId === "chan-2");
    expect(canastaPosts().map((p) => String(p.payload.content))).toEqual([expect.stringContaining("your turn is running out")]);
    await vi.advanceTimersByTimeAsync(28_000); // t = 179 s: not yet (due at 180 s)
    expect(canastaPosts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(canastaPosts()).toHaveLength(2);
    const rec = (await b.canasta.get("chan-2"))!;
    // The whole canasta turn was played for the seat: draw (or take), melds, and a discard (or out by melding).
    expect(rec.state!.turn).not.toBe(g2.state!.turn);
    // It ends with a discard, or with the meld that took the seat's last card (the hand is over).
    const wentOut = rec.state!.hand !== g2.state!.hand;
    expect(rec.moves.at(-1)?.move.kind).toBe(wentOut ? "meld" : "discard");
    expect(b.clocks.armed).toBe(2);
    await b.clocks.stop();
  });

  it("shards sharing a store: each process arms and plays only the clocks of its own guilds", async () => {
    const s = await stores();
    const a = rig(s, (g) => g === "g");
    const b = rig(s, (g) => g === "h");
    await a.clocks.start();
    await b.clocks.start();
    await basicGame(a); // guild g, saved through a
    await a.canasta.open("chan-2", "h", ann, { target: 500 }, "c", LIVE); // guild h, saved through a all the same
    await a.canasta.join("chan-2", bob);
    await a.canasta.start("chan-2", ann.userId);
    expect(a.clocks.armed).toBe(1); // a holds guild g only
    expect(b.clocks.armed).toBe(0); // b has not read the index since
    const c = rig(s, (g) => g === "h"); // a process of h's shard starting now reads the index
    await c.clocks.start();
    expect(c.clocks.armed).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    // Each clock was played once, by its own shard.
    expect(a.posted.map((p) => p.channelId)).toEqual([CH, CH]);
    expect(c.posted.map((p) => p.channelId)).toEqual(["chan-2", "chan-2"]);
    expect(b.posted).toEqual([]);
    // A bare entry (as earlier versions wrote, no guild) is armed everywhere, but played only by the table's shard.
    const key = `onexeno:${CH}`;
    const due = (await a.tables.get(CH))!.turnClock!.due!;
    await s.due.set(key, due);
    const d = rig(s, (g) => g === "h");
    await d.clocks.start();
    expect(d.clocks.armed).toBe(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(d.posted.map((p) => p.channelId)).not.toContain(CH);
    expect(a.posted.filter((p) => p.channelId === CH).length).toBeGreaterThan(2);
    for (const r of [a, b, c, d]) await r.clocks.stop();
  });

  it("a lobby idle for 30 minutes closes itself with a message; activity restarts the count", async () => {
    const r = rig(await stores());
    await r.clocks.start();
    await r.tables.open(CH, "g", ann, { variant: "basic", hands: 1 }, null, LIVE);
    await vi.advanceTimersByTimeAsync(LOBBY_IDLE_MS - 60_000);
    await r.tables.join(CH, bob);
    await vi.advanceTimersByTimeAsync(LOBBY_IDLE_MS - 1_000);
    expect(await r.tables.get(CH)).toBeDefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await r.tables.get(CH)).toBeUndefined();
    expect(texts(r)).toEqual([expect.stringContaining("lobby closed after 30 minutes without activity")]);
    expect(r.clocks.armed).toBe(0);
    await r.clocks.stop();
  });

  it("correspondence: a table message mentions the player only when it begins their turn, and the warning comes 1 h before", async () => {
    const r = rig(await stores());
    const day = parseClock("24h")!;
    await r.canasta.open(CH, "g", ann, { target: 500 }, "m", day);
    await r.canasta.join(CH, bob);
    let rec = await r.canasta.start(CH, ann.userId);
    const seat = rec.state!.turn;
    const due = Date.now() + 86_400_000;
    expect(rec.turnClock).toMatchObject({ seat, since: rec.rev, due, warnAt: due - 3_600_000 });
    expect(turnBegins(rec)).toBe(true);
    // Canasta's turn has several moves: the draw keeps the turn, its clock and its single mention.
    await vi.advanceTimersByTimeAsync(3_600_000);
    rec = await r.canasta.play(CH, rec.seats[seat]!.userId, { kind: "draw" }, rec.rev);
    expect(turnBegins(rec)).toBe(false);
    expect(rec.turnClock).toMatchObject({ seat, due });
    const discard = canastaLegalMoves(rec.state!, seat).find((m) => m.kind === "discard")!;
    rec = await r.canasta.play(CH, rec.seats[seat]!.userId, discard, rec.rev);
    expect(rec.turnClock?.seat).not.toBe(seat);
    expect(turnBegins(rec)).toBe(true);
    expect(rec.turnClock?.due).toBe(Date.now() + 86_400_000);
  });

  it("no clock: nothing is armed for a running game, and the message says nothing of clocks", async () => {
    const r = rig(await stores());
    await r.clocks.start();
    const g = await basicGame(r, null);
    expect(g.turnClock).toMatchObject({ due: null });
    expect(r.clocks.armed).toBe(0);
    expect(clockLines(g)).toBe("");
    await r.clocks.stop();
  });
});

describe("leave and kick mid-game", () => {
  for (const variant of ["basic", "partners"] as const) {
    it(`${variant}: a computer takes the seat, the host can kick, and the table ends when nobody is left`, async () => {
      const r = rig(await stores());
      const people = [ann, bob, cat, { userId: "u-dan", name: "Dan" }];
      await r.tables.open(CH, "g", ann, { variant, hands: 1 }, "k", LIVE);
      for (const p of people.slice(1)) await r.tables.join(CH, p);
      await r.tables.start(CH, ann.userId);
      await expect(r.tables.kick(CH, bob.userId, cat.userId)).rejects.toMatchObject({ code: "table/not_host" });
      await expect(r.tables.kick(CH, ann.userId, "u-nobody")).rejects.toMatchObject({ code: "table/kick_not_seated" });
      let rec = (await r.tables.kick(CH, ann.userId, cat.userId))!;
      expect(rec.seats[2]).toMatchObject({ name: "Cat (left)", computer: "normal", leftBy: cat.userId });
      await expect(r.tables.kick(CH, ann.userId, rec.seats[2]!.userId)).rejects.toMatchObject({ code: "table/kick_computer" });
      rec = (await r.tables.leave(CH, ann.userId))!;
      expect(rec.hostId).toBe(bob.userId); // the host role passes on
      rec = (await r.tables.kick(CH, bob.userId, "u-dan"))!;
      expect(rec.seats.filter((s) => !s.computer).map((s) => s.userId)).toEqual([bob.userId]);
      expect(await r.tables.leave(CH, bob.userId)).toBeNull();
      expect(await r.tables.get(CH)).toBeUndefined();
    });
  }

  it("canasta: a kicked player's seat is played by the computer, whose move goes through the same checks", async () => {
    const r = rig(await stores());
    await r.canasta.open(CH, "g", ann, { target: 500 }, "ck", LIVE);
    await r.canasta.join(CH, bob);
    await r.canasta.join(CH, cat);
    const g = await r.canasta.start(CH, ann.userId);
    const turnPerson = g.seats[g.state!.turn]!;
    // The seat to move goes: kicked by the host (or, when the host is to move, the host leaves).
    const rec = (
      turnPerson.userId === ann.userId ? await r.canasta.leave(CH, ann.userId) : await r.canasta.kick(CH, ann.userId, turnPerson.userId)
    )!;
    expect(rec.seats[g.state!.turn]).toMatchObject({ name: `${turnPerson.name} (left)`, computer: "normal", leftBy: turnPerson.userId });
    expect(rec.turnClock).toMatchObject({ seat: g.state!.turn, due: null }); // its clock stops
    // The computer plays the whole turn (draw or take, melds, discard), each move through the same checks.
    let moved = await r.canasta.autoMove(CH);
    while (moved && moved.after.state!.turn === g.state!.turn) moved = await r.canasta.autoMove(CH);
    const after = (await r.canasta.get(CH))!;
    expect(after.moves.at(-1)?.move.kind).toBe("discard");
    expect(after.turnClock?.due).toBe(Date.now() + 120_000); // the next person's clock runs
  });
});

describe("clock option", () => {
  it("reads off, seconds, minutes and hours, and refuses the rest with a stable code", () => {
    expect(parseClock("off")).toBeNull();
    expect(parseClock("90")).toEqual({ turnMs: 90_000, correspondence: false });
    expect(parseClock("5m")).toEqual({ turnMs: 300_000, correspondence: false });
    expect(parseClock("24h")).toEqual({ turnMs: 86_400_000, correspondence: true });
    for (const bad of ["5", "2h30", "abc", "999h", "none"])
      expect(() => parseClock(bad)).toThrow(expect.objectContaining({ code: "input/bad_clock" }));
  });

  it("says what was typed when it refuses it, never that the clock is off", () => {
    expect(() => parseClock("15")).toThrow("`15` is not a turn clock: use `off`, seconds for live play (20 to 3600");
    expect(() => parseClock("1`0")).toThrow("`1'0` is not a turn clock");
  });
});
