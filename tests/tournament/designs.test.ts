/**
 * Round robin and Swiss at tables larger than two (src/tournament/designs.ts, issue 62's audit):
 * round robin seats a field that has a schedule where everyone meets everyone once on it (16 at
 * tables of 4 over 5 rounds: the affine plane of order 4; 9 at tables of 3; Kirkman's 15), and
 * Swiss never seats a round with more repeat meetings than the fewest possible (12 players at
 * tables of 3, checked against an independent exhaustive search).
 */
import { describe, expect, it } from "vitest";
import { GAME_SET } from "../../commands/index.ts";
import {
  begun,
  joined,
  newEvent,
  seated,
  tablesInPlay,
  withResult,
  withThread,
  type EventRequest,
} from "../../src/bot/tournament-rules.ts";
import type { Tournament } from "../../src/bot/tournament-record.ts";
import { seedRng, shuffle } from "../../src/engine/rng.ts";
import { designRound } from "../../src/tournament/designs.ts";
import { seatRound, type PlayedRound } from "../../src/tournament/rounds.ts";
import { addMeetings, type Meetings, repeatsOf } from "../../src/tournament/seating.ts";
import { standings, type RoundResult } from "../../src/tournament/standings.ts";
import { EVENT_ASK, fewestRepeatsAt } from "../helpers/tournament.ts";
const CATALOGUE = GAME_SET.catalogue;

const ASK: EventRequest = { ...EVENT_ASK, format: "round-robin", rounds: 5, tableSize: 4, fill: "bye" };

/** Plays `rounds` rounds of an event of `n` entrants through its own transitions (the first seat wins); every round's tables. */
function playEvent(ask: EventRequest, n: number): string[][][] {
  let t: Tournament = newEvent(CATALOGUE, ask, "rr", 0);
  for (let i = 1; i <= n; i++) t = joined(t, { id: `p${i}`, name: `P${i}` });
  t = begun(CATALOGUE, t, 0)!;
  const rounds: string[][][] = [];
  for (let r = 1; r <= ask.rounds; r++) {
    t = seated(CATALOGUE, t)!;
    let k = 0;
    for (const { round, index } of tablesInPlay(t)) t = withThread(t, round.number, index, `r${r}t${++k}`);
    rounds.push(tablesInPlay(t).map((x) => [...x.table.players]));
    for (const { table } of tablesInPlay(t))
      t = withResult(t, table.threadId!, { players: [...table.players], places: table.players.map((_, i) => i + 1), points: [] })!;
  }
  return rounds;
}

/** How many pairs of `n` players never met, and how many met more than once, over `rounds`. */
function meetings(n: number, rounds: readonly (readonly (readonly string[])[])[]): { unmet: number; repeated: number } {
  let met: Meetings = new Map();
  for (const r of rounds) met = addMeetings(met, r);
  const pairs = (n * (n - 1)) / 2;
  return { unmet: pairs - met.size, repeated: [...met.values()].filter((v) => v > 1).length };
}

describe("round robin at larger tables", () => {
  it("16 players at tables of 4 over 5 rounds: everyone meets everyone exactly once (the audit found 8 pairs twice, 8 never)", () => {
    const rounds = playEvent(ASK, 16);
    expect(rounds.every((r) => r.length === 4 && r.every((t) => t.length === 4))).toBe(true);
    expect(meetings(16, rounds)).toEqual({ unmet: 0, repeated: 0 });
  });

  it("9 at tables of 3 (4 rounds), 15 (7 rounds) and 21 (10 rounds, Kirkman's) meet everyone exactly once", () => {
    expect(meetings(9, playEvent({ ...ASK, game: "onexeno-basic", tableSize: 3, rounds: 4 }, 9))).toEqual({ unmet: 0, repeated: 0 });
    expect(meetings(15, playEvent({ ...ASK, game: "onexeno-basic", tableSize: 3, rounds: 7 }, 15))).toEqual({ unmet: 0, repeated: 0 });
    expect(meetings(21, playEvent({ ...ASK, game: "onexeno-basic", tableSize: 3, rounds: 10 }, 21))).toEqual({ unmet: 0, repeated: 0 });
  });

  it("every design of the module is one: each round a partition, each pair once", () => {
    for (const [n, k, rounds] of [
      [9, 3, 4],
      [16, 4, 5],
      [25, 5, 6],
      [49, 7, 8],
      [15, 3, 7],
      [21, 3, 10],
    ] as const) {
      const players = Array.from({ length: n }, (_, i) => `p${i}`);
      const all = Array.from({ length: rounds }, (_, r) => designRound(players, k, r + 1)!);
      for (const r of all) expect(new Set(r.flat()).size).toBe(n);
      expect(meetings(n, all)).toEqual({ unmet: 0, repeated: 0 });
    }
  });
});

describe("Swiss at tables of 3", () => {
  it("160 rounds of 12 players: no round has more repeat meetings than the fewest possible", () => {
    let rounds = 0;
    for (let e = 0; e < 40; e++) {
      const entrants = Array.from({ length: 12 }, (_, i) => `p${i + 1}`);
      const results: RoundResult[] = [];
      const played: PlayedRound[] = [];
      let met: Meetings = new Map();
      for (let r = 1; r <= 4; r++) {
        const table = standings(entrants, results, 1);
        const rules = {
          format: "swiss" as const,
          tableSize: 3,
          counts: [2, 3, 4, 5, 6, 7],
          fill: "bye" as const,
          partners: false,
          seed: `s${e}`,
        };
        const plan = seatRound(
          rules,
          table.map((s) => s.id),
          played,
          r,
          new Map(table.map((s) => [s.id, s.placement])),
        );
        if (!plan.ok) throw new Error(plan.error.code);
        const tables = plan.value.tables;
        expect(repeatsOf(tables, met), `event ${e} round ${r}`).toBe(fewestRepeatsAt(entrants, 3, met));
        rounds++;
        met = addMeetings(met, tables);
        played.push({ tables: tables.map((players) => ({ players })), byes: [] });
        results.push({
          tables: tables.map((t, i) => {
            const [places] = shuffle(
              seedRng(`s${e}:${r}:${i}`),
              t.map((_, j) => j + 1),
            );
            return { players: t, places, points: places.map((p) => 10 - p) };
          }),
          byes: [],
        });
      }
    }
    expect(rounds).toBe(160);
  });
});
