/**
 * Ratings through the stand-in: Ada and Ben play a whole ONEXENO basic game with a computer
 * at the table; when it ends, the people's ratings are updated as OpenSkill computes them for
 * their places among themselves (the computer is not rated), and `/stats` and `/ratings`
 * show them.
 */
import { rate, rating } from "openskill";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shownRating } from "../../src/bot/ratings.ts";
import { placesOf } from "../../src/engine/places.ts";
import { onexenoOutcome } from "../../src/games/onexeno/game.ts";
import { ADA, BEN, CARD_ROOM, CLEO, GENERAL, Harness } from "./harness.ts";
import { said } from "../helpers/message.ts";

describe("ratings", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await new Harness().start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("a finished game between people updates their ratings; /stats and /ratings show them", async () => {
    const sb = h.standin;
    const none = await sb.command(ADA, GENERAL, "stats");
    expect(said(none.original)).toContain("has no rated game");
    await sb.command(ADA, GENERAL, "onexeno new", { game: "basic" });
    await sb.command(BEN, GENERAL, "onexeno join");
    await sb.command(ADA, GENERAL, "onexeno bot add");
    await sb.command(ADA, GENERAL, "onexeno start");
    for (let turns = 0; turns < 400; turns++) {
      const rec = await h.bot.service("onexeno").get(GENERAL);
      if (rec?.status === "over") break;
      const mover = rec!.seats[rec!.state!.turn]!;
      if (mover.computer) {
        const rev = rec!.rev;
        await h.until("the computer's move", async () => (await h.bot.service("onexeno").get(GENERAL))!.rev > rev);
      } else await h.playTurn(mover.userId, GENERAL);
    }
    const final = (await h.bot.service("onexeno").get(GENERAL))!;
    expect(final.status).toBe("over");
    const places = placesOf(onexenoOutcome(final.state!)!);
    const ada = final.seats.findIndex((s) => s.userId === ADA);
    const ben = final.seats.findIndex((s) => s.userId === BEN);
    const expected = rate([[rating()], [rating()]], { rank: [places[ada]!, places[ben]!] });
    const board = await h.until("the ratings of the game", async () => {
      const b = await h.bot.ratings.board(sb.guildId, "onexeno-basic");
      return Object.keys(b.players).length > 0 ? b : null;
    });
    expect(Object.keys(board.players).sort()).toEqual([ADA, BEN]); // the computer is not rated
    expect(board.players[ADA]).toMatchObject({ mu: expected[0]![0]!.mu, sigma: expected[0]![0]!.sigma, games: 1 });
    expect(board.players[BEN]).toMatchObject({ mu: expected[1]![0]!.mu, games: 1 });

    const stats = await sb.command(BEN, GENERAL, "stats", { user: ADA });
    const embed = stats.original?.embeds[0] as { title: string; fields: { name: string; value: string }[] };
    expect(embed.title).toBe("Ada: ratings in this server");
    expect(embed.fields[0]!.name).toBe("ONEXENO basic");
    expect(embed.fields[0]!.value).toContain(`**${shownRating(expected[0]![0]!)} (provisional)**`);
    expect(embed.fields[0]!.value).toMatch(/1 game, [01] wins?/);
    // The same as a picture: the rating over time, games, wins and peak (saved to tests/__output__ to look at).
    const picture = stats.original!.attachments.find((a) => a.filename === "stats.png")!;
    expect(picture.width).toBe(640);
    expect(picture.description).toContain(`ONEXENO basic ${shownRating(expected[0]![0]!)}, 1 game, `);
    expect((stats.original!.embeds[0] as { image?: { url: string } }).image?.url).toContain("stats.png");
    mkdirSync(join(import.meta.dirname, "..", "__output__"), { recursive: true });
    writeFileSync(join(import.meta.dirname, "..", "__output__", "stats.png"), sb.attachmentBytes(picture)!);
    const top = await sb.command(ADA, GENERAL, "ratings", { game: "onexeno-basic" });
    const list = (top.original?.embeds[0] as { description: string }).description;
    expect(list.split("\n")).toHaveLength(2);
    expect(list).toContain("Ada");
    expect(list).toContain("Ben");
    const empty = await sb.command(ADA, GENERAL, "ratings", { game: "onze" });
    expect(said(empty.original)).toContain("Nobody has a rated game of Onze");
    expect(h.log.errors).toEqual([]);
  });
  it("/stats with no rated game lists the games played, each marked with why it was not rated", async () => {
    const sb = h.standin;
    const opened = await sb.command(CLEO, CARD_ROOM, "onexeno new", { game: "solitaire" });
    const thread = /<#(\d+)>/.exec(said(opened.original))?.[1] ?? "";
    const table = h.latestPublic(thread);
    const ask = await sb.click(CLEO, table, Harness.idOf(table, "sresign"));
    await sb.click(CLEO, ask.original!, Harness.idOf(ask.original!, "confirm"));
    const shown = await h.until("Cleo's game in her list", async () => {
      const r = await sb.command(CLEO, GENERAL, "stats");
      const embed = r.original?.embeds[0] as { title?: string; description?: string } | undefined;
      return embed?.title === "Cleo: games played here" ? embed : null;
    });
    expect(shown.description).toContain("**solitaire** · Cleo");
    expect(shown.description).toContain("*unrated: only one person played*");
    expect(shown.description).toContain("has no rated game");
    expect(h.log.errors).toEqual([]);
  });
});
