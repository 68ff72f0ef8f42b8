/**
 * Solitaire as an entry of the games list: a one-seat table that deals as it opens, played
 * through the table service like any game; the deal leaderboards its finished games enter;
 * and solitaire games stored by the solitaire service of earlier versions, read on (migrate on read).
 */
import { describe, expect, it } from "vitest";
import { Leaderboards, type Leaderboard, type LeaderboardEntry } from "../../src/bot/leaderboards.ts";
import { TableService } from "../../src/bot/tables.ts";
import { solitaireGame } from "../../src/games/onexeno/table-games.ts";
import { setupSolitaire, solitaireHint, type SolitaireMove } from "../../src/games/onexeno/solitaire.ts";
import { openStore, readingThrough } from "../../src/store/store.ts";
import { dailySeed, leaderboardEmbed, upgradeSolitaire, type SolitaireTable } from "../../commands/solitaire/index.ts";
import { notOwner } from "../../commands/solitaire/table.ts";
import { sayError } from "../../src/bot/words.ts";

const NOW = Date.UTC(2026, 10, 21, 12);
const ADA = { userId: "ada", name: "Ada" };

async function tables(store?: Awaited<ReturnType<typeof openStore<SolitaireTable>>>) {
  const s = store ?? (await openStore<SolitaireTable>("memory://", "s"));
  return new TableService(readingThrough(s, upgradeSolitaire), solitaireGame.definition, { now: () => NOW }, solitaireGame.seats);
}

const entry = (userId: string, score: number, at = NOW): LeaderboardEntry => ({
  userId,
  name: userId,
  score,
  square: 2,
  won: false,
  moves: 10,
  at,
});

describe("solitaire is a one-seat table game", () => {
  it("tells anyone else whose game it is and how to start their own, naming the command as their Discord does", () => {
    const rec = { seats: [{ userId: "ada", name: "Ada" }] } as unknown as SolitaireTable;
    expect(sayError(notOwner(rec), "en-US")).toBe("This is Ada's solitaire. Start your own with `/onexeno new` (game: solitaire).");
    expect(sayError(notOwner(rec), "fr")).toBe("C'est le solitaire de Ada. Lancez le vôtre avec `/onexeno nouvelle` (jeu : solitaire).");
    for (const locale of ["de", "es-ES", "pt-BR"]) expect(sayError(notOwner(rec), locale)).not.toContain("{{");
  });

  it("deals as it opens; only its player acts; a stale or repeated click is refused; resigning finishes it", async () => {
    const svc = await tables();
    const finished: string[] = [];
    svc.onFinish((rec) => finished.push(rec.channelId));
    const rec = await svc.open("t", "g", ADA, { parentId: "c" }, "x", null);
    expect(rec.status).toBe("playing");
    expect(rec.rev).toBe(1);
    expect(rec.state).toEqual(setupSolitaire("x"));
    await expect(svc.play("t", "ben", { kind: "draw" })).rejects.toMatchObject({ code: "table/not_seated" });
    await expect(svc.addComputer("t", "ada", "normal")).rejects.toMatchObject({ code: "table/no_computers" });
    await svc.play("t", "ada", { kind: "draw" }, 1);
    await expect(svc.play("t", "ada", { kind: "draw" }, 1)).rejects.toMatchObject({ code: "table/already_done" });
    const over = await svc.play("t", "ada", { kind: "resign" });
    expect(over.status).toBe("over");
    expect(finished).toEqual(["t"]);
    // Play again: a fresh deal in the same thread, dealt at once.
    const again = await svc.again("t", ADA, true);
    expect(again.status).toBe("playing");
    expect(again.state?.stock.length).toBeGreaterThan(0);
  });

  it("reads a game stored by the solitaire service of earlier versions, and saves it in today's shape at its next move", async () => {
    const raw = await openStore<SolitaireTable>("memory://", "old");
    const state = setupSolitaire("daily-2026-11-21");
    // Exactly what the solitaire service stored (src/bot/solitaire.ts before solitaire was a table game).
    const before = {
      schema: 1,
      threadId: "t9",
      parentId: "c9",
      guildId: "g",
      ownerId: "ada",
      ownerName: "Ada",
      seed: "daily-2026-11-21",
      daily: true,
      rev: 3,
      state,
      moves: [{ kind: "draw" }, { kind: "draw" }] as SolitaireMove[],
      createdAt: NOW - 1000,
      updatedAt: NOW - 500,
    };
    await (raw as unknown as { set(k: string, v: unknown): Promise<void> }).set("t9", before);
    const svc = await tables(raw);
    const rec = (await svc.get("t9"))!;
    expect(rec).toMatchObject({ channelId: "t9", game: "solitaire", hostId: "ada", status: "playing", rev: 3, seed: before.seed });
    expect(rec.seats).toEqual([ADA]);
    expect(rec.config).toEqual({ parentId: "c9" });
    expect(rec.moves).toEqual([
      { seat: 0, move: { kind: "draw" } },
      { seat: 0, move: { kind: "draw" } },
    ]);
    expect((await svc.entries()).map(([k]) => k)).toEqual(["t9"]);
    const hint = solitaireHint(rec.state!);
    await svc.play("t9", "ada", hint ? { kind: "place", ...hint } : { kind: "draw" }, 3);
    const saved = (await raw.get("t9")) as unknown as Record<string, unknown>;
    expect(saved.channelId).toBe("t9");
    expect(saved.threadId).toBeUndefined();
    expect(saved.rev).toBe(4);
    expect(upgradeSolitaire({ something: "else" })).toBeUndefined();
  });
});

