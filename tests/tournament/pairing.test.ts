/**
 * Pairings over whole simulated events, through the event's own transitions
 * (src/bot/tournament-rules.ts: `seated`, `withResult`) with seeded random results:
 * - round robin at tables of two turns one fixed order, so an even field meets everyone exactly
 *   once in n - 1 rounds and an odd field sits everyone out exactly once in n rounds, however the
 *   standings move;
 * - Swiss at tables of two never seats a pair that met while a pairing of the seated players
 *   without a repeat exists (checked by an exact search), over 1,000 seeded events of 6-16.
 */
import { fewestRepeats } from "../helpers/tournament.ts";
import { describe, expect, it } from "vitest";
import { begun, joined, newEvent, seated, withResult, withThread, type EventRequest } from "../../src/bot/tournament-rules.ts";
import type { Tournament } from "../../src/bot/tournament-record.ts";
import { seedRng, shuffle } from "../../src/engine/rng.ts";
import { addMeetings, pairKey, type Meetings } from "../../src/tournament/seating.ts";
import { GAME_SET } from "../../commands/index.ts";
const CATALOGUE = GAME_SET.catalogue;

const ASK: EventRequest = {
  guildId: "g",
  channelId: "c",
  organiserId: "mod",
  name: "League",
  game: "onexeno-basic",
  format: "swiss",
  rounds: 3,
  tableSize: 2,
  clock: null,
  fill: "bye",
  checkInMinutes: 0,
  autoNext: true,
};

/** A running event of `n` people. */
function running(ask: EventRequest, n: number, id: string): Tournament {
  let t = newEvent(CATALOGUE, ask, id, 0);
  for (let i = 1; i <= n; i++) t = joined(t, { id: `p${i}`, name: `P${i}` });
  return begun(CATALOGUE, t, 0)!;
}

/** Plays the current round: each table a thread and a random (seeded) result. */
function playRound(t: Tournament, seed: string): Tournament {
  const round = t.played.at(-1)!;
  let out = t;
  round.tables.forEach((table, i) => {
    out = withThread(out, round.number, i, `${seed}:${round.number}:${i}`);
    const [places] = shuffle(
      seedRng(`${seed}:${round.number}:${i}`),
      table.players.map((_, j) => j + 1),
    );
    out = withResult(out, `${seed}:${round.number}:${i}`, {
      players: [...table.players],
      places,
      points: places.map((p) => 10 - p),
    })!;
  });
  return out;
}

describe("round robin at tables of two", () => {
  it("meets everyone exactly once (even fields 4-16, n - 1 rounds) or sits everyone out once (odd fields, n rounds), whatever the results", () => {
    for (let n = 4; n <= 16; n++) {
      const rounds = n % 2 === 0 ? n - 1 : n;
      let t = running({ ...ASK, format: "round-robin", rounds }, n, `rr${n}`);
      for (let r = 1; r <= rounds; r++) t = playRound(seated(CATALOGUE, t)!, `rr${n}`);
      const met = addMeetings(
        new Map(),
        t.played.flatMap((r) => r.tables.map((x) => x.players)),
      );
      expect(met.size, `n=${n}`).toBe((n * (n - 1)) / 2);
      expect(Math.max(...met.values()), `n=${n}`).toBe(1);
      const byes = t.played.flatMap((r) => r.byes);
      expect(byes.length, `n=${n}`).toBe(n % 2 ? n : 0);
      expect(new Set(byes).size).toBe(byes.length);
      expect(t.order).toHaveLength(n); // the fixed order, set at round 1
    }
  });

  it("with fill: computer, an odd field's free seat is a computer each round instead of a bye", () => {
    let t = running({ ...ASK, format: "round-robin", rounds: 5, fill: "computer" }, 5, "rrc");
    for (let r = 1; r <= 5; r++) t = playRound(seated(CATALOGUE, t)!, "rrc");
    expect(t.played.flatMap((r) => r.byes)).toEqual([]);
    const vsComputer = t.played.map((r) => r.tables.find((x) => x.players.some((p) => p.startsWith("fill-")))!.players[0]);
    expect(new Set(vsComputer).size).toBe(5);
  });
});

describe("Swiss at tables of two", () => {
  it("1,000 seeded events of 6-16 entrants: no pair meets again while a pairing without a repeat exists", () => {
    let avoidable = 0;
    let repeats = 0;
    let rounds = 0;
    for (let e = 0; e < 1000; e++) {
      const n = 6 + (e % 11);
      const total = Math.min(n - 1, 3 + (e % 6));
      let t = running({ ...ASK, rounds: total }, n, `sw${e}`);
      let met: Meetings = new Map();
      for (let r = 1; r <= total; r++) {
        t = seated(CATALOGUE, t)!;
        const round = t.played.at(-1)!;
        const tables = round.tables.map((x) => x.players);
        const made = tables.reduce((s, [a, b]) => s + (met.get(pairKey(a!, b!)) ?? 0), 0);
        const least = fewestRepeats(
          tables.flat().filter((p) => !p.startsWith("fill-")),
          met,
        );
        if (made > least) avoidable++;
        repeats += made;
        rounds++;
        met = addMeetings(met, tables);
        t = playRound(t, `sw${e}`);
      }
    }
    console.log(`Swiss at tables of two: ${rounds} rounds of 1,000 events, ${repeats} repeat meetings, ${avoidable} avoidable`);
    expect(avoidable).toBe(0);
  });
});
