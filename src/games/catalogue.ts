/**
 * The games a bot runs, as the host holds them: each table game's rules and computer play
 * (`TableGameRules`), and the rated games made of them (`RatedGameEntry`). Generic: this file
 * names no game; the games' modules (`GAMES`, commands/index.ts) build the catalogue of a bot, and
 * each game's rules entry registers its types here (`TableGameRegistry`). Everything the host reads of a game
 * by id comes from here, so a game it does not know is `undefined`, never a thrown `find()!`.
 */
import type { ComputerLevel, GameDefinition, Outcome, TimedAction, VersionedState } from "../engine/definition.ts";
import type { RngState } from "../engine/rng.ts";
import type { ThoughtJob } from "../engine/thinking.ts";

/** How the computer plays a seat of a game, and what a turn is (the table layer's clocks and computers read it: src/bot/table-turns.ts). */
export interface SeatPlay<S, M> {
  /** The computer levels this game seats (`bot add`, a tournament's computers), weakest first; absent: easy and normal. */
  readonly levels?: readonly ComputerLevel[];
  /** Turn-based games: a computer player's move at `level`, chosen from the seat's own view. */
  computerMove?(state: S, seat: number, level: ComputerLevel, rng: RngState): M;
  /**
   * Turn-based games: when the move at `level` is a search, the job that finds it from the seat's
   * view (src/engine/thinking.ts), run off the event loop on the picture threads; its random
   * state is seeded by `seed`, so its answer is the move `computerMove` gives with `seedRng(seed)`.
   * Null (or absent): the level's move is quick and made inline by `computerMove`.
   */
  thought?(state: S, seat: number, level: ComputerLevel, seed: string): ThoughtJob | null;
  /** Turn-based games: the move made for a person whose clock ran out (pass where the rules allow, else the normal computer's choice). */
  timeoutMove?(state: S, seat: number, rng: RngState): M;
  /** Whether `after` (one move after `before`) is still the same seat's turn; absent: one move a turn. */
  continuesTurn?(before: S, after: S): boolean;
  /** The seat whose turn it is when others may act too; absent: the first seat that may act. */
  turnOf?(state: S): number;
  /** A computer's move out of turn (buying), or null. */
  outOfTurnMove?(state: S, seat: number, level: ComputerLevel, rng: RngState): M | null;
  /**
   * Whether a computer to move holds its move so that the person at `seat` (not the seat to
   * move) can still decide an out-of-turn move (buying the discard passed over,
   * not yet asked for). The table holds the computer for `holdMs` (src/bot/tables.ts) from the moment the first
   * such person could act, or until every one of them has decided; absent: computers never wait.
   */
  waitsFor?(state: S, seat: number): boolean;
  /** Real-time games: the table's own steps and the computers' timed moves (see `RealTimePlay`). */
  realtime?: RealTimePlay<S, M>;
}

/** Each seat's computer level, null for a person playing. */
export type Levels = readonly (ComputerLevel | null)[];

/** The levels a game seats when it does not say (`SeatPlay.levels`). */
export const USUAL_LEVELS: readonly ComputerLevel[] = ["easy", "normal"];

/**
 * The usual level a seat at `level` plays at in a game that seats only the usual ones (a table
 * or tournament record written where the game seated more): easy stays easy, any other normal.
 */
export function usualLevel(level: ComputerLevel): "easy" | "normal" {
  return level === "easy" ? "easy" : "normal";
}

/** The computer levels a game of seat rules `seats` seats, weakest first (none when it has no computer players). */
export function levelsOf<S, M>(seats: SeatPlay<S, M> | null | undefined): readonly ComputerLevel[] {
  if (!seats || (!seats.computerMove && !seats.realtime)) return [];
  return seats.levels ?? USUAL_LEVELS;
}

/**
 * A real-time game's timetable, pure: when the game next needs the host (ms since the epoch,
 * null: never), and the earliest action due by `now` (the table's step or a computer's move),
 * null when none. `key` (the table's seed) seeds the computers' timing.
 */
export interface RealTimePlay<S, M> {
  dueAt(state: S, levels: Levels, key: string): number | null;
  next(state: S, levels: Levels, key: string, now: number): TimedAction<M> | null;
}

/** One table game: id, rules, computer play. */
export interface TableGameRules<G extends string, C, S extends VersionedState, M, V> {
  readonly id: G;
  /** The store namespace of its tables (usually its id; a game may keep a historical one). */
  readonly store: string;
  readonly definition: GameDefinition<S, M, V, C> & { readonly id: G };
  readonly seats: SeatPlay<S, M>;
  /**
   * Which rated game (`RATED_GAMES`) a table of this configuration counts for; absent: the
   * game's id (one table game may count for several rated games, by configuration).
   */
  ratedAs?(config: C): string;
  /** The team of each seat (same number = same team), or null when everyone plays alone. */
  teams?(state: S): readonly number[] | null;
  /** The game's name for people where no rated game names it (a one-player game's challenge). */
  readonly name?: string;
  /**
   * A one-player game's second measure, compared after its score (e.g. the side of its
   * largest square); absent: 0.
   */
  measure?(state: S): number;
}

/**
 * Every table game's rules entry by id, for the types only: each game's rules file adds its own
 * entry by declaration merging,
 * `declare module "../catalogue" { interface TableGameRegistry { race: typeof raceGame } }`,
 * so `ctx.service("race")` is typed by that game's own entry without a list here (a test's fixture game
 * registers itself the same way). An id a bot does not run is a programming error at run time.
 */
