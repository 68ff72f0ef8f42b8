/**
 * Per-channel tables: the lobby, the running game and its move log, persisted after every
 * accepted change (before any reply) and guarded by a per-channel lock.
 *
 * A channel (or thread) holds at most one table. Every accepted change bumps `rev`, the
 * number components carry in their customIds; a component drawn for another `rev` is stale.
 */
import { applyAction } from "../engine/definition";
import type { ComputerLevel } from "../games/onexeno/computer";
import { onexeno, type OnexenoConfig, type OnexenoMove, type OnexenoState } from "../games/onexeno/game";
import type { RecordStore } from "../store/store";
import { UserError } from "./errors";
import { KeyedLock } from "./lock";

/** A seated player: a Discord user, or a computer player (userId `cpu-N`). */
export interface Seat {
  readonly userId: string;
  /** Display name at join time (shown on pictures). */
  readonly name: string;
  /** Set for computer players. */
  readonly computer?: ComputerLevel;
}

/** The stored record of one channel's table (plain, versioned JSON). */
export interface TableRecord {
  readonly schema: 1;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly game: "onexeno";
  readonly config: OnexenoConfig;
  readonly hostId: string;
  readonly seats: readonly Seat[];
  readonly status: "lobby" | "playing" | "over";
  /** Revision: bumped on every accepted change. */
  readonly rev: number;
  readonly seed: string;
  readonly state: OnexenoState | null;
  /** Every accepted move, for replays. */
  readonly moves: readonly { readonly seat: number; readonly move: OnexenoMove }[];
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** Host-side inputs the service needs (injected so tests control time and seeds). */
export interface TableServiceOptions {
  readonly now?: () => number;
  readonly newSeed?: () => string;
}

/** Seat cap of a lobby for a configuration. */
export function maxSeats(config: OnexenoConfig): number {
  return Math.max(...onexeno.seatCounts(config));
}

export class TableService {
  private readonly lock = new KeyedLock();
  private readonly now: () => number;
  private readonly newSeed: () => string;

  constructor(
    private readonly store: RecordStore<TableRecord>,
    opts: TableServiceOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.newSeed = opts.newSeed ?? (() => crypto.randomUUID());
  }

  /** The table of a channel, if any (no lock: a snapshot for autocomplete and rendering). */
  async get(channelId: string): Promise<TableRecord | undefined> {
    return this.store.get(channelId);
  }

  /** Channel ids holding a table (to resume after a restart). */
  async channels(): Promise<string[]> {
    return this.store.keys();
  }

  /**
   * Runs `fn` on the channel's table under its lock. `fn` returns the new record (saved
   * before this resolves), `null` to delete the table, or `undefined` to change nothing.
   */
  async update(
    channelId: string,
    fn: (rec: TableRecord | undefined) => TableRecord | null | undefined,
  ): Promise<TableRecord | null | undefined> {
    return this.lock.run(channelId, async () => {
      const rec = await this.store.get(channelId);
      const next = fn(rec);
      if (next === undefined) return rec;
      if (next === null) await this.store.delete(channelId);
      else await this.store.set(channelId, next);
      return next;
    });
  }

  private must(rec: TableRecord | undefined): TableRecord {
    if (!rec) throw new UserError("table/none", "There is no table in this channel. Open one with `/onexeno new`.");
    return rec;
  }

  private checkRev(rec: TableRecord, rev: number | undefined): void {
    if (rev !== undefined && rev !== rec.rev) {
      throw new UserError("table/stale", "This table has moved on since that message. Use the newest table message below.");
    }
  }

  private bump(rec: TableRecord, patch: Partial<TableRecord>): TableRecord {
    return { ...rec, ...patch, rev: rec.rev + 1, updatedAt: this.now() };
  }

  /** Opens a lobby; the host takes the first seat. Refuses if a table is running here. */
  async open(channelId: string, guildId: string | null, host: Seat, config: OnexenoConfig, seed: string | null = null): Promise<TableRecord> {
    const rec = await this.update(channelId, (rec) => {
      if (rec && rec.status !== "over") {
        throw new UserError("table/exists", "A table is already open in this channel. Join it, or open yours in another channel or thread.");
      }
      const now = this.now();
      return {
        schema: 1, channelId, guildId, game: "onexeno", config, hostId: host.userId, seats: [host],
        status: "lobby", rev: (rec?.rev ?? 0) + 1, seed: seed ?? this.newSeed(), state: null, moves: [], createdAt: now, updatedAt: now,
      };
    });
    return rec as TableRecord;
  }

