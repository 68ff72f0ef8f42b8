/**
 * Community tournaments run by the bot from sign-up to podium: check-in, a thread and a started
 * game per table each round, results recorded as games end, the next round seated, standings
 * (src/tournament/), challenges on a one-player game. Every change is saved before anything is
 * posted, under a lock per event (src/bot/tournament-book.ts); a round's seating is saved before
 * its tables open, so `resume` finishes a round after a restart without seating anyone twice.
 * Each change to an event is pure (src/bot/tournament-rules.ts); games open through the host.
 */
import { commandRef } from "./command-ids.ts";
import { placesOf } from "../engine/places.ts";
import type { ComputerLevel } from "../engine/definition.ts";
import { highIsBetter, type RoundResult, type Standing, type TableResult } from "../tournament/standings.ts";
import type { AnyTable } from "./tables.ts";
import { refuse, refusalIn, sayAt } from "./words.ts";
import { UserError } from "./errors.ts";
import {
  isElimination,
  REPEAT_DAYS,
  type EventTemplate,
  type Tournament,
  type TournamentHost,
  type TournamentRound,
} from "./tournament-record.ts";
import { KeyedLock } from "./lock.ts";
import type { RecordStore } from "../store/store.ts";
import { TournamentBook } from "./tournament-book.ts";
import { replayOrdered, ruledResult, voided } from "./flag-rules.ts";
import { SCHEDULED_EVENT_STATUS } from "./schedule.ts";
import {
  begun,
  bracketOf,
  cutDue,
  cutMade,
  cancelled,
  checkedIn,
  checkInOpened,
  dropped,
  eventResults,
  eventStandings,
  finished,
  gameOf,
  matchName,
  tableSeats,
  tablesInPlay,
  timedSteps,
  withCorrection,
  withReminder,
  withScheduledEvent,
  seatsSwapped,
  joined,
  left,
  newEvent,
  tournamentRefusal,
  seated,
  withChallengeGame,
  withChallengeResult,
  withComputers,
  withResult,
  withThread,
  type EventRequest,
} from "./tournament-rules.ts";

/** After a timed step whose guild another process holds: when to look again, ms. */
const LEASE_RETRY_MS = 5_000;

export * from "./tournament-record.ts";

export type { Standing };

export class TournamentService {
  /** Where the events are kept. */
  private readonly book: TournamentBook;
  /** Serialises one entrant's **Play the deal** presses (key `event:user`). */
  private readonly entrantLock = new KeyedLock();
  /** Each event's one timer for its next timed step (`arm`). */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;
  /** Work started by game ends and timers, awaited by `stop`. */
  private readonly inFlight = new Set<Promise<unknown>>();

  /**
   * Events kept in `store`, run through `host` (tables, messages, ratings: src/bot/tournament-record.ts);
   * `now` is the clock (ms) and `newId` names new events.
   */
  constructor(
    store: RecordStore<Tournament | EventTemplate | string>,
    private readonly host: TournamentHost,
    private readonly now: () => number = Date.now,
    private readonly newId: () => string = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  ) {
    this.book = new TournamentBook(store, now);
  }

  /** Runs `work` so that `stop` waits for it. */
  private track<T>(work: () => Promise<T>): Promise<T> {
    const p = work();
    const settled = p.catch(() => undefined).finally(() => this.inFlight.delete(settled));
    this.inFlight.add(settled);
    return p;
  }

  /** Changes event `id` under its lock (`TournamentBook.change`). */
  private change(id: string, fn: (t: Tournament) => Tournament | null): Promise<Tournament> {
    return this.book.change(id, fn);
  }

  /** The event with this id. */
  get(id: string): Promise<Tournament | undefined> {
    return this.book.get(id);
  }

  /** The events of a guild, newest first. */
  list(guildId: string | null): Promise<Tournament[]> {
    return this.book.list(guildId);
  }

  /** The role whose members may organise tournaments in a guild, if any. */
  organiserRole(guildId: string | null): Promise<string | null> {
    return this.book.organiserRole(guildId);
  }

  /** Sets the organisers' role of a guild. */
  setOrganiserRole(guildId: string | null, roleId: string): Promise<void> {
    return this.book.setOrganiserRole(guildId, roleId);
  }

  /** The event a table thread belongs to, if any. */
  ofThread(threadId: string): Promise<Tournament | undefined> {
    return this.book.ofThread(threadId);
  }

  /** Makes a message the event's one live announcement; returns the one it replaces (`TournamentBook.swapAnnouncement`). */
  swapAnnouncement(id: string, channelId: string, messageId: string): Promise<{ channelId: string; messageId: string } | null> {
    return this.book.swapAnnouncement(id, channelId, messageId);
  }

  /** Creates an event in sign-up (see `newEvent` for its refusals). */
  async create(opts: EventRequest): Promise<Tournament> {
    const t = newEvent(this.host.catalogue, opts, this.newId(), this.now());
    await this.book.add(t);
    if (t.startsAt === undefined) return t;
    // A scheduled event shows in the server's events (when the bot may create them) and runs by its timer.
    const scheduled = await this.host.scheduleEvent(t);
    const saved = scheduled ? await this.change(t.id, (x) => withScheduledEvent(x, scheduled)) : t;
    this.arm(saved);
    return saved;
  }

