/**
 * Seeds before the start (src/bot/tournament-rules.ts `seedOrder`, `seedsSwapped`;
 * docs/rules/tournaments.md "Seeds"): by rating, the unrated after in the event's shuffle, the
 * organisers' swaps applied in turn, and refused once round 1 fixed the order.
 */
import { describe, expect, it } from "vitest";
import { begun, fixedOrder, joined, newEvent, seated, seedOrder, seedsSwapped, type EventRequest } from "../../src/bot/tournament-rules.ts";
import { GAME_SET } from "../../commands/index.ts";
import { codeOf } from "../helpers/refusal.ts";

const CATALOGUE = GAME_SET.catalogue;
const ASK: EventRequest = {
  ...{ guildId: "g", channelId: "c", organiserId: "mod", name: "Cup", game: "onexeno-basic", format: "single-elimination", rounds: 1 },
  ...{ tableSize: 2, clock: null, fill: "bye", checkInMinutes: 0, autoNext: true },
};

const code = codeOf;

describe("seeds", () => {
  it("rated first by rating, swaps applied in turn, the bracket seeded as shown, no swap after the start", () => {
    let t = newEvent(CATALOGUE, ASK, "e", 0);
    for (const p of ["a", "b", "c", "d"]) t = joined(t, { id: p, name: p.toUpperCase() });
    const ratings = new Map([
      ["c", 1600],
      ["a", 1550],
    ]);
    const base = fixedOrder(t, ratings);
    expect(base.slice(0, 2)).toEqual(["c", "a"]);
    expect(seedOrder(t, ratings)).toEqual(base);
    const once = seedsSwapped(t, "a", "c");
    expect(seedOrder(once, ratings).slice(0, 2)).toEqual(["a", "c"]);
    const [u1, u2] = base.slice(2) as [string, string];
    const twice = seedsSwapped(once, "c", u2);
    expect(seedOrder(twice, ratings)).toEqual(["a", u2, u1, "c"]);
    expect(twice.seedSwaps).toEqual([
      ["a", "c"],
      ["c", u2],
    ]);
    expect(code(() => seedsSwapped(t, "a", "a"))).toBe("tournament/seeds_same");
    expect(code(() => seedsSwapped(t, "a", "zed"))).toBe("tournament/not_in_player");
    const running = seated(CATALOGUE, begun(CATALOGUE, twice, 0)!, ratings)!;
    expect(running.order).toEqual(["a", u2, u1, "c"]);
    expect(code(() => seedsSwapped(running, "a", "c"))).toBe("tournament/seeds_late");
  });
});
