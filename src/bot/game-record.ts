/**
 * The record of a finished game, one format for every game (docs/game-record.md), the way PGN
 * is for chess: the game and its configuration, the seats as they were, the seed, every move
 * with its time, how it ended and the outcome, and where it was played. The engines are pure
 * and seeded, so a record replays to exactly the game's final state (`replayRecord`).
 */
import { applyAction, type GameDefinition, type Outcome, type VersionedState } from "../engine/definition.ts";
import { dealCommitment, type SeedDerivation } from "../engine/rng.ts";
import type { AnyTable } from "./table-record.ts";

/**
 * The format's name and the version of its shape (bumped on any change to the fields below).
 * Schema 2 added `seedDerivation`, `commitment` and `namedSeed`; a schema 1 record was dealt
 * with seed derivation 1 and replays so.
 */
export const GAME_RECORD_FORMAT = "onexeno-game-record";
export const GAME_RECORD_SCHEMA = 2;

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
  readonly schema: 1 | typeof GAME_RECORD_SCHEMA;
  /** Unique within its server and ordered by time: `<endedAt, 13 digits>-<channelId>`. */
  readonly id: string;
  /** The table game's id (a game of the catalogue). */
  readonly game: string;
  /** The table's configuration, as the game's `setup` takes it. */
  readonly config: unknown;
  readonly seats: readonly RecordSeat[];
  /** The deal's seed: `setup(config, seats.length, seed, seedDerivation)` deals the first state. */
  readonly seed: string;
  /** How the seed became the deal (src/engine/rng.ts); absent (schema 1): derivation 1. */
  readonly seedDerivation?: SeedDerivation;
  /** SHA-256 of the seed (64 hex digits): the commitment shown when the table was dealt (schema 2). */
  readonly commitment?: string;
  /** The seed was a named deal a person chose or shares, not a secret (schema 2). */
  readonly namedSeed?: true;
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

/** The seed derivation a record was dealt with (schema 1 records: derivation 1). */
export function recordDerivation(record: Pick<GameRecord, "seedDerivation">): SeedDerivation {
  return record.seedDerivation ?? 1;
}

/**
 * Whether `record`'s published seed matches its commitment: `match` when SHA-256 of the seed is
 * the commitment the record carries, `differs` when it is not, `none` for a record that carries
 * none (schema 1). docs/game-record.md, "Verifying a deal".
 */
export function commitmentCheck(record: Pick<GameRecord, "seed" | "commitment">): "match" | "differs" | "none" {
  if (record.commitment === undefined) return "none";
  return dealCommitment(record.seed) === record.commitment.toLowerCase() ? "match" : "differs";
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
    seedDerivation: rec.deal ?? 1,
    commitment: dealCommitment(rec.seed),
    ...(rec.namedSeed ? { namedSeed: true as const } : {}),
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
  const first = def.setup(record.config, record.seats.length, record.seed, recordDerivation(record));
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

/** What `verifyRecord` found: the commitment's check, and whether the moves replay to the record's end and outcome. */
export interface DealVerdict {
  readonly commitment: "match" | "differs" | "none";
  /**
   * Null when the record replays to its final version with its outcome; else why not: a move (or
   * the deal) refused (`refused`, with `replayRecord`'s message in `detail`), another final
   * version (`version`) or another outcome (`outcome`).
   */
  readonly replay: "refused" | "version" | "outcome" | null;
  readonly detail?: string;
}

/**
 * Checks a published record as anyone can (docs/game-record.md, "Verifying a deal"): SHA-256 of
 * its seed against the commitment it carries, then a replay with the game's rules `def` from
 * `setup(config, seats, seed, seedDerivation)`: it must reach the record's `version`, and a game
 * that ended by its rules the record's outcome. Never throws for a record that does not replay.
 */
export function verifyRecord<S extends VersionedState>(def: GameDefinition<S, unknown, unknown, unknown>, record: GameRecord): DealVerdict {
  const commitment = commitmentCheck(record);
  let states: S[];
  try {
    states = replayRecord(def, record);
  } catch (e) {
    return { commitment, replay: "refused", detail: (e as Error).message };
  }
  const last = states.at(-1)!;
  if (last.version !== record.version) return { commitment, replay: "version", detail: String(last.version) };
  if (record.ended === "rules" && JSON.stringify(def.outcome(last)) !== JSON.stringify(record.outcome))
    return { commitment, replay: "outcome" };
  return { commitment, replay: null };
}
