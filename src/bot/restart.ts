/**
 * After a restart the bot posts nothing by itself: a table is loaded when someone touches it
 * (or its clock or computer player is due), and the first table message it then shows says the
 * bot restarted. `markStart` is called when a bot starts; `restartNote` adds the note, once per
 * table, to a payload of a table that existed before that start.
 */

import type { Locale } from "../i18n/index.ts";
import { sayAt } from "./words.ts";

let startedAt = Number.NEGATIVE_INFINITY;
const told = new Set<string>();

/** Records the start of a bot (ms): tables made before it get the note once. */
export function markStart(now: number): void {
  startedAt = now;
  told.clear();
}

/**
 * `note` with the restart note above it when `rec`'s table was made before the bot started and
 * no message of it has been built since (the table is named by its game and `createdAt`).
 */
export function restartNote(rec: { readonly createdAt: number; readonly locale?: Locale }, key: string, note?: string): string | undefined {
  if (rec.createdAt >= startedAt) return note;
  const id = `${key}:${rec.createdAt}`;
  if (told.has(id)) return note;
  told.add(id);
  const resumed = sayAt(rec, "table.restarted"); // the note shown on a table's first message after a restart
  return note ? `${resumed}\n${note}` : resumed;
}
