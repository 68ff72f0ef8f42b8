/**
 * `/onexeno`: lobby verbs, play, pass, hand, table, rules, end.
 * Command shape: https://discord.com/developers/docs/interactions/application-commands
 */
export * from "./notes";
export * from "./rules";
export * from "./play";
export * from "./command";
export * from "./view";
export * from "./choices";
export * from "./components";
