/**
 * The interaction a change is made for, carried through the async calls of its handler: the
 * router runs each interaction inside `actFor`, and the table service marks each change it saves
 * with the interaction's id (`GameTable.acted`). A process that takes an interaction over from
 * one killed mid-way (src/store/claims.ts `once`) finds there whether that one saved its change
 * already, and then shows the table as it is rather than make the change again (src/bot/router.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";

const current = new AsyncLocalStorage<string>();

/** Runs `fn` as the handling of interaction `id` (a snowflake): the changes it saves are marked as that interaction's. */
export function actFor<T>(id: string, fn: () => Promise<T>): Promise<T> {
  return current.run(id, fn);
}

/** The id of the interaction being handled, or null outside one (a clock, a computer's move, a test calling a service). */
export function actingFor(): string | null {
  return current.getStore() ?? null;
}

/** How many interactions' marks a table keeps (`GameTable.acted`): more than are ever in flight on one table. */
export const ACTED_KEPT = 8;
