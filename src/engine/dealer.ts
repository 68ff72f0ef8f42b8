/**
 * Drawing for the first dealer, shared by every card game of the bot: everyone draws a card
 * from a freshly shuffled deck, the highest `value` deals, and a tie draws again among the
 * tied players only (seed texts: "the player with the highest card is the first dealer").
 */
import { shuffle, type RngState } from "./rng.ts";

/** One round of the draw: which seat drew which card. */
export type DealerDraw<C> = readonly { readonly seat: number; readonly card: C }[];

/**
 * Draws for the first dealer among `seats` players with cards from `deck` ranked by `value`.
 * Returns the dealer's seat, every round drawn (for the table to show) and the next generator state.
 */
export function drawForDealer<C>(
  rng: RngState,
  seats: number,
  deck: readonly C[],
  value: (card: C) => number,
): { dealer: number; rounds: DealerDraw<C>[]; rng: RngState } {
  let contenders = Array.from({ length: seats }, (_, i) => i);
  const rounds: DealerDraw<C>[] = [];
  let r = rng;
  for (;;) {
    let cards: C[];
    [cards, r] = shuffle(r, deck);
    const round = contenders.map((seat, i) => ({ seat, card: cards[i] as C }));
    rounds.push(round);
    const best = Math.max(...round.map((d) => value(d.card)));
    contenders = round.filter((d) => value(d.card) === best).map((d) => d.seat);
    if (contenders.length === 1) return { dealer: contenders[0] as number, rounds, rng: r };
  }
}
