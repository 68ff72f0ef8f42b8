/**
 * Ratings: places from outcomes (high or low scores better, ties shared), and the rating
 * service against OpenSkill itself: the stored values are what `openskill.rate` computes for
 * the people's teams and places; computers and seats a computer took over are left out; teams
 * are rated as teams; servers and games are kept apart; concurrent results all count.
 */
import { rate, rating } from "openskill";
import { describe, expect, it } from "vitest";
import { HISTORY_POINTS, RatingService, shownRating, START_RATING, type RatingEntry } from "../../src/bot/ratings.ts";
import { placesOf } from "../../src/engine/places.ts";
import { GAME_SET } from "../../commands/index.ts";
const ratedResult = GAME_SET.catalogue.ratedResult.bind(GAME_SET.catalogue);
import { openStore } from "../../src/store/store.ts";

const seat = (userId: string, extra: Record<string, string> = {}) => ({ userId, name: userId.toUpperCase(), ...extra });

async function service(now = () => 1_000_000) {
  return new RatingService(await openStore<RatingEntry>("memory://", "ratings"), now);
}

describe("places from an outcome", () => {
  it("ranks high scores first when the winners hold the highest, low first otherwise; ties share", () => {
    expect(placesOf({ scores: [30, 10, 30, 5], winners: [0, 2] })).toEqual([1, 3, 1, 4]);
    expect(placesOf({ scores: [120, 40, 300], winners: [1] })).toEqual([2, 1, 3]); // Onze: penalty points
    expect(placesOf({ scores: [7, 7], winners: [0, 1] })).toEqual([1, 1]);
    expect(placesOf({ scores: [], winners: [] })).toEqual([]);
  });

  it("reads the rated game and teams from each game's rules", () => {
    const partners = { phase: "over", variant: "partners", seats: 4, hands: [[], [], [], []], totals: [10, 20, 5, 1] };
    const r = ratedResult("onexeno", { variant: "partners", hands: 1 }, partners);
    expect(r?.game).toBe("onexeno-partners");
    expect(r?.teams?.[0]).toBe(r?.teams?.[2]);
    expect(r?.teams?.[0]).not.toBe(r?.teams?.[1]);
    expect(ratedResult("onexeno", { variant: "basic", hands: 1 }, { ...partners, variant: "basic", phase: "play" })).toBeNull();
    expect(ratedResult("nosuchgame", {}, {})).toBeNull();
  });
});

