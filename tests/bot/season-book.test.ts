/**
 * The seasons' book (src/bot/seasons.ts) over a store and the server's events: one open season
 * at a time, the events it counts read from the tournaments, the role after each event given once
 * to each new top person, the end freezing the standings.
 */
import { afterAll, describe, expect, it } from "vitest";
import { GAME_SET } from "../../commands/index.ts";
import { SeasonBook, type Season } from "../../src/bot/seasons.ts";
import type { Tournament } from "../../src/bot/tournament-record.ts";
import { begun, finished, joined, newEvent, seated, withResult, withThread } from "../../src/bot/tournament-rules.ts";
import { openStore } from "../../src/store/store.ts";
import { EVENT_ASK } from "../helpers/tournament.ts";

const CATALOGUE = GAME_SET.catalogue;
const DAY = 86_400_000;

/**
 * A finished one-round Swiss of ONEXENO basic in guild "g", created at `at`, its four people
 * placed in the order of `order` (two tables of two: 1st and 2nd of each).
 */
function event(id: string, at: number, order: readonly string[]): Tournament {
  let t = newEvent(CATALOGUE, { ...EVENT_ASK, guildId: "g", game: "onexeno-basic", tableSize: 2, rounds: 1 }, id, at);
  for (const p of order) t = joined(t, { id: p, name: p.toUpperCase() });
  t = seated(CATALOGUE, begun(CATALOGUE, t, at)!)!;
  for (const [i, table] of t.played[0]!.tables.entries()) {
    t = withThread(t, 1, i, `${id}-${i}`);
    const places = table.players.map((p) => (order.indexOf(p) < order.indexOf(table.players.find((q) => q !== p)!) ? 1 : 2));
    t = withResult(t, `${id}-${i}`, { players: [...table.players], places, points: [] })!;
  }
  return finished(t)!;
}

const store = await openStore<Season>("memory://", "seasons");
afterAll(async () => {
  await store.close();
});

describe("the seasons' book", () => {
  it("keeps one open season, counts the events in its dates, gives the role after each event once, and freezes at the end", async () => {
    let clock = 10 * DAY;
    const events: Tournament[] = [];
    let n = 0;
    const book = new SeasonBook(
      store,
      async () => events,
      () => clock,
      () => `s${++n}`,
    );
    const s = await book.create({
      ...{ guildId: "g", channelId: "c", name: "Winter", days: 30, games: null, points: [10, 6] },
      role: { id: "r", top: 2, eachEvent: true },
    });
    expect(s).toMatchObject({ from: 10 * DAY, to: 40 * DAY, status: "open" });
    await expect(
      book.create({ guildId: "g", channelId: "c", name: "Again", days: 1, games: null, points: [1], role: null }),
    ).rejects.toMatchObject({
      code: "season/already_open",
    });
    // One event before the season (not counted), one in it.
    events.push(event("before", 5 * DAY, ["a", "b", "c", "d"]), event("first", 11 * DAY, ["a", "b", "c", "d"]));
    const gave: string[][] = [];
    const award = async (ids: readonly string[]) => {
      gave.push([...ids]);
      return ids;
    };
    expect(await book.afterEvent(events[1]!, award)).toHaveLength(2);
    // The same top again: nobody new, nothing given.
    expect(await book.afterEvent(events[1]!, award)).toEqual([]);
    // An event outside the season gives nothing.
    expect(await book.afterEvent(events[0]!, award)).toEqual([]);
    const rows = await book.standings((await book.get(s.id))!);
    expect(rows.every((r) => r.events === 1)).toBe(true);
    expect(gave).toEqual([rows.filter((r) => r.rank <= 2).map((r) => r.id)]);
    // The end: the standings frozen, later events no longer counted.
    clock = 20 * DAY;
    const over = await book.end(s.id, async () => ["x"]);
    expect(over).toMatchObject({ status: "over", endedAt: 20 * DAY, awarded: ["x"] });
    events.push(event("later", 12 * DAY, ["d", "c", "b", "a"]));
    expect(await book.standings((await book.get(s.id))!)).toEqual(rows);
    await expect(book.end(s.id, async () => [])).rejects.toMatchObject({ code: "season/already_over" });
    // A new season may open now.
    expect(
      (await book.create({ guildId: "g", channelId: "c", name: "Spring", days: 30, games: null, points: [1], role: null })).status,
    ).toBe("open");
    expect((await book.list("g")).map((x) => x.name)).toEqual(["Spring", "Winter"]);
  });
});
