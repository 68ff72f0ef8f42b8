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
 * Shown as OpenSkill's conservative ordinal (mu - 3 sigma, 0 for a new player); provisional
 * under `PROVISIONAL_GAMES` games.
 */
import { ordinal, rate, rating } from "openskill";
import { placesOf } from "../engine/places";
import type { Outcome } from "../engine/definition";
import type { RecordStore } from "../store/store";
import { KeyedLock } from "./lock";

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

/** A finished table as ratings read it. */
export interface RatedTable {
  readonly guildId: string | null;
  readonly seats: readonly { readonly userId: string; readonly name: string; readonly computer?: string; readonly leftBy?: string }[];
}

/** A rating change of one person. */
export interface RatingChange {
  readonly userId: string;
  readonly before: number;
  readonly after: number;
  readonly place: number;
}

/** The conservative rating shown to people: mu - 3 sigma, rounded to one decimal. */
export function shownRating(r: { mu: number; sigma: number }): number {
  return Math.round(ordinal(r) * 10) / 10;
}

export class RatingService {
  private readonly lock = new KeyedLock();

  constructor(
    private readonly store: RecordStore<RatingBoard>,
    private readonly now: () => number = Date.now,
  ) {}

  private key(guildId: string | null, game: string): string {
    return `${guildId ?? "dm"}:${game}`;
  }

  /**
   * Rates a finished table in rated game `game`: `outcome` gives the places; `teams` the team
   * of each seat (null: each seat alone). Returns the changes, or null when fewer than two
   * people's teams played (nothing is saved).
   */
  async record(table: RatedTable, game: string, outcome: Outcome, teams: readonly number[] | null): Promise<RatingChange[] | null> {
    const places = placesOf(outcome);
    // People only: a computer's seat (and a seat a computer took over) is left out.
    const people = table.seats.map((s, i) => ({ ...s, seat: i })).filter((s) => !s.computer && !s.leftBy);
    const teamOf = (seat: number) => (teams ? (teams[seat] ?? seat) : seat);
    const teamIds = [...new Set(people.map((p) => teamOf(p.seat)))];
    if (teamIds.length < 2) return null;
    const key = this.key(table.guildId, game);
    return this.lock.run(key, async () => {
      const board = (await this.store.get(key)) ?? { schema: 1 as const, guildId: table.guildId, game, players: {} };
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
      const at = this.now();
      members.forEach((m, ti) =>
        m.forEach((p, pi) => {
          const before = current(p.userId);
          const next = rated[ti]![pi]!;
          const delta = Math.round((ordinal(next) - ordinal(before)) * 10) / 10;
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
      return changes;
    });
  }

  /** The ratings of a server in a rated game (empty when nobody has a rated game). */
  async board(guildId: string | null, game: string): Promise<RatingBoard> {
    return (await this.store.get(this.key(guildId, game))) ?? { schema: 1, guildId, game, players: {} };
  }

  /** The best of a server in a game, by shown rating (then games played), at most `limit`. */
  async top(guildId: string | null, game: string, limit = 10): Promise<PlayerRating[]> {
    const board = await this.board(guildId, game);
    return Object.values(board.players)
      .sort((a, b) => shownRating(b) - shownRating(a) || b.games - a.games)
      .slice(0, limit);
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
      out.push({ game, rating: r, rank: 1 + all.filter((o) => shownRating(o) > shownRating(r)).length, of: all.length });
    }
    return out;
  }
}
