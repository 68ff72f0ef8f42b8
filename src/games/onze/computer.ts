/**
 * Computer players for Onze. They see only their own view (their hand, the melds on the
 * table, the discard pile's top, what is for sale) and choose among legal moves.
 *
 * - `easy`: always draws from the stock, goes down when it holds the contract (the first way it
 *   finds), lays off now and then, discards as `normal` does but one card in three at random,
 *   never buys.
 * - `normal`: takes the discard (or buys it out of turn) when it completes a meld in the
 *   making (once down: when it lays off at once), goes down as soon as it can (laying the most cards), lays off everything it can,
 *   and discards its highest card that helps no meld.
 */
import { randInt, type RngState } from "../../engine/rng.ts";
import { cardPoints, faceOf, isWild, rankOf, suitOf, type Card } from "./cards.ts";
import { CONTRACTS, contractArrangements, contractPart } from "./melds.ts";
import { playsOnTable, type OnzeMove, type OnzeView } from "./game.ts";

export const ONZE_COMPUTER_LEVELS = ["easy", "normal"] as const;

/**
 * One easy discard in this many is a card picked at random. Every discard at random made a player
 * that could not finish: three easy seats took 11,495 moves a game on average (issue 66), and
 * with the stock's cap a third of their rounds ended with nobody out.
 */
const EASY_CARELESS = 3;
export type OnzeComputerLevel = (typeof ONZE_COMPUTER_LEVELS)[number];

/**
 * How much `card` helps `hand` (not counting itself) towards sets and runs: other naturals of
 * its rank, and naturals of its suit within three ranks. Wilds help every meld.
 */
export function usefulness(card: Card, hand: readonly Card[]): { same: number; near: number } {
  if (isWild(card)) return { same: 9, near: 9 };
  let same = 0;
  const nearRanks = new Set<number>();
  let skipped = false;
  for (const c of hand) {
    if (c === card && !skipped) {
      skipped = true;
      continue;
    }
    if (isWild(c)) continue;
    if (rankOf(c) === rankOf(card)) same++;
    if (suitOf(c) === suitOf(card) && rankOf(c) !== rankOf(card) && Math.abs(rankOf(c) - rankOf(card)) <= 3) nearRanks.add(rankOf(c));
  }
  return { same, near: nearRanks.size };
}

/** Whether `card` would complete a meld in the making: a third of a rank, or a fourth card within a run's reach. */
export function completes(card: Card, hand: readonly Card[], round: number): boolean {
  const u = usefulness(card, [...hand, card]);
  const contract = CONTRACTS[round - 1] ?? [];
  return (contract.includes("set") && u.same >= 2) || (contract.includes("run") && u.near >= 3) || isWild(card);
}

/**
 * Whether the seat to move takes `card`, the discard pile's top: before going down, when it
 * completes a meld in the making; once down, only when it lays off at once. A down player who
 * took cards for the pairs still in hand (which can no longer make a meld) kept the round going
 * for ever: three computers, all down, took and discarded in a ring and never drew from the stock
 * (2 games in 300 seeded three-computer games, and a bench soak's table at 4,580 moves in round 1).
 */
function wanted(view: OnzeView, card: Card, hand: readonly Card[]): boolean {
  if (!view.down[view.viewer ?? 0]) return completes(card, hand, view.round);
  return playsOnTable({ hands: [[card]], melds: view.melds }, 0).some((m) => m.kind === "layoff");
}

/**
 * The card to discard: before going down, one whose loss keeps the largest part of the contract
 * the hand can already lay (`contractPart`), and among those the highest card that helps no meld
 * in the making; once down, the highest card (wilds last). Never the card taken this turn, nor
 * its twin of the other deck (legal, but it looks like the taken card thrown back: a broken rule
 * to whoever watches), unless nothing else is left (`discardable`).
 *
 * Keeping the largest part matters with many wilds: a hand of wilds and five queens must keep a
 * jack of spades beside its queen of spades (a run with two wilds) rather than its fifth queen,
 * or it never goes down and the round never ends.
 */