  /**
   * A recurring event (`/tournament create … start: every:`): its template saved and its first
   * occurrence created (a scheduled event, `create`). Refuses `tournament/every_needs_start`
   * without a start, and whatever `create` refuses.
   */
  async createRepeating(
    opts: EventRequest,
    everyDays: (typeof REPEAT_DAYS)[number],
  ): Promise<{ event: Tournament; template: EventTemplate }> {
    if (opts.start === undefined) throw refuse("tournament/every_needs_start");
    const id = this.newId();
    const event = await this.create({ ...opts, template: id });
    const { start: _start, name, ...request } = opts;
    const template: EventTemplate = {
      ...{ schema: 1, kind: "template", id, guildId: opts.guildId, channelId: opts.channelId, organiserId: opts.organiserId, name },
      ...{ request, everyDays, next: event.startsAt!, occurrences: [event.id], createdAt: this.now() },
    };
    await this.book.setTemplate(template);
    return { event, template };
  }

  /** Notes where event `id`'s hub message is (commands/tournament/hub.ts). */
  async setHub(id: string, hub: { channelId: string; messageId: string }): Promise<void> {
    await this.change(id, (t) => ({ ...t, hub }));
  }

  /** The recurring events' templates of a guild, oldest first. */
  templates(guildId: string | null): Promise<EventTemplate[]> {
    return this.book.templates(guildId);
  }

  /**
   * Changes template `id` by `fn` (a stop, an edit: occurrences created from then on follow it).
   * Refuses `tournament/no_template` for an id the guild has no template by.
   */
  async changeTemplate(guildId: string | null, id: string, fn: (x: EventTemplate) => EventTemplate): Promise<EventTemplate> {
    return this.book.lock.run(`template:${id}`, async () => {
      const x = await this.book.template(id);
      if (!x || x.guildId !== guildId) throw refuse("tournament/no_template");
      const next = fn(x);
      await this.book.setTemplate(next);
      return next;
    });
  }

  /**
   * After occurrence `t` of a recurring event started (or was cancelled before its start): the
   * next occurrence created, `everyDays` after it (later still if that is already past), unless
   * the template was stopped or `t` is not its newest occurrence. Never throws (logged by the caller's catch).
   */
  private async repeatAfter(t: Tournament): Promise<void> {
    if (!t.template) return;
    await this.book.lock.run(`template:${t.template}`, async () => {
      const x = await this.book.template(t.template!);
      if (!x || x.stopped || x.occurrences.at(-1) !== t.id) return;
      const every = x.everyDays * 86_400_000;
      let next = x.next + every;
      while (next < this.now() + 120_000) next += every;
      const event = await this.create({ ...x.request, name: x.name, start: new Date(next).toISOString(), template: x.id });
      await this.book.setTemplate({ ...x, next, occurrences: [...x.occurrences, event.id] });
    });
  }

  /** Signs a person up (sign-up or check-in). */
  /** Signs `who` up (see `joined`); `byOrganiser`: an organiser signs them up, someone they removed included. */
  async join(id: string, who: { id: string; name: string }, byOrganiser = false): Promise<Tournament> {
    return this.change(id, (t) => joined(t, who, byOrganiser));
  }

  /** Takes a person off the list before the start. */
  async leave(id: string, userId: string): Promise<Tournament> {
    return this.change(id, (t) => left(t, userId));
  }

  /** Adds `count` computer entrants at `level` (organiser, before the start). */
  async addComputers(id: string, count: number, level: ComputerLevel): Promise<Tournament> {
    return this.change(id, (t) => withComputers(t, count, level, this.host.catalogue.levels(t.game)));
  }

  /** Checks a person in while check-in is open. */
  async checkIn(id: string, userId: string): Promise<Tournament> {
    return this.change(id, (t) => checkedIn(t, userId));
  }

  /** Starts the event: with a check-in window, the first call opens check-in (closed by the window's end or a second call: those not checked in are dropped); then round 1 is seated. */
  async start(id: string): Promise<Tournament> {
    const t = await this.get(id);
    if (!t) throw tournamentRefusal("tournament/none", "There is no such tournament.", { context: "id" });
    if (t.status === "running" || t.status === "over" || t.status === "cancelled")
      throw tournamentRefusal("tournament/started", "The event has already started.", { context: "already" });
    if (t.status === "signup" && t.checkInMinutes > 0) {
      const opened = await this.change(id, (x) => checkInOpened(x, this.now()));
      this.arm(opened);
      return opened;
    }
    return this.begin(id);
  }

  /** Sets the event's one timer for its next timed step (`timedSteps`: reminder, check-in, start, a challenge's close); none when it has none. */
  private arm(t: Tournament): void {
    clearTimeout(this.timers.get(t.id));
    this.timers.delete(t.id);
    const now = this.now();
    const steps = timedSteps(t, now);
    const due = steps.remind || steps.openCheckIn || steps.begin || steps.close ? now : steps.next;
    if (this.stopped || due === undefined) return;
    this.timers.set(
      t.id,
      setTimeout(() => void this.track(() => this.wake(t.id)).catch(() => {}), Math.max(0, Math.min(2 ** 31 - 1, due - now))),
    );
  }

