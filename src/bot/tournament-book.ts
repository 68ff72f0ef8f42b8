/**
 * The tournaments' book, where events are kept: every event's record (key: its id), each table
 * thread's event (`thread:<id>`), the organisers' role per guild and each event's live
 * announcement, with every change of an event saved under a lock per event (`change`). The
 * service (src/bot/tournaments.ts) runs events and keeps one.
 */
import type { RecordStore } from "../store/store.ts";
import { KeyedLock } from "./lock.ts";
import type { EventTemplate, Tournament } from "./tournament-record.ts";
import { tournamentRefusal } from "./tournament-rules.ts";

/** Whether a stored record is a recurring event's template (kept beside the events). */
const isTemplate = (v: Tournament | EventTemplate): v is EventTemplate => "kind" in v && v.kind === "template";

export class TournamentBook {
  /** One lock per event (its id), and per named step of it (`open:<id>`, `announcement:<id>`). */
  readonly lock = new KeyedLock();

  /** `store` holds events and their indexes; `now` stamps each change (ms). */
  constructor(
    private readonly store: RecordStore<Tournament | EventTemplate | string>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The event with this id. */
  async get(id: string): Promise<Tournament | undefined> {
    const v = await this.store.get(id);
    return typeof v === "object" && !isTemplate(v) ? v : undefined;
  }

  /** Every event of every guild, in no order (the indexes left out). */
  async all(): Promise<Tournament[]> {
    const out: Tournament[] = [];
    for (const [, v] of await this.store.entries()) if (typeof v === "object" && !isTemplate(v)) out.push(v);
    return out;
  }

  /** The recurring events' template with this id. */
  async template(id: string): Promise<EventTemplate | undefined> {
    const v = await this.store.get(`template:${id}`);
    return typeof v === "object" && isTemplate(v) ? v : undefined;
  }

  /** The templates of a guild, oldest first. */
  async templates(guildId: string | null): Promise<EventTemplate[]> {
    const out: EventTemplate[] = [];
    for (const [, v] of await this.store.entries()) if (typeof v === "object" && isTemplate(v) && v.guildId === guildId) out.push(v);
    return out.sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Keeps a template as it is. */
  async setTemplate(x: EventTemplate): Promise<void> {
    await this.store.set(`template:${x.id}`, x);
  }

  /** The events of a guild, newest first. */
  async list(guildId: string | null): Promise<Tournament[]> {
    return (await this.all()).filter((t) => t.guildId === guildId).sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Keeps a new event as it is. */
  async add(t: Tournament): Promise<void> {
    await this.store.set(t.id, t);
  }

  /** Notes that table thread `threadId` belongs to event `eventId` (`ofThread`). */
  async linkThread(threadId: string, eventId: string): Promise<void> {
    await this.store.set(`thread:${threadId}`, eventId);
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
   * work, unless the live one is newer; returns the other one, which loses its buttons
   * (`channel/message`), or null when there was none or it is the same message. Newer is by
   * message id (a snowflake: its time, https://discord.com/developers/docs/reference#snowflakes):
   * a join's answer swapped in after the start's answer, its tidy-up slow, stays the older one.
   * Kept under `announcement:<event id>`.
   */
  async swapAnnouncement(id: string, channelId: string, messageId: string): Promise<{ channelId: string; messageId: string } | null> {
    return this.lock.run(`announcement:${id}`, async () => {
      const prev = await this.store.get(`announcement:${id}`);
      const [ch, msg] = typeof prev === "string" ? prev.split("/") : [];
      if (!ch || !msg) {
        await this.store.set(`announcement:${id}`, `${channelId}/${messageId}`);
        return null;
      }
      if (msg === messageId) return null;
      if (/^\d+$/.test(msg) && /^\d+$/.test(messageId) && BigInt(msg) > BigInt(messageId)) return { channelId, messageId };
      await this.store.set(`announcement:${id}`, `${channelId}/${messageId}`);
      return { channelId: ch, messageId: msg };
    });
  }

  /**
   * Changes event `id` by `fn` under its lock and saves it with its revision and time moved on;
   * `fn` returning null changes nothing. Returns the event as saved. Throws `tournament/none`
   * for an id that names no event, and whatever refusal `fn` throws.
   */
  async change(id: string, fn: (t: Tournament) => Tournament | null): Promise<Tournament> {
    return this.lock.run(id, async () => {
      const t = await this.get(id);
      if (!t) throw tournamentRefusal("tournament/none", "There is no such tournament.", { context: "id" });
      const next = fn(t);
      if (!next) return t;
      const saved = { ...next, rev: t.rev + 1, updatedAt: this.now() };
      await this.store.set(id, saved);
      return saved;
    });
  }
}