describe("the rating service", () => {
  it("stores what OpenSkill's Plackett-Luce model computes for the people's places", async () => {
    const svc = await service();
    const table = { guildId: "g1", seats: [seat("ada"), seat("ben"), seat("cleo")] };
    const changes = await svc.record(table, "onexeno-basic", { scores: [10, 30, 20], winners: [1] }, null);
    const expected = rate([[rating()], [rating()], [rating()]], { rank: [3, 1, 2] });
    const board = await svc.board("g1", "onexeno-basic");
    expect(board.players.ben).toMatchObject({ mu: expected[1]![0]!.mu, sigma: expected[1]![0]!.sigma, games: 1, wins: 1 });
    expect(board.players.ada).toMatchObject({ mu: expected[0]![0]!.mu, games: 1, wins: 0 });
    // Shown on the 1500 scale: 1500 + 48 (mu - 25), whole points; the change is in shown points.
    const adaShown = Math.round(1500 + 48 * (expected[0]![0]!.mu - 25));
    expect(board.players.ada!.recent).toEqual([{ at: 1_000_000, place: 3, of: 3, delta: adaShown - 1500 }]);
    expect(adaShown).toBeLessThan(1500);
    expect(changes?.find((c) => c.userId === "ben")).toMatchObject({ before: 1500, after: shownRating(expected[1]![0]!), place: 1 });
    expect(shownRating(expected[1]![0]!)).toBeGreaterThan(1500);
    // A second game starts from the stored ratings.
    await svc.record(table, "onexeno-basic", { scores: [50, 0, 0], winners: [0] }, null);
    const second = rate(expected, { rank: [1, 2, 2] });
    const after = await svc.board("g1", "onexeno-basic");
    expect(after.players.ada).toMatchObject({ mu: second[0]![0]!.mu, sigma: second[0]![0]!.sigma, games: 2, wins: 1 });
    expect(after.players.ben!.recent.map((r) => r.place)).toEqual([1, 2]);
  });

  it("a read made while a result is being rated waits for it: /stats right after a game counts that game", async () => {
    const store = await openStore<RatingEntry>("memory://", "ratings-slow");
    // The store's reads wait until released, as a busy database's would.
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const svc = new RatingService({ ...store, get: async (key) => (await gate, store.get(key)) }, () => 1_000_000);
    const table = { guildId: "g1", seats: [seat("ada"), seat("ben")] };
    const rated = svc.record(table, "onexeno-basic", { scores: [10, 30], winners: [1] }, null);
    const board = svc.board("g1", "onexeno-basic");
    const ranks = svc.player("g1", "ben", ["onexeno-basic"]);
    const history = svc.history("g1", "onexeno-basic", "ben");
    release();
    await rated;
    expect(Object.keys((await board).players).sort()).toEqual(["ada", "ben"]);
    expect((await ranks).map((r) => r.rating.games)).toEqual([1]);
    expect(await history).toBeDefined();
    // A result that fails to save does not hold reads.
    const broken = new RatingService({ ...store, set: async () => Promise.reject(new Error("disk full")) });
    await expect(broken.record(table, "onexeno-basic", { scores: [30, 10], winners: [0] }, null)).rejects.toThrow("disk full");
    expect((await broken.board("g1", "onexeno-basic")).players.ben!.games).toBe(1);
  });

  it("lists established ratings before provisional ones, whatever their numbers; ranks agree with the list", async () => {
    const svc = await service();
    const people = ["ada", "ben", "cleo"].map((u) => seat(u));
    // Cleo wins her only game; Ada and Ben play ten between themselves (Ada wins most).
    await svc.record({ guildId: "g1", seats: [people[2]!, people[1]!] }, "onexeno-basic", { scores: [30, 0], winners: [0] }, null);
    for (let i = 0; i < 10; i++)
      await svc.record(
        { guildId: "g1", seats: [people[0]!, people[1]!] },
        "onexeno-basic",
        { scores: i % 3 ? [30, 0] : [0, 30], winners: [i % 3 ? 0 : 1] },
        null,
      );
    const top = await svc.top("g1", "onexeno-basic");
    expect(top.map((r) => r.userId)).toEqual(["ada", "ben", "cleo"]); // Ben has 11 games, Cleo 1: provisional, last
    expect(shownRating(top[2]!)).toBeGreaterThan(shownRating(top[1]!));
    const cleo = await svc.player("g1", "cleo", ["onexeno-basic"]);
    expect(cleo[0]).toMatchObject({ rank: 3, of: 3 });
  });

  it("counts only people against each other: computers and taken-over seats are left out", async () => {
    const svc = await service();
    const table = {
      guildId: "g1",
      seats: [seat("ada"), seat("cpu-1", { computer: "normal" }), seat("cpu-2", { computer: "normal", leftBy: "dev" }), seat("ben")],
    };
    // The computer won; among the people, Ben (3rd overall) beat Ada (4th).
    await svc.record(table, "canasta", { scores: [5, 50, 40, 20], winners: [1] }, null);
    const board = await svc.board("g1", "canasta");
    expect(Object.keys(board.players).sort()).toEqual(["ada", "ben"]);
    const expected = rate([[rating()], [rating()]], { rank: [4, 3] });
    expect(board.players.ben).toMatchObject({ mu: expected[1]![0]!.mu, wins: 1, recent: [expect.objectContaining({ place: 1, of: 2 })] });
    // One person against computers only: nothing to rate, nothing saved.
    expect(
      await svc.record(
        { guildId: "g1", seats: [seat("ada"), seat("cpu-1", { computer: "easy" })] },
        "onze",
        { scores: [0, 10], winners: [0] },
        null,
      ),
    ).toBeNull();
    expect((await svc.board("g1", "onze")).players).toEqual({});
  });

  it("rates partners as teams, and keeps servers and games apart", async () => {
    const svc = await service();
    const table = { guildId: "g1", seats: [seat("ada"), seat("ben"), seat("cleo"), seat("dev")] };
    await svc.record(table, "onexeno-partners", { scores: [40, 25, 40, 25], winners: [0, 2] }, [0, 1, 0, 1]);
    const expected = rate(
      [
        [rating(), rating()],
        [rating(), rating()],
      ],
      { rank: [1, 3] },
    );
    const board = await svc.board("g1", "onexeno-partners");
    expect(board.players.cleo).toMatchObject({ mu: expected[0]![1]!.mu, wins: 1 });
    expect(board.players.dev).toMatchObject({ mu: expected[1]![1]!.mu, wins: 0, recent: [expect.objectContaining({ place: 2, of: 2 })] });
    expect((await svc.board("g2", "onexeno-partners")).players).toEqual({});
    expect((await svc.board("g1", "onexeno-basic")).players).toEqual({});
    expect(
      (await svc.top("g1", "onexeno-partners"))
        .map((r) => r.userId)
        .slice(0, 2)
        .sort(),
    ).toEqual(["ada", "cleo"]);
    const mine = await svc.player("g1", "dev", ["onexeno-basic", "onexeno-partners"]);
    expect(mine).toEqual([expect.objectContaining({ game: "onexeno-partners", rank: 3, of: 4 })]);
  });

  it("counts every one of many results finishing at once in one server", async () => {
    const svc = await service();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        svc.record({ guildId: "g1", seats: [seat("ada"), seat(`p${i}`)] }, "onze", { scores: [0, 10], winners: [0] }, null),
      ),
    );
    const board = await svc.board("g1", "onze");
    expect(board.players.ada).toMatchObject({ games: 12, wins: 12 });
    expect(Object.keys(board.players)).toHaveLength(13);
    expect(board.players.ada!.recent).toHaveLength(5);
  });
});

