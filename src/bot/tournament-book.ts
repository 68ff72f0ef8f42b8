/**
 * The tournaments' book: every event's record (key: its id) and each table thread's event
 * (`thread:<id>`), the organisers' role per guild, changes saved under a lock per event, and the
 * work in flight that `stop` waits for. The service (src/bot/tournaments.ts) runs events on it.
 */
import type { RecordStore } from "../store/store";
import { KeyedLock } from "./lock";
import type { Tournament, TournamentHost } from "./tournament-record";
import { refuse } from "./tournament-rules";

export class TournamentBook {
  protected readonly lock = new KeyedLock();
  /** Serialises one entrant's **Play the deal** presses (key `event:user`). */
  protected readonly entrantLock = new KeyedLock();
  protected timers = new Map<string, NodeJS.Timeout>();
  protected stopped = false;
  /** Work started by game ends and timers, awaited by `stop`. */
  protected readonly inFlight = new Set<Promise<unknown>>();

  /** Runs `work` so that `stop` waits for it. */
  protected track<T>(work: () => Promise<T>): Promise<T> {
    const p = work();
    const settled = p.catch(() => undefined).finally(() => this.inFlight.delete(settled));
    this.inFlight.add(settled);
    return p;
  }

  constructor(
    protected readonly store: RecordStore<Tournament | string>,
    protected readonly host: TournamentHost,
    protected readonly now: () => number = Date.now,
    protected readonly newId: () => string = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  ) {}

  /** The event with this id. */
  async get(id: string): Promise<Tournament | undefined> {
    const v = await this.store.get(id);
    return typeof v === "object" ? v : undefined;
  }

  /** The events of a guild, newest first. */
  async list(guildId: string | null): Promise<Tournament[]> {
    const out: Tournament[] = [];
    for (const [, v] of await this.store.entries()) if (typeof v === "object" && v.guildId === guildId) out.push(v);
    return out.sort((a, b) => b.createdAt - a.createdAt);
  }

  /** The role whose members may organise tournaments in a guild (set by Manage Server), if any. */
  async organiserRole(guildId: string | null): Promise<string | null> {
    const v = await this.store.get(`organisers:${guildId ?? "dm"}`);
    return typeof v === "string" ? v : null;
  }

  /** Sets the organisers' role of a guild. */
  async setOrganiserRole(guildId: string | null, roleId: string): Promise<void> {
    await this.store.set(`organisers:${guildId ?? "dm"}`, roleId);
  }

  /** The event a table thread belongs to, if any. */
  async ofThread(threadId: string): Promise<Tournament | undefined> {
    const id = await this.store.get(`thread:${threadId}`);
    return typeof id === "string" ? this.get(id) : undefined;
  }

  /**
   * Makes `messageId` (in `channelId`) the event's one live announcement, the one whose buttons
   * work; returns the one it replaces (`channel/message`), or null when there was none or it is
   * the same message. Kept under `announcement:<event id>`.
   */
  async swapAnnouncement(id: string, channelId: string, messageId: string): Promise<{ channelId: string; messageId: string } | null> {
    return this.lock.run(`announcement:${id}`, async () => {
      const prev = await this.store.get(`announcement:${id}`);
      await this.store.set(`announcement:${id}`, `${channelId}/${messageId}`);
      if (typeof prev !== "string" || prev === `${channelId}/${messageId}`) return null;
      const [ch, msg] = prev.split("/");
      return ch && msg ? { channelId: ch, messageId: msg } : null;
    });
  }

  protected async change(id: string, fn: (t: Tournament) => Tournament | null): Promise<Tournament> {
    return this.lock.run(id, async () => {
      const t = await this.get(id);
      if (!t) throw refuse("tournament/none", "There is no such tournament.", { context: "id" });
      const next = fn(t);
      if (!next) return t;
      const saved = { ...next, rev: t.rev + 1, updatedAt: this.now() };
      await this.store.set(id, saved);
      return saved;
    });
  }
}
