/**
 * Where a table is shown (issue 64): the one place that decides it, for an interaction or a
 * stored table. Everything a surface does lives with it: the server's channel in
 * src/bot/live.ts and src/bot/publisher.ts, the answer chain in src/bot/answers.ts, the live
 * table in src/activity/; their buttons in src/bot/surface-buttons.ts.
 */

/**
 * The surfaces a table is shown on (issue 64): `channel`, a server's channel, where the bot posts
 * its table messages and edits them (src/bot/live.ts); `answers`, a DM or group DM reached by a
 * person's user install, where every message is an answer to a click (src/bot/answers.ts).
 */
export type Surface = "channel" | "answers";

/**
 * Which surface an interaction comes from, or a table lives on: `answers` without a guild
 * (Discord leaves `guild_id` out in a DM or group DM), else `channel`. The one place that decides it.
 */
export function surfaceOf(x: { readonly guildId: string | null }): Surface {
  return x.guildId === null ? "answers" : "channel";
}
