/**
 * The queue of each server (`/queue join|leave|status`): people wait for a game; when a join
 * completes a table's worth of people who accept each other's ratings (src/bot/queue-rules.ts),
 * the bot opens a thread in the joiner's channel, seats the group there, starts the game and
 * mentions them in its first message. A place lapses at its expiry: the person is told in the
 * channel they joined from. Every change of a server's queue is made under its lock and saved
 * before anything is posted; a person at a table the queue opened cannot queue again until that
 * game is over or they left it, so nobody sits at two of its tables at once. Expiries run in the
 * process that holds the guild (`lease`), on timers re-armed at a start and when the clock moves.
 */
import type { BaseMessageOptions } from "discord.js";
import type { Locale } from "../i18n/index.ts";
import type { RecordStore } from "../store/store.ts";
import type { ClockSetting } from "./clock.ts";
import { KeyedLock } from "./lock.ts";
import {
  emptyQueue,
  joinQueue,
  lapsed,
  leaveQueue,
  nextLapse,
  withTables,
  type GuildQueue,
  type QueueEntry,
  type QueueTable,
  type QueueLevel,
} from "./queue-rules.ts";
import { START_RATING } from "./ratings.ts";
import type { TournamentHost } from "./tournament-record.ts";
import { refuse } from "./words.ts";
import { hasMessage, t } from "../i18n/index.ts";

export * from "./queue-rules.ts";

/** After an expiry whose guild another process holds: when to look again, ms. */
const LEASE_RETRY_MS = 5_000;

/**
 * What the queue needs from the bot, as tournaments have it (src/bot/tournament-record.ts): a
 * thread, the table games, their table message, posts, the computers' kick, ratings and the
 * guild's claim.
 */
export type QueueHost = Pick<
  TournamentHost,
  "lease" | "openThread" | "post" | "catalogue" | "tables" | "tablePayload" | "kick" | "ratings"
>;

/** A person's `/queue join`. */
export interface JoinRequest {
  readonly guildId: string;
  readonly channelId: string;
  readonly userId: string;
  readonly name: string;
  /** The rated game's key; the caller checked it names one. */
  readonly game: string;
  readonly players: number;
  readonly window: number | null;
  /** The level they play at (`QUEUE_LEVELS`); null: any. */
  readonly level?: QueueLevel | null;
  /** How long the place lasts, ms. */
  readonly expiresInMs: number;
  /** The server's language (the thread's name, the table's words, an expiry's notice). */
  readonly locale: Locale;
  /** The turn clock a table it opens gets (the server's setting for the game). */
  readonly clock: ClockSetting | null;
}

/** What a join did: still waiting (with how many wait for the same table, oneself included), or seated at a new table. */
export type JoinAnswer =
  | { readonly kind: "waiting"; readonly entry: QueueEntry; readonly replaced: QueueEntry | null; readonly waiting: number }
  | { readonly kind: "seated"; readonly threadId: string; readonly replaced: QueueEntry | null; readonly group: readonly QueueEntry[] };

export class QueueService {
  /** One lock per guild: every change of its queue. */
  private readonly lock = new KeyedLock();
  /** Each guild's one timer for its next expiry. */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;
  private readonly inFlight = new Set<Promise<unknown>>();

  /** Queues kept in `store` (key: the guild id), run through `host`; `now` is the clock (ms). */
  constructor(
    private readonly store: RecordStore<GuildQueue>,
    private readonly host: QueueHost,
    private readonly now: () => number = Date.now,
  ) {}

  /** The queue of guild `guildId` as stored (empty when nobody ever waited). */
  async of(guildId: string): Promise<GuildQueue> {
    return (await this.store.get(guildId)) ?? emptyQueue(guildId);
  }

