/**
 * The `expert` computer for ONEXENO basic and partners (issue 66): a determinized search over the
 * game's own placement rules (src/engine/search.ts). From its seat's view it deals the cards it has
 * not seen (the other hands and the stack: the deck less its hand, the table and every trick
 * taken this hand, each seen when it was taken) at random, many times; in each deal it weighs
 * every legal move by the points it takes, the points the next player could then take with the
 * cards that deal gives them (their hand and the card they draw), and the points it keeps in hand.
 * `normal` fears every cell that any card could fill to close a line; the expert knows which
 * cards are left and how likely the next player holds one that fits.
 */
import { shuffle, type RngState } from "../../engine/rng.ts";
import { DEFAULT_SEARCH, searchMove, type Determinized, type SearchBudget } from "../../engine/search.ts";
import { thoughtModule } from "../../engine/thinking.ts";
import { candidateCells, completedLines, fieldOf, gridOf, placementProblem, type Field, type Grid, type Placed } from "./board.ts";
import { cardValue, DECK, distinctRotations, rotatePattern, type CardId } from "./cards.ts";
import { teamOf, trickPointsOf, viewLegalMoves, type OnexenoMove, type OnexenoState, type OnexenoView } from "./game.ts";

/** Weight of a card's points kept out of hand by playing it (a card held at the hand's end counts against its holder). */
const SHED = 0.5;
/**
 * Weight of what the player after next could take when the next one cannot close a line (they may
 * close it first, or change the table): an opponent's (three or more players), and a partner's
 * (partners), which counts for the team. Tuned on `npm run stats:computers`: an opponent's at 0.6
 * took three players from 44 % to 58 % against normal; a partner's above 0.2 lost partners games
 * (40 % at 0.6, 63 % at 0.1 in 100 games).
 */
const LATER_OPPONENT = 0.6;
const LATER_PARTNER = 0.1;

/** The cards the viewer of `view` has not seen this hand: the deck less its hand, the table and every trick taken. */
function unseenBy(view: OnexenoView): CardId[] {
  const seen = new Set<CardId>([...(view.myHand ?? []), ...view.table.map((p) => p.card), ...(view.takenCards ?? []).flat()]);
  return DECK.filter((c) => !seen.has(c));
}

/**
 * A full state consistent with `view` (the viewer's seat): the cards the viewer has not seen
 * dealt at random to the other hands (their sizes as shown) and the stack (its size as shown).
 * Throws when the view's counts do not add up to the deck (a view of another game's state).
 */
export function determinizeOnexeno(view: OnexenoView, rng: RngState): [OnexenoState, RngState] {
  const me = view.viewer;
  if (me === null || view.myHand === null) throw new Error("determinize: a spectator's view");
  const unseen = unseenBy(view);
  const hidden = view.handSizes.reduce((s, n, i) => (i === me ? s : s + n), 0) + view.stackCount;
  if (hidden !== unseen.length) throw new Error(`determinize: ${unseen.length} cards unseen, the view hides ${hidden}`);
  const [dealt, after] = shuffle(rng, unseen);
  let top = 0;
  const hands = view.handSizes.map((n, i) => (i === me ? [...view.myHand!] : dealt.slice(top, (top += n))));
  const stack = dealt.slice(top);
  const state: OnexenoState = {
    schema: 1,
    version: view.version,
    game: "onexeno",
    variant: view.variant,
    seats: view.seats,
    rng: after, // the deals of later hands are not searched
    handsTotal: view.handsTotal,
    hand: view.hand,
    dealer: view.dealer,
    dealerDraw: view.dealerDraw,
    stack,
    hands,
    table: view.table,
    taken: view.takenCards ?? view.handSizes.map(() => []),
    turn: view.turn,
    out: view.out,
    totals: view.totals,
    results: view.results,
    last: view.last,
    phase: view.phase,
  };
  return [state, after];
}

/** A candidate move with what does not depend on the deal: the points it takes, what it sheds, whether it goes out, and the replies it leaves open. */
interface Weighed {
  readonly taken: number;
  readonly shed: number;
  readonly goesOut: boolean;
  /** For each card the viewer has not seen that could close a line on `table`, the most points it would take. */
  readonly replies: ReadonlyMap<CardId, number>;
}

/** Cells of `table` where any card would close a line of five (geometry only). */
function closingCells(table: readonly Placed[], grid: Grid, field: Field | null): { x: number; y: number }[] {
  return candidateCells(table, grid, field).filter((c) => {
    const withCard = [...table, { card: 0, rot: 0 as const, x: c.x, y: c.y }];
    const f = fieldOf(withCard);
    return f !== null && completedLines(gridOf(withCard), f, c.x, c.y).length > 0;
  });
}

/**
 * For each card of `cards` that has a legal placement closing a line on `table`, the most points
 * such a placement takes: computed once a candidate move, read in every deal.
 */
function replyPoints(table: readonly Placed[], cards: readonly CardId[]): Map<CardId, number> {
  const grid = gridOf(table);
  const field = fieldOf(table);
  const out = new Map<CardId, number>();
  for (const cell of closingCells(table, grid, field))
    for (const card of cards)
      for (const rot of distinctRotations(card))
        if (placementProblem(grid, field, cell.x, cell.y, rotatePattern(card, rot)) === null)
          out.set(card, Math.max(out.get(card) ?? 0, trickPointsOf({ table }, { kind: "place", card, rot, x: cell.x, y: cell.y })));
  return out;
}