describe("deal leaderboards", () => {
  it("daily deal: only a player's first finished game counts; others rank by score; guilds apart", async () => {
    const boards = new Leaderboards(await openStore<Leaderboard>("memory://", "l"));
    const seed = dailySeed(Date.UTC(2026, 10, 21, 23, 59));
    expect(seed).toBe("daily-2026-11-21");
    expect((await boards.record("g", seed, entry("ada", 0), true)).counted).toBe(true);
    const second = await boards.record("g", seed, entry("ada", 40), true);
    expect(second.counted).toBe(false);
    expect((await boards.board("g", seed)).entries.map((e) => e.score)).toEqual([0]); // the first game still stands
    expect((await boards.record("g", seed, entry("ben", 12), true)).rank).toBe(1);
    expect((await boards.board("g", seed)).entries.map((e) => e.userId)).toEqual(["ben", "ada"]);
    expect((await boards.board("other-guild", seed)).entries).toEqual([]);
    // The board as the server reads it: French words, the daily deal's day, places in order.
    const fr = leaderboardEmbed(await boards.board("g", seed), null, "fr").toJSON();
    expect(fr.title).toBe("Classement du solitaire · donne du jour 2026-11-21");
    expect(fr.description).toBe("**1.** ben : 12 points, 2x2 (10 coups)\n**2.** ada : 0 points, 2x2 (10 coups)");
    expect(leaderboardEmbed(await boards.board("other-guild", seed), "cup", "de").toJSON()).toMatchObject({
      title: "Solitaire-Bestenliste · Blatt „cup“",
      description: "Noch niemand hat dieses Blatt beendet.",
    });
  });

  it("named deal: a better later game replaces the earlier one, a worse one does not", async () => {
    const boards = new Leaderboards(await openStore<Leaderboard>("memory://", "l"));
    await boards.record("g", "cup", entry("ada", 5), false);
    expect((await boards.record("g", "cup", entry("ada", 9), false)).counted).toBe(true);
    expect((await boards.record("g", "cup", entry("ada", 7), false)).counted).toBe(false);
    expect((await boards.board("g", "cup")).entries.map((e) => e.score)).toEqual([9]);
  });
});
