/**
 * Ratings per server and game, kept with OpenSkill's Plackett-Luce model (the `openskill`
 * package: https://openskill.me, Weng & Lin 2011), which rates tables of any size and teams.
 *
 * Every finished game between people updates the ratings of its people: computer seats (and
 * a seat a computer took over from a person who left) are left out, so a game counts only for
 * the people against each other, and a game with fewer than two people's teams counts for
 * nothing. One record per server and rated game (`RATED_GAMES`), updated under a lock per
 * record; a guild belongs to one shard, so the lock is sound across processes.
 *
 * Shown on the scale lichess and Board Game Arena players know (`shownRating`): 1500 for a new
 * player, OpenSkill's skill estimate (mu) at `POINTS_PER_MU` points a unit; provisional under
 * `PROVISIONAL_GAMES` games, and ranked after the established ratings (as lichess keeps
 * provisional ratings off its leaderboards).
 */
import { ordinal, rate, rating } from "openskill";
import { placesOf } from "../engine/places.ts";
import type { Outcome } from "../engine/definition.ts";
import type { RecordStore } from "../store/store.ts";
import { KeyedLock } from "./lock.ts";

/** Under this many rated games a rating is marked provisional. */
export const PROVISIONAL_GAMES = 10;
/** Recent results kept per player and game. */
export const RECENT = 5;

/** One recent result: when (ms), the place and the number of teams rated. */
export interface RecentResult {
  readonly at: number;
  readonly place: number;
  readonly of: number;
  /** Ordinal change from this game. */
  readonly delta: number;
}

/** A player's rating in one game of one server. */
export interface PlayerRating {
  readonly userId: string;
  /** Name at the latest rated game. */
  readonly name: string;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
  /** Rated games finished in first place (shared first places count). */
  readonly wins: number;
  /** Newest last. */
  readonly recent: readonly RecentResult[];
}

/** The ratings of one server in one rated game (plain, versioned JSON). */
export interface RatingBoard {
  readonly schema: 1;
  readonly guildId: string | null;
  readonly game: string;
  readonly players: Readonly<Record<string, PlayerRating>>;
}

/** A player's shown rating after each rated game (thinned to `HISTORY_POINTS`), for `/stats`' chart. */
export interface RatingHistory {
  readonly schema: 1;
  /** Oldest first: the rating before the first game, then after each kept game (ms, shown rating). */
  readonly points: readonly { readonly at: number; readonly rating: number }[];
  /** The highest shown rating ever reached. */
  readonly peak: number;
}

/** What the ratings namespace holds: a board per server and game, a history per player there. */
export type RatingEntry = RatingBoard | RatingHistory;

/**
 * Points a history keeps: past this, every other point of its older half goes (the first one
 * stays), so a long history keeps its whole span at a coarser grain and the newest games whole.
 */
export const HISTORY_POINTS = 60;

/** `points` with `point` added, thinned as `HISTORY_POINTS` says. */
export function withPoint<P>(points: readonly P[], point: P): P[] {
  const all = [...points, point];
  if (all.length <= HISTORY_POINTS) return all;
  const half = Math.floor(all.length / 2);
  return [...all.slice(0, half).filter((_, i) => i % 2 === 0), ...all.slice(half)];
}

/** A finished table as ratings read it. */
export interface RatedTable {
  readonly guildId: string | null;
  readonly seats: readonly { readonly userId: string; readonly name: string; readonly computer?: string; readonly leftBy?: string }[];
}

/** One rated game as `RatingService.rebuild` takes it: its table, outcome, teams (null: each seat alone) and when it ended (ms). */
export interface RatedGame {
  readonly table: RatedTable;
  readonly outcome: Outcome;
  readonly teams: readonly number[] | null;
  readonly at: number;
}

/** A rating change of one person. */
export interface RatingChange {
  readonly userId: string;
  readonly before: number;
  readonly after: number;
  readonly place: number;
}

/** A new player's shown rating. */
export const START_RATING = 1500;
/**
 * Shown points per unit of OpenSkill's mu: 48, so that OpenSkill's performance spread (beta =
 * 25/6) is 200 points, the spread of Elo-style scales.
 */
export const POINTS_PER_MU = 48;

