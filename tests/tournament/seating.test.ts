/**
 * Tournament seating over many simulated events (seeded random results): 7 to 64 entrants, 3 to
 * 7 rounds, every table size of each game. Checked: tables are legal (every present player once,
 * every size one the game allows), Swiss never makes more repeat meetings than the plain seating
 * by standing (the figures are printed), byes go round fairly, progressive moves as ruled,
 * round-robin at tables of two meets everyone once, and partners rotate.
 */
import { describe, expect, it } from "vitest";
import { seedRng, shuffle } from "../../src/engine/rng.ts";
import {
  addMeetings,
  arrangePartners,
  circlePairs,
  pairKey,
  pickByes,
  progressiveFlows,
  progressiveTop,
  repeatsOf,
  seatByStanding,
  seatProgressive,
  seatRoundRobin,
  seatSwiss,
  sizesWithByes,
  tableSizes,
  type Meetings,
} from "../../src/tournament/seating.ts";
import { standings, type RoundResult } from "../../src/tournament/standings.ts";
import { GAME_SET } from "../../commands/index.ts";

const GAMES = [
  { name: "ONEXENO basic", allowed: [2, 3, 4, 5, 6, 7] },
  { name: "ONEXENO partners", allowed: [4, 6] },
  { name: "Onze", allowed: [3, 4, 5, 6, 7] },
];
const FIELDS = [7, 8, 12, 13, 16, 23, 32, 47, 64];

/** Random places for a table (a seeded permutation, no ties). */
function randomPlaces(n: number, seed: string): number[] {
  const [order] = shuffle(
    seedRng(seed),
    Array.from({ length: n }, (_, i) => i + 1),
  );
  return order;
}

/** Plays a whole Swiss event; returns the repeats of ours and of the plain seating, and byes. */
function swissEvent(n: number, rounds: number, size: number, allowed: number[], seed: string) {
  const entrants = Array.from({ length: n }, (_, i) => `p${i + 1}`);
  let met: Meetings = new Map();
  const results: RoundResult[] = [];
  const byes = new Map<string, number>();
  let ours = 0;
  let plain = 0;
  for (let r = 1; r <= rounds; r++) {
    const standing = standings(entrants, results, (size - 1) / 2).map((s) => s.id);
    const split = sizesWithByes(n, size, allowed);
    expect(split).not.toBeNull();
    const out = pickByes(standing, split!.byes, byes);
    for (const b of out) byes.set(b, (byes.get(b) ?? 0) + 1);
    const playing = standing.filter((p) => !out.includes(p));
    const tables = seatSwiss(playing, split!.sizes, met);
    // Legal: everyone present exactly once, sizes allowed.
    expect(tables.flat().sort()).toEqual(playing.slice().sort());
    for (const t of tables) expect(allowed).toContain(t.length);
    const base = repeatsOf(seatByStanding(playing, split!.sizes), met);
    const mine = repeatsOf(tables, met);
    expect(mine).toBeLessThanOrEqual(base);
    ours += mine;
    plain += base;
    results.push({
      tables: tables.map((t, i) => ({
        players: t,
        places: randomPlaces(t.length, `${seed}:${r}:${i}`),
        points: t.map((_, j) => (j * 7 + r) % 11),
      })),
      byes: out,
    });
    met = addMeetings(met, tables);
  }
  const b = entrants.map((e) => byes.get(e) ?? 0);
  return { ours, plain, byeSpread: Math.max(...b) - Math.min(...b) };
}

describe("table sizes", () => {
  it("split every field into allowed sizes near the asked one, never below the minimum", () => {
    for (const g of GAMES)
      for (let n = 7; n <= 64; n++)
        for (const size of g.allowed) {
          const split = sizesWithByes(n, size, g.allowed);
          expect(split).not.toBeNull();
          const { sizes, byes } = split!;
          expect(sizes.reduce((a, b) => a + b, 0) + byes).toBe(n);
          for (const s of sizes) expect(g.allowed).toContain(s);
          expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(2);
          if (g.allowed.length > 2)
            expect(byes).toBe(0); // only partners' 4-or-6 ever needs a bye
          else expect(byes).toBeLessThanOrEqual(3);
        }
    expect(tableSizes(7, 4, [2, 3, 4, 5, 6, 7])).toEqual([4, 3]);
    expect(tableSizes(13, 4, [3, 4, 5, 6, 7])).toEqual([5, 4, 4]);
    expect(tableSizes(14, 4, [4, 6])).toEqual([6, 4, 4]);
    expect(tableSizes(2, 4, [3, 4])).toBeNull();
  });
});

