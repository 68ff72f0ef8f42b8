/**
 * The canasta meldability decision (docs/rules/onexeno-canasta.md "The Draw", as ruled: the pile's top
 * card must be melded in the same turn) against an independent brute force, the case the
 * review found (extend first, then meld the top card), and a two-deck pile taken whole.
 */
import { describe, expect, it } from "vitest";
import { applyAction } from "../../src/engine/definition.ts";
import { randInt, seedRng, shuffle, type RngState } from "../../src/engine/rng.ts";
import { DECK, distinctRotations } from "../../src/games/onexeno/cards.ts";
import {
  canasta,
  canastaDeck,
  canastaLegalMoves,
  canMeldCard,
  extendProblem,
  idOf,
  instValue,
  meldsWith,
  rowNeighboursMatch,
  rowProblem,
  rowSum,
  setupCanasta,
  smallestTake,
  type CanastaState,
  type CardInst,
  type Row,
  type RowCard,
} from "../../src/games/onexeno/canasta.ts";
import { extensionTo, rowAround } from "../../src/games/onexeno/canasta-search.ts";
import type { RowCount } from "../../src/games/onexeno/canasta-types.ts";

/** Every row (any order, any rotation, distinct cards) of `cards` holding `card`: plain search. */
function bruteRowWith(cards: readonly CardInst[], card: CardInst, min = 1, max = Infinity): boolean {
  const used = new Array<boolean>(cards.length).fill(false);
  const row: RowCard[] = [];
  const go = (sum: number): boolean => {
    if (row.length >= min && sum > 10 && row.some((c) => c.card === card) && rowProblem(row) === null) return true;
    if (row.length >= max) return false;
    for (let i = 0; i < cards.length; i++) {
      if (used[i] || sum + instValue(cards[i]!) > 20) continue;
      for (const rot of distinctRotations(idOf(cards[i]!))) {
        const rc = { card: cards[i]!, rot };
        if (row.length && !rowNeighboursMatch(row[row.length - 1]!, rc)) continue;
        used[i] = true;
        row.push(rc);
        const found = go(sum + instValue(cards[i]!));
        row.pop();
        used[i] = false;
        if (found) return true;
      }
    }
    return false;
  };
  return go(0);
}

/** Every sequence of extensions of the open rows (any row, end, order) until `card` is laid. */
function bruteExtend(hand: readonly CardInst[], rows: readonly Row[], card: CardInst, max = Infinity): boolean {
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    if (rowSum(row) >= 20 || row.length >= max) continue;
    for (let i = 0; i < hand.length; i++) {
      for (const rot of distinctRotations(idOf(hand[i]!))) {
        for (const end of ["left", "right"] as const) {
          const rc = { card: hand[i]!, rot };
          if (extendProblem(row, end, rc) !== null) continue;
          if (hand[i] === card) return true;
          const grown = end === "left" ? [rc, ...row] : [...row, rc];
          const rest = hand.filter((_, j) => j !== i);
          if (
            bruteExtend(
              rest,
              rows.map((x, j) => (j === r ? grown : x)),
              card,
              max,
            )
          )
            return true;
        }
      }
    }
  }
  return false;
}

/** A random valid row from `pool` (removing its cards), or null. */
function randomRow(pool: CardInst[], rng: RngState, count?: RowCount): [RowCard[] | null, RngState] {
  let r = rng;
  for (let attempt = 0; attempt < 30; attempt++) {
    let start: number;
    [start, r] = randInt(r, 0, pool.length - 1);
    const row = rowAround(pool, pool[start]!, count);
    if (row) {
      for (const c of row) pool.splice(pool.indexOf(c.card), 1);
      return [row, r];
    }
  }
  return [null, r];
}