  /**
   * `req`'s person joins their server's queue (replacing a place they had). When that completes
   * a group, its table is opened and started in a new thread under `req.channelId` and the group
   * is mentioned there. Refuses `queue/seated` (at a running table the queue opened),
   * `queue/full`, and `queue/no_thread` when the thread or its table could not be made (then
   * nothing changed).
   */
  async join(req: JoinRequest): Promise<JoinAnswer> {
    const ratings = await this.host.ratings(req.guildId, req.game);
    const now = this.now();
    const entry: QueueEntry = {
      ...{ userId: req.userId, name: req.name, game: req.game, players: req.players, window: req.window },
      ...(req.level ? { level: req.level } : {}),
      ...{ rating: ratings.get(req.userId) ?? START_RATING, channelId: req.channelId, locale: req.locale },
      ...{ joinedAt: now, expiresAt: now + req.expiresInMs },
    };
    const { answer, opening } = await this.lock.run(req.guildId, async () => {
      const q = await this.of(req.guildId);
      const { seatedAt, over } = await this.seatedAt(q, req.userId);
      const joined = joinQueue(q, entry, seatedAt);
      if (!joined.group) {
        await this.save(withTables(joined.queue, null, over));
        const waiting = joined.queue.entries.filter((e) => e.game === req.game && e.players === req.players).length;
        return { answer: { kind: "waiting", entry, replaced: joined.replaced, waiting } as const, opening: null };
      }
      const opened = await this.openTable(req, joined.group);
      await this.save(withTables(joined.queue, opened.table, over));
      const answer = { kind: "seated", threadId: opened.table.threadId, replaced: joined.replaced, group: joined.group } as const;
      return { answer, opening: opened };
    });
    this.arm(req.guildId);
    if (opening) {
      await this.host.post(opening.table.threadId, opening.message);
      this.host.kick(opening.table.threadId);
    }
    return answer;
  }

  /** `userId` leaves their server's queue; the place they had. Refuses `queue/not_waiting`. */
  async leave(guildId: string, userId: string): Promise<QueueEntry> {
    const left = await this.lock.run(guildId, async () => {
      const x = leaveQueue(await this.of(guildId), userId);
      await this.save(x.queue);
      return x.left;
    });
    this.arm(guildId);
    return left;
  }

  /** The running table the queue seated `userId` at in `q` (its thread, else null), and the threads of `q` whose games are over. */
  private async seatedAt(q: GuildQueue, userId: string): Promise<{ seatedAt: string | null; over: Set<string> }> {
    const over = new Set<string>();
    let seatedAt: string | null = null;
    for (const x of q.tables) {
      if (!x.userIds.includes(userId)) continue;
      const rec = await this.host.tables(x.table).get(x.threadId);
      if (!rec || rec.status === "over") over.add(x.threadId);
      else if (rec.seats.some((s) => s.userId === userId && !s.computer)) seatedAt = x.threadId;
    }
    return { seatedAt, over };
  }

  /**
   * Opens the table of `group` (oldest first): a thread under the joiner's channel, the game
   * opened by the oldest, the others seated, started; its first message (with the mentions) to
   * post once the queue is saved. Refuses `queue/no_thread` when the thread cannot be made.
   */
  private async openTable(req: JoinRequest, group: readonly QueueEntry[]): Promise<{ table: QueueTable; message: BaseMessageOptions }> {
    const rated = this.host.catalogue.ratedGame(req.game);
    if (!rated) throw new Error(`no rated game ${req.game}`);
    const say = (key: string, params: Record<string, string | number> = {}) => t(req.locale, `queue.${key}`, params);
    const gameName = this.gameName(req.game, req.locale);
    let threadId: string;
    try {
      threadId = await this.host.openThread(
        req.channelId,
        say("thread_name", { game: gameName, people: group.map((g) => g.name).join(", ") }),
      );
    } catch {
      throw refuse("queue/no_thread");
    }
    const service = this.host.tables(rated.table);
    const seats = group.map((g) => ({ userId: g.userId, name: g.name }));
    await service.open(threadId, req.guildId, seats[0]!, rated.config, null, req.clock);
    for (const s of seats.slice(1)) await service.join(threadId, s);
    const rec = await service.start(threadId, seats[0]!.userId);
    const people = group.map((g) => `<@${g.userId}>`).join(", ");
    const message = {
      ...(await this.host.tablePayload(rec, say("table_ready", { game: gameName, people }))),
      allowedMentions: { users: group.map((g) => g.userId) },
    };
    const table = { threadId, table: rated.table, userIds: group.map((g) => g.userId), openedAt: this.now() };
    return { table, message };
  }

