/**
 * Onze's cards: two 52-card decks plus four jokers, 108 physical cards (docs/rules/onze.md, "Players
 * and objective"). A card is an integer 0..107:
 *
 * - 0..103: `copy * 52 + suit * 13 + (rank - 1)`, with suits clubs 0, diamonds 1, hearts 2,
 *   spades 3 and ranks ace 1 .. king 13;
 * - 104..107: jokers.
 *
 * Two cards of the same face (the 7♥ of each deck) are different cards with the same face.
 * A **face** is `suit * 13 + rank - 1` (0..51) or 52 for a joker. Red aces and jokers are
 * wild; black aces are low (A-2-3-4, never above the king).
 */

/** A physical card, 0..107. */
export type Card = number;
/** A face: 0..51 for standard cards, 52 for a joker. */
export type Face = number;

export const SUITS = ["c", "d", "h", "s"] as const;
/** Suit glyphs in suit order (clubs, diamonds, hearts, spades). */
export const SUIT_GLYPHS = ["♣", "♦", "♥", "♠"] as const;
export const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"] as const;
export const JOKER_FACE = 52;
export const DECK_SIZE = 108;
const RANK_NAMES = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] as const;

/** Every card of the two decks, 0..107. */
export const ONZE_DECK: readonly Card[] = Array.from({ length: DECK_SIZE }, (_, i) => i);

/** The face of a card. */
export function faceOf(card: Card): Face {
  return card >= 104 ? JOKER_FACE : card % 52;
}

/** Whether a card (or face) is a joker. */
export const isJoker = (card: Card): boolean => card >= 104;
/** Suit 0..3 of a standard card (clubs, diamonds, hearts, spades); -1 for a joker. */
export const suitOf = (card: Card): number => (isJoker(card) ? -1 : Math.floor((card % 52) / 13));
/** Rank 1..13 (ace .. king) of a standard card; 0 for a joker. */
export const rankOf = (card: Card): number => (isJoker(card) ? 0 : (card % 13) + 1);
/** Whether a suit is red (diamonds, hearts). */
export const isRedSuit = (suit: number): boolean => suit === 1 || suit === 2;

/** Wild cards: jokers and red aces. */
export function isWild(card: Card): boolean {
  return isJoker(card) || (rankOf(card) === 1 && isRedSuit(suitOf(card)));
}

/** Penalty points of a card left in hand: jokers and red aces 30, black aces 20, J/Q/K 10, others their rank. */
export function cardPoints(card: Card): number {
  if (isWild(card)) return 30;
  const r = rankOf(card);
  if (r === 1) return 20;
  return r >= 11 ? 10 : r;
}

/** The face of `suit` and `rank`. */
export const faceFor = (suit: number, rank: number): Face => suit * 13 + rank - 1;

/** A face's short name with its suit glyph: `7♥`, `10♠`, `A♦`, `Joker`. */
export function faceName(face: Face): string {
  if (face === JOKER_FACE) return "Joker";
  return `${RANK_NAMES[(face % 13) + 1]}${SUIT_GLYPHS[Math.floor(face / 13)]}`;
}

/** A card's short name (its face's): `7♥`. */
export const cardName = (card: Card): string => faceName(faceOf(card));

/** A face in words, for alt text: `7 of hearts`, `ace of diamonds (wild)`, `joker (wild)`. */
export function faceWords(face: Face): string {
  if (face === JOKER_FACE) return "joker (wild)";
  const rank = (face % 13) + 1;
  const suit = Math.floor(face / 13);
  const word = rank === 1 ? "ace" : rank === 11 ? "jack" : rank === 12 ? "queen" : rank === 13 ? "king" : String(rank);
  return `${word} of ${SUIT_NAMES[suit]}${rank === 1 && isRedSuit(suit) ? " (wild)" : ""}`;
}

/**
 * Reads a typed face: `7h`, `7♥`, `10s`, `Ah`, `qd`, `joker` (also `jk`, `🃏`); case and
 * spaces do not matter, and `t` stands for 10. Null when it names no face.
 */
export function parseFace(text: string): Face | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, "");
  if (t === "joker" || t === "jk" || t === "jo" || t === "🃏") return JOKER_FACE;
  const m = /^(a|[2-9]|10|t|j|q|k)(♣|♦|♥|♠|c|d|h|s|♣️|♦️|♥️|♠️)$/.exec(t);
  if (!m) return null;
  const rankText = m[1] as string;
  const rank =
    rankText === "a" ? 1 : rankText === "j" ? 11 : rankText === "q" ? 12 : rankText === "k" ? 13 : rankText === "t" ? 10 : Number(rankText);
  const suitText = (m[2] as string).replace("\ufe0f", "");
  const suit = "♣c".includes(suitText) ? 0 : "♦d".includes(suitText) ? 1 : "♥h".includes(suitText) ? 2 : 3;
  return faceFor(suit, rank);
}

/** A hand sorted by suit (clubs, diamonds, hearts, spades) and rank, wilds last. */
export function sortHand(cards: readonly Card[]): Card[] {
  const key = (c: Card) => (isWild(c) ? 1000 + (isJoker(c) ? 60 : faceOf(c)) : faceOf(c));
  return [...cards].sort((a, b) => key(a) - key(b) || a - b);
}