describe("canasta: can the top card be melded this turn", () => {
  it("agrees with a brute force over 400 random hands with 0 to 2 open rows", () => {
    let rng = seedRng("meldability");
    let yes = 0;
    let viaExtension = 0;
    for (let n = 0; n < 400; n++) {
      let deck: CardInst[];
      [deck, rng] = shuffle(rng, canastaDeck(2));
      const rows: RowCard[][] = [];
      let k: number;
      [k, rng] = randInt(rng, 0, 2);
      const pool = deck.slice(0, 40);
      for (let i = 0; i < k; i++) {
        let row: RowCard[] | null;
        [row, rng] = randomRow(pool, rng);
        if (row && rowSum(row) < 20) rows.push(row);
      }
      let size: number;
      [size, rng] = randInt(rng, 3, 7);
      const hand = deck.slice(40, 40 + size);
      const top = hand[hand.length - 1]!;
      const expected = bruteRowWith(hand, top) || bruteExtend(hand, rows, top);
      expect(canMeldCard(hand, rows, top), `hand ${hand.join(",")} rows ${JSON.stringify(rows)}`).toBe(expected);
      if (expected) yes++;
      if (
        expected &&
        !bruteRowWith(hand, top) &&
        rows.every((row) =>
          [0, 1, 2, 3].every(
            (rot) =>
              extendProblem(row, "left", { card: top, rot: rot as 0 }) !== null &&
              extendProblem(row, "right", { card: top, rot: rot as 0 }) !== null,
          ),
        )
      )
        viaExtension++;
    }
    // Both answers occur, and some cases need extensions before the top card fits.
    expect(yes).toBeGreaterThan(40);
    expect(yes).toBeLessThan(400);
    expect(viaExtension).toBeGreaterThan(0);
  });

  it("allows a take whose top card fits only after the hand extends a row first (review case)", () => {
    // Row 3+8; the hand holds a 4 and a 0; the top card is worth 2 and fits only beyond the 4.
    const v = (c: CardInst) => instValue(c);
    let found: { row: RowCard[]; four: CardInst; zero: CardInst; two: CardInst } | null = null;
    const zero = DECK.find((c) => v(c) === 0)!;
    outer: for (const a of DECK.filter((c) => v(c) === 3))
      for (const b of DECK.filter((c) => v(c) === 8)) {
        for (const ra of distinctRotations(a))
          for (const rb of distinctRotations(b)) {
            const row = [
              { card: a, rot: ra },
              { card: b, rot: rb },
            ];
            if (rowProblem(row) !== null) continue;
            for (const four of DECK.filter((c) => v(c) === 4))
              for (const two of DECK.filter((c) => v(c) === 2)) {
                const hand = [four, zero, two];
                const direct = [0, 1, 2, 3].some(
                  (rot) =>
                    extendProblem(row, "left", { card: two, rot: rot as 0 }) === null ||
                    extendProblem(row, "right", { card: two, rot: rot as 0 }) === null,
                );
                if (direct || !bruteExtend(hand, [row], two)) continue;
                found = { row, four, zero, two };
                break outer;
              }
          }
      }
    expect(found).not.toBeNull();
    const { row, four, two } = found!;
    const base = setupCanasta({ target: 500 }, 2, "review");
    if (!base.ok) throw new Error(base.error.message);
    const used = new Set([...row.map((c) => c.card), four, zero, two]);
    const rest = canastaDeck(1).filter((c) => !used.has(c));
    const s: CanastaState = {
      ...base.value,
      turn: 0,
      phase: "draw",
      hands: [[four, zero], rest.slice(0, 10)],
      rows: [[row], []],
      xenos: [[], []],
      pile: [rest[10]!, two],
      stack: rest.slice(11),
      mustMeld: null,
    };
    const took = applyAction(canasta, s, { seat: 0, move: { kind: "take", count: 1 }, version: s.version });
    expect(took.ok ? "ok" : took.error.code).toBe("ok");
    expect(canastaLegalMoves(s, 0)).toContainEqual({ kind: "take", count: 1 });
    // ...and the turn can really be played: extend with the 4, then with the top card.
    const path = extensionTo([four, zero, two], row, two)!;
    let t = took.ok ? took.value : s;
    for (const rc of path.cards) {
      const r = applyAction(canasta, t, {
        seat: 0,
        move: { kind: "extend", row: 0, end: path.end, card: rc.card, rot: rc.rot },
        version: t.version,
      });
      expect(r.ok ? "ok" : r.error.code).toBe("ok");
      if (r.ok) t = r.value;
    }
    expect(t.mustMeld).toBeNull();
  });

  it("takes a whole two-deck pile of 41 when a two-card row with the top card exists", () => {
    const base = setupCanasta({ target: 500 }, 8, "pile41");
    if (!base.ok) throw new Error(base.error.message);
    const s0 = base.value;
    // Find a pair in the pile region that makes a row, put one on top, its partner deep down.
    const all = [...s0.stack, ...s0.pile, ...s0.hands.filter((_, i) => i !== s0.turn).flat()];
    let pair: [CardInst, CardInst] | null = null;
    for (const a of all) {
      for (const b of all) {
        if (a === b) continue;
        if (
          distinctRotations(idOf(a)).some((ra) =>
            distinctRotations(idOf(b)).some(
              (rb) =>
                rowProblem([
                  { card: b, rot: rb },
                  { card: a, rot: ra },
                ]) === null,
            ),
          )
        ) {
          pair = [a, b];
          break;
        }
      }
      if (pair) break;
    }
    const [top, partner] = pair!;
    const others = all.filter((c) => c !== top && c !== partner);
    const pile = [partner, ...others.slice(0, 39), top];
    const left = others.slice(39);
    const hands = s0.hands.map((h, i) => (i === s0.turn ? h : left.splice(0, 10)));
    const s: CanastaState = { ...s0, phase: "draw", pile, hands, stack: left, rows: s0.rows.map(() => []) };
    expect([...s.stack, ...s.pile, ...s.hands.flat()].sort((a, b) => a - b)).toEqual(canastaDeck(2).sort((a, b) => a - b));
    expect(pile).toHaveLength(41);
    expect(smallestTake(s, s.turn)).toBeLessThanOrEqual(41);
    const moves = canastaLegalMoves(s, s.turn);
    expect(moves).toContainEqual({ kind: "take", count: 41 });
    const took = applyAction(canasta, s, { seat: s.turn, move: { kind: "take", count: 41 }, version: s.version });
    expect(took.ok ? "ok" : took.error.code).toBe("ok");
    if (!took.ok) return;
    // The owed card has suggested rows, each holding it.
    const rows = meldsWith(took.value.hands[s.turn]!, top, 25);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(rowProblem(r)).toBeNull();
      expect(r.some((c) => c.card === top)).toBe(true);
    }
  });

  it("every count from the smallest allowed take up to the whole pile is allowed, and none below", () => {
    let rng = seedRng("takes");
    for (let n = 0; n < 60; n++) {
      let seatCount: number;
      [seatCount, rng] = randInt(rng, 5, 8);
      const base = setupCanasta({ target: 500 }, seatCount, `takes-${n}`);
      if (!base.ok) throw new Error(base.error.message);
      const s0 = base.value;
      let size: number;
      [size, rng] = randInt(rng, 1, 30);
      const s: CanastaState = { ...s0, pile: [...s0.stack.slice(0, size)], stack: s0.stack.slice(size) };
      const least = smallestTake(s, s.turn);
      for (let k = 1; k <= s.pile.length; k++) {
        const ok = canMeldCard([...s.hands[s.turn]!, ...s.pile.slice(s.pile.length - k)], s.rows[s.turn]!, s.pile.at(-1)!);
        expect(ok).toBe(least !== null && k >= least);
      }
    }
  });
});

