/**
 * Input no honest Discord client sends, as a schema-driven fuzzer found it (issue 48), through the
 * real discord.js client on the stand-in: a command of subcommands sent without one, a user or
 * role option without what Discord resolved it to, a button's customId sent as a select menu, and
 * a menu value the menu never offered. Each is refused with the bot's own refusal in the user's
 * language, privately, and changes nothing; none is "Something went wrong", none is logged as an
 * error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA, GENERAL, Harness, MOD } from "./harness.ts";
import { said } from "../helpers/message.ts";
import type { InteractionRecord } from "../../src/standin/types.ts";
import { GAME_SET } from "../../commands/index.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

/** The private refusal an interaction got: its words, checked to be the bot's own (never the generic failure). */
function refusedWith(r: InteractionRecord): string {
  expect(r.original?.visibleTo).toBeDefined();
  const text = said(r.original);
  expect(text).toMatch(/^❌ /);
  expect(text).not.toContain("Something went wrong");
  return text;
}

describe("input no honest client sends", () => {
  it("a command of subcommands without one is asked for its subcommand, in the user's language", async () => {
    // Every command made of subcommands: each game's (read off the list of games) and the shared ones.
    const withSubcommands = GAME_SET.commands
      .map((c) => c.data.toJSON())
      .filter((d) => d.options?.some((o) => o.type === 1 || o.type === 2));
    expect(withSubcommands.length).toBeGreaterThan(3);
    for (const name of withSubcommands.map((d) => d.name))
      expect(refusedWith(await h.standin.rawCommand(ADA, GENERAL, name, []))).toContain("Choose a subcommand");
    h.standin.setLocale({ user: ADA }, "fr");
    expect(refusedWith(await h.standin.rawCommand(ADA, GENERAL, "onze", []))).toContain("Choisissez une sous-commande");
    h.standin.setLocale({ user: ADA }, "en-US");
  });

  it("a user or role option without its resolved object names nobody, and is refused before any change", async () => {
    const kick = await h.standin.rawCommand(MOD, GENERAL, "onexeno kick", [{ name: "player", type: 6, value: "100000000000000002" }]);
    expect(refusedWith(kick)).toContain("Pick `player` from the list");
    const role = await h.standin.rawCommand(MOD, GENERAL, "settings organisers", [{ name: "role", type: 8, value: "400000000000001000" }]);
    expect(refusedWith(role)).toContain("Pick `role` from the list");
    const tournament = await h.standin.rawCommand(MOD, GENERAL, "tournament organisers", [
      { name: "role", type: 8, value: "400000000000001000" },
    ]);
    expect(refusedWith(tournament)).toContain("Pick `role` from the list");
    expect(await h.bot.tournaments.organiserRole(h.standin.guildId)).toBeNull();
    expect(h.log.errors).toEqual([]);
  });

  it("a button's customId sent as a select menu, and a value no menu offered, are refused; the table is as it was", async () => {
    const sb = h.standin;
    await sb.command(ADA, GENERAL, "onze new", { clock: "off", seed: "forged" });
    await sb.command(ADA, GENERAL, "onze bot add", { level: "easy" });
    await sb.command(ADA, GENERAL, "onze bot add", { level: "easy" });
    await sb.command(ADA, GENERAL, "onze start");
    const service = h.bot.service("onze");
    const table = await h.until("Ada's hand button on the table", () =>
      sb.visibleMessages(GENERAL, null).findLast((m) => Harness.ids(m, "zhand").length > 0),
    );
    const before = (await service.get(GENERAL))!.rev;
    // The Onze hand button, sent as a menu choice with a number (it threw in the handler before).
    const asMenu = await sb.select(ADA, table, Harness.idOf(table, "zhand"), ["5"], { forged: true });
    expect(refusedWith(asMenu)).toContain("not one of this control's choices");
    // A menu value the panel never offered.
    const panel = (await sb.command(ADA, GENERAL, "onze hand")).original!;
    const menu = ["zdisc", "zdown", "zlay"].find((v) => Harness.ids(panel, v).length > 0);
    if (menu) {
      const forged = await sb.select(ADA, panel, Harness.idOf(panel, menu), ["not-a-card"], { forged: true });
      expect(refusedWith(forged)).toContain("not one of this control's choices");
    }
    // Nothing moved because of them (computers may have moved on their own: only by their seats).
    const after = await service.get(GENERAL);
    const ada = after!.seats.findIndex((s) => s.userId === ADA);
    expect(after!.moves.slice(before).filter((m) => m.seat === ada)).toEqual([]);
    await h.endTable(ADA, GENERAL);
    expect(h.log.errors).toEqual([]);
  });

  it("what issue 62's fuzzer found: autocompletes that threw and a swap on a challenge answer clearly", async () => {
    const sb = h.standin;
    // /replay's autocomplete with a focused value that is not a string: suggestions, not a throw.
    const replays = await sb.autocomplete(ADA, GENERAL, "replay", { game: 7 }, "game");
    expect(Array.isArray(replays)).toBe(true);
    // /tournament create start: with a lead no Date can hold: the line saying what is understood.
    const start = await sb.autocomplete(MOD, GENERAL, "tournament create", { start: "in 1e20y" }, "start");
    expect(start).toHaveLength(1);
    expect(start[0]!.name).toMatch(/not a time|understood|Discord timestamp/i);
    // /tournament swap on a solitaire challenge: its own refusal, not "Something went wrong".
    const made = await sb.command(MOD, GENERAL, "tournament create", { game: "solitaire", format: "challenge", name: "Swap test" });
    expect(made.original?.visibleTo).toBeUndefined();
    const swap = await sb.command(MOD, GENERAL, "tournament swap", { player: ADA, with: MOD });
    expect(refusedWith(swap)).toContain("A challenge has no tables");
    await sb.command(MOD, GENERAL, "tournament cancel");
    expect(h.log.errors).toEqual([]);
  });
});