describe("Swiss over simulated events", () => {
  it("never repeats more than the plain seating by standing, spreads byes, over 7-64 entrants and 3-7 rounds", () => {
    const report: string[] = [];
    let totalOurs = 0;
    let totalPlain = 0;
    for (const g of GAMES)
      for (const n of FIELDS)
        for (const size of g.allowed) {
          const rounds = 3 + ((n + size) % 5); // 3..7
          const { ours, plain, byeSpread } = swissEvent(n, rounds, size, g.allowed, `${g.name}:${n}:${size}`);
          expect(ours).toBeLessThanOrEqual(plain);
          expect(byeSpread).toBeLessThanOrEqual(1);
          totalOurs += ours;
          totalPlain += plain;
          if (size === 4 || g.allowed.length === 2)
            report.push(
              `${g.name.padEnd(17)} ${String(n).padStart(2)} entrants, tables of ${size}, ${rounds} rounds: ${String(ours).padStart(3)} repeat meetings (plain seating ${plain})`,
            );
        }
    report.push(`all events: ${totalOurs} repeat meetings against ${totalPlain} for the plain seating by standing`);
    console.log(`Swiss repeat opponents (simulated, seeded results):\n${report.join("\n")}`);
    expect(totalOurs).toBeLessThan(totalPlain);
  });
});

describe("progressive", () => {
  it("exchanges as many both ways across each boundary: two at tables of 4+, the winner and the last at tables of 3 and 2", () => {
    expect(progressiveFlows([4, 4, 4])).toEqual([2, 2]);
    expect(progressiveFlows([3, 3, 3])).toEqual([1, 1]);
    expect(progressiveFlows([2, 2, 2, 2])).toEqual([1, 1, 1]);
    expect(progressiveFlows([5, 3, 5])).toEqual([2, 1]);
    expect([2, 3, 4, 7].map(progressiveTop)).toEqual([1, 2, 2, 2]);
    const finish = [
      ["a1", "a2", "a3", "a4"],
      ["b1", "b2", "b3", "b4"],
      ["c1", "c2", "c3", "c4"],
    ];
    const next = seatProgressive(finish, [4, 4, 4], finish.flat());
    expect(next.map((t) => t.slice().sort())).toEqual([
      ["a1", "a2", "b1", "b2"],
      ["a3", "a4", "c1", "c2"],
      ["b3", "b4", "c3", "c4"],
    ]);
    expect(next[1]!.slice(0, 2)).toEqual(["c1", "c2"]); // those who came up are seated first
    // A dropped player leaves a gap: a4 (who would have gone down) stays, and nobody climbs two tables.
    const dropped = seatProgressive(
      finish,
      [4, 4, 3],
      finish.flat().filter((p) => p !== "a1"),
    );
    expect(dropped.map((t) => t.slice().sort())).toEqual([
      ["a2", "a3", "a4", "b1"],
      ["b2", "b3", "c1", "c2"],
      ["b4", "c3", "c4"],
    ]);
  });

  it("nine Onze players at three tables of 3: the winners go up one, the last down one, nobody two tables", () => {
    const finish = [
      ["a1", "a2", "a3"],
      ["b1", "b2", "b3"],
      ["c1", "c2", "c3"],
    ];
    const next = seatProgressive(finish, [3, 3, 3], finish.flat());
    expect(next.map((t) => t.slice().sort())).toEqual([
      ["a1", "a2", "b1"],
      ["a3", "b2", "c1"],
      ["b3", "c2", "c3"],
    ]);
  });

  it("over every field from 6 to 64 and every table size of every rated game: nobody moves two tables, a table's top two never move down", () => {
    let seatings = 0;
    for (const game of GAME_SET.catalogue.rated) {
      const counts = GAME_SET.catalogue.seatCounts(game.key);
      for (const size of counts) {
        for (let n = 6; n <= 64; n++) {
          const players = Array.from({ length: n }, (_, i) => `p${i}`);
          const split = sizesWithByes(n, size, counts);
          if (!split) continue;
          const byesSoFar = new Map<string, number>();
          const sitOut = () => {
            const byes = pickByes(players, split.byes, byesSoFar);
            for (const b of byes) byesSoFar.set(b, (byesSoFar.get(b) ?? 0) + 1);
            return players.filter((p) => !byes.includes(p));
          };
          let tables = seatByStanding(sitOut(), split.sizes);
          for (let r = 1; r <= 3; r++) {
            const finish = tables.map((t, i) => {
              const places = randomPlaces(t.length, `prog:${game.key}:${size}:${n}:${r}:${i}`);
              return t.slice().sort((a, b) => places[t.indexOf(a)]! - places[t.indexOf(b)]!);
            });
            const present = sitOut();
            const next = seatProgressive(finish, split.sizes, present);
            seatings++;
            expect(next.map((t) => t.length)).toEqual(split.sizes);
            expect(next.flat().sort()).toEqual(present.slice().sort());
            const tableOf = new Map(next.flatMap((t, i) => t.map((p) => [p, i] as const)));
            finish.forEach((t, i) =>
              t.forEach((p, place) => {
                const to = tableOf.get(p);
                if (to === undefined) return; // a bye this round
                const where = `${game.key} n=${n} size=${size} round ${r}: ${p} from table ${i + 1} (place ${place + 1})`;
                expect(Math.abs(to - i), where).toBeLessThanOrEqual(1);
                if (place < progressiveTop(t.length)) expect(to, where).toBeLessThanOrEqual(i);
                // With everyone back and tables of 4 or more: the top two go up and the bottom two down.
                if (split.byes === 0 && split.sizes.every((x) => x >= 4)) {
                  if (place < 2 && i > 0) expect(to, where).toBe(i - 1);
                  if (place >= t.length - 2 && i < finish.length - 1) expect(to, where).toBe(i + 1);
                }
              }),
            );
            tables = next;
          }
        }
      }
    }
    expect(seatings).toBeGreaterThan(1000);
  });
});

