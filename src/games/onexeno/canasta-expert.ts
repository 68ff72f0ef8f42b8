/**
 * The `expert` computer for ONEXENO canasta (issue 66). Under the sum rule most hands end on the
 * first or second turn: whoever can meld a whole hand with two XENOs goes out, and the other
 * player's cards count against them. So the expert plans whole turns exactly rather than a move
 * at a time:
 *
 * - **A turn as a packing** (src/games/onexeno/canasta-packing.ts): every set of its cards that
 *   can lie as a row or extend one of its open rows, packed exactly: going out with the most
 *   XENOs when the hand can be melded whole with two of them, else the most points melded.
 * - **The draw by expectation.** From the stack the card is unknown: the expert deals it from the
 *   cards its view has not seen (the deck less its hand, every row and XENO and the face-up pile)
 *   several times and plans each; each take from the face-up pile is planned as it is (the top
 *   card owed). The choice with the best mean plan wins; going out is worth what it takes from
 *   the other players (the cards left in their hands) beside its own points.
 *
 * It sees only its seat's view (`CanastaView`): the same view and random state give the same
 * move, whatever the hidden cards are. Source: docs/rules/onexeno-canasta.md (Your turn, Rows,
 * XENOs, Going out, Scoring).
 */
import { randInt, shuffle, type RngState } from "../../engine/rng.ts";
import { thoughtModule } from "../../engine/thinking.ts";
import { canastaViewMoves, chooseCanastaMove } from "./canasta-computer.ts";
import { extendRow, layRow, planTurn, type TurnPlan } from "./canasta-packing.ts";
import { canastaDeck, instValue, rowCount, type CanastaMove, type CanastaView, type CardInst, type Row } from "./canasta-types.ts";

/** Most cards a plan handles (its sets are 31-bit masks); a bigger hand is played as `normal` plays it. */
const MAX_PLAN_CARDS = 30;
/** Steps of the packing search for a dealt card (a draw weighed): a hand it cannot settle in these counts as one that does not go out. */
const SAMPLE_STEPS = 1_000;
/** Cards dealt from the unseen ones to weigh a draw from the stack. */
const DRAW_SAMPLES = 4;
/**
 * What going out is worth beyond its own points: the other players' cards then count against
 * them, about this much a card in their hands (the mean card is worth 4), and they lose the
 * turn they would have gone out on.
 */
const PER_CARD_LEFT = 4;
const ENDS_THEIR_HAND = 30;

/** The cards the viewer has not seen this hand: the deck(s) less its hand, every row and XENO and the face-up pile. */
export function unseenCards(view: CanastaView): CardInst[] {
  const seen = new Map<CardInst, number>();
  const see = (c: CardInst) => seen.set(c, (seen.get(c) ?? 0) + 1);
  for (const c of view.myHand ?? []) see(c);
  for (const c of view.pile) see(c);
  for (const rows of [...view.rows, ...view.xenos]) for (const row of rows) for (const rc of row) see(rc.card);
  return canastaDeck(view.decks).filter((c) => {
    const k = seen.get(c) ?? 0;
    if (k === 0) return true;
    seen.set(c, k - 1);
    return false;
  });
}

/** What a plan is worth to choose by: its score, and going out's worth to the other seats' loss. */
function worth(plan: TurnPlan | null, view: CanastaView): number {
  if (!plan) return Number.NEGATIVE_INFINITY;
  if (!plan.goesOut) return plan.score;
  const others = view.handSizes.reduce((s, k, i) => (i === view.viewer ? s : s + k), 0);
  return plan.score + PER_CARD_LEFT * others + ENDS_THEIR_HAND;
}

