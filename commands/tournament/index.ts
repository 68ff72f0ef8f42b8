/**
 * `/tournament create|join|leave|start|next|info|standings|drop|remove|end-table|cancel|export|
 * computers|organisers`: community tournaments run by the bot (src/bot/tournaments.ts), and the
 * messages they post: the announcement with Join / Leave (and Check in while check-in is open),
 * round announcements, the standings and podium pictures, the CSV export.
 *
 * Organisers: members with Manage Server, or the role set with `/tournament organisers`. An
 * `event` option (autocompleted with the server's events) picks the event; without it, the
 * event of this table thread, else the newest open event of this channel.
 */
export * from "./messages.ts";
export * from "./access.ts";
export * from "./command.ts";
export * from "./components.ts";
export * from "./replays.ts";
export { showHub, hubMessage } from "./hub.ts";
