/**
 * Tournament scoring on hand-made cases: placement points with ties split, a bye's points, and
 * each tie-break in turn (game points, opponents' placement points, head-to-head), with shared
 * ranks when everything is equal.
 */
import { describe, expect, it } from "vitest";
import { highIsBetter, parseTieBreaks, placementPoints, standings, type TableResult } from "../../src/tournament/standings.ts";

const table = (players: string[], places: number[], points: number[] = players.map(() => 0)): TableResult => ({ players, places, points });

describe("placement points", () => {
  it("give k - p at a table of k, ties sharing the places they cover", () => {
    expect(placementPoints([1, 2, 3, 4])).toEqual([3, 2, 1, 0]);
    expect(placementPoints([1, 1, 3, 4])).toEqual([2.5, 2.5, 1, 0]);
    expect(placementPoints([2, 1, 2, 2])).toEqual([1, 3, 1, 1]);
    expect(placementPoints([1, 2])).toEqual([1, 0]);
    expect(placementPoints([1, 1, 1])).toEqual([1, 1, 1]);
  });

  it("count game points so that higher is better for every game", () => {
    expect(highIsBetter([10, 30], false)).toEqual([10, 30]);
    expect(highIsBetter([120, 40], true)).toEqual([-120, -40]); // Onze: fewer penalty points won
    // Everyone level: the game's own direction, never guessed from the winners (all of them here).
    expect(highIsBetter([50, 50, 50], true)).toEqual([-50, -50, -50]);
  });
});

