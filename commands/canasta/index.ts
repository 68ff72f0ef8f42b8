/**
 * ONEXENO canasta in Discord: `/onexeno new game:canasta [target]`, the same lobby verbs,
 * then draw / take / meld / extend / discard by slash commands (with autocomplete that
 * proposes valid rows and legal cards) or from the private hand panel. The panel respects
 * Discord's limits (5 component rows, 25 options per menu): suggested melds and extensions
 * are the 25 best, discards are split over two menus when the hand passes 25 cards.
 */
export * from "./rows.ts";
export * from "./table.ts";
export * from "./panel.ts";
export * from "./play.ts";
export * from "./command.ts";
export * from "./components.ts";
export * from "./autocomplete.ts";
