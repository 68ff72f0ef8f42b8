/**
 * The table's rules as pure transitions (src/bot/table-lobby.ts, src/bot/table-turns.ts), on the
 * fixture game: each takes a record and returns the next one, with no store, lock or clock but
 * the one given; refusals are `UserError`s with stable codes and parameters.
 */
import { describe, expect, it } from "vitest";
import { TableRules } from "../../src/bot/table-turns";
import { raceGame } from "../fixtures/race/rules";

const ADA = { userId: "ada", name: "Ada" };
const BEN = { userId: "ben", name: "Ben" };

describe("table rules", () => {
  it("open, join, start and play are pure: the record in is never changed; out of turn names whose turn it is", () => {
    let now = 1000;
    const rules = new TableRules(raceGame.definition, raceGame.seats, () => now);
    const lobby = rules.opened(undefined, { channelId: "c", guildId: "g" }, ADA, {}, "seed-1", null);
    expect(lobby).toMatchObject({ status: "lobby", rev: 1, seats: [ADA], hostId: "ada", createdAt: 1000 });
    const frozen = JSON.stringify(lobby);
    now = 2000;
    const two = rules.joined(lobby, BEN, 1);
    expect(JSON.stringify(lobby)).toBe(frozen);
    expect(two).toMatchObject({ rev: 2, updatedAt: 2000, lastBy: "ben" });
    expect(() => rules.joined(two, BEN, 2)).toThrow(expect.objectContaining({ code: "table/already_seated" }));
    expect(() => rules.started(two, "ben", 2)).toThrow(expect.objectContaining({ code: "table/not_host" }));
    const started = rules.started(two, "ada", 2);
    expect(started.status).toBe("playing");
    const first = started.state!.turn;
    const other = first === 0 ? "ben" : "ada";
    expect(() => rules.played(started, other, { kind: "play", card: started.state!.hands[first === 0 ? 1 : 0]![0]! })).toThrow(
      expect.objectContaining({ code: "action/not_your_turn", params: { name: started.seats[first]!.name } }),
    );
    const mover = started.seats[first]!.userId;
    const after = rules.played(started, mover, { kind: "play", card: started.state!.hands[first]![0]! }, started.rev);
    expect(after.moves).toHaveLength(1);
    expect(started.moves).toHaveLength(0);
    expect(() => rules.played(after, mover, { kind: "play", card: 0 }, started.rev)).toThrow(
      expect.objectContaining({ code: "table/already_done" }),
    );
  });

  it("a clock that ran out plays the seat's turn and keeps the turn clock; a computer's turn is played from its seat", () => {
    const now = 10_000;
    const rules = new TableRules(raceGame.definition, raceGame.seats, () => now);
    const lobby = rules.opened(undefined, { channelId: "c", guildId: null }, ADA, {}, "seed-2", { turnMs: 30_000, correspondence: false });
    const withCpu = rules.withComputer(lobby, "ada", "normal", 1);
    const started = rules.clocked(lobby, rules.started(withCpu, "ada", 2));
    expect(started.turnClock?.seat).toBe(started.state!.turn);
    expect(rules.woken(started, 0)).toBeUndefined(); // nothing due yet
    const late = new TableRules(raceGame.definition, raceGame.seats, () => now + 31_000);
    expect(started.state!.turn).toBe(0); // Ada, a person, plays first
    expect(rules.computerPlayed(started)).toBeUndefined();
    const woken = late.woken(started, 0);
    expect(woken?.event.kind).toBe("timeout");
    const cpuTurn = woken!.next!;
    expect(cpuTurn.moves).toEqual([{ seat: 0, move: cpuTurn.moves[0]!.move }]);
    expect(cpuTurn.seats[0]!.timeouts).toBe(1);
    const cpu = rules.computerPlayed(cpuTurn);
    expect(cpu?.moves.length).toBe(cpuTurn.moves.length + 1);
    expect(cpu?.lastBy).toBe("cpu-1");
  });
});
