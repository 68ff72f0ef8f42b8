/**
 * Cardeno in Discord: `/cardeno new|join|leave|start|kick|end|bot|board|grab|table|rules`, the
 * public race table (edited in place as the race goes, new messages for CARDENO, DOUBLE, the
 * poker reveal and each round's result), grab buttons, and each player's private board panel,
 * kept live while the round runs.
 *
 * Discord facts this follows:
 * - a grab is timed by its interaction's snowflake (https://discord.com/developers/docs/reference#snowflakes),
 *   and grabs are applied in that order (src/bot/sequencer.ts);
 * - message edits are rate limited per channel (https://discord.com/developers/docs/topics/rate-limits):
 *   the table and each panel are edited at most once every `EDIT_GAP_MS` (src/bot/coalesce.ts);
 * - an interaction's token edits its reply for 15 minutes
 *   (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object):
 *   a panel is kept live for 14 and then says to open a fresh one;
 * - at most 5 rows of 5 buttons, 25 options a menu, customIds of 100 characters.
 */
export * from "./tables.ts";
export * from "./table.ts";
export * from "./panel.ts";
export * from "./live.ts";
export * from "./play.ts";
export * from "./command.ts";
export * from "./components.ts";