  /**
   * Re-arms every event's timer from the clock now (after the clock was moved, as a test does;
   * `resume` arms them at a start).
   */
  async rearm(): Promise<void> {
    for (const v of await this.book.all()) this.arm(v);
  }

  /**
   * An event's timed steps that are due now, in order: the reminder (the entrants mentioned in
   * the event's channel), check-in opening (a new announcement with Check in), the start (round
   * 1 seated, or a challenge's window opened), a challenge's close; then the next one is armed.
   */
  private async wake(id: string): Promise<void> {
    const t = await this.get(id);
    if (!t) return;
    if (this.host.lease && !(await this.host.lease(t.guildId ?? `channel:${t.channelId}`))) {
      // Another process holds the guild now: it runs the step; this one looks again, to take over if it stops.
      if (!this.stopped)
        this.timers.set(
          id,
          setTimeout(() => void this.track(() => this.wake(id)).catch(() => {}), LEASE_RETRY_MS),
        );
      return;
    }
    const now = this.now();
    const steps = timedSteps(t, now);
    if (steps.remind) {
      const x = await this.change(id, withReminder);
      const people = x.entrants.filter((e) => !e.computer && !e.dropped).map((e) => e.id);
      await this.host.post(x.channelId, {
        content: sayAt(x, "tournament.reminder", {
          name: x.name,
          when: `<t:${Math.floor((x.startsAt ?? now) / 1000)}:R>`,
          people: people.map((p) => `<@${p}>`).join(" "),
        }).slice(0, 2000),
        allowedMentions: { users: people.slice(0, 100) },
      });
    }
    if (steps.openCheckIn) {
      const x = await this.change(id, (y) => checkInOpened(y, now));
      await this.host.announce(x, sayAt(x, "tournament.checkin_opened"));
    }
    if (steps.begin) await this.beginOrSay(id);
    if (steps.close) await this.finish(id);
    const after = await this.get(id);
    if (after) this.arm(after);
  }

  /**
   * The start that nobody asked for (check-in's end, a scheduled start): when it is refused (too
   * few entrants), the event's channel is told why in the event's language and the event stays
   * in check-in, for the organiser to add entrants or computers and `/tournament start` again.
   */
  private async beginOrSay(id: string): Promise<void> {
    try {
      await this.begin(id);
    } catch (e) {
      const t = await this.get(id);
      if (!(e instanceof UserError) || !t) throw e;
      await this.repeatAfter(t); // next week's is planned even when this one could not start
      const why = refusalIn(t.locale ?? "en", e);
      await this.host.post(t.channelId, {
        content: sayAt(t, "tournament.start_failed", { name: t.name, why }),
        allowedMentions: { parse: [] },
      });
    }
  }

  /** Closes sign-up (dropping those who did not check in) and seats round 1. */
  private async begin(id: string): Promise<Tournament> {
    clearTimeout(this.timers.get(id));
    const before = await this.get(id);
    const started = await this.change(id, (t) => begun(this.host.catalogue, t, this.now()));
    if (before?.status !== "running" && started.status === "running" && started.scheduledEventId)
      await this.host.scheduledEventStatus(started, SCHEDULED_EVENT_STATUS.active);
    if (started.status === "running") await this.repeatAfter(started);
    if (started.challenge) {
      this.arm(started);
      return started;
    }
    if (started.status !== "running" || started.played.length > 0) return started;
    return this.seatNext(id);
  }

  /** Seats the next round (organiser's `/tournament next`, or automatically). */
  async next(id: string): Promise<Tournament> {
    const t = await this.get(id);
    if (!t) throw tournamentRefusal("tournament/none", "There is no such tournament.", { context: "id" });
    if (t.status !== "running") throw tournamentRefusal("tournament/not_running", "The event is not running.");
    if (t.challenge) return this.finish(id); // the organiser closes the window early
    if (isElimination(t)) {
      if (bracketOf(t)?.state.champion) return this.finish(id);
      const seatedNow = await this.seatNext(id);
      if (seatedNow.played === t.played) throw tournamentRefusal("tournament/round_open", "The round is still being played.");
      return seatedNow;
    }
    const last = t.played.at(-1);
    if (last && last.tables.some((x) => !x.result)) throw tournamentRefusal("tournament/round_open", "The round is still being played.");
    if (t.played.length >= t.rounds) return this.finish(id);
    return this.seatNext(id);
  }

  /**
   * An entrant's own game of a running challenge's deal (**Play the deal**): the thread of the
   * game they opened before, or a new one made by `open` (it opens the thread and the game and
   * returns the thread's id), saved so that a second press reopens it. One entrant's presses
   * are serialised, so a double click opens one game. Refuses when the challenge is not open,
   * or for someone who is not an entrant.
   */
  async challengeGame(
    id: string,
    userId: string,
    open: (t: Tournament) => Promise<string>,
  ): Promise<{ threadId: string; opened: boolean; event: Tournament }> {
    return this.entrantLock.run(`${id}:${userId}`, async () => {
      const t = await this.get(id);
      if (!t?.challenge) throw tournamentRefusal("tournament/none", "There is no such challenge.", { context: "challenge" });
      const mine = t.challenge.games?.find((g) => g.userId === userId);
      if (mine) return { threadId: mine.threadId, opened: false, event: t };
      const now = this.now();
      if (t.status !== "running" || t.challenge.due === undefined || now > t.challenge.due)
        throw tournamentRefusal("tournament/not_running", "The challenge is not open: its window has not started or has closed.", {
          context: "challenge",
        });
      if (!t.entrants.some((e) => e.id === userId && !e.dropped)) throw refuse("tournament/not_in", { context: "challenge", seed: t.seed });
      const threadId = await open(t);
      const event = await this.change(id, (x) => withChallengeGame(x, userId, threadId));
      return { threadId, opened: true, event };
    });
  }