  /** Takes a seat in the lobby. */
  async join(channelId: string, player: Seat, rev?: number): Promise<TableRecord> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      this.checkRev(rec, rev);
      if (rec.status !== "lobby") throw new UserError("table/started", "This game has already started.");
      if (rec.seats.some((s) => s.userId === player.userId)) throw new UserError("table/already_seated", "You already have a seat at this table.");
      if (rec.seats.length >= maxSeats(rec.config)) throw new UserError("table/full", "This table is full.");
      return this.bump(rec, { seats: [...rec.seats, player] });
    })) as TableRecord;
  }

  /** Leaves the lobby; the host role passes to the next player; an empty lobby closes. */
  async leave(channelId: string, userId: string, rev?: number): Promise<TableRecord | null> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      this.checkRev(rec, rev);
      if (!rec.seats.some((s) => s.userId === userId)) throw new UserError("table/not_seated", "You are not seated at this table.");
      if (rec.status === "playing") {
        throw new UserError("table/in_play", "The game is under way: seats cannot be left mid-game. The host can stop it with `/onexeno end`.");
      }
      if (rec.status === "over") throw new UserError("table/over", "This game is over.");
      const seats = rec.seats.filter((s) => s.userId !== userId);
      const humans = seats.filter((s) => !s.computer);
      if (humans.length === 0) return null;
      return this.bump(rec, { seats, hostId: rec.hostId === userId ? (humans[0] as Seat).userId : rec.hostId });
    })) as TableRecord | null;
  }

  /** Adds a computer player to the lobby (host only). */
  async addComputer(channelId: string, userId: string, level: ComputerLevel, rev?: number): Promise<TableRecord> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      this.checkRev(rec, rev);
      if (rec.status !== "lobby") throw new UserError("table/started", "Computer players can only join before the start.");
      if (rec.hostId !== userId) throw new UserError("table/not_host", "Only the host can add computer players.");
      if (rec.seats.length >= maxSeats(rec.config)) throw new UserError("table/full", "This table is full.");
      let n = 1;
      while (rec.seats.some((s) => s.userId === `cpu-${n}`)) n++;
      return this.bump(rec, { seats: [...rec.seats, { userId: `cpu-${n}`, name: `Computer ${n} (${level})`, computer: level }] });
    })) as TableRecord;
  }

  /** Removes the most recently added computer player from the lobby (host only). */
  async removeComputer(channelId: string, userId: string): Promise<TableRecord> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status !== "lobby") throw new UserError("table/started", "Computer players can only leave before the start.");
      if (rec.hostId !== userId) throw new UserError("table/not_host", "Only the host can remove computer players.");
      const last = [...rec.seats].reverse().find((s) => s.computer);
      if (!last) throw new UserError("table/no_computer", "There is no computer player at this table.");
      return this.bump(rec, { seats: rec.seats.filter((s) => s !== last) });
    })) as TableRecord;
  }

  /** Starts the game (host only); checks the player count for the variant. */
  async start(channelId: string, userId: string, rev?: number): Promise<TableRecord> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      this.checkRev(rec, rev);
      if (rec.status !== "lobby") throw new UserError("table/started", "This game has already started.");
      if (rec.hostId !== userId) throw new UserError("table/not_host", "Only the host can start the game.");
      const setup = onexeno.setup(rec.config, rec.seats.length, rec.seed);
      if (!setup.ok) throw new UserError(setup.error.code, `${setup.error.message} (${rec.seats.length} seated now)`);
      return this.bump(rec, { status: "playing", state: setup.value });
    })) as TableRecord;
  }

  /** Seat index of a user at a table, or throws `table/not_seated`. */
  seatOf(rec: TableRecord, userId: string): number {
    const seat = rec.seats.findIndex((s) => s.userId === userId);
    if (seat < 0) throw new UserError("table/not_seated", "You are not seated at this table.");
    return seat;
  }

  /** Applies a move for a user; saves the new state and the move log. */
  async play(channelId: string, userId: string, move: OnexenoMove, rev?: number): Promise<TableRecord> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      this.checkRev(rec, rev);
      if (rec.status === "lobby" || !rec.state) throw new UserError("table/not_started", "The game has not started yet.");
      if (rec.status === "over") throw new UserError("table/over", "This game is over. Open a new one with `/onexeno new`.");
      const seat = this.seatOf(rec, userId);
      const next = applyAction(onexeno, rec.state, { seat, move, version: rec.state.version });
      if (!next.ok) throw UserError.from(next.error);
      return this.bump(rec, {
        state: next.value,
        moves: [...rec.moves, { seat, move }],
        status: next.value.phase === "over" ? "over" : "playing",
      });
    })) as TableRecord;
  }

  /** Closes the table (host, or a member allowed to manage messages). */
  async end(channelId: string, userId: string, canManage: boolean): Promise<TableRecord> {
    let closed: TableRecord | undefined;
    await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.hostId !== userId && !canManage) {
        throw new UserError("table/not_host", "Only the host or a member with Manage Messages can end this table.");
      }
      closed = rec;
      return null;
    });
    return closed as TableRecord;
  }
}
