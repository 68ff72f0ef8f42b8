/**
 * Moves of computer players. After any reply that may hand the turn to a computer, its move
 * is scheduled after a short visible delay, applied through the same table service as a
 * person's (same checks, same save), and the new table is posted in the channel. The choice
 * uses only the computer's own player view. Timers are not state: after a restart the
 * resumed table is kicked again. A post that Discord refuses never stops the table: the
 * poster re-posts the table when Discord answers again, and the next computer move is
 * scheduled whatever the post did.
 */
import type { BaseMessageOptions } from "discord.js";
import type { BotContext } from "../src/bot/context";
import { UserError } from "../src/bot/errors";
import { seedRng } from "../src/engine/rng";
import { chooseComputerMove } from "../src/games/onexeno/computer";
import { onexenoView } from "../src/games/onexeno/game";
import { moveNote } from "./onexeno";
import { tablePayload } from "./onexeno-view";

/** Posts a message in a channel (not as an interaction reply); retries by itself, never throws. */
export type Poster = (channelId: string, payload: BaseMessageOptions) => Promise<void>;

export class Autoplay {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly ctx: () => BotContext,
    private readonly post: Poster,
    /** Delay before a computer moves, in ms. */
    private readonly delayMs: number,
  ) {}

  /** Schedules the computer to move if it is a computer's turn in this channel. */
  kick(channelId: string): void {
    if (this.stopped || this.timers.has(channelId)) return;
    this.timers.set(channelId, setTimeout(() => void this.run(channelId), this.delayMs));
  }

  /** Cancels every pending move (bot shutdown). */
  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private async run(channelId: string): Promise<void> {
    this.timers.delete(channelId);
    const ctx = this.ctx();
    let moved = false;
    try {
      const rec = await ctx.tables.get(channelId);
      if (!rec?.state || rec.status !== "playing") return;
      const seat = rec.seats[rec.state.turn];
      if (!seat?.computer) return;
      const move = chooseComputerMove(onexenoView(rec.state, rec.state.turn), seat.computer, seedRng(`${rec.seed}:${rec.state.version}`));
      let after;
      try {
        after = await ctx.tables.play(channelId, seat.userId, move, rec.rev);
      } catch (e) {
        if (e instanceof UserError && (e.code === "table/stale" || e.code === "table/already_done")) {
          this.kick(channelId); // the table changed meanwhile: look again
          return;
        }
        throw e;
      }
      moved = true;
      if (this.stopped) return;
      await this.post(channelId, await tablePayload(after, moveNote(rec, after)));
    } catch (e) {
      ctx.log.error(`computer move failed in channel ${channelId}`, e);
    } finally {
      // The move is saved: whatever became of its picture, the next computer may move.
      if (moved) this.kick(channelId);
    }
  }
}
