/**
 * Work a bot sets off without waiting for it (a finished game's record and ratings, a
 * tournament's result): kept here so that shutdown can wait until it is saved, rather than close
 * the store under it and lose it.
 */
export class Pending {
  private readonly work = new Set<Promise<unknown>>();

  /** Keeps `p` until it settles; returns it. Its errors are the caller's to handle. */
  add<T>(p: Promise<T>): Promise<T> {
    const kept = p.finally(() => this.work.delete(kept));
    this.work.add(kept);
    kept.catch(() => {}); // settled here too: an error is handled where `p` came from
    return p;
  }

  /** Resolves once nothing is pending, including work added meanwhile. */
  async settle(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }
}
