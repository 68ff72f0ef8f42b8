/**
 * Seating one round (src/tournament/rounds.ts) on hand-made events: computers top up a field
 * that cannot be split, or the fewest players sit out; byes go round; progressive seats from
 * the last round's places; partners rotate; too few players is a refusal value.
 */
import { describe, expect, it } from "vitest";
import { seatRound, type PlayedRound, type SeatingRules } from "../../src/tournament/rounds.ts";

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
