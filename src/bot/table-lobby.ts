/**
 * A table's lobby and seats as pure transitions of its record (src/bot/table-record.ts): open,
 * join, leave (mid-game a computer takes the seat), kick, come back, computer players, start,
 * deal again, end. Each takes the record as stored and returns the next one (or null: the
 * table closes), or throws the refusal (`UserError` with a stable code, src/bot/words.ts). No
 * store, no lock, no clock but the injected `now`: the table service (src/bot/tables.ts) runs
 * them under the channel's lock and saves what they return.
 */
import type { ComputerLevel, GameDefinition, VersionedState } from "../engine/definition";
import type { ClockSetting } from "./clock";
import { UserError } from "./errors";
import { present, type GameTable, type Seat, type SeatRules } from "./table-record";
import { refuse, sayAt } from "./words";
import type { Locale } from "../i18n/index";

export class TableLobby<G extends string, C, S extends VersionedState, M, V> {
  constructor(
    protected readonly def: GameDefinition<S, M, V, C> & { readonly id: G },
    /** Computer players and clock moves of this game; without them no computer may sit and clocks only warn. */
    protected readonly seatRules: SeatRules<S, M> | null,
    protected readonly now: () => number,
  ) {}

  /** Whether computer players may sit at this game's tables (it has a computer, or is played in real time). */
  get computers(): boolean {
    return !!this.seatRules && (!!this.seatRules.computerMove || !!this.seatRules.realtime);
  }

  /** Most seats a lobby of this configuration takes. */
  maxSeats(config: C): number {
    return Math.max(...this.def.seatCounts(config));
  }

  /**
   * Refuses a component drawn for another revision: `table/already_done` when the only change
   * since was this user's own (the second click of a double click), else `table/stale`.
   */
  checkRev(rec: GameTable<G, C, S, M>, rev: number | undefined, userId?: string): void {
    if (rev === undefined || rev === rec.rev) return;
    if (rev === rec.rev - 1 && userId !== undefined && rec.lastBy === userId) throw refuse("table/already_done");
    throw refuse("table/stale");
  }

  /** Seat index of a user at a table, or throws `table/not_seated`. */
  seatOf(rec: { readonly seats: readonly Seat[] }, userId: string): number {
    const seat = rec.seats.findIndex((s) => s.userId === userId);
    if (seat < 0) throw refuse("table/not_seated");
    return seat;
  }

  /** The record after an accepted change by `by`: `patch` applied, a new revision. */
  protected bump(rec: GameTable<G, C, S, M>, patch: Partial<GameTable<G, C, S, M>>, by?: string): GameTable<G, C, S, M> {
    return { ...rec, ...patch, rev: rec.rev + 1, updatedAt: this.now(), ...(by !== undefined ? { lastBy: by } : {}) };
  }

  /**
   * A new lobby in `channelId` hosted by `host` (who takes the first seat), replacing `prev`
   * if that one is over; `table/exists` while `prev` runs. A one-seat game is dealt at once.
   */
  opened(
    prev: GameTable<G, C, S, M> | undefined,
    where: {
      readonly channelId: string;
      readonly guildId: string | null;
      readonly locale?: Locale | undefined;
      readonly noComputers?: true | undefined;
    },
    host: Seat,
    config: C,
    seed: string,
    clock: ClockSetting | null,
  ): GameTable<G, C, S, M> {
    if (prev && prev.status !== "over") throw refuse("table/exists");
    const now = this.now();
    return this.dealtAlone({
      schema: 1,
      channelId: where.channelId,
      guildId: where.guildId,
      game: this.def.id,
      config,
      hostId: host.userId,
      seats: [host],
      status: "lobby",
      rev: (prev?.rev ?? 0) + 1,
      seed,
      state: null,
      moves: [],
      createdAt: now,
      updatedAt: now,
      lastBy: host.userId,
      ...(where.noComputers ? { noComputers: true as const } : {}),
      clock,
      ...(where.locale ? { locale: where.locale } : {}),
    });
  }