describe("a player's rating history", () => {
  it("starts at the rating before the first game, follows every game, keeps its peak, and thins past its size keeping the start", async () => {
    let t = 1_000_000;
    const svc = await service(() => t);
    const table = { guildId: "g1", seats: [seat("ada"), seat("ben")] };
    const shown: number[] = [];
    for (let i = 0; i < 150; i++) {
      t += 60_000;
      // Ada wins the first 20, then loses every game: her peak is early, her rating falls after it.
      await svc.record(table, "onexeno-basic", { scores: i < 20 ? [30, 0] : [0, 30], winners: [i < 20 ? 0 : 1] }, null);
      shown.push(shownRating((await svc.board("g1", "onexeno-basic")).players.ada!));
      const h = (await svc.history("g1", "onexeno-basic", "ada"))!;
      expect(h.points.length).toBeLessThanOrEqual(HISTORY_POINTS);
      expect(h.points[0]).toEqual({ at: 1_060_000, rating: START_RATING });
      expect(h.points.at(-1)).toEqual({ at: t, rating: shown.at(-1) });
      expect(h.peak).toBe(Math.max(START_RATING, ...shown));
      expect(h.points.map((p) => p.at)).toEqual([...h.points.map((p) => p.at)].sort((a, b) => a - b));
    }
    const h = (await svc.history("g1", "onexeno-basic", "ada"))!;
    expect(h.points.length).toBeGreaterThan(HISTORY_POINTS / 2);
    expect(h.peak).toBe(shown[19]);
    expect(await svc.history("g1", "onexeno-basic", "cleo")).toBeUndefined();
    expect(await svc.history("g2", "onexeno-basic", "ada")).toBeUndefined();
  });
});

describe("ratings made again (a tournament organiser's correction)", () => {
  const table = (a: string, b: string) => ({ guildId: "g", seats: [seat(a), seat(b)] });
  const won = (winner: 0 | 1) => ({ scores: winner === 0 ? [10, 0] : [0, 10], winners: [winner] });

  it("rebuilt from the same games, a board is what rating them one by one made; a corrected game moves every rating after it", async () => {
    const live = await service();
    await live.record(table("ada", "ben"), "onexeno-basic", won(0), null);
    await live.record(table("ben", "cleo"), "onexeno-basic", won(0), null);
    await live.record(table("ada", "cleo"), "onexeno-basic", won(1), null);
    const before = await live.shown("g", "onexeno-basic");
    const games = [
      { table: table("ada", "ben"), outcome: won(0), teams: null, at: 1 },
      { table: table("ben", "cleo"), outcome: won(0), teams: null, at: 2 },
      { table: table("ada", "cleo"), outcome: won(1), teams: null, at: 3 },
    ];
    await live.rebuild("g", "onexeno-basic", games);
    expect(await live.shown("g", "onexeno-basic")).toEqual(before);
    expect((await live.board("g", "onexeno-basic")).players.ada?.games).toBe(2);
    // The first game corrected: Ben beat Ada. Ada ends lower, Ben higher, than before.
    await live.rebuild("g", "onexeno-basic", [{ ...games[0]!, outcome: won(1) }, games[1]!, games[2]!]);
    const after = await live.shown("g", "onexeno-basic");
    expect(after.get("ada")!).toBeLessThan(before.get("ada")!);
    expect(after.get("ben")!).toBeGreaterThan(before.get("ben")!);
    // Histories restart from the games themselves: one point before the first game, one a game.
    expect((await live.history("g", "onexeno-basic", "ada"))?.points.map((p) => p.at)).toEqual([1, 1, 3]);
  });
});