describe("standings", () => {
  it("rank by placement points, then game points; a bye earns its points and the round's average game points", () => {
    const s = standings(
      ["a", "b", "c", "d", "e"],
      [{ tables: [table(["a", "b"], [1, 2], [50, 10]), table(["c", "d"], [1, 2], [40, 30])], byes: ["e"] }],
      0.5,
    );
    expect(s.map((x) => [x.id, x.rank, x.placement, x.gamePoints, x.byes])).toEqual([
      ["a", 1, 1, 50, 0],
      ["c", 2, 1, 40, 0],
      ["e", 3, 0.5, 32.5, 1],
      ["d", 4, 0, 30, 0],
      ["b", 5, 0, 10, 0],
    ]);
  });

  it("a bye neither helps nor hurts on game points: in Onze (fewest wins) and in a game where more is better", () => {
    // Tables of 3: a bye earns 1 placement point, as second place does; b came second with the table's average score.
    for (const [game, raw, winners] of [
      ["Onze", [10, 50, 90], true],
      ["ONEXENO", [90, 50, 10], false],
    ] as const) {
      const points = highIsBetter(raw, winners);
      const s = standings(["a", "b", "c", "d"], [{ tables: [table(["a", "b", "c"], [1, 2, 3], points)], byes: ["d"] }], 1);
      const by = new Map(s.map((x) => [x.id, x]));
      expect(by.get("d")!.gamePoints, game).toBe(by.get("b")!.gamePoints);
      expect(by.get("d")!.placement, game).toBe(by.get("b")!.placement);
      // Equal on placement and game points: the bye does not lift d above b (b's opponents break the tie).
      expect(by.get("d")!.rank, game).toBeGreaterThan(by.get("b")!.rank);
      // Before the fix a bye counted 0 game points: in Onze that was the best score of anyone.
      expect(by.get("d")!.gamePoints, game).toBeLessThan(by.get("a")!.gamePoints);
    }
  });

  it("a progressive event ranks by total game score first (docs/rules/tournaments.md: prizes for the highest and lowest score)", () => {
    // Cardeno: c scores the most over two rounds (170 + 100) but lost both tables to d.
    const rounds = [
      { tables: [table(["a", "b"], [1, 2], [100, 90]), table(["d", "c"], [1, 2], [200, 170])], byes: [] },
      { tables: [table(["a", "b"], [1, 2], [60, 50]), table(["d", "c"], [1, 2], [105, 100])], byes: [] },
    ];
    expect(standings(["a", "b", "c", "d"], rounds, 0.5).map((x) => x.id)).toEqual(["d", "a", "c", "b"]);
    const byScore = standings(["a", "b", "c", "d"], rounds, 0.5, "score");
    expect(byScore.map((x) => [x.id, x.gamePoints])).toEqual([
      ["d", 305],
      ["c", 270],
      ["a", 160],
      ["b", 140],
    ]);
    // Onze counts fewest as best: its game points are negated, so the lowest total ranks first.
    const onze = [
      {
        tables: [
          table(["a", "b", "c"], [1, 2, 3], highIsBetter([20, 30, 80], true)),
          table(["d", "e", "f"], [1, 2, 3], highIsBetter([5, 90, 95], true)),
        ],
        byes: [],
      },
    ];
    expect(standings(["a", "b", "c", "d", "e", "f"], onze, 1, "score").map((x) => x.id)).toEqual(["d", "a", "b", "c", "e", "f"]);
    // A table where everyone ends level on 50 (all of them winners): still fewest is best, so
    // their 50s rank below totals of 20 and 30 and above 80 (recorded upside down, as +50, before).
    const level = [{ tables: [...onze[0]!.tables, table(["g", "h", "i"], [1, 1, 1], highIsBetter([50, 50, 50], true))], byes: [] }];
    const ranked = standings(["a", "b", "c", "d", "e", "f", "g", "h", "i"], level, 1, "score");
    expect(ranked.map((x) => x.id)).toEqual(["d", "a", "b", "g", "h", "i", "c", "e", "f"]);
    expect(ranked.find((x) => x.id === "g")!.gamePoints).toBe(-50);
  });

  it("break a tie on placement and game points by opponents' placement points", () => {
    // a and c both won once and lost once with the same game points; a's opponents scored more.
    const rounds = [
      { tables: [table(["a", "b"], [1, 2]), table(["c", "d"], [1, 2]), table(["e", "f"], [1, 2])], byes: [] },
      { tables: [table(["a", "e"], [2, 1]), table(["c", "f"], [2, 1]), table(["b", "d"], [1, 2])], byes: [] },
    ];
    const s = standings(["a", "b", "c", "d", "e", "f"], rounds, 0.5);
    const by = new Map(s.map((x) => [x.id, x]));
    expect(by.get("a")!.placement).toBe(by.get("c")!.placement);
    // a met b (1) and e (2) = 3; c met d (0) and f (1) = 1.
    expect(by.get("a")!.opponents).toBe(3);
    expect(by.get("c")!.opponents).toBe(1);
    expect(by.get("a")!.rank).toBeLessThan(by.get("c")!.rank);
  });

  it("break the last ties head-to-head, and share a rank only when everything is equal", () => {
    const rounds = [
      { tables: [table(["a", "b", "c"], [1, 2, 3])], byes: [] },
      { tables: [table(["a", "b", "c"], [3, 1, 2])], byes: [] },
    ];
    // a: 2 + 0 = 2, b: 1 + 2 = 3, c: 0 + 1 = 1.
    expect(standings(["a", "b", "c"], rounds, 1).map((x) => x.id)).toEqual(["b", "a", "c"]);
    const tied = standings(["a", "b"], [{ tables: [table(["a", "b"], [1, 1], [3, 3])], byes: [] }], 0.5);
    expect(tied.map((x) => x.rank)).toEqual([1, 1]);
    // Six players, four rounds of two-player games (winner first). x and y end equal on
    // placement (1) and opponents' points (9); x beat y when they met, so x is ahead. q and r
    // are equal on everything and never met: they share first place.
    const games = [
      [
        ["x", "y"],
        ["p", "q"],
        ["r", "s"],
      ],
      [
        ["p", "x"],
        ["y", "r"],
        ["q", "s"],
      ],
      [
        ["q", "x"],
        ["s", "y"],
        ["r", "p"],
      ],
      [
        ["r", "x"],
        ["q", "y"],
        ["s", "p"],
      ],
    ];
    const six = standings(
      ["x", "y", "p", "q", "r", "s"],
      games.map((r) => ({ tables: r.map((t) => table(t, [1, 2])), byes: [] })),
      0.5,
    );
    expect(six.map((z) => `${z.id}:${z.placement}/${z.opponents}/${z.headToHead}/${z.rank}`)).toEqual([
      "q:3/6/0/1",
      "r:3/6/0/1",
      "s:2/9/1/3",
      "p:2/9/-1/4",
      "x:1/9/1/5",
      "y:1/9/-1/6",
    ]);
  });
});

describe("computers that fill a seat", () => {
  it("count as seats for placement points: a partners table topped up with one (places 3, 1, 3, 1) gives the losing team 0.5 each", () => {
    const s = standings(["a", "b", "c"], [{ tables: [table(["a", "b", "c", "fill-1-1"], [3, 1, 3, 1])], byes: [] }], 1.5);
    expect(Object.fromEntries(s.map((x) => [x.id, x.placement]))).toEqual({ a: 0.5, b: 2.5, c: 0.5 });
    // The computer is not ranked, and counts for nobody's Buchholz.
    expect(s.map((x) => x.id).sort()).toEqual(["a", "b", "c"]);
    expect(s.find((x) => x.id === "b")!.opponents).toBe(1);
  });
});

