/**
 * The host side of turn clocks: one timer per table whose clock runs, armed from the due
 * index (src/store/due.ts) at start-up and from every save afterwards. A timer only asks the
 * table service to `tick`; the stored table decides what is due, under the channel lock, so
 * a warning is given once, a timeout is played once (a move that got in first leaves nothing
 * due) and a restart repeats neither. Game-agnostic: games come as a list.
 *
 * With shards, each process arms only the tables of the guilds its shards hold (`owns`), and a
 * wake re-checks the stored table's guild before it acts, so two processes sharing a store
 * never play the same clock.
 */
import { commandRef } from "./command-ids.ts";
import type { BaseMessageOptions } from "discord.js";
import type { DueEntry, DueIndex } from "../store/due.ts";
import type { TablePayload } from "./table-payload.ts";
import type { Logger } from "./logger.ts";
import type { AnyTable, ClockEvent, WakeListener } from "./tables.ts";
import { sayAt, tableLocale } from "./words.ts";
import type { Locale } from "../i18n/index.ts";

/** The table-service side of a clocked game. */
export interface ClockedTables<R> {
  readonly id: string;
  tick(channelId: string): Promise<ClockEvent<R> | null>;
  /** The stored table (its `guildId` says which shard holds it). */
  get(channelId: string): Promise<R | undefined>;
  wakeAt(rec: R | null | undefined): number | null;
  /** Whether the seat to move is played by the computer. */
  autoTurn(rec: R | null | undefined): boolean;
  onWake(listener: WakeListener): void;
  /** Every stored table with its key (the one-time scan after an upgrade). */
  entries(): Promise<[string, R][]>;
}

/** A clocked game: its tables and the messages a clock event posts. */
export interface ClockedGame<R> {
  readonly tables: ClockedTables<R>;
  /** The public messages for an event (a warning with its mention, the table after a timeout, the closed lobby). */
  announce(event: ClockEvent<R>): Promise<BaseMessageOptions[]>;
}

/** Longest delay setTimeout takes (about 24.8 days), ms. */
const MAX_DELAY = 2 ** 31 - 1;
/** Flag in the due index: every stored table has been scanned into it once. */
const SCANNED = "scanned-v2";
/** After a wake that found nothing to do, or failed: look again no sooner than this, ms. */
const RETRY_MS = 30_000;
/** After a wake whose guild another process holds: when to try again, ms (of the host's clock at rate 1). */
const LEASE_RETRY_MS = 5_000;

export class Clocks {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly byId = new Map<string, ClockedGame<AnyTable>>();
  private stopped = false;
  private readonly running = new Set<Promise<void>>();

  constructor(
    games: readonly ClockedGame<AnyTable>[],
    private readonly index: DueIndex,
    /** Posts a public message (retries by itself, never throws). */
    private readonly post: (channelId: string, payload: BaseMessageOptions) => Promise<void>,
    /** Called after a timeout move (the next seat may be a computer), and on a computer's turn. */
    private readonly after: (channelId: string) => void,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
    /** Whether this process's shards hold a guild (null: DMs, shard 0). Default: every guild. */
    private readonly owns: (table: { readonly guildId: string | null }) => boolean = () => true,
    /** How many ms of `now` pass per ms of timer (1; tests run real-time tables on a faster clock). */
    private readonly rate = 1,
    /**
     * Whether this process may act on guild `guild` now (a DM's channel: `channel:<id>`): the
     * guild's claim in the shared store, so that of two processes receiving the same guild only
     * its holder fires its clocks (a refused wake is tried again after `LEASE_RETRY_MS`: once the
     * holder stops or dies, this process takes the guild and fires it). Default: always.
     */
    private readonly lease: (guild: string) => Promise<boolean> = async () => true,
  ) {
    for (const g of games) {
      this.byId.set(g.tables.id, g);
      g.tables.onWake((channelId, at, guild) => this.set(`${g.tables.id}:${channelId}`, at, guild));
    }
  }

  /** Whether this process wakes an entry: its guild is ours, or not recorded (checked at the wake). */
  private mine(entry: DueEntry): boolean {
    return entry.guild === undefined || this.owns({ guildId: entry.guild });
  }

  /**
   * Arms a timer for every entry of the due index (those already due fire at once). Once per
   * store (marked in the index), every stored table is read to add what versions before the
   * index knew of computers' turns did not record: afterwards start-up reads the index alone.
   */
  async start(): Promise<void> {
    if (!(await this.index.flagged(SCANNED))) {
      for (const g of this.byId.values()) {
        for (const [channelId, rec] of await g.tables.entries()) {
          const at = g.tables.wakeAt(rec);
          if (at !== null) await this.index.set(`${g.tables.id}:${channelId}`, at, rec.guildId ?? null);
        }
      }
      await this.index.flag(SCANNED);
    }
    for (const [key, entry] of await this.index.all()) if (this.mine(entry)) this.arm(key, entry.at);
  }

  /**
   * Re-arms every timer from the due index against the host's time now: after the host clock
   * jumped (a suspended machine woke up, or a test moved its clock), so due wakes run at once.
   */
  async rearm(): Promise<void> {
    for (const [key, entry] of await this.index.all()) if (this.mine(entry)) this.arm(key, entry.at);
  }

