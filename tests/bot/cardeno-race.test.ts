/**
 * Cardeno through the table service, on fake timers: grabs are applied in the order they were
 * made (not the order they arrived), a contested piece has exactly one winner and is never on
 * two boards, and a wrong grab's lockout lasts 3 s to the millisecond.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TableService, type GameTable } from "../../src/bot/tables.ts";
import { UserError } from "../../src/bot/errors.ts";
import { orderOfTime } from "../../src/bot/sequencer.ts";
import { cardenoGame } from "../../src/games/cardeno/table-game.ts";
import {
  fittingCells,
  placementProblems,
  type CardenoConfig,
  type CardenoMove,
  type CardenoState,
  type CardenoView,
} from "../../src/games/cardeno/game.ts";
import { pieceOf } from "../../src/games/cardeno/pieces.ts";
import { openStore } from "../../src/store/store.ts";

type Rec = GameTable<"cardeno", CardenoConfig, CardenoState, CardenoMove>;
const T0 = 1_700_000_000_000;
const CH = "chan";
const users = ["u1", "u2", "u3", "u4", "u5", "u6"];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

async function racingTable(seed: string): Promise<TableService<"cardeno", CardenoConfig, CardenoState, CardenoMove, CardenoView>> {
  const store = await openStore<Rec>("memory://", `cardeno-${seed}`);
  const service = new TableService(store, cardenoGame.definition, { now: Date.now, newSeed: () => seed }, cardenoGame.seats);
  await service.open(CH, "g", { userId: users[0]!, name: "P1" }, { pace: 3 });
  for (const [i, u] of users.slice(1).entries()) await service.join(CH, { userId: u, name: `P${i + 2}` });
  await service.start(CH, users[0]!);
  // The host's steps: the countdown starts, Go!, the first piece (each due + the order window).
  for (let i = 0; i < 5 && (await service.get(CH))!.state!.phase !== "race"; i++) {
    const rec = (await service.get(CH))!;
    vi.setSystemTime(Math.max(Date.now(), service.wakeAt(rec)!));
    await service.tick(CH);
  }
  return service;
}

/** Lets `ms` pass, ticking the table at every moment it is due, so it never falls behind. */
async function passTime(service: Awaited<ReturnType<typeof racingTable>>, ms: number): Promise<void> {
  const target = Date.now() + ms;
  for (;;) {
    const due = service.wakeAt((await service.get(CH))!);
    if (due === null || due > target) break;
    vi.setSystemTime(Math.max(Date.now(), due));
    await service.tick(CH);
  }
  vi.setSystemTime(target);
}

/** Turns pieces (ticks) until one fits at least `n` boards; returns it with the seats it fits. */
async function contested(service: Awaited<ReturnType<typeof racingTable>>, n: number): Promise<{ piece: number; fit: number[] }> {
  for (let i = 0; i < 400; i++) {
    const s = (await service.get(CH))!.state!;
    for (const f of s.centre) {
      const fit = users.flatMap((_, seat) => (fittingCells(s, seat, pieceOf(f.piece)).length ? [seat] : []));
      if (fit.length >= n) return { piece: f.piece, fit };
    }
    vi.setSystemTime(service.wakeAt((await service.get(CH))!)!);
    await service.tick(CH);
  }
  throw new Error("no contested piece turned up");
}

