/**
 * The interactions this process is acting on, by channel: the router registers each one for the
 * time it handles it (`actFor`), and the table service marks each table it saves with the
 * interactions in flight in that channel (`GameTable.acted`). A process that takes an interaction
 * over from one killed mid-way (src/store/claims.ts `once`) finds there whether that one saved
 * its change already, and then shows the table as it is rather than make the change again
 * (src/bot/router.ts `changedBy`).
 *
 * A plain registry rather than AsyncLocalStorage: on Node 20 the latter kept two promises, a
 * closure and a context per interaction alive (about 27 MiB per 1,000 games in `npm run
 * bench:soak`). The cost of the registry: a save made while two interactions are in flight in one
 * channel is marked with both, so if the process is killed right then, the one not yet saved is
 * shown rather than made (its player sees the table without their move, and plays it again).
 */

const inFlight = new Map<string, Set<string>>();

/** Runs `fn` as the handling of interaction `id` (a snowflake) in channel `channelId`. */
export async function actFor<T>(id: string, channelId: string | null, fn: () => Promise<T>): Promise<T> {
  if (!channelId) return fn();
  let ids = inFlight.get(channelId);
  if (!ids) inFlight.set(channelId, (ids = new Set()));
  ids.add(id);
  try {
    return await fn();
  } finally {
    ids.delete(id);
    if (ids.size === 0 && inFlight.get(channelId) === ids) inFlight.delete(channelId);
  }
}

/** The interactions being handled in channel `channelId` (ids), none outside one (a clock, a computer's move, a test). */
export function actingIn(channelId: string): readonly string[] {
  const ids = inFlight.get(channelId);
  return ids ? [...ids] : [];
}

/** How many interactions' marks a table keeps (`GameTable.acted`): more than are ever in flight on one table. */
export const ACTED_KEPT = 8;
