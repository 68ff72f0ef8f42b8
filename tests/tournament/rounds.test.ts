/**
 * Seating one round (src/tournament/rounds.ts) on hand-made events: computers top up a field
 * that cannot be split, or the fewest players sit out; byes go round; progressive seats from
 * the last round's places; partners rotate; too few players is a refusal value.
 */
import { describe, expect, it } from "vitest";
import { roundRobinRounds, seatRound, type PlayedRound, type SeatingRules } from "../../src/tournament/rounds.ts";
import { pairKey } from "../../src/tournament/seating.ts";

const partners: SeatingRules = { format: "swiss", tableSize: 4, counts: [4, 6], fill: "computer", partners: true, seed: "s" };
const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

describe("seatRound", () => {
  it("tops a field that cannot be split up with computers, or gives the fewest players byes, going round", () => {
    const topped = seatRound(partners, ids(5), [], 1);
    expect(topped.ok && topped.value.tables.map((t) => t.length)).toEqual([6]);
    expect(topped.ok && topped.value.tables.flat().filter((p) => p.startsWith("fill-1-"))).toEqual(["fill-1-1"]);
    const bye = { ...partners, fill: "bye" as const };
    const first = seatRound(bye, ids(5), [], 1);
    expect(first.ok && first.value.byes).toEqual(["p5"]); // the lowest standing sits out first
    expect(first.ok && first.value.tables.map((t) => t.length)).toEqual([4]);
    const played: PlayedRound[] = [{ tables: first.ok ? first.value.tables.map((players) => ({ players })) : [], byes: ["p5"] }];
    const second = seatRound(bye, ids(5), played, 2);
    expect(second.ok && second.value.byes).toEqual(["p4"]); // nobody has a second bye before everyone has had one
  });

  it("rotates partners: seats i and i + 2 are never the same pair twice while another split avoids it", () => {
    const rules = { ...partners, format: "round-robin" as const };
    const played: PlayedRound[] = [];
    const pairs: string[] = [];
    for (let r = 1; r <= 3; r++) {
      const plan = seatRound(rules, ids(4), played, r);
      if (!plan.ok) throw new Error(plan.error.code);
      const t = plan.value.tables[0]!;
      pairs.push([t[0], t[2]].sort().join("+"), [t[1], t[3]].sort().join("+"));
      played.push({ tables: plan.value.tables.map((players) => ({ players })), byes: [] });
    }
    expect(new Set(pairs).size).toBe(6);
  });

  it("progressive: seats from the last round's places, winners up a table", () => {
    const rules: SeatingRules = {
      format: "progressive",
      tableSize: 3,
      counts: [3, 4, 5, 6, 7],
      fill: "computer",
      partners: false,
      seed: "s",
    };
    const played: PlayedRound[] = [
      {
        tables: [
          { players: ["a", "b", "c"], result: { players: ["a", "b", "c"], places: [3, 1, 2] } },
          { players: ["d", "e", "f"], result: { players: ["d", "e", "f"], places: [1, 2, 3] } },
        ],
        byes: [],
      },
    ];
    const plan = seatRound(rules, ["b", "d", "c", "e", "a", "f"], played, 2);
    expect(plan.ok && plan.value.tables.map((t) => t.slice().sort())).toEqual([
      ["b", "c", "d"],
      ["a", "e", "f"],
    ]);
  });

  it("refuses with a code when not even one table can be filled", () => {
    const plan = seatRound({ ...partners, fill: "bye" }, ids(3), [], 1);
    expect(plan).toMatchObject({ ok: false, error: { code: "tournament/too_few" } });
  });
});

describe("roundRobinRounds", () => {
  const robin = (tableSize: number): SeatingRules => ({
    format: "round-robin",
    tableSize,
    counts: [2, 3, 4, 5, 6],
    fill: "bye",
    partners: false,
    seed: "rr",
  });
  /** Pairs of the field that have not met after the event's first `rounds` rounds, seated as the event seats them. */
  const unmet = (rules: SeatingRules, field: readonly string[], rounds: number): number => {
    const met = new Set<string>();
    const played: PlayedRound[] = [];
    for (let r = 1; r <= rounds; r++) {
      const plan = seatRound({ ...rules, fixedOrder: field }, field, played, r);
      if (!plan.ok) throw new Error(plan.error.code);
      for (const t of plan.value.tables) for (const a of t) for (const b of t) if (a < b) met.add(pairKey(a, b));
      played.push({ tables: plan.value.tables.map((players) => ({ players })), byes: plan.value.byes });
    }
    return (field.length * (field.length - 1)) / 2 - met.size;
  };

  it("at tables of two: n - 1 rounds for an even field, n for an odd one; a field of one table: 1; larger fields the fewest possible", () => {
    expect(roundRobinRounds(robin(2), ids(6), 20)).toEqual({ ok: true, value: 5 });
    expect(roundRobinRounds(robin(2), ids(7), 20)).toEqual({ ok: true, value: 7 });
    expect(roundRobinRounds(robin(4), ids(4), 20)).toEqual({ ok: true, value: 1 });
    expect(roundRobinRounds(robin(3), ids(9), 20)).toEqual({ ok: true, value: 4 }); // (9 - 1) / (3 - 1)
    expect(roundRobinRounds(robin(4), ids(16), 20)).toEqual({ ok: true, value: 5 });
    expect(roundRobinRounds(robin(4), ids(30), 20)).toEqual({ ok: true, value: 10 });
    expect(roundRobinRounds(robin(2), ids(64), 20)).toEqual({ ok: true, value: 20 }); // at most the cap
  });

  it("counts the event's own schedule: after that many rounds every pair has met, one round fewer leaves a pair unmet", () => {
    // Tables of two (the circle method), small fields at larger tables (counted on the schedule),
    // and larger fields with a perfect schedule (an affine plane: 9 at 3, 16 at 4).
    for (const [size, n] of [
      [2, 8],
      [2, 9],
      [3, 5],
      [3, 7],
      [4, 5],
      [4, 7],
      [5, 8],
      [6, 8],
      [3, 9],
      [4, 16],
    ] as const) {
      const got = roundRobinRounds(robin(size), ids(n), 20);
      if (!got.ok) throw new Error(got.error.code);
      expect(unmet(robin(size), ids(n), got.value), `${n} at tables of ${size}`).toBe(0);
      expect(unmet(robin(size), ids(n), got.value - 1), `${n} at tables of ${size}`).toBeGreaterThan(0);
    }
  });

  it("refuses a field too small to seat", () => {
    expect(roundRobinRounds(robin(4), ids(1), 20)).toMatchObject({ ok: false, error: { code: "tournament/too_few" } });
  });
});
