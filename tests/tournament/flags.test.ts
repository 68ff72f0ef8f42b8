/**
 * Flagging a game, pure (src/bot/flag-rules.ts, docs/rules/tournaments.md "Flagging a game"):
 * who may flag and withdraw, one open flag a table, a void scoring as a bye for each player (and
 * left out of the ratings), a replay only of a game in play, an organiser's places for a game in
 * play; and the table's pause (src/bot/table-transitions.ts): moves refused, nothing due, the
 * turn's clock moved on by the pause when it plays on.
 */
import { describe, expect, it } from "vitest";
import { flagAnswered, flagged, flagWithdrawn, openFlag, replayOrdered, ruledResult, voided, withDesk } from "../../src/bot/flag-rules.ts";
import { correctedTables } from "../../src/bot/rerate.ts";
import { TableTransitions } from "../../src/bot/table-transitions.ts";
import type { Tournament } from "../../src/bot/tournament-record.ts";
import {
  begun,
  eventResults,
  eventStandings,
  joined,
  newEvent,
  seated,
  tablesInPlay,
  withCorrection,
  withResult,
  withThread,
  type EventRequest,
} from "../../src/bot/tournament-rules.ts";
import { GAME_SET } from "../../commands/index.ts";
import { codeOf } from "../helpers/refusal.ts";
import { seatedEvent } from "../helpers/tournament.ts";
import { raceGame } from "../fixtures/race/rules.ts";

const CATALOGUE = GAME_SET.catalogue;
const ASK: EventRequest = {
  ...{ guildId: "g", channelId: "c", organiserId: "mod", name: "Cup", game: "onexeno-basic", format: "swiss", rounds: 2 },
  ...{ tableSize: 2, clock: null, fill: "bye", checkInMinutes: 0, autoNext: true },
};

/** A running event of four people, round 1 seated at two tables in threads `th1`, `th2`. */
const running = (ask: EventRequest = ASK): Tournament => seatedEvent(ask, 4);

const code = codeOf;

