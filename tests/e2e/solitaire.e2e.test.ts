import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupSolitaire } from "../../src/games/onexeno/solitaire.ts";
import { solve } from "../helpers/solitaire-solver.ts";
import { ADA, BEN, CARD_ROOM, Harness } from "./harness.ts";
import { said } from "../helpers/message.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

const threadIdOf = (content: string) => /<#(\d+)>/.exec(content)?.[1] ?? "";

describe("solitaire through the stand-in", () => {
  it("two people play in the same channel at once; Ada's reachable 8x8 is played through the commands", async () => {
    const refusalsFrom = h.standin.refusals.length;
    const sb = h.standin;
    const a = await sb.command(ADA, CARD_ROOM, "onexeno new", { game: "solitaire", seed: "seed-127" });
    const b = await sb.command(BEN, CARD_ROOM, "onexeno new", { game: "solitaire" });
    const ta = threadIdOf(said(a.original));
    const tb = threadIdOf(said(b.original));
    expect(ta).not.toBe("");
    expect(tb).not.toBe(ta);
    expect(sb.channels.find((c) => c.id === ta)?.name).toContain("Ada's solitaire");
    expect(said(b.original)).toContain("daily deal");
    // Public text names the command by mention (each reader's client shows its own name), then the game.
    expect(said(a.original)).toMatch(/start your own with <\/onexeno new:\d+> `game:solitaire`\./);
    const tableA = h.latestPublic(ta);
    expect(tableA.attachments[0]?.filename).toBe("solitaire.png");

    // Ben cannot act in Ada's thread; nothing changes there
    const intrude = await sb.click(BEN, tableA, Harness.idOf(tableA, "sdraw"));
    expect(intrude.original?.visibleTo).toBe(BEN);
    expect(said(intrude.original)).toContain("Ada's solitaire");
    expect((await h.bot.service("solitaire").get(ta))?.rev).toBe(1);

    // a restart before play: nothing is posted; each game's next message says the bot restarted
    await h.stopBot(); // finishes the posts in flight
    const [countA, countB] = [sb.visibleMessages(ta, null).length, sb.visibleMessages(tb, null).length];
    await h.startBot();
    expect([sb.visibleMessages(ta, null).length, sb.visibleMessages(tb, null).length]).toEqual([countA, countB]);
    let noteDue = true;

    const moves = solve(setupSolitaire("seed-127"), 3000).moves;
    let benMoves = 0;
    for (const [i, m] of moves.entries()) {
      const table = h.latestPublic(ta);
      if (m.kind === "draw") {
        await sb.click(ADA, table, Harness.idOf(table, "sdraw"));
      } else if (m.kind === "place") {
        const value = `${m.x},${m.y},${m.rot}`;
        const inMenu = Harness.selectOptions(table, "splay").some((o) => o.value === value);
        if (inMenu && i % 2 === 0) await sb.select(ADA, table, Harness.idOf(table, "splay"), [value]);
        else {
          const at = await sb.autocomplete(ADA, ta, "onexeno play", { at: "" }, "at");
          expect(at.map((c) => c.value)).toContain(value);
          const r = await sb.command(ADA, ta, "onexeno play", { at: value });
          expect(r.original?.visibleTo, said(r.original)).toBeUndefined();
        }
      }
      // Ben plays his own game in between, in his own thread
      if (i % 10 === 0) {
        const tbTable = h.latestPublic(tb);
        if (Harness.customIds(tbTable).length) {
          await sb.click(BEN, tbTable, Harness.idOf(tbTable, "sdraw"));
          benMoves++;
        }
      }
      if (noteDue) {
        // Each game's first message after the restart said so.
        for (const t of [ta, tb])
          await h.until(`the restart note in ${t}`, () => sb.visibleMessages(t, null).some((msg) => said(msg).includes("restarted")));
        noteDue = false;
      }
    }
    const recA = await h.bot.service("solitaire").get(ta);
    expect(recA?.state?.end).toBe("won");
    expect(recA?.state?.square).toBe(8);
    expect(said(h.latestPublic(ta))).toContain("wins");
    // Announced in the channel the thread was made in, by the game's finished listener.
    const announced = (who: string, rank: RegExp) =>
      h.until(`${who}'s game announced`, () =>
        sb.visibleMessages(CARD_ROOM, null).some((m) => said(m).includes(`${who} finished solitaire`) && rank.test(said(m))),
      );
    await announced("Ada", /Rank \*\*1\*\* of 1/);

    const recB = await h.bot.service("solitaire").get(tb);
    expect(recB?.moves.length).toBe(benMoves);
    expect(recB?.hostId).toBe(BEN);

    // hint is private; leaderboard shows the seed's result
    const board = await sb.command(BEN, CARD_ROOM, "onexeno leaderboard", { seed: "seed-127" });
    expect(JSON.stringify(board.original?.embeds)).toContain("Ada");
    expect(JSON.stringify(board.original?.embeds)).toContain("8x8");
    const benTable = h.latestPublic(tb);
    const hint = await sb.click(BEN, benTable, Harness.idOf(benTable, "shint"));
    expect(hint.original?.visibleTo).toBe(BEN);
    expect(said(hint.original)).toMatch(/Hint/);
    const ask = await sb.click(BEN, benTable, Harness.idOf(benTable, "sresign"));
    expect(ask.original?.visibleTo).toBe(BEN);
    expect(said(ask.original)).toMatch(/Resign this solitaire game\?/);
    expect((await h.bot.service("solitaire").get(tb))?.state?.end).toBeNull();
    const resign = await sb.click(BEN, ask.original!, Harness.idOf(ask.original!, "confirm"));
    expect(resign.callbackType).toBe(7);
    const resigned = (await h.bot.service("solitaire").get(tb))?.state;
    expect(resigned?.end).toBe("resigned");
    // Its last line names the largest square as the picture does: none before a 2x2 (the first card alone is no square).
    const n = resigned!.square;
    const final = n >= 2 ? `(largest square ${n}x${n})` : "(no square completed)";
    await h.until("the resigned game's final line", () => said(h.latestPublic(tb)).includes(final));
    await announced("Ben", /Rank/);
    const daily = await sb.command(ADA, CARD_ROOM, "onexeno leaderboard");
    expect(JSON.stringify(daily.original?.embeds)).toContain("Ben");

    // Play again: only the player deals again, a fresh deal in the same thread, at once.
    const finishedA = h.latestPublic(ta);
    const notHers = await sb.click(BEN, finishedA, Harness.idOf(finishedA, "again"));
    expect(notHers.original?.visibleTo).toBe(BEN);
    expect((await h.bot.service("solitaire").get(ta))?.status).toBe("over");
    await sb.click(ADA, finishedA, Harness.idOf(finishedA, "again"));
    const again = await h.until("Ada's new game", async () => {
      const r = await h.bot.service("solitaire").get(ta);
      return r?.status === "playing" ? r : null;
    });
    expect(again.hostId).toBe(ADA);
    expect(again.moves).toEqual([]);
    expect(said(h.latestPublic(ta))).toContain("Ada's solitaire");
    expect(h.log.errors).toEqual([]);
    // No 4xx answer to the bot during a whole game (the global limit aside: the test drives
    // interactions far faster than people do, and the client's pacing meets it at times).
    expect(h.clientErrorsSince(refusalsFrom, { exceptGlobal: true })).toEqual([]);
  });
});
