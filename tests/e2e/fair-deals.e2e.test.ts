/**
 * Fair deals end to end (issue 62), with the bot's own secret seeds as in production: for a chat
 * table, a tournament table and a group-DM table, nothing public before or during the game
 * (every message and edit, embed, footer and customId, the event's id included) reproduces its
 * deal; the table's first dealt message shows the seal; once the game ends the published seed
 * (the last message, the record, `/replay`) hashes to that seal and replays the game. The live
 * table's frames carry the same seal (tests/e2e/live-table.e2e.test.ts).
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCommands } from "../../src/app.ts";
import { verifyRecord } from "../../src/bot/game-record.ts";
import type { AnyTable } from "../../src/bot/tables.ts";
import { SEED_DERIVATION } from "../../src/engine/rng.ts";
import type { ApiMessage } from "../../src/standin/types.ts";
import { GAME_SET } from "../../commands/index.ts";
import { said } from "../helpers/message.ts";
import { ADA, CARD_ROOM, GENERAL, Harness, MOD } from "./harness.ts";

const DM = "200000000000000010";
const h = new Harness({ secretSeeds: true });

beforeAll(async () => {
  await h.start();
  const sb = h.standin;
  await registerCommands({ token: sb.token, apiUrl: sb.apiUrl, applicationId: sb.applicationId, guildId: null });
}, 60_000);
afterAll(async () => {
  await h.close();
});

/** Every public message as posted and as each edit left it, from now on (JSON: content, embeds, components with their customIds). */
function publicTraffic(): { readonly seen: string[]; stop(): void } {
  const seen: string[] = [];
  const keep = (m: ApiMessage) => {
    if (!m.visibleTo) seen.push(JSON.stringify({ content: m.content, embeds: m.embeds, components: m.components }));
  };
  h.standin.on("message", keep);
  h.standin.on("messageUpdate", keep);
  return { seen, stop: () => (h.standin.off("message", keep), h.standin.off("messageUpdate", keep)) };
}

/** The first state a seed would deal at `rec`'s table. */
const dealOf = (rec: AnyTable, seed: string) => {
  const r = GAME_SET.catalogue.game(rec.game)!.definition.setup(rec.config, rec.seats.length, seed);
  return r.ok ? JSON.stringify(r.value) : null;
};

/**
 * Checks that no text of `traffic` (nor any word, id or customId part of it, nor `extra`) deals
 * `rec`'s game, and that the seed itself was never shown; returns the seal the traffic showed.
 */
