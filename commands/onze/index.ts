/**
 * Onze in Discord: `/onze new|join|leave|start|kick|end|bot|hand|table|rules` and the moves
 * `draw`, `take`, `buy`, `down`, `layoff`, `swap`, `discard` (with autocomplete of every legal
 * choice), the public table's buttons (My hand, Draw, Take discard, Buy) and the private hand
 * panel, whose menus offer every legal action within Discord's limits (5 rows, 25 options a
 * menu; https://discord.com/developers/docs/interactions/message-components).
 */
export * from "./moves.ts";
export * from "./table.ts";
export * from "./panel.ts";
export * from "./play.ts";
export * from "./command.ts";
export * from "./components.ts";