/** The most points a player holding `hand` could take after `w` (0: no card of theirs closes a line). */
function bestReply(w: Weighed, hand: readonly CardId[]): number {
  let best = 0;
  for (const card of hand) best = Math.max(best, w.replies.get(card) ?? 0);
  return best;
}

/** Points held by `seat`'s partners still in play (partners only; 0 otherwise), as the deal has them. */
function partnersHeld(state: OnexenoState, seat: number): number {
  if (state.variant !== "partners") return 0;
  let held = 0;
  state.hands.forEach((h, i) => {
    if (i !== seat && !state.out[i] && teamOf(i, state.seats) === teamOf(seat, state.seats))
      held += h.reduce((t, c) => t + cardValue(c), 0);
  });
  return held;
}

/** The next seat in play after `seat` (the one whose reply is weighed), or null when nobody else is. */
function nextInPlay(state: OnexenoState, seat: number): number | null {
  for (let k = 1; k < state.seats; k++) {
    const s = (seat + k) % state.seats;
    if (!state.out[s]) return s;
  }
  return null;
}

/** The search's view of ONEXENO for one decision (its per-move work shared across deals). */
function onexenoSearch(view: OnexenoView): Determinized<OnexenoState, OnexenoView, OnexenoMove> {
  const weighed = new Map<OnexenoMove, Weighed>();
  const hand = view.myHand ?? [];
  const handPoints = hand.reduce((s, c) => s + cardValue(c), 0);
  const unseen = unseenBy(view);
  const weigh = (m: OnexenoMove): Weighed => {
    const known = weighed.get(m);
    if (known) return known;
    let w: Weighed;
    if (m.kind === "pass") w = { taken: 0, shed: 0, goesOut: false, replies: replyPoints(view.table, unseen) };
    else {
      const placed = [...view.table, { card: m.card, rot: m.rot, x: m.x, y: m.y }];
      const f = fieldOf(placed);
      const lines = f ? completedLines(gridOf(placed), f, m.x, m.y) : [];
      const cells = new Set(lines.flatMap((l) => l.cells.map((c) => `${c.x},${c.y}`)));
      const table = placed.filter((p) => !cells.has(`${p.x},${p.y}`));
      w = { taken: trickPointsOf(view, m), shed: cardValue(m.card), goesOut: hand.length === 1, replies: replyPoints(table, unseen) };
    }
    weighed.set(m, w);
    return w;
  };
  return {
    determinize: determinizeOnexeno,
    candidates: viewLegalMoves,
    value(state, seat, m) {
      const w = weigh(m);
      const next = nextInPlay(state, seat);
      const partner = next !== null && state.variant === "partners" && teamOf(next, state.seats) === teamOf(seat, state.seats);
      // Going out ends the hand: the others keep what they hold, which counts against them.
      if (w.goesOut || next === null) return w.taken + SHED * w.shed + (w.goesOut ? 10 : 0);
      // A pass with the stack gone locks the seat out (partners: the whole team): every hand locked counts against it.
      const locked = m.kind === "pass" && state.stack.length === 0 ? handPoints + partnersHeld(state, seat) : 0;
      // The next player draws the stack's top card first (if any), then may close a line.
      const theirs = state.stack.length ? [...(state.hands[next] ?? []), state.stack[0] as CardId] : (state.hands[next] ?? []);
      const reply = bestReply(w, theirs);
      // At three or more, a line the next player cannot close waits for the one after (who has not drawn yet).
      const after = reply === 0 && state.seats > 2 ? nextInPlay(state, next) : null;
      const laterPartner = after !== null && state.variant === "partners" && teamOf(after, state.seats) === teamOf(seat, state.seats);
      const later = after !== null && after !== seat ? bestReply(w, state.hands[after] ?? []) : 0;
      return (
        w.taken + SHED * w.shed - locked - (partner ? -reply : reply) + (laterPartner ? LATER_PARTNER * later : -LATER_OPPONENT * later)
      );
    },
  };
}

/**
 * The expert's move for the viewer of `view` (who must be the seat to move): the legal move of
 * best mean value over `budget.samples` deals of the unseen cards (src/engine/search.ts). Reads
 * nothing but the view. A pass when there is no legal move.
 */
export function expertOnexenoMove(view: OnexenoView, rng: RngState, budget: SearchBudget = DEFAULT_SEARCH): OnexenoMove {
  if (view.viewer === null || viewLegalMoves(view).length === 0) return { kind: "pass" };
  return searchMove(onexenoSearch(view), view, view.viewer, rng, budget);
}

/**
 * The expert's search as a thought job (src/engine/thinking.ts): the table layer runs
 * `ONEXENO_THOUGHTS.job("expert", view, seed)` on a picture thread, which loads this module by
 * its URL; the answer is `expertOnexenoMove(view, seedRng(seed))` at the default budget.
 */
export const ONEXENO_THOUGHTS = thoughtModule(import.meta.url, {
  expert: (view: OnexenoView, rng: RngState): OnexenoMove => expertOnexenoMove(view, rng),
});
