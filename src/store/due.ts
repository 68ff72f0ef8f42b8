/**
 * The due index of turn clocks: when each table next needs the host (a warning, a timeout, a
 * lobby's expiry), so a restarted bot finds the due tables without loading every stored
 * table. One small JSON record (`{ key: ms }`) in the given store; writes are serialised and
 * coalesced (the newest snapshot wins). The tables themselves stay the truth: a wake that
 * finds nothing due only re-arms, so a stale entry costs one read, never a wrong move.
 */
import type { RecordStore } from "./store";

const KEY = "due";

export class DueIndex {
  private entries: Map<string, number> | null = null;
  private loading: Promise<Map<string, number>> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(private readonly store: RecordStore<Record<string, number>>) {}

  /** Every entry: key and wake time (ms since the epoch). Loads the one record once. */
  async all(): Promise<Map<string, number>> {
    this.loading ??= this.store.get(KEY).then((r) => new Map(Object.entries(r ?? {})));
    this.entries ??= await this.loading;
    return this.entries;
  }

  /** Sets (a time in ms) or clears (null) the wake of `key`, and saves. */
  async set(key: string, wakeAt: number | null): Promise<void> {
    const map = await this.all();
    if (wakeAt === null ? !map.has(key) : map.get(key) === wakeAt) return;
    if (wakeAt === null) map.delete(key);
    else map.set(key, wakeAt);
    await this.save();
  }

  /** Resolves when every change so far is saved. */
  async flush(): Promise<void> {
    await this.writing;
  }

  private save(): Promise<void> {
    if (this.dirty) return this.writing; // a write is queued: it will take this change too
    this.dirty = true;
    this.writing = this.writing.then(async () => {
      this.dirty = false;
      await this.store.set(KEY, Object.fromEntries(this.entries ?? []));
    });
    return this.writing;
  }
}
