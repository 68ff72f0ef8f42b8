/** A season's pure rules (src/bot/season-rules.ts): its points table, which events count, standings worked out by hand. */
import { describe, expect, it } from "vitest";
import { codeOf } from "../helpers/refusal.ts";
import {
  counts,
  DEFAULT_SEASON_POINTS,
  ended,
  parsePoints,
  roleHolders,
  seasonCsv,
  seasonStandings,
  type Season,
  type SeasonEvent,
} from "../../src/bot/season-rules.ts";

const DAY = 86_400_000;
const season: Season = {
  ...{ schema: 1, id: "s1", guildId: "g", channelId: "c", name: "Winter", from: 10 * DAY, to: 40 * DAY },
  ...{ games: null, points: [10, 6, 4, 2], role: { id: "r", top: 2 }, status: "open", createdAt: 10 * DAY },
};

/** An event of `game` created on day `day`, people in the order of `ranks` (`[id, rank]`). */
const event = (id: string, day: number, ranks: [string, number][], game = "onze"): SeasonEvent => ({
  id,
  name: id,
  game,
  createdAt: day * DAY,
  places: ranks.map(([p, rank]) => ({ id: p, name: p.toUpperCase(), rank })),
});

describe("a season's rules", () => {
  it("read a points table as typed, and refuse one that rises, is empty or too long", () => {
    expect(parsePoints("10, 6 4,2")).toEqual([10, 6, 4, 2]);
    expect(parsePoints("5,5,0")).toEqual([5, 5, 0]);
    for (const bad of ["", "5,10", "ten", "-1", "1.5", Array(33).fill("1").join(",")])
      expect(
        codeOf(() => parsePoints(bad)),
        bad,
      ).toBe("season/bad_points");
    expect(DEFAULT_SEASON_POINTS).toEqual([25, 18, 15, 12, 10, 8, 6, 4, 2, 1]);
  });

  it("count the events created between its dates, of its games", () => {
    expect(counts(season, { createdAt: 10 * DAY, game: "onze" })).toBe(true);
    expect(counts(season, { createdAt: 40 * DAY, game: "onze" })).toBe(false);
    expect(counts(season, { createdAt: 9 * DAY, game: "onze" })).toBe(false);
    expect(counts({ ...season, games: ["cardeno"] }, { createdAt: 20 * DAY, game: "onze" })).toBe(false);
  });

  it("give the standings a hand computation gives", () => {
    const events = [
      // a: 1st (10); b: 2nd (6); c: 3rd (4); d: 4th (2)
      event("e1", 11, [
        ["a", 1],
        ["b", 2],
        ["c", 3],
        ["d", 4],
      ]),
      // b: 1st (10); a and c share 2nd (6 each); d: 4th (2); a computer's rank 0 skipped
      event("e2", 12, [
        ["b", 1],
        ["a", 2],
        ["c", 2],
        ["d", 4],
        ["cpu", 0],
      ]),
      // e alone at 5th: past the table, 0 points, one event
      event("e3", 13, [
        ["c", 1],
        ["e", 5],
      ]),
      // outside the dates: not counted
      event("late", 45, [["d", 1]]),
    ];
    // By hand: a 16 (1st 1, 2nd 1), b 16 (1st 1, 2nd 1), c 20 (1st 1, 2nd 1, 3rd 1), d 4, e 0.
    // a and b tie on points and count-back and events (2 each): they share 2nd, listed by name.
    const rows = seasonStandings(season, events);
    expect(rows.map((r) => [r.id, r.rank, r.points, r.events, r.places.join("")])).toEqual([
      ["c", 1, 20, 3, "1110"],
      ["a", 2, 16, 2, "1100"],
      ["b", 2, 16, 2, "1100"],
      ["d", 4, 4, 2, "0002"],
      ["e", 5, 0, 1, "0000"],
    ]);
    // Count-back before events: f with one 1st beats g with three 2nds at equal points (only 18 each at 18/6…).
    const other = seasonStandings({ ...season, points: [18, 6] }, [
      event("x", 11, [["f", 1]]),
      event("y", 12, [["g", 2]]),
      event("z", 13, [["g", 2]]),
      event("w", 14, [["g", 2]]),
    ]);
    expect(other.map((r) => [r.id, r.rank, r.points])).toEqual([
      ["f", 1, 18],
      ["g", 2, 18],
    ]);
    // Then fewer events: equal points and places, the one who played less ranks higher.
    const fewer = seasonStandings(season, [
      event("p", 11, [["h", 1]]),
      event("q", 12, [
        ["i", 1],
        ["h", 9],
      ]),
    ]);
    expect(fewer.map((r) => [r.id, r.rank])).toEqual([
      ["i", 1],
      ["h", 2],
    ]);
  });

  it("give the role to everyone ranked within the top, a tie at the edge included", () => {
    const rows = seasonStandings(season, [
      event("e", 11, [
        ["a", 1],
        ["b", 2],
        ["c", 2],
        ["d", 4],
      ]),
    ]);
    expect(roleHolders(rows, 2)).toEqual(["a", "b", "c"]);
    expect(roleHolders(rows, 1)).toEqual(["a"]);
  });

  it("write the standings as CSV and end once, keeping them", () => {
    const quoted: SeasonEvent = {
      ...event("e", 11, []),
      places: [
        { id: "a", name: "A", rank: 1 },
        { id: "b", name: 'Q"uote, name', rank: 2 },
      ],
    };
    const rows = seasonStandings(season, [quoted]);
    expect(seasonCsv(rows, 4)).toBe(
      'rank,user_id,name,points,events,place_1,place_2,place_3,place_4\n1,a,A,10,1,1,0,0,0\n2,b,"Q""uote, name",6,1,0,1,0,0\n',
    );
    const over = ended(season, 50 * DAY, rows, ["a"])!;
    expect(over).toMatchObject({ status: "over", endedAt: 50 * DAY, final: rows, awarded: ["a"] });
    expect(ended(over, 51 * DAY, [], [])).toBeNull();
    expect(JSON.parse(JSON.stringify(over))).toEqual(over);
  });
});
