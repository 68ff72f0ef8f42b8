/**
 * Applies the actions of a real-time table in the order they were made, not the order they
 * arrived. Every action carries its time (`at`, ms: a Discord interaction's snowflake
 * timestamp, https://discord.com/developers/docs/reference#snowflakes) and an order key (the
 * snowflake itself, unique); an action is held until `at + windowMs` on the host's clock, and
 * the held actions of one key (a channel) then run one after another by order key.
 *
 * So two grabs of one piece made 5 ms apart are decided by their timestamps even when the later
 * one reached the bot first, as long as each reached it within `windowMs` of being made. An
 * action later than that runs on arrival (it cannot undo what ran before it). An action whose
 * time is ahead of the host's clock (clock skew) is held at most `maxHoldMs` from its arrival.
 */

interface Held {
  readonly order: bigint;
  readonly release: number;
  readonly run: () => Promise<void>;
}

export class Sequencer {
  private readonly held = new Map<string, Held[]>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    /** How long an action may take to arrive and still be ordered by its time, ms. */
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxHoldMs = 1000,
  ) {}

  /**
   * Runs `job` in `key`'s order (see the class): resolves or rejects with the job's result.
   * `order` breaks ties between equal times (and is the order itself for snowflakes). `windowMs`:
   * this action's own wait for others made before it (default the sequencer's; 0 for an action
   * that reached the host the moment it was made, as the live table's: it runs at once, after
   * the actions made before it that are already held).
   */
  run<T>(key: string, at: number, order: bigint, job: () => Promise<T>, windowMs = this.windowMs): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const arrival = this.now();
      const release = Math.min(at + windowMs, arrival + this.maxHoldMs);
      const list = this.held.get(key) ?? [];
      list.push({ order, release, run: () => job().then(resolve, reject) });
      this.held.set(key, list);
      this.arm(key);
    });
  }

  /** Actions waiting (tests). */
  get waiting(): number {
    let n = 0;
    for (const l of this.held.values()) n += l.length;
    return n;
  }

  private arm(key: string): void {
    if (this.running.has(key)) return; // re-armed when the batch ends
    const list = this.held.get(key);
    if (!list?.length) return;
    clearTimeout(this.timers.get(key));
    const first = Math.min(...list.map((h) => h.release));
    this.timers.set(
      key,
      setTimeout(() => this.release(key), Math.max(0, first - this.now())),
    );
  }

  private release(key: string): void {
    this.timers.delete(key);
    const list = this.held.get(key) ?? [];
    const now = this.now();
    // Everything due, plus anything held that was made before the latest of those (so nothing
    // made earlier runs later): in order.
    const due = list.filter((h) => h.release <= now);
    if (!due.length) return this.arm(key);
    const cut = due.reduce((m, h) => (h.order > m ? h.order : m), 0n);
    const batch = list
      .filter((h) => h.release <= now || h.order < cut)
      .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
    const rest = list.filter((h) => !batch.includes(h));
    if (rest.length) this.held.set(key, rest);
    else this.held.delete(key);
    const run = (async () => {
      for (const h of batch) await h.run();
    })();
    this.running.set(key, run);
    void run.finally(() => {
      this.running.delete(key);
      this.arm(key);
    });
  }
}

/** The order key of a host-made action at `at` ms: sorts with snowflakes of the same millisecond (after them). */
export function orderOfTime(at: number): bigint {
  return ((BigInt(Math.floor(at)) - 1420070400000n) << 22n) | 0x3fffffn;
}

/** The order key of a Discord snowflake id. */
export function orderOfSnowflake(id: string): bigint {
  try {
    return BigInt(id);
  } catch {
    return 0n;
  }
}
