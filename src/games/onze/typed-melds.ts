/**
 * Onze input read from words: melds typed by a player (`7h 7s 7c / 5d 6d joker 8d`) checked
 * against their hand, and how far a hand is from the round's contract. Pure; refusals are
 * values with stable codes and the word they name (`params.word`).
 */
import { err, ok, type Result } from "../../engine/result.ts";
import { faceFor, faceOf, isWild, parseFace, rankOf, suitOf, type Card, type Face } from "./cards.ts";
import { CONTRACTS, contractArrangements, contractPart, readRun, type MeldKind, type MeldSpec } from "./melds.ts";

/**
 * Reads typed melds against `hand`: groups split by `/`, `;` or `|`, cards by spaces or commas;
 * each card taken once from the hand. A group whose natural cards share a rank is a set,
 * anything else a run, ordered with its wilds in the gaps (then at the high end). Refusals:
 * `onze/no_melds` (nothing typed), `onze/not_a_card` and `onze/not_in_hand` (with `word`).
 */
export function readTypedDown(text: string, hand: readonly Card[]): Result<MeldSpec[]> {
  const free = [...hand];
  const groups = text
    .split(/[/;|]/)
    .map((g) => g.trim())
    .filter(Boolean);
  if (!groups.length) return err("onze/no_melds", "Name your melds, e.g. `7h 7s 7c / 5d 6d joker 8d`.");
  const melds: MeldSpec[] = [];
  for (const g of groups) {
    const cards: Card[] = [];
    for (const word of g.split(/[\s,]+/).filter(Boolean)) {
      const face = parseFace(word);
      if (face === null) return err("onze/not_a_card", `\`${word}\` is not a card (try \`7h\`, \`10s\`, \`Ah\`, \`joker\`).`, { word });
      const i = free.findIndex((c) => faceOf(c) === face);
      if (i < 0) return err("onze/not_in_hand", `You have no ${word} left in your hand for that.`, { word, context: "word" });
      cards.push(free.splice(i, 1)[0] as Card);
    }
    const nat = cards.filter((c) => !isWild(c));
    melds.push(
      nat.length > 0 && nat.every((c) => rankOf(c) === rankOf(nat[0] as Card))
        ? { kind: "set", cards }
        : { kind: "run", cards: orderRun(cards) },
    );
  }
  return ok(melds);
}

/** Cards of a run in order: naturals by rank, wilds in the gaps, then at the high end (low end past the king). */
function orderRun(cards: readonly Card[]): Card[] {
  const nat = cards.filter((c) => !isWild(c)).sort((a, b) => rankOf(a) - rankOf(b));
  const wild = cards.filter(isWild);
  if (!nat.length) return [...cards];
  const out: Card[] = [];
  for (let r = rankOf(nat[0] as Card); r <= rankOf(nat.at(-1) as Card); r++) {
    const n = nat.find((c) => rankOf(c) === r && !out.includes(c));
    out.push(n ?? (wild.shift() as Card));
  }
  while (wild.length) {
    const next = wild.shift() as Card;
    if (typeof readRun([...out, next]) !== "string" || rankOf(nat[0] as Card) - 1 < 1) out.push(next);
    else out.unshift(next);
  }
  return out.filter((c) => c !== undefined);
}

/** Where a hand stands against round `round`'s contract. */
export interface ContractStatus {
  /** The seat has gone down this round (lay-offs now). */
  readonly down: boolean;
  /** The hand holds the whole contract (it can go down once it has drawn). */
  readonly holds: boolean;
  /** The largest part of the contract the hand holds, and what it still lacks. */
  readonly held: readonly MeldKind[];
  readonly missing: readonly MeldKind[];
}

/** How far `hand` is from round `round`'s contract (docs/rules/onze.md's contracts). */
export function contractStatus(hand: readonly Card[], round: number, down: boolean): ContractStatus {
  const contract = CONTRACTS[round - 1] ?? [];
  if (down) return { down, holds: false, held: [], missing: [] };
  if (contractArrangements(hand, contract, 1).length) return { down, holds: true, held: contract, missing: [] };
  const held = contractPart(hand, contract);
  const missing = [...contract];
  for (const k of held) missing.splice(missing.indexOf(k), 1);
  return { down, holds: false, held, missing };
}

/** A run one card short: the naturals held (same suit, ascending) and the faces any one of which completes it. */
export interface NearRun {
  readonly cards: readonly Face[];
  readonly needs: readonly Face[];
}

/** What of the missing contract a hand is one card short of (see `nearMelds`). */
export interface NearMelds {
  /** Ranks (1..13) of which the hand holds exactly two naturals: one more card makes a set. */
  readonly pairs: readonly number[];
  /** Three naturals of a suit within four places: one more card makes a run. */
  readonly runs: readonly NearRun[];
}

/**
 * The melds `hand` is one card short of (natural cards only; wilds are counted by
 * `contractStatus` already): pairs for sets; for runs, three naturals of one suit within a span
 * of four places (ace low to king), with the faces that complete them. At most `limit` of each,
 * highest ranks first for pairs, runs in suit and rank order, none overlapping.
 */
export function nearMelds(hand: readonly Card[], limit = 3): NearMelds {
  const nat = hand.filter((c) => !isWild(c));
  const byRank = new Map<number, number>();
  for (const c of nat) byRank.set(rankOf(c), (byRank.get(rankOf(c)) ?? 0) + 1);
  const pairs = [...byRank]
    .filter(([, n]) => n === 2)
    .map(([r]) => r)
    .sort((a, b) => b - a)
    .slice(0, limit);
  const runs: NearRun[] = [];
  for (let suit = 0; suit < 4 && runs.length < limit; suit++) {
    const ranks = new Set(nat.filter((c) => suitOf(c) === suit).map(rankOf));
    for (let low = 1; low + 3 <= 13 && runs.length < limit; low++) {
      const span = [low, low + 1, low + 2, low + 3];
      const held = span.filter((r) => ranks.has(r));
      if (held.length !== 3) continue;
      const gap = span.find((r) => !ranks.has(r)) as number;
      // Three in a row (5 6 7) are completed at either end (4 or 8) where there is one; a gap (5 6 _ 8) by its card.
      const ends = gap === low ? [low, low + 4] : gap === low + 3 ? [low - 1, low + 3] : [gap];
      const needs = ends.filter((r) => r >= 1 && r <= 13 && !ranks.has(r));
      runs.push({ cards: held.map((r) => faceFor(suit, r)), needs: needs.map((r) => faceFor(suit, r)) });
      for (const r of held) ranks.delete(r); // no overlapping runs
    }
  }
  return { pairs, runs };
}
