/**
 * Per-channel tables: the lobby, the running game and its move log, persisted after every
 * accepted change (before any reply) and guarded by a per-channel lock.
 *
 * A channel (or thread) holds at most one table. Every accepted change bumps `rev`, the
 * number components carry in their customIds; a component drawn for another `rev` is stale.
 */
import { applyAction, type GameDefinition, type VersionedState } from "../engine/definition";
import type { CanastaConfig, CanastaMove, CanastaState, CanastaView } from "../games/onexeno/canasta";
import type { ComputerLevel } from "../games/onexeno/computer";
import { seatCountsFor, type OnexenoConfig, type OnexenoMove, type OnexenoState, type OnexenoView } from "../games/onexeno/game";
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

/** The stored record of one channel's table (plain, versioned JSON), for game `G`. */
export interface GameTable<G extends string, C, S, M> {
  readonly schema: 1;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly game: G;
  readonly config: C;
  readonly hostId: string;
  readonly seats: readonly Seat[];
  readonly status: "lobby" | "playing" | "over";
  /** Revision: bumped on every accepted change. */
  readonly rev: number;
  readonly seed: string;
  readonly state: S | null;
  /** Every accepted move, for replays. */
  readonly moves: readonly { readonly seat: number; readonly move: M }[];
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** An ONEXENO basic/partners table. */
export type TableRecord = GameTable<"onexeno", OnexenoConfig, OnexenoState, OnexenoMove>;
/** An ONEXENO canasta table. */
export type CanastaTable = GameTable<"canasta", CanastaConfig, CanastaState, CanastaMove>;

/** Host-side inputs the service needs (injected so tests control time and seeds). */
export interface TableServiceOptions {
  readonly now?: () => number;
  readonly newSeed?: () => string;
}

/** Seat cap of an ONEXENO basic/partners lobby. */
export function maxSeats(config: OnexenoConfig): number {
  return Math.max(...seatCountsFor(config.variant));
}

/**
 * Tables of one game, generic over its definition: lobby (seats, host, computer players when
 * the game has them), start, moves through `applyAction`, end.
 */
/** The ONEXENO basic/partners table service. */
export type OnexenoTables = TableService<"onexeno", OnexenoConfig, OnexenoState, OnexenoMove, OnexenoView>;
/** The canasta table service. */
export type CanastaTables = TableService<"canasta", CanastaConfig, CanastaState, CanastaMove, CanastaView>;

export class TableService<G extends string, C, S extends VersionedState, M, V> {
  private readonly lock = new KeyedLock();
  private readonly now: () => number;
  private readonly newSeed: () => string;

  constructor(
    private readonly store: RecordStore<GameTable<G, C, S, M>>,
    private readonly def: GameDefinition<S, M, V, C> & { readonly id: G },
    opts: TableServiceOptions = {},
    /** Whether computer players may be seated. */
    private readonly computers = false,
  ) {
    this.now = opts.now ?? Date.now;
    this.newSeed = opts.newSeed ?? (() => crypto.randomUUID());
  }

  /** The table of a channel, if any (no lock: a snapshot for autocomplete and rendering). */
  async get(channelId: string): Promise<GameTable<G, C, S, M> | undefined> {
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
    fn: (rec: GameTable<G, C, S, M> | undefined) => GameTable<G, C, S, M> | null | undefined,
  ): Promise<GameTable<G, C, S, M> | null | undefined> {
    return this.lock.run(channelId, async () => {
      const rec = await this.store.get(channelId);
      const next = fn(rec);
      if (next === undefined) return rec;
      if (next === null) await this.store.delete(channelId);
      else await this.store.set(channelId, next);
      return next;
    });
  }

  private must(rec: GameTable<G, C, S, M> | undefined): GameTable<G, C, S, M> {
    if (!rec) throw new UserError("table/none", "There is no table in this channel. Open one with `/onexeno new`.");
    return rec;
  }

  private checkRev(rec: GameTable<G, C, S, M>, rev: number | undefined): void {
    if (rev !== undefined && rev !== rec.rev) {
      throw new UserError("table/stale", "This table has moved on since that message. Use the newest table message below.");
    }
  }

  private bump(rec: GameTable<G, C, S, M>, patch: Partial<GameTable<G, C, S, M>>): GameTable<G, C, S, M> {
    return { ...rec, ...patch, rev: rec.rev + 1, updatedAt: this.now() };
  }

  /** Most seats a lobby of this configuration takes. */
  maxSeats(config: C): number {
    return Math.max(...this.def.seatCounts(config));
  }

  /** Opens a lobby; the host takes the first seat. Refuses if a table is running here. */
  async open(channelId: string, guildId: string | null, host: Seat, config: C, seed: string | null = null): Promise<GameTable<G, C, S, M>> {
    const rec = await this.update(channelId, (rec) => {
      if (rec && rec.status !== "over") {
        throw new UserError("table/exists", "A table is already open in this channel. Join it, or open yours in another channel or thread.");
      }
      const now = this.now();
      return {
        schema: 1, channelId, guildId, game: this.def.id, config, hostId: host.userId, seats: [host],
        status: "lobby", rev: (rec?.rev ?? 0) + 1, seed: seed ?? this.newSeed(), state: null, moves: [], createdAt: now, updatedAt: now,
      };
    });
    return rec as GameTable<G, C, S, M>;
  }