/** The draw phase: the take (of the fewest cards or more) or the draw whose plans are worth most. */
function chooseDraw(view: CanastaView, legal: readonly CanastaMove[], rng: RngState): CanastaMove {
  const seat = view.viewer as number;
  const hand = view.myHand ?? [];
  const rows = view.rows[seat] ?? [];
  const xenos = view.xenos[seat]?.length ?? 0;
  const count = rowCount(view.rowRule);
  let best: CanastaMove | null = null;
  let bestWorth = Number.NEGATIVE_INFINITY;
  let tookOut = false;
  for (const move of legal) {
    if (move.kind !== "take" || hand.length + move.count > MAX_PLAN_CARDS) continue;
    const cards = [...hand, ...view.pile.slice(view.pile.length - move.count)];
    const plan = planTurn(cards, rows, xenos, cards.length - 1, count);
    const w = worth(plan, view);
    if (w > bestWorth) [best, bestWorth, tookOut] = [move, w, plan?.goesOut === true];
  }
  // A take that goes out is a sure thing; a card from the stack only may be.
  if (best && bestWorth > Number.NEGATIVE_INFINITY && tookOut) return best;
  if (legal.some((m) => m.kind === "draw") && hand.length + 1 <= MAX_PLAN_CARDS) {
    const [dealt] = shuffle(rng, unseenCards(view));
    const samples = dealt.slice(0, DRAW_SAMPLES);
    const mean =
      samples.reduce((s, c) => s + worth(planTurn([...hand, c], rows, xenos, -1, count, SAMPLE_STEPS), view), 0) /
      Math.max(1, samples.length);
    if (!best || mean >= bestWorth) return { kind: "draw" };
  }
  return best ?? (legal[0] as CanastaMove);
}

/** The meld phase: the first move of the best plan of the turn, else the discard of the costliest card it keeps. */
function chooseMeld(view: CanastaView, rng: RngState): CanastaMove | null {
  const seat = view.viewer as number;
  const hand = view.myHand ?? [];
  const rows = view.rows[seat] ?? [];
  const count = rowCount(view.rowRule);
  const owed = view.mustMeld === null ? -1 : hand.indexOf(view.mustMeld);
  const plan = planTurn(hand, rows, view.xenos[seat]?.length ?? 0, owed, count);
  if (!plan) return null;
  // The owed card's row or extension first; then extensions, then new rows.
  const firstExt = [...plan.extensions].sort((a, b) => Number(owedIn(b.mask, owed)) - Number(owedIn(a.mask, owed)))[0];
  const firstRow = [...plan.rows].sort((a, b) => Number(owedIn(b, owed)) - Number(owedIn(a, owed)))[0];
  if (firstRow !== undefined && (owedIn(firstRow, owed) || !firstExt)) {
    const cards = layRow(hand, firstRow, count);
    return cards ? { kind: "meld", cards } : null;
  }
  if (firstExt) return extendRow(hand, rows[firstExt.row] as Row, firstExt.row, firstExt.mask)?.[0] ?? null;
  if (view.mustMeld !== null) return null;
  if (plan.discard !== undefined) return { kind: "discard", card: hand[plan.discard] as CardInst };
  // Nothing to meld: discard the costliest card kept (ties at random).
  const top = Math.max(...hand.map(instValue));
  const costliest = hand.filter((c) => instValue(c) === top);
  return { kind: "discard", card: costliest[randInt(rng, 0, costliest.length - 1)[0]] as CardInst };
}

const owedIn = (mask: number, owed: number) => owed >= 0 && (mask & (1 << owed)) !== 0;

/**
 * The expert's move for the viewer of `view` (who must be the seat to move), from the view
 * alone. Falls back to the normal computer's move for hands past 30 cards or if a plan cannot be
 * laid (never expected: a plan is made of sets the rules accept).
 */
export function expertCanastaMove(view: CanastaView, rng: RngState): CanastaMove {
  const normal = () => chooseCanastaMove(view, "normal", rng);
  if (view.viewer === null || view.viewer !== view.turn || view.phase === "over") return normal();
  const hand = view.myHand ?? [];
  if (view.phase === "draw") {
    const legal = canastaViewMoves(view);
    return legal.length > 0 ? chooseDraw(view, legal, rng) : normal();
  }
  if (hand.length > MAX_PLAN_CARDS) return normal();
  return chooseMeld(view, rng) ?? normal();
}

/**
 * The expert's search as a thought job, for the table layer to run on a picture thread:
 * `CANASTA_THOUGHTS.job("expert", view, seed)` answers `expertCanastaMove(view, seedRng(seed))`.
 */
export const CANASTA_THOUGHTS = thoughtModule(import.meta.url, {
  expert: (view: CanastaView, rng: RngState): CanastaMove => expertCanastaMove(view, rng),
});