describe("Cardeno grabs through the table service", () => {
  it("six players grab one piece at once, arriving in random order: the earliest fitting grab wins, 100 times over", async () => {
    const service = await racingTable("race");
    let contests = 0;
    while (contests < 100) {
      const rec = (await service.get(CH))!;
      if (rec.status !== "playing") break;
      if (rec.state!.phase !== "race") {
        vi.setSystemTime(service.wakeAt(rec)!);
        await service.tick(CH);
        continue;
      }
      const { piece, fit } = await contested(service, 2);
      const now = Date.now();
      const grabs = users.map((u, seat) => ({ u, seat, at: now + Math.floor(Math.random() * 150) }));
      const arrival = [...grabs].sort(() => Math.random() - 0.5);
      const settled = Promise.allSettled(
        arrival.map((g) => service.race(CH, g.u, { kind: "grab", piece }, g.at, orderOfTime(g.at) - BigInt(g.seat))),
      );
      await vi.advanceTimersByTimeAsync(500);
      const results = await settled;
      const after = (await service.get(CH))!.state!;
      const holders = after.boards.flatMap((b, seat) => (b.includes(piece) ? [seat] : []));
      expect(holders).toHaveLength(1);
      const first = grabs.filter((g) => fit.includes(g.seat)).sort((a, b) => a.at - b.at || b.seat - a.seat)[0]!;
      // Grabs made before the winner by seats it does not fit only locked those seats out.
      expect(holders[0]).toBe(first.seat);
      expect(placementProblems(after)).toEqual([]);
      const refusals = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as UserError).code] : []));
      for (const code of refusals) expect(["cardeno/taken", "cardeno/locked", "cardeno/race_over"]).toContain(code);
      contests++;
      // Let lockouts pass before the next contest (a miss made up to 150 ms ahead locks 3 s from
      // then), the table stepping on time all along (a table left overdue would pause instead).
      await passTime(service, 3500);
    }
    expect(contests).toBeGreaterThan(10);
  }, 120_000);

  it("a wrong grab locks the player out for exactly 3 s", async () => {
    const service = await racingTable("lock");
    let s = (await service.get(CH))!.state!;
    let wrong: number | undefined;
    for (let i = 0; i < 50 && wrong === undefined; i++) {
      wrong = s.centre.map((f) => f.piece).find((p) => fittingCells(s, 0, pieceOf(p)).length === 0);
      if (wrong === undefined) {
        vi.setSystemTime(service.wakeAt((await service.get(CH))!)!);
        await service.tick(CH);
        s = (await service.get(CH))!.state!;
      }
    }
    expect(wrong).toBeDefined();
    const t = Date.now();
    const missed = service.race(CH, "u1", { kind: "grab", piece: wrong! }, t, orderOfTime(t));
    await vi.advanceTimersByTimeAsync(300);
    const { after } = await missed;
    expect(after.state!.locked[0]).toBe(t + 3000);
    const tryAt = async (at: number) => {
      const p = service.race(CH, "u1", { kind: "grab", piece: wrong! }, at, orderOfTime(at)).then(
        () => "accepted",
        (e: UserError) => e.code,
      );
      await vi.advanceTimersByTimeAsync(Math.max(0, at + 300 - Date.now()));
      return p;
    };
    expect(await tryAt(t + 1000)).toBe("cardeno/locked");
    expect(await tryAt(t + 2999)).toBe("cardeno/locked");
    // From the 3000th ms on the player may grab again (this one misses again: locked anew).
    expect(await tryAt(t + 3000)).toBe("accepted");
    expect((await service.get(CH))!.state!.locked[0]).toBe(t + 6000);
  });

  it("a refused grab still saves the table's steps that were due before it, and is reported as refused", async () => {
    const service = await racingTable("steps");
    const rec = (await service.get(CH))!;
    const s = rec.state!;
    // No tick runs: the next call falls due before the grab is made, so the grab brings it in.
    const callAt = s.nextCallAt!;
    vi.setSystemTime(callAt + 100);
    const taken = s.centre[0]!.piece;
    const missing = s.pile.at(-1)!; // face down under the pile: the grab is refused
    const result = service.race(CH, "u2", { kind: "grab", piece: missing }, callAt + 50, orderOfTime(callAt + 50)).then(
      () => "accepted",
      (e: UserError) => e.code,
    );
    await vi.advanceTimersByTimeAsync(400);
    expect(await result).toBe("cardeno/not_face_up");
    const after = (await service.get(CH))!;
    expect(after.rev).toBeGreaterThan(rec.rev); // the call due at callAt was made and saved
    expect(after.state!.centre.length).toBeGreaterThanOrEqual(s.centre.length);
    expect(after.state!.centre.some((f) => f.piece === taken) || after.state!.pile.includes(taken)).toBe(true);
    expect(after.moves.at(-1)).toMatchObject({ seat: -1, move: { kind: "clock" } });
  });
});
