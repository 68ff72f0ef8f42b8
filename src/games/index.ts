/**
 * The one list of table games (`TABLE_GAMES`): each game's entry comes from its own folder (its
 * rules, the engine contract of `src/engine/definition.ts`, and how the computer plays a seat)
 * with the rated games made of it. The ids, the rated keys, the catalogue and the typed lookups
 * are read off the list. The table layer (src/bot) works from it and never names a game; a new
 * game is its own folders plus its entries here (and its bot-side entry in `commands/registry.ts`).
 */
import { GameCatalogue, type AnyGameRules, type RatedGameEntry, type RatedResult, type TableGameRules } from "./catalogue";
import { canastaGame, onexenoGame, onexenoRated, solitaireGame } from "./onexeno/table-games";
import { onzeGame, onzeRated } from "./onze/table-game";
import { cardenoGame, cardenoRated } from "./cardeno/table-game";

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
export { canastaGame, onexenoGame, solitaireGame, type SolitaireConfig } from "./onexeno/table-games";
export { onzeGame } from "./onze/table-game";
export { cardenoGame } from "./cardeno/table-game";

/** Every table game, in the order `/…new` lists them. Adding a game is adding its entry here. */
const TABLE_GAMES = [onexenoGame, canastaGame, onzeGame, cardenoGame, solitaireGame] as const;
/** Every rated game, in the order `/stats`, `/ratings` and `/tournament create` list them. */
const RATED_LIST = [...onexenoRated, ...onzeRated, ...cardenoRated] as const;

/** A table game's id: a union, so a switch over games is checked for exhaustiveness. */
export type GameId = (typeof TABLE_GAMES)[number]["id"];
/** Every table game's id, in the order `/…new` lists them. */
export const GAME_IDS: readonly GameId[] = TABLE_GAMES.map((g) => g.id);

/** A rated game's key (ratings are kept under it; tournaments name their game by it). */
export type RatedGameKey = (typeof RATED_LIST)[number]["key"];
/** Every rated game's key, in the order `/stats`, `/ratings` and `/tournament create` list them. */
export const RATED_GAME_KEYS: readonly RatedGameKey[] = RATED_LIST.map((r) => r.key);

/**
 * A game as ratings and tournaments name it: the key ratings are kept under, its name for
 * people, and the table game (`TABLE_GAMES` id) and configuration a tournament table of
 * it is opened with.
 */
export interface RatedGame extends RatedGameEntry {
  readonly key: RatedGameKey;
  readonly table: GameId;
}

/** Every rated game, in the order `/stats`, `/ratings` and `/tournament create` list them. */
export const RATED_GAMES: readonly RatedGame[] = RATED_LIST;

const RATED_BY_KEY = new Map<string, RatedGame>(RATED_GAMES.map((r) => [r.key, r]));

/** Whether `key` names a rated game. */
export function isRatedGameKey(key: string): key is RatedGameKey {
  return RATED_BY_KEY.has(key);
}

/** The rated game of `key`, or undefined for a key that names none (typed input, an old record). */
export function ratedGame(key: string): RatedGame | undefined {
  return RATED_BY_KEY.get(key);
}

/** The seat counts a table of rated game `key` allows (empty for an unknown key). */
export function seatCountsOf(key: string): readonly number[] {
  return CATALOGUE.seatCounts(key);
}

/** Each table game by id with its own types: every id has its game, under its own id. */
type TypedGames = { readonly [G in GameId]: Extract<(typeof TABLE_GAMES)[number], { readonly id: G }> };

/** The configuration, state, move and view types of game `G`, read off its entry. */
export type GameTypes<G extends GameId> =
  TypedGames[G] extends TableGameRules<G, infer C, infer S, infer M, infer V> ? { config: C; state: S; move: M; view: V } : never;

/** Each table game by id, as the host holds it. */
const RULES = new Map<string, AnyGameRules>(TABLE_GAMES.map((g): [string, AnyGameRules] => [g.id, g]));

/** Every table game, in the order `/…new` lists them, as the host holds them. */
export const TABLE_GAME_RULES: readonly AnyGameRules[] = [...RULES.values()];

/** Whether `id` names a table game of the list. */
export function isGameId(id: string): id is GameId {
  return RULES.has(id);
}

/** The rules of table game `id`. */
export function gameRules(id: GameId): AnyGameRules {
  return RULES.get(id)!;
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
