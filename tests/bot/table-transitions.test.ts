/**
 * The table's rules as pure transitions (src/bot/table-lobby.ts, src/bot/table-turns.ts), on the
 * fixture game: each takes a record and returns the next one, with no store, lock or clock but
 * the one given; refusals are `UserError`s with stable codes and parameters.
 */
import { describe, expect, it } from "vitest";
import { TableTransitions } from "../../src/bot/table-transitions.ts";
import { onzeGame } from "../../src/games/onze/table-game.ts";
import type { OnzeState } from "../../src/games/onze/game.ts";
import { raceGame } from "../fixtures/race/rules.ts";

const ADA = { userId: "ada", name: "Ada" };
const BEN = { userId: "ben", name: "Ben" };

describe("table rules", () => {
  it("open, join, start and play are pure: the record in is never changed; out of turn names whose turn it is", () => {
    let now = 1000;
    const rules = new TableTransitions(raceGame.definition, raceGame.seats, () => now);
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
    const rules = new TableTransitions(raceGame.definition, raceGame.seats, () => now);
    const lobby = rules.opened(undefined, { channelId: "c", guildId: null }, ADA, {}, "seed-2", { turnMs: 30_000, correspondence: false });
    const withCpu = rules.withComputer(lobby, "ada", "normal", 1);
    const started = rules.clocked(lobby, rules.started(withCpu, "ada", 2));
    expect(started.turnClock?.seat).toBe(started.state!.turn);
    expect(rules.woken(started, 0)).toBeUndefined(); // nothing due yet
    const late = new TableTransitions(raceGame.definition, raceGame.seats, () => now + 31_000);
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

  it("a computer to move holds its discard while a person may still buy (Onze), for holdMs or until every person has decided", () => {
    let now = 50_000;
    const rules = new TableTransitions(onzeGame.definition, onzeGame.seats, () => now, 8000);
    const lobby = rules.opened(undefined, { channelId: "c", guildId: "g" }, ADA, {}, "hold-seed", null);
    const cpus = rules.withComputer(rules.withComputer(lobby, "ada", "easy", 1), "ada", "easy", 2);
    const started = rules.clocked(cpus, rules.started(cpus, "ada", 3));
    // Computer 1 (seat 1) to draw.
    const s0 = started.state as OnzeState;
    const atCpu = { ...started, state: { ...s0, turn: 1, phase: "draw" as const } };
    expect(atCpu.hold ?? null).toBeNull();
    let drew = rules.clocked(atCpu, rules.played(atCpu, "cpu-1", { kind: "draw" }, undefined, true));
    expect((drew.state as OnzeState).forSale).not.toBeNull();
    expect(drew.hold).toBe(now + 8000);
    expect(rules.wakeAt(drew, 0)).toBe(now + 8000);
    // The other computer may ask to buy at once; the seat to move waits for Ada.
    for (let cpu = rules.computerPlayed(drew); cpu; cpu = rules.computerPlayed(drew)) {
      expect(cpu.moves.at(-1)).toMatchObject({ seat: 2, move: { kind: "claim" } });
      drew = rules.clocked(drew, cpu);
      expect(drew.hold).toBe(50_000 + 8000); // the hold runs from the draw, not from each claim
    }
    now += 7999;
    expect(rules.computerPlayed(drew)).toBeUndefined();
    now += 1;
    const moved = rules.computerPlayed(drew);
    expect(moved?.moves.at(-1)?.seat).toBe(1); // its turn goes on: going down, then the discard
    // Ada decides to buy: nobody is left to decide, so the computer discards at once, and she gets the card.
    now = 50_000;
    const asked = rules.clocked(drew, rules.played(drew, "ada", { kind: "claim" }));
    expect(asked.hold).toBeNull();
    let sold = asked;
    while ((sold.state as OnzeState).turn === 1) sold = rules.clocked(sold, rules.computerPlayed(sold)!);
    expect(sold.moves.at(-1)).toMatchObject({ seat: 1, move: { kind: "discard" } });
    expect((sold.state as OnzeState).last.some((l) => l.kind === "bought" && l.seat === 0)).toBe(true);
    // Without a person who could buy (Ada is the one to move), a computer never holds.
    const adaDrew = rules.clocked(
      started,
      rules.played({ ...started, state: { ...s0, turn: 0, phase: "draw" as const } }, "ada", { kind: "draw" }),
    );
    expect(adaDrew.hold).toBeNull();
    // In a DM (no guild) nothing may move the table later: the computer never holds, it moves inside the click.
    const inDm = { ...atCpu, guildId: null };
    const dmDrew = rules.clocked(inDm, rules.played(inDm, "cpu-1", { kind: "draw" }, undefined, true));
    expect((dmDrew.state as OnzeState).forSale).not.toBeNull();
    expect(dmDrew.hold ?? null).toBeNull();
    expect(rules.computerPlayed(dmDrew)).toBeDefined();
  });
});

describe("Play again (issue 63)", () => {
  it("keeps the host with the same seats, whoever presses it; a new table is its presser's", () => {
    const rules = new TableTransitions(raceGame.definition, raceGame.seats, () => 5000);
    const lobby = rules.joined(rules.opened(undefined, { channelId: "c", guildId: "g" }, ADA, {}, "seed-1", null), BEN, 1);
    const over = { ...rules.started(lobby, "ada", 2), status: "over" as const };
    const same = rules.dealtAgain(over, BEN, true, "seed-2");
    expect(same).toMatchObject({ hostId: "ada", status: "lobby" });
    expect(same.seats.map((s) => s.userId)).toEqual(["ada", "ben"]);
    const fresh = rules.dealtAgain(over, BEN, false, "seed-3");
    expect(fresh).toMatchObject({ hostId: "ben", seats: [BEN] });
    // A host who is no longer among the people seated: the presser hosts.
    const hostGone = { ...over, seats: [{ userId: "cpu-1", name: "Ada (left)", computer: "normal" as const, leftBy: "ada" }, BEN] };
    expect(rules.dealtAgain(hostGone, BEN, true, "seed-4").hostId).toBe("ben");
  });
});
