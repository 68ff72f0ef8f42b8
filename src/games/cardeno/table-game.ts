/**
 * Cardeno as a table game of the host (`TableGameRules`, src/games/catalogue.ts): a real-time race
 * the host times; and Cardeno as a rated game. `GAMES` (commands/index.ts) lists it through its module.
 */
import { HOST_SEAT } from "../../engine/definition.ts";
import type { RatedGameEntry, TableGameRules } from "../catalogue.ts";
import { cardeno, type CardenoConfig, type CardenoMove, type CardenoState, type CardenoView } from "./game.ts";
import { cardenoRealtime } from "./computer.ts";

/**
 * Cardeno: a real-time race. No turns: the table turns pieces at its pace and computers grab
 * with human reaction times (src/games/cardeno/computer.ts), all timed by the host.
 */
export const cardenoGame: TableGameRules<"cardeno", CardenoConfig, CardenoState, CardenoMove, CardenoView> = {
  id: "cardeno",
  store: "cardeno",
  definition: { ...cardeno, id: "cardeno" },
  seats: { turnOf: () => HOST_SEAT, realtime: cardenoRealtime, levels: ["easy", "normal", "expert"] },
};

/** Cardeno as ratings and tournaments name it. */
export const cardenoRated = [
  { key: "cardeno", name: "Cardeno", table: "cardeno", config: {} },
] as const satisfies readonly RatedGameEntry[];

declare module "../catalogue" {
  /** This file's games, by id (their types for `ctx.service(id)`). */
  interface TableGameRegistry {
    cardeno: typeof cardenoGame;
  }
}