/**
 * The rating shown to people, a whole number: 1500 + 48 (mu - 25), so a new player shows 1500
 * and an average one stays near it (never negative in practice: mu would need to fall below
 * -6). OpenSkill's default rating is mu 25, sigma 25/3 (https://openskill.me).
 */
export function shownRating(r: { mu: number; sigma?: number }): number {
  return Math.round(START_RATING + POINTS_PER_MU * (r.mu - 25));
}

/**
 * Leaderboard order: established ratings first (provisional ones after them), then by shown
 * rating, then by OpenSkill's conservative estimate (mu - 3 sigma), then games played.
 */
export function ratingOrder(a: PlayerRating, b: PlayerRating): number {
  const prov = (r: PlayerRating) => (r.games < PROVISIONAL_GAMES ? 1 : 0);
  return prov(a) - prov(b) || shownRating(b) - shownRating(a) || ordinal(b) - ordinal(a) || b.games - a.games;
}

export class RatingService {
  private readonly lock = new KeyedLock();
  /** Results being rated (`record`): every read waits for them first. */
  private readonly recording = new Set<Promise<unknown>>();

  constructor(
    private readonly store: RecordStore<RatingEntry>,
    private readonly now: () => number = Date.now,
  ) {}

  private key(guildId: string | null, game: string): string {
    return `${guildId ?? "dm"}:${game}`;
  }

  private historyKey(guildId: string | null, game: string, userId: string): string {
    return `h:${guildId ?? "dm"}:${game}:${userId}`;
  }

  /** Resolves once every result being rated when it is called has been rated (or has failed). */
  private async rated(): Promise<void> {
    if (this.recording.size > 0) await Promise.allSettled([...this.recording]);
  }

  private async boardAt(key: string): Promise<RatingBoard | undefined> {
    const b = await this.store.get(key);
    return b && "players" in b ? b : undefined;
  }

  /** A player's rating history in a game of a server (undefined before their first rated game). */
  async history(guildId: string | null, game: string, userId: string): Promise<RatingHistory | undefined> {
    await this.rated();
    return this.historyNow(guildId, game, userId);
  }

  private async historyNow(guildId: string | null, game: string, userId: string): Promise<RatingHistory | undefined> {
    const h = await this.store.get(this.historyKey(guildId, game, userId));
    return h && "points" in h ? h : undefined;
  }

  /**
   * Rates a finished table in rated game `game`: `outcome` gives the places; `teams` the team
   * of each seat (null: each seat alone). Returns the changes, or null when fewer than two
   * people's teams played (nothing is saved). Until it is done, every read (`board`, `top`,
   * `player`, `history`) waits for it: a game is rated as it ends, while its last answer goes out,
   * so a player who asks for `/stats` right after sees the game counted.
   */
  record(table: RatedTable, game: string, outcome: Outcome, teams: readonly number[] | null): Promise<RatingChange[] | null> {
    const recording = this.rate(table, game, outcome, teams);
    this.recording.add(recording);
    const done = () => this.recording.delete(recording);
    recording.then(done, done);
    return recording;
  }

  private async rate(table: RatedTable, game: string, outcome: Outcome, teams: readonly number[] | null): Promise<RatingChange[] | null> {
    return this.lock.run(this.key(table.guildId, game), () => this.rateNow({ table, outcome, teams, at: this.now() }, game));
  }

  /**
   * The ratings of server `guildId` in rated game `game` made again from `games` (oldest first):
   * the board and every history of it are cleared, then each game is rated as it was when it
   * ended (`at`, ms). For a corrected result (a tournament organiser's correction): the games
   * after it are rated on the corrected ratings, as if the result had been right all along.
   */
  async rebuild(guildId: string | null, game: string, games: readonly RatedGame[]): Promise<void> {
    const key = this.key(guildId, game);
    await this.lock.run(key, async () => {
      const old = await this.boardAt(key);
      for (const userId of Object.keys(old?.players ?? {})) await this.store.delete(this.historyKey(guildId, game, userId));
      await this.store.delete(key);
      for (const g of games) await this.rateNow(g, game);
    });
  }