  /**
   * A lobby of a one-seat game (solitaire) is dealt at once: there is nobody to wait for, so the
   * table opens playing. Other lobbies are returned as they are. A deal its rules refuse is
   * refused (`UserError` with the rules' code), and nothing is saved.
   */
  private dealtAlone(rec: GameTable<G, C, S, M>): GameTable<G, C, S, M> {
    if (this.maxSeats(rec.config) !== 1) return rec;
    const setup = this.def.setup(rec.config, 1, rec.seed);
    if (!setup.ok) throw new UserError(setup.error.code, setup.error.message, "error", setup.error.params ?? {});
    return { ...rec, status: "playing", state: setup.value };
  }

  /** `player` takes a seat in the lobby. */
  joined(rec: GameTable<G, C, S, M>, player: Seat, rev?: number): GameTable<G, C, S, M> {
    if (rec.status !== "lobby") throw refuse("table/started"); // an old lobby's button says so, not "moved on"
    this.checkRev(rec, rev, player.userId);
    if (rec.seats.some((s) => s.userId === player.userId)) throw refuse("table/already_seated");
    if (rec.seats.length >= this.maxSeats(rec.config)) throw refuse("table/full");
    return this.bump(rec, { seats: [...rec.seats, player] }, player.userId);
  }

  /**
   * `userId` leaves. In the lobby the seat is freed; mid-game (for games with computer
   * players) a `normal` computer takes the seat over, under the person's name marked "(left)",
   * so their score stays on the table. The host role passes to the next person. When no person
   * is left the table closes (null).
   */
  left(rec: GameTable<G, C, S, M>, userId: string, rev?: number): GameTable<G, C, S, M> | null {
    if (rec.status === "over") throw refuse("table/over");
    if (rec.status !== "playing") this.checkRev(rec, rev, userId);
    return this.vacate(rec, userId, userId);
  }

  /**
   * The host removes a person from the table (`/… kick`): the same as that person leaving
   * (mid-game a computer takes the seat). Refuses `table/not_host`, `table/kick_not_seated`
   * (nobody by that id sits here), `table/kick_computer` (remove computers with `bot remove`).
   */
  kicked(rec: GameTable<G, C, S, M>, hostId: string, targetId: string): GameTable<G, C, S, M> | null {
    if (rec.status === "over") throw refuse("table/over");
    if (rec.hostId !== hostId) throw refuse("table/not_host", { context: "kick" });
    const target = rec.seats.find((s) => s.userId === targetId);
    if (!target) throw refuse("table/kick_not_seated");
    if (target.computer) throw refuse("table/kick_computer");
    return this.vacate(rec, targetId, hostId);
  }

  /** `userId` leaves `rec` (see `left`); `by` made the change. */
  private vacate(rec: GameTable<G, C, S, M>, userId: string, by: string): GameTable<G, C, S, M> | null {
    const at = rec.seats.findIndex((s) => s.userId === userId);
    if (at < 0) throw refuse("table/not_seated");
    if (rec.status === "playing") {
      if (!this.computers) throw refuse("table/in_play");
      const people = rec.seats.filter((s, i) => i !== at && !s.computer);
      if (people.length === 0) return null; // everyone has left: the table ends
      let n = 1;
      while (rec.seats.some((s) => s.userId === `cpu-${n}`)) n++;
      const gone = rec.seats[at] as Seat;
      const seats = rec.seats.map((s, i) =>
        i === at
          ? {
              userId: `cpu-${n}`,
              name: sayAt(rec, "table.left_name", { name: gone.name }),
              computer: "normal" as const,
              leftBy: gone.userId,
            }
          : s,
      );
      return this.bump(rec, { seats, hostId: rec.hostId === userId ? (people[0] as Seat).userId : rec.hostId }, by);
    }
    const seats = rec.seats.filter((s) => s.userId !== userId);
    const humans = seats.filter((s) => !s.computer);
    if (humans.length === 0) return null;
    return this.bump(rec, { seats, hostId: rec.hostId === userId ? (humans[0] as Seat).userId : rec.hostId }, by);
  }

