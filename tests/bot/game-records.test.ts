/**
 * Game records (src/bot/game-record.ts, src/bot/game-records.ts): every game of the list, played
 * to its end through its table service (a person and computers, real-time games on a fake
 * clock), leaves a record that replays move by move to exactly the final state; a table closed
 * with end leaves one too, without an outcome; the lists page newest first by keyset cursors.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GAMES } from "../../commands/index";
import { type GameRecord, gameRecord, recordId, replayRecord } from "../../src/bot/game-record";
import { CHUNK, GameRecords, type RecordsEntry } from "../../src/bot/game-records";
import { type AnyTable, TableService } from "../../src/bot/tables";
import { HOST_SEAT, type VersionedState } from "../../src/engine/definition";
import { seedRng } from "../../src/engine/rng";
import type { AnyGameRules } from "../../src/games/catalogue";
import { openStore } from "../../src/store/store";

const T0 = 1_800_000_000_000;
const CH = "300000000000000001";
const ADA = "100000000000000001";

/** A short game of each: one hand, one round, the lowest canasta target. */
const CONFIGS: Record<string, unknown> = {
  onexeno: { variant: "basic", hands: 1 },
  canasta: { target: 50 },
  onze: {},
  cardeno: { pace: 3, rounds: 1 },
  solitaire: {},
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

/** Plays a table of game `g` to its end: Ada (a person) and computers; returns the final table and the records it left. */
async function playToEnd(g: AnyGameRules, closeAfter?: number): Promise<{ final: AnyTable; records: GameRecord[] }> {
  const store = await openStore<AnyTable>("memory://", `rec-${g.id}-${Math.random()}`);
  const service = new TableService(
    store,
    g.definition,
    { now: Date.now, newSeed: () => `rec-${g.id}` },
    g.seats,
  ) as unknown as TableService<string, unknown, VersionedState, unknown, unknown>;
  const records: GameRecord[] = [];
  service.onFinish((rec, how) => {
    records.push(gameRecord(rec, how, Date.now(), how === "rules" && rec.state ? g.definition.outcome(rec.state) : null));
  }, true);
  let rec = await service.open(CH, "guild-1", { userId: ADA, name: "Ada" }, CONFIGS[g.id]);
  if (rec.status === "lobby") {
    const min = Math.min(...g.definition.seatCounts(rec.config).filter((n) => n >= 2));
    while (rec.seats.length < min) rec = await service.addComputer(CH, ADA, "normal");
    rec = await service.start(CH, ADA);
  }
  for (let step = 0; step < 5_000; step++) {
    rec = (await service.get(CH))!;
    if (rec.status !== "playing" || !rec.state) break;
    if (closeAfter !== undefined && rec.moves.length >= closeAfter) {
      const closed = await service.end(CH, ADA, false);
      return { final: closed, records };
    }
    const state = rec.state;
    const ada = rec.seats.findIndex((s) => s.userId === ADA);
    const actors = g.definition.actors(state).filter((a) => a !== HOST_SEAT);
    const turn = g.seats?.turnOf?.(state) ?? actors[0];
    if (turn === ada && !g.seats?.realtime) {
      // Ada plays what the normal computer would choose from her seat (a game's first legal move may never end it).
      const move = g.seats?.computerMove
        ? g.seats.computerMove(state, ada, "normal", seedRng(`${rec.seed}:${state.version}`))
        : g.definition.legalMoves(state, ada).find((m) => (m as { kind?: string }).kind !== "resign");
      await service.play(CH, ADA, move, rec.rev);
    } else if (g.seats?.realtime || service.wakeAt(rec) !== null) {
      const due = service.wakeAt(rec);
      if (due === null) throw new Error(`${g.id}: nothing due at step ${step}`);
      vi.setSystemTime(Math.max(Date.now(), due));
      if (!(await service.autoMove(CH))) await service.tick(CH);
    } else if (!(await service.autoMove(CH))) throw new Error(`${g.id}: stuck at step ${step}`);
  }
  return { final: (await service.get(CH))!, records };
}

describe.each(GAMES.catalogue.games.map((g) => ({ name: g.id, g })))("$name leaves a record", ({ g }) => {
  it("that replays move by move to exactly the final state, with the outcome, seats and seed", async () => {
    const { final, records } = await playToEnd(g);
    expect(final.status).toBe("over");
    expect(records).toHaveLength(1);
    const record = JSON.parse(JSON.stringify(records[0])) as GameRecord; // as stored
    expect(record).toMatchObject({ format: "onexeno-game-record", schema: 1, game: g.id, ended: "rules", seed: `rec-${g.id}` });
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

describe("a record of another game or a changed move log", () => {
  it("does not replay: it throws, naming the move", async () => {
    const onze = GAMES.catalogue.games.find((g) => g.id === "onze")!;
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
});
