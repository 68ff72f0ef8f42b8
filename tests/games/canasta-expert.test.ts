/**
 * The expert canasta computer (issue 66): its listing of rows as card sets against the rules'
 * own listing, its packing against a plain search, its plans played through the rules (a hand it
 * can meld whole with two XENOs goes out that turn), its choices from the view alone, and seeded
 * sessions against the normal computer.
 */
import { describe, expect, it } from "vitest";
import { randInt, seedRng, shuffle, type RngState } from "../../src/engine/rng.ts";
import { chooseCanastaMove } from "../../src/games/onexeno/canasta-computer.ts";
import { expertCanastaMove, unseenCards } from "../../src/games/onexeno/canasta-expert.ts";
import { extendRow, extensionSets, mostXenos, planTurn, rowSets } from "../../src/games/onexeno/canasta-packing.ts";
import { listRows } from "../../src/games/onexeno/canasta-search.ts";
import {
  canasta,
  canastaDeck,
  canastaView,
  extendProblem,
  instValue,
  rowProblem,
  setupCanasta,
  type CanastaState,
  type CardInst,
  type Row,
} from "../../src/games/onexeno/canasta.ts";
import { ANY_COUNT, FIVE_TO_SEVEN, type RowCount } from "../../src/games/onexeno/canasta-types.ts";

/** `n` cards of a seeded one-deck shuffle. */
function cardsOf(seed: string, n: number): CardInst[] {
  return shuffle(seedRng(seed), canastaDeck(1))[0].slice(0, n);
}

const maskOf = (cards: readonly CardInst[], of: readonly CardInst[]) => of.reduce((m, c) => m | (1 << cards.indexOf(c)), 0);

/**
 * Going out by plain search (memoised, no pruning): the most XENOs of a packing of every card of
 * `n` into `sets`, or of every card but one (discarded last); -1 when neither can be had.
 */
function plainOut(n: number, sets: readonly { mask: number; points: number }[]): number {
  const memo = new Map<number, number>();
  const go = (rem: number): number => {
    if (rem === 0) return 0;
    if (memo.has(rem)) return memo.get(rem)!;
    const low = rem & -rem;
    let best = -1;
    for (const s of sets)
      if (s.mask & low && (s.mask & rem) === s.mask) {
        const r = go(rem & ~s.mask);
        if (r >= 0) best = Math.max(best, r + (s.points === 20 ? 1 : 0));
      }
    memo.set(rem, best);
    return best;
  };
  const all = (2 ** n - 1) | 0;
  let best = go(all);
  for (let i = 0; i < n; i++) best = Math.max(best, go(all & ~(1 << i)));
  return best;
}

/** Plays `seat`'s whole turn with the expert from `s` (in its meld phase); the state after. */
function playTurn(s: CanastaState, rng: RngState): CanastaState {
  const seat = s.turn;
  const hand = s.hand;
  let state = s;
  for (let k = 0; k < 40 && state.turn === seat && state.hand === hand && state.phase === "meld"; k++) {
    const next = canasta.apply(state, seat, expertCanastaMove(canastaView(state, seat), rng), undefined);
    if (!next.ok) throw new Error(next.error.code);
    state = next.value;
  }
  return state;
}

