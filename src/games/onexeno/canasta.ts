/**
 * ONEXENO canasta as a pure game definition: melding rows of edge-matching cards worth more
 * than 10 and at most 20 points, closing rows of exactly 20 into XENOs, games to a target.
 *
 * Source: docs/rules/onexeno-canasta.md (Start Up, The Deal, The Draw, Melding Points, Going Out, scoring) as ruled
 * in docs/rules/onexeno-canasta.md "ONEXENO canasta". Rulings made here (also in that document):
 * - 2-4 players use one deck, 5-8 players two decks (card instances `id + 256 * copy`);
 * - taking from the face-up pile obliges the player to meld the card that was on top during
 *   the same turn: the discard (or going out) is refused until then, and a take whose top
 *   card could not be melded at all with the hand is refused outright (so no one deadlocks);
 * - a row is read left to right; neighbours match when the left card's right column equals
 *   the right card's left column cell by cell (rows are single lines: no corners meet);
 * - the hand ends when someone goes out, or at the end of the turn in which the stack ran
 *   out (also when a player who must draw finds it empty);
 * - the session ends after the hand in which someone's total passes the target, or after hand
 *   `CANASTA_MAX_HANDS` (20) at the latest; the highest total wins (ties share the win). The cap
 *   is ours: with three or more players under the sum rule every total can fall hand after hand,
 *   and a session to the target alone never ended (4 to 8 normal computers: 0 of 10 in 200 hands).
 */
import type { GameDefinition, Outcome } from "../../engine/definition.ts";
import { err, ok, type Result } from "../../engine/result.ts";
import { drawForDealer } from "../../engine/dealer.ts";
import { randInt, seedRng, shuffle, type SeedDerivation } from "../../engine/rng.ts";
import { canMeldThisTurn, listRows } from "./canasta-search.ts";
import { distinctRotations, isCardId } from "./cards.ts";
export * from "./canasta-types.ts";
export * from "./canasta-rows.ts";
import { rowProblem, rowSum } from "./canasta-rows.ts";
import {
  type CardInst,
  idOf,
  instValue,
  CANASTA_HAND_SIZE,
  CANASTA_MAX_HANDS,
  MELD_MAX,
  XENO_BONUS,
  type CanastaConfig,
  CANASTA_ROWS,
  rowCount,
  type RowCard,
  type Row,
  type CanastaMove,
  type CanastaState,
  type CanastaView,
  canastaDeck,
  canastaSeatCounts,
  ANY_COUNT,
  type RowCount,
} from "./canasta-types.ts";

const handPoints = (cards: readonly CardInst[]) => cards.reduce((s, c) => s + instValue(c), 0);

function deal(base: Omit<CanastaState, "stack" | "pile" | "hands" | "rows" | "xenos" | "turn" | "phase" | "mustMeld">): CanastaState {
  const [deck, rng] = shuffle(base.rng, canastaDeck(base.decks));
  const n = base.seats;
  const hands: CardInst[][] = Array.from({ length: n }, () => []);
  let top = 0;
  for (let r = 0; r < CANASTA_HAND_SIZE; r++) for (let k = 1; k <= n; k++) hands[(base.dealer + k) % n]?.push(deck[top++] as CardInst);
  const pile = [deck[top++] as CardInst];
  return {
    ...base,
    rng,
    stack: deck.slice(top),
    pile,
    hands,
    rows: Array.from({ length: n }, () => []),
    xenos: Array.from({ length: n }, () => []),
    turn: (base.dealer + 1) % n,
    phase: "draw",
    mustMeld: null,
  };
}

