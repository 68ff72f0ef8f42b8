/**
 * One mutex per key (channel id): interactions for one channel never interleave, while
 * different channels run in parallel. Built on async-mutex.
 */
import { Mutex } from "async-mutex";

export class KeyedLock {
  private readonly locks = new Map<string, { mutex: Mutex; users: number }>();

  /** Runs `fn` while holding the lock of `key`; releases even if `fn` throws. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let entry = this.locks.get(key);
    if (!entry) {
      entry = { mutex: new Mutex(), users: 0 };
      this.locks.set(key, entry);
    }
    entry.users++;
    try {
      return await entry.mutex.runExclusive(fn);
    } finally {
      entry.users--;
      if (entry.users === 0) this.locks.delete(key);
    }
  }

  /** Keys currently held or awaited (for tests). */
  get size(): number {
    return this.locks.size;
  }
}