describe("the expert canasta computer", () => {
  it("lists each set of cards that can lie as a row once: the same sets as the rules' own listing, under both row rules", () => {
    for (const [count, n] of [
      [ANY_COUNT, 9],
      [FIVE_TO_SEVEN, 11],
    ] as [RowCount, number][]) {
      for (let k = 0; k < 6; k++) {
        const cards = cardsOf(`sets:${n}:${k}`, n);
        const mine = new Map(rowSets(cards, count).map((s) => [s.mask, s.points]));
        const theirs = new Set(
          listRows(cards, null, 1e6, 1e8, count).map((row) =>
            maskOf(
              cards,
              row.map((c) => c.card),
            ),
          ),
        );
        expect(new Set(mine.keys())).toEqual(theirs);
        for (const [mask, points] of mine) expect(points).toBe(cards.reduce((t, c, i) => (mask & (1 << i) ? t + instValue(c) : t), 0));
        expect(theirs.size).toBeGreaterThan(0);
      }
    }
  });

  it("lists the sets that extend an open row, each laid by moves the rules accept, never past the XENO that closes it", () => {
    let laid = 0;
    for (let k = 0; k < 12; k++) {
      const cards = cardsOf(`ext:${k}`, 14);
      const row = listRows(cards.slice(0, 6), null, 50).find((r) => r.reduce((t, c) => t + instValue(c.card), 0) < 18);
      if (!row) continue;
      const hand = cards.slice(6);
      for (const set of extensionSets(hand, row, ANY_COUNT)) {
        const moves = extendRow(hand, row, 0, set.mask);
        expect(moves).not.toBeNull();
        let r: Row = row;
        for (const [i, m] of moves!.entries()) {
          if (m.kind !== "extend") throw new Error("not an extension");
          const rc = { card: m.card, rot: m.rot };
          expect(extendProblem(r, m.end, rc)).toBeNull();
          r = m.end === "left" ? [rc, ...r] : [...r, rc];
          // Only the last card may bring the row to 20 (it closes there).
          if (i < moves!.length - 1) expect(r.reduce((t, c) => t + instValue(c.card), 0)).toBeLessThan(20);
        }
        expect(rowProblem(r)).toBeNull();
        laid++;
      }
    }
    expect(laid).toBeGreaterThan(10);
  });

  it("goes out with the most XENOs whenever a plain search can (the point bound and the narrowing lose nothing)", () => {
    let out = 0;
    for (let k = 0; k < 30; k++) {
      const cards = cardsOf(`pack:${k}`, 13);
      const plain = plainOut(cards.length, rowSets(cards, ANY_COUNT));
      const plan = planTurn(cards, [], 0, -1, ANY_COUNT, 1e9);
      expect(plan?.goesOut ?? false).toBe(plain >= 2);
      if (plan?.goesOut) {
        out++;
        const pointsOf = (m: number) => cards.reduce((t, c, i) => (m & (1 << i) ? t + instValue(c) : t), 0);
        // The plan's XENOs are the most going out can have (a XENO is worth more than any discard).
        const xenos = plan.rows.filter((m) => pointsOf(m) === 20).length;
        expect(xenos).toBe(plain);
        // Every card melded, but the discard.
        const discard = plan.discard === undefined ? 0 : 1 << plan.discard;
        expect(plan.rows.reduce((m, r) => m | r, discard)).toBe((2 ** cards.length - 1) | 0);
        expect(plan.score).toBe(pointsOf(plan.rows.reduce((m, r) => m | r, 0)) + 10 * xenos);
      }
    }
    expect(out).toBeGreaterThan(5);
    expect([mostXenos(64), mostXenos(61), mostXenos(21), mostXenos(9), mostXenos(40), mostXenos(0)]).toEqual([2, 1, -1, -1, 2, 0]);
  });

  it("goes out on the turn its plan says it can, with the plan's XENOs, every move accepted by the rules", () => {
    let wentOut = 0;
    for (let g = 0; g < 16; g++) {
      const setup = setupCanasta({ target: 500 }, 2, `out:${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      const drawn = canasta.apply(setup.value, setup.value.turn, { kind: "draw" }, undefined);
      if (!drawn.ok) throw new Error(drawn.error.code);
      const s = drawn.value;
      const seat = s.turn;
      const plan = planTurn(s.hands[seat]!, [], 0, -1, ANY_COUNT);
      const after = playTurn(s, seedRng(`out-move:${g}`));
      const result = after.results.at(-1);
      if (plan?.goesOut) {
        wentOut++;
        expect(result).toMatchObject({ hand: 1, wentOut: seat });
        expect(result!.xenos[seat]).toBe(
          plan.rows.filter((m) => s.hands[seat]!.reduce((t, c, i) => (m & (1 << i) ? t + instValue(c) : t), 0) === 20).length,
        );
      } else expect(after).toMatchObject({ hand: 1, turn: 1 - seat });
    }
    expect(wentOut).toBeGreaterThan(10);
  });

  it("chooses from the view alone: the other hand and the stack dealt otherwise, the same move for the same random seed", () => {
    let compared = 0;
    for (let g = 0; g < 6; g++) {
      const setup = setupCanasta({ target: 500 }, 3, `blind:${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      let s = setup.value;
      for (let k = 0; k < 30 && s.phase !== "over"; k++) {
        const seat = s.turn;
        const view = canastaView(s, seat);
        const hidden = [...s.hands.flatMap((h, i) => (i === seat ? [] : h)), ...s.stack];
        expect(new Set(unseenCards(view))).toEqual(new Set(hidden));
        const [pool] = shuffle(seedRng(`twin:${g}:${k}`), hidden);
        let top = 0;
        const hands = s.hands.map((h, i) => (i === seat ? h : pool.slice(top, (top += h.length))));
        const twin: CanastaState = { ...s, hands, stack: pool.slice(top) };
        expect(canastaView(twin, seat)).toEqual(view);
        expect(expertCanastaMove(canastaView(twin, seat), seedRng(`m:${k}`))).toEqual(expertCanastaMove(view, seedRng(`m:${k}`)));
        compared++;
        const next = canasta.apply(s, seat, chooseCanastaMove(view, "normal", seedRng(`n:${k}`)), undefined);
        if (!next.ok) throw new Error(next.error.code);
        s = next.value;
      }
    }
    expect(compared).toBeGreaterThan(60);
  });

  it("wins seeded two-player sessions to 500 against the normal computer, seats alternated", () => {
    let wins = 0;
    const sessions = 10;
    for (let g = 0; g < sessions; g++) {
      const expert = g % 2;
      const setup = setupCanasta({ target: 500 }, 2, `versus:${g}`);
      if (!setup.ok) throw new Error(setup.error.message);
      let s = setup.value;
      let rng = seedRng(`versus-moves:${g}`);
      for (let k = 0; k < 5000 && s.phase !== "over"; k++) {
        const view = canastaView(s, s.turn);
        const move = s.turn === expert ? expertCanastaMove(view, rng) : chooseCanastaMove(view, "normal", rng);
        [, rng] = randInt(rng, 0, 1);
        const next = canasta.apply(s, s.turn, move, undefined);
        if (!next.ok) throw new Error(`${s.turn === expert ? "expert" : "normal"}: ${next.error.code}`);
        s = next.value;
      }
      expect(s.phase).toBe("over");
      if (s.totals[expert]! > s.totals[1 - expert]!) wins++;
    }
    // The stats script's 400 sessions: see docs/testing.md. Here: far more than a fair share.
    expect(wins).toBeGreaterThanOrEqual(8);
  });
});
