import { describe, expect, it } from "vitest";
import { SolitaireService, dailySeed, type Leaderboard, type SolitaireRecord } from "../../src/bot/solitaire";
import { UserError } from "../../src/bot/errors";
import { openStore } from "../../src/store/store";
import { solitaireHint } from "../../src/games/onexeno/solitaire";

async function service() {
  return new SolitaireService(await openStore<SolitaireRecord>("memory://", "s"), await openStore<Leaderboard>("memory://", "l"), () =>
    Date.UTC(2026, 10, 21, 12),
  );
}

/** Plays with the hint until the largest square is at least `square` (or the game ends), then resigns. */
async function playTo(svc: SolitaireService, thread: string, user: string, square: number) {
  for (let i = 0; i < 2000; i++) {
    const rec = (await svc.get(thread))!;
    if (rec.state.phase !== "play") break;
    if (rec.state.square >= square) return svc.play(thread, user, { kind: "resign" });
    const h = solitaireHint(rec.state);
    const r = await svc.play(thread, user, h ? { kind: "place", ...h } : { kind: "draw" });
    if (r.finished) return r;
  }
  throw new Error("did not finish");
}

describe("solitaire leaderboard", () => {
  it("daily deal: only a player's first finished game counts; other players rank by score", async () => {
    const svc = await service();
    expect(dailySeed(Date.UTC(2026, 10, 21, 23, 59))).toBe("daily-2026-11-21");
    await svc.open({ threadId: "t1", parentId: "c", guildId: "g", ownerId: "ada", ownerName: "Ada", seed: null });
    const first = await svc.play("t1", "ada", { kind: "resign" });
    expect(first.finished?.counted).toBe(true);
    expect(first.finished?.board.entries[0]?.score).toBe(0);
    await svc.open({ threadId: "t2", parentId: "c", guildId: "g", ownerId: "ada", ownerName: "Ada", seed: null });
    const second = await playTo(svc, "t2", "ada", 2);
    expect(second.finished?.counted).toBe(false);
    const board = await svc.leaderboard("g", "daily-2026-11-21");
    expect(board.entries).toHaveLength(1);
    expect(board.entries[0]?.score).toBe(0); // the first game still stands
    await svc.open({ threadId: "t3", parentId: "c", guildId: "g", ownerId: "ben", ownerName: "Ben", seed: null });
    const ben = await playTo(svc, "t3", "ben", 2);
    expect(ben.finished?.rank).toBe(1);
    expect((await svc.leaderboard("g", "daily-2026-11-21")).entries.map((e) => e.name)).toEqual(["Ben", "Ada"]);
    expect((await svc.leaderboard("other-guild", "daily-2026-11-21")).entries).toEqual([]);
  });

  it("named seed: a better later game replaces the earlier one", async () => {
    const svc = await service();
    await svc.open({ threadId: "a", parentId: "c", guildId: "g", ownerId: "ada", ownerName: "Ada", seed: "cup" });
    await svc.play("a", "ada", { kind: "resign" });
    await svc.open({ threadId: "b", parentId: "c", guildId: "g", ownerId: "ada", ownerName: "Ada", seed: "cup" });
    const better = await playTo(svc, "b", "ada", 2);
    expect(better.finished?.counted).toBe(true);
    expect((await svc.leaderboard("g", "cup")).entries[0]?.score).toBeGreaterThan(0);
  });

  it("only the owner may act, and a stale revision is refused", async () => {
    const svc = await service();
    await svc.open({ threadId: "t", parentId: "c", guildId: "g", ownerId: "ada", ownerName: "Ada", seed: "x" });
    await expect(svc.play("t", "ben", { kind: "draw" })).rejects.toMatchObject({ code: "solitaire/not_owner" });
    await svc.play("t", "ada", { kind: "draw" }, 1);
    await expect(svc.play("t", "ada", { kind: "draw" }, 1)).rejects.toBeInstanceOf(UserError);
    expect((await svc.get("t"))?.rev).toBe(2);
  });
});
