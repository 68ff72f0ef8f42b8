import { describe, expect, it } from "vitest";
import { applyAction } from "../../src/engine/definition.ts";
import { randInt, seedRng } from "../../src/engine/rng.ts";
import { DECK, distinctRotations, type Rotation } from "../../src/games/onexeno/cards.ts";
import { chooseCanastaMove } from "../../src/games/onexeno/canasta-computer.ts";
import {
  canasta,
  canastaDeck,
  canastaLegalMoves,
  canastaOutcome,
  canastaView,
  idOf,
  instValue,
  meldsWith,
  rowNeighboursMatch,
  rowProblem,
  rowSum,
  setupCanasta,
  type CanastaMove,
  type CanastaState,
  type CardInst,
  type RowCard,
} from "../../src/games/onexeno/canasta.ts";

const setup = (seats: number, target = 500, seed = "c") => {
  const r = setupCanasta({ target }, seats, seed);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const play = (s: CanastaState, move: CanastaMove) => applyAction(canasta, s, { seat: s.turn, move, version: s.version });
const must = (r: ReturnType<typeof play>) => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const code = (r: ReturnType<typeof play>) => (r.ok ? "ok" : r.error.code);
const allCards = (s: CanastaState) => [
  ...s.stack,
  ...s.pile,
  ...s.hands.flat(),
  ...s.rows.flat(2).map((c) => c.card),
  ...s.xenos.flat(2).map((c) => c.card),
];

/** A row of 2 to 4 distinct deck cards worth exactly `sum` (depth-first search). */
function rowWorth(sum: number, avoid: CardInst[] = []): RowCard[] {
  const free = DECK.filter((c) => !avoid.includes(c));
  const row: RowCard[] = [];
  const go = (left: number): boolean => {
    if (left === 0 && row.length >= 2) return true;
    if (row.length === 4) return false;
    for (const card of free) {
      if (row.some((r) => r.card === card) || instValue(card) > left || (row.length === 3 && instValue(card) !== left)) continue;
      for (const rot of distinctRotations(card)) {
        const rc = { card, rot };
        if (row.length && !rowNeighboursMatch(row[row.length - 1]!, rc)) continue;
        row.push(rc);
        if (go(left - instValue(card))) return true;
        row.pop();
      }
    }
    return false;
  };
  if (!go(sum)) throw new Error(`no row worth ${sum}`);
  return row;
}

/** A state in its meld phase with a hand and rows given; everything else in the stack. */
function meldPhase(hand: CardInst[], opts: { rows?: RowCard[][]; xenos?: RowCard[][]; stack?: CardInst[] } = {}): CanastaState {
  const base = setup(2);
  const used = new Set<CardInst>([
    ...hand,
    ...(opts.rows ?? []).flat().map((c) => c.card),
    ...(opts.xenos ?? []).flat().map((c) => c.card),
  ]);
  const rest = canastaDeck(1).filter((c) => !used.has(c));
  const stack = opts.stack ?? rest.slice(1);
  const other = opts.stack ? rest.filter((c) => !stack.includes(c)).slice(1) : [];
  return {
    ...base,
    turn: 0,
    phase: "meld",
    hands: [hand, other],
    rows: [opts.rows ?? [], []],
    xenos: [opts.xenos ?? [], []],
    stack,
    pile: [rest[0]!],
    mustMeld: null,
  };
}

describe("canasta setup", () => {
  it("uses one deck up to 4 players and two from 5; deals 15 each and one card face up", () => {
    for (const n of [2, 4, 5, 8]) {
      const s = setup(n);
      expect(s.decks).toBe(n <= 4 ? 1 : 2);
      s.hands.forEach((h) => expect(h).toHaveLength(15));
      expect(s.pile).toHaveLength(1);
      expect(allCards(s).sort((a, b) => a - b)).toEqual(canastaDeck(s.decks).sort((a, b) => a - b));
      expect(s.turn).toBe((s.dealer + 1) % n);
      expect(s.phase).toBe("draw");
    }
    const bad = setupCanasta({ target: 500 }, 9, "x");
    expect(bad.ok ? "" : bad.error.code).toBe("canasta/bad_seat_count");
  });
});

describe("rows", () => {
  it("matches neighbours column by column and keeps 10 < sum <= 20", () => {
    const row = rowWorth(15);
    expect(rowProblem(row)).toBeNull();
    for (let i = 1; i < row.length; i++) expect(rowNeighboursMatch(row[i - 1]!, row[i]!)).toBe(true);
    expect(rowProblem(rowWorth(20))).toBeNull();
    expect(rowProblem(rowWorth(9))).toBe("canasta/too_low");
    // break a match by turning the second card
    const broken = row.map((c, i) => (i === 1 ? { ...c, rot: ((c.rot + 1) % 4) as Rotation } : c));
    if (!rowNeighboursMatch(broken[0]!, broken[1]!)) expect(rowProblem(broken)).toBe("canasta/no_match");
  });

  it("suggested melds are valid, distinct, XENOs first", () => {
    const s = setup(3);
    const melds = meldsWith(s.hands[0]!, null, 100);
    for (const m of melds) expect(rowProblem(m)).toBeNull();
    const keys = melds.map((m) => m.map((c) => `${c.card}@${c.rot}`).join());
    expect(new Set(keys).size).toBe(keys.length);
    const firstNon20 = melds.findIndex((m) => rowSum(m) !== 20);
    if (firstNon20 > 0) expect(melds.slice(firstNon20).every((m) => rowSum(m) !== 20)).toBe(true);
  });
});

describe("melding, XENOs and going out", () => {
  it("a row of exactly 20 becomes a XENO at once; extending at either end keeps the rules", () => {
    const x = rowWorth(20);
    const extra = DECK.filter((c) => !x.some((r) => r.card === c)).slice(0, 3);
    let s = meldPhase([...x.map((c) => c.card), ...extra]);
    s = must(play(s, { kind: "meld", cards: x }));
    expect(s.xenos[0]).toHaveLength(1);
    expect(s.rows[0]).toHaveLength(0);
    expect(s.last?.xeno).toBe(true);
  });

  it("extending: refused past 20, refused if unmatched, closes a XENO at 20", () => {
    const row = rowWorth(15);
    const hand = DECK.filter((c) => !row.some((r) => r.card === c)).filter((_, i) => i % 3 === 0);
    let s = meldPhase(hand, { rows: [row] });
    const legal = canastaLegalMoves(s, 0).filter((m): m is CanastaMove & { kind: "extend" } => m.kind === "extend");
    expect(legal.length).toBeGreaterThan(0);
    for (const m of legal)
      expect(rowProblem(m.end === "left" ? [{ card: m.card, rot: m.rot }, ...row] : [...row, { card: m.card, rot: m.rot }])).toBeNull();
    const tooBig = hand.find((c) => instValue(c) > 5)!;
    const r = play(s, { kind: "extend", row: 0, end: "right", card: tooBig, rot: distinctRotations(idOf(tooBig))[0]! });
    expect(["canasta/too_high", "canasta/no_match"]).toContain(code(r));
    const five = legal.find((m) => instValue(m.card) === 5);
    if (five) {
      s = must(play(s, five));
      expect(s.xenos[0]).toHaveLength(1);
      expect(s.rows[0]).toHaveLength(0);
    }
  });

  it("goes out with an empty hand and two XENOs, no discard needed", () => {
    const a = rowWorth(20);
    const b = rowWorth(
      20,
      a.map((c) => c.card),
    );
    const x1 = rowWorth(
      20,
      [...a, ...b].map((c) => c.card),
    );
    let s = meldPhase(
      b.map((c) => c.card),
      { xenos: [x1] },
    );
    const before = s.hand;
    s = must(play(s, { kind: "meld", cards: b }));
    expect(s.results).toHaveLength(1);
    expect(s.results[0]!.wentOut).toBe(0);
    expect(s.hand === before + 1 || s.phase === "over").toBe(true);
    const r = s.results[0]!;
    expect(r.scores[0]).toBe(r.melded[0]! + 10 * r.xenos[0]! - r.inHand[0]!);
    expect(r.xenos[0]).toBe(2);
  });

  it("an empty hand with fewer than two XENOs draws one card and ends the turn", () => {
    const a = rowWorth(17);
    const s0 = meldPhase(a.map((c) => c.card));
    const s = must(play(s0, { kind: "meld", cards: a }));
    expect(s.hands[0]).toHaveLength(1);
    expect(s.turn).toBe(1);
    expect(s.phase).toBe("draw");
    expect(s.stack).toHaveLength(s0.stack.length - 1);
  });
});

describe("the face-up pile", () => {
  it("taking obliges melding its top card before the discard; a take that could never be melded is refused", () => {
    let found = false;
    for (let i = 0; i < 200 && !found; i++) {
      const s = setup(2, 500, `take-${i}`);
      const takes = canastaLegalMoves(s, s.turn).filter((m) => m.kind === "take");
      if (takes.length === 0) {
        expect(code(play(s, { kind: "take", count: 1 }))).toBe("canasta/cannot_meld_top");
        continue;
      }
      const t = must(play(s, takes[0]!));
      expect(t.mustMeld).toBe(s.pile.at(-1));
      const anyCard = t.hands[t.turn]![0]!;
      expect(code(play(t, { kind: "discard", card: anyCard }))).toBe("canasta/must_meld_top");
      const fulfil = canastaLegalMoves(t, t.turn).find(
        (m) => (m.kind === "meld" && m.cards.some((c) => c.card === t.mustMeld)) || (m.kind === "extend" && m.card === t.mustMeld),
      );
      expect(fulfil).toBeDefined();
      const u = must(play(t, fulfil!));
      expect(u.mustMeld).toBeNull();
      found = true;
    }
    expect(found).toBe(true);
  });
});

describe("hands and sessions", () => {
  it("the hand ends at the end of the turn in which the stack ran out", () => {
    const s0 = setup(2);
    const last = s0.stack[0]!;
    const s1: CanastaState = { ...s0, stack: [last], hands: s0.hands.map((h, i) => (i === s0.turn ? h : [...h, ...s0.stack.slice(1)])) };
    const s2 = must(play(s1, { kind: "draw" }));
    expect(s2.stack).toHaveLength(0);
    expect(s2.phase).toBe("meld");
    const s3 = must(play(s2, { kind: "discard", card: s2.hands[s2.turn]![0]! }));
    expect(s3.results).toHaveLength(1);
    expect(s3.results[0]!.wentOut).toBeNull();
  });

  it("a session ends after its 20th hand when no total has passed the target (four normal computers under the sum rule: totals only fall)", () => {
    for (const seats of [4, 6]) {
      const r = setupCanasta({ target: 500 }, seats, `capped-${seats}`);
      if (!r.ok) throw new Error(r.error.message);
      let s = r.value;
      let rng = seedRng(`capped-moves-${seats}`);
      for (let k = 0; k < 20_000 && s.phase !== "over"; k++) {
        const next = canasta.apply(s, s.turn, chooseCanastaMove(canastaView(s, s.turn), "normal", rng), undefined);
        [, rng] = randInt(rng, 0, 1);
        if (!next.ok) throw new Error(next.error.code);
        s = next.value;
      }
      expect(s.phase).toBe("over");
      expect(s.results).toHaveLength(20);
      expect(Math.max(...s.totals)).toBeLessThanOrEqual(500);
      expect(canastaOutcome(s)?.winners).toEqual(s.totals.flatMap((t, i) => (t === Math.max(...s.totals) ? [i] : [])));
    }
  });

  it("views hide other hands and the stack", () => {
    const s = setup(4);
    const v = canastaView(s, null);
    expect(v.myHand).toBeNull();
    expect(JSON.stringify(v)).not.toContain('"hands"');
    expect(JSON.stringify(v)).not.toContain('"stack"');
    expect(canastaView(s, 2).myHand).toEqual(s.hands[2]);
  });
});

/** Random legal play; checks conservation after every move. */
function playout(seats: number, seed: string, target: number): CanastaState {
  let s = setup(seats, target, seed);
  let rng = seedRng(`bot:${seed}`);
  const deck = canastaDeck(s.decks).sort((a, b) => a - b);
  for (let step = 0; s.phase !== "over"; step++) {
    if (step > 20_000) throw new Error("did not terminate");
    const legal = canastaLegalMoves(s, s.turn, 12);
    const melds = legal.filter((m) => m.kind === "meld" || m.kind === "extend");
    let k: number;
    [k, rng] = randInt(rng, 0, 9);
    const pool = melds.length && k < 7 ? melds : legal.filter((m) => m.kind !== "meld" && m.kind !== "extend");
    const options = pool.length ? pool : legal;
    let i: number;
    [i, rng] = randInt(rng, 0, options.length - 1);
    s = must(play(s, options[i]!));
    const cards = allCards(s).sort((a, b) => a - b);
    if (cards.length !== deck.length || cards.some((c, j) => c !== deck[j])) throw new Error(`cards not conserved at step ${step}`);
    for (const rows of s.rows) for (const r of rows) if (rowProblem(r) !== null || rowSum(r) >= 20) throw new Error("bad open row");
    for (const xs of s.xenos) for (const r of xs) if (rowSum(r) !== 20) throw new Error("bad XENO");
  }
  return s;
}

describe("seeded random playouts", () => {
  it("sessions for 2, 4, 5 and 8 players end past the target, cards conserved across two decks", () => {
    for (const seats of [2, 4, 5, 8]) {
      for (let g = 0; g < 3; g++) {
        const s = playout(seats, `p-${seats}-${g}`, 60);
        expect(s.phase).toBe("over");
        expect(Math.max(...s.totals)).toBeGreaterThan(60);
        s.results.forEach((r) => r.scores.forEach((sc, i) => expect(sc).toBe(r.melded[i]! + 10 * r.xenos[i]! - r.inHand[i]!)));
        const sums = s.totals.map((_, i) => s.results.reduce((t, r) => t + r.scores[i]!, 0));
        expect(s.totals).toEqual(sums);
      }
    }
  });
});
