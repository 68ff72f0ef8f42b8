/**
 * Onze: contract rummy for 3 to 7 players with two decks and four jokers, seven rounds
 * (docs/rules/onze.md, with every ruling there). Pure and seeded: the state is plain
 * JSON, randomness lives in it, time never enters.
 *
 * - A turn: draw from the stock or take the top discard; go down (lay the round's contract,
 *   once a round) or, in a later turn, lay off and swap; discard. The discard ends the turn.
 * - Buying: once the active player draws from the stock, the discard they passed over is up
 *   for grabs: any other player may claim it (and withdraw) until the active player discards.
 *   At that discard it goes to the claimant whose turn comes soonest, with a penalty card from
 *   the stock; click order never matters. Going out ends the round at once: claims lapse.
 * - Going out: lay off the last card, or discard it (face down). The round is scored at once:
 *   0 for the player who went out, hand points for the others; after round 7 the lowest
 *   total wins.
 * - Going down lays the contract and leaves at least one card: the turn still ends with a
 *   discard (docs/rules/onze.md). The two ways out are laying off the last card on a later turn and the
 *   final discard (docs/rules/onze.md).
 * - A card from an empty stock: the discard pile but its top is shuffled into a new stock, at most
 *   `onzeStockRebuilds` times a round; when the stock runs out once more, or there is nothing to
 *   shuffle, the round ends with nobody out (docs/rules/onze.md, "An empty stock": the project's
 *   ruling, issue 66: without a cap, players who cannot make the contract passed the same cards
 *   round and round for ever). `npm run stats:onze` shows how long the longest rounds last.
 * - Every deal turns its upcard face up (docs/rules/onze.md: the dealer "flips the top card faceup"): the
 *   face-down final discard belongs to the round that ended.
 * - A card taken from the discard pile may not be discarded that turn (unless it is the last
 *   card: the player could otherwise never end the turn). Not ruled in docs/rules/onze.md; said so in
 *   the rules doc.
 */
import type { GameDefinition } from "../../engine/definition.ts";
import { err, ok, type Result } from "../../engine/result.ts";
import { drawForDealer } from "../../engine/dealer.ts";
import { randInt, seedRng, shuffle, type SeedDerivation } from "../../engine/rng.ts";
import { cardPoints, isJoker, ONZE_DECK, rankOf, type Card } from "./cards.ts";
import { CONTRACTS, contractText, layOff, readMeld, swapOut, type Meld } from "./melds.ts";
export * from "./types.ts";
import { ONZE_ROUNDS, ONZE_SEATS, type OnzeConfig, type OnzeMove, type OnzeLast, type OnzeState, type OnzeView } from "./types.ts";
export * from "./state-queries.ts";
import { meldProblem, onzeActors, onzeLegalMoves, onzeView, onzeOutcome } from "./state-queries.ts";
/** Cards dealt in a round: 11, or 13 in round 7. */
export const handSizeFor = (round: number): number => (round === 7 ? 13 : 11);

/** Draw order for the first dealer: jokers highest, then king down to ace. */
const drawValue = (c: Card) => (isJoker(c) ? 14 : rankOf(c));

function deal(
  base: Omit<
    OnzeState,
    | "stock"
    | "discard"
    | "hands"
    | "melds"
    | "down"
    | "turn"
    | "phase"
    | "downThisTurn"
    | "taken"
    | "forSale"
    | "claims"
    | "discardedBy"
    | "declines"
    | "faceDown"
    | "last"
    | "reshuffles"
  >,
): OnzeState {
  const [deck, rng] = shuffle(base.rng, ONZE_DECK);
  const n = base.seats;
  const hands: Card[][] = Array.from({ length: n }, () => []);
  let top = 0;
  for (let r = 0; r < handSizeFor(base.round); r++) for (let k = 1; k <= n; k++) hands[(base.dealer + k) % n]?.push(deck[top++] as Card);
  const discard = [deck[top++] as Card];
  return {
    ...base,
    rng,
    stock: deck.slice(top),
    discard,
    hands,
    melds: Array.from({ length: n }, () => []),
    down: Array.from({ length: n }, () => false),
    turn: (base.dealer + 1) % n,
    phase: "draw",
    downThisTurn: false,
    taken: null,
    forSale: null,
    claims: [],
    declines: [],
    discardedBy: null,
    faceDown: false,
    last: [],
    reshuffles: 0,
  };
}

