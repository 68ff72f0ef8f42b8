/**
 * Hints for a canasta player, pure: the new rows to suggest from the hand (docs/rules/onexeno-canasta.md's rows,
 * docs/rules/onexeno-canasta.md "ONEXENO canasta"), the card owed from the pile first. Used by the hand panel's menu
 * and by autocomplete.
 */
import { canasta, idOf, meldsWith, rowCount, type CanastaMove, type CanastaState, type RowCard } from "./canasta.ts";

/** Would `move` be accepted (used to offer only melds that keep the owed card meldable)? */
function canMeldAfter(s: CanastaState, seat: number, move: CanastaMove): boolean {
  return canasta.apply(s, seat, move, undefined).ok;
}

/** A suggested new row, and whether it lays the card owed from the pile. */
export interface RowSuggestion {
  readonly row: RowCard[];
  readonly owed: boolean;
}

/**
 * New rows to suggest to `seat`, each set of cards once (the same cards in another order or
 * turned another way read the same to a player, so they are one suggestion): rows laying the
 * card owed from the pile first, then the others that keep it meldable. Up to `limit`.
 */
export function meldSuggestions(s: CanastaState, seat: number, limit = 25): RowSuggestion[] {
  const hand = s.hands[seat] ?? [];
  const owed = s.mustMeld;
  const seen = new Set<string>();
  const out: RowSuggestion[] = [];
  const add = (row: RowCard[], isOwed: boolean) => {
    const key = row
      .map((c) => idOf(c.card))
      .sort((a, b) => a - b)
      .join(".");
    if (seen.has(key) || out.length >= limit) return;
    seen.add(key);
    out.push({ row, owed: isOwed });
  };
  const count = rowCount(s.rowRule);
  if (owed !== null) for (const row of meldsWith(hand, owed, limit * 4, count)) add(row, true);
  for (const row of meldsWith(hand, null, limit * 4, count)) {
    if (owed !== null && row.some((c) => c.card === owed)) continue; // listed above, first
    if (canMeldAfter(s, seat, { kind: "meld", cards: row })) add(row, false);
  }
  return out;
}
