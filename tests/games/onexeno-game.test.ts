import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyAction } from "../../src/engine/definition.ts";
import { randInt, seedRng } from "../../src/engine/rng.ts";
import { fieldOf, FIELD_LIMIT, gridOf, placementProblem, placedPattern } from "../../src/games/onexeno/board.ts";
import { cardValue, DECK, type CardId } from "../../src/games/onexeno/cards.ts";
import { onexeno, onexenoView, playNow, setupOnexeno, teamOf, type OnexenoMove, type OnexenoState } from "../../src/games/onexeno/game.ts";
import { chooseComputerMove } from "../../src/games/onexeno/computer.ts";
import { allCards, fillCells, scenario } from "../helpers/onexeno.ts";

const setup = (seats: number, variant: "basic" | "partners" = "basic", hands = 1, seed = "s") => {
  const r = setupOnexeno({ variant, hands }, seats, seed);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const must = (r: ReturnType<typeof playNow>) => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const points = (cards: readonly CardId[]) => cards.reduce((s, c) => s + cardValue(c), 0);

describe("setup", () => {
  it("draws for dealer (highest deals), deals 5 each, turns one card up, first player draws", () => {
    const s = setup(4);
    const lastRound = s.dealerDraw.at(-1)!;
    const best = Math.max(...lastRound.map((d) => cardValue(d.card)));
    expect(lastRound.filter((d) => cardValue(d.card) === best).map((d) => d.seat)).toEqual([s.dealer]);
    expect(s.turn).toBe((s.dealer + 1) % 4);
    s.hands.forEach((h, i) => expect(h).toHaveLength(i === s.turn ? 6 : 5));
    expect(s.table).toHaveLength(1);
    expect(s.table[0]).toMatchObject({ x: 0, y: 0 });
    expect(s.stack).toHaveLength(70 - 20 - 1 - 1);
    expect(new Set(allCards(s)).size).toBe(70);
  });

  it("redraws among tied players only", () => {
    // find a seed whose first draw ties
    for (let i = 0; i < 500; i++) {
      const s = setup(7, "basic", 1, `tie${i}`);
      if (s.dealerDraw.length > 1) {
        const first = s.dealerDraw[0]!;
        const best = Math.max(...first.map((d) => cardValue(d.card)));
        const tied = first.filter((d) => cardValue(d.card) === best).map((d) => d.seat);
        expect(tied.length).toBeGreaterThan(1);
        expect(s.dealerDraw[1]!.map((d) => d.seat)).toEqual(tied);
        return;
      }
    }
    throw new Error("no tie in 500 seeds");
  });

  it("refuses bad seat counts and hand counts with stable codes", () => {
    const bad = [
      setupOnexeno({ variant: "basic", hands: 1 }, 1, "x"),
      setupOnexeno({ variant: "basic", hands: 1 }, 8, "x"),
      setupOnexeno({ variant: "partners", hands: 1 }, 5, "x"),
      setupOnexeno({ variant: "partners", hands: 1 }, 2, "x"),
    ];
    for (const r of bad) expect(r.ok ? "" : r.error.code).toBe("onexeno/bad_seat_count");
    const h = setupOnexeno({ variant: "basic", hands: 11 }, 3, "x");
    expect(h.ok ? "" : h.error.code).toBe("onexeno/bad_hand_count");
  });

  it("is reproducible from the seed", () => {
    expect(setup(5, "basic", 2, "same")).toEqual(setup(5, "basic", 2, "same"));
    expect(setup(5, "basic", 2, "same")).not.toEqual(setup(5, "basic", 2, "other"));
  });
});

describe("turns and refusals", () => {
  it("refuses a stale version, the wrong seat, a card not in hand and a bad cell without changing state", () => {
    const s = setup(3);
    const other = (s.turn + 1) % 3;
    const snapshot = JSON.stringify(s);
    const stale = applyAction(onexeno, s, { seat: s.turn, move: { kind: "pass" }, version: s.version - 1 });
    expect(stale.ok ? "" : stale.error.code).toBe("action/stale_state_id");
    const wrong = applyAction(onexeno, s, { seat: other, move: { kind: "pass" }, version: s.version });
    expect(wrong.ok ? "" : wrong.error.code).toBe("action/not_your_turn");
    const notMine = s.hands[other]![0]!;
    const r1 = playNow(s, s.turn, { kind: "place", card: notMine, x: 1, y: 0, rot: 0 });
    expect(r1.ok ? "" : r1.error.code).toBe("onexeno/card_not_in_hand");
    const mine = s.hands[s.turn]![0]!;
    const r2 = playNow(s, s.turn, { kind: "place", card: mine, x: 3, y: 3, rot: 0 });
    expect(r2.ok ? "" : r2.error.code).toBe("onexeno/not_adjacent");
    expect(JSON.stringify(s)).toBe(snapshot);
  });

  it("passes the turn clockwise and draws for the next player; version counts moves", () => {
    const s = setup(3);
    const t = must(playNow(s, s.turn, { kind: "pass" }));
    expect(t.turn).toBe((s.turn + 1) % 3);
    expect(t.version).toBe(1);
    expect(t.hands[t.turn]).toHaveLength(6);
    expect(t.stack).toHaveLength(s.stack.length - 1);
    expect(t.out.every((o) => !o)).toBe(true); // stack not empty: a pass locks nobody out
  });
});

describe("tricks", () => {
  it("placing the centre of a full 5x5 takes 17 cards from 4 lines", () => {
    const cells = Array.from({ length: 25 }, (_, i) => ({ x: i % 5, y: Math.floor(i / 5) }));
    const full = fillCells(cells);
    const centre = full.find((p) => p.x === 2 && p.y === 2)!;
    const table = full.filter((p) => p !== centre);
    const s = scenario({ seats: 2, table, hands: [[centre.card], [DECK.find((c) => !full.some((p) => p.card === c))!]] });
    const t = must(playNow(s, 0, { kind: "place", card: centre.card, x: 2, y: 2, rot: centre.rot }));
    expect(t.last?.trick?.lines).toHaveLength(4);
    expect(t.last?.trick?.cards).toHaveLength(17);
    expect(t.taken[0]).toHaveLength(17);
    expect(t.table).toHaveLength(8);
    expect(t.last?.trick?.points).toBe(points(t.taken[0]!));
    // the field reopens: what is left spans 5x5 minus lines -> the corners of the ring remain
    expect(new Set(allCards(t)).size).toBe(70);
  });

  it("completing a row takes it and reopens the field", () => {
    const row = fillCells([0, 1, 2, 3, 4].map((x) => ({ x, y: 0 })).concat([{ x: 0, y: 1 }]));
    const last = row.find((p) => p.x === 4 && p.y === 0)!;
    const table = row.filter((p) => p !== last);
    const s = scenario({ seats: 2, table, hands: [[last.card], []], turn: 0 });
    const before = fieldOf(s.table)!;
    expect(before.xClosed).toBe(false);
    const t = must(playNow(s, 0, { kind: "place", card: last.card, x: 4, y: 0, rot: last.rot }));
    expect(t.last?.trick?.lines).toEqual(["row"]);
    expect(t.table).toEqual([row.find((p) => p.y === 1)]);
    expect(fieldOf(t.table)).toMatchObject({ xClosed: false, yClosed: false });
  });
});

describe("end game", () => {
  const stub = (seats: number, variant: "basic" | "partners" = "basic") => {
    const first = fillCells([{ x: 0, y: 0 }]);
    const hands: CardId[][] = [];
    const used = new Set(first.map((p) => p.card));
    const free = DECK.filter((c) => !used.has(c));
    for (let i = 0; i < seats; i++) hands.push(free.slice(i * 2, i * 2 + 2));
    return scenario({ seats, variant, table: first, hands, stack: [], turn: 0 });
  };

  it("a pass with an empty stack locks the player out; the hand ends when all have passed", () => {
    let s = stub(3);
    s = must(playNow(s, 0, { kind: "pass" }));
    expect(s.out).toEqual([true, false, false]);
    expect(s.turn).toBe(1);
    s = must(playNow(s, 1, { kind: "pass" }));
    expect(s.turn).toBe(2); // seat 0 is skipped from now on
    s = must(playNow(s, 2, { kind: "pass" }));
    expect(s.phase).toBe("over");
    expect(s.results).toHaveLength(1);
    const r = s.results[0]!;
    expect(r.wentOut).toBeNull();
    // nobody took anything but seat 0's parked cards; scores are taken minus hand points
    r.scores.forEach((sc, i) => expect(sc).toBe(r.taken[i]! - r.inHand[i]!));
  });

  it("in partners, one partner's pass locks out the other too", () => {
    let s = stub(4, "partners");
    expect(teamOf(0, 4)).toBe(teamOf(2, 4));
    s = must(playNow(s, 0, { kind: "pass" }));
    expect(s.out).toEqual([true, false, true, false]);
    expect(s.last?.lockedOut).toEqual([0, 2]);
    expect(s.turn).toBe(1);
    s = must(playNow(s, 1, { kind: "pass" }));
    expect(s.phase).toBe("over");
  });

  it("on an empty table a player holding cards must place one: no pass, no lock-out (basic and partners)", () => {
    for (const variant of ["basic", "partners"] as const) {
      const seats = 4;
      const hands = Array.from({ length: seats }, (_, i) => DECK.slice(i * 2, i * 2 + 2));
      for (const stack of [[], DECK.slice(20, 25)]) {
        const s = scenario({ seats, variant, table: [], hands, stack, turn: 1 });
        const r = playNow(s, 1, { kind: "pass" });
        expect(r.ok ? "accepted" : r.error.code).toBe("onexeno/must_place");
        const legal = onexeno.legalMoves(s, 1);
        expect(legal.some((m) => m.kind === "pass")).toBe(false);
        expect(legal.length).toBeGreaterThan(0);
        for (const m of legal) expect(m).toMatchObject({ kind: "place", x: 0, y: 0 });
        // The computer players (both levels) place in the centre rather than pass.
        for (const level of ["easy", "normal"] as const) {
          const m = chooseComputerMove(onexenoView(s, 1), level, seedRng("empty"));
          expect(must(playNow(s, 1, m)).out).toEqual([false, false, false, false]);
        }
      }
    }
  });

  it("playing the last card goes out and ends the hand", () => {
    const first = fillCells([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
    ]);
    const [a, b] = first;
    const s = scenario({
      seats: 2,
      table: [a!],
      hands: [[b!.card], [DECK.find((c) => c !== a!.card && c !== b!.card)!]],
      stack: [],
      turn: 0,
    });
    const t = must(playNow(s, 0, { kind: "place", card: b!.card, x: 1, y: 0, rot: b!.rot }));
    expect(t.phase).toBe("over");
    expect(t.results[0]!.wentOut).toBe(0);
    expect(t.results[0]!.inHand[0]).toBe(0);
  });
});

describe("sessions", () => {
  it("keeps running totals and passes the deal left", () => {
    let s = setup(3, "basic", 3, "session");
    const dealers = [s.dealer];
    let guard = 0;
    while (s.phase === "play" && guard++ < 5000) {
      const hand = s.hand;
      s = must(playNow(s, s.turn, { kind: "pass" }));
      if (s.hand !== hand && s.phase === "play") dealers.push(s.dealer);
    }
    expect(s.phase).toBe("over");
    expect(s.results).toHaveLength(3);
    expect(dealers).toEqual([0, 1, 2].map((k) => (dealers[0]! + k) % 3));
    const sums = [0, 1, 2].map((i) => s.results.reduce((t, r) => t + r.scores[i]!, 0));
    expect(s.totals).toEqual(sums);
    const o = onexeno.outcome(s)!;
    expect(o.winners.every((w) => o.scores[w] === Math.max(...o.scores))).toBe(true);
  });
});

describe("player view", () => {
  it("shows only the viewer's hand; spectators see none; rng and stack order never leave", () => {
    const s = setup(4);
    const spectator = onexenoView(s, null);
    expect(spectator.myHand).toBeNull();
    expect(spectator.handSizes).toEqual(s.hands.map((h) => h.length));
    const json = JSON.stringify(spectator);
    expect(json).not.toContain('"rng"');
    expect(json).not.toContain('"stack"');
    for (let seat = 0; seat < 4; seat++) {
      const v = onexenoView(s, seat);
      expect(v.myHand).toEqual(s.hands[seat]);
      expect(JSON.stringify(v)).not.toContain('"hands"');
    }
  });
});

/** Plays a whole session with a seeded random bot, checking invariants after every move. */
function playout(seats: number, variant: "basic" | "partners", seed: string): { s: OnexenoState; moves: number } {
  let s = setup(seats, variant, 1, seed);
  let rng = seedRng(`bot:${seed}`);
  let moves = 0;
  while (s.phase === "play") {
    const legal = onexeno.legalMoves(s, s.turn);
    let i: number;
    [i, rng] = randInt(rng, 0, legal.length - 1);
    // prefer placing: pass only 1 time in 8 when a placement exists
    let move = legal[i] as OnexenoMove;
    if (move.kind === "pass" && legal.length > 1) {
      let k: number;
      [k, rng] = randInt(rng, 0, 7);
      if (k > 0) move = legal[(i + 1) % (legal.length - 1)] as OnexenoMove;
    }
    const before = s;
    s = must(playNow(s, s.turn, move));
    moves++;
    // every card is in exactly one place
    const cards = allCards(s);
    if (cards.length !== 70 || new Set(cards).size !== 70) throw new Error(`conservation broken at move ${moves}`);
    // the table always matches and fits the field limit
    const f = fieldOf(s.table);
    if (f && (f.maxX - f.minX >= FIELD_LIMIT || f.maxY - f.minY >= FIELD_LIMIT)) throw new Error("field limit broken");
    for (const p of s.table) {
      const others = s.table.filter((q) => q !== p);
      const problem = placementProblem(gridOf(others), fieldOf(others), p.x, p.y, placedPattern(p));
      if (problem !== null && problem !== "not_adjacent") throw new Error(`mismatch on table: ${problem}`);
    }
    if (s.phase === "play" && before.hand === s.hand && s.out.some((o, j) => before.out[j] && !o)) throw new Error("un-locked");
    if (moves > 2000) throw new Error("did not terminate");
  }
  return { s, moves };
}

describe("seeded random playouts", () => {
  it("1000 games across 2..7 players and both team sizes terminate with cards conserved and scores by the rule", () => {
    const configs: [number, "basic" | "partners"][] = [
      [2, "basic"],
      [3, "basic"],
      [4, "basic"],
      [5, "basic"],
      [6, "basic"],
      [7, "basic"],
      [4, "partners"],
      [6, "partners"],
    ];
    let games = 0;
    let tricks = 0;
    for (let g = 0; g < 1000; g++) {
      const [seats, variant] = configs[g % configs.length]!;
      const { s } = playout(seats, variant, `playout-${g}`);
      expect(s.phase).toBe("over");
      const r = s.results[0]!;
      // score = points taken minus points in hand, per seat
      for (let i = 0; i < seats; i++) {
        expect(r.taken[i]).toBe(points(s.taken[i]!));
        expect(r.inHand[i]).toBe(points(s.hands[i]!));
        expect(s.totals[i]).toBe(r.taken[i]! - r.inHand[i]!);
      }
      // the hand ended by the rule: someone went out, or everybody was locked out
      if (r.wentOut === null) expect(s.out.every(Boolean)).toBe(true);
      else expect(s.hands[r.wentOut]).toHaveLength(0);
      tricks += s.taken.flat().length;
      games++;
    }
    expect(games).toBe(1000);
    expect(tricks).toBeGreaterThan(0);
  });
});

describe("properties", () => {
  it("states survive a JSON round trip and replay identically from seed and moves", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.string(), fc.array(fc.nat(), { maxLength: 40 }), (seats, seed, picks) => {
        let s = setup(seats, "basic", 1, seed);
        const log: OnexenoMove[] = [];
        for (const p of picks) {
          if (s.phase !== "play") break;
          const legal = onexeno.legalMoves(s, s.turn);
          const m = legal[p % legal.length]!;
          log.push(m);
          s = must(playNow(s, s.turn, m));
          expect(JSON.parse(JSON.stringify(s))).toEqual(s);
        }
        let replay = setup(seats, "basic", 1, seed);
        for (const m of log) replay = must(playNow(replay, replay.turn, m));
        expect(replay).toEqual(s);
      }),
      { numRuns: 60 },
    );
  });

  it("every enumerated move is accepted; a pass is legal while cards lie on the table", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.string(), (seats, seed) => {
        const s = setup(seats, "basic", 1, seed);
        const legal = onexeno.legalMoves(s, s.turn);
        expect(s.table.length).toBeGreaterThan(0);
        expect(legal.at(-1)).toEqual({ kind: "pass" });
        for (const m of legal) expect(playNow(s, s.turn, m).ok).toBe(true);
        expect(onexeno.legalMoves(s, (s.turn + 1) % seats)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
