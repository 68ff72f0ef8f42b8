/**
 * What an ONEXENO move did, and the standing of a table, in words.
 */
import type { TableRecord } from "./view.ts";
import { cardValue } from "../../src/games/onexeno/cards.ts";
import { onexenoView } from "../../src/games/onexeno/game.ts";
import { lastMoveText } from "../../render/onexeno/words.ts";
import { sayAt, tableLocale } from "../../src/bot/words.ts";

/** Autocomplete answers at most 25 choices, names up to 100 characters. */
export const MAX_CHOICES = 25;

/**
 * Text said with the new table after a move: what happened, and a hand's result. With `reader`
 * (a user id), that player's own move is said to them ("You placed…": their receipt).
 */
export function moveNote(before: TableRecord | undefined, after: TableRecord, reader?: string): string {
  if (!after.state) return "";
  const names = after.seats.map((s) => s.name);
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(after, `onexeno.${key}`, params);
  const you = reader === undefined ? -1 : after.seats.findIndex((s) => s.userId === reader);
  const parts = [lastMoveText(onexenoView(after.state, null), names, tableLocale(after), you)];
  if (before?.state && after.state.results.length > before.state.results.length) {
    const r = after.state.results.at(-1);
    if (r) {
      const why = r.wentOut !== null ? say("went_out", { name: names[r.wentOut] ?? "?" }) : say("all_passed");
      const scores = r.scores.map((s, i) => {
        const left = r.inHand[i] ?? 0;
        return `${names[i]} ${s >= 0 ? "+" : ""}${s}${left > 0 ? ` (${say("took_minus", { took: r.taken[i] ?? 0, left })})` : ""}`;
      });
      parts.push(say("hand_over", { hand: r.hand, why, scores: scores.join(", ") }));
      if (after.status === "playing") parts.push(say("next_hand", { hand: after.state.hand, name: names[after.state.dealer] ?? "?" }));
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
    const incl = midHand && took > 0 ? ` (${sayAt(rec, "onexeno.incl_taken", { took })})` : "";
    return `${s.name} ${(st.totals[i] ?? 0) + (st.phase === "play" ? took : 0)}${incl}`;
  });
  const list = parts.join(" · ");
  return midHand ? sayAt(rec, "onexeno.standing_mid", { hand: st.hand, list }) : sayAt(rec, "onexeno.standing", { list });
}