describe("tie-breaks chosen at creation", () => {
  // Round 1: a beats b, c beats d. Round 2: a beats c, d beats b. Round 3: b beats c, d beats a.
  const rounds = [
    { tables: [table(["a", "b"], [1, 2], [30, 10]), table(["c", "d"], [1, 2], [25, 20])], byes: [] },
    { tables: [table(["a", "c"], [1, 2], [15, 14]), table(["d", "b"], [1, 2], [40, 5])], byes: [] },
    { tables: [table(["b", "c"], [1, 2], [11, 10]), table(["d", "a"], [1, 2], [12, 11])], byes: [] },
  ];
  // Placement: a 2, d 2, b 1, c 1.
  const order = (tb: Parameters<typeof standings>[4]) => standings(["a", "b", "c", "d"], rounds, 0.5, "placement", tb).map((s) => s.id);

  it("rank by the chosen tie-breaks, in order, and report each value", () => {
    expect(order(["game-points"])).toEqual(["d", "a", "c", "b"]); // d 72 > a 56; c 49 > b 26
    expect(order(["head-to-head"])).toEqual(["d", "a", "b", "c"]); // d beat a; b beat c
    expect(order(["cumulative"])).toEqual(["a", "d", "c", "b"]); // a 1+2+2=5, d 0+1+2=3; c 1+1+1=3, b 0+0+1=1
    // Buchholz: a met b, c, d (1 + 1 + 2 = 4); d met c, b, a (1 + 1 + 2 = 4): tied, then game points.
    expect(order(["buchholz", "game-points"])).toEqual(["d", "a", "c", "b"]);
    // Sonneborn-Berger: a beat b and c (1 + 1 = 2); d beat b and a (1 + 2 = 3); c beat d (2); b beat c (1).
    const sb = standings(["a", "b", "c", "d"], rounds, 0.5, "placement", ["sonneborn-berger"]);
    expect(sb.map((s) => [s.id, s.tieBreaks[0]])).toEqual([
      ["d", 3],
      ["a", 2],
      ["c", 2],
      ["b", 1],
    ]);
    // Median Buchholz drops the highest and the lowest opponent: a met b 1, c 1, d 2 -> 1.
    expect(standings(["a", "b", "c", "d"], rounds, 0.5, "placement", ["median-buchholz"]).find((s) => s.id === "a")!.tieBreaks).toEqual([
      1,
    ]);
  });

  it("are read from an organiser's words, short forms too; unknown or repeated names are refused", () => {
    expect(parseTieBreaks("buchholz, game-points")).toEqual(["buchholz", "game-points"]);
    expect(parseTieBreaks("sb h2h cum")).toEqual(["sonneborn-berger", "head-to-head", "cumulative"]);
    expect(parseTieBreaks("buchholz, buchholz")).toBeNull();
    expect(parseTieBreaks("coin toss")).toBeNull();
    expect(parseTieBreaks("")).toBeNull();
  });
});

describe("byes in the tie-breaks (issue 62: FIDE C.07's virtual opponent)", () => {
  it("a bye counts as a meeting with a virtual opponent scored the player's points before that round plus the bye's", () => {
    // Tables of two (a bye earns 0.5). Round 1: a beats b, c has the bye. Round 2: c beats a, b has the bye.
    const rounds = [
      { tables: [table(["a", "b"], [1, 2])], byes: ["c"] },
      { tables: [table(["c", "a"], [1, 2])], byes: ["b"] },
    ];
    const s = standings(["a", "b", "c"], rounds, 0.5, "placement", ["buchholz", "median-buchholz", "sonneborn-berger"]);
    const by = new Map(s.map((x) => [x.id, x]));
    // Final points: a 1, b 0.5, c 1.5. c met a (1) and a virtual opponent of 0 + 0.5; b met a (1) and one of 0 + 0.5.
    expect(by.get("c")!.tieBreaks[0]).toBe(1.5);
    expect(by.get("b")!.tieBreaks[0]).toBe(1.5);
    // a met b (0.5) and c (1.5): no bye, no virtual opponent.
    expect(by.get("a")!.tieBreaks[0]).toBe(2);
    // Median Buchholz drops nothing below three meetings.
    expect(by.get("c")!.tieBreaks[1]).toBe(1.5);
    // Sonneborn-Berger: c finished ahead of a (1) and tied its virtual opponent (half of 0.5).
    expect(by.get("c")!.tieBreaks[2]).toBe(1.25);
  });
});
