/**
 * Ratings made again after a tournament organiser corrects a table's result
 * (`/tournament correct`): every rated game of the server in that rated game is read from its
 * record (src/bot/game-records.ts), oldest first, every corrected table of every event of the
 * server with its places as corrected last (`correctedTables`), and the board is rated anew from
 * them (`RatingService.rebuild`), so the players' ratings are what they would be had every result
 * been right from the start: a second correction never brings back the first one's error.
 */
import type { Outcome } from "../engine/definition.ts";
import type { GameCatalogue } from "../games/catalogue.ts";
import { replayRecord, type GameRecord } from "./game-record.ts";
import type { GameRecords } from "./game-records.ts";
import type { RatedGame, RatingService } from "./ratings.ts";
import type { Tournament } from "./tournament-record.ts";

/**
 * Every table of `events` whose result an organiser corrected or voided, by `<event id>|<thread
 * id>`, with its places as they stand now (seat order; the event's record keeps the corrected
 * places), or null for a voided game (not rated).
 */
export function correctedTables(events: readonly Tournament[]): Map<string, readonly number[] | null> {
  const out = new Map<string, readonly number[] | null>();
  for (const t of events)
    for (const c of t.corrections ?? []) {
      if (c.kind !== "result" && c.kind !== "void") continue;
      const table = t.played.find((r) => r.number === c.round)?.tables[c.table - 1];
      if (table?.threadId && table.result) out.set(`${t.id}|${table.threadId}`, table.void ? null : table.result.places);
    }
  return out;
}

/** An outcome whose places (`placesOf`) are `places` (1 = first, ties shared): scores are the places negated, low places win. */
export function outcomeOfPlaces(places: readonly number[]): Outcome {
  const best = Math.min(...places);
  return { scores: places.map((p) => -p), winners: places.flatMap((p, i) => (p === best ? [i] : [])) };
}

/**
 * What ratings read of a finished game's record: its rated game's key, outcome and teams (a
 * partnership game's teams from its final state, replayed); null for a game closed before its
 * end, a game of no rated game, or one the catalogue does not hold.
 */
export function ratedOfRecord(
  catalogue: GameCatalogue,
  r: GameRecord,
): { game: string; outcome: Outcome; teams: readonly number[] | null } | null {
  const rules = catalogue.game(r.game);
  if (!rules || r.ended !== "rules" || !r.outcome) return null;
  const game = rules.ratedAs?.(r.config) ?? rules.id;
  if (!catalogue.ratedGame(game)) return null;
  const teams = rules.teams ? rules.teams(replayRecord(rules.definition, r).at(-1)!) : null;
  return { game, outcome: r.outcome, teams };
}

/**
 * Rates server `guildId`'s games of rated game `ratedKey` again, each table of `corrected`
 * (`correctedTables`: `<event id>|<thread id>` to its places in seat order) counted with its
 * corrected places, and each voided one (null) left out.
 */
export async function rerate(
  deps: { readonly records: GameRecords; readonly ratings: RatingService; readonly catalogue: GameCatalogue },
  guildId: string | null,
  ratedKey: string,
  corrected: ReadonlyMap<string, readonly number[] | null>,
): Promise<void> {
  const entry = deps.catalogue.ratedGame(ratedKey);
  if (!entry) return;
  const all: GameRecord[] = [];
  let after: string | null = null;
  do {
    const page: Awaited<ReturnType<GameRecords["page"]>> = await deps.records.page(guildId, { game: entry.table, after, limit: 25 });
    all.push(...page.records);
    after = page.next;
  } while (after);
  const games: RatedGame[] = [];
  for (const r of all.reverse()) {
    const rated = ratedOfRecord(deps.catalogue, r);
    if (!rated || rated.game !== ratedKey) continue;
    const fixed = r.tournament === undefined ? undefined : corrected.get(`${r.tournament}|${r.channelId}`);
    if (fixed === null) continue; // a voided game
    games.push({
      table: { guildId, seats: r.seats },
      outcome: fixed ? outcomeOfPlaces(fixed) : rated.outcome,
      teams: rated.teams,
      at: r.endedAt,
    });
  }
  await deps.ratings.rebuild(guildId, ratedKey, games);
}