export function discardChoice(view: OnzeView, hand: readonly Card[]): Card {
  const contract = CONTRACTS[view.round - 1] ?? [];
  const allowed = discardable(view, hand);
  const me = view.viewer ?? 0;
  const worth = (c: Card) => keepWorth(view, hand, c);
  const ranked = [...allowed].sort((a, b) => worth(a) - worth(b) || cardPoints(b) - cardPoints(a) || a - b);
  if (view.down[me]) return ranked[0] as Card;
  const kept = new Map<Card, number>();
  const partAfter = (c: Card) => {
    const i = hand.indexOf(c);
    return contractPart([...hand.slice(0, i), ...hand.slice(i + 1)], contract).length;
  };
  const whole = contractPart(hand, contract).length;
  for (const c of ranked) {
    const part = kept.get(c) ?? partAfter(c);
    kept.set(c, part);
    if (part >= whole) return c;
  }
  return ranked[0] as Card;
}

/**
 * How much the viewer of `view` wants to keep `c` of `hand` (higher: keep): once down only a wild
 * (100); before, what it adds to the contract's sets and runs in the making, wilds 100 more.
 */
export function keepWorth(view: OnzeView, hand: readonly Card[], c: Card): number {
  const contract = CONTRACTS[view.round - 1] ?? [];
  if (view.down[view.viewer ?? 0]) return isWild(c) ? 100 : 0; // down: only lay-offs matter now; shed the highest card
  const u = usefulness(c, hand);
  // A set needs three of a rank: a fourth copy and more add nothing to it, so they go first.
  const forSet = u.same >= 3 ? 0 : u.same * 2;
  return (contract.includes("set") ? forSet : 0) + (contract.includes("run") ? u.near : 0) + (isWild(c) ? 100 : 0);
}

/**
 * The cards a computer may discard from `hand`: not the card taken from the discard pile this
 * turn (the rules' own limit), and not a card of the same face either (the other deck's copy),
 * while any other card is left.
 */
export function discardable(view: OnzeView, hand: readonly Card[]): Card[] {
  const taken = view.taken;
  if (taken === null) return [...hand];
  const others = hand.filter((c) => c !== taken && faceOf(c) !== faceOf(taken));
  if (others.length) return others;
  const notTaken = hand.filter((c) => c !== taken);
  return notTaken.length ? notTaken : [...hand];
}

/** Chooses a move for the viewer of `view` (who may act now). */
export function chooseOnzeMove(view: OnzeView, level: OnzeComputerLevel, rng: RngState): OnzeMove {
  const me = view.viewer ?? 0;
  const hand = view.hand ?? [];
  if (me !== view.turn) {
    // Out of turn: buying, or no thanks.
    if (level === "normal" && view.forSale !== null && !view.claims.includes(me) && completes(view.forSale, hand, view.round))
      return { kind: "claim" };
    if (view.claims.includes(me)) return { kind: "unclaim" };
    return view.declines.includes(me) ? { kind: "claim" } : { kind: "decline" };
  }
  if (view.phase === "draw") {
    if (level === "normal" && view.discardTop !== null && wanted(view, view.discardTop, hand)) return { kind: "take" };
    return { kind: "draw" };
  }
  if (!view.down[me]) {
    const ways = contractArrangements(hand, CONTRACTS[view.round - 1] ?? [], level === "normal" ? 25 : 1, hand.length - 1);
    if (ways.length) return { kind: "down", melds: (ways[0] ?? []).map((m) => ({ kind: m.kind, cards: m.cards })) };
  } else if (!view.downThisTurn) {
    const plays = playsOnTable({ hands: [hand], melds: view.melds }, 0).filter((m) => m.kind === "layoff");
    if (plays.length && (level === "normal" || randInt(rng, 0, 1)[0] === 0)) return plays[0] as OnzeMove;
  }
  if (level === "easy") {
    // One discard in EASY_CARELESS at random; the others as `normal` would.
    const [careless, next] = randInt(rng, 1, EASY_CARELESS);
    if (careless === 1) {
      const allowed = discardable(view, hand);
      return { kind: "discard", card: allowed[randInt(next, 0, allowed.length - 1)[0]] as Card };
    }
  }
  return { kind: "discard", card: discardChoice(view, hand) };
}

/** Whether a computer of `level` wants to act out of turn now (claim a discard for sale). */
export function onzeWantsOutOfTurn(view: OnzeView, level: OnzeComputerLevel): boolean {
  const me = view.viewer ?? 0;
  const hand = view.hand ?? [];
  // Buying costs a penalty card: only before going down, with a hand not already long.
  return (
    level === "normal" &&
    me !== view.turn &&
    view.forSale !== null &&
    view.seller !== me &&
    !view.claims.includes(me) &&
    !view.down[me] &&
    hand.length <= 12 &&
    completes(view.forSale, hand, view.round)
  );
}