  /** Rates one game under its board's lock (held by the caller). */
  private async rateNow(g: RatedGame, game: string): Promise<RatingChange[] | null> {
    const { table, outcome, teams } = g;
    const places = placesOf(outcome);
    // People only: a computer's seat (and a seat a computer took over) is left out.
    const people = table.seats.map((s, i) => ({ ...s, seat: i })).filter((s) => !s.computer && !s.leftBy);
    const teamOf = (seat: number) => (teams ? (teams[seat] ?? seat) : seat);
    const teamIds = [...new Set(people.map((p) => teamOf(p.seat)))];
    if (teamIds.length < 2) return null;
    const key = this.key(table.guildId, game);
    const board = (await this.boardAt(key)) ?? { schema: 1 as const, guildId: table.guildId, game, players: {} };
    const current = (userId: string) => board.players[userId] ?? { ...rating(), games: 0, wins: 0, recent: [] };
    const members = teamIds.map((t) => people.filter((p) => teamOf(p.seat) === t));
    // A team's place is its best seat's place (teammates share a score).
    const teamPlaces = members.map((m) => Math.min(...m.map((p) => places[p.seat] ?? places.length)));
    const rated = rate(
      members.map((m) =>
        m.map((p) => {
          const c = current(p.userId);
          return { mu: c.mu, sigma: c.sigma };
        }),
      ),
      { rank: teamPlaces },
    );
    // Places among the rated teams only (1 + teams strictly ahead).
    const shownPlace = teamPlaces.map((p) => 1 + teamPlaces.filter((q) => q < p).length);
    const players = { ...board.players };
    const changes: RatingChange[] = [];
    const at = g.at;
    members.forEach((m, ti) =>
      m.forEach((p, pi) => {
        const before = current(p.userId);
        const next = rated[ti]![pi]!;
        const delta = shownRating(next) - shownRating(before);
        players[p.userId] = {
          userId: p.userId,
          name: p.name,
          mu: next.mu,
          sigma: next.sigma,
          games: before.games + 1,
          wins: before.wins + (shownPlace[ti] === 1 ? 1 : 0),
          recent: [...before.recent, { at, place: shownPlace[ti]!, of: members.length, delta }].slice(-RECENT),
        };
        changes.push({ userId: p.userId, before: shownRating(before), after: shownRating(next), place: shownPlace[ti]! });
      }),
    );
    await this.store.set(key, { ...board, players });
    for (const c of changes) {
      const hkey = this.historyKey(table.guildId, game, c.userId);
      const old = await this.historyNow(table.guildId, game, c.userId);
      const points = old?.points ?? [{ at, rating: c.before }];
      await this.store.set(hkey, {
        schema: 1,
        points: withPoint(points, { at, rating: c.after }),
        peak: Math.max(old?.peak ?? c.before, c.after),
      });
    }
    return changes;
  }

  /** The ratings of a server in a rated game (empty when nobody has a rated game). */
  async board(guildId: string | null, game: string): Promise<RatingBoard> {
    await this.rated();
    return (await this.boardAt(this.key(guildId, game))) ?? { schema: 1, guildId, game, players: {} };
  }

  /** Every rated player of a server in a game: user id to shown rating points (`shownRating`). */
  async shown(guildId: string | null, game: string): Promise<Map<string, number>> {
    const board = await this.board(guildId, game);
    return new Map(Object.entries(board.players).map(([id, r]) => [id, shownRating(r)]));
  }

  /** The best of a server in a game, by shown rating (then games played), at most `limit`. */
  async top(guildId: string | null, game: string, limit = 10): Promise<PlayerRating[]> {
    const board = await this.board(guildId, game);
    return Object.values(board.players).sort(ratingOrder).slice(0, limit);
  }

  /** A player's ratings in a server, one per rated game of `games` they have played. */
  async player(
    guildId: string | null,
    userId: string,
    games: readonly string[],
  ): Promise<{ game: string; rating: PlayerRating; rank: number; of: number }[]> {
    const out: { game: string; rating: PlayerRating; rank: number; of: number }[] = [];
    for (const game of games) {
      const board = await this.board(guildId, game);
      const r = board.players[userId];
      if (!r) continue;
      const all = Object.values(board.players);
      out.push({ game, rating: r, rank: 1 + all.filter((o) => ratingOrder(o, r) < 0).length, of: all.length });
    }
    return out;
  }
}
