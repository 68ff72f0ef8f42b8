/**
 * One live table picture per channel. Every public table message (lobby, table, final) is a
 * `TablePayload` carrying the one-line `record` of what it shows. When a newer table message
 * reaches the channel, the one before it is edited down to that record: no picture, no
 * buttons. The channel then shows exactly one current picture and a readable history, and no
 * old message offers working-looking buttons.
 *
 * The current message per channel is stored (keyv namespace `live`), so after a restart the
 * next table still tidies the last one. Edits run one after another per channel; discord.js
 * waits out Discord's per-route rate limits for them
 * (https://discord.com/developers/docs/topics/rate-limits), so a fast table only delays its
 * tidy-up, never its moves.
 */
import type { BaseMessageOptions, MessageEditOptions } from "discord.js";
import type { RecordStore } from "../../store/store.ts";
import type { Logger } from "../../bot/logger.ts";
import { joinRecords, recordOf, recordPayload, revOf, type TableOrder, withoutRecord } from "../../bot/table-payload.ts";
import { fitLayout, isV2 } from "../../bot/components-v2.ts";
import { TOKEN_SPENT_MS } from "../surface.ts";
import { atPriority } from "../../store/global-budget.ts";

/** How often the tokens past their time are looked for (ms). */
const TOKEN_SWEEP_MS = 60_000;

/** Is `a` older than `b`? */
const older = (a: TableOrder, b: TableOrder) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** The stored live message of a channel. */
export interface LiveMessage {
  readonly messageId: string;
  readonly record: string;
  /** Which table state it shows: an older picture never replaces a newer one. */
  readonly rev?: TableOrder;
  /** It is a Components V2 message (absent: a classic one, posted before V2): its record keeps the flag. */
  readonly v2?: boolean;
  /**
   * Older table messages of the channel still showing their picture and controls, waiting to be
   * edited down to their records (oldest first; absent: none). Kept here so that a bot stopped
   * with tidy-ups waiting finishes them when the channel's next table message is shown.
   */
  readonly untidied?: readonly Untidied[];
}

/**
 * At most this many older table messages wait for their tidy-up in a channel (the newest ones;
 * `LiveMessage.untidied`). A channel whose table changes faster than the bot may edit its messages
 * (interaction answers post new tables at once, the edits wait for room in the channel's bucket of
 * 5 writes in 5 s) would otherwise grow the list, and the live record with it, without end: rows
 * of up to 9.8 KiB (about 110 entries) after 8 s of 16 tables played flat out (bench/flight.ts),
 * 2.4 KiB with the limit. A message past the limit keeps its picture and controls; a click on
 * them is answered as on any older table message (src/bot/customid.ts).
 */
export const MAX_UNTIDIED = 25;

/** An older table message waiting to be edited down to its record (see `LiveMessage.untidied`). */
export interface Untidied {
  readonly messageId: string;
  readonly record: string;
  readonly v2?: boolean;
}

/**
 * How a table message answered to an interaction may be edited without the bot's token: through
 * the interaction's webhook (its answer, `@original`, or a follow-up), which Discord leaves out of
 * the bot's global rate limit and of the channel's bucket of message writes, while the
 * interaction's token lasts (`at`: its creation, ms on Discord's clock; `TOKEN_SPENT_MS`).
 * https://discord.com/developers/docs/interactions/receiving-and-responding#edit-original-interaction-response
 */
export interface TokenEdit {
  readonly at: number;
  edit(payload: MessageEditOptions): Promise<void>;
}

/** Edits a message of a channel (REST). */
export type MessageEditor = (channelId: string, messageId: string, payload: MessageEditOptions) => Promise<void>;
/** Deletes a message of a channel (REST). */
export type MessageRemover = (channelId: string, messageId: string) => Promise<void>;

export class LiveTables {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly editTickets = new Map<string, number>();
  /** Records of in-place steps not yet folded into the live message's record. */
  private readonly stepRecords = new Map<string, string[]>();
  /** Callers of `shownAtLeast` waiting on a channel's live message. */
  private readonly waiters = new Map<string, { check: () => void }[]>();
  /**
   * Per channel, the older table messages still to tidy (oldest first) and the run tidying them.
   * Once a channel has an entry it is the truth, and the stored `untidied` a copy of it as of the
   * last write (it may still name messages tidied since: a restart edits those once more).
   */
  private readonly tidies = new Map<string, { readonly list: Untidied[]; running: Promise<void> | null }>();
  /** Table messages an interaction's token may still edit (by message id; in memory only: a token is never stored). */
  private readonly tokens = new Map<string, TokenEdit>();
  /** When `sweepTokens` last looked at every token (ms, `now`). */
  private sweptAt = Number.NEGATIVE_INFINITY;
  /**
   * Per channel, the records of overtaken table messages folded into its live message's record
   * (`foldOvertaken`), by their table order, with the live message's own record and the record
   * as stored after the last fold (in memory: after a restart a fold starts from the stored record).
   */
  private readonly folded = new Map<
    string,
    { readonly messageId: string; readonly own: string; readonly lines: { rev: TableOrder; record: string }[]; joined: string }
  >();
  /** Channels whose tidy-ups passed MAX_UNTIDIED since their list was last empty (logged once). */
  private readonly overLimit = new Set<string>();
  private stopped = false;

