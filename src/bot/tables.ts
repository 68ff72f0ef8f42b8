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
import { refuse } from "./words";
import { KeyedLock } from "./lock";

/** A seated player: a Discord user, or a computer player (userId `cpu-N`). */
export interface Seat {
  readonly userId: string;
  /** Display name at join time (shown on pictures). */
  readonly name: string;
  /** Set for computer players. */
  readonly computer?: ComputerLevel;
  /** For a computer that took over a seat mid-game: the person who left it. */
  readonly leftBy?: string;
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
  /** Who made the latest change (user id), to tell a double click from a stale one. */
  readonly lastBy?: string;
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
    if (!rec) throw refuse("table/none");
    return rec;
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

  private bump(rec: GameTable<G, C, S, M>, patch: Partial<GameTable<G, C, S, M>>, by?: string): GameTable<G, C, S, M> {
    return { ...rec, ...patch, rev: rec.rev + 1, updatedAt: this.now(), ...(by !== undefined ? { lastBy: by } : {}) };
  }

  /** Most seats a lobby of this configuration takes. */
  maxSeats(config: C): number {
    return Math.max(...this.def.seatCounts(config));
  }

  /** Opens a lobby; the host takes the first seat. Refuses if a table is running here. */
  async open(channelId: string, guildId: string | null, host: Seat, config: C, seed: string | null = null): Promise<GameTable<G, C, S, M>> {
    const rec = await this.update(channelId, (rec) => {
      if (rec && rec.status !== "over") {
        throw refuse("table/exists");
      }
      const now = this.now();
      return {
        schema: 1, channelId, guildId, game: this.def.id, config, hostId: host.userId, seats: [host],
        status: "lobby", rev: (rec?.rev ?? 0) + 1, seed: seed ?? this.newSeed(), state: null, moves: [], createdAt: now, updatedAt: now, lastBy: host.userId,
      };
    });
    return rec as GameTable<G, C, S, M>;
  }

