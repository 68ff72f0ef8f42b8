/**
 * A tournament's transitions as pure functions (src/bot/tournament-rules.ts): each returns the
 * next record or refuses with a stable code, and never changes the record it is given.
 */
import { describe, expect, it } from "vitest";
import {
  begun,
  dropped,
  editedRequest,
  eventStandings,
  joined,
  left,
  newEvent,
  seated,
  shownStandings,
  tableSeats,
  withChallengeResult,
  withComputers,
  withResult,
  withThread,
  type EventRequest,
} from "../../src/bot/tournament-rules.ts";
import { sayError } from "../../src/bot/words.ts";
import type { Tournament } from "../../src/bot/tournament-record.ts";
import type { UserError } from "../../src/bot/errors.ts";
import { ok } from "../../src/engine/result.ts";
import { GAME_SET } from "../../commands/index.ts";
import { EVENT_ASK } from "../helpers/tournament.ts";
import type { TableGameRules } from "../../src/games/catalogue.ts";
const CATALOGUE = GAME_SET.catalogue;

/** A one-player game of three moves with a score: enough to be a challenge game. */
type Solo = { schema: 1; version: number; left: number };
const SOLO: TableGameRules<"solo", object, Solo, { kind: "tick" }, Solo> = {
  id: "solo",
  store: "solo",
  name: "Solo",
  measure: (s) => 3 - s.left,
  definition: {
    id: "solo",
    seatCounts: () => [1],
    setup: () => ok({ schema: 1, version: 0, left: 3 }),
    actors: (s) => (s.left > 0 ? [0] : []),
    legalMoves: (s) => (s.left > 0 ? [{ kind: "tick" }] : []),
    apply: (s) => ok({ ...s, left: s.left - 1 }),
    view: (s) => s,
    outcome: (s) => (s.left === 0 ? { scores: [42], winners: [0] } : null),
  },
  seats: {},
};

const ASK: EventRequest = EVENT_ASK;

