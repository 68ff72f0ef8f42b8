/**
 * Organisers' corrections through the event's own transitions (src/bot/tournament-rules.ts):
 * places read as typed, a table's result corrected (standings follow, the audit kept), a
 * bracket table refused once its players sit at their next table, and two entrants' seats
 * swapped between tables in play.
 */
import { describe, expect, it } from "vitest";
import {
  begun,
  checkedIn,
  checkInOpened,
  eventStandings,
  joined,
  newEvent,
  parsePlaces,
  seated,
  seatsSwapped,
  tablesInPlay,
  withCorrection,
  withResult,
  withThread,
  type EventRequest,
} from "../../src/bot/tournament-rules.ts";
import type { Tournament } from "../../src/bot/tournament-record.ts";
import { GAME_SET } from "../../commands/index.ts";
import { seatedEvent } from "../helpers/tournament.ts";
const CATALOGUE = GAME_SET.catalogue;

const ASK: EventRequest = {
  guildId: "g",
  channelId: "c",
  organiserId: "mod",
  name: "Cup",
  game: "onexeno-basic",
  format: "swiss",
  rounds: 2,
  tableSize: 2,
  clock: null,
  fill: "bye",
  checkInMinutes: 0,
  autoNext: true,
};

/** Every table in play finished: the first seat wins. */
function finishAll(t: Tournament): Tournament {
  let x = t;
  for (const { table } of tablesInPlay(t))
    x = withResult(x, table.threadId!, { players: [...table.players], places: table.players.map((_, i) => i + 1), points: [10, 0] })!;
  return x;
}

describe("organisers' corrections", () => {
  it("reads places in seat order, ties sharing a place, and nothing else", () => {
    expect(parsePlaces("2 1 3 4", 4)).toEqual([2, 1, 3, 4]);
    expect(parsePlaces("1,1,3", 3)).toEqual([1, 1, 3]);
    expect(parsePlaces("1 1 2", 3)).toBeNull(); // after a tie for first comes third
    expect(parsePlaces("1 2", 3)).toBeNull();
    expect(parsePlaces("0 1", 2)).toBeNull();
    expect(parsePlaces("first second", 2)).toBeNull();
  });

  it("corrects a finished table: the standings follow and the correction is kept", () => {
    const t = finishAll(seatedEvent(ASK, 4));
    const table = t.played[0]!.tables[0]!;
    const [first, second] = table.players;
    expect(eventStandings(t).find((s) => s.id === first)!.placement).toBe(1);
    const fixed = withCorrection(t, table.threadId!, "2 1", "mod", 5)!;
    expect(fixed.played[0]!.tables[0]!.result!.places).toEqual([2, 1]);
    expect(eventStandings(fixed).find((s) => s.id === first)!.placement).toBe(0);
    expect(eventStandings(fixed).find((s) => s.id === second)!.placement).toBe(1);
    expect(fixed.corrections).toEqual([
      { kind: "result", round: 1, table: 1, players: [first, second], before: [1, 2], after: [2, 1], by: "mod", at: 5 },
    ]);
    expect(withCorrection(fixed, table.threadId!, "2 1", "mod", 6)).toBeNull();
    expect(() => withCorrection(t, table.threadId!, "1 1 1", "mod", 5)).toThrow(expect.objectContaining({ code: "tournament/bad_places" }));
    expect(() => withCorrection(t, "nowhere", "2 1", "mod", 5)).toThrow(expect.objectContaining({ code: "tournament/no_result" }));
  });

  it("refuses to correct a bracket table once its players sit at their next table", () => {
    let t = finishAll(seatedEvent({ ...ASK, format: "single-elimination" }, 4));
    const first = t.played[0]!.tables[0]!;
    t = seated(CATALOGUE, t)!; // the final is seated
    expect(() => withCorrection(t, first.threadId!, "2 1", "mod", 5)).toThrow(expect.objectContaining({ code: "tournament/correct_late" }));
  });

  it("swaps two entrants of two tables in play, and refuses two of one table or someone not seated", () => {
    const t = seatedEvent(ASK, 4);
    const [x, y] = t.played[0]!.tables.map((table) => table.players[0]!);
    const swapped = seatsSwapped(t, x!, y!, "mod", 7);
    expect(swapped.played[0]!.tables[0]!.players[0]).toBe(y);
    expect(swapped.played[0]!.tables[1]!.players[0]).toBe(x);
    expect(swapped.corrections).toEqual([{ kind: "swap", round: 1, a: x, b: y, by: "mod", at: 7 }]);
    const [a, b] = t.played[0]!.tables[0]!.players;
    expect(() => seatsSwapped(t, a!, b!, "mod", 7)).toThrow(expect.objectContaining({ code: "tournament/same_table" }));
    expect(() => seatsSwapped(t, a!, "nobody", "mod", 7)).toThrow(expect.objectContaining({ code: "tournament/not_seated" }));
  });
});

