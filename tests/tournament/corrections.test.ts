/**
 * Organisers' corrections through the event's own transitions (src/bot/tournament-rules.ts):
 * places read as typed, a table's result corrected (standings follow, the audit kept), a
 * bracket table refused once its players sit at their next table, and two entrants' seats
 * swapped between tables in play.
 */
import { describe, expect, it } from "vitest";
import {
  begun,
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

/** A running event of `n` people with its first round seated and threaded (`th1`, `th2`…). */
function seatedEvent(ask: EventRequest, n: number): Tournament {
  let t = newEvent(CATALOGUE, ask, "e", 0);
  for (let i = 1; i <= n; i++) t = joined(t, { id: `p${i}`, name: `P${i}` });
  t = seated(CATALOGUE, begun(CATALOGUE, t, 0)!)!;
  let k = 0;
  for (const { round, index } of tablesInPlay(t)) t = withThread(t, round.number, index, `th${++k}`);
  return t;
}

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
