/**
 * Moves of computer players, for every game. After any reply that may hand the turn to a
 * computer, one is scheduled after a short visible delay. Each game supplies a step: it applies
 * the computer's move if one is due (through the same table service as a person's, so the same
 * checks and the same save) and returns the table to post. The post retries by itself (the
 * Publisher), and the next computer move is scheduled whatever the post did. Timers are not
 * state: after a restart the resumed tables are kicked again.
 */
import type { BaseMessageOptions } from "discord.js";
import { seedRng, type RngState } from "../engine/rng";
import { UserError } from "./errors";
import type { Logger } from "./router";
import type { Seat } from "./tables";

/** Applies one computer move in the channel if one is due; the table to post, or null. */
export type ComputerStep = (channelId: string) => Promise<BaseMessageOptions | null>;

/** The parts of a stored table a computer step reads. */
interface SeatedTable {
  readonly status: "lobby" | "playing" | "over";
  readonly state: { readonly turn: number; readonly version: number } | null;
  readonly seats: readonly Seat[];
  readonly rev: number;
  readonly seed: string;
}

/**
 * The computer step of a game played through a table service: when the seat to move holds a
 * computer, `choose` picks its move (from that seat's view: the game's chooser sees nothing
 * else), the table service applies it as it would a person's, and `show` renders the result.
 * The chooser's randomness is seeded by the table's seed and state version, so a replay picks
 * the same moves.
 */
export function seatedComputerStep<R extends SeatedTable, M>(
  tables: () => { get(channelId: string): Promise<R | undefined>; play(channelId: string, userId: string, move: M, rev?: number): Promise<R> },
  choose: (rec: R, seat: number, level: NonNullable<Seat["computer"]>, rng: RngState) => M,
  show: (before: R, after: R) => Promise<BaseMessageOptions>,
): ComputerStep {
  return async (channelId) => {
    const service = tables();
    const rec = await service.get(channelId);
    if (!rec?.state || rec.status !== "playing") return null;
    const seat = rec.seats[rec.state.turn];
    if (!seat?.computer) return null;
    const move = choose(rec, rec.state.turn, seat.computer, seedRng(`${rec.seed}:${rec.state.version}`));
    return show(rec, await service.play(channelId, seat.userId, move, rec.rev));
  };
}

/** Posts a message in a channel (not as an interaction reply); retries by itself, never throws. */
export type Poster = (channelId: string, payload: BaseMessageOptions) => Promise<void>;

export class Autoplay {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    /** One step per game that has computer players. */
    private readonly steps: () => readonly ComputerStep[],
    private readonly post: Poster,
    /** Delay before a computer moves, in ms. */
    private readonly delayMs: number,
    private readonly log: () => Logger,
  ) {}

  /** Schedules a computer move in this channel if one may be due. */
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
    let moved = false;
    try {
      for (const step of this.steps()) {
        let payload: BaseMessageOptions | null;
        try {
          payload = await step(channelId);
        } catch (e) {
          if (e instanceof UserError && (e.code === "table/stale" || e.code === "table/already_done")) {
            this.kick(channelId); // the table changed meanwhile: look again
            return;
          }
          throw e;
        }
        if (!payload) continue;
        moved = true;
        if (!this.stopped) await this.post(channelId, payload);
        return;
      }
    } catch (e) {
      this.log().error(`computer move failed in channel ${channelId}`, e);
    } finally {
      // The move is saved: whatever became of its picture, the next computer may move.
      if (moved) this.kick(channelId);
    }
  }
}
