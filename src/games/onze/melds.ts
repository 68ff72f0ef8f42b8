/**
 * Onze melds (docs/rules/onze.md, "Round requirements", with the rulings for this
 * issue): sets of 3 or more cards of one rank, runs of 4 or more consecutive cards of one suit
 * (black aces low only, nothing above the king), wilds (jokers and red aces) standing in,
 * at least two natural cards in every meld. Also: the round contracts, laying off, swapping a
 * wild out of a run, and the contract finder that proposes ways to go down.
 */
import { faceFor, faceOf, isRedSuit, isWild, rankOf, suitOf, type Card, type Face } from "./cards.ts";

export type MeldKind = "set" | "run";

/** A set on the table: every natural card has rank `rank`; wilds stand for that rank. */
export interface SetMeld {
  readonly kind: "set";
  readonly rank: number;
  readonly cards: readonly Card[];
}

/** A run on the table: `cards[i]` stands for rank `low + i` of `suit` (a wild there stands for exactly that card). */
export interface RunMeld {
  readonly kind: "run";
  readonly suit: number;
  readonly low: number;
  readonly cards: readonly Card[];
}

export type Meld = SetMeld | RunMeld;

/** A meld as a player proposes it: its kind and cards (a run's from low to high). */
export interface MeldSpec {
  readonly kind: MeldKind;
  readonly cards: readonly Card[];
}

/** The contract of each round, 1..7 (docs/rules/onze.md, "Round requirements"). */
export const CONTRACTS: readonly (readonly MeldKind[])[] = [
  ["set", "set"],
  ["set", "run"],
  ["run", "run"],
  ["set", "set", "set"],
  ["set", "set", "run"],
  ["run", "run", "set"],
  ["run", "run", "run"],
];

/** A contract in words: `2 sets + 1 run`. */
export function contractText(round: number): string {
  const c = CONTRACTS[round - 1] ?? [];
  const sets = c.filter((k) => k === "set").length;
  const runs = c.length - sets;
  return [sets ? `${sets} set${sets > 1 ? "s" : ""}` : "", runs ? `${runs} run${runs > 1 ? "s" : ""}` : ""].filter(Boolean).join(" + ");
}

export const SET_MIN = 3;
export const RUN_MIN = 4;
const NATURALS_MIN = 2;

/**
 * Reads a proposed set: 3+ cards, 2+ natural, every natural of one rank. A stable code when
 * it is not one: `onze/set_short`, `onze/few_naturals`, `onze/set_ranks`.
 */
export function readSet(cards: readonly Card[]): SetMeld | string {
  if (cards.length < SET_MIN) return "onze/set_short";
  const naturals = cards.filter((c) => !isWild(c));
  if (naturals.length < NATURALS_MIN) return "onze/few_naturals";
  const rank = rankOf(naturals[0] as Card);
  if (naturals.some((c) => rankOf(c) !== rank)) return "onze/set_ranks";
  return { kind: "set", rank, cards: [...cards] };
}

/**
 * Reads a proposed run, cards from low to high: 4+ cards, 2+ natural, every natural of one
 * suit and at its place, from the ace (low) to the king at most. Codes: `onze/run_short`,
 * `onze/few_naturals`, `onze/run_suits`, `onze/run_order`, `onze/run_bounds`.
 */
export function readRun(cards: readonly Card[]): RunMeld | string {
  if (cards.length < RUN_MIN) return "onze/run_short";
  const nat = cards.map((c, i) => ({ c, i })).filter((x) => !isWild(x.c));
  if (nat.length < NATURALS_MIN) return "onze/few_naturals";
  const first = nat[0] as { c: Card; i: number };
  const suit = suitOf(first.c);
  if (nat.some((x) => suitOf(x.c) !== suit)) return "onze/run_suits";
  const low = rankOf(first.c) - first.i;
  if (nat.some((x) => rankOf(x.c) !== low + x.i)) return "onze/run_order";
  if (low < 1 || low + cards.length - 1 > 13) return "onze/run_bounds";
  return { kind: "run", suit, low, cards: [...cards] };
}

