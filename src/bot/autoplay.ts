/**
 * Moves of computer players, for every game. After any reply that may hand the turn to a
 * computer, one is scheduled after a short visible delay. Each game supplies a step: it applies
 * the computer's move if one is due (through the same table service as a person's, so the same
 * checks and the same save) and returns the table to post. The post retries by itself (the
 * Publisher), and the next computer move is scheduled whatever the post did. Timers are not
 * state: after a restart the resumed tables are kicked again.
 */
import type { BaseMessageOptions } from "discord.js";
import type { Logger } from "./logger.ts";

/** Applies one computer move in the channel if one is due; the table to post, `shown` when the step showed it itself (an edit in place), or null. */
export type ComputerStep = (channelId: string) => Promise<BaseMessageOptions | "shown" | null>;

/** Posts a message in a channel (not as an interaction reply); retries by itself, never throws. */
export type Poster = (channelId: string, payload: BaseMessageOptions) => Promise<void>;

export class Autoplay {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Channels whose step is running, and those kicked meanwhile (they run again once it is done). */
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  /** Steps under way (a computer's move being made and posted), which `stop` waits for. */
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    /** One step per game that has computer players. */
    private readonly steps: () => readonly ComputerStep[],
    private readonly post: Poster,
    /** Delay before a computer moves, in ms. */
    private readonly delayMs: number,
    private readonly log: () => Logger,
  ) {}

  /**
   * Schedules a computer move in this channel if one may be due. One step runs at a time per
   * channel: a kick while one runs is kept for after it, so two computer moves are never posted
   * at once (the later one could reach the channel first and leave an older table below it).
   */
  kick(channelId: string): void {
    if (this.stopped || this.timers.has(channelId)) return;
    if (this.running.has(channelId)) {
      this.again.add(channelId);
      return;
    }
    const start = () => {
      const step = this.run(channelId).finally(() => this.inFlight.delete(step));
      this.inFlight.add(step);
    };
    this.timers.set(channelId, setTimeout(start, this.delayMs));
  }

  /**
   * Bot shutdown: cancels every pending move and resolves once the moves already under way are
   * saved (so the store is never closed under one; what they would post is dropped, and the next
   * message of the table after a restart shows it).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async run(channelId: string): Promise<void> {
    this.timers.delete(channelId);
    this.running.add(channelId);
    let moved = false;
    try {
      for (const step of this.steps()) {
        const payload = await step(channelId);
        if (!payload) continue;
        moved = true;
        if (payload !== "shown" && !this.stopped) await this.post(channelId, payload);
        return;
      }
    } catch (e) {
      this.log().error(`computer move failed in channel ${channelId}`, e);
    } finally {
      // The move is saved: whatever became of its picture, the next computer may move.
      this.running.delete(channelId);
      const kicked = this.again.delete(channelId);
      if (moved || kicked) this.kick(channelId);
    }
  }
}
