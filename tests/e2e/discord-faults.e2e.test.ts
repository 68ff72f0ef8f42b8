/**
 * The reply path under Discord's rules and faults, through the real discord.js client on the
 * strict stand-in: autocomplete values of the option's type in every state, an answer for
 * every component, clear refusals of bad option values, saved moves that still reach the
 * channel when replies or posts fail, and interactions delivered too late.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OptionDef } from "../../src/standin/limits.ts";
import { valueFitsType } from "../../src/standin/limits.ts";
import { ADA, BEN, CARD_ROOM, CLEO, GENERAL, Harness, THREAD } from "./harness.ts";
import { said } from "../helpers/message.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
});
afterAll(async () => {
  await h.close();
});

/** Every autocomplete option of every registered command: its path and definition. */
function autocompleteOptions(): { path: string; def: OptionDef }[] {
  const out: { path: string; def: OptionDef }[] = [];
  const walk = (path: string, options: readonly OptionDef[] | undefined) => {
    for (const o of options ?? []) {
      if (o.type === 1 || o.type === 2) walk(`${path} ${o.name}`, o.options);
      else if (o.autocomplete) out.push({ path, def: o });
    }
  };
  for (const cmd of [...(h.standin.commands.get(h.standin.guildId) ?? []), ...(h.standin.commands.get("global") ?? [])]) {
    walk(String(cmd.name), cmd.options as OptionDef[] | undefined);
  }
  return out;
}

/** Asks every autocomplete option, as every user, and checks what comes back. */
async function walkAutocomplete(channelId: string, state: string): Promise<number> {
  let asked = 0;
  for (const { path, def } of autocompleteOptions()) {
    for (const user of [ADA, BEN, CLEO]) {
      for (const typed of ["", "3", "zz"]) {
        const options: Record<string, string | number> = def.type === 4 ? {} : { [def.name]: typed };
        if (def.type === 4) options[def.name] = typed === "3" ? 3 : 1;
        // The stand-in refuses (and the interaction fails) if a value has the wrong type.
        const choices = await h.standin.autocomplete(user, channelId, path, options, def.name);
        asked++;
        expect(choices.length, `${state} ${path} ${def.name}`).toBeLessThanOrEqual(25);
        for (const c of choices) {
          expect(valueFitsType(def.type, c.value), `${state}: ${path} ${def.name} -> ${JSON.stringify(c)}`).toBe(true);
          expect(c.name.length).toBeGreaterThan(0);
          expect(c.name.length).toBeLessThanOrEqual(100);
          if (typeof c.value === "string") expect(c.value.length).toBeLessThanOrEqual(100);
        }
      }
    }
  }
  return asked;
}

const table = async (channelId: string) => (await h.bot.service("onexeno").get(channelId)) ?? null;