/** Reads a proposed meld of either kind. */
export function readMeld(spec: MeldSpec): Meld | string {
  return spec.kind === "set" ? readSet(spec.cards) : readRun(spec.cards);
}

/** Where a card may join a meld: a set takes it anywhere; a run at its low or high end. */
export type MeldEnd = "low" | "high";

/**
 * The meld with `card` laid off on it, or a code: a set takes a natural of its rank or a
 * wild; a run takes the natural card just below or above it, or a wild at either end (`end`
 * chooses; a wild goes high by default, low when the run already reaches the king).
 * Codes: `onze/no_fit`, `onze/run_bounds`.
 */
export function layOff(meld: Meld, card: Card, end?: MeldEnd): Meld | string {
  if (meld.kind === "set") {
    if (!isWild(card) && rankOf(card) !== meld.rank) return "onze/no_fit";
    return { ...meld, cards: [...meld.cards, card] };
  }
  const high = meld.low + meld.cards.length; // rank a card at the high end stands for
  const low = meld.low - 1;
  const fitsAt = (rank: number) => rank >= 1 && rank <= 13 && (isWild(card) || (suitOf(card) === meld.suit && rankOf(card) === rank));
  const side = end ?? (isWild(card) ? (high <= 13 ? "high" : "low") : fitsAt(high) ? "high" : "low");
  if (side === "high") {
    if (high > 13) return "onze/run_bounds";
    if (!fitsAt(high)) return "onze/no_fit";
    return { ...meld, cards: [...meld.cards, card] };
  }
  if (low < 1) return "onze/run_bounds";
  if (!fitsAt(low)) return "onze/no_fit";
  return { ...meld, low, cards: [card, ...meld.cards] };
}

/**
 * The run with the wild at `index` replaced by the natural `card` it stands for, and the
 * freed wild; or a code: `onze/swap_set` (wilds in sets stay), `onze/swap_not_wild`,
 * `onze/swap_wrong_card` (the card is not the one the wild stands for).
 */
export function swapOut(meld: Meld, index: number, card: Card): { meld: RunMeld; wild: Card } | string {
  if (meld.kind !== "run") return "onze/swap_set";
  const wild = meld.cards[index];
  if (wild === undefined || !isWild(wild)) return "onze/swap_not_wild";
  if (isWild(card) || suitOf(card) !== meld.suit || rankOf(card) !== meld.low + index) return "onze/swap_wrong_card";
  return { meld: { ...meld, cards: meld.cards.map((c, i) => (i === index ? card : c)) }, wild };
}

/** The face a meld's card stands for (a wild in a run: the card of its place; in a set: null). */
export function standsFor(meld: Meld, index: number): Face | null {
  if (meld.kind === "set") return null;
  return faceFor(meld.suit, meld.low + index);
}

// ---------------------------------------------------------------------------------------
// Contract finder

/**
 * A meld in canonical form: what it shows, with identical faces interchangeable and every
 * wild the same (`W`). Sets: `S<rank>:<sorted natural faces>:<wilds>`; runs:
 * `R<suit>:<low>:<face or W per place>`.
 */
export function meldKey(meld: Meld): string {
  if (meld.kind === "set") {
    const nat = meld.cards
      .filter((c) => !isWild(c))
      .map(faceOf)
      .sort((a, b) => a - b);
    return `S${meld.rank}:${nat.join(",")}:${meld.cards.length - nat.length}`;
  }
  return `R${meld.suit}:${meld.low}:${meld.cards.map((c) => (isWild(c) ? "W" : String(faceOf(c)))).join(",")}`;
}

/** An arrangement's canonical form: its melds' keys, sorted, joined by `|`. */
export const arrangementKey = (melds: readonly Meld[]): string => melds.map(meldKey).sort().join("|");

/** A candidate meld by faces: natural faces used (a multiset) and the number of wilds. */
interface Candidate {
  readonly kind: MeldKind;
  /** Natural faces in meld order for runs (wild places as -1), any order for sets. */
  readonly places: readonly Face[];
  readonly naturals: ReadonlyMap<Face, number>;
  readonly wilds: number;
  readonly key: string;
}

