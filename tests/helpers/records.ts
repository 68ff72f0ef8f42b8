/**
 * Games played to their end through their table service, for the game-record and replay tests:
 * Ada (a person) and computers, real-time games on vitest's fake clock (the caller turns fake
 * timers on, starting at `T0`).
 */
import { vi } from "vitest";
import { type GameRecord, gameRecord } from "../../src/bot/game-record.ts";
import { type AnyTable, TableService } from "../../src/bot/tables.ts";
import { HOST_SEAT, type VersionedState } from "../../src/engine/definition.ts";
import { seedRng } from "../../src/engine/rng.ts";
import type { AnyGameRules } from "../../src/games/catalogue.ts";
import { openStore } from "../../src/store/store.ts";

export const T0 = 1_800_000_000_000;
export const CH = "300000000000000001";
export const ADA = "100000000000000001";

/** A short game of each: one hand, one round, the lowest canasta target. */
export const CONFIGS: Record<string, unknown> = {
  onexeno: { variant: "basic", hands: 1 },
  canasta: { target: 50 },
  onze: {},
  cardeno: { pace: 3, rounds: 1 },
  solitaire: {},
};

/** Plays a table of game `g` to its end: Ada (a person) and computers; returns the final table and the records it left. */
export async function playToEnd(
  g: AnyGameRules,
  closeAfter?: number,
  config: unknown = CONFIGS[g.id],
): Promise<{ final: AnyTable; records: GameRecord[] }> {
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
  let rec = await service.open(CH, "guild-1", { userId: ADA, name: "Ada" }, config);
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
