/**
 * What an ONEXENO move did, and the standing of a table, in words.
 */
import type { TableRecord } from "./view";
import { cardValue } from "../../src/games/onexeno/cards";
import { onexenoView } from "../../src/games/onexeno/game";
import { lastMoveText } from "../../render/onexeno-table";

/** Autocomplete answers at most 25 choices, names up to 100 characters. */
export const MAX_CHOICES = 25;

/** Text said with the new table after a move: what happened, and a hand's result. */
export function moveNote(before: TableRecord | undefined, after: TableRecord): string {
  if (!after.state) return "";
  const names = after.seats.map((s) => s.name);
  const parts = [lastMoveText(onexenoView(after.state, null), names)];
  if (before?.state && after.state.results.length > before.state.results.length) {
    const r = after.state.results.at(-1);
    if (r) {
      parts.push(
        `**Hand ${r.hand} is over**${r.wentOut !== null ? ` (${names[r.wentOut]} went out)` : " (everyone passed)"}: ${r.scores.map((s, i) => `${names[i]} ${s >= 0 ? "+" : ""}${s}${(r.inHand[i] ?? 0) > 0 ? ` (took ${r.taken[i] ?? 0}, minus ${r.inHand[i]} left in hand)` : ""}`).join(", ")}.`,
      );
      if (after.status === "playing") parts.push(`Hand ${after.state.hand} is dealt; ${names[after.state.dealer]} deals.`);
    }
  }
  return parts.join(" ");
}

/**
 * The scores of a table ended mid-session, as they stand: each total before this hand plus
 * the points taken so far in the hand under way (points still in hand are not subtracted: the
 * hand did not end).
 */
export function standingText(rec: TableRecord): string {
  const st = rec.state;
  if (!st) return "";
  const midHand = st.phase === "play" && st.taken.some((t) => t.length > 0);
  const parts = rec.seats.map((s, i) => {
    const took = (st.taken[i] ?? []).reduce((a, c) => a + cardValue(c), 0);
    return `${s.name} ${(st.totals[i] ?? 0) + (st.phase === "play" ? took : 0)}${midHand && took > 0 ? ` (incl. +${took} taken this hand)` : ""}`;
  });
  return `Scores as they stand${midHand ? ` (hand ${st.hand} unfinished)` : ""}: ${parts.join(" · ")}.`;
}
