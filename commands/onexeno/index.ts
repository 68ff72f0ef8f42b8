/**
 * `/onexeno`: lobby verbs, play, pass, hand, table, rules, end.
 * Command shape: https://discord.com/developers/docs/interactions/application-commands
 */
export * from "./notes.ts";
export * from "./rules.ts";
export * from "./play.ts";
export * from "./command.ts";
export * from "./view.ts";
export * from "./choices.ts";
export * from "./components.ts";
