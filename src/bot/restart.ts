/**
 * After a restart the bot posts nothing by itself: a table is loaded when someone touches it
 * (or its clock or computer player is due), and the first table message it then shows says the
 * bot restarted. `markStart` is called when a bot starts; `restartNote` adds the note to the
 * payloads of one revision of a table that existed before that start: the first one shown, and
 * any other payload of that same revision (a reply that Discord refused is posted again in the
 * channel, and the note goes with it).
 */

import type { Locale } from "../i18n/index.ts";
import { sayAt } from "./words.ts";

let startedAt = Number.NEGATIVE_INFINITY;
/** The revision each table was first shown at after the start, by table (game and `createdAt`). */
const told = new Map<string, number>();

/** Records the start of a bot (ms): tables made before it get the note once. */
export function markStart(now: number): void {
  startedAt = now;
  told.clear();
}

/**
 * `note` with the restart note above it when `rec`'s table was made before the bot started and
 * no message of another revision of it has been built since (the table is named by its game and
 * `createdAt`).
 */
export function restartNote(
  rec: { readonly createdAt: number; readonly rev: number; readonly locale?: Locale },
  key: string,
  note?: string,
): string | undefined {
  if (rec.createdAt >= startedAt) return note;
  const id = `${key}:${rec.createdAt}`;
  const at = told.get(id);
  if (at !== undefined && at !== rec.rev) return note;
  told.set(id, rec.rev);
  const resumed = sayAt(rec, "table.restarted"); // the note shown on a table's first message after a restart
  return note ? `${resumed}\n${note}` : resumed;
}
