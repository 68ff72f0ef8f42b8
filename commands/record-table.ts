/**
 * A finished game's record as the table it was at a position, for what draws tables (a replay's
 * step, the scores a closed game stood at in `/history`).
 */
import type { AnyTable } from "../src/bot/tables.ts";
import { type GameRecord, recordDerivation } from "../src/bot/game-record.ts";
import type { ComputerLevel, VersionedState } from "../src/engine/definition.ts";
import type { Locale } from "../src/i18n/index.ts";

/** Table `record` as it stood after `n` of its moves (state `state`): what a game's table message and picture draw. */
export function tableAt(record: GameRecord, state: VersionedState, n: number, locale: Locale = "en"): AnyTable {
  const last = n >= record.moves.length;
  const at = record.moves[n - 1]?.at ?? (last ? record.endedAt : record.openedAt);
  return {
    schema: 1,
    channelId: record.channelId,
    guildId: record.guildId,
    game: record.game,
    config: record.config,
    hostId: record.seats[0]?.userId ?? "",
    seats: record.seats.map((s) => ({
      userId: s.userId,
      name: s.name,
      ...(s.computer ? { computer: s.computer as ComputerLevel } : {}),
    })),
    status: last && record.ended === "rules" ? "over" : "playing",
    rev: n,
    seed: record.seed,
    ...(record.namedSeed ? { namedSeed: true as const } : {}),
    deal: recordDerivation(record),
    state,
    moves: record.moves.slice(0, n),
    createdAt: record.openedAt,
    updatedAt: at,
    clock: null,
    turnClock: null,
    locale,
  };
}