/** Deals a game for 3..7 seats; the first dealer is drawn (highest card; ties draw again). */
export function setupOnze(_config: OnzeConfig, seats: number, seed: string, derivation?: SeedDerivation): Result<OnzeState> {
  if (!Number.isInteger(seats) || seats < 3 || seats > 7) return err("onze/bad_seat_count", "Onze needs 3 to 7 players.");
  const drawn = drawForDealer(seedRng(`onze:${seed}`, derivation), seats, ONZE_DECK, drawValue);
  return ok(
    deal({
      schema: 1,
      version: 0,
      game: "onze",
      seats,
      rng: drawn.rng,
      round: 1,
      dealer: drawn.dealer,
      dealerDraw: drawn.rounds,
      totals: Array.from({ length: seats }, () => 0),
      results: [],
    }),
  );
}

/** Points of the cards in a hand. */
export const handPoints = (cards: readonly Card[]): number => cards.reduce((s, c) => s + cardPoints(c), 0);

/** Scores the round (`wentOut` scores 0) and deals the next, or ends the game after round 7. */
function endRound(s: OnzeState, wentOut: number | null, faceDown = false): OnzeState {
  const scores = s.hands.map((h, i) => (i === wentOut ? 0 : handPoints(h)));
  const totals = s.totals.map((t, i) => t + (scores[i] as number));
  const results = [...s.results, { round: s.round, scores, wentOut }];
  const ended = { ...s, totals, results, faceDown, forSale: null, claims: [], taken: null };
  if (s.round >= ONZE_ROUNDS) return { ...ended, phase: "over" };
  const [, rng] = randInt(s.rng, 0, 1);
  const next = deal({ ...ended, rng, round: s.round + 1, dealer: (s.dealer + 1) % s.seats, totals, results });
  // The new round's upcard is face up: the face-down mark stays with the round that ended (its `results`).
  return { ...next, last: s.last, faceDown: false };
}

/**
 * Times the stock may be rebuilt from the discard pile in one round at a table of `seats`
 * (docs/rules/onze.md, "An empty stock"; the project's ruling): one a player but one, so that a
 * larger table, whose stock is smaller, still gets about as many turns a player.
 */
export const onzeStockRebuilds = (seats: number): number => seats - 1;

/**
 * One card off the stock for `seat`; when the stock is empty, the discard pile but its top is
 * shuffled (seeded) into a new stock first, if the round has rebuilt it fewer than
 * `onzeStockRebuilds` times. Null when there is nothing to draw (the round ends with nobody out).
 */
function drawFor(s: OnzeState, seat: number): OnzeState | null {
  let stock = s.stock;
  let discard = s.discard;
  let rng = s.rng;
  let reshuffles = s.reshuffles;
  if (stock.length === 0) {
    if (discard.length <= 1 || reshuffles >= onzeStockRebuilds(s.seats)) return null;
    [stock, rng] = shuffle(rng, discard.slice(0, -1));
    discard = discard.slice(-1);
    reshuffles++;
  }
  const [card, ...rest] = stock;
  return { ...s, rng, reshuffles, stock: rest, discard, hands: s.hands.map((h, i) => (i === seat ? [...h, card as Card] : h)) };
}

const without = (hand: readonly Card[], cards: readonly Card[]): Card[] | null => {
  const out = [...hand];
  for (const c of cards) {
    const i = out.indexOf(c);
    if (i < 0) return null;
    out.splice(i, 1);
  }
  return out;
};

/** The claimant whose turn comes soonest after the active seat. */
export function buyer(s: Pick<OnzeState, "claims" | "turn" | "seats">): number | null {
  for (let k = 1; k < s.seats; k++) {
    const seat = (s.turn + k) % s.seats;
    if (s.claims.includes(seat)) return seat;
  }
  return null;
}

/** The card taken from the discard pile this turn while it is still in the hand; null once it is laid on the table. */
const held = (taken: Card | null, hand: readonly Card[]): Card | null => (taken !== null && hand.includes(taken) ? taken : null);

const setHand = (s: OnzeState, seat: number, hand: readonly Card[]) => s.hands.map((h, i) => (i === seat ? hand : h));

/**
 * A move on the card for sale, out of turn (docs/rules/onze.md, Onze, buying): ask to buy it, withdraw
 * the ask, or say no thanks. Refuses the active player (`onze/own_discard`), nothing for sale,
 * the card's seller (`onze/own_sale`), a second ask or a second no thanks.
 */