function countFaces(hand: readonly Card[]): { naturals: Map<Face, number>; wilds: number } {
  const naturals = new Map<Face, number>();
  let wilds = 0;
  for (const c of hand) {
    if (isWild(c)) wilds++;
    else naturals.set(faceOf(c), (naturals.get(faceOf(c)) ?? 0) + 1);
  }
  return { naturals, wilds };
}

/** Every set a hand could lay (any size), by faces. */
function setCandidates(naturals: ReadonlyMap<Face, number>, wilds: number): Candidate[] {
  const out: Candidate[] = [];
  for (let rank = 1; rank <= 13; rank++) {
    const faces = [0, 1, 2, 3]
      .filter((s) => !(rank === 1 && isRedSuit(s)))
      .map((s) => faceFor(s, rank))
      .filter((f) => (naturals.get(f) ?? 0) > 0);
    const choose = (i: number, picked: Face[]): void => {
      if (i === faces.length) {
        if (picked.length < NATURALS_MIN) return;
        for (let w = Math.max(0, SET_MIN - picked.length); w <= wilds; w++) {
          const nat = [...picked].sort((a, b) => a - b);
          const map = new Map<Face, number>();
          for (const f of nat) map.set(f, (map.get(f) ?? 0) + 1);
          out.push({ kind: "set", places: nat, naturals: map, wilds: w, key: `S${rank}:${nat.join(",")}:${w}` });
        }
        return;
      }
      const f = faces[i] as Face;
      const have = naturals.get(f) ?? 0;
      for (let k = 0; k <= have; k++) choose(i + 1, [...picked, ...Array<Face>(k).fill(f)]);
    };
    choose(0, []);
  }
  return out;
}

/** Every run a hand could lay (any length), by faces. */
function runCandidates(naturals: ReadonlyMap<Face, number>, wilds: number): Candidate[] {
  const out: Candidate[] = [];
  for (let suit = 0; suit < 4; suit++) {
    for (let low = 1; low + RUN_MIN - 1 <= 13; low++) {
      for (let len = RUN_MIN; low + len - 1 <= 13; len++) {
        const avail: number[] = [];
        for (let i = 0; i < len; i++) {
          const rank = low + i;
          const natural = !(rank === 1 && isRedSuit(suit)) && (naturals.get(faceFor(suit, rank)) ?? 0) > 0;
          if (natural) avail.push(i);
        }
        if (avail.length < NATURALS_MIN || len - avail.length > wilds) continue;
        // Each available place holds its natural card or a wild.
        for (let mask = 0; mask < 1 << avail.length; mask++) {
          let nat = 0;
          for (let b = 0; b < avail.length; b++) if (mask & (1 << b)) nat++;
          if (nat < NATURALS_MIN || len - nat > wilds) continue;
          const places: Face[] = Array<Face>(len).fill(-1);
          avail.forEach((i, b) => {
            if (mask & (1 << b)) places[i] = faceFor(suit, low + i);
          });
          const map = new Map<Face, number>();
          for (const f of places) if (f >= 0) map.set(f, 1);
          out.push({
            kind: "run",
            places,
            naturals: map,
            wilds: len - nat,
            key: `R${suit}:${low}:${places.map((f) => (f < 0 ? "W" : String(f))).join(",")}`,
          });
        }
      }
    }
  }
  return out;
}

/**
 * Every way `hand` can lay the contract `kinds` (melds of any size, each with two naturals,
 * sharing no card), as concrete melds of the hand's cards; one per canonical arrangement
 * (identical faces interchangeable, wilds alike). Ordered by cards laid, most first. `limit`
 * stops the search early (autocomplete); without it the list is complete. `maxCards` keeps
 * only arrangements of at most that many cards: going down must leave a card to discard
 * (docs/rules/onze.md: after going down the player "ends their turn by discarding"), so the engine asks
 * for `hand.length - 1`.
 */