describe("the audit's swaps and schedules (issue 62)", () => {
  it("a swap stays within one round and one side of the bracket: an unbeaten player never takes a once-beaten one's seat", () => {
    // Double elimination of 8 at tables of two: round 1 played (the better seat wins), then the
    // winners' round 2 and the losers' round 1 are in play side by side.
    let t = seatedEvent({ ...ASK, format: "double-elimination" }, 8);
    t = finishAll(t);
    t = seated(CATALOGUE, t)!;
    let k = 100;
    for (const { round, index, table } of tablesInPlay(t)) if (!table.threadId) t = withThread(t, round.number, index, `th${++k}`);
    const open = tablesInPlay(t);
    const winners = open.find((x) => x.round.label === "W2")!.table.players[0]!;
    const losers = open.find((x) => x.round.label === "L1")!.table.players[0]!;
    expect(() => seatsSwapped(t, winners, losers, "mod", 7)).toThrow(expect.objectContaining({ code: "tournament/swap_side" }));
    // Two of the same column still swap.
    const [w1, w2] = open.filter((x) => x.round.label === "W2").map((x) => x.table.players[0]!);
    expect(seatsSwapped(t, w1!, w2!, "mod", 7).corrections?.at(-1)).toMatchObject({ kind: "swap", a: w1, b: w2 });
  });

  it("a challenge has no seats to swap: a clear refusal, not a crash", () => {
    let t = newEvent(CATALOGUE, { ...ASK, game: "solitaire", format: "challenge" }, "ch", 0);
    t = joined(joined(t, { id: "p1", name: "P1" }), { id: "p2", name: "P2" });
    t = begun(CATALOGUE, t, 0)!;
    expect(() => seatsSwapped(t, "p1", "p2", "mod", 7)).toThrow(
      expect.objectContaining({ code: "tournament/not_seated", params: expect.objectContaining({ context: "challenge" }) }),
    );
  });

  it("round robin's order is fixed from who checked in: 6 of 8 sign-ups present meet every pair in 5 rounds", () => {
    let t = newEvent(CATALOGUE, { ...ASK, format: "round-robin", rounds: 5, checkInMinutes: 10 }, "rr", 0);
    for (let i = 1; i <= 8; i++) t = joined(t, { id: `p${i}`, name: `P${i}` });
    t = checkInOpened(t, 0)!;
    for (let i = 1; i <= 6; i++) t = checkedIn(t, `p${i}`) ?? t;
    t = begun(CATALOGUE, t, 0)!;
    const pairs = new Set<string>();
    for (let r = 1; r <= 5; r++) {
      t = seated(CATALOGUE, t)!;
      let k = 0;
      for (const { round, index } of tablesInPlay(t)) t = withThread(t, round.number, index, `r${r}t${++k}`);
      for (const { table } of tablesInPlay(t)) pairs.add([...table.players].sort().join("|"));
      t = finishAll(t);
    }
    expect(t.order).toHaveLength(6);
    expect(pairs.size).toBe(15);
  });
});

describe("corrections after a grand final (issue 62)", () => {
  /** Double elimination of two: the first seat wins the first match; the grand final goes to its winners' (`w`) or losers' (`l`) side. */
  function toGrandFinal(side: "w" | "l"): Tournament {
    let t = seatedEvent({ ...ASK, format: "double-elimination" }, 2);
    const [w, l] = t.played[0]!.tables[0]!.players;
    t = finishAll(t); // W1-1: the first seat wins
    t = seated(CATALOGUE, t)!; // the grand final (the losers' table of one is a bye)
    let k = 10;
    for (const { round, index, table } of tablesInPlay(t)) if (!table.threadId) t = withThread(t, round.number, index, `th${++k}`);
    const gf = tablesInPlay(t)[0]!.table;
    expect(gf.node).toBe("GF");
    const places = gf.players.map((p) => (p === (side === "w" ? w : l) ? 1 : 2));
    return withResult(t, gf.threadId!, { players: [...gf.players], places, points: [0, 0] })!;
  }

  it("the first grand final cannot be corrected once its reset is seated", () => {
    let t = toGrandFinal("l"); // the losers' side wins: the reset is due
    t = seated(CATALOGUE, t)!;
    expect(tablesInPlay(t)[0]!.table.node).toBe("GF2");
    const gf = t.played.flatMap((r) => r.tables).find((x) => x.node === "GF")!;
    const swapped = gf.result!.places.map((p) => 3 - p).join(" ");
    expect(() => withCorrection(t, gf.threadId!, swapped, "mod", 5)).toThrow(expect.objectContaining({ code: "tournament/correct_late" }));
  });

  it("after the end, a correction that would hand the grand final to the losers' side is refused with the reason", () => {
    let t = toGrandFinal("w"); // the winners' side wins: no reset, the event is over
    expect(seated(CATALOGUE, t)).toBeNull();
    t = { ...t, status: "over" };
    const gf = t.played.flatMap((r) => r.tables).find((x) => x.node === "GF")!;
    const swapped = gf.result!.places.map((p) => 3 - p).join(" ");
    expect(() => withCorrection(t, gf.threadId!, swapped, "mod", 5)).toThrow(
      expect.objectContaining({ code: "tournament/correct_late", params: expect.objectContaining({ context: "over" }) }),
    );
  });
});
