/**
 * Where a table is shown (issue 64): the one place that decides it, for an interaction or a
 * stored table. Everything a surface does lives with it: the server's channel in
 * src/bot/live.ts and src/bot/publisher.ts, the answer chain in src/bot/answers.ts, the live
 * table in src/activity/; their buttons in src/bot/surface-buttons.ts.
 */
import type { BaseMessageOptions, ChatInputCommandInteraction, MessageComponentInteraction } from "discord.js";
import type { AnyTable } from "./tables.ts";

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

/**
 * What the move flow asks of the surface a table is shown on (issue 64), each surface answering
 * for itself: a server's channel (src/bot/live.ts `channelSurface`: it posts and edits its table
 * messages, its computers move by themselves) or the answer chain of DMs and group DMs reached by
 * a user install (src/bot/answers.ts `PrivateTables`: every message answers a click, nothing
 * there moves by itself).
 */
export interface TableSurface {
  readonly kind: Surface;
  /**
   * Plays every computer move due now at the channel's table inside the interaction being
   * handled, and returns the table after them with a line each (a round's result, the move);
   * null when none was due. A channel's computers move by themselves (`afterReply`): always null.
   */
  computersNow(channelId: string): Promise<{ readonly after: AnyTable; readonly lines: readonly string[] } | null>;
  /**
   * The lines of what happened at the table before `interaction` that no table shown there said
   * yet (the answer chain: a claimed clock, a move on the live table), said once by the table
   * that shows them; a channel's own messages said them: none.
   */
  untold(interaction: MessageComponentInteraction | ChatInputCommandInteraction): readonly string[];
  /** Keeps the lines of a move made without an interaction (the live table) for the next table shown there; a channel shows such a move itself. */
  keepUntold(channelId: string, lines: readonly (string | undefined)[]): void;
  /** Edits the table message shown there in place (a channel's live table message); false when it cannot: post a new one then. */
  editTable(channelId: string, payload: BaseMessageOptions): Promise<boolean>;
}