  constructor(
    private readonly store: RecordStore<LiveMessage>,
    private readonly edit: MessageEditor,
    private readonly log: Logger,
    private readonly remove: MessageRemover = async () => {},
    /** Discord's clock as the bot reads it (ms; tests move it), for the age of a token. */
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Edits a table message: through the token of the interaction it answers while that lasts
   * (`TokenEdit`: no request of the bot's own), else, or when that edit fails, with the bot's
   * token (`edit`: its global limit and the channel's bucket).
   */
  private async editMessage(channelId: string, messageId: string, payload: MessageEditOptions): Promise<void> {
    const token = this.tokens.get(messageId);
    if (token && this.now() - token.at < TOKEN_SPENT_MS) {
      try {
        await token.edit(payload);
        return;
      } catch (e) {
        this.log.info(
          `channel ${channelId}: its interaction's token could not edit message ${messageId} (${e instanceof Error ? e.message : String(e)}); edited with the bot's`,
        );
      }
    }
    this.tokens.delete(messageId);
    await this.edit(channelId, messageId, payload);
  }

  /** Interaction tokens held for table messages that may still be edited (tests: none is kept for a message never edited again). */
  get heldTokens(): number {
    return this.tokens.size;
  }

  /**
   * Forgets the tokens past their time, at most once a minute (`TOKEN_SWEEP_MS`): a token goes when
   * its message is tidied or dropped from the tidy-ups, so those left are the live messages and a
   * few a failed edit kept; sweeping at every message cost 80 µs a move on 16 busy tables.
   */
  private sweepTokens(): void {
    const now = this.now();
    if (now - this.sweptAt < TOKEN_SWEEP_MS) return;
    this.sweptAt = now;
    for (const [id, token] of this.tokens) if (now - token.at >= TOKEN_SPENT_MS) this.tokens.delete(id);
  }

  /**
   * A table message (`message`: its id, or the promise of its id while it is being sent) now
   * shows the channel's table: remember it, and edit the previous live message down to its
   * record. Resolves once the message is recorded (its tidy-ups may still run: `tidied`); never
   * throws. It does not wait for the tidy run: a busy channel's run lasts as long as its table keeps
   * changing faster than Discord takes edits, and a wait on it from every message shown kept one
   * promise reaction per message alive for that long (700 a channel after 80 games in the soak).
   *
   * The edit of the previous message (a tidy-up) is not made in the channel's queue but by the
   * channel's tidy run (`tidy`): it waits for room in the channel's bucket of message writes (5
   * per 5 s), and a channel whose table changes faster than that (a fast game, a test rig)
   * would otherwise hold every later step (an edit in place, the record of the live message)
   * behind a growing line of tidy-ups, and a stopping bot behind all of them (72 s after 16
   * tables played flat out for 6 s, 2026-11-26).
   */
  shown(
    channelId: string,
    message: string | Promise<string | undefined>,
    record: string,
    rev?: TableOrder,
    v2 = false,
    /** How the message may be edited through its interaction's token (an answer or a follow-up): its tidy-up and in-place steps then cost no request of the bot's. */
    via?: (messageId: string) => TokenEdit,
  ): Promise<void> {
    // Queued at once, before the message is even sent, so a step that follows it (an edit in
    // place, a newer message) is always handled after it, in the order the table changed.
    const job = this.enqueue(channelId, async () => {
      const messageId = await message;
      if (messageId === undefined) return; // not delivered: the previous message stays live
      if (via) {
        this.sweepTokens();
        this.tokens.set(messageId, via(messageId));
      }
      const prev = await this.store.get(channelId);
      if (prev && prev.messageId !== messageId && rev !== undefined && prev.rev !== undefined && older(rev, prev.rev)) {
        // Overtaken while it was being sent (a computer's move reached the channel first): it
        // now stands below the live table, so it goes, and the live table stays the newest
        // message. A record there would read out of order and hide the current picture; its
        // move joins the live table's record instead, so the history still says it.
        await this.remove(channelId, messageId);
        await this.foldOvertaken(channelId, prev, rev, record);
        return;
      }
      this.folded.delete(channelId);
      const tidies = this.tidiesOf(channelId, prev);
      if (prev && prev.messageId !== messageId) {
        tidies.list.push({ messageId: prev.messageId, record: prev.record, ...(prev.v2 ? { v2: true } : {}) });
        // The oldest past the limit keep their pictures (the tidy run takes the newest first).
        const over = tidies.list.length - MAX_UNTIDIED;
        if (over > 0) {
          const dropped = tidies.list.splice(0, over);
          // Never edited again: their tokens go now, not when they run out (a busy channel drops one a move).
          for (const u of dropped) this.tokens.delete(u.messageId);
          // Said once until the channel's tidy-ups catch up: a fast table passes the limit at every move.
          if (!this.overLimit.has(channelId))
            this.log.info(
              `channel ${channelId}: ${MAX_UNTIDIED} older table messages already wait for their tidy-up; ${dropped.map((u) => u.messageId).join(", ")} and those after keep their pictures`,
            );
          this.overLimit.add(channelId);
        }
      }
      await this.store.set(
        channelId,
        this.withUntidied(channelId, { messageId, record, ...(rev !== undefined ? { rev } : {}), ...(v2 ? { v2 } : {}) }),
      );
      for (const w of this.waiters.get(channelId) ?? []) w.check();
      this.tidy(channelId);
    });
    return job;
  }

  /**
   * Folds the record of an overtaken table message (`record`, of table order `rev`) into the
   * record of the channel's live message `live`, before the moves that message shows and in table
   * order among other folded ones: when the live message is tidied, its record reads
   * "Ada discarded Q♣. · Computer 1 drew from the stock." A record changed since the last fold (a
   * step edited in place) is kept whole, and the folds before it are not ordered again.
   */
  private async foldOvertaken(channelId: string, live: LiveMessage, rev: TableOrder, record: string): Promise<void> {
    if (record.trim() === "") return;
    const known = this.folded.get(channelId);
    const fold =
      known && known.messageId === live.messageId && known.joined === live.record
        ? known
        : { messageId: live.messageId, own: live.record, lines: [], joined: live.record };
    fold.lines.push({ rev, record });
    fold.lines.sort((a, b) => (older(a.rev, b.rev) ? -1 : older(b.rev, a.rev) ? 1 : 0));
    fold.joined = joinRecords([...fold.lines.map((l) => l.record), fold.own]);
    this.folded.set(channelId, fold);
    await this.store.set(channelId, this.withUntidied(channelId, { ...live, record: fold.joined }));
  }

  /** Resolves once the channel's tidy-ups (those waiting now and any added meanwhile) are made (tests). */
  async tidied(channelId: string): Promise<void> {
    for (let run = this.tidies.get(channelId)?.running; run; run = this.tidies.get(channelId)?.running) await run;
  }

  /** The channel's tidy-ups: from memory, or on the channel's first step since the bot started, from its stored record. */
  private tidiesOf(channelId: string, stored: LiveMessage | undefined): { readonly list: Untidied[]; running: Promise<void> | null } {
    let t = this.tidies.get(channelId);
    if (!t) {
      t = { list: [...(stored?.untidied ?? [])], running: null };
      this.tidies.set(channelId, t);
    }
    return t;
  }

  /** `value` with the channel's tidy-ups still waiting, to store. */
  private withUntidied(channelId: string, value: LiveMessage): LiveMessage {
    const { untidied: _u, ...rest } = value;
    const list = this.tidies.get(channelId)?.list ?? value.untidied ?? [];
    return list.length ? { ...rest, untidied: [...list] } : rest;
  }

  /**
   * Starts the channel's tidy run unless one is under way: it edits the waiting messages down to
   * their records one at a time, newest first (the message right above the live table is the
   * one people still see), until none is left or the tracker stops. An edit that fails (the
   * message was deleted) is logged and dropped.
   */
  private tidy(channelId: string): void {
    const t = this.tidies.get(channelId);
    if (!t || t.running || t.list.length === 0 || this.stopped) return;
    // Nobody waits on a tidy-up: with the bot's budget short, its edits go after every other request.
    t.running = (async () => {
      while (!this.stopped && t.list.length > 0) {
        const next = t.list[t.list.length - 1]!;
        try {
          await atPriority("last", next.messageId, () => this.editMessage(channelId, next.messageId, recordPayload(next.record, next.v2)));
          this.tokens.delete(next.messageId);
        } catch (e) {
          this.log.info(`could not tidy the old table message in channel ${channelId}: ${e instanceof Error ? e.message : String(e)}`);
        }
        const at = t.list.indexOf(next); // -1: dropped past MAX_UNTIDIED while its edit was under way
        if (at >= 0) t.list.splice(at, 1);
      }
      if (t.list.length === 0) this.overLimit.delete(channelId);
      t.running = null;
    })();
  }

  /**
   * Shows `payload` by editing the channel's live table message in place (a step within one
   * turn), instead of posting a new message. False when there is no live message or the edit
   * fails; the caller then posts a new one. The message's record grows by the step's record
   * (`turn start · step · step`), so the history keeps what began the turn.
   */
  async editLive(channelId: string, payload: BaseMessageOptions): Promise<boolean> {
    let done = false;
    const step = recordOf(payload);
    if (step !== undefined) this.stepRecords.set(channelId, [...(this.stepRecords.get(channelId) ?? []), step]);
    // Coalesce: when steps come faster than Discord takes edits, only the newest is sent.
    const ticket = (this.editTickets.get(channelId) ?? 0) + 1;
    this.editTickets.set(channelId, ticket);
    await this.enqueue(channelId, async () => {
      if (this.editTickets.get(channelId) !== ticket) {
        done = true; // a newer step's edit is queued behind this one
        return;
      }
      const cur = await this.store.get(channelId);
      if (!cur) {
        this.stepRecords.delete(channelId); // the caller posts a new message with this step's record
        return;
      }
      const rev = revOf(payload);
      if (rev !== undefined && cur.rev !== undefined && older(rev, cur.rev)) {
        this.stepRecords.delete(channelId);
        done = true; // a newer table is already shown: this step's picture is not needed
        return;
      }
      const body = fitLayout(cur.v2 === true, withoutRecord(payload));
      await this.editMessage(channelId, cur.messageId, { ...body, attachments: [] } as MessageEditOptions);
      const steps = this.stepRecords.get(channelId) ?? [];
      this.stepRecords.delete(channelId);
      // A classic message (posted before V2) edited into V2's layout keeps it: its record must too.
      if (steps.length || (isV2(body) && !cur.v2))
        await this.store.set(
          channelId,
          this.withUntidied(channelId, {
            messageId: cur.messageId,
            record: joinRecords([cur.record, ...steps]),
            ...(rev !== undefined ? { rev } : {}),
            ...(cur.v2 || isV2(body) ? { v2: true } : {}),
            ...(cur.untidied ? { untidied: cur.untidied } : {}),
          }),
        );
      done = true;
    });
    return done;
  }

  /** The live message of a channel, if any. */
  async current(channelId: string): Promise<LiveMessage | undefined> {
    return this.store.get(channelId);
  }

  /**
   * Resolves once the channel's live message shows table state `rev` or a newer one, or after
   * `timeoutMs` (a table message that could not be posted must not hold back what follows it).
   * For what must read after a table (a tournament's result under the game's last picture).
   */
  async shownAtLeast(channelId: string, rev: TableOrder, timeoutMs = 10_000): Promise<void> {
    const reached = async () => {
      const cur = await this.store.get(channelId);
      return !!cur?.rev && !older(cur.rev, rev);
    };
    if (await reached()) return;
    await new Promise<void>((resolve) => {
      const waiters = this.waiters.get(channelId) ?? [];
      const done = () => {
        clearTimeout(timer);
        this.waiters.set(
          channelId,
          (this.waiters.get(channelId) ?? []).filter((w) => w.check !== check),
        );
        resolve();
      };
      const check = () => void reached().then((ok) => ok && done());
      const timer = setTimeout(done, timeoutMs);
      this.waiters.set(channelId, [...waiters, { check }]);
    });
  }

  /** Waits until every queued step and every tidy-up is done (tests). */
  async drain(): Promise<void> {
    for (;;) {
      const runs = [...this.tidies.values()].flatMap((t) => (t.running ? [t.running] : []));
      if (this.queues.size === 0 && runs.length === 0) return;
      await Promise.all([...this.queues.values(), ...runs]);
    }
  }

  /**
   * Takes no new work, waits for the queued steps and the tidy-up edits under way (each waits at
   * most one window of the channel's bucket), and stores the tidy-ups not made, so the channel's
   * next table message after a restart makes them (shutdown, before the store closes).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.drain();
    for (const [channelId, t] of this.tidies) {
      const cur = await this.store.get(channelId);
      const stored = cur?.untidied ?? [];
      const same = stored.length === t.list.length && stored.every((u, i) => u.messageId === t.list[i]!.messageId);
      if (cur && !same) await this.store.set(channelId, this.withUntidied(channelId, cur));
    }
  }

  /** Waits until every queued edit of a channel is done (tests, shutdown). */
  async settled(channelId: string): Promise<void> {
    await this.queues.get(channelId);
  }

  private enqueue(channelId: string, job: () => Promise<void>): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const prev = this.queues.get(channelId) ?? Promise.resolve();
    const next = prev
      .then(job)
      .catch((e: unknown) =>
        this.log.info(`could not tidy the old table message in channel ${channelId}: ${e instanceof Error ? e.message : String(e)}`),
      );
    this.queues.set(channelId, next);
    void next.then(() => {
      if (this.queues.get(channelId) === next) this.queues.delete(channelId);
    });
    return next;
  }
}