describe("tournament rules", () => {
  it("a new event is checked against the catalogue: game, table size, rounds, challenge on solitaire only", () => {
    expect(newEvent(CATALOGUE, ASK, "t1", 5)).toMatchObject({ id: "t1", game: "onze", status: "signup", tableSize: 4, createdAt: 5 });
    expect(() => newEvent(CATALOGUE, { ...ASK, game: "chess" }, "t", 0)).toThrow(expect.objectContaining({ code: "tournament/bad_game" }));
    expect(() => newEvent(CATALOGUE, { ...ASK, tableSize: 9 }, "t", 0)).toThrow(expect.objectContaining({ code: "tournament/bad_size" }));
    expect(() => newEvent(CATALOGUE, { ...ASK, rounds: 21 }, "t", 0)).toThrow(expect.objectContaining({ code: "tournament/bad_rounds" }));
    expect(() => newEvent(CATALOGUE, { ...ASK, format: "challenge" }, "t", 0)).toThrow(
      expect.objectContaining({ code: "tournament/bad_format" }),
    );
    // The refusals name the game and the sizes in the asker's language.
    const said = (f: () => unknown, locale: string) => {
      try {
        f();
      } catch (e) {
        return sayError(e as UserError, locale);
      }
      return "no error";
    };
    expect(said(() => newEvent(CATALOGUE, { ...ASK, tableSize: 9 }, "t", 0), "en-US")).toBe("Onze is played at tables of 3 to 7.");
    expect(said(() => newEvent(CATALOGUE, { ...ASK, game: "onexeno-basic", tableSize: 9 }, "t", 0), "fr")).toMatch(
      /^ONEXENO basique se joue à des tables de 2 à 7\.$/,
    );
    expect(said(() => newEvent(CATALOGUE, { ...ASK, format: "challenge" }, "t", 0), "de")).toBe(
      "Eine Herausforderung wird mit einem Spiel für einen Spieler gespielt: wähle eines aus der Liste.",
    );
    expect(said(() => newEvent(CATALOGUE, { ...ASK, game: "solitaire" }, "t", 0), "es")).toBe(
      "ONEXENO solitario se juega solo: organízalo como desafío.",
    );
    expect(newEvent(CATALOGUE, { ...ASK, game: "solitaire", format: "challenge" }, "t2", 0).challenge).toEqual({
      minutes: 60,
      results: [],
    });
  });

  it("sign-up, the start, a seated round and a result, without touching the record given", () => {
    let t = newEvent(CATALOGUE, { ...ASK, tableSize: 3 }, "t1", 0);
    for (const who of ["a", "b", "c", "d", "e", "f"]) t = joined(t, { id: who, name: who.toUpperCase() });
    expect(() => joined(t, { id: "a", name: "A" })).toThrow(expect.objectContaining({ code: "tournament/already_in" }));
    t = left(t, "f");
    const before = JSON.stringify(t);
    const running = begun(CATALOGUE, t, 100)!;
    expect(JSON.stringify(t)).toBe(before);
    expect(running.status).toBe("running");
    expect(() => left(running, "a")).toThrow(expect.objectContaining({ code: "tournament/started" }));
    const round = seated(CATALOGUE, running)!;
    expect(round.played).toHaveLength(1);
    const tables = round.played[0]!.tables;
    expect(
      tables
        .flatMap((x) => x.players)
        .filter((p) => !p.startsWith("fill-"))
        .sort(),
    ).toEqual(["a", "b", "c", "d", "e"]);
    expect(seated(CATALOGUE, round)).toBeNull(); // the round is still open
    const threaded = withThread(round, 1, 0, "th1");
    const first = tables[0]!;
    const scored = withResult(threaded, "th1", { players: [...first.players], places: first.players.map((_, i) => i + 1), points: [] })!;
    expect(scored.played[0]!.tables[0]!.result?.places[0]).toBe(1);
    expect(withResult(scored, "th1", { players: [], places: [], points: [] })).toBeNull(); // recorded once
    expect(dropped(scored, "b").entrants.find((e) => e.id === "b")?.dropped).toBe(true);
  });

  it("Swiss: a late entry until half the rounds are played (each missed round a bye); a dropped entrant comes back", () => {
    const finish = (x: Tournament, n: number): Tournament => {
      const round = x.played.at(-1)!;
      let out = x;
      round.tables.forEach((table, i) => {
        out = withThread(out, n, i, `th${n}-${i}`);
        out = withResult(out, `th${n}-${i}`, { players: [...table.players], places: table.players.map((_, j) => j + 1), points: [] })!;
      });
      return out;
    };
    let t = newEvent(CATALOGUE, { ...ASK, game: "onexeno-basic", tableSize: 2, rounds: 4, fill: "bye" }, "t7", 0);
    for (const who of ["a", "b", "c", "d"]) t = joined(t, { id: who, name: who.toUpperCase() });
    t = seated(CATALOGUE, begun(CATALOGUE, t, 0)!)!;
    // During round 1: Eve enters late; round 1 counts as her bye.
    t = joined(t, { id: "e", name: "Eve" });
    expect(t.played[0]!.byes).toContain("e");
    t = seated(CATALOGUE, finish(t, 1))!;
    expect(t.played[1]!.tables.flat().flatMap((x) => x.players)).toContain("e");
    expect(eventStandings(t).find((s) => s.id === "e")).toMatchObject({ byes: 1, placement: 0.5 });
    // B drops and comes back before round 3: seated again, the rounds missed count nothing.
    t = finish(t, 2);
    t = dropped(t, "b");
    t = joined(t, { id: "b", name: "B" });
    expect(t.entrants.find((e) => e.id === "b")?.dropped).toBe(false);
    // Two of four rounds played: late entry has closed.
    expect(() => joined(t, { id: "f", name: "F" })).toThrow(expect.objectContaining({ code: "tournament/late_closed" }));
    // Other formats keep sign-up closed once running.
    let rr = newEvent(CATALOGUE, { ...ASK, game: "onexeno-basic", format: "round-robin", tableSize: 2, rounds: 3 }, "t8", 0);
    for (const who of ["a", "b", "c", "d"]) rr = joined(rr, { id: who, name: who });
    rr = begun(CATALOGUE, rr, 0)!;
    expect(() => joined(rr, { id: "e", name: "E" })).toThrow(expect.objectContaining({ code: "tournament/closed" }));
  });

  it("a round robin created without rounds plays as many as its field needs for everyone to meet everyone, set at round 1", () => {
    const event = (tableSize: number, field: number, rounds?: number) => {
      const ask = { ...ASK, game: "onexeno-basic", format: "round-robin" as const, tableSize, rounds: rounds ?? 3 };
      let t = newEvent(CATALOGUE, rounds === undefined ? { ...ask, roundsByField: true } : ask, "rr", 0);
      for (const who of "abcdefgh".slice(0, field)) t = joined(t, { id: who, name: who });
      return t;
    };
    const byField = event(4, 4);
    expect(byField.roundsByField).toBe(true);
    const first = seated(CATALOGUE, begun(CATALOGUE, byField, 0)!)!;
    // Four players at one table of four meet in one round (it used to be the default 3, the same table three times).
    expect(first.rounds).toBe(1);
    const table = first.played[0]!.tables[0]!;
    const played = withResult(withThread(first, 1, 0, "th"), "th", { players: [...table.players], places: [1, 2, 3, 4], points: [] })!;
    expect(seated(CATALOGUE, played)).toBeNull(); // no round 2
    // At tables of two: one round fewer than an even field.
    expect(seated(CATALOGUE, begun(CATALOGUE, event(2, 6), 0)!)!.rounds).toBe(5);
    // Rounds the organiser set are kept.
    expect(seated(CATALOGUE, begun(CATALOGUE, event(4, 4, 3), 0)!)!.rounds).toBe(3);
    // Other formats take no rounds from the field.
    expect(newEvent(CATALOGUE, { ...ASK, roundsByField: true }, "sw", 0).roundsByField).toBeUndefined();
    // A recurring round robin's template: rounds set by `repeat-edit` replace the field's; other edits keep it.
    const template = { ...ASK, format: "round-robin" as const, roundsByField: true as const };
    expect(editedRequest(template, null, 5)).toMatchObject({ roundsByField: true, checkInMinutes: 5 });
    const set = editedRequest(template, 2, null);
    expect(set.rounds).toBe(2);
    expect(set.roundsByField).toBeUndefined();
    expect(editedRequest({ ...ASK, rounds: 4 }, null, null)).toEqual({ ...ASK, rounds: 4 });
  });

  it("someone an organiser removed cannot sign up again by themselves; someone who withdrew may come back (issue 62)", () => {
    let t = newEvent(CATALOGUE, { ...ASK, rounds: 4 }, "t1", 0);
    for (const who of ["a", "b", "c", "d", "e", "f"]) t = joined(t, { id: who, name: who.toUpperCase() });
    // Before the start: taken off the list, and refused at the next sign-up.
    const off = dropped(t, "f", true);
    expect(off.entrants.map((e) => e.id)).not.toContain("f");
    expect(() => joined(off, { id: "f", name: "F" })).toThrow(expect.objectContaining({ code: "tournament/removed" }));
    // In a running Swiss event: removed stays out; withdrawn comes back.
    const running = begun(CATALOGUE, off, 0)!;
    const after = dropped(dropped(running, "b", true), "c");
    expect(() => joined(after, { id: "b", name: "B" })).toThrow(expect.objectContaining({ code: "tournament/removed" }));
    expect(joined(after, { id: "c", name: "C" }).entrants.find((e) => e.id === "c")?.dropped).toBe(false);
    // An organiser may sign them up again (`/tournament join player:`): the mark goes with it.
    const back = joined(after, { id: "b", name: "B" }, true);
    expect(back.entrants.find((e) => e.id === "b")?.dropped).toBe(false);
    expect(back.removed).toEqual(["f"]);
  });

  it("any one-player game with a score can be a challenge, and only as a challenge", () => {
    const games = CATALOGUE.with({ games: [SOLO as never] });
    expect(games.challengeGames()).toEqual([
      { key: "solitaire", name: "ONEXENO solitaire" },
      { key: "solo", name: "Solo" },
    ]);
    expect(newEvent(games, { ...ASK, game: "solo", format: "challenge" }, "t9", 0)).toMatchObject({ game: "solo", format: "challenge" });
    expect(() => newEvent(games, { ...ASK, game: "solo", format: "swiss" }, "t", 0)).toThrow(
      expect.objectContaining({ code: "tournament/bad_format" }),
    );
    expect(games.soloResult("solo", { schema: 1, version: 3, left: 0 })).toEqual({ score: 42, measure: 3 });
    expect(games.soloResult("solo", { schema: 1, version: 1, left: 2 })).toBeNull();
  });

  it("a challenge counts each entrant's first finished game, best score first", () => {
    let t = newEvent(CATALOGUE, { ...ASK, game: "solitaire", format: "challenge" }, "t3", 0);
    t = joined(joined(t, { id: "a", name: "A" }), { id: "b", name: "B" });
    t = begun(CATALOGUE, t, 1000)!;
    expect(t.challenge).toMatchObject({ opens: 1000, due: 1000 + 60 * 60_000 });
    t = withChallengeResult(t, { userId: "a", score: 10, square: 3, moves: 40, at: 2000 })!;
    expect(withChallengeResult(t, { userId: "a", score: 99, square: 8, moves: 1, at: 3000 })).toBeNull();
    t = withChallengeResult(t, { userId: "b", score: 12, square: 3, moves: 50, at: 2500 })!;
    expect(eventStandings(t).map((s) => [s.id, s.rank])).toEqual([
      ["b", 1],
      ["a", 2],
    ]);
  });

  it("computer entrants come at the levels the event's game seats, named with a level other than normal", () => {
    const canasta = newEvent(CATALOGUE, { ...ASK, game: "canasta", tableSize: 2 }, "t6", 0);
    // A game that seats two levels (canasta before its expert) refuses the third, naming its own.
    expect(() => withComputers(canasta, 1, "expert", ["easy", "normal"])).toThrow(
      expect.objectContaining({ code: "input/bad_level", params: { levels: "easy, normal" } }),
    );
    const basic = newEvent(CATALOGUE, { ...ASK, game: "onexeno-basic", tableSize: 2 }, "t7", 0);
    const t = withComputers(withComputers(basic, 1, "expert", CATALOGUE.levels(basic.game)), 1, "normal", CATALOGUE.levels(basic.game));
    expect(t.entrants.map((e) => [e.name, e.computer])).toEqual([
      ["Computer 1 (expert)", "expert"],
      ["Computer 2", "normal"],
    ]);
  });

  it("fill computers play at the event's fill level, named with it unless normal; a level the game lacks is refused", () => {
    // A catalogue whose canasta seats two levels (as before its expert) refuses the third.
    const twoLevels: typeof CATALOGUE = Object.assign(Object.create(CATALOGUE), {
      levels: (game: string) => (game === "canasta" ? ["easy", "normal"] : CATALOGUE.levels(game)),
    });
    expect(newEvent(CATALOGUE, { ...ASK, game: "canasta", tableSize: 2, fillLevel: "expert" }, "t8", 0).fillLevel).toBe("expert");
    expect(() => newEvent(twoLevels, { ...ASK, game: "canasta", tableSize: 2, fillLevel: "expert" }, "t8", 0)).toThrow(
      expect.objectContaining({ code: "input/bad_level", params: { levels: "easy, normal" } }),
    );
    const expert = newEvent(CATALOGUE, { ...ASK, game: "onexeno-basic", tableSize: 2, fill: "computer", fillLevel: "expert" }, "t9", 0);
    expect(tableSeats(expert, ["fill-t9-1"])).toEqual([{ userId: "fill-t9-1", name: "Computer 1 (fill, expert)", computer: "expert" }]);
    const plain = newEvent(CATALOGUE, { ...ASK, game: "onexeno-basic", tableSize: 2, fill: "computer", fillLevel: "normal" }, "t10", 0);
    expect(plain.fillLevel).toBeUndefined();
    expect(tableSeats(plain, ["fill-t10-1"])).toEqual([{ userId: "fill-t10-1", name: "Computer 1 (fill)", computer: "normal" }]);
  });

  it("computer entrants are listed unranked unless the organiser ranks them; people are ranked among themselves, ties kept", () => {
    const play = (ask: EventRequest) => {
      let t = newEvent(CATALOGUE, { ...ask, tableSize: 4 }, "t5", 0);
      t = joined(joined(t, { id: "a", name: "A" }), { id: "b", name: "B" });
      t = begun(CATALOGUE, withComputers(t, 2, "normal", CATALOGUE.levels(t.game)), 0)!;
      const r = withThread(seated(CATALOGUE, t)!, 1, 0, "th");
      const players = r.played[0]!.tables[0]!.players;
      // The computers take 1st and 2nd; A and B tie for 3rd.
      const place = (p: string) => (p.startsWith("cpu-") ? (p.endsWith("1") ? 1 : 2) : 3);
      return withResult(r, "th", { players: [...players], places: players.map(place), points: players.map((p) => 10 - place(p)) })!;
    };
    const people = shownStandings(play(ASK));
    expect(people.filter((s) => s.rank === 0).map((s) => s.id)).toEqual(["cpu-t5-1", "cpu-t5-2"]);
    expect(people.filter((s) => s.rank > 0).map((s) => s.rank)).toEqual([1, 1]); // A and B tie: both first among people
    const all = shownStandings(play({ ...ASK, rankComputers: true }));
    expect(all.map((s) => [s.id, s.rank])).toEqual(eventStandings(play({ ...ASK, rankComputers: true })).map((s) => [s.id, s.rank]));
    expect(all[0]).toMatchObject({ id: "cpu-t5-1", rank: 1 });
  });
});
