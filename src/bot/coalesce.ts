/**
 * Keeps fast-changing messages within Discord's rate limits
 * (https://discord.com/developers/docs/topics/rate-limits): for each key (a channel's live
 * table, one player's panel) a job runs at most once every `gapMs`; requests made meanwhile
 * collapse into one run at the end of the gap, which renders the newest state. A job never
 * overlaps itself. The gap counts from the end of a run (a job may wait for the channel's
 * budget before it writes, so its write comes at its end). Errors are the job's to handle (they
 * are caught and passed to `onError`).
 */
export class Coalescer {
  private readonly last = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly jobs = new Map<string, () => Promise<void>>();
  private readonly busy = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    /** Least time between two runs of one key, ms. */
    readonly gapMs: number,
    private readonly onError: (key: string, e: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Asks for `job` to run for `key` (the latest job asked for is the one that runs). */
  request(key: string, job: () => Promise<void>): void {
    if (this.stopped) return;
    this.jobs.set(key, job);
    if (this.timers.has(key) || this.busy.has(key)) return;
    const wait = Math.max(0, (this.last.get(key) ?? -Infinity) + this.gapMs - this.now());
    this.timers.set(
      key,
      setTimeout(() => this.fire(key), wait),
    );
  }

  /** Forgets a key (its pending run is dropped). */
  drop(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.jobs.delete(key);
  }

  /** Keys with a run pending or under way (tests). */
  get pending(): number {
    return new Set([...this.timers.keys(), ...this.busy.keys()]).size;
  }

  /** Drops every pending run and waits for those under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.jobs.clear();
    await Promise.all([...this.busy.values()]);
  }

  private fire(key: string): void {
    this.timers.delete(key);
    const job = this.jobs.get(key);
    this.jobs.delete(key);
    if (!job || this.stopped) return;
    this.last.set(key, this.now());
    const run = job()
      .catch((e: unknown) => this.onError(key, e))
      .finally(() => {
        this.busy.delete(key);
        this.last.set(key, this.now());
        // A request made while this ran: schedule it after the gap.
        const next = this.jobs.get(key);
        if (next) {
          this.jobs.delete(key);
          this.request(key, next);
        }
      });
    this.busy.set(key, run);
  }
}