function applySale(s: OnzeState, seat: number, move: OnzeMove & { kind: "claim" | "unclaim" | "decline" }): Result<OnzeState> {
  if (seat === s.turn) return err("onze/own_discard", "You passed over that discard yourself: it is up for the others now.");
  if (s.forSale === null)
    return err(
      "onze/nothing_for_sale",
      "Nothing is up for grabs: a discard is for sale only once the player to move has drawn from the stock.",
    );
  if (s.discardedBy === seat) return err("onze/own_sale", "You discarded that card yourself: you may not buy it back.");
  const declines = s.declines ?? [];
  if (move.kind === "claim") {
    if (s.claims.includes(seat)) return err("onze/already_claimed", "You have already asked for it.");
    // Asking after a no thanks is a change of mind.
    const still = declines.filter((d) => d !== seat);
    return ok({ ...s, claims: [...s.claims, seat], declines: still, last: [{ seat, kind: "claim", cards: [s.forSale] }] });
  }
  if (move.kind === "decline") {
    if (declines.includes(seat)) return err("onze/already_declined", "You have already said no thanks to it.");
    // No thanks withdraws an ask too.
    const claims = s.claims.filter((c) => c !== seat);
    return ok({ ...s, claims, declines: [...declines, seat], last: [{ seat, kind: "decline", cards: [] }] });
  }
  if (!s.claims.includes(seat)) return err("onze/no_claim", "You have not asked for it.");
  return ok({ ...s, claims: s.claims.filter((c) => c !== seat), last: [{ seat, kind: "unclaim", cards: [] }] });
}

