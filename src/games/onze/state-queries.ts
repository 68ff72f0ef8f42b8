/**
 * What an Onze state says: who may act, every legal move (and every lay-off and swap on the
 * table), the player view (the only way hidden cards leave the engine), the outcome, and the
 * words for a meld refusal code.
 */
import type { Outcome } from "../../engine/definition.ts";
import { faceOf } from "./cards.ts";
import { contractArrangements, CONTRACTS, layOff, swapOut } from "./melds.ts";
import { type OnzeMove, type OnzeState, type OnzeView } from "./types.ts";

/** Words for a meld refusal code. */
export function meldProblem(code: string): string {
  switch (code) {
    case "onze/set_short":
      return "A set needs at least 3 cards.";
    case "onze/run_short":
      return "A run needs at least 4 cards.";
    case "onze/few_naturals":
      return "Every meld needs at least two natural cards (not jokers or red aces).";
    case "onze/set_ranks":
      return "The natural cards of a set must all be of one rank.";
    case "onze/run_suits":
      return "The natural cards of a run must all be of one suit.";
    case "onze/run_order":
      return "A run's cards must follow each other, low to high, each in its place.";
    case "onze/run_bounds":
      return "Runs go from the ace (low only) up to the king, never beyond.";
    case "onze/no_fit":
      return "That card does not fit that meld there.";
    case "onze/swap_set":
      return "Wilds in a set stay where they are: only a wild in a run can be swapped.";
    case "onze/swap_not_wild":
      return "That place of the run does not hold a wild.";
    case "onze/swap_wrong_card":
      return "Only the natural card the wild stands for can replace it.";
    default:
      return "That meld is not allowed.";
  }
}

/** Seats that may act now: the active player, and while a discard is for sale, the others but its seller. */
export function onzeActors(s: OnzeState): number[] {
  if (s.phase === "over") return [];
  if (s.forSale === null) return [s.turn];
  return Array.from({ length: s.seats }, (_, i) => i).filter((i) => i === s.turn || i !== s.discardedBy);
}

/**
 * Legal moves of `seat`, with going down limited to `downLimit` arrangements (the full list
 * can be long; they are ordered most cards laid first). Lay-offs cover every card, meld and
 * end; swaps every natural card that frees a wild, with every place the wild can go.
 */
export function onzeLegalMoves(s: OnzeState, seat: number, downLimit = 25): OnzeMove[] {
  if (s.phase === "over") return [];
  const out: OnzeMove[] = [];
  if (seat !== s.turn) {
    if (s.forSale !== null && s.discardedBy !== seat) {
      out.push(s.claims.includes(seat) ? { kind: "unclaim" } : { kind: "claim" });
      if (!(s.declines ?? []).includes(seat)) out.push({ kind: "decline" });
    }
    return out;
  }
  if (s.phase === "draw") {
    out.push({ kind: "draw" });
    if (s.discard.length) out.push({ kind: "take" });
    return out;
  }
  const hand = s.hands[seat] ?? [];
  if (!s.down[seat]) {
    for (const a of contractArrangements(hand, CONTRACTS[s.round - 1] ?? [], downLimit, hand.length - 1))
      out.push({ kind: "down", melds: a.map((m) => ({ kind: m.kind, cards: m.cards })) });
  } else if (!s.downThisTurn) {
    out.push(...playsOnTable(s, seat));
  }
  for (const c of new Set(hand)) if (c !== s.taken || hand.length === 1) out.push({ kind: "discard", card: c });
  return out;
}

/** Every lay-off and swap `seat` can make now (one per card face, meld and end). */
export function playsOnTable(s: Pick<OnzeState, "hands" | "melds">, seat: number): OnzeMove[] {
  const out: OnzeMove[] = [];
  const hand = s.hands[seat] ?? [];
  const seenFace = new Set<number>();
  for (const card of hand) {
    const face = faceOf(card);
    if (seenFace.has(face)) continue;
    seenFace.add(face);
    s.melds.forEach((ms, ts) =>
      ms.forEach((m, mi) => {
        for (const end of m.kind === "set" ? [undefined] : (["low", "high"] as const)) {
          if (typeof layOff(m, card, end) !== "string")
            out.push({ kind: "layoff", card, to: { seat: ts, meld: mi }, ...(end ? { end } : {}) });
        }
        m.cards.forEach((_, index) => {
          const sw = swapOut(m, index, card);
          if (typeof sw === "string") return;
          const after = s.melds.map((xs, i) => (i === ts ? xs.map((x, j) => (j === mi ? sw.meld : x)) : xs));
          after.forEach((tms, tseat) =>
            tms.forEach((tm, tmi) => {
              for (const end of tm.kind === "set" ? [undefined] : (["low", "high"] as const)) {
                if (typeof layOff(tm, sw.wild, end) !== "string")
                  out.push({
                    kind: "swap",
                    card,
                    from: { seat: ts, meld: mi },
                    index,
                    to: { seat: tseat, meld: tmi },
                    ...(end ? { end } : {}),
                  });
              }
            }),
          );
        });
      }),
    );
  }
  return out;
}

/** What `seat` may see (null: a spectator). */
export function onzeView(s: OnzeState, seat: number | null): OnzeView {
  return {
    game: "onze",
    version: s.version,
    seats: s.seats,
    viewer: seat,
    round: s.round,
    dealer: s.dealer,
    turn: s.turn,
    phase: s.phase,
    stockCount: s.stock.length,
    stockRebuilds: s.reshuffles,
    discardCount: s.discard.length,
    discardTop: s.faceDown ? null : (s.discard.at(-1) ?? null),
    hand: seat === null ? null : [...(s.hands[seat] ?? [])],
    handSizes: s.hands.map((h) => h.length),
    melds: s.melds,
    down: s.down,
    downThisTurn: s.downThisTurn,
    taken: s.taken,
    forSale: s.forSale,
    claims: s.claims,
    seller: s.forSale !== null ? (s.discardedBy ?? null) : null,
    declines: s.declines ?? [],
    faceDown: s.faceDown,
    totals: s.totals,
    results: s.results,
    last: s.last,
  };
}

/** Final totals and winners (lowest total) once round 7 is scored. */
export function onzeOutcome(s: OnzeState): Outcome | null {
  if (s.phase !== "over") return null;
  const best = Math.min(...s.totals);
  return { scores: s.totals, winners: s.totals.flatMap((t, i) => (t === best ? [i] : [])) };
}
