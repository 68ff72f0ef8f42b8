/**
 * Ratings made again after corrections (src/bot/rerate.ts): every corrected table of the
 * server's events counts with its places as corrected last, so a second correction (of another
 * table) keeps the first one's fix instead of rating the first table's wrong result again
 * (issue 62's audit: re-rating corrected only the latest table).
 */
import { describe, expect, it } from "vitest";
import { GAME_SET } from "../../commands/index.ts";
import { GAME_RECORD_FORMAT, type GameRecord } from "../../src/bot/game-record.ts";
import { GameRecords, type RecordsEntry } from "../../src/bot/game-records.ts";
import { RatingService, type RatingEntry } from "../../src/bot/ratings.ts";
import { correctedTables, rerate } from "../../src/bot/rerate.ts";
import type { Tournament } from "../../src/bot/tournament-record.ts";
import { openStore } from "../../src/store/store.ts";

/** A finished two-seat ONEXENO basic game of event `e1` in `thread`: the first seat won. */
const game = (thread: string, at: number, a: string, b: string): GameRecord => ({
  format: GAME_RECORD_FORMAT,
  schema: 2,
  id: `${String(at).padStart(13, "0")}-${thread}`,
  game: "onexeno",
  config: { variant: "basic", hands: 1 },
  seats: [
    { userId: a, name: a },
    { userId: b, name: b },
  ],
  seed: `seed-${thread}`,
  seedDerivation: 2,
  moves: [],
  version: 0,
  openedAt: at - 1000,
  endedAt: at,
  ended: "rules",
  outcome: { scores: [20, 5], winners: [0] },
  guildId: "g",
  channelId: thread,
  tournament: "e1",
});

/** Event e1's record after its organiser corrected table 1, then table 2: each table's second seat first. */
const corrected = {
  ...({} as Tournament),
  id: "e1",
  played: [
    {
      number: 1,
      tables: [
        { threadId: "th1", players: ["ada", "ben"], result: { players: ["ada", "ben"], places: [2, 1], points: [20, 5] } },
        { threadId: "th2", players: ["cleo", "dev"], result: { players: ["cleo", "dev"], places: [2, 1], points: [20, 5] } },
      ],
      byes: [],
    },
  ],
  corrections: [
    { kind: "result" as const, round: 1, table: 1, players: ["ada", "ben"], before: [1, 2], after: [2, 1], by: "mod", at: 1 },
    { kind: "result" as const, round: 1, table: 2, players: ["cleo", "dev"], before: [1, 2], after: [2, 1], by: "mod", at: 2 },
  ],
} satisfies Tournament;

describe("ratings after corrections", () => {
  it("follow every correction of the server's events at once: the second does not undo the first", async () => {
    const records = new GameRecords(await openStore<RecordsEntry>("memory://", "rerate-records"));
    await records.addMany([game("th1", 10_000, "ada", "ben"), game("th2", 20_000, "cleo", "dev")]);
    const ratings = new RatingService(await openStore<RatingEntry>("memory://", "rerate-ratings"), () => 30_000);
    expect(correctedTables([corrected])).toEqual(
      new Map([
        ["e1|th1", [2, 1]],
        ["e1|th2", [2, 1]],
      ]),
    );
    await rerate({ records, ratings, catalogue: GAME_SET.catalogue }, "g", "onexeno-basic", correctedTables([corrected]));
    const shown = await ratings.shown("g", "onexeno-basic");
    // Both corrections hold: the second seat of each table won.
    expect(shown.get("ben")!).toBeGreaterThan(shown.get("ada")!);
    expect(shown.get("dev")!).toBeGreaterThan(shown.get("cleo")!);
  });
});
