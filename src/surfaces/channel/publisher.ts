/**
 * Public table messages that must reach their channel even while Discord fails: a post that
 * fails (5xx past the client's retries, a rate limit, a dropped connection) is followed by a
 * refresh, which renders the channel's table as it stands then and posts it, retried with
 * growing delays (1 s, 2 s, 4 s … at most 60 s) until Discord takes it. At most one refresh
 * waits per channel; a later successful post cancels it, since that one is newer. After
 * `MAX_ATTEMPTS` refreshes (about 8 minutes) it gives up and logs: the channel is gone or
 * the bot may not post there, and the next move shows the table again anyway.
 */
import type { BaseMessageOptions } from "discord.js";
import type { Logger } from "../../bot/logger.ts";
import type { ChannelPoster } from "../surface.ts";

/** Renders the current public table of a channel (null: nothing to show there any more). */
export type CurrentTable = (channelId: string) => Promise<BaseMessageOptions | null>;

/** Refreshes tried before giving up. */
export const MAX_ATTEMPTS = 12;

export class Publisher {
  private readonly refreshes = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly send: ChannelPoster,
    private readonly current: CurrentTable,
    private readonly log: Logger,
    /** First retry delay, ms. */
    private readonly firstDelayMs = 1000,
  ) {}

  /** Posts `payload` in the channel; on failure schedules a refresh. Never throws. */
  async post(channelId: string, payload: BaseMessageOptions): Promise<boolean> {
    try {
      await this.send(channelId, payload);
      this.cancel(channelId);
      return true;
    } catch (e) {
      this.log.info(
        `could not post in channel ${channelId} (${e instanceof Error ? e.message : String(e)}); the table will be posted again when Discord answers`,
      );
      this.schedule(channelId, 0);
      return false;
    }
  }

  /** Channels waiting for a refresh (tests, metrics). */
  get waiting(): number {
    return this.refreshes.size;
  }

  /** Cancels every pending refresh (shutdown). */
  stop(): void {
    this.stopped = true;
    for (const t of this.refreshes.values()) clearTimeout(t);
    this.refreshes.clear();
  }

  private cancel(channelId: string): void {
    const t = this.refreshes.get(channelId);
    if (t) clearTimeout(t);
    this.refreshes.delete(channelId);
  }

  private schedule(channelId: string, attempt: number): void {
    if (this.stopped || this.refreshes.has(channelId)) return;
    const delay = Math.min(60_000, this.firstDelayMs * 2 ** attempt);
    this.refreshes.set(
      channelId,
      setTimeout(() => {
        this.refreshes.delete(channelId);
        void this.refresh(channelId, attempt);
      }, delay),
    );
  }

  private async refresh(channelId: string, attempt: number): Promise<void> {
    if (this.stopped) return;
    try {
      const payload = await this.current(channelId);
      if (!payload) return;
      await this.send(channelId, payload);
      this.log.info(`posted the table of channel ${channelId} again after ${attempt + 1} failed attempt${attempt ? "s" : ""}`);
    } catch (e) {
      if (attempt + 1 >= MAX_ATTEMPTS) {
        this.log.error(`gave up posting the table of channel ${channelId} after ${MAX_ATTEMPTS} attempts`, e);
        return;
      }
      this.schedule(channelId, attempt + 1);
    }
  }
}
