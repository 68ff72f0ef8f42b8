/**
 * The one list of table games: each game's id, its rules (the engine contract of
 * `src/engine/definition.ts`) and how the computer plays a seat: as a computer player, for a
 * person whose clock ran out (the most conservative legal move), and whether a move leaves
 * the turn with the same seat. The table layer (src/bot) works from this list and never
 * names a game; a new game is its own folders plus one entry here (and its bot-side entry
 * in `commands/games.ts`).
 */
import { HOST_SEAT } from "../engine/definition";
import { GameCatalogue, type AnyGameRules, type RatedGameEntry, type RatedResult, type TableGameRules } from "./catalogue";
import { canasta, type CanastaConfig, type CanastaMove, type CanastaState, type CanastaView } from "./onexeno/canasta";
import { chooseCanastaMove } from "./onexeno/canasta-computer";
import { canastaView } from "./onexeno/canasta";
import { chooseComputerMove } from "./onexeno/computer";
import {
  onexeno,
  onexenoView,
  passAllowed,
  teamOf,
  type OnexenoConfig,
  type OnexenoMove,
  type OnexenoState,
  type OnexenoView,
} from "./onexeno/game";
import { onze, onzeView, type OnzeConfig, type OnzeMove, type OnzeState, type OnzeView } from "./onze/game";
import { chooseOnzeMove, onzeWantsOutOfTurn } from "./onze/computer";
import { cardeno, type CardenoConfig, type CardenoMove, type CardenoState, type CardenoView } from "./cardeno/game";
import { cardenoRealtime } from "./cardeno/computer";
import { onexenoSolitaire, type SolitaireMove, type SolitaireState, type SolitaireView } from "./onexeno/solitaire";

export type {
  AnyGameRules,
  Levels,
  RatedGameEntry,
  RatedResult,
  RealTimePlay,
  SeatPlay,
  TableGameRules,
} from "./catalogue";
export { GameCatalogue } from "./catalogue";

/** Every table game's id, in the order `/…new` lists them (`TABLE_GAME_RULES` follows it). */
export const GAME_IDS = ["onexeno", "canasta", "onze", "cardeno", "solitaire"] as const;
/** A table game's id: a union, so a switch over games is checked for exhaustiveness. */
export type GameId = (typeof GAME_IDS)[number];

/** Every rated game's key, in the order `/stats`, `/ratings` and `/tournament create` list them. */
export const RATED_GAME_KEYS = ["onexeno-basic", "onexeno-partners", "canasta", "onze", "cardeno"] as const;
/** A rated game's key (ratings are kept under it; tournaments name their game by it). */
export type RatedGameKey = (typeof RATED_GAME_KEYS)[number];

/**
 * A game as ratings and tournaments name it: the key ratings are kept under, its name for
 * people, and the table game (`TABLE_GAME_RULES` id) and configuration a tournament table of
 * it is opened with.
 */
export interface RatedGame extends RatedGameEntry {
  readonly key: RatedGameKey;
  readonly table: GameId;
}

/** Each rated game by key: a record, so a key without its game does not compile. */
const RATED: { readonly [K in RatedGameKey]: Omit<RatedGame, "key"> } = {
  "onexeno-basic": { name: "ONEXENO basic", table: "onexeno", config: { variant: "basic", hands: 1 } },
  "onexeno-partners": { name: "ONEXENO partners", table: "onexeno", config: { variant: "partners", hands: 1 }, partners: true },
  canasta: { name: "ONEXENO canasta", table: "canasta", config: { target: 500 } },
  onze: { name: "Onze", table: "onze", config: {}, lowScoreWins: true },
  cardeno: { name: "Cardeno", table: "cardeno", config: {} },
};

/** Every rated game, in the order `/stats`, `/ratings` and `/tournament create` list them. */
export const RATED_GAMES: readonly RatedGame[] = RATED_GAME_KEYS.map((key) => ({ key, ...RATED[key] }));

/** Whether `key` names a rated game. */
export function isRatedGameKey(key: string): key is RatedGameKey {
  return Object.hasOwn(RATED, key);
}

/** The rated game of `key`, or undefined for a key that names none (typed input, an old record). */
export function ratedGame(key: string): RatedGame | undefined {
  return isRatedGameKey(key) ? { key, ...RATED[key] } : undefined;
}

/** The seat counts a table of rated game `key` allows (empty for an unknown key). */
export function seatCountsOf(key: string): readonly number[] {
  return CATALOGUE.seatCounts(key);
}

/** ONEXENO basic and partners: one move a turn; a timeout passes when a pass is allowed. */
export const onexenoGame: TableGameRules<"onexeno", OnexenoConfig, OnexenoState, OnexenoMove, OnexenoView> = {
  id: "onexeno",
  store: "tables",
  definition: { ...onexeno, id: "onexeno" },
  ratedAs: (config) => `onexeno-${config.variant}`,
  teams: (state) => (state.variant === "partners" ? state.hands.map((_, i) => teamOf(i, state.seats)) : null),
  seats: {
    computerMove: (state, seat, level, rng) => chooseComputerMove(onexenoView(state, seat), level, rng),
    timeoutMove: (state, seat, rng) =>
      passAllowed(state.table, state.hands[seat] ?? []) ? { kind: "pass" } : chooseComputerMove(onexenoView(state, seat), "normal", rng),
  },
};

