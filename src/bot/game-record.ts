/**
 * The record of a finished game, one format for every game (docs/game-record.md), the way PGN
 * is for chess: the game and its configuration, the seats as they were, the seed, every move
 * with its time, how it ended and the outcome, and where it was played. The engines are pure
 * and seeded, so a record replays to exactly the game's final state (`replayRecord`).
 */
import { applyAction, type GameDefinition, type Outcome, type VersionedState } from "../engine/definition.ts";
import type { AnyTable } from "./table-record.ts";

/** The format's name and the version of its shape (bumped on any change to the fields below). */
export const GAME_RECORD_FORMAT = "onexeno-game-record";
export const GAME_RECORD_SCHEMA = 1;

/** A seat as it was when the game ended: a person (Discord user id) or a computer (`cpu-N`, with its level). */
export interface RecordSeat {
  readonly userId: string;
  readonly name: string;
  readonly computer?: string;
  /** For a computer that took a seat over mid-game: the person who left it. */
  readonly leftBy?: string;
}

/** One finished game (plain, versioned JSON). */
export interface GameRecord {
  readonly format: typeof GAME_RECORD_FORMAT;
  readonly schema: typeof GAME_RECORD_SCHEMA;
  /** Unique within its server and ordered by time: `<endedAt, 13 digits>-<channelId>`. */
  readonly id: string;
  /** The table game's id (a game of the catalogue). */
  readonly game: string;
  /** The table's configuration, as the game's `setup` takes it. */
  readonly config: unknown;
  readonly seats: readonly RecordSeat[];
  /** The deal's seed: `setup(config, seats.length, seed)` deals the first state. */
  readonly seed: string;
  /** Every accepted action in order (`at`: its time, ms since the epoch, for real-time games). */
  readonly moves: readonly { readonly seat: number; readonly move: unknown; readonly at?: number }[];
  /** The final state's version (a replay must reach it). */
  readonly version: number;
  /** When the table opened and when the game ended, ms since the epoch. */
  readonly openedAt: number;
  readonly endedAt: number;
  /** `rules`: finished by its rules (a resign included); `end`: closed with `/… end` before its end. */
  readonly ended: "rules" | "end";
  /** Scores and winners by seat (null for a game closed before its end). */
  readonly outcome: Outcome | null;
  readonly guildId: string | null;
  /** The channel or thread it was played in. */
  readonly channelId: string;
  /** The tournament the table was a round of (its id), if any. */
  readonly tournament?: string;
}

/** The record id of a game that ended at `endedAt` (ms) in `channelId`: sorts by time as a string. */
export function recordId(endedAt: number, channelId: string): string {
  return `${String(endedAt).padStart(13, "0")}-${channelId}`;
}

/**
 * The record of table `rec` (its final state, or the state it was closed at), ended `how` at
 * `endedAt` (ms). `outcome` is the game's outcome of that state (null when closed early).
 */
export function gameRecord(rec: AnyTable, how: "rules" | "end", endedAt: number, outcome: Outcome | null): GameRecord {
  return {
    format: GAME_RECORD_FORMAT,
    schema: GAME_RECORD_SCHEMA,
    id: recordId(endedAt, rec.channelId),
    game: rec.game,
    config: rec.config,
    seats: rec.seats.map((s) => ({
      userId: s.userId,
      name: s.name,
      ...(s.computer ? { computer: s.computer } : {}),
      ...(s.leftBy ? { leftBy: s.leftBy } : {}),
    })),
    seed: rec.seed,
    moves: rec.moves.map((m) => ({ seat: m.seat, move: m.move, ...(m.at !== undefined ? { at: m.at } : {}) })),
    version: rec.state?.version ?? 0,
    openedAt: rec.createdAt,
    endedAt,
    ended: how,
    outcome,
    guildId: rec.guildId,
    channelId: rec.channelId,
    ...(rec.event ? { tournament: rec.event } : {}),
  };
}

/**
 * Every position of a recorded game, from the deal (index 0) to the final state (index
 * `moves.length`), rebuilt with the game's rules `def`. Throws when the record does not replay
 * (another game's rules, or a changed engine): a record is never silently misread.
 */
export function replayRecord<S extends VersionedState>(def: GameDefinition<S, unknown, unknown, unknown>, record: GameRecord): S[] {
  const first = def.setup(record.config, record.seats.length, record.seed);
  if (!first.ok) throw new Error(`record ${record.id} does not deal: ${first.error.code}`);
  const states: S[] = [first.value];
  for (const [i, m] of record.moves.entries()) {
    const prev = states.at(-1) as S;
    const r = applyAction(def, prev, { seat: m.seat, move: m.move, version: prev.version, ...(m.at !== undefined ? { at: m.at } : {}) });
    if (!r.ok) throw new Error(`record ${record.id} does not replay at move ${i + 1}: ${r.error.code}`);
    states.push(r.value);
  }
  return states;
}