  /** A person marked away takes their seat back; undefined when they were not away (nothing changes). */
  returned(rec: GameTable<G, C, S, M> | undefined, userId: string): GameTable<G, C, S, M> | undefined {
    const at = rec?.seats.findIndex((s) => s.userId === userId) ?? -1;
    if (!rec || rec.status !== "playing" || at < 0 || !rec.seats[at]?.away) return undefined;
    return this.bump(rec, { seats: rec.seats.map((s, i) => (i === at ? present(s) : s)) }, userId);
  }

  /** The host seats a computer player of `level` in the lobby. */
  withComputer(rec: GameTable<G, C, S, M>, userId: string, level: ComputerLevel, rev?: number): GameTable<G, C, S, M> {
    if (!this.computers) throw refuse("table/no_computers");
    if (rec.status !== "lobby") throw refuse("table/started");
    this.checkRev(rec, rev, userId);
    if (rec.hostId !== userId) throw refuse("table/not_host", { context: "add_computers" });
    if (rec.seats.length >= this.maxSeats(rec.config)) throw refuse("table/full");
    let n = 1;
    while (rec.seats.some((s) => s.userId === `cpu-${n}`)) n++;
    const name = sayAt(rec, "table.computer_name", { n, level: sayAt(rec, `table.level_${level}`) });
    return this.bump(rec, { seats: [...rec.seats, { userId: `cpu-${n}`, name, computer: level }] }, userId);
  }

  /** The host removes the most recently seated computer player from the lobby. */
  withoutComputer(rec: GameTable<G, C, S, M>, userId: string): GameTable<G, C, S, M> {
    if (rec.status !== "lobby") throw refuse("table/started");
    if (rec.hostId !== userId) throw refuse("table/not_host", { context: "remove_computers" });
    const last = [...rec.seats].reverse().find((s) => s.computer);
    if (!last) throw refuse("table/no_computer");
    return this.bump(rec, { seats: rec.seats.filter((s) => s !== last) }, userId);
  }

  /** The host starts the game; the rules check the player count for the configuration. */
  started(rec: GameTable<G, C, S, M>, userId: string, rev?: number): GameTable<G, C, S, M> {
    if (rec.status !== "lobby") throw refuse("table/started");
    this.checkRev(rec, rev, userId);
    if (rec.hostId !== userId) throw refuse("table/not_host", { context: "start" });
    const setup = this.def.setup(rec.config, rec.seats.length, rec.seed);
    if (!setup.ok) throw new UserError(setup.error.code, `${setup.error.message} (${rec.seats.length} seated now)`);
    return this.bump(rec, { status: "playing", state: setup.value }, userId);
  }

  /**
   * After a session ends: a new lobby here with the same options and deal `seed`, hosted by
   * `player`. `sameSeats` keeps every seat (computers too) with `player` first, so one Start
   * plays again; otherwise `player` sits alone. Refuses while a game runs (`table/exists`); a
   * one-seat table (solitaire) is its player's to deal again, and is dealt at once.
   */
  dealtAgain(rec: GameTable<G, C, S, M>, player: Seat, sameSeats: boolean, seed: string, rev?: number): GameTable<G, C, S, M> {
    if (rec.status !== "over") throw refuse("table/exists");
    this.checkRev(rec, rev, player.userId);
    if (this.maxSeats(rec.config) === 1 && rec.hostId !== player.userId) throw refuse("table/not_host", { context: "deal_again" });
    const others = sameSeats ? rec.seats.filter((s) => s.userId !== player.userId).map(present) : [];
    const now = this.now();
    const { closedBy: _closed, ...kept } = rec;
    return this.dealtAlone({
      ...kept,
      seats: [player, ...others],
      hostId: player.userId,
      status: "lobby",
      rev: rec.rev + 1,
      seed,
      state: null,
      moves: [],
      createdAt: now,
      updatedAt: now,
      lastBy: player.userId,
    });
  }

  /** Refuses `userId` ending the table unless they host it or may manage messages (`canManage`). */
  mayEnd(rec: GameTable<G, C, S, M>, userId: string, canManage: boolean): void {
    if (rec.hostId !== userId && !canManage) throw refuse("table/not_host", { context: "end" });
  }
}