export interface TableGameRegistry {}

/** A table game's id: a union of every registered game's id. */
export type GameId = keyof TableGameRegistry & string;

/** The configuration, state, move and view types of game `G`, read off its registered entry. */
export type GameTypes<G extends GameId> =
  TableGameRegistry[G] extends TableGameRules<G, infer C, infer S, infer M, infer V> ? { config: C; state: S; move: M; view: V } : never;

/** A game of the list as the host holds it: its types erased (every game's state is versioned JSON). */
export type AnyGameRules = TableGameRules<string, unknown, VersionedState, unknown, unknown>;

/**
 * A game as ratings and tournaments name it: the key ratings are kept under, its name for
 * people, and the table game (`TableGameRules` id) and configuration a tournament table of it
 * is opened with.
 */
export interface RatedGameEntry {
  readonly key: string;
  readonly name: string;
  readonly table: string;
  readonly config: unknown;
  /** Played in teams of two partners (seats i and i + seats/2): tournaments rotate partners. */
  readonly partners?: boolean;
  /** The lowest game score wins: standings show raw totals, best is lowest. */
  readonly lowScoreWins?: boolean;
}

/** What ratings read of a finished game: the rated game's key, the outcome, the teams. */
export interface RatedResult {
  readonly game: string;
  readonly outcome: Outcome;
  readonly teams: readonly number[] | null;
}

/**
 * The table games and rated games of one bot, by id and key. Throws at construction (a
 * programming error) when two games share an id or store, or a rated game names no table game.
 */
export class GameCatalogue {
  private readonly byId: ReadonlyMap<string, AnyGameRules>;
  private readonly byKey: ReadonlyMap<string, RatedGameEntry>;

  constructor(
    /** Every table game, in the order `/…new` lists them. */
    readonly games: readonly AnyGameRules[],
    /** Every rated game, in the order `/stats`, `/ratings` and `/tournament create` list them. */
    readonly rated: readonly RatedGameEntry[],
  ) {
    this.byId = new Map(games.map((g) => [g.id, g]));
    this.byKey = new Map(rated.map((r) => [r.key, r]));
    if (this.byId.size !== games.length || new Set(games.map((g) => g.store)).size !== games.length)
      throw new Error("two table games share an id or a store");
    if (this.byKey.size !== rated.length) throw new Error("two rated games share a key");
    for (const r of rated) if (!this.byId.has(r.table)) throw new Error(`rated game ${r.key} names no table game (${r.table})`);
  }

  /** This catalogue with more games (a test build with a fixture game), after the ones it has. */
  with(more: { readonly games?: readonly AnyGameRules[]; readonly rated?: readonly RatedGameEntry[] }): GameCatalogue {
    return new GameCatalogue([...this.games, ...(more.games ?? [])], [...this.rated, ...(more.rated ?? [])]);
  }

  /** The table game `id`, or undefined for an id it does not hold (a stored record of a removed game). */
  game(id: string): AnyGameRules | undefined {
    return this.byId.get(id);
  }

  /**
   * The one-player games (a table of one seat): each can be a tournament's challenge, everyone
   * playing the same deal in a window. Key: the table game's id; name: its `name` (else its id).
   */
  challengeGames(): readonly { readonly key: string; readonly name: string }[] {
    return this.games.filter((g) => Math.max(...g.definition.seatCounts({})) === 1).map((g) => ({ key: g.id, name: g.name ?? g.id }));
  }

  /**
   * A finished one-player game's result (its final state): the score, the second measure; null
   * while it runs or for a game it does not hold.
   */
  soloResult(gameId: string, state: unknown): { readonly score: number; readonly measure: number } | null {
    const rules = this.byId.get(gameId);
    if (!rules || state === null || state === undefined) return null;
    const outcome = rules.definition.outcome(state as VersionedState);
    if (!outcome) return null;
    return { score: outcome.scores[0] ?? 0, measure: rules.measure?.(state as VersionedState) ?? 0 };
  }

  /** The rated game of `key`, or undefined for a key that names none (typed input, an old record). */
  ratedGame(key: string): RatedGameEntry | undefined {
    return this.byKey.get(key);
  }

  /** The computer levels a table of rated game `key` seats, weakest first (empty for an unknown key or a game without computers). */
  levels(key: string): readonly ComputerLevel[] {
    const rated = this.byKey.get(key);
    return levelsOf(rated && this.byId.get(rated.table)?.seats);
  }

  /** The seat counts a table of rated game `key` allows (empty for an unknown key). */
  seatCounts(key: string): readonly number[] {
    const rated = this.byKey.get(key);
    const game = rated && this.byId.get(rated.table);
    return game && rated ? game.definition.seatCounts(rated.config) : [];
  }

  /**
   * The rated result of a table of game `gameId` (its configuration and final state), or null
   * while the game runs, for a game it does not hold, or for a game no rated game counts.
   */
  ratedResult(gameId: string, config: unknown, state: unknown): RatedResult | null {
    const rules = this.byId.get(gameId);
    if (!rules || state === null || state === undefined) return null;
    const outcome = rules.definition.outcome(state as VersionedState);
    if (!outcome) return null;
    const game = rules.ratedAs?.(config) ?? rules.id;
    if (!this.byKey.has(game)) return null;
    return { game, outcome, teams: rules.teams?.(state as VersionedState) ?? null };
  }
}