  /**
   * Counts a finished one-player game (a table of one seat) for every running challenge of its
   * guild on its game and deal: the entrant's first finished game within the window. Its score
   * and second measure come from the catalogue (`soloResult`), its time is its last move's.
   */
  private async countChallenge(rec: AnyTable): Promise<void> {
    const solo = this.host.catalogue.soloResult(rec.game, rec.state);
    const userId = rec.seats[0]?.userId;
    if (!solo || !userId || rec.seats.length !== 1) return;
    const at = rec.updatedAt;
    for (const t of await this.list(rec.guildId)) {
      const c = t.challenge;
      if (!c || t.status !== "running" || t.game !== rec.game || t.seed !== rec.seed || c.due === undefined || c.opens === undefined)
        continue;
      if (at > c.due || at < c.opens || !t.entrants.some((e) => e.id === userId && !e.dropped)) continue;
      const after = await this.change(t.id, (x) =>
        withChallengeResult(x, { userId, score: solo.score, square: solo.measure, moves: rec.moves.length, at }),
      );
      // Every entrant has a counted game: nothing can change any more, so the podium comes now.
      const counted = new Set(after.challenge?.results.map((r) => r.userId));
      if (after.status === "running" && after.entrants.every((e) => e.dropped || counted.has(e.id))) await this.finish(after.id);
    }
  }

  /** The results of the rounds played so far, as scoring reads them (see `eventResults`). */
  static results(t: Tournament): RoundResult[] {
    return eventResults(t);
  }

  /** The standings now, best first (see `eventStandings`). */
  static standings(t: Tournament): Standing[] {
    return eventStandings(t);
  }

  private async seatNext(id: string): Promise<Tournament> {
    // Round 1 fixes the event's order by rating: read them before taking the event's lock.
    const before = await this.get(id);
    const ratings = before && !before.order ? await this.host.ratings(before.guildId, before.game) : undefined;
    const round = await this.change(id, (t) => seated(this.host.catalogue, t, ratings));
    await this.openTables(round);
    return (await this.get(id))!;
  }

  /**
   * Opens (or finishes opening, after a restart) the tables in play (`tablesInPlay`: the current
   * round's; an elimination event's, of every column): a thread for each table that has none
   * (saved as soon as it exists), then its game opened, seated and started unless that happened
   * already; then the tables newly opened are announced. Safe to run again at any point.
   */
  private async openTables(t: Tournament): Promise<void> {
    // One opening at a time per event: an elimination event's results can land together, and
    // each seats (and opens) the tables it made ready; the second run sees the first's threads.
    // A table that finished while no result could be recorded is recorded after the opening
    // (recording may seat more tables, which opens them in turn).
    const finished = await this.book.lock.run(`open:${t.id}`, async () => {
      const now = await this.get(t.id);
      return now ? this.openTablesNow(now) : [];
    });
    for (const rec of finished) await this.recordTable(rec);
  }

  /** `openTables`' work, under its lock; returns the tables found finished (to record). */
  private async openTablesNow(t: Tournament): Promise<AnyTable[]> {
    const finished: AnyTable[] = [];
    if (t.status !== "running") return finished;
    const game = gameOf(this.host.catalogue, t);
    const opened: { round: TournamentRound; index: number }[] = [];
    const service = this.host.tables(game.table);
    for (const { round, table, index: i } of tablesInPlay(t)) {
      let threadId = table.threadId;
      const where = table.node ? matchName(t, table.node) : `round ${round.number} · table ${i + 1}`;
      if (!threadId) {
        opened.push({ round, index: i });
        const made = await this.host.openThread(t.channelId, `${t.name} · ${where}`);
        threadId = made;
        await this.book.linkThread(made, t.id);
        await this.change(t.id, (x) => withThread(x, round.number, i, made));
      }
      // A table whose game was started already (before a restart) is left as it is; one that
      // finished while no result could be recorded (the bot was stopping) is recorded now.
      const existing = await service.get(threadId);
      if (existing?.status === "over") {
        finished.push(existing);
        continue;
      }
      if (existing && existing.status !== "lobby") continue;
      await this.dealTable(t, round, i, threadId, existing?.status === "lobby" ? existing : undefined);
    }
    if (!opened.length) return finished;
    const fresh = (await this.get(t.id))!;
    this.host.hub?.(fresh);
    if (!isElimination(fresh)) {
      await this.host.post(t.channelId, await this.host.roundMessage(fresh, fresh.played.at(-1)!));
      return finished;
    }
    // An elimination event announces just the tables it opened now, whatever their columns.
    const tables = opened.map(({ round, index }) => fresh.played.find((r) => r.number === round.number)!.tables[index]!);
    await this.host.post(t.channelId, await this.host.roundMessage(fresh, { number: 0, tables, byes: [] }));
    return finished;
  }