function checkSecret(rec: AnyTable, traffic: readonly string[], extra: readonly string[] = []): string {
  const dealt = dealOf(rec, rec.seed);
  expect(dealt).not.toBeNull();
  const all = traffic.join("\n");
  expect(all.includes(rec.seed), "the seed was shown before the end").toBe(false);
  const words = new Set<string>(extra);
  for (const text of traffic)
    for (const w of text.split(/[\s"\\,{}[\]()<>@#!*`|]+/)) {
      if (!w) continue;
      words.add(w);
      for (const part of w.split(/[:/.]/)) if (part) words.add(part);
    }
  let tried = 0;
  for (const w of words) {
    tried++;
    expect(dealOf(rec, w) === dealt, `"${w}" deals the game`).toBe(false);
  }
  expect(tried).toBeGreaterThan(20);
  const seal = /Deal sealed: ([0-9a-f]{16})/.exec(all)?.[1];
  expect(seal, "the dealt table showed its seal").toBeDefined();
  return seal!;
}

/** After the end: the seed the table and its record publish hashes to `seal`, and the record replays. */
async function checkPublished(rec: AnyTable, seal: string, channelId: string): Promise<void> {
  const hash = createHash("sha256").update(rec.seed).digest("hex");
  expect(hash.startsWith(seal)).toBe(true);
  expect(rec.seed).toMatch(/^[0-9a-f]{32}$/); // 128 random bits
  expect(rec.deal).toBe(SEED_DERIVATION);
  const record = await h.until("the game's record", async () =>
    (await h.bot.records.page(rec.guildId, { limit: 20 })).records.find((r) => r.channelId === channelId && r.seed === rec.seed),
  );
  expect(record.commitment).toBe(hash);
  expect(verifyRecord(GAME_SET.catalogue.game(rec.game)!.definition, record).commitment).toBe("match");
  // The table's last message publishes it (a tournament's thread then gets the result line under it).
  await h.until(`the seed published in ${channelId}`, () =>
    h.standin.visibleMessages(channelId, null).some((m) => said(m).includes(`Deal seed \`${rec.seed}\``)),
  );
}

describe("fair deals through the stand-in", () => {
  it("a chat table: sealed at the deal, secret while played, its seed published at the end, in the record and /replay", async () => {
    const sb = h.standin;
    const traffic = publicTraffic();
    await sb.command(ADA, GENERAL, "onexeno new", { game: "basic", hands: 1 });
    await sb.command(ADA, GENERAL, "onexeno bot add", { level: "normal" });
    const lobby = h.latestPublic(GENERAL);
    await sb.click(ADA, lobby, Harness.idOf(lobby, "start"));
    for (let i = 0; i < 300; i++) {
      const m = await h.waitForPublic(GENERAL, (x) => said(x).includes("Session over") || said(x).includes(`<@${ADA}>, your turn`));
      if (said(m).includes("Session over")) break;
      await h.playTurn(ADA, GENERAL);
    }
    const rec = (await h.bot.service("onexeno").get(GENERAL))!;
    expect(rec.status).toBe("over");
    // What was public while it ran: everything up to the last table before the end.
    const before = traffic.seen.filter((x) => !x.includes("Session over"));
    traffic.stop();
    const seal = checkSecret(rec, before);
    await checkPublished(rec, seal, GENERAL);
    const replay = await sb.command(ADA, GENERAL, "replay");
    expect(said(replay.original)).toContain(`Deal seed \`${rec.seed}\`: its SHA-256 starts ${seal}, the seal shown at the deal ✓`);
  });

  it("a tournament table: dealt from its own secret, never from the event's public id", async () => {
    const sb = h.standin;
    const traffic = publicTraffic();
    const created = await sb.command(MOD, CARD_ROOM, "tournament create", {
      game: "onexeno-basic",
      format: "swiss",
      rounds: 1,
      "table-size": 2,
      name: "Fair cup",
    });
    await sb.click(ADA, created.original!, Harness.idOf(created.original!, "tjoin"));
    await sb.command(MOD, CARD_ROOM, "tournament computers", { count: 1 });
    await sb.command(MOD, CARD_ROOM, "tournament start");
    const event = (await h.bot.tournaments.list(sb.guildId)).find((t) => t.name === "Fair cup")!;
    const table = await h.until("the table seated", async () => {
      const x = (await h.bot.tournaments.get(event.id))!.played[0]?.tables[0];
      return x?.threadId && (await h.bot.service("onexeno").get(x.threadId))?.status === "playing" ? x : null;
    });
    const thread = table.threadId!;
    // Ada plays her game to its end.
    for (let i = 0; i < 300; i++) {
      const rec = (await h.bot.service("onexeno").get(thread))!;
      if (rec.status === "over") break;
      if (rec.seats[rec.state!.turn]?.userId !== ADA) {
        await h.until("Ada's turn or the end", async () => {
          const r = (await h.bot.service("onexeno").get(thread))!;
          return r.status === "over" || r.seats[r.state!.turn]?.userId === ADA;
        });
        continue;
      }
      await h.playTurn(ADA, thread);
      await h.until("Ada's move taken", async () => (await h.bot.service("onexeno").get(thread))!.rev > rec.rev);
    }
    const rec = (await h.bot.service("onexeno").get(thread))!;
    const before = traffic.seen.filter((x) => !x.includes("Session over") && !x.includes("Deal seed"));
    traffic.stop();
    expect(before.join("\n")).toContain(event.id); // the event's id was public (footer, customIds)…
    // …and neither it nor the way tables were seeded before (`<event id>:<round>:<table>`) deals this table.
    const seal = checkSecret(rec, before, [event.id, `${event.id}:1:1`, `${event.id}:order`]);
    await checkPublished(rec, seal, thread);
  });

  it("a group-DM table: its first answer shows the seal, and the seed comes out only when it is closed", async () => {
    const sb = h.standin;
    const traffic = publicTraffic();
    await sb.command(ADA, DM, "onexeno new", { game: "basic", hands: 1 });
    const lobby = sb.visibleMessages(DM, null).findLast((x) => Harness.ids(x, "addbot").length > 0)!;
    await sb.click(ADA, lobby, Harness.idOf(lobby, "addbot"));
    const withBot = sb.visibleMessages(DM, null).findLast((x) => Harness.ids(x, "start").length > 0)!;
    await sb.click(ADA, withBot, Harness.idOf(withBot, "start"));
    const dealt = await h.until("the group DM's table dealt", async () => {
      const rec = await h.bot.service("onexeno").get(DM);
      return rec?.status === "playing" ? rec : null;
    });
    await h.until("its answer with the seal", () => traffic.seen.some((x) => x.includes("Deal sealed")));
    const before = [...traffic.seen];
    const seal = checkSecret(dealt, before);
    await h.endTable(ADA, DM);
    traffic.stop();
    const rec = (await h.bot.service("onexeno").get(DM))!;
    expect(rec.status).toBe("over");
    await checkPublished(rec, seal, DM);
  });
});
