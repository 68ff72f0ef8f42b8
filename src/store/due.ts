/**
 * The due index of turn clocks: when each table next needs the host (a warning, a timeout, a
 * lobby's expiry), so a restarted bot finds the due tables without loading every stored
 * table. One record per table in the given store (key: the table's key, value: ms since the
 * epoch), so several processes sharing a store never overwrite each other's entries and a
 * change writes a few bytes, not the whole index. The tables themselves stay the truth: a wake
 * that finds nothing due only re-arms, so a stale entry costs one read, never a wrong move.
 *
 * Each entry names the table's guild, so a shard process arms only the tables of its own
 * guilds without reading them (https://discord.com/developers/docs/events/gateway#sharding).
 *
 * Earlier versions kept the whole index in one record under the key `due`; it is read once,
 * copied to per-table records and deleted. Their entries (a bare number) have no guild: the
 * table itself says whose it is when it is woken.
 */
import type { RecordStore } from "./store.ts";

/** A stored entry: `[wake time in ms since the epoch, guild id or null (a DM)]`. */
export type DueValue = readonly [number, string | null];

/** The store of the due index: an entry per key (from earlier versions: a bare time, or one map). */
export type DueStore = RecordStore<DueValue | number | Record<string, number>>;

/** An entry of the index: when (ms since the epoch) and the table's guild (undefined: not recorded). */
export interface DueEntry {
  readonly at: number;
  readonly guild?: string | null;
}

const LEGACY_KEY = "due";
/** Keys of flags kept beside the entries (never a table key: those are `game:channel`). */
const FLAG_PREFIX = "!";

export class DueIndex {
  private entries: Map<string, DueEntry> | null = null;
  private loading: Promise<Map<string, DueEntry>> | null = null;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: DueStore) {}

  /**
   * Every entry by key, read from the store again (entries other processes on the store wrote
   * since this one listed it): what a process reads when it takes a guild over from another.
   */
  async fresh(): Promise<Map<string, DueEntry>> {
    const mine = await this.all();
    await this.writing;
    const stored = await this.load();
    for (const [key, entry] of stored) mine.set(key, entry);
    return stored;
  }

  /** Every entry by key. Lists the store once. */
  async all(): Promise<Map<string, DueEntry>> {
    this.loading ??= this.load();
    this.entries ??= await this.loading;
    return this.entries;
  }

  private async load(): Promise<Map<string, DueEntry>> {
    const map = new Map<string, DueEntry>();
    let legacy: Record<string, number> | null = null;
    for (const [key, value] of await this.store.entries()) {
      if (key.startsWith(FLAG_PREFIX)) continue;
      if (Array.isArray(value) && typeof value[0] === "number") map.set(key, { at: value[0], guild: value[1] ?? null });
      else if (typeof value === "number") map.set(key, { at: value });
      else if (key === LEGACY_KEY && typeof value === "object" && value !== null) legacy = value as Record<string, number>;
    }
    if (legacy) {
      for (const [key, at] of Object.entries(legacy)) if (!map.has(key) && typeof at === "number") map.set(key, { at });
      await Promise.all(Object.keys(legacy).map((key) => this.store.set(key, map.get(key)!.at)));
      await this.store.delete(LEGACY_KEY);
    }
    return map;
  }

  /**
   * Sets (a time in ms) or clears (null) the wake of `key`, and saves that one entry.
   * `guild` is the table's guild (null: a DM; undefined: not known, as in a bare entry).
   */
  async set(key: string, wakeAt: number | null, guild?: string | null): Promise<void> {
    const map = await this.all();
    const had = map.get(key);
    if (wakeAt === null ? had === undefined : had?.at === wakeAt && had.guild === guild) return;
    if (wakeAt === null) map.delete(key);
    else map.set(key, guild === undefined ? { at: wakeAt } : { at: wakeAt, guild });
    const write = wakeAt === null ? this.store.delete(key) : this.store.set(key, guild === undefined ? wakeAt : [wakeAt, guild]);
    this.writing = Promise.allSettled([this.writing, write]).then(() => undefined); // no nesting of earlier results
    await write;
  }

  /** Whether `name` was flagged in this store (see `flag`). */
  async flagged(name: string): Promise<boolean> {
    return (await this.store.get(`${FLAG_PREFIX}${name}`)) !== undefined;
  }

  /** Records a one-time fact about the store (e.g. a migration done), with the time (ms). */
  async flag(name: string): Promise<void> {
    await this.store.set(`${FLAG_PREFIX}${name}`, Date.now());
  }

  /** Resolves when every change so far is saved. */
  async flush(): Promise<void> {
    await this.writing;
  }
}
