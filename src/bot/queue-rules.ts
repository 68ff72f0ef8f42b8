/**
 * The queue of a server (`/queue`) as pure transitions of its record: people wait for a game of a
 * rated game at a seat count, each with an optional rating window and an expiry; a join that
 * completes a table's worth of people who all accept each other's ratings takes them out of the
 * queue as one group, oldest first. Each function takes the record as stored and returns the next
 * one, or throws the refusal (`UserError` with a stable `queue/…` code). The service
 * (src/bot/queue.ts) runs them under the guild's lock, saves what they return and opens the
 * tables. Rules in the project's words: docs/playing.md, "The queue".
 */
import type { Locale } from "../i18n/index.ts";
import { refuse } from "./words.ts";

/** How long a place in the queue lasts, minutes: the choices of `/queue join expires:`. */
export const QUEUE_EXPIRY_MINUTES = [5, 15, 30, 60] as const;
/** The expiry of a place when none is chosen, minutes. */
export const DEFAULT_QUEUE_EXPIRY_MINUTES = 15;
/** The rating windows offered (`/queue join window:`), in shown rating points either side of one's own. */
export const QUEUE_WINDOWS = [100, 200, 400] as const;
/**
 * The levels a person may say they play at (`/queue join level:`): people who name one are seated
 * only with people of the same level, or who named none. It matches the unrated, whom a rating
 * window cannot tell apart (everyone starts at the same rating).
 */
export const QUEUE_LEVELS = ["new", "regular", "strong"] as const;
export type QueueLevel = (typeof QUEUE_LEVELS)[number];

/** Most people waiting in one server's queue at once (a record stays small). */
export const MAX_WAITING = 200;

/** One person waiting. */
export interface QueueEntry {
  readonly userId: string;
  /** Their display name when they joined (the table's seat name). */
  readonly name: string;
  /** The rated game's key (`GameCatalogue.ratedGame`). */
  readonly game: string;
  /** How many people the table seats: the group size that ends the wait. */
  readonly players: number;
  /** Shown rating points either side of theirs they accept at the table; null: anyone. */
  readonly window: number | null;
  /** The level they said they play at (absent or null: any level). */
  readonly level?: QueueLevel | null;
  /** Their shown rating in the game when they joined (the start rating when unrated). */
  readonly rating: number;
  /** The channel they joined from: where their table's thread opens, and where an expiry is said. */
  readonly channelId: string;
  /** The server's language when they joined (what an expiry's notice is said in). */
  readonly locale: Locale;
  /** When they joined and when their place lapses, ms since the epoch. */
  readonly joinedAt: number;
  readonly expiresAt: number;
}

/** A table the queue opened, kept while it may still be played (nobody joins the queue from a running one). */
export interface QueueTable {
  readonly threadId: string;
  /** The table game's id (its service). */
  readonly table: string;
  /** The people seated, by user id. */
  readonly userIds: readonly string[];
  readonly openedAt: number;
}

/** The stored queue of one server (plain, versioned JSON). */
export interface GuildQueue {
  readonly schema: 1;
  readonly guildId: string;
  /** Everyone waiting, oldest first. */
  readonly entries: readonly QueueEntry[];
  /** The tables it opened that were running when last looked at. */
  readonly tables: readonly QueueTable[];
}

/** An empty queue of guild `guildId`. */
export const emptyQueue = (guildId: string): GuildQueue => ({ schema: 1, guildId, entries: [], tables: [] });

/**
 * Whether `a` and `b` accept each other at one table: each one's rating is inside the other's
 * window (null: any), and their levels agree (either named none, or both the same).
 */
export function accepts(a: Pick<QueueEntry, "rating" | "window" | "level">, b: Pick<QueueEntry, "rating" | "window" | "level">): boolean {
  const gap = Math.abs(a.rating - b.rating);
  const levels = !a.level || !b.level || a.level === b.level;
  return levels && gap <= (a.window ?? Number.POSITIVE_INFINITY) && gap <= (b.window ?? Number.POSITIVE_INFINITY);
}

/**
 * The group `entry` completes among `waiting` (others, oldest first), or null: `entry` and the
 * oldest others waiting for the same game and seat count, each taken when they accept everyone
 * taken so far, until `entry.players` are in.
 */
export function groupFor(waiting: readonly QueueEntry[], entry: QueueEntry): QueueEntry[] | null {
  const group = [entry];
  for (const other of waiting) {
    if (group.length === entry.players) break;
    if (other.userId === entry.userId || other.game !== entry.game || other.players !== entry.players) continue;
    if (group.every((g) => accepts(g, other))) group.push(other);
  }
  return group.length === entry.players ? group : null;
}

/** What a join did: the queue after it, the place it replaced (the same person's older one), and the group it completed. */
export interface Joined {
  readonly queue: GuildQueue;
  readonly replaced: QueueEntry | null;
  /** The people of the table to open, oldest first (the joiner among them); null: still waiting. */
  readonly group: readonly QueueEntry[] | null;
}

/**
 * `entry` joins `q` (a person has one place at a time: a second join replaces the first, its
 * expiry counted again). Refuses `queue/seated` (`thread`) when they sit at a table the queue
 * opened that is still running (`seatedAt`: its thread, or null), and `queue/full` past
 * `MAX_WAITING` people. When the join completes a group (`groupFor`), its people leave the
 * queue in the returned record.
 */
export function joinQueue(q: GuildQueue, entry: QueueEntry, seatedAt: string | null): Joined {
  if (seatedAt) throw refuse("queue/seated", { thread: `<#${seatedAt}>` });
  const replaced = q.entries.find((e) => e.userId === entry.userId) ?? null;
  const others = q.entries.filter((e) => e.userId !== entry.userId);
  if (others.length >= MAX_WAITING) throw refuse("queue/full", { n: String(MAX_WAITING) });
  const group = groupFor(others, entry);
  if (!group) return { queue: { ...q, entries: [...others, entry] }, replaced, group: null };
  const taken = new Set(group.map((g) => g.userId));
  const ordered = [...group].sort((a, b) => a.joinedAt - b.joinedAt);
  return { queue: { ...q, entries: others.filter((e) => !taken.has(e.userId)) }, replaced, group: ordered };
}

/** `userId` leaves `q`: the queue without them and the place they had. Refuses `queue/not_waiting` when they had none. */
export function leaveQueue(q: GuildQueue, userId: string): { queue: GuildQueue; left: QueueEntry } {
  const left = q.entries.find((e) => e.userId === userId);
  if (!left) throw refuse("queue/not_waiting");
  return { queue: { ...q, entries: q.entries.filter((e) => e.userId !== userId) }, left };
}

/** The places of `q` that lapsed by `now` (ms) and the queue without them. */
export function lapsed(q: GuildQueue, now: number): { queue: GuildQueue; gone: QueueEntry[] } {
  const gone = q.entries.filter((e) => e.expiresAt <= now);
  if (!gone.length) return { queue: q, gone };
  return { queue: { ...q, entries: q.entries.filter((e) => e.expiresAt > now) }, gone };
}

/** When the next place of `q` lapses (ms), or null when nobody waits. */
export function nextLapse(q: GuildQueue): number | null {
  return q.entries.length ? Math.min(...q.entries.map((e) => e.expiresAt)) : null;
}

/** `q` with table `table` kept, and without the tables of `over` (their threads: games that ended or closed). */
export function withTables(q: GuildQueue, table: QueueTable | null, over: ReadonlySet<string>): GuildQueue {
  const kept = q.tables.filter((x) => !over.has(x.threadId));
  return { ...q, tables: table ? [...kept, table] : kept };
}
