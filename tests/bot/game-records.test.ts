/**
 * Game records (src/bot/game-record.ts, src/bot/game-records.ts): every game of the list, played
 * to its end through its table service (a person and computers, real-time games on a fake
 * clock), leaves a record that replays move by move to exactly the final state; a table closed
 * with end leaves one too, without an outcome; the lists page newest first by keyset cursors.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GAME_SET } from "../../commands/index.ts";
import { ADA, CONFIGS, playToEnd, T0 } from "../helpers/records.ts";
import { createHash } from "node:crypto";
import { type GameRecord, recordId, replayRecord, verifyRecord } from "../../src/bot/game-record.ts";
import { CHUNK, GameRecords, type RecordsEntry } from "../../src/bot/game-records.ts";
import { openStore } from "../../src/store/store.ts";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe.each(GAME_SET.catalogue.games.map((g) => ({ name: g.id, g })))("$name leaves a record", ({ g }) => {
  it("that replays move by move to exactly the final state, with the outcome, seats and seed", async () => {
    const { final, records } = await playToEnd(g);
    expect(final.status).toBe("over");
    expect(records).toHaveLength(1);
    const record = JSON.parse(JSON.stringify(records[0])) as GameRecord; // as stored
    expect(record).toMatchObject({ format: "onexeno-game-record", schema: 2, game: g.id, ended: "rules", seed: `rec-${g.id}` });
    // The seed is published with its derivation and the commitment sealed at the deal.
    expect(record.seedDerivation).toBe(2);
    expect(record.commitment).toBe(createHash("sha256").update(`rec-${g.id}`).digest("hex"));
    expect(verifyRecord(g.definition, record)).toEqual({ commitment: "match", replay: null });
    expect(record.seats[0]).toEqual({ userId: ADA, name: "Ada" });
    expect(record.outcome).toEqual(g.definition.outcome(final.state!));
    expect(record.moves.length).toBeGreaterThan(3);
    const positions = replayRecord(g.definition, record);
    expect(positions).toHaveLength(record.moves.length + 1);
    expect(positions.at(-1)).toEqual(final.state);
    expect(positions.at(-1)!.version).toBe(record.version);
  });

  it("closed with end before its end: the record says so, has no outcome, and replays to the state it was closed at", async () => {
    if (g.definition.seatCounts(CONFIGS[g.id]).includes(1)) return; // a one-player game is resigned, which is its rules' end
    const { final, records } = await playToEnd(g, 4);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ ended: "end", outcome: null });
    expect(replayRecord(g.definition, records[0]!).at(-1)).toEqual(final.state);
  });
});

describe("verifying a deal", () => {
  const onexeno = GAME_SET.catalogue.games.find((g) => g.id === "onexeno")!;

  it("a published seed other than the one committed to fails, and so does its replay", async () => {
    const { records } = await playToEnd(onexeno);
    const record = records[0]!;
    const other = { ...record, seed: `${record.seed}x` };
    const verdict = verifyRecord(onexeno.definition, other);
    expect(verdict.commitment).toBe("differs");
    expect(verdict.replay).not.toBeNull();
  });

  it("a record of schema 1 (no derivation named) replays with derivation 1, as it was dealt", async () => {
    const { records } = await playToEnd(onexeno);
    const { seedDerivation: _d, commitment: _c, ...rest } = records[0]!;
    const old: GameRecord = { ...rest, schema: 1 };
    expect(verifyRecord(onexeno.definition, old).commitment).toBe("none");
    // Dealt under derivation 2, read as derivation 1: another deal, so the moves do not replay.
    expect(() => replayRecord(onexeno.definition, old)).toThrow(/does not replay/);
    expect(replayRecord(onexeno.definition, { ...old, seedDerivation: 2 }).at(-1)!.version).toBe(old.version);
  });
});

describe("a record of another game or a changed move log", () => {
  it("does not replay: it throws, naming the move", async () => {
    const onze = GAME_SET.catalogue.games.find((g) => g.id === "onze")!;
    const { records } = await playToEnd(onze);
    expect(records).toHaveLength(1);
    const record = records[0]!;
    const tampered = { ...record, moves: [record.moves[1]!, record.moves[0]!, ...record.moves.slice(2)] };
    expect(() => replayRecord(onze.definition, tampered)).toThrow(/does not replay at move 1/);
  });
});

describe("GameRecords lists", () => {
  const fake = (i: number, players: string[], game = "onexeno"): GameRecord => ({
    ...({} as GameRecord),
    format: "onexeno-game-record",
    schema: 1,
    id: recordId(T0 + i * 1000, `ch${i % 7}`),
    game,
    config: {},
    seats: [...players.map((p) => ({ userId: p, name: p })), { userId: "cpu-1", name: "Computer 1", computer: "normal" }],
    seed: `s${i}`,
    moves: [],
    version: 0,
    openedAt: T0,
    endedAt: T0 + i * 1000,
    ended: "rules",
    outcome: null,
    guildId: "guild-1",
    channelId: `ch${i % 7}`,
  });

  it("page newest first by cursor, each record once, per server and per player, with a game filter", async () => {
    const records = new GameRecords(await openStore<RecordsEntry>("memory://", "records-test"));
    const n = CHUNK + 44; // two chunks
    for (let i = 0; i < n; i++) await records.add(fake(i, i % 3 === 0 ? ["ada", "ben"] : ["ben"], i % 5 === 0 ? "onze" : "onexeno"));
    const walk = async (opts: { userId?: string; game?: string; limit?: number }) => {
      const seen: GameRecord[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 100; pages++) {
        const page = await records.page("guild-1", { ...opts, after });
        seen.push(...page.records);
        if (!page.next) break;
        after = page.next;
      }
      return seen;
    };
    const all = await walk({ limit: 25 });
    expect(all.map((r) => r.seed)).toEqual(Array.from({ length: n }, (_, i) => `s${n - 1 - i}`));
    const ada = await walk({ userId: "ada", limit: 7 });
    expect(ada.map((r) => r.seed)).toEqual(all.filter((r) => r.seats.some((s) => s.userId === "ada")).map((r) => r.seed));
    expect(await walk({ userId: "cpu-1" })).toEqual([]); // computers have no list
    const onze = await walk({ game: "onze", limit: 10 });
    expect(onze.map((r) => r.seed)).toEqual(all.filter((r) => r.game === "onze").map((r) => r.seed));
    expect((await records.page("guild-2")).records).toEqual([]);
    // A tournament's games have a list of their own, read whole oldest first.
    const events = new GameRecords(await openStore<RecordsEntry>("memory://", "records-events"));
    const event = [...all].reverse().filter((_, i) => i % 10 === 0);
    for (const r of [...all].reverse()) await events.add(event.includes(r) ? { ...r, tournament: "cup" } : r);
    expect((await events.ofTournament("guild-1", "cup")).map((r) => r.seed)).toEqual(event.map((r) => r.seed));
    expect((await events.page("guild-1", { tournament: "cup", limit: 3 })).records.map((r) => r.id)).toEqual(
      event
        .slice(-3)
        .reverse()
        .map((r) => r.id),
    );
    expect(await events.ofTournament("guild-1", "other")).toEqual([]);
    // A page read while a new game is recorded goes on where it was: nothing twice, nothing skipped.
    const first = await records.page("guild-1", { limit: 10 });
    await records.add(fake(n, ["ben"]));
    const second = await records.page("guild-1", { limit: 10, after: first.next });
    expect(second.records.map((r) => r.seed)).toEqual(all.slice(10, 20).map((r) => r.seed));
    expect(await records.get("guild-1", all[3]!.id)).toEqual(all[3]);
    expect((await records.page("guild-1", { after: "nonsense", limit: 1 })).records[0]!.seed).toBe(`s${n}`);
    // A bulk import lists the same as one by one, after what is there.
    const bulk = new GameRecords(await openStore<RecordsEntry>("memory://", "records-bulk"));
    await bulk.add(fake(0, ["ada"]));
    await bulk.addMany(Array.from({ length: n - 1 }, (_, i) => fake(i + 1, i % 3 === 2 ? ["ada", "ben"] : ["ben"])));
    const seeds = async (r: GameRecords, userId?: string) => {
      const out: string[] = [];
      for (let after: string | null = null, k = 0; k < 100; k++) {
        const p = await r.page("guild-1", { limit: 25, after, ...(userId ? { userId } : {}) });
        out.push(...p.records.map((x) => x.seed));
        if (!p.next) break;
        after = p.next;
      }
      return out;
    };
    expect(await seeds(bulk)).toEqual(Array.from({ length: n }, (_, i) => `s${n - 1 - i}`));
    expect((await seeds(bulk, "ada")).length).toBe(1 + Math.floor((n - 1 + 0) / 3));
  });

  it("a read made while a game's record is being added waits for it: /history right after a close lists that game", async () => {
    const store = await openStore<RecordsEntry>("memory://", "records-slow");
    // The store's writes wait until released, as a busy database's would.
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow: typeof store = { ...store, set: async (key, value) => (await gate, store.set(key, value)) };
    const records = new GameRecords(slow);
    const adding = records.add(fake(1, ["ada"]));
    let read: GameRecord[] | null = null;
    const page = records.page("guild-1").then((p) => {
      read = [...p.records];
    });
    const one = records.get("guild-1", fake(1, ["ada"]).id);
    for (let i = 0; i < 50; i++) await Promise.resolve(); // a read of the memory store takes a few turns
    expect(read, "the page waits while the record is written").toBeNull();
    release();
    await Promise.all([adding, page]);
    expect(read!.map((r) => r.seed)).toEqual(["s1"]);
    expect((await one)?.seed).toBe("s1");
    // A failed write does not hold reads forever.
    const broken = new GameRecords({ ...store, set: async () => Promise.reject(new Error("disk full")) });
    await expect(broken.add(fake(2, ["ada"]))).rejects.toThrow("disk full");
    expect((await broken.page("guild-1")).records.map((r) => r.seed)).toEqual(["s1"]);
  });
});
