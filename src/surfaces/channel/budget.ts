/**
 * A per-channel budget for channel messages: at most `count` creates and edits in any
 * `windowMs`, the bucket Discord applies to a channel's messages (5 per 5 s; Discord publishes
 * no per-route numbers, bots observe this one: https://discord.com/developers/docs/topics/rate-limits).
 * Past it Discord answers 429 and the request waits anyway, so the bot waits here first, in
 * order: a write that would go over the budget waits for the oldest write in the window to age
 * out. Writes of one channel are granted one at a time, first come first served.
 *
 * The bot's window is 10% longer than Discord's (`CHANNEL_WINDOW_MS`): a write reaches Discord a
 * moment after it is granted, and a table message posted also tidies the one before it (one more
 * edit, counted with it).
 */
/** Writes a channel's bucket holds on Discord. */
export const CHANNEL_WRITES = 5;
/** The bot's window for them, ms: Discord's 5 s and a 10% margin. */
export const CHANNEL_WINDOW_MS = 5500;

/** How long a write granted by `take` may take to be sent and still be matched to its grant, ms. */
export const GRANT_MATCH_MS = 2000;

export class ChannelBudget {
  private readonly spent = new Map<string, number[]>();
  /** Grants of `take` whose writes have not been sent yet (their times), per channel. */
  private readonly granted = new Map<string, number[]>();
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    readonly count = CHANNEL_WRITES,
    readonly windowMs = CHANNEL_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts a write the bot is sending in `channelId` now (every create and edit of a channel
   * message goes through here, paced or not): one granted by `take` uses up its grant, any other
   * (a lobby's table message, a turn-based game's move) is counted as it happens, so paced writes
   * leave room for it.
   */
  note(channelId: string): void {
    const t = this.now();
    const open = (this.granted.get(channelId) ?? []).filter((x) => x > t - GRANT_MATCH_MS);
    if (open.length) {
      // The write goes now, not when it was granted (a picture is drawn in between): count it from now.
      const grantedAt = open.shift() as number;
      this.granted.set(channelId, open);
      const spent = this.spent.get(channelId) ?? [];
      const i = spent.indexOf(grantedAt);
      if (i >= 0) spent.splice(i, 1);
      this.spend(channelId, t, 1);
      return;
    }
    this.granted.delete(channelId);
    this.spend(channelId, t, 1);
  }

  private spend(channelId: string, t: number, n: number): void {
    const kept = (this.spent.get(channelId) ?? []).filter((x) => x > t - this.windowMs);
    this.spent.set(
      channelId,
      [...kept, ...Array<number>(n).fill(t)].sort((a, b) => a - b),
    );
  }

  /** How long (ms) `writes` writes in `channelId` would have to wait now; 0: they may go at once. */
  delay(channelId: string, writes = 1): number {
    const t = this.now();
    const recent = (this.spent.get(channelId) ?? []).filter((x) => x > t - this.windowMs);
    const over = recent.length + writes - this.count;
    return over <= 0 ? 0 : recent[over - 1]! + this.windowMs - t;
  }

  /**
   * For a write the bot makes on its own (an edit that tidies an older table message): uses a
   * grant of `take` still open (a computer's move took room for its table and this tidy-up),
   * else waits for room as `take` does; then counts the write (`note`). Call right before writing.
   */
  async use(channelId: string): Promise<void> {
    const t = this.now();
    const open = (this.granted.get(channelId) ?? []).some((x) => x > t - GRANT_MATCH_MS);
    if (!open) await this.take(channelId, 1);
    this.note(channelId);
  }

  /**
   * Resolves when `writes` writes in `channelId` fit the budget (1 to `count`), and counts them
   * as spent then. Call it right before writing, and render after it resolves (the newest state).
   */
  async take(channelId: string, writes = 1): Promise<void> {
    const n = Math.max(1, Math.min(this.count, writes));
    const prev = this.queues.get(channelId) ?? Promise.resolve();
    const mine = prev.then(async () => {
      for (let wait = this.delay(channelId, n); wait > 0; wait = this.delay(channelId, n))
        await new Promise((r) => setTimeout(r, wait + 1));
      const t = this.now();
      this.spend(channelId, t, n);
      this.granted.set(channelId, [
        ...(this.granted.get(channelId) ?? []).filter((x) => x > t - GRANT_MATCH_MS),
        ...Array<number>(n).fill(t),
      ]);
    });
    this.queues.set(channelId, mine);
    await mine;
    if (this.queues.get(channelId) === mine) this.queues.delete(channelId);
  }
}