describe("round-robin", () => {
  it("the circle method over a fixed order: an even field meets everyone once in n - 1 rounds, an odd field sits each out once in n", () => {
    for (let n = 3; n <= 16; n++) {
      const players = Array.from({ length: n }, (_, i) => `p${i}`);
      const rounds = n % 2 === 0 ? n - 1 : n;
      const met = new Map<string, number>();
      const out = new Map<string, number>();
      for (let r = 1; r <= rounds; r++)
        for (const [a, b] of circlePairs(players, r)) {
          if (a && b) met.set(pairKey(a, b), (met.get(pairKey(a, b)) ?? 0) + 1);
          else out.set((a ?? b)!, (out.get((a ?? b)!) ?? 0) + 1);
        }
      expect(met.size, `n=${n}`).toBe((n * (n - 1)) / 2);
      expect([...met.values()].every((v) => v === 1)).toBe(true);
      expect(out.size).toBe(n % 2 ? n : 0);
      if (n % 2) expect([...out.values()].every((v) => v === 1)).toBe(true);
    }
  });

  it("at bigger tables, spreads meetings: no pair meets twice before it must", () => {
    const players = Array.from({ length: 9 }, (_, i) => `p${i}`);
    let met: Meetings = new Map();
    for (let r = 1; r <= 4; r++) met = addMeetings(met, seatRoundRobin(players, [3, 3, 3], r, met, "rr9"));
    // 9 players at tables of 3 over 4 rounds: a resolvable design meets every pair exactly once.
    expect(Math.max(...met.values())).toBeLessThanOrEqual(2);
    expect(met.size).toBeGreaterThanOrEqual(30);
  });
});

describe("partners", () => {
  it("seats partners opposite (i and i + k) and rotates them so no two are partners twice while avoidable", () => {
    const table = ["a", "b", "c", "d"];
    const seats = arrangePartners(table, new Map());
    expect(seats).toEqual(["a", "c", "b", "d"]); // a and b partners (seats 0 and 2)
    const partners = new Map<string, number>([
      [pairKey("a", "b"), 1],
      [pairKey("c", "d"), 1],
    ]);
    const next = arrangePartners(table, partners);
    // Seats 0/2 and 1/3 are partners: neither pair is a-b or c-d again.
    expect([pairKey(next[0]!, next[2]!), pairKey(next[1]!, next[3]!)].some((k) => partners.has(k))).toBe(false);
    const six = arrangePartners(
      ["a", "b", "c", "d", "e", "f"],
      new Map([
        [pairKey("a", "b"), 1],
        [pairKey("a", "c"), 1],
      ]),
    );
    expect([pairKey("a", "b"), pairKey("a", "c")]).not.toContain(pairKey(six[0]!, six[3]!));
  });
});