/** Deals a session. Refuses a seat count outside 2..8 or a target outside 50..5000. */
export function setupCanasta(config: CanastaConfig, seats: number, seed: string, derivation?: SeedDerivation): Result<CanastaState> {
  if (!Number.isInteger(seats) || seats < 2 || seats > 8)
    return err("canasta/bad_seat_count", "Canasta needs 2 to 8 players (two decks from 5 players on).");
  if (!Number.isInteger(config.target) || config.target < 50 || config.target > 5000)
    return err("canasta/bad_target", "The target must be between 50 and 5000 points.");
  if (config.rows !== undefined && !CANASTA_ROWS.includes(config.rows))
    return err("canasta/bad_rows", "Rows are `sum` or `five-to-seven`.");
  const decks: 1 | 2 = seats <= 4 ? 1 : 2;
  const drawn = drawForDealer(seedRng(`canasta:${seed}`, derivation), seats, canastaDeck(decks), instValue);
  return ok(
    deal({
      schema: 1,
      version: 0,
      game: "canasta",
      seats,
      decks,
      target: config.target,
      ...(config.rows === "five-to-seven" ? { rowRule: config.rows } : {}),
      rng: drawn.rng,
      hand: 1,
      dealer: drawn.dealer,
      dealerDraw: drawn.rounds,
      totals: Array.from({ length: seats }, () => 0),
      results: [],
      last: null,
    }),
  );
}

/** Scores the hand; deals the next one or ends the session. */
function finishHand(s: CanastaState, wentOut: number | null): CanastaState {
  const melded = s.rows.map((rows, i) => rows.reduce((t, r) => t + rowSum(r), 0) + (s.xenos[i] ?? []).reduce((t, r) => t + rowSum(r), 0));
  const xenos = s.xenos.map((x) => x.length);
  const inHand = s.hands.map(handPoints);
  const scores = melded.map((m, i) => m + XENO_BONUS * (xenos[i] as number) - (inHand[i] as number));
  const totals = s.totals.map((t, i) => t + (scores[i] as number));
  const results = [...s.results, { hand: s.hand, melded, xenos, inHand, scores, wentOut }];
  if (totals.some((t) => t > s.target) || s.hand >= CANASTA_MAX_HANDS) return { ...s, totals, results, phase: "over", mustMeld: null };
  const [, rng] = randInt(s.rng, 0, 1);
  return deal({ ...s, rng, hand: s.hand + 1, dealer: (s.dealer + 1) % s.seats, totals, results });
}

/** Ends the turn of `s.turn`: the hand ends if the stack is empty, else the next player draws. */
function endTurn(s: CanastaState): CanastaState {
  if (s.stack.length === 0) return finishHand(s, null);
  return { ...s, turn: (s.turn + 1) % s.seats, phase: "draw", mustMeld: null };
}

/** After the hand empties: go out with two XENOs, else draw one card and end the turn. */
function afterEmptyHand(s: CanastaState, seat: number): CanastaState {
  if ((s.xenos[seat]?.length ?? 0) >= 2) return finishHand({ ...s, last: s.last ? { ...s.last, wentOut: true } : s.last }, seat);
  if (s.stack.length === 0) return finishHand(s, null);
  const [card, ...stack] = s.stack;
  const hands = s.hands.map((h, i) => (i === seat ? [card as CardInst] : h));
  return endTurn({ ...s, stack, hands });
}

const without = (cards: readonly CardInst[], remove: readonly CardInst[]): CardInst[] | null => {
  const out = [...cards];
  for (const r of remove) {
    const i = out.indexOf(r);
    if (i < 0) return null;
    out.splice(i, 1);
  }
  return out;
};

/**
 * Can `card` be melded this turn from `hand` (which includes it) with the open `rows`: in a
 * new row, or at a row's end after any extensions from the hand? Exact (canasta-search.ts).
 */
export function canMeldCard(hand: readonly CardInst[], rows: readonly Row[], card: CardInst, count: RowCount = ANY_COUNT): boolean {
  return canMeldThisTurn(hand, rows, card, count);
}

/** Why adding `rc` at `end` of `row` is refused, or null. */
export function extendProblem(row: Row, end: "left" | "right", rc: RowCard, count: RowCount = ANY_COUNT): string | null {
  return rowProblem(end === "left" ? [rc, ...row] : [...row, rc], count);
}

/**
 * Valid new rows from `hand` (up to `limit`), each listed once (a row and the same cards
 * turned half round in reverse order are one row). With `must`, only rows containing it.
 * Order: rows worth exactly 20 first, then by sum, then by length. See `listRows`.
 */