/** ONEXENO canasta: a turn is a draw or take, melds, then a discard; canasta has no pass. */
export const canastaGame: TableGameRules<"canasta", CanastaConfig, CanastaState, CanastaMove, CanastaView> = {
  id: "canasta",
  store: "canasta",
  definition: { ...canasta, id: "canasta" },
  seats: {
    computerMove: (state, seat, level, rng) => chooseCanastaMove(canastaView(state, seat), level, rng),
    timeoutMove: (state, seat, rng) => chooseCanastaMove(canastaView(state, seat), "normal", rng),
    continuesTurn: (before, after) => after.phase === "meld" && after.turn === before.turn && after.hand === before.hand,
  },
};

/**
 * Onze: a turn is a draw or take, going down or laying off, then a discard; others may buy the
 * discard out of turn. A timeout draws from the stock, then plays as the normal computer.
 */
export const onzeGame: TableGameRules<"onze", OnzeConfig, OnzeState, OnzeMove, OnzeView> = {
  id: "onze",
  store: "onze",
  definition: { ...onze, id: "onze" },
  seats: {
    computerMove: (state, seat, level, rng) => chooseOnzeMove(onzeView(state, seat), level, rng),
    timeoutMove: (state, seat, rng) => (state.phase === "draw" ? { kind: "draw" } : chooseOnzeMove(onzeView(state, seat), "normal", rng)),
    continuesTurn: (before, after) => after.phase === "play" && after.turn === before.turn && after.round === before.round,
    turnOf: (state) => state.turn,
    outOfTurnMove: (state, seat, level) => (onzeWantsOutOfTurn(onzeView(state, seat), level) ? { kind: "claim" } : null),
    waitsFor: (state, seat) =>
      state.forSale !== null &&
      seat !== state.turn &&
      seat !== state.discardedBy &&
      !state.claims.includes(seat) &&
      !(state.declines ?? []).includes(seat),
  },
};

/**
 * Cardeno: a real-time race. No turns: the table turns pieces at its pace and computers grab
 * with human reaction times (src/games/cardeno/computer.ts), all timed by the host.
 */
export const cardenoGame: TableGameRules<"cardeno", CardenoConfig, CardenoState, CardenoMove, CardenoView> = {
  id: "cardeno",
  store: "cardeno",
  definition: { ...cardeno, id: "cardeno" },
  seats: { turnOf: () => HOST_SEAT, realtime: cardenoRealtime },
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
    setup: (_config, seats, seed) => onexenoSolitaire.setup({ seed }, seats, seed),
    actors: (state) => onexenoSolitaire.actors(state),
    legalMoves: (state, seat) => onexenoSolitaire.legalMoves(state, seat),
    apply: (state, seat, move, at) => onexenoSolitaire.apply(state, seat, move, at),
    view: (state, seat) => onexenoSolitaire.view(state, seat),
    outcome: (state) => onexenoSolitaire.outcome(state),
  },
  seats: {},
};

/** Each table game by id with its own types: every id has its game, under its own id. */
const TYPED = {
  onexeno: onexenoGame,
  canasta: canastaGame,
  onze: onzeGame,
  cardeno: cardenoGame,
  solitaire: solitaireGame,
} satisfies { readonly [G in GameId]: { readonly id: G } };

/** The configuration, state, move and view types of game `G`, read off its entry. */
export type GameTypes<G extends GameId> =
  (typeof TYPED)[G] extends TableGameRules<G, infer C, infer S, infer M, infer V> ? { config: C; state: S; move: M; view: V } : never;

/** Each table game by id, as the host holds it. */
const RULES: { readonly [G in GameId]: AnyGameRules & { readonly id: G } } = TYPED;

/** Every table game, in the order `/…new` lists them. Adding a game is adding it here (and its id to `GAME_IDS`). */
export const TABLE_GAME_RULES: readonly AnyGameRules[] = GAME_IDS.map((id) => RULES[id]);

/** Whether `id` names a table game of the list. */
export function isGameId(id: string): id is GameId {
  return Object.hasOwn(RULES, id);
}

/** The rules of table game `id`. */
export function gameRules(id: GameId): AnyGameRules {
  return RULES[id];
}

/** The catalogue of the real games (`src/games/catalogue.ts`): what the host reads of a game by id. */
export const CATALOGUE = new GameCatalogue(TABLE_GAME_RULES, RATED_GAMES);

/**
 * The rated result of a table of game `gameId` (its configuration and final state), or null
 * while the game runs or for a game that is not in the list (`GameCatalogue.ratedResult`).
 */
export function ratedResult(gameId: string, config: unknown, state: unknown): RatedResult | null {
  return CATALOGUE.ratedResult(gameId, config, state);
}