  /**
   * Arms every due entry of guild `guild` (a DM's channel: `channel:<id>`): this process has just
   * taken the guild over from another one, whose tables this one may never have armed.
   */
  async adopt(guild: string): Promise<void> {
    if (this.stopped) return;
    for (const [key, entry] of await this.index.fresh()) {
      const channel = `channel:${key.slice(key.indexOf(":") + 1)}`;
      if (entry.guild === guild || (entry.guild === null && channel === guild)) this.arm(key, entry.at);
    }
  }

  /** Tables with an armed timer (for tests and the bench). */
  get armed(): number {
    return this.timers.size;
  }

  /** Cancels every timer, waits for wakes in progress, and saves the index. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.all([...this.running]);
    await this.index.flush();
  }

  private set(key: string, at: number | null, guild: string | null): void {
    void this.index.set(key, at, guild).catch((e) => this.log.error(`could not save the clock of ${key}`, e));
    if (at === null || !this.owns({ guildId: guild })) {
      clearTimeout(this.timers.get(key));
      this.timers.delete(key);
    } else this.arm(key, at);
  }

  private arm(key: string, at: number): void {
    if (this.stopped) return;
    clearTimeout(this.timers.get(key));
    const delay = Math.min(MAX_DELAY, Math.max(0, (at - this.now()) / this.rate));
    this.timers.set(
      key,
      setTimeout(() => this.fire(key), delay),
    );
  }

  private fire(key: string): void {
    this.timers.delete(key);
    const run = this.wake(key).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private async wake(key: string): Promise<void> {
    const cut = key.indexOf(":");
    const game = this.byId.get(key.slice(0, cut));
    const channelId = key.slice(cut + 1);
    if (!game) {
      await this.index.set(key, null);
      return;
    }
    try {
      const stored = await game.tables.get(channelId);
      if (stored && !this.owns({ guildId: stored.guildId ?? null })) return; // another shard's table, or one moved only by clicks
      if (stored && !(await this.lease(stored.guildId ?? `channel:${channelId}`))) {
        this.arm(key, this.now() + LEASE_RETRY_MS * this.rate); // another process holds the guild now
        return;
      }
      const event = await game.tables.tick(channelId);
      if (event) {
        for (const payload of await game.announce(event)) if (!this.stopped) await this.post(channelId, payload);
        if (event.kind === "timeout") this.after(channelId);
        return; // the tick's save re-armed the clock
      }
      const rec = await game.tables.get(channelId);
      if (game.tables.autoTurn(rec)) {
        // A computer's turn: hand it to the computer players; their move saves and re-arms.
        this.after(channelId);
        this.arm(key, this.now() + RETRY_MS);
        return;
      }
      // Nothing due (an early timer, or a stale index entry): re-arm from the stored table.
      const at = game.tables.wakeAt(rec);
      if (at === null) await this.index.set(key, null);
      else this.arm(key, Math.max(at, this.now() + 1000));
    } catch (e) {
      this.log.error(`clock of channel ${channelId} failed`, e);
      this.arm(key, this.now() + RETRY_MS);
    }
  }
}

/** The record fields clock messages read. */
interface AnnouncedTable {
  readonly seats: readonly { readonly userId: string; readonly name: string }[];
  readonly rev: number;
  readonly updatedAt: number;
  /** The table's language (its messages' words). */
  readonly locale?: Locale;
  /** Its server (command mentions). */
  readonly guildId?: string | null;
}

/**
 * The public messages of a clock event, for any game: `payload` renders the game's table with
 * a note above it; `moveNote` says what the computer did.
 * - warning: one line mentioning the player (only them), with the relative end time;
 * - timeout: the new table, saying whose time ran out, what was played for them, and whether
 *   their seat is now away (after the game's `interlude`, when the move ended a round);
 * - closed lobby: a table message without controls (so the old lobby's buttons go).
 */
export async function clockMessages<R extends AnnouncedTable>(
  event: ClockEvent<R>,
  payload: (rec: R, note: string) => Promise<BaseMessageOptions>,
  moveNote: (before: R, after: R) => string,
  command: string,
  interlude?: (before: R, after: R) => BaseMessageOptions | undefined,
): Promise<BaseMessageOptions[]> {
  if (event.kind === "timed") return []; // real-time games show their own steps (TableGameView.timed)
  if (event.kind === "warn") {
    const seat = event.rec.seats[event.seat];
    if (!seat) return [];
    return [
      {
        content: sayAt(event.rec, "table.clock_warn", { user: seat.userId, when: `<t:${Math.floor(event.due / 1000)}:R>` }),
        allowedMentions: { users: [seat.userId] },
      },
    ];
  }
  if (event.kind === "timeout") {
    const name = event.before.seats[event.seat]?.name ?? "?";
    const away = event.away ? ` ${sayAt(event.rec, "table.now_away", { name })}` : "";
    const ranOut = sayAt(event.rec, "table.time_ran_out", { name, move: moveNote(event.before, event.rec) });
    const first = interlude?.(event.before, event.rec);
    return [...(first ? [first] : []), await payload(event.rec, `${ranOut}${away}`)];
  }
  const closed: TablePayload = {
    content: sayAt(event.rec, "table.lobby_closed", {
      new: commandRef(tableLocale(event.rec), `${command} new`, event.rec.guildId ?? null),
    }),
    components: [],
    embeds: [],
    files: [],
    allowedMentions: { parse: [] },
    record: sayAt(event.rec, "table.lobby_closed_record"),
    rev: [event.rec.updatedAt + 1, event.rec.rev + 1],
  };
  return [closed];
}