export function meldsWith(hand: readonly CardInst[], must: CardInst | null, limit = 200, count: RowCount = ANY_COUNT): RowCard[][] {
  return listRows(hand, must, limit, 200_000, count);
}

/**
 * The smallest number of cards `seat` may take from the face-up pile (its top card must be
 * meldable this turn), or null when no take is allowed. Taking more only adds cards to the
 * hand, so every count from this one up to the whole pile is allowed too.
 */
export function smallestTake(s: CanastaState, seat: number): number | null {
  const top = s.pile[s.pile.length - 1];
  if (top === undefined) return null;
  const hand = s.hands[seat] ?? [];
  const rows = s.rows[seat] ?? [];
  const can = (n: number) => canMeldCard([...hand, ...s.pile.slice(s.pile.length - n)], rows, top, rowCount(s.rowRule));
  if (!can(s.pile.length)) return null;
  let lo = 1;
  let hi = s.pile.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (can(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Closes a row that reached exactly 20 into a XENO. */
function settleRow(rows: readonly Row[], xenos: readonly Row[], index: number): { rows: Row[]; xenos: Row[]; xeno: boolean } {
  const row = rows[index] as Row;
  if (rowSum(row) === MELD_MAX) return { rows: rows.filter((_, i) => i !== index), xenos: [...xenos, row], xeno: true };
  return { rows: [...rows], xenos: [...xenos], xeno: false };
}

function applyCanasta(s: CanastaState, seat: number, move: CanastaMove): Result<CanastaState> {
  const hand = s.hands[seat] ?? [];
  const count = rowCount(s.rowRule);
  const setSeat = <T>(arr: readonly T[], v: T) => arr.map((x, i) => (i === seat ? v : x));
  switch (move.kind) {
    case "draw": {
      if (s.phase !== "draw") return err("canasta/already_drew", "You have drawn this turn already.");
      if (s.stack.length === 0) return err("canasta/stack_empty", "The stack is empty: take from the face-up pile.");
      const [card, ...stack] = s.stack;
      return ok({
        ...s,
        stack,
        hands: setSeat(s.hands, [...hand, card as CardInst]),
        phase: "meld",
        last: { seat, kind: "draw", cards: [], count: 1, xeno: false, wentOut: false },
      });
    }
    case "take": {
      if (s.phase !== "draw") return err("canasta/already_drew", "You have drawn this turn already.");
      if (!Number.isInteger(move.count) || move.count < 1 || move.count > s.pile.length)
        return err("canasta/bad_count", `You can take 1 to ${s.pile.length} cards from the face-up pile.`, { max: s.pile.length });
      const taken = s.pile.slice(s.pile.length - move.count);
      const top = s.pile[s.pile.length - 1] as CardInst;
      const newHand = [...hand, ...taken];
      if (!canMeldCard(newHand, s.rows[seat] ?? [], top, count))
        return err("canasta/cannot_meld_top", "You could not meld the top card of the pile with that hand, so you may not take it.");
      return ok({
        ...s,
        pile: s.pile.slice(0, s.pile.length - move.count),
        hands: setSeat(s.hands, newHand),
        phase: "meld",
        mustMeld: top,
        last: { seat, kind: "take", cards: [], count: move.count, xeno: false, wentOut: false },
      });
    }
    case "meld": {
      if (s.phase !== "meld") return err("canasta/draw_first", "Draw first: from the stack, or take from the face-up pile.");
      const cards = move.cards;
      if (!Array.isArray(cards) || cards.some((c) => !isCardId(idOf(c.card)) || ![0, 1, 2, 3].includes(c.rot)))
        return err("canasta/bad_cards", "That is not a row of cards.");
      const rest = without(
        hand,
        cards.map((c) => c.card),
      );
      if (!rest) return err("canasta/card_not_in_hand", "A card of that row is not in your hand.", { context: "row" });
      const problem = rowProblem(cards, count);
      if (problem) return err(problem, PROBLEMS[problem] ?? "That row is not valid.");
      const rows = [...(s.rows[seat] ?? []), cards];
      const settled = settleRow(rows, s.xenos[seat] ?? [], rows.length - 1);
      const mustMeld = s.mustMeld !== null && cards.some((c) => c.card === s.mustMeld) ? null : s.mustMeld;
      if (mustMeld !== null && !canMeldCard(rest, settled.rows, mustMeld, count))
        return err(
          "canasta/keep_top_meldable",
          "Meld the card you took from the pile first: after this row it could not be melded any more.",
          { context: "row" },
        );
      const next: CanastaState = {
        ...s,
        hands: setSeat(s.hands, rest),
        rows: setSeat(s.rows, settled.rows),
        xenos: setSeat(s.xenos, settled.xenos),
        mustMeld,
        last: { seat, kind: "meld", cards, count: cards.length, xeno: settled.xeno, wentOut: false },
      };
      return ok(rest.length === 0 ? afterEmptyHand(next, seat) : next);
    }
    case "extend": {
      if (s.phase !== "meld") return err("canasta/draw_first", "Draw first: from the stack, or take from the face-up pile.");
      const row = (s.rows[seat] ?? [])[move.row];
      if (!row) return err("canasta/no_row", "You have no open row with that number.");
      if (move.end !== "left" && move.end !== "right") return err("canasta/bad_end", "Say left or right.");
      if (![0, 1, 2, 3].includes(move.rot)) return err("canasta/bad_cards", "That is not a rotation.", { context: "rotation" });
      const rest = without(hand, [move.card]);
      if (!rest) return err("canasta/card_not_in_hand", "That card is not in your hand.");
      const rc = { card: move.card, rot: move.rot };
      const problem = extendProblem(row, move.end, rc, count);
      if (problem) return err(problem, PROBLEMS[problem] ?? "That card does not fit there.");
      const rows = (s.rows[seat] ?? []).map((r, i) => (i === move.row ? (move.end === "left" ? [rc, ...r] : [...r, rc]) : r));
      const settled = settleRow(rows, s.xenos[seat] ?? [], move.row);
      const mustMeld = s.mustMeld === move.card ? null : s.mustMeld;
      if (mustMeld !== null && !canMeldCard(rest, settled.rows, mustMeld, count))
        return err("canasta/keep_top_meldable", "Meld the card you took from the pile first: after this it could not be melded any more.");
      const next: CanastaState = {
        ...s,
        hands: setSeat(s.hands, rest),
        rows: setSeat(s.rows, settled.rows),
        xenos: setSeat(s.xenos, settled.xenos),
        mustMeld,
        last: { seat, kind: "extend", cards: [rc], count: 1, xeno: settled.xeno, wentOut: false },
      };
      return ok(rest.length === 0 ? afterEmptyHand(next, seat) : next);
    }
    case "discard": {
      if (s.phase !== "meld") return err("canasta/draw_first", "Draw first: from the stack, or take from the face-up pile.");
      if (s.mustMeld !== null)
        return err("canasta/must_meld_top", "You took from the face-up pile: meld its top card before you end the turn.");
      const rest = without(hand, [move.card]);
      if (!rest) return err("canasta/card_not_in_hand", "That card is not in your hand.");
      const next: CanastaState = {
        ...s,
        hands: setSeat(s.hands, rest),
        pile: [...s.pile, move.card],
        last: { seat, kind: "discard", cards: [], count: 1, xeno: false, wentOut: false },
      };
      return ok(rest.length === 0 ? afterEmptyHand(next, seat) : endTurn(next));
    }
    default:
      return err("canasta/bad_move", "Unknown move.");
  }
}

const PROBLEMS: Record<string, string> = {
  "canasta/no_match": "Neighbouring cards in a row must match: the left card's right column has to equal the right card's left column.",
  "canasta/too_low": "A row must be worth more than 10 points.",
  "canasta/too_high": "A row may be worth at most 20 points.",
  "canasta/too_few": "With rows of five to seven, a new row needs at least 5 cards.",
  "canasta/too_many": "With rows of five to seven, a row holds at most 7 cards.",
};

/**
 * Legal moves of `seat`: draw/take in the draw phase; in the meld phase every extension,
 * the suggested new rows (up to `meldLimit`, see `meldsWith`) and every discard.
 */
export function canastaLegalMoves(s: CanastaState, seat: number, meldLimit = 200): CanastaMove[] {
  if (s.phase === "over" || seat !== s.turn) return [];
  const hand = s.hands[seat] ?? [];
  if (s.phase === "draw") {
    const out: CanastaMove[] = s.stack.length ? [{ kind: "draw" }] : [];
    const least = smallestTake(s, seat);
    if (least !== null) for (let n = least; n <= s.pile.length; n++) out.push({ kind: "take", count: n });
    return out;
  }
  const out: CanastaMove[] = [];
  const rows = s.rows[seat] ?? [];
  const distinct = [...new Set(hand)];
  rows.forEach((row, i) => {
    for (const end of ["left", "right"] as const)
      for (const card of distinct)
        for (const rot of distinctRotations(idOf(card)))
          if (extendProblem(row, end, { card, rot }, rowCount(s.rowRule)) === null) out.push({ kind: "extend", row: i, end, card, rot });
  });
  // Rows laying the card owed from the pile come first: the general listing may not reach them.
  const seen = new Set<string>();
  const rowKey = (r: readonly RowCard[]) => r.map((c) => `${c.card}@${c.rot}`).join(",");
  const owedRows = s.mustMeld !== null ? meldsWith(hand, s.mustMeld, meldLimit, rowCount(s.rowRule)) : [];
  for (const cards of [...owedRows, ...meldsWith(hand, null, meldLimit, rowCount(s.rowRule))]) {
    if (seen.has(rowKey(cards))) continue;
    seen.add(rowKey(cards));
    out.push({ kind: "meld", cards });
  }
  if (s.mustMeld === null) {
    for (const card of distinct) out.push({ kind: "discard", card });
    return out;
  }
  // With a card owed from the pile: no discard yet, and keep only moves after which it can
  // still be melded. A move that lays the owed card settles it; a move that leaves one new
  // row holding it (a witness) untouched keeps it meldable; others go through the rules.
  const owed = s.mustMeld;
  const witnesses = listRows(hand, owed, 24, 200_000, rowCount(s.rowRule)).map((row) => new Set(row.map((c) => c.card)));
  const uses = (m: CanastaMove): CardInst[] => (m.kind === "meld" ? m.cards.map((c) => c.card) : m.kind === "extend" ? [m.card] : []);
  return out.filter((m) => {
    const cards = uses(m);
    if (cards.includes(owed)) return true;
    if (witnesses.some((w) => !cards.some((c) => w.has(c)))) return true;
    return applyCanasta(s, seat, m).ok;
  });
}

/** The view of `seat` (null = spectator). */
export function canastaView(s: CanastaState, seat: number | null): CanastaView {
  return {
    game: "canasta",
    version: s.version,
    seats: s.seats,
    viewer: seat,
    decks: s.decks,
    target: s.target,
    rowRule: s.rowRule ?? "sum",
    hand: s.hand,
    dealer: s.dealer,
    turn: s.turn,
    phase: s.phase,
    mustMeld: s.mustMeld,
    stackCount: s.stack.length,
    pile: s.pile,
    handSizes: s.hands.map((h) => h.length),
    rows: s.rows,
    xenos: s.xenos,
    totals: s.totals,
    results: s.results,
    last: s.last,
    myHand: seat === null ? null : [...(s.hands[seat] ?? [])],
  };
}

/** Final totals and winners once the session is over. */
export function canastaOutcome(s: CanastaState): Outcome | null {
  if (s.phase !== "over") return null;
  const best = Math.max(...s.totals);
  return { scores: [...s.totals], winners: s.totals.flatMap((t, i) => (t === best ? [i] : [])) };
}

export const canasta: GameDefinition<CanastaState, CanastaMove, CanastaView, CanastaConfig> = {
  id: "canasta",
  seatCounts: () => canastaSeatCounts,
  setup: setupCanasta,
  actors: (s) => (s.phase === "over" ? [] : [s.turn]),
  legalMoves: (s, seat) => canastaLegalMoves(s, seat),
  apply: (s, seat, move) => applyCanasta(s, seat, move),
  view: canastaView,
  outcome: canastaOutcome,
};
