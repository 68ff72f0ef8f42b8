/**
 * A server's season (`/season`) as pure functions: the record, its points table by final place,
 * which finished events it counts (created between its dates, of its games), and its standings
 * with their tie order. The book and the commands (src/bot/seasons.ts, commands/season.ts) save
 * and show them. Rules in the project's words: docs/seasons.md.
 */
import { refuse } from "./words.ts";

/**
 * Points for 1st, 2nd, 3rd… place in one event when a season names none: 25, 18, 15, 12, 10, 8,
 * 6, 4, 2, 1 (the scale motor racing made familiar), nothing below 10th.
 */
export const DEFAULT_SEASON_POINTS: readonly number[] = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1];
/** Most places a points table names. */
export const MAX_POINT_PLACES = 32;
/** Shortest and longest season, days; the default. */
export const SEASON_DAYS = { min: 1, max: 366, default: 30 } as const;
/** Most people a season's rank role goes to. */
export const MAX_ROLE_TOP = 25;

/** One row of a season's standings. */
export interface SeasonRow {
  readonly id: string;
  readonly name: string;
  /** Place in the season (shared by rows equal on every tie-break). */
  readonly rank: number;
  readonly points: number;
  /** How many times they finished 1st, 2nd, 3rd… (index 0: 1st), as long as the points table. */
  readonly places: readonly number[];
  /** Events counted. */
  readonly events: number;
}

/** A season as stored (plain, versioned JSON; key: its id). */
export interface Season {
  readonly schema: 1;
  readonly id: string;
  readonly guildId: string;
  /** Where it was announced (its end is said there too). */
  readonly channelId: string;
  readonly name: string;
  /** Events created from `from` (inclusive) to `to` (exclusive) count, ms since the epoch. */
  readonly from: number;
  readonly to: number;
  /** The rated games it counts (keys); null: every game. */
  readonly games: readonly string[] | null;
  /** Points by final place in an event (index 0: 1st). */
  readonly points: readonly number[];
  /**
   * The server role its top `top` get when it ends; null: none. With `eachEvent`, also after each
   * event it counts (to whoever is in the top then; nobody loses it before the end).
   */
  readonly role: { readonly id: string; readonly top: number; readonly eachEvent?: boolean } | null;
  /** Who got the role so far (after events, with `role.eachEvent`). */
  readonly given?: readonly string[];
  readonly status: "open" | "over";
  readonly createdAt: number;
  /** Set when it ended: when, the standings as they were then, and who got the role. */
  readonly endedAt?: number;
  readonly final?: readonly SeasonRow[];
  readonly awarded?: readonly string[];
}

/** A finished event as a season reads it: its game, when it was created, each person's final place (computers left out). */
export interface SeasonEvent {
  readonly id: string;
  readonly name: string;
  readonly game: string;
  readonly createdAt: number;
  readonly places: readonly { readonly id: string; readonly name: string; readonly rank: number }[];
}

/**
 * A points table typed as numbers separated by commas or spaces (`25, 18, 15`): non-negative
 * whole numbers, never rising, 1 to `MAX_POINT_PLACES` of them. Refuses `season/bad_points`.
 */
export function parsePoints(text: string): number[] {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const values = parts.map((p) => (/^\d{1,4}$/.test(p) ? Number(p) : Number.NaN));
  const rising = values.some((v, i) => i > 0 && v > values[i - 1]!);
  if (!values.length || values.length > MAX_POINT_PLACES || values.some((v) => Number.isNaN(v)) || rising)
    throw refuse("season/bad_points", { most: String(MAX_POINT_PLACES) });
  return values;
}

/** Whether `season` counts `event`: created between its dates, of one of its games. */
export function counts(season: Pick<Season, "from" | "to" | "games">, event: Pick<SeasonEvent, "createdAt" | "game">): boolean {
  return event.createdAt >= season.from && event.createdAt < season.to && (season.games === null || season.games.includes(event.game));
}

/**
 * The standings of `season` over `events` (those it `counts`): each person's points by their
 * final place in each event (`points[rank - 1]`, 0 past the table; a shared place earns its full
 * points), ordered by points, then by count-back (more 1st places, then more 2nd places, and so
 * on down the table), then by fewer events; rows equal on all three share a rank and are listed
 * by name.
 */
export function seasonStandings(season: Pick<Season, "from" | "to" | "games" | "points">, events: readonly SeasonEvent[]): SeasonRow[] {
  const rows = new Map<string, { id: string; name: string; points: number; places: number[]; events: number }>();
  for (const e of events) {
    if (!counts(season, e)) continue;
    for (const p of e.places) {
      if (p.rank < 1) continue;
      const row = rows.get(p.id) ?? { id: p.id, name: p.name, points: 0, places: season.points.map(() => 0), events: 0 };
      row.points += season.points[p.rank - 1] ?? 0;
      if (p.rank <= row.places.length) row.places[p.rank - 1]! += 1;
      row.events += 1;
      rows.set(p.id, row);
    }
  }
  const order = (a: SeasonRowDraft, b: SeasonRowDraft): number => {
    if (a.points !== b.points) return b.points - a.points;
    for (let i = 0; i < a.places.length; i++) if (a.places[i] !== b.places[i]) return b.places[i]! - a.places[i]!;
    return a.events - b.events;
  };
  const sorted = [...rows.values()].sort((a, b) => order(a, b) || a.name.localeCompare(b.name));
  const out: SeasonRow[] = [];
  sorted.forEach((r, i) => {
    const prev = out[i - 1];
    const rank = prev && order(sorted[i - 1]!, r) === 0 ? prev.rank : i + 1;
    out.push({ ...r, rank });
  });
  return out;
}

type SeasonRowDraft = Pick<SeasonRow, "points" | "places" | "events">;

/** The people of `rows` who get a role given to the top `top`: every row ranked `top` or better (a tie at the edge takes them all). */
export function roleHolders(rows: readonly SeasonRow[], top: number): string[] {
  return rows.filter((r) => r.rank <= top).map((r) => r.id);
}

/** The standings as CSV (one header line, a row a person): rank, id, name, points, events, then each place's count. */
export function seasonCsv(rows: readonly SeasonRow[], places: number): string {
  const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  const head = ["rank", "user_id", "name", "points", "events", ...Array.from({ length: places }, (_, i) => `place_${i + 1}`)];
  const lines = rows.map((r) => [r.rank, r.id, quote(r.name), r.points, r.events, ...r.places].join(","));
  return `${[head.join(","), ...lines].join("\n")}\n`;
}

/** `s` ended at `now` with `rows` as its final standings and `awarded` the people who got its role. Null when it is over already. */
export function ended(s: Season, now: number, rows: readonly SeasonRow[], awarded: readonly string[]): Season | null {
  return s.status === "over" ? null : { ...s, status: "over", endedAt: now, final: rows, awarded };
}
