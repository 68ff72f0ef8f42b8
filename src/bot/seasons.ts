/**
 * The seasons of each server (`/season`): kept one record a season (key: its id), one open season
 * a server at a time; its events are the server's finished tournaments (src/bot/tournaments.ts),
 * read when its standings are asked for, frozen when it ends. Pure rules: src/bot/season-rules.ts.
 */
import type { RecordStore } from "../store/store.ts";
import { KeyedLock } from "./lock.ts";
import { counts, ended, roleHolders, seasonStandings, type Season, type SeasonEvent, type SeasonRow } from "./season-rules.ts";
import { shownStandings } from "./tournament-rules.ts";
import type { Tournament } from "./tournament-record.ts";
import { refuse } from "./words.ts";

export * from "./season-rules.ts";

/** What a new season is made of (the organiser's `/season create`): it runs `days` days from now. */
export type SeasonRequest = Pick<Season, "guildId" | "channelId" | "name" | "games" | "points" | "role"> & { readonly days: number };

const DAY_MS = 86_400_000;

/** A finished event as seasons read it: each person's final place as its standings show it (computers left out). */
export function seasonEvent(t: Tournament): SeasonEvent {
  const computers = new Set(t.entrants.filter((e) => e.computer).map((e) => e.id));
  const names = new Map(t.entrants.map((e) => [e.id, e.name]));
  const places = shownStandings(t)
    .filter((s) => !computers.has(s.id))
    .map((s) => ({ id: s.id, name: names.get(s.id) ?? s.id, rank: s.rank }));
  return { id: t.id, name: t.name, game: t.game, createdAt: t.createdAt, places };
}

export class SeasonBook {
  /** One lock per guild: creating and ending its seasons. */
  private readonly lock = new KeyedLock();

  /**
   * Seasons kept in `store`; `events(guildId)` lists the guild's tournaments (finished or not);
   * `now` is the clock (ms) and `newId` names new seasons.
   */
  constructor(
    private readonly store: RecordStore<Season>,
    private readonly events: (guildId: string) => Promise<readonly Tournament[]>,
    private readonly now: () => number = Date.now,
    private readonly newId: () => string = () => `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  ) {}

  /** The season with this id. */
  get(id: string): Promise<Season | undefined> {
    return this.store.get(id);
  }

  /** The seasons of a guild, newest first. */
  async list(guildId: string): Promise<Season[]> {
    return (await this.store.entries())
      .map(([, s]) => s)
      .filter((s) => s.guildId === guildId)
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  /** The book's clock, ms (the tournaments' own: an event's `createdAt` is read on it). */
  clock(): number {
    return this.now();
  }

  /** A new season from `req`, from now. Refuses `season/already_open` (naming it) while the guild has an open season. */
  async create(req: SeasonRequest): Promise<Season> {
    return this.lock.run(req.guildId, async () => {
      const open = (await this.list(req.guildId)).find((s) => s.status === "open");
      if (open) throw refuse("season/already_open", { name: open.name });
      const { days, ...rest } = req;
      const now = this.now();
      const s: Season = { schema: 1, id: this.newId(), ...rest, from: now, to: now + days * DAY_MS, status: "open", createdAt: now };
      await this.store.set(s.id, s);
      return s;
    });
  }

  /** The finished events `season` counts, read now (oldest first). */
  async eventsOf(season: Season): Promise<SeasonEvent[]> {
    const all = await this.events(season.guildId);
    return all
      .filter((t) => t.status === "over")
      .map(seasonEvent)
      .filter((e) => counts(season, e))
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  /** The standings of `season`: as frozen at its end, else as its events stand now. */
  async standings(season: Season): Promise<SeasonRow[]> {
    return season.final ? [...season.final] : seasonStandings(season, await this.eventsOf(season));
  }

  /**
   * After event `t` ended: when the guild's open season counts it and gives its role after each
   * event, `award` gives the role to the people in its top now who do not have it from this
   * season yet; they are kept (`Season.given`). Returns whom it gave the role to.
   */
  async afterEvent(t: Tournament, award: (ids: readonly string[], s: Season) => Promise<readonly string[]>): Promise<readonly string[]> {
    if (!t.guildId) return [];
    const guildId = t.guildId;
    return this.lock.run(guildId, async () => {
      const s = (await this.list(guildId)).find((x) => x.status === "open");
      if (!s?.role?.eachEvent || !counts(s, seasonEvent(t))) return [];
      const had = new Set(s.given ?? []);
      const due = roleHolders(await this.standings(s), s.role.top).filter((id) => !had.has(id));
      if (!due.length) return [];
      const given = await award(due, s);
      await this.store.set(s.id, { ...s, given: [...had, ...given] });
      return given;
    });
  }

  /**
   * Ends season `id`: its standings frozen, then `award` (the people who get its role, by the
   * standings) run and whom it gave the role to kept. Refuses `season/none` and
   * `season/already_over`.
   */
  async end(id: string, award: (rows: readonly SeasonRow[], s: Season) => Promise<readonly string[]>): Promise<Season> {
    const s = await this.get(id);
    if (!s) throw refuse("season/none");
    return this.lock.run(s.guildId, async () => {
      const now = (await this.get(id))!;
      if (now.status === "over") throw refuse("season/already_over", { name: now.name });
      const rows = await this.standings(now);
      const awarded = await award(rows, now);
      const next = ended(now, this.now(), rows, awarded)!;
      await this.store.set(id, next);
      return next;
    });
  }
}
