/**
 * The ONEXENO family as table games of the host (`TableGameRules`, src/games/catalogue.ts): basic
 * and partners (one game, by variant), canasta and solitaire, each with how the computer plays a
 * seat, and the rated games made of them (`RatedGameEntry`). `GAMES` (commands/index.ts) lists them through the ONEXENO module.
 */
import { usualLevel, type RatedGameEntry, type TableGameRules } from "../catalogue.ts";
import { canasta, canastaView, type CanastaConfig, type CanastaMove, type CanastaState, type CanastaView } from "./canasta.ts";
import { chooseCanastaMove } from "./canasta-computer.ts";
import { CANASTA_THOUGHTS, expertCanastaMove } from "./canasta-expert.ts";
import { chooseComputerMove, COMPUTER_LEVELS } from "./computer.ts";
import { ONEXENO_THOUGHTS } from "./expert.ts";
import {
  onexeno,
  onexenoView,
  passAllowed,
  teamOf,
  type OnexenoConfig,
  type OnexenoMove,
  type OnexenoState,
  type OnexenoView,
} from "./game.ts";
import { onexenoSolitaire, type SolitaireMove, type SolitaireState, type SolitaireView } from "./solitaire.ts";

/**
 * ONEXENO basic and partners: one move a turn; a timeout passes when a pass is allowed. Computers
 * at every level, the expert's search made off the event loop (`thought`).
 */
export const onexenoGame: TableGameRules<"onexeno", OnexenoConfig, OnexenoState, OnexenoMove, OnexenoView> = {
  id: "onexeno",
  store: "tables",
  definition: { ...onexeno, id: "onexeno" },
  ratedAs: (config) => `onexeno-${config.variant}`,
  teams: (state) => (state.variant === "partners" ? state.hands.map((_, i) => teamOf(i, state.seats)) : null),
  seats: {
    levels: COMPUTER_LEVELS,
    computerMove: (state, seat, level, rng) => chooseComputerMove(onexenoView(state, seat), level, rng),
    // The expert searches on a picture thread; its view alone goes there.
    thought: (state, seat, level, seed) => (level === "expert" ? ONEXENO_THOUGHTS.job("expert", onexenoView(state, seat), seed) : null),
    timeoutMove: (state, seat, rng) =>
      passAllowed(state.table, state.hands[seat] ?? []) ? { kind: "pass" } : chooseComputerMove(onexenoView(state, seat), "normal", rng),
  },
};

/**
 * ONEXENO canasta: a turn is a draw or take, melds, then a discard; canasta has no pass. Computers
 * at every level (src/games/onexeno/canasta-expert.ts for `expert`, its plans made off the event loop).
 */
export const canastaGame: TableGameRules<"canasta", CanastaConfig, CanastaState, CanastaMove, CanastaView> = {
  id: "canasta",
  store: "canasta",
  definition: { ...canasta, id: "canasta" },
  seats: {
    levels: ["easy", "normal", "expert"],
    computerMove: (state, seat, level, rng) =>
      level === "expert"
        ? expertCanastaMove(canastaView(state, seat), rng)
        : chooseCanastaMove(canastaView(state, seat), usualLevel(level), rng),
    thought: (state, seat, level, seed) => (level === "expert" ? CANASTA_THOUGHTS.job("expert", canastaView(state, seat), seed) : null),
    timeoutMove: (state, seat, rng) => chooseCanastaMove(canastaView(state, seat), "normal", rng),
    continuesTurn: (before, after) => after.phase === "meld" && after.turn === before.turn && after.hand === before.hand,
  },
};

/**
 * How a solitaire table was opened: the channel its thread was made in (finished games are
 * announced there). The deal is the table's seed (`daily-YYYY-MM-DD` for the daily deal).
 */
export interface SolitaireConfig {
  readonly parentId: string;
}

/**
 * ONEXENO solitaire: a one-seat table (it starts as it opens) in its own thread, no computer
 * players and no clock by default. The deal is the table's seed.
 */
export const solitaireGame: TableGameRules<"solitaire", SolitaireConfig, SolitaireState, SolitaireMove, SolitaireView> = {
  id: "solitaire",
  store: "solitaire",
  name: "ONEXENO solitaire",
  measure: (state) => state.square,
  definition: {
    id: "solitaire",
    seatCounts: () => [1],
    setup: (_config, seats, seed, derivation) => onexenoSolitaire.setup({ seed }, seats, seed, derivation),
    actors: (state) => onexenoSolitaire.actors(state),
    legalMoves: (state, seat) => onexenoSolitaire.legalMoves(state, seat),
    apply: (state, seat, move, at) => onexenoSolitaire.apply(state, seat, move, at),
    view: (state, seat) => onexenoSolitaire.view(state, seat),
    outcome: (state) => onexenoSolitaire.outcome(state),
  },
  seats: {},
};

/**
 * The ONEXENO family's rated games: basic and partners are one table game rated apart (by its
 * `ratedAs`), canasta its own. Tournaments open their tables with `config`.
 */
export const onexenoRated = [
  { key: "onexeno-basic", name: "ONEXENO basic", table: "onexeno", config: { variant: "basic", hands: 1 } },
  { key: "onexeno-partners", name: "ONEXENO partners", table: "onexeno", config: { variant: "partners", hands: 1 }, partners: true },
  { key: "canasta", name: "ONEXENO canasta", table: "canasta", config: { target: 500 } },
] as const satisfies readonly RatedGameEntry[];

declare module "../catalogue" {
  /** This file's games, by id (their types for `ctx.service(id)`). */
  interface TableGameRegistry {
    onexeno: typeof onexenoGame;
    canasta: typeof canastaGame;
    solitaire: typeof solitaireGame;
  }
}