describe("canasta variant rows:five-to-seven", () => {
  it("keeps every row at 5 to 7 cards (new rows, extensions, XENOs) and the take check stays exact", async () => {
    const { FIVE_TO_SEVEN } = await import("../../src/games/onexeno/canasta-types.ts");
    const { playCanasta } = await import("../helpers/canasta-play.ts");
    // Rows of 5 to 7 only, through whole sessions of computer players.
    let rowsSeen = 0;
    for (let i = 0; i < 6; i++) {
      playCanasta(["normal", "easy", "normal"], `five-${i}`, "five-to-seven", 3, (s) => {
        for (const seatRows of [...s.rows, ...s.xenos])
          for (const r of seatRows) {
            expect(r.length).toBeGreaterThanOrEqual(5);
            expect(r.length).toBeLessThanOrEqual(7);
            rowsSeen++;
          }
        expect(
          [...s.stack, ...s.pile, ...s.hands.flat(), ...s.rows.flat(2).map((c) => c.card), ...s.xenos.flat(2).map((c) => c.card)].sort(
            (a, b) => a - b,
          ),
        ).toEqual(canastaDeck(s.decks).sort((a, b) => a - b));
      });
    }
    expect(rowsSeen).toBeGreaterThan(0);
    // The engine refuses a short new row and an eighth card.
    const short = rowWithCount(3)!;
    expect(short).not.toBeNull();
    expect(rowProblem(short, FIVE_TO_SEVEN)).toBe("canasta/too_few");
    expect(rowProblem(short)).toBeNull();
    const long = rowWithCount(8);
    if (long) expect(rowProblem(long, FIVE_TO_SEVEN)).toBe("canasta/too_many");
    // Exactness against the brute force, with the card-count limits.
    let rng = seedRng("five-exact");
    let yes = 0;
    for (let n = 0; n < 150; n++) {
      let deck: CardInst[];
      [deck, rng] = shuffle(rng, canastaDeck(2));
      const hand = deck.slice(0, 9);
      const top = hand[8]!;
      const pool = deck.slice(20, 60);
      let row: RowCard[] | null;
      [row, rng] = randomRow(pool, rng, FIVE_TO_SEVEN);
      const rows = row && rowSum(row) < 20 ? [row] : [];
      const expected = bruteRowWith(hand, top, 5, 7) || bruteExtend(hand, rows, top, 7);
      expect(canMeldCard(hand, rows, top, FIVE_TO_SEVEN)).toBe(expected);
      if (expected) yes++;
    }
    expect(yes).toBeGreaterThan(5);
  });
});

/** A valid row of exactly `n` deck cards (sum rule), or null. */
function rowWithCount(n: number): RowCard[] | null {
  for (let k = 0; k < 200; k++) {
    const [deck] = shuffle(seedRng(`count-${n}-${k}`), canastaDeck(1));
    const cheap = deck.filter((c) => instValue(c) <= Math.floor(20 / n) + 1);
    const row = rowAround(cheap, cheap[0]!);
    if (row && row.length === n) return row;
    const grown: RowCard[] = [];
    const go = (): boolean => {
      if (grown.length === n) return rowProblem(grown) === null;
      for (const c of cheap) {
        if (grown.some((g) => g.card === c)) continue;
        for (const rot of distinctRotations(idOf(c))) {
          const rc = { card: c, rot };
          if (grown.length && !rowNeighboursMatch(grown[grown.length - 1]!, rc)) continue;
          if (rowSum([...grown, rc]) > 20) continue;
          grown.push(rc);
          if (go()) return true;
          grown.pop();
        }
      }
      return false;
    };
    if (go()) return grown;
  }
  return null;
}