  /**
   * Deals table `i` of `round` in `threadId` (a lobby half-made before a restart is finished,
   * `lobby`; else a new game, over any game there before): its seats taken, the game started and
   * posted with its players mentioned (under `note`, when it is dealt again), after a **Flag for
   * the organisers** button (`flagPrompt`, posted first so that the table is the newest message).
   */
  private async dealTable(
    t: Tournament,
    round: TournamentRound,
    i: number,
    threadId: string,
    lobby?: AnyTable,
    note?: string,
  ): Promise<void> {
    const table = round.tables[i]!;
    const game = gameOf(this.host.catalogue, t);
    const service = this.host.tables(game.table);
    const seats = tableSeats(t, table.players);
    // Dealt from a new secret (never from the event's public id): published with the table's record.
    if (!lobby) await service.open(threadId, t.guildId, seats[0]!, game.config, null, t.clock);
    const sitting = new Set((lobby?.seats ?? [seats[0]!]).map((s) => s.userId));
    for (const s of seats.slice(1)) if (!sitting.has(s.userId)) await service.join(threadId, s);
    await service.update(threadId, (r) => (r ? { ...r, event: t.id } : undefined)); // ends with the event, no Play again
    const rec = await service.start(threadId, seats[0]!.userId);
    const people = seats.filter((s) => !s.computer).map((s) => `<@${s.userId}>`);
    const who = people.length
      ? sayAt(t, "tournament.thread_people", { people: people.join(", ") })
      : sayAt(t, "tournament.thread_computers");
    const start = [
      ...(note ? [note] : []),
      table.node
        ? sayAt(t, "tournament.thread_start_match", { name: t.name, match: matchName(t, table.node), who })
        : sayAt(t, "tournament.thread_start", { name: t.name, n: round.number, rounds: t.rounds, table: i + 1, who }),
    ].join("\n");
    // The flag's button first, so that the table stays the thread's newest message.
    if (people.length && this.host.flagPrompt) await this.host.post(threadId, this.host.flagPrompt(t));
    await this.host.post(threadId, {
      ...(await this.host.tablePayload(rec, start)),
      allowedMentions: { users: seats.filter((s) => !s.computer).map((s) => s.userId) },
    });
    this.host.kick(threadId);
  }

  /**
   * Records a finished table game (the table service's `onFinish`): its places and points; when
   * it was the round's last table, seats the next round or ends the event. A one-player game
   * outside the events' threads counts for a running challenge on its deal.
   */
  async recordGame(rec: AnyTable): Promise<void> {
    if (this.stopped) return;
    return this.track(() => this.recordTable(rec));
  }

  private async recordTable(rec: AnyTable): Promise<void> {
    const t = await this.ofThread(rec.channelId);
    // A game outside the events' threads: a one-player game may count for a running challenge.
    if (!t) return this.countChallenge(rec);
    const result = this.host.catalogue.ratedResult(rec.game, rec.config, rec.state);
    if (!result) return;
    await this.recordResult(
      t.id,
      rec.channelId,
      rec.seats.map((s) => s.leftBy ?? s.userId),
      placesOf(result.outcome),
      highIsBetter(result.outcome.scores, this.host.catalogue.ratedGame(result.game)?.lowScoreWins ?? false),
    );
  }

  private async recordResult(
    id: string,
    threadId: string,
    players: readonly string[],
    places: readonly number[],
    points: readonly number[],
  ): Promise<void> {
    // Seats whose computer took over from a person count for that person (`leftBy`).
    const result: TableResult = { players: [...players], places: [...places], points: [...points] };
    const after = await this.change(id, (t) => withResult(t, threadId, result));
    await this.afterResult(after, threadId);
  }

  /**
   * What follows a table's result (recorded, voided or ruled): the hub and the table's thread
   * told; the next round seated, the event ended, or (an elimination event) the bracket moved on.
   */
  private async afterResult(after: Tournament, threadId: string): Promise<void> {
    const id = after.id;
    this.host.hub?.(after);
    await this.host.post(threadId, await this.host.tableResult(after, threadId));
    if (isElimination(after)) return this.bracketMoved(after, threadId);
    const round = after.played.at(-1);
    if (after.status !== "running" || !round || round.tables.some((x) => !x.result)) return;
    const next = commandRef(after.locale ?? "en", "tournament next", after.guildId);
    if (after.played.length >= after.rounds) {
      await this.finish(id);
      return;
    }
    // Between rounds everyone sees where they stand before the next round is seated (issue 63).
    await this.host.post(after.channelId, await this.host.standingsMessage(after));
    if (after.autoNext) await this.seatNext(id);
    else
      await this.host.post(after.channelId, {
        content: sayAt(after, "tournament.round_done_pause", { name: after.name, n: round.number, next: round.number + 1, cmd: next }),
        allowedMentions: { parse: [] },
      });
  }

