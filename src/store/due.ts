/**
 * The due index of turn clocks: when each table next needs the host (a warning, a timeout, a
 * lobby's expiry), so a restarted bot finds the due tables without loading every stored
 * table. One record per table in the given store (key: the table's key, value: ms since the
 * epoch), so several processes sharing a store never overwrite each other's entries and a
 * change writes a few bytes, not the whole index. The tables themselves stay the truth: a wake
 * that finds nothing due only re-arms, so a stale entry costs one read, never a wrong move.
 *
 * Earlier versions kept the whole index in one record under the key `due`; it is read once,
 * copied to per-table records and deleted.
 */
import type { RecordStore } from "./store";

/** The store of the due index: a wake time per key (and, from earlier versions, one map). */
export type DueStore = RecordStore<number | Record<string, number>>;

const LEGACY_KEY = "due";
/** Keys of flags kept beside the entries (never a table key: those are `game:channel`). */
const FLAG_PREFIX = "!";

export class DueIndex {
  private entries: Map<string, number> | null = null;
  private loading: Promise<Map<string, number>> | null = null;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: DueStore) {}

  /** Every entry: key and wake time (ms since the epoch). Lists the store once. */
  async all(): Promise<Map<string, number>> {
    this.loading ??= this.load();
    this.entries ??= await this.loading;
    return this.entries;
  }

  private async load(): Promise<Map<string, number>> {
    const map = new Map<string, number>();
    let legacy: Record<string, number> | null = null;
    for (const [key, value] of await this.store.entries()) {
      if (key.startsWith(FLAG_PREFIX)) continue;
      if (key === LEGACY_KEY && typeof value === "object" && value !== null) legacy = value;
      else if (typeof value === "number") map.set(key, value);
    }
    if (legacy) {
      for (const [key, at] of Object.entries(legacy)) if (!map.has(key) && typeof at === "number") map.set(key, at);
      await Promise.all(Object.keys(legacy).map((key) => this.store.set(key, map.get(key)!)));
      await this.store.delete(LEGACY_KEY);
    }
    return map;
  }

  /** Sets (a time in ms) or clears (null) the wake of `key`, and saves that one entry. */
  async set(key: string, wakeAt: number | null): Promise<void> {
    const map = await this.all();
    if (wakeAt === null ? !map.has(key) : map.get(key) === wakeAt) return;
    if (wakeAt === null) map.delete(key);
    else map.set(key, wakeAt);
    const write = wakeAt === null ? this.store.delete(key) : this.store.set(key, wakeAt);
    this.writing = Promise.allSettled([this.writing, write]);
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
