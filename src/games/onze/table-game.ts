/**
 * Onze as a table game of the host (`TableGameRules`, src/games/catalogue.ts): how the computer
 * plays a seat, buys out of turn and holds its discard for those who may buy; and Onze as a rated
 * game. `GAMES` (commands/index.ts) lists it through its module.
 */
import { usualLevel, type RatedGameEntry, type TableGameRules } from "../catalogue.ts";
import { onze, onzeView, type OnzeConfig, type OnzeMove, type OnzeState, type OnzeView } from "./game.ts";
import { chooseOnzeMove, onzeWantsOutOfTurn } from "./computer.ts";
import { expertOnzeMove, expertWantsOutOfTurn, ONZE_THOUGHTS } from "./expert.ts";

/**
 * Onze: a turn is a draw or take, going down or laying off, then a discard; others may buy the
 * discard out of turn. A timeout draws from the stock, then plays as the normal computer.
 * Computers at every level (src/games/onze/expert.ts for `expert`).
 */
export const onzeGame: TableGameRules<"onze", OnzeConfig, OnzeState, OnzeMove, OnzeView> = {
  id: "onze",
  store: "onze",
  definition: { ...onze, id: "onze" },
  seats: {
    levels: ["easy", "normal", "expert"],
    computerMove: (state, seat, level, rng) =>
      level === "expert" ? expertOnzeMove(onzeView(state, seat), rng) : chooseOnzeMove(onzeView(state, seat), usualLevel(level), rng),
    // The expert's discard weighs deals of the hidden hands: made off the event loop. Its buys are quick, made inline.
    thought: (state, seat, level, seed) => (level === "expert" ? ONZE_THOUGHTS.job("expert", onzeView(state, seat), seed) : null),
    timeoutMove: (state, seat, rng) => (state.phase === "draw" ? { kind: "draw" } : chooseOnzeMove(onzeView(state, seat), "normal", rng)),
    continuesTurn: (before, after) => after.phase === "play" && after.turn === before.turn && after.round === before.round,
    turnOf: (state) => state.turn,
    outOfTurnMove: (state, seat, level) =>
      (level === "expert" ? expertWantsOutOfTurn(onzeView(state, seat)) : onzeWantsOutOfTurn(onzeView(state, seat), usualLevel(level)))
        ? { kind: "claim" }
        : null,
    waitsFor: (state, seat) =>
      state.forSale !== null &&
      seat !== state.turn &&
      seat !== state.discardedBy &&
      !state.claims.includes(seat) &&
      !(state.declines ?? []).includes(seat),
  },
};

/** Onze as ratings and tournaments name it (the lowest total wins). */
export const onzeRated = [
  { key: "onze", name: "Onze", table: "onze", config: {}, lowScoreWins: true },
] as const satisfies readonly RatedGameEntry[];

declare module "../catalogue" {
  /** This file's games, by id (their types for `ctx.service(id)`). */
  interface TableGameRegistry {
    onze: typeof onzeGame;
  }
}