  /**
   * An elimination event after a table's result: the bracket picture when that table's column
   * is complete, then the champion's podium, or every table whose players are now known seated.
   */
  private async bracketMoved(t: Tournament, threadId: string): Promise<void> {
    if (t.status !== "running") return;
    const column = t.played.find((r) => r.tables.some((x) => x.threadId === threadId));
    const bracket = bracketOf(t);
    const waiting = bracket?.plan.nodes.some(
      (n) => n.column === column?.label && ["waiting", "ready", "playing"].includes(bracket.state.nodes.get(n.id)!.status),
    );
    if (bracket?.state.champion) {
      await this.finish(t.id);
      return;
    }
    if (column && !waiting) await this.host.post(t.channelId, await this.host.bracketMessage(t, column.label ?? ""));
    await this.seatNext(t.id);
  }

  /**
   * Ends the event: standings final, podium posted. A two-stage event whose first stage just
   * ended goes on instead: its top cut made (`cutMade`), the first stage's standings and the cut
   * said in its channel, and the bracket's first tables seated.
   */
  private async finish(id: string): Promise<Tournament> {
    clearTimeout(this.timers.get(id));
    const before = await this.get(id);
    if (before && cutDue(before)) {
      const cut = await this.change(id, cutMade);
      if (cut.cut?.after !== undefined) {
        await this.host.post(cut.channelId, await this.host.standingsMessage(before));
        const seeds = (cut.order ?? []).map((p, i) => `${i + 1}. ${cut.entrants.find((e) => e.id === p)?.name ?? p}`);
        await this.host.post(cut.channelId, {
          content: sayAt(cut, "tournament.cut_made", {
            name: cut.name,
            n: cut.order?.length ?? 0,
            format: sayAt(cut, `tournament.format_${cut.format}`),
            seeds: seeds.join(" · "),
          }).slice(0, 2000),
          allowedMentions: { parse: [] },
        });
        return this.seatNext(id);
      }
    }
    const t = await this.change(id, finished);
    if (before?.status === "running" && t.status === "over" && t.scheduledEventId)
      await this.host.scheduledEventStatus(t, SCHEDULED_EVENT_STATUS.completed);
    if (t.status === "over") for (const m of await this.host.finalMessages(t)) await this.host.post(t.channelId, m);
    this.host.hub?.(t);
    if (before?.status === "running" && t.status === "over") this.host.over?.(t);
    return t;
  }

  /**
   * Withdraws an entrant (themselves, or `removed` by an organiser, who then cannot sign up again
   * by themselves): not seated again; mid-game a computer plays on and the result counts for them.
   */
  async drop(id: string, userId: string, removed = false): Promise<Tournament> {
    const t = await this.change(id, (x) => dropped(x, userId, removed));
    const table = tablesInPlay(t).find((x) => x.table.players.includes(userId))?.table;
    if (table?.threadId) {
      const game = gameOf(this.host.catalogue, t);
      const rec = await this.host.tables(game.table).get(table.threadId);
      if (rec?.status === "playing") {
        const left = await this.host
          .tables(game.table)
          .leave(table.threadId, userId)
          .catch(() => null);
        if (left) this.host.kick(table.threadId);
      }
    }
    return t;
  }

  /** Ends a table's game as it stands (organiser): every seat shares the places, so each earns the average placement points. */
  async endTable(id: string, threadId: string, by: string): Promise<Tournament> {
    const t = await this.get(id);
    const table = t && tablesInPlay(t).find((x) => x.table.threadId === threadId)?.table;
    if (!t || !table)
      throw tournamentRefusal("tournament/no_table", "This is not a table of the current round that is still being played.", {
        context: "round",
      });
    await this.closeTable(t, threadId, by);
    await this.recordResult(
      id,
      threadId,
      table.players,
      table.players.map(() => 1),
      table.players.map(() => 0),
    );
    return (await this.get(id))!;
  }

  /**
   * Corrects the recorded places of the finished table in `threadId` (organiser `by`; `places`
   * as typed, seat order; see `withCorrection`): standings and tie-breaks follow, the server's
   * ratings in the game are made again, and an audit line goes to the event's channel. A game
   * still being played (flagged or not) is ended with these places and no game points: how an
   * organiser decides a table that cannot finish, a bracket's match included, where
   * `endTable`'s shared places would leave who goes on to the seeds.
   */
  async correct(id: string, threadId: string, places: string, by: string, reason?: string): Promise<Tournament> {
    const before = await this.get(id);
    if (before && tablesInPlay(before).some((x) => x.table.threadId === threadId))
      return this.ruleTable(before, threadId, places, by, reason);
    const after = await this.change(id, (t) => withCorrection(t, threadId, places, by, this.now(), reason));
    const c = after.corrections?.at(-1);
    if (after === before || after.rev === before?.rev || c?.kind !== "result") return after;
    await this.host.rerate(after);
    const name = (p: string) => after.entrants.find((e) => e.id === p)?.name ?? p;
    const line = (places: readonly number[]) => c.players.map((p, i) => `${name(p)} ${places[i]}`).join(", ");
    await this.audit(
      after,
      "tournament.audit_correct",
      { by: `<@${by}>`, thread: `<#${threadId}>`, before: line(c.before), after: line(c.after) },
      reason,
    );
    return after;
  }