describe("flagging a game", () => {
  it("only a player of a table of a running event flags it, once at a time; only they withdraw it", () => {
    const t = running();
    const [a, b] = t.played[0]!.tables[0]!.players as [string, string];
    const other = t.played[0]!.tables[1]!.players[0]!;
    expect(code(() => flagged(t, "th1", other, 5))).toBe("flag/not_player");
    expect(code(() => flagged(t, "nowhere", a, 5))).toBe("flag/not_table");
    expect(code(() => flagged({ ...t, status: "over" }, "th1", a, 5))).toBe("flag/not_table");
    const one = withDesk(flagged(t, "th1", a, 5, "misdeal"), 1, "desk1", true);
    expect(openFlag(one, "th1")).toEqual({
      ...{ n: 1, threadId: "th1", round: 1, table: 1, by: a, at: 5, reason: "misdeal", deskId: "desk1", paused: true, status: "open" },
    });
    expect(code(() => flagged(one, "th1", b, 6))).toBe("flag/open");
    // A flag whose thread was never made (the bot stopped half-way) is replaced by the next one.
    const cut = flagged(flagged(t, "th1", a, 5), "th1", b, 6);
    expect(cut.flags!.map((f) => [f.by, f.status])).toEqual([
      [a, "withdrawn"],
      [b, "open"],
    ]);
    expect(flagged(one, "th2", other, 6).flags!.map((f) => f.n)).toEqual([1, 2]); // another table's flag is its own
    expect(code(() => flagWithdrawn(one, 1, b))).toBe("flag/not_yours");
    const withdrawn = flagWithdrawn(one, 1, a);
    expect(openFlag(withdrawn, "th1")).toBeUndefined();
    expect(code(() => flagWithdrawn(withdrawn, 1, a))).toBe("flag/closed");
    // Withdrawn, the table may be flagged again; once answered, the flag cannot be withdrawn.
    const again = flagged(withdrawn, "th1", b, 7);
    const answered = flagAnswered(again, 2, "resume", "mod", 8);
    expect(answered.flags![1]).toMatchObject({ status: "answered", answer: { kind: "resume", by: "mod", at: 8 } });
    expect(code(() => flagWithdrawn(answered, 2, b))).toBe("flag/closed");
    expect(code(() => flagAnswered(answered, 2, "void", "mod", 9))).toBe("flag/closed");
  });

  it("a void scores as a bye for each of its players, is kept as a correction, and is left out of the ratings", () => {
    const t = running();
    const [a, b] = t.played[0]!.tables[0]!.players as [string, string];
    const v = voided(t, "th1", "mod", 9, "the deal was seen");
    expect(v.played[0]!.tables[0]).toMatchObject({ void: true, result: { places: [1, 1], points: [0, 0] } });
    expect(v.corrections).toEqual([{ kind: "void", round: 1, table: 1, players: [a, b], by: "mod", at: 9, reason: "the deal was seen" }]);
    expect(eventResults(v)[0]).toEqual({ tables: [], byes: [a, b] });
    const done = withResult(v, "th2", { players: [...v.played[0]!.tables[1]!.players], places: [1, 2], points: [5, 0] })!;
    const standings = eventStandings(done);
    for (const p of [a, b]) expect(standings.find((s) => s.id === p)).toMatchObject({ placement: 0.5, byes: 1, games: 0 });
    expect(correctedTables([done]).get("e|th1")).toBeNull();
    // A correction afterwards makes it a game again.
    const fixed = withCorrection(done, "th1", "2 1", "mod", 10)!;
    expect(fixed.played[0]!.tables[0]!.void).toBeUndefined();
    expect(correctedTables([fixed]).get("e|th1")).toEqual([2, 1]);
  });

  it("a bracket's match is never voided; a replay is only of a game in play; places are ruled for one in play", () => {
    let bracket = newEvent(CATALOGUE, { ...ASK, format: "single-elimination" }, "b", 0);
    for (let i = 1; i <= 4; i++) bracket = joined(bracket, { id: `p${i}`, name: `P${i}` });
    bracket = seated(CATALOGUE, begun(CATALOGUE, bracket, 0)!)!;
    const first = tablesInPlay(bracket)[0]!;
    bracket = withThread(bracket, first.round.number, first.index, "bt1");
    expect(code(() => voided(bracket, "bt1", "mod", 1))).toBe("flag/void_bracket");

    const t = running();
    const players = t.played[0]!.tables[0]!.players;
    expect(replayOrdered(t, "th1", "mod", 3, "cards shown").corrections).toEqual([
      { kind: "replay", round: 1, table: 1, players: [...players], by: "mod", at: 3, reason: "cards shown" },
    ]);
    const ruled = ruledResult(t, "th1", "2 1", "mod", 4, "timeout");
    expect(ruled.played[0]!.tables[0]!.result).toEqual({ players: [...players], places: [2, 1], points: [0, 0] });
    expect(ruled.corrections!.at(-1)).toMatchObject({ kind: "result", before: [], after: [2, 1], reason: "timeout" });
    expect(code(() => replayOrdered(ruled, "th1", "mod", 5))).toBe("flag/replay_over");
    expect(code(() => ruledResult(ruled, "th1", "1 2", "mod", 5))).toBe("tournament/no_table");
    expect(code(() => ruledResult(t, "th1", "3 1", "mod", 5))).toBe("tournament/bad_places");
  });
});

describe("a paused table", () => {
  it("refuses moves, has nothing due, and plays on with its clock moved on by the pause", () => {
    let now = 10_000;
    const rules = new TableTransitions(raceGame.definition, raceGame.seats, () => now);
    const lobby = rules.opened(undefined, { channelId: "c", guildId: "g" }, { userId: "ada", name: "Ada" }, {}, "s", {
      ...{ turnMs: 30_000, correspondence: false },
    });
    const two = rules.joined(lobby, { userId: "ben", name: "Ben" }, 1);
    const started = rules.clocked(two, rules.started(two, "ada", 2));
    const due = started.turnClock!.due!;
    const paused = rules.paused(started)!;
    expect(paused).toMatchObject({ paused: 10_000, rev: started.rev });
    expect(rules.paused(paused)).toBeUndefined();
    expect(rules.wakeAt(paused, 0)).toBeNull();
    now = due + 60_000; // long past the turn's end: nothing happens while paused
    expect(rules.woken(paused, 0)).toBeUndefined();
    const mover = paused.seats[paused.state!.turn]!.userId;
    expect(code(() => rules.played(paused, mover, { kind: "play", card: paused.state!.hands[paused.state!.turn]![0]! }))).toBe(
      "table/paused",
    );
    const back = rules.unpaused(paused)!;
    expect(back.paused).toBeUndefined();
    expect(back.turnClock!.due).toBe(due + (now - 10_000));
    expect(rules.wakeAt(back, 0)).toBe(back.turnClock!.warnAt ?? back.turnClock!.due);
    expect(rules.unpaused(back)).toBeUndefined();
  });
});