  /** Rated game `key` as `locale` names it (its words' `gamename.<key>`), else its catalogue name. */
  gameName(key: string, locale: Locale): string {
    return hasMessage(`gamename.${key}`) ? t(locale, `gamename.${key}`) : (this.host.catalogue.ratedGame(key)?.name ?? key);
  }

  private async save(q: GuildQueue): Promise<void> {
    if (q.entries.length === 0 && q.tables.length === 0) await this.store.delete(q.guildId);
    else await this.store.set(q.guildId, q);
  }

  /** Sets guild `guildId`'s one timer for its next expiry (none when nobody waits). */
  private arm(guildId: string, q?: GuildQueue): void {
    const set = (due: number | null) => {
      clearTimeout(this.timers.get(guildId));
      this.timers.delete(guildId);
      if (this.stopped || due === null) return;
      const wait = Math.max(0, Math.min(2 ** 31 - 1, due - this.now()));
      this.timers.set(
        guildId,
        setTimeout(() => void this.track(() => this.wake(guildId)).catch(() => {}), wait),
      );
    };
    if (q) set(nextLapse(q));
    else
      void this.of(guildId).then(
        (x) => set(nextLapse(x)),
        () => set(this.now() + LEASE_RETRY_MS),
      );
  }

  /** Re-arms every guild's timer from the clock now (at a start, and after the clock was moved, as a test does). */
  async rearm(): Promise<void> {
    for (const [guildId, q] of await this.store.entries()) this.arm(guildId, q);
  }

  /**
   * A guild's places that lapsed: out of the queue, and each person told in the channel they
   * joined from (one message a channel, in the server's language as it was when they joined).
   */
  private async wake(guildId: string): Promise<void> {
    if (this.host.lease && !(await this.host.lease(guildId))) {
      if (!this.stopped)
        this.timers.set(
          guildId,
          setTimeout(() => void this.track(() => this.wake(guildId)).catch(() => {}), LEASE_RETRY_MS),
        );
      return;
    }
    const { gone, queue } = await this.lock.run(guildId, async () => {
      const x = lapsed(await this.of(guildId), this.now());
      if (x.gone.length) await this.save(x.queue);
      return x;
    });
    this.arm(guildId, queue);
    const byChannel = new Map<string, QueueEntry[]>();
    for (const e of gone) byChannel.set(e.channelId, [...(byChannel.get(e.channelId) ?? []), e]);
    for (const [channelId, entries] of byChannel) {
      const locale = entries[0]!.locale;
      const lines = entries.map((e) =>
        t(locale, "queue.lapsed", {
          who: `<@${e.userId}>`,
          game: this.gameName(e.game, locale),
          players: e.players,
          minutes: Math.round((e.expiresAt - e.joinedAt) / 60_000),
        }),
      );
      await this.host.post(channelId, {
        content: [...lines, t(locale, "queue.lapsed_again")].join("\n").slice(0, 2000),
        allowedMentions: { users: entries.map((e) => e.userId).slice(0, 100) },
      });
    }
  }

  /** Runs `work` so that `stop` waits for it. */
  private track<T>(work: () => Promise<T>): Promise<T> {
    const p = work();
    const settled = p.catch(() => undefined).finally(() => this.inFlight.delete(settled));
    this.inFlight.add(settled);
    return p;
  }

  /** Stops the timers and waits for the expiries in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const x of this.timers.values()) clearTimeout(x);
    this.timers.clear();
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