  /**
   * The game of the table in `threadId` played on after a flag was answered, or paused for one
   * (`TableService.pause`, `unpause`; its clock re-armed): whether it is now paused (pausing) or
   * changed (playing on); a game over or one in real time is left as it is.
   */
  async pauseTable(t: Tournament, threadId: string, pause: boolean): Promise<boolean> {
    const service = this.host.tables(gameOf(this.host.catalogue, t).table);
    const done = pause ? await service.pause(threadId) : await service.unpause(threadId);
    if (done) this.host.kick(threadId);
    // Paused already (a flag cut short before its thread was made) counts as paused.
    return !!done || (pause && !!(await service.get(threadId))?.paused);
  }

  /** Notes that flag thread `deskId` belongs to event `id`: commands used there are about it (`ofThread`). */
  linkDesk(deskId: string, id: string): Promise<void> {
    return this.book.linkThread(deskId, id);
  }

  /**
   * Changes event `id` under its lock with a pure change (src/bot/flag-rules.ts, a seed swap);
   * `fn` may refuse (throw). The hub follows (a flagged table is marked there).
   */
  async amend(id: string, fn: (t: Tournament) => Tournament): Promise<Tournament> {
    const after = await this.change(id, fn);
    this.host.hub?.(after);
    return after;
  }

  /** Says an organiser's change to a table in the event's channel: `key`'s words, with the reason given. */
  private async audit(t: Tournament, key: string, words: Readonly<Record<string, string>>, reason?: string): Promise<void> {
    const line = sayAt(t, key, { name: t.name, ...words });
    const why = reason ? `\n${sayAt(t, "tournament.audit_reason", { reason })}` : "";
    await this.host.post(t.channelId, { content: (line + why).slice(0, 2000), allowedMentions: { parse: [] } });
  }

  /**
   * Voids the game in `threadId` (organiser `by`, for `reason`; see `voided`): a game being
   * played is closed unrecorded and the round goes on as after a result; a recorded one has its
   * ratings made again without it. The audit line goes to the event's channel.
   */
  async voidTable(id: string, threadId: string, by: string, reason?: string): Promise<Tournament> {
    const before = await this.get(id);
    if (!before) throw tournamentRefusal("tournament/none", "There is no such tournament.", { context: "id" });
    voided(before, threadId, by, this.now(), reason); // refuses before the game is touched
    const inPlay = tablesInPlay(before).some((x) => x.table.threadId === threadId);
    const service = this.host.tables(gameOf(this.host.catalogue, before).table);
    if (inPlay) await service.end(threadId, by, true).catch(() => undefined);
    const after = await this.change(id, (t) => voided(t, threadId, by, this.now(), reason));
    await this.audit(after, "tournament.audit_void", { by: `<@${by}>`, thread: `<#${threadId}>` }, reason);
    if (inPlay) await this.afterResult(after, threadId);
    else {
      await this.host.rerate(after);
      this.host.hub?.(after);
    }
    return after;
  }

  /**
   * Deals the game in `threadId` again (organiser `by`, for `reason`; see `replayOrdered`): the
   * game being played is closed unrecorded (never rated) and a new one, from a new secret, starts
   * in the same thread with the same seats and clock. The audit line goes to the event's channel.
   */
  async replayTable(id: string, threadId: string, by: string, reason?: string): Promise<Tournament> {
    const before = await this.get(id);
    if (!before) throw tournamentRefusal("tournament/none", "There is no such tournament.", { context: "id" });
    replayOrdered(before, threadId, by, this.now(), reason);
    const where = tablesInPlay(before).find((x) => x.table.threadId === threadId);
    if (!where) throw tournamentRefusal("flag/replay_over", "This game is over and recorded: correct its places, or void it, instead.");
    const after = await this.change(id, (t) => replayOrdered(t, threadId, by, this.now(), reason));
    await this.host
      .tables(gameOf(this.host.catalogue, after).table)
      .end(threadId, by, true)
      .catch(() => undefined);
    await this.audit(after, "tournament.audit_replay", { by: `<@${by}>`, thread: `<#${threadId}>` }, reason);
    await this.dealTable(after, where.round, where.index, threadId, undefined, sayAt(after, "tournament.replay_note", { by: `<@${by}>` }));
    return after;
  }

  /**
   * Ends the game in `threadId` for organiser `by` before its end and shows it closed there: its
   * last picture with who closed it and the scores as they stood, which tidies the table message
   * before it (whose buttons would answer only that the game is over). A game already over is
   * left as it is.
   */
  private async closeTable(t: Tournament, threadId: string, by: string): Promise<void> {
    const service = this.host.tables(gameOf(this.host.catalogue, t).table);
    const rec = await service.end(threadId, by, true).catch(() => undefined);
    if (rec?.closedBy === by) await this.host.post(threadId, await this.host.closedTable(rec, by));
  }

