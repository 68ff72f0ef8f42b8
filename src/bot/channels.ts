/**
 * One table per channel, across every game: the games' services each answer whether they hold
 * a live table in a channel, and opening any table (any game) runs
 * under one lock per channel that first asks every other game. So two `new` commands of
 * different games in one channel at the same moment cannot both open: the second waits for the
 * first and is refused with `table/exists`.
 *
 * Lock order: this lock, then the opening game's own per-channel lock; nothing takes them the
 * other way round. A guild belongs to one shard (src/bot/shards.ts), so an in-process lock is
 * sound across shards.
 */
import { KeyedLock } from "./lock.ts";
import { refuse } from "./words.ts";

/** A game's answer: whether it holds a table in `channelId` that keeps others out. */
export interface ChannelHolder {
  /** The game id (a table game's id). */
  readonly game: string;
  holds(channelId: string): Promise<boolean>;
}

export class ChannelIndex {
  private readonly lock = new KeyedLock();
  private readonly holders: ChannelHolder[] = [];

  /** Adds a game's answer (each game registers once, when its service is made). */
  register(holder: ChannelHolder): void {
    this.holders.push(holder);
  }

  /** The game holding a table in `channelId`, or null (a snapshot, without the lock). */
  async holder(channelId: string): Promise<string | null> {
    for (const h of this.holders) if (await h.holds(channelId)) return h.game;
    return null;
  }

  /**
   * Runs `open` (which opens a table of `game` in `channelId` and checks that game's own tables
   * under its own lock) while holding the channel's lock, after refusing with `table/exists`
   * when any other game holds a table there.
   */
  async claim<T>(channelId: string, game: string, open: () => Promise<T>): Promise<T> {
    return this.lock.run(channelId, async () => {
      for (const h of this.holders) if (h.game !== game && (await h.holds(channelId))) throw refuse("table/exists");
      return open();
    });
  }
}