  /** Takes a seat in the lobby. */
  async join(channelId: string, player: Seat, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status !== "lobby") throw refuse("table/started"); // an old lobby's button says so, not "moved on"
      this.checkRev(rec, rev, player.userId);
      if (rec.seats.some((s) => s.userId === player.userId)) throw refuse("table/already_seated");
      if (rec.seats.length >= this.maxSeats(rec.config)) throw refuse("table/full");
      return this.bump(rec, { seats: [...rec.seats, player] }, player.userId);
    })) as GameTable<G, C, S, M>;
  }

  /**
   * Leaves the table. In the lobby the seat is freed; mid-game (for games with computer
   * players) a `normal` computer takes the seat over, under the person's name marked "(left)",
   * so their score stays on the table. The host role passes to the next person. When no person
   * is left the table closes (returns null).
   */
  async leave(channelId: string, userId: string, rev?: number): Promise<GameTable<G, C, S, M> | null> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      const at = rec.seats.findIndex((s) => s.userId === userId);
      if (rec.status === "playing" && at >= 0) {
        if (!this.computers) throw refuse("table/in_play");
        const people = rec.seats.filter((s, i) => i !== at && !s.computer);
        if (people.length === 0) return null; // everyone has left: the table ends
        let n = 1;
        while (rec.seats.some((s) => s.userId === `cpu-${n}`)) n++;
        const gone = rec.seats[at] as Seat;
        const seats = rec.seats.map((s, i) => (i === at ? { userId: `cpu-${n}`, name: `${gone.name} (left)`, computer: "normal" as const, leftBy: gone.userId } : s));
        return this.bump(rec, { seats, hostId: rec.hostId === userId ? (people[0] as Seat).userId : rec.hostId }, userId);
      }
      if (rec.status === "over") throw refuse("table/over");
      this.checkRev(rec, rev, userId);
      if (!rec.seats.some((s) => s.userId === userId)) throw refuse("table/not_seated");
      if (rec.status === "playing") throw refuse("table/started");
      const seats = rec.seats.filter((s) => s.userId !== userId);
      const humans = seats.filter((s) => !s.computer);
      if (humans.length === 0) return null;
      return this.bump(rec, { seats, hostId: rec.hostId === userId ? (humans[0] as Seat).userId : rec.hostId }, userId);
    })) as GameTable<G, C, S, M> | null;
  }

  /** Adds a computer player to the lobby (host only). */
  async addComputer(channelId: string, userId: string, level: ComputerLevel, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (!this.computers) throw refuse("table/no_computers");
      if (rec.status !== "lobby") throw refuse("table/started");
      this.checkRev(rec, rev, userId);
      if (rec.hostId !== userId) throw refuse("table/not_host", { what: "add computer players" });
      if (rec.seats.length >= this.maxSeats(rec.config)) throw refuse("table/full");
      let n = 1;
      while (rec.seats.some((s) => s.userId === `cpu-${n}`)) n++;
      return this.bump(rec, { seats: [...rec.seats, { userId: `cpu-${n}`, name: `Computer ${n} (${level})`, computer: level }] }, userId);
    })) as GameTable<G, C, S, M>;
  }

  /** Removes the most recently added computer player from the lobby (host only). */
  async removeComputer(channelId: string, userId: string): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status !== "lobby") throw refuse("table/started");
      if (rec.hostId !== userId) throw refuse("table/not_host", { what: "remove computer players" });
      const last = [...rec.seats].reverse().find((s) => s.computer);
      if (!last) throw refuse("table/no_computer");
      return this.bump(rec, { seats: rec.seats.filter((s) => s !== last) }, userId);
    })) as GameTable<G, C, S, M>;
  }

  /** Starts the game (host only); checks the player count for the variant. */
  async start(channelId: string, userId: string, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status !== "lobby") throw refuse("table/started");
      this.checkRev(rec, rev, userId);
      if (rec.hostId !== userId) throw refuse("table/not_host", { what: "start the game" });
      const setup = this.def.setup(rec.config, rec.seats.length, rec.seed);
      if (!setup.ok) throw new UserError(setup.error.code, `${setup.error.message} (${rec.seats.length} seated now)`);
      return this.bump(rec, { status: "playing", state: setup.value }, userId);
    })) as GameTable<G, C, S, M>;
  }

  /**
   * After a session ends: a new lobby here with the same options and a fresh deal, hosted by
   * `player`. `sameSeats` keeps every seat (computers too) with `player` first, so one Start
   * plays again; otherwise `player` sits alone. Refuses while a game runs (`table/exists`).
   */
  async again(channelId: string, player: Seat, sameSeats: boolean, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.status !== "over") throw refuse("table/exists");
      this.checkRev(rec, rev, player.userId);
      const others = sameSeats ? rec.seats.filter((s) => s.userId !== player.userId) : [];
      const now = this.now();
      return {
        ...rec, seats: [player, ...others], hostId: player.userId, status: "lobby", rev: rec.rev + 1, seed: this.newSeed(),
        state: null, moves: [], createdAt: now, updatedAt: now, lastBy: player.userId,
      };
    })) as GameTable<G, C, S, M>;
  }

  /** Seat index of a user at a table, or throws `table/not_seated`. */
  seatOf(rec: { readonly seats: readonly Seat[] }, userId: string): number {
    const seat = rec.seats.findIndex((s) => s.userId === userId);
    if (seat < 0) throw refuse("table/not_seated");
    return seat;
  }

  /** Applies a move for a user; saves the new state and the move log. */
  async play(channelId: string, userId: string, move: M, rev?: number): Promise<GameTable<G, C, S, M>> {
    return (await this.update(channelId, (r) => {
      const rec = this.must(r);
      this.checkRev(rec, rev, userId);
      if (rec.status === "lobby" || !rec.state) throw refuse("table/not_started");
      if (rec.status === "over") throw refuse("table/over");
      const seat = this.seatOf(rec, userId);
      const next = applyAction(this.def, rec.state, { seat, move, version: rec.state.version });
      if (!next.ok) throw UserError.from(next.error);
      return this.bump(rec, {
        state: next.value,
        moves: [...rec.moves, { seat, move }],
        status: this.def.outcome(next.value) !== null ? "over" : "playing",
      }, userId);
    })) as GameTable<G, C, S, M>;
  }

  /** Closes the table (host, or a member allowed to manage messages). */
  async end(channelId: string, userId: string, canManage: boolean): Promise<GameTable<G, C, S, M>> {
    let closed: GameTable<G, C, S, M> | undefined;
    await this.update(channelId, (r) => {
      const rec = this.must(r);
      if (rec.hostId !== userId && !canManage) {
        throw refuse("table/not_host", { what: "end this table (or a member with Manage Messages)" });
      }
      closed = rec;
      return null;
    });
    return closed as GameTable<G, C, S, M>;
  }
}
