/**
 * Onze in Discord: `/onze new|join|leave|start|kick|end|bot|hand|table|rules` and the moves
 * `draw`, `take`, `buy`, `down`, `layoff`, `swap`, `discard` (with autocomplete of every legal
 * choice), the public table's buttons (My hand, Draw, Take discard, Buy) and the private hand
 * panel, whose menus offer every legal action within Discord's limits (5 rows, 25 options a
 * menu; https://discord.com/developers/docs/interactions/message-components).
 */
export * from "./moves";
export * from "./table";
export * from "./panel";
export * from "./play";
export * from "./command";
export * from "./components";