/** Applies a move (the checks every game shares were made by `applyAction`). */
export function applyOnze(s: OnzeState, seat: number, move: OnzeMove): Result<OnzeState> {
  if (s.phase === "over") return err("action/game_over", "This game is over.");
  if (move.kind === "claim" || move.kind === "unclaim" || move.kind === "decline") return applySale(s, seat, move);
  if (seat !== s.turn) return err("action/not_your_turn", "It is not your turn.");
  const hand = s.hands[seat] ?? [];
  if (s.phase === "draw") {
    if (move.kind === "draw") {
      const drawn = drawFor(s, seat);
      if (!drawn) return ok(endRound(s, null));
      const forSale = s.discard.at(-1) ?? null;
      return ok({
        ...drawn,
        phase: "play",
        forSale: drawn.discard.at(-1) === forSale ? forSale : null,
        claims: [],
        declines: [],
        last: [{ seat, kind: "draw", cards: [] }],
      });
    }
    if (move.kind === "take") {
      const top = s.discard.at(-1);
      if (top === undefined) return err("onze/no_discard", "The discard pile is empty: draw from the stock.");
      return ok({
        ...s,
        discard: s.discard.slice(0, -1),
        hands: setHand(s, seat, [...hand, top]),
        phase: "play",
        taken: top,
        last: [{ seat, kind: "take", cards: [top] }],
      });
    }
    return err("onze/draw_first", "Draw first: from the stock, or take the top discard.");
  }
  switch (move.kind) {
    case "draw":
    case "take":
      return err("onze/drawn", "You have drawn this turn already.");
    case "down": {
      if (s.down[seat]) return err("onze/already_down", "You have gone down this round already: lay off instead.");
      const contract = CONTRACTS[s.round - 1] ?? [];
      const kinds = move.melds.map((m) => m.kind).sort();
      if (kinds.join() !== [...contract].sort().join())
        return err("onze/not_contract", `Round ${s.round} asks for exactly ${contractText(s.round)}.`, { round: s.round });
      const melds: Meld[] = [];
      for (const spec of move.melds) {
        const m = readMeld(spec);
        if (typeof m === "string") return err(m, meldProblem(m));
        melds.push(m);
      }
      const rest = without(
        hand,
        move.melds.flatMap((m) => m.cards),
      );
      if (!rest) return err("onze/not_in_hand", "Those cards are not all in your hand (each card once).", { context: "cards" });
      if (rest.length === 0)
        return err("onze/down_keeps_discard", "Going down must leave a card in your hand to discard: lay a smaller meld.");
      const next: OnzeState = {
        ...s,
        hands: setHand(s, seat, rest),
        melds: s.melds.map((ms, i) => (i === seat ? melds : ms)),
        down: s.down.map((d, i) => d || i === seat),
        downThisTurn: true,
        taken: held(s.taken, rest),
        last: [{ seat, kind: "down", cards: melds.flatMap((m) => m.cards) }],
      };
      return ok(next);
    }
    case "layoff": {
      if (!s.down[seat]) return err("onze/not_down", "Go down with the round's contract before laying off.");
      if (s.downThisTurn) return err("onze/down_this_turn", "You went down this turn: lay off from your next turn on.");
      if (!hand.includes(move.card)) return err("onze/not_in_hand", "That card is not in your hand.");
      const target = s.melds[move.to.seat]?.[move.to.meld];
      if (!target) return err("onze/no_meld", "There is no such meld on the table.");
      const grown = layOff(target, move.card, move.end);
      if (typeof grown === "string") return err(grown, meldProblem(grown));
      const rest = hand.filter((c) => c !== move.card);
      const next: OnzeState = {
        ...s,
        hands: setHand(s, seat, rest),
        melds: s.melds.map((ms, i) => (i === move.to.seat ? ms.map((m, j) => (j === move.to.meld ? grown : m)) : ms)),
        taken: held(s.taken, rest),
        last: [{ seat, kind: "layoff", cards: [move.card] }],
      };
      return ok(rest.length === 0 ? endRound(next, seat) : next);
    }
    case "swap": {
      if (!s.down[seat])
        return err("onze/not_down", "Go down with the round's contract before playing on the table.", { context: "table" });
      if (s.downThisTurn)
        return err("onze/down_this_turn", "You went down this turn: play on the table from your next turn on.", { context: "table" });
      if (!hand.includes(move.card)) return err("onze/not_in_hand", "That card is not in your hand.");
      const from = s.melds[move.from.seat]?.[move.from.meld];
      if (!from) return err("onze/no_meld", "There is no such meld on the table.");
      const swapped = swapOut(from, move.index, move.card);
      if (typeof swapped === "string") return err(swapped, meldProblem(swapped));
      const melds1 = s.melds.map((ms, i) => (i === move.from.seat ? ms.map((m, j) => (j === move.from.meld ? swapped.meld : m)) : ms));
      const target = melds1[move.to.seat]?.[move.to.meld];
      if (!target) return err("onze/no_meld", "There is no such meld for the freed wild.", { context: "wild" });
      const grown = layOff(target, swapped.wild, move.end);
      if (typeof grown === "string")
        return err("onze/wild_no_place", "The freed wild must go onto a meld at once, and it fits nowhere you chose.");
      const rest = hand.filter((c) => c !== move.card);
      const next: OnzeState = {
        ...s,
        hands: setHand(s, seat, rest),
        melds: melds1.map((ms, i) => (i === move.to.seat ? ms.map((m, j) => (j === move.to.meld ? grown : m)) : ms)),
        taken: held(s.taken, rest),
        last: [{ seat, kind: "swap", cards: [move.card, swapped.wild] }],
      };
      return ok(rest.length === 0 ? endRound(next, seat) : next);
    }
    case "discard": {
      if (!hand.includes(move.card)) return err("onze/not_in_hand", "That card is not in your hand.");
      if (move.card === s.taken && hand.length > 1)
        return err("onze/discard_taken", "You took that card from the discard pile this turn: discard another.");
      const rest = hand.filter((c) => c !== move.card);
      if (rest.length === 0) {
        // Going out: the last card goes face down and the round ends; claims lapse.
        return ok(
          endRound(
            {
              ...s,
              hands: setHand(s, seat, rest),
              discard: [...s.discard, move.card],
              last: [{ seat, kind: "discard", cards: [move.card], wentOut: true }],
            },
            seat,
            true,
          ),
        );
      }
      let next: OnzeState = { ...s, hands: setHand(s, seat, rest) };
      const last: OnzeLast[] = [];
      const who = buyer(s);
      if (who !== null && s.forSale !== null && next.discard.at(-1) === s.forSale) {
        const bought = next.hands.map((h, i) => (i === who ? [...h, s.forSale as Card] : h));
        next = { ...next, discard: next.discard.slice(0, -1), hands: bought };
        last.push({ seat: who, kind: "bought", cards: [s.forSale] });
        const penalty = drawFor(next, who);
        if (!penalty) {
          // No penalty card even after reshuffling: the round ends with nobody out (docs/rules/onze.md ruling).
          last.unshift({ seat, kind: "discard", cards: [move.card] });
          return ok(endRound({ ...next, discard: [...next.discard, move.card], last }, null));
        }
        next = penalty;
      }
      last.unshift({ seat, kind: "discard", cards: [move.card] });
      return ok({
        ...next,
        discard: [...next.discard, move.card],
        turn: (seat + 1) % s.seats,
        phase: "draw",
        downThisTurn: false,
        taken: null,
        forSale: null,
        claims: [],
        declines: [],
        discardedBy: seat,
        faceDown: false,
        last,
      });
    }
    default:
      return err("onze/unknown_move", "Unknown move.");
  }
}

export const onze: GameDefinition<OnzeState, OnzeMove, OnzeView, OnzeConfig> = {
  id: "onze",
  seatCounts: () => ONZE_SEATS,
  setup: setupOnze,
  actors: onzeActors,
  legalMoves: (s, seat) => onzeLegalMoves(s, seat),
  apply: (s, seat, move) => applyOnze(s, seat, move),
  view: onzeView,
  outcome: onzeOutcome,
};

/** Every card of a state, wherever it is (stock, discard pile, hands, melds): for conservation checks. */
export function onzeCards(s: OnzeState): Card[] {
  return [...s.stock, ...s.discard, ...s.hands.flat(), ...s.melds.flat().flatMap((m) => m.cards)];
}