describe("the reply path on a strict Discord", () => {
  it("answers every autocomplete option with values of its type in every state", async () => {
    const sb = h.standin;
    expect(autocompleteOptions().map((o) => `${o.path} ${o.def.name}`)).toEqual(
      expect.arrayContaining(["onexeno play card", "onexeno play at", "onexeno take count", "onexeno meld cards", "onexeno discard card"]),
    );
    let asked = await walkAutocomplete(CARD_ROOM, "no table");
    await sb.command(ADA, CARD_ROOM, "onexeno new", { game: "basic" });
    asked += await walkAutocomplete(CARD_ROOM, "lobby");
    await sb.command(BEN, CARD_ROOM, "onexeno join");
    await sb.command(ADA, CARD_ROOM, "onexeno start");
    asked += await walkAutocomplete(CARD_ROOM, "playing (Cleo not seated)");
    await h.bot.service("onexeno").update(CARD_ROOM, (r) => (r ? { ...r, status: "over" } : r));
    asked += await walkAutocomplete(CARD_ROOM, "over");
    await h.endTable(ADA, CARD_ROOM);
    await sb.command(ADA, CARD_ROOM, "onexeno new", { game: "canasta" });
    asked += await walkAutocomplete(CARD_ROOM, "canasta lobby");
    await sb.command(BEN, CARD_ROOM, "onexeno join");
    await sb.command(ADA, CARD_ROOM, "onexeno start");
    asked += await walkAutocomplete(CARD_ROOM, "canasta playing");
    await h.endTable(ADA, CARD_ROOM);
    expect(asked).toBeGreaterThan(100);
    expect(sb.refusals).toEqual([]);
    expect(h.log.errors).toEqual([]);
  });

  it("answers every component, even one whose customId names a select-only action", async () => {
    const sb = h.standin;
    await sb.command(ADA, THREAD, "onexeno new", { game: "basic" });
    await sb.command(BEN, THREAD, "onexeno join");
    await sb.command(ADA, THREAD, "onexeno start");
    const live = h.latestPublic(THREAD);
    const rec = await table(THREAD);
    // Clicks of buttons the message does not show (forged: no client sends them) are answered too.
    for (const customId of [`ox1|place|${rec!.rev}|1`, `ox1|card|${rec!.rev}`, "ox1|cmeld|1", "zz9|foreign|1", "ox1|nonsense|1"]) {
      const r = await sb.click(ADA, live, customId, { forged: true });
      expect(r.callbackType, customId).not.toBeNull();
      expect(r.original?.visibleTo, customId).toBe(ADA);
      expect(said(r.original), customId).toMatch(/^❌/);
    }
    // A select sent on a button's customId (a forged interaction: no client sends it) is answered too.
    const r = await sb.select(ADA, live, `ox1|pass|${rec!.rev}`, ["x"], { forged: true });
    expect(r.callbackType).not.toBeNull();
    expect((await table(THREAD))!.rev).toBeGreaterThanOrEqual(rec!.rev);
    expect(h.log.errors).toEqual([]);
    await h.endTable(ADA, THREAD);
  });

  it("refuses bad option values with a clear ephemeral message and changes nothing", async () => {
    const sb = h.standin;
    const cases: { path: string; leaf: { name: string; type: number; value: string | number | boolean }[]; says: RegExp }[] = [
      { path: "onexeno rules", leaf: [{ name: "game", type: 3, value: "chess" }], says: /`game` must be one of/ },
      { path: "onexeno new", leaf: [], says: /Fill in `game`/ },
      {
        path: "onexeno new",
        leaf: [
          { name: "game", type: 3, value: "basic" },
          { name: "hands", type: 4, value: "three" },
        ],
        says: /`hands` takes a whole number/,
      },
      {
        path: "onexeno new",
        leaf: [
          { name: "game", type: 3, value: "basic" },
          { name: "hands", type: 4, value: 2.5 },
        ],
        says: /`hands` takes a whole number/,
      },
      {
        path: "onexeno new",
        leaf: [
          { name: "game", type: 3, value: "basic" },
          { name: "seed", type: 3, value: "x".repeat(41) },
        ],
        says: /`seed` takes at most 40/,
      },
      {
        path: "onexeno new",
        leaf: [
          { name: "game", type: 3, value: "basic" },
          { name: "hands", type: 4, value: 99 },
        ],
        says: /`hands` must be between 1 and/,
      },
      { path: "onexeno new", leaf: [{ name: "game", type: 3, value: "poker" }], says: /`game` must be one of/ },
      { path: "onexeno take", leaf: [], says: /Fill in `count`/ },
      {
        path: "onexeno new",
        leaf: [
          { name: "game", type: 3, value: "basic" },
          { name: "colour", type: 3, value: "red" },
        ],
        says: /`colour` is not an option/,
      },
    ];
    for (const c of cases) {
      const r = await sb.rawCommand(ADA, GENERAL, c.path, c.leaf);
      expect(r.original?.visibleTo, c.path).toBe(ADA);
      expect(said(r.original), JSON.stringify(c.leaf)).toMatch(c.says);
    }
    expect(await table(GENERAL)).toBeNull();
    expect(h.log.errors).toEqual([]);
  });

  it("posts a saved move's table in the channel when its reply fails, and never says nothing changed", async () => {
    const sb = h.standin;
    const mover = await h.startTwoPlayer(GENERAL);
    const before = (await table(GENERAL))!;
    const posted = sb.visibleMessages(GENERAL, null).length;
    // Four 500s: more than discord.js retries (3), so the callback fails for good.
    sb.faults.add({ method: "POST", route: /^\/interactions\/[^/]+\/[^/]+\/callback$/, status: 500, times: 4 });
    const r = await sb.command(mover, GENERAL, "onexeno pass", {}, { allowFailure: true });
    expect(r.callbackType).toBeNull();
    expect(sb.faults.pending).toBe(0);
    const after = (await table(GENERAL))!;
    expect(after.moves).toHaveLength(before.moves.length + 1); // applied once
    const shown = await h.waitForPublic(
      GENERAL,
      (m) => m.attachments.some((a) => a.filename === "table.png") && sb.visibleMessages(GENERAL, null).length > posted,
    );
    expect(said(shown)).toContain("passed");
    expect(Harness.idOf(shown, "pass")).toContain(`|${after.rev}`);
    const everything = [...(sb.messages.get(GENERAL) ?? [])].map((m) => said(m)).join("\n");
    expect(everything).not.toMatch(/unchanged/i);
    expect(h.log.errors).toEqual([]);
    await h.endTable(ADA, GENERAL);
  });

  it("keeps a game against computers going when channel posts fail, and shows the table once Discord recovers", async () => {
    const sb = h.standin;
    await sb.command(ADA, CARD_ROOM, "onexeno new", { game: "basic" });
    await sb.command(ADA, CARD_ROOM, "onexeno bot add", { level: "easy" });
    await sb.command(ADA, CARD_ROOM, "onexeno bot add", { level: "normal" });
    const injectedBefore = sb.faults.injected;
    sb.faults.add({ method: "POST", route: /^\/channels\/\d+\/messages$/, status: 502, times: 8 });
    await sb.command(ADA, CARD_ROOM, "onexeno start");
    let adaMoves = 0;
    for (;;) {
      const rec = await h.until("Ada's turn or the end", async () => {
        const r = await table(CARD_ROOM);
        return r && (r.status === "over" || r.state?.turn === 0) ? r : null;
      });
      if (rec.status === "over") break;
      const r = await sb.command(ADA, CARD_ROOM, "onexeno pass", {}, { allowFailure: true });
      if (r.original?.visibleTo === ADA) {
        // An empty table refuses a pass: place in the centre instead.
        const cards = await sb.autocomplete(ADA, CARD_ROOM, "onexeno play", { card: "" }, "card");
        const at = await sb.autocomplete(ADA, CARD_ROOM, "onexeno play", { card: String(cards[0]!.value), at: "" }, "at");
        await sb.command(ADA, CARD_ROOM, "onexeno play", { card: String(cards[0]!.value), at: String(at[0]!.value) });
      }
      adaMoves++;
      expect(adaMoves).toBeLessThan(200);
    }
    expect(sb.faults.injected - injectedBefore).toBe(8);
    await h.waitForPublic(CARD_ROOM, (m) => said(m).includes("Session over"));
    const rec = (await table(CARD_ROOM))!;
    expect(rec.moves.filter((m) => m.seat !== 0).length).toBeGreaterThan(3);
    expect(h.log.errors).toEqual([]);
  });

  it("changes nothing on an interaction delivered after its window, and answers late autocompletes quietly", async () => {
    const sb = h.standin;
    const mover = await h.startTwoPlayer(GENERAL);
    const before = (await table(GENERAL))!;
    const posted = sb.visibleMessages(GENERAL, null).length;
    // A pass made 7 s ago, delivered now (as after a stalled gateway connection).
    const late = await sb.command(mover, GENERAL, "onexeno pass", {}, { ageMs: 7000, allowFailure: true });
    expect(late.callbackType).toBeNull();
    expect(late.expired).toBe(true);
    expect((await table(GENERAL))!.rev).toBe(before.rev);
    expect(sb.visibleMessages(GENERAL, null)).toHaveLength(posted);
    // Old buttons and autocompletes alike.
    const lateClick = await sb.click(mover, h.latestPublic(GENERAL), Harness.idOf(h.latestPublic(GENERAL), "pass"), {
      ageMs: 5000,
      allowFailure: true,
    });
    expect(lateClick.expired).toBe(true);
    expect((await table(GENERAL))!.rev).toBe(before.rev);
    const choices = await sb.autocomplete(mover, GENERAL, "onexeno play", { card: "" }, "card", { ageMs: 4000, allowFailure: true });
    expect(choices).toEqual([]);
    expect(h.log.errors).toEqual([]);
    // The bot notes them as it handles them (after claiming their guild): wait for the note, not for luck.
    await h.until("the late interactions noted", () => h.log.infos.some((m) => m.includes("not acted on")) || null);
  });

  it("after a dropped gateway connection, RESUME replays the interaction: it is either answered and applied, or neither", async () => {
    const sb = h.standin;
    const before = (await table(GENERAL))!;
    const mover = before.seats[before.state!.turn]!.userId;
    const resumes = sb.stats.resumes;
    sb.dropGateway();
    const r = await sb.command(mover, GENERAL, "onexeno pass", {}, { allowFailure: true });
    await h.until("the bot to resume", () => sb.stats.resumes > resumes && sb.connectedBots > 0);
    const after = (await table(GENERAL))!;
    if (r.callbackType === null) {
      expect(after.rev).toBe(before.rev);
    } else {
      expect(after.moves).toHaveLength(before.moves.length + 1);
      expect(said(r.original)).toContain("passed");
    }
    expect(h.log.errors).toEqual([]);
  });
});