  /**
   * Ends the game being played in `threadId` (flagged or not) with the places typed (organiser
   * `by`, for `reason`; see `ruledResult`): shown closed, recorded as given, the round going on as
   * after a result.
   */
  private async ruleTable(before: Tournament, threadId: string, places: string, by: string, reason?: string): Promise<Tournament> {
    ruledResult(before, threadId, places, by, this.now(), reason);
    await this.closeTable(before, threadId, by);
    const after = await this.change(before.id, (t) => ruledResult(t, threadId, places, by, this.now(), reason));
    const c = after.corrections?.at(-1);
    if (c?.kind === "result") {
      const name = (p: string) => after.entrants.find((e) => e.id === p)?.name ?? p;
      const line = c.players.map((p, i) => `${name(p)} ${c.after[i]}`).join(", ");
      await this.audit(after, "tournament.audit_ruled", { by: `<@${by}>`, thread: `<#${threadId}>`, after: line }, reason);
    }
    await this.afterResult(after, threadId);
    return after;
  }

  /**
   * Swaps entrants `a` and `b` between their tables before the round's first move (organiser
   * `by`; see `seatsSwapped`): each table's game takes the other's seat as it was dealt, the
   * threads and the event's channel are told. Refuses once either table has a move.
   */
  async swap(id: string, a: string, b: string, by: string): Promise<Tournament> {
    const t = await this.get(id);
    if (!t) throw tournamentRefusal("tournament/none", "There is no such tournament.", { context: "id" });
    if (t.challenge) seatsSwapped(t, a, b, by, this.now()); // refuses: a challenge has no tables
    const game = gameOf(this.host.catalogue, t);
    const service = this.host.tables(game.table);
    const tables = tablesInPlay(t).filter((x) => x.table.players.includes(a) || x.table.players.includes(b));
    for (const { table } of tables) {
      const rec = table.threadId ? await service.get(table.threadId) : undefined;
      if (rec && rec.moves.length > 0)
        throw tournamentRefusal("tournament/swap_late", "Seats can be swapped only before the round's first move.");
    }
    const after = await this.change(id, (x) => seatsSwapped(x, a, b, by, this.now()));
    const [seatA, seatB] = tableSeats(after, [a, b]);
    for (const { table } of tables) {
      if (!table.threadId) continue;
      // Before the first move: the seat keeps its deal, the person in it changes.
      await service.update(table.threadId, (r) =>
        r && r.moves.length === 0
          ? { ...r, seats: r.seats.map((s) => (s.userId === seatA!.userId ? seatB! : s.userId === seatB!.userId ? seatA! : s)) }
          : r,
      );
      this.host.kick(table.threadId);
    }
    const note = sayAt(after, "tournament.audit_swap", { name: after.name, by: `<@${by}>`, a: `<@${a}>`, b: `<@${b}>` });
    for (const { table } of tables) {
      const rec = table.threadId ? await service.get(table.threadId) : undefined;
      // The table again, with its new names, under the note (the two players are notified).
      if (rec) await this.host.post(rec.channelId, { ...(await this.host.tablePayload(rec, note)), allowedMentions: { users: [a, b] } });
    }
    await this.host.post(after.channelId, { content: note, allowedMentions: { parse: [] } });
    return after;
  }

  /**
   * Cancels the event: its running tables end, nothing more is seated. A challenge has no
   * tables of its own (each entrant's game of the deal is theirs to finish; it no longer counts).
   */
  async cancel(id: string, by: string): Promise<Tournament> {
    const before = await this.get(id);
    const t = await this.change(id, cancelled);
    clearTimeout(this.timers.get(id));
    // Discord's events: one not started is cancelled; one under way can only be completed.
    if (before && before.status !== "cancelled" && before.status !== "over" && t.scheduledEventId)
      await this.host.scheduledEventStatus(
        t,
        before.status === "running" ? SCHEDULED_EVENT_STATUS.completed : SCHEDULED_EVENT_STATUS.canceled,
      );
    if (before && (before.status === "signup" || before.status === "checkin")) await this.repeatAfter(t);
    if (t.challenge) return t;
    const game = gameOf(this.host.catalogue, t);
    for (const { table } of tablesInPlay(t))
      if (table.threadId)
        await this.host
          .tables(game.table)
          .end(table.threadId, by, true)
          .catch(() => undefined);
    return t;
  }

  /**
   * After a restart: re-arms check-in windows and finishes opening any round whose tables were
   * not all opened; a round whose tables all finished while nothing seated the next is advanced.
   */
  async resume(owns: (guildId: string | null) => boolean = () => true): Promise<void> {
    for (const v of await this.book.all()) {
      if (!owns(v.guildId)) continue;
      this.arm(v);
      if (v.status !== "running" || v.challenge) continue;
      if (isElimination(v)) {
        // Tables left half-open are finished opening; a result recorded just before the stop
        // may have made tables ready that nothing seated, or crowned the champion.
        await this.openTables(v);
        const now = (await this.get(v.id))!;
        if (bracketOf(now)?.state.champion) await this.finish(v.id);
        else await this.seatNext(v.id);
        continue;
      }
      const round = v.played.at(-1);
      if (round?.tables.some((x) => !x.result)) await this.openTables(v);
      else if (round && v.autoNext) {
        if (v.played.length >= v.rounds) await this.finish(v.id);
        else await this.seatNext(v.id);
      }
    }
  }

  /**
   * Stops the timers and waits for the work in flight (a result being recorded, a round being
   * seated), so nothing is cut off half-way; a game that ends after this is recorded by
   * `resume` at the next start (its table is finished and its round still open).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
