/**
 * `/settings` through the stand-in: only Manage Server changes them, every change is answered
 * privately with what it changed, tables are refused outside the allowed channels (a thread
 * counts as its channel), new tables take the server's clock and house variants, computers can
 * be kept out, the level of computers playing for people who left is the server's, and the
 * settings outlive a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA, BEN, CARD_ROOM, GENERAL, Harness, MOD, THREAD } from "./harness.ts";
import { said } from "../helpers/message.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

describe("/settings", () => {
  it("sets where tables open, their clock, house variants and computers; keeps them over a restart", async () => {
    const sb = h.standin;
    const ask = async (user: string, channel: string, path: string, options: Record<string, string | number | boolean> = {}) => {
      const r = await sb.command(user, channel, path, options);
      return { text: said(r.original), ephemeral: ((r.original?.flags ?? 0) & 64) !== 0 };
    };

    // A member without Manage Server reads the settings (refusals point there) but changes nothing.
    const readable = await ask(ADA, GENERAL, "settings show");
    expect(readable).toMatchObject({ ephemeral: true });
    expect(readable.text).not.toContain("Only members with Manage Server");
    const notYou = await ask(ADA, GENERAL, "settings computers", { allowed: false });
    expect(notYou).toMatchObject({ ephemeral: true });
    expect(notYou.text).toContain("Only members with Manage Server");

    // Tables only in #card-room (and its threads): every answer is private and says what changed.
    const allowed = await ask(MOD, GENERAL, "settings channels", { action: "allow", channel: CARD_ROOM });
    expect(allowed).toMatchObject({ ephemeral: true });
    expect(allowed.text).toContain(`Tables may be opened in <#${CARD_ROOM}>`);
    const refused = await ask(ADA, GENERAL, "onze new");
    expect(refused).toMatchObject({ ephemeral: true });
    expect(refused.text).toContain(`Games are played in <#${CARD_ROOM}>`);
    expect(await h.bot.games.get("onze")!.get(GENERAL)).toBeUndefined();
    // The thread belongs to #general, so it is refused too; a tournament likewise.
    expect((await ask(ADA, THREAD, "cardeno new")).text).toContain("Games are played in");
    expect((await ask(MOD, GENERAL, "tournament create", { game: "onze", format: "swiss", rounds: 2 })).text).toContain(
      "Games are played in",
    );

    // The server's clock for Onze, and no computers.
    expect((await ask(MOD, GENERAL, "settings clock", { game: "onze", clock: "5m" })).text).toContain("5 min a turn");
    expect((await ask(MOD, GENERAL, "settings clock", { game: "onze", clock: "banana" })).text).toContain("`banana` is not a turn clock");
    expect((await ask(MOD, GENERAL, "settings computers", { allowed: false })).text).toContain("no longer seated");
    await ask(ADA, CARD_ROOM, "onze new");
    const onze = await h.bot.games.get("onze")!.get(CARD_ROOM);
    expect(onze?.clock).toEqual({ turnMs: 300_000, correspondence: false });
    const noBot = await ask(ADA, CARD_ROOM, "onze bot add", { level: "normal" });
    expect(noBot.text).toContain("does not seat computer players");
    expect((await h.bot.games.get("onze")!.get(CARD_ROOM))?.seats).toHaveLength(1);
    // The lobby offers no Add computer button where none may be seated.
    const lobby = h.latestPublic(CARD_ROOM);
    expect(Harness.ids(lobby, "join")).not.toEqual([]);
    expect(Harness.ids(lobby, "addbot")).toEqual([]);
    // The last player leaving a lobby closes it.
    expect((await ask(ADA, CARD_ROOM, "onze leave")).text).toContain("the table is closed");

    // House variants: Cardeno at pace 2 over 3 rounds unless the table says otherwise.
    const variants = await ask(MOD, GENERAL, "settings variants", { "cardeno-pace": 2, "cardeno-rounds": 3 });
    expect(variants.text).toContain("Cardeno pace 2 s · Cardeno rounds 3");
    expect((await ask(MOD, GENERAL, "settings variants")).text).toContain("Name a variant");
    await ask(BEN, CARD_ROOM, "cardeno new");
    const cardeno = await h.bot.games.get("cardeno")!.get(CARD_ROOM);
    expect(cardeno?.config).toMatchObject({ pace: 2, rounds: 3, variant: "standard" });
    await ask(BEN, CARD_ROOM, "cardeno leave");
    // A clock given with `new` still wins over the server's.
    await ask(BEN, CARD_ROOM, "onze new", { clock: "60" });
    expect((await h.bot.games.get("onze")!.get(CARD_ROOM))?.clock).toEqual({ turnMs: 60_000, correspondence: false });
    await ask(BEN, CARD_ROOM, "onze leave");

    // The organisers' role, and everything in words; a restart loses nothing.
    // A role of the server (the stand-in's "Organisers"), as Discord's picker offers.
    const organisers = String(BigInt(h.standin.guildId) + 1000n);
    expect((await ask(MOD, GENERAL, "settings organisers", { role: organisers })).text).toContain(`<@&${organisers}>`);
    // The level of computers playing for people who left or are away.
    expect((await ask(MOD, GENERAL, "settings takeover", { level: "expert" })).text).toContain("now plays at the **expert** level");
    await h.stopBot();
    await h.startBot();
    const shown = await ask(MOD, GENERAL, "settings show");
    expect(shown).toMatchObject({ ephemeral: true });
    expect(shown.text).toContain(`**Channels for tables**: <#${CARD_ROOM}> and their threads`);
    expect(shown.text).toContain("Onze 5 min");
    expect(shown.text).toContain("Cardeno pace 2 s");
    expect(shown.text).toContain("**Computer players**: not seated");
    expect(shown.text).toContain(`<@&${organisers}>`);
    expect(shown.text).toContain("**Computers playing for people who left or are away**: expert");

    // Every channel again: #general may hold a table.
    expect((await ask(MOD, GENERAL, "settings channels", { action: "everywhere" })).text).toContain("every channel");
    expect((await ask(ADA, GENERAL, "onze new")).ephemeral).toBe(false);
    expect((await h.bot.games.get("onze")!.get(GENERAL))?.takeover).toBe("expert");
    expect(h.log.errors).toEqual([]);
  });
});