export function contractArrangements(
  hand: readonly Card[],
  kinds: readonly MeldKind[],
  limit = Number.POSITIVE_INFINITY,
  maxCards = Number.POSITIVE_INFINITY,
): Meld[][] {
  const { naturals, wilds } = countFaces(hand);
  const cardsOf = (c: Candidate) => c.wilds + [...c.naturals.values()].reduce((a, b) => a + b, 0);
  const pools: Record<MeldKind, Candidate[]> = { set: setCandidates(naturals, wilds), run: runCandidates(naturals, wilds) };
  // Same kinds next to each other, so equal slots are filled in candidate order (no permutations).
  const slots = [...kinds].sort();
  const found = new Map<string, Candidate[]>();
  const used = new Map<Face, number>();
  let wildsUsed = 0;
  const go = (slot: number, from: number, picked: Candidate[]): boolean => {
    if (found.size >= limit) return false;
    if (slot === slots.length) {
      if (picked.reduce((n, c) => n + cardsOf(c), 0) > maxCards) return true;
      const key = picked
        .map((c) => c.key)
        .sort()
        .join("|");
      if (!found.has(key)) found.set(key, [...picked]);
      return true;
    }
    const pool = pools[slots[slot] as MeldKind];
    const start = slot > 0 && slots[slot] === slots[slot - 1] ? from : 0;
    for (let i = start; i < pool.length; i++) {
      const c = pool[i] as Candidate;
      if (wildsUsed + c.wilds > wilds) continue;
      let fits = true;
      for (const [f, n] of c.naturals) if ((used.get(f) ?? 0) + n > (naturals.get(f) ?? 0)) fits = false;
      if (!fits) continue;
      for (const [f, n] of c.naturals) used.set(f, (used.get(f) ?? 0) + n);
      wildsUsed += c.wilds;
      picked.push(c);
      go(slot + 1, i, picked);
      picked.pop();
      wildsUsed -= c.wilds;
      for (const [f, n] of c.naturals) used.set(f, (used.get(f) ?? 0) - n);
      if (found.size >= limit) return false;
    }
    return true;
  };
  go(0, 0, []);
  const arrangements = [...found.values()].map((cands) => concrete(hand, cands));
  const size = (a: Meld[]) => a.reduce((n, m) => n + m.cards.length, 0);
  return arrangements.sort((a, b) => size(b) - size(a));
}

/**
 * The largest part of the contract `kinds` that `hand` can lay now (melds sharing no card), as
 * meld kinds in contract order; `[]` when it holds none of it. Tries every sub-multiset of the
 * contract (at most 2^3), largest first, each with a one-arrangement search.
 */
export function contractPart(hand: readonly Card[], kinds: readonly MeldKind[]): MeldKind[] {
  let best: MeldKind[] = [];
  const seen = new Set<string>();
  for (let mask = (1 << kinds.length) - 1; mask > 0; mask--) {
    const part = kinds.filter((_, i) => mask & (1 << i));
    const key = [...part].sort().join();
    if (part.length <= best.length || seen.has(key)) continue;
    seen.add(key);
    if (contractArrangements(hand, part, 1).length) best = part;
  }
  return best;
}

/** Assigns the hand's physical cards to candidate melds (the first free card of each face). */
function concrete(hand: readonly Card[], cands: readonly Candidate[]): Meld[] {
  const free = [...hand];
  const take = (pred: (c: Card) => boolean): Card => {
    const i = free.findIndex(pred);
    const [c] = free.splice(i, 1);
    return c as Card;
  };
  return cands.map((cand) => {
    if (cand.kind === "set") {
      const nat = cand.places.map((f) => take((c) => !isWild(c) && faceOf(c) === f));
      const w = Array.from({ length: cand.wilds }, () => take(isWild));
      return readSet([...nat, ...w]) as SetMeld;
    }
    return readRun(cand.places.map((f) => (f < 0 ? take(isWild) : take((c) => !isWild(c) && faceOf(c) === f)))) as RunMeld;
  });
}

/** Whether `hand` holds the contract `kinds` (the quick check, one arrangement is enough). */
export function holdsContract(hand: readonly Card[], kinds: readonly MeldKind[]): boolean {
  return contractArrangements(hand, kinds, 1).length > 0;
}