  /** Takes a seat in the lobby. */
  async join(channelId: string, player: Seat, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      this.checkRev(rec, rev);
      if (rec.status !== "lobby") throw new UserError("table/started", "This game has already started.");
      if (rec.seats.some((s) => s.userId === player.userId)) throw new UserError("table/already_seated", "You already have a seat at this table.");
      if (rec.seats.length >= this.maxSeats(rec.config)) throw new UserError("table/full", "This table is full.");
      return this.bump(rec, { seats: [...rec.seats, player] });
    })) as GameTable<G, C, S, M>;
  }

  /** Leaves the lobby; the host role passes to the next player; an empty lobby closes. */
  async leave(channelId: string, userId: string, rev?: number): Promise<GameTable<G, C, S, M> | null> {
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
    })) as GameTable<G, C, S, M> | null;
  }

  /** Adds a computer player to the lobby (host only). */
  async addComputer(channelId: string, userId: string, level: ComputerLevel, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      this.checkRev(rec, rev);
      if (!this.computers) throw new UserError("table/no_computers", "This game has no computer players yet.");
      if (rec.status !== "lobby") throw new UserError("table/started", "Computer players can only join before the start.");
      if (rec.hostId !== userId) throw new UserError("table/not_host", "Only the host can add computer players.");
      if (rec.seats.length >= this.maxSeats(rec.config)) throw new UserError("table/full", "This table is full.");
      let n = 1;
      while (rec.seats.some((s) => s.userId === `cpu-${n}`)) n++;
      return this.bump(rec, { seats: [...rec.seats, { userId: `cpu-${n}`, name: `Computer ${n} (${level})`, computer: level }] });
    })) as GameTable<G, C, S, M>;
  }

  /** Removes the most recently added computer player from the lobby (host only). */
  async removeComputer(channelId: string, userId: string): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status !== "lobby") throw new UserError("table/started", "Computer players can only leave before the start.");
      if (rec.hostId !== userId) throw new UserError("table/not_host", "Only the host can remove computer players.");
      const last = [...rec.seats].reverse().find((s) => s.computer);
      if (!last) throw new UserError("table/no_computer", "There is no computer player at this table.");
      return this.bump(rec, { seats: rec.seats.filter((s) => s !== last) });
    })) as GameTable<G, C, S, M>;
  }

  /** Starts the game (host only); checks the player count for the variant. */
  async start(channelId: string, userId: string, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      this.checkRev(rec, rev);
      if (rec.status !== "lobby") throw new UserError("table/started", "This game has already started.");
      if (rec.hostId !== userId) throw new UserError("table/not_host", "Only the host can start the game.");
      const setup = this.def.setup(rec.config, rec.seats.length, rec.seed);
      if (!setup.ok) throw new UserError(setup.error.code, `${setup.error.message} (${rec.seats.length} seated now)`);
      return this.bump(rec, { status: "playing", state: setup.value });
    })) as GameTable<G, C, S, M>;
  }

  /** Seat index of a user at a table, or throws `table/not_seated`. */
  seatOf(rec: { readonly seats: readonly Seat[] }, userId: string): number {
    const seat = rec.seats.findIndex((s) => s.userId === userId);
    if (seat < 0) throw new UserError("table/not_seated", "You are not seated at this table.");
    return seat;
  }

  /** Applies a move for a user; saves the new state and the move log. */
  async play(channelId: string, userId: string, move: M, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      this.checkRev(rec, rev);
      if (rec.status === "lobby" || !rec.state) throw new UserError("table/not_started", "The game has not started yet.");
      if (rec.status === "over") throw new UserError("table/over", "This game is over. Open a new one with `/onexeno new`.");
      const seat = this.seatOf(rec, userId);
      const next = applyAction(this.def, rec.state, { seat, move, version: rec.state.version });
      if (!next.ok) throw UserError.from(next.error);
      return this.bump(rec, {
        state: next.value,
        moves: [...rec.moves, { seat, move }],
        status: this.def.outcome(next.value) !== null ? "over" : "playing",
      });
    })) as GameTable<G, C, S, M>;
  }

  /** Closes the table (host, or a member allowed to manage messages). */
  async end(channelId: string, userId: string, canManage: boolean): Promise<GameTable<G, C, S, M>> {
    let closed: GameTable<G, C, S, M> | undefined;
    await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.hostId !== userId && !canManage) {
        throw new UserError("table/not_host", "Only the host or a member with Manage Messages can end this table.");
      }
      closed = rec;
      return null;
    });
    return closed as GameTable<G, C, S, M>;
  }
}
