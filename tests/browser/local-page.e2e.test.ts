/**
 * The local page, driven as a person would in a real headless Chromium: open a table, add
 * two computer players, play a whole game by typing slash commands with autocomplete and
 * clicking buttons, check that an ephemeral hand is shown only to its owner, and save a
 * screenshot to tests/__output__/local-page.png.
 */
/* global document: the callbacks below run inside the page. */
declare const document: {
  querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> & Iterable<{ textContent: string | null }>;
};
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ActionRowBuilder, Events, REST, Routes, StringSelectMenuBuilder } from "discord.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADA, BEN, CARD_ROOM, GENERAL, Harness, MOD, THREAD } from "../e2e/harness.ts";
import { lastMessage as lastOn, slash as slashOn, withBrowser } from "./page-helpers.ts";
import { registerCommands } from "../../src/app.ts";
import { onexenoView } from "../../src/games/onexeno/game.ts";
import { scenes } from "../render/scenes.ts";
import { ONEXENO_SCENES } from "../../render/onexeno/scenes.ts";
import { renderPicture } from "../../render/pool.ts";

const h = new Harness({ computerDelayMs: 60 });
const GROUP_DM = "200000000000000010";
let page: Page;
const out = join(import.meta.dirname, "..", "__output__");
const pageErrors: string[] = [];
withBrowser(h, pageErrors, (p) => {
  page = p;
});

/** Types a slash command, picks it from the suggestions, fills options, sends. */
const slash = (path: string, fill?: (page: Page) => Promise<void>) => slashOn(page, path, fill);

/** Picks the first autocomplete choice of option `name` whose text matches `re`; false if none. */
async function pickAutocomplete(name: string, re: RegExp): Promise<boolean> {
  await page.click(`[data-option=${name}]`);
  await page.waitForSelector(".ac-item");
  const items = page.locator(".ac-item");
  const texts = await items.allTextContents();
  const i = texts.findIndex((t) => re.test(t));
  if (i < 0) return false;
  await items.nth(i).click();
  return true;
}

const lastMessage = () => lastOn(page);

describe("local page in Chromium", () => {
  it("plays a whole game against two computer players by typing and clicking", async () => {
    try {
      await playWholeGame();
    } catch (e) {
      mkdirSync(join(out, "..", "__failures__"), { recursive: true });
      await page.screenshot({ path: join(out, "..", "__failures__", "local-page-failure.png") });
      throw e;
    }
  });
});

describe("local page: the command list and several values from one menu", () => {
  it("lists every command grouped by its top-level command, and sends a multi-select's ticked values together", async () => {
    await page.goto("about:blank"); // a new load (a change of the hash alone would not reload the page)
    await page.goto(`${h.standin.url}/#user=${BEN}&channel=${GENERAL}`);
    await page.waitForSelector("body[data-ready]");
    await page.fill("#box", "/");
    const groups = await page.locator(".suggestion-group").allTextContents();
    for (const top of ["/onexeno", "/onze", "/cardeno", "/tournament", "/stats", "/ratings"]) expect(groups).toContain(top);
    expect(await page.locator(".suggestion").count()).toBeGreaterThan(25); // no cap at 25
    await page.fill("#box", "");
    // A menu taking 1 to 3 values (the bot posts it through the real client and REST).
    const seen: { user: string; values: readonly string[] }[] = [];
    h.bot.client.on(Events.InteractionCreate, (i) => {
      if (i.isStringSelectMenu() && i.customId === "look|pick|0") seen.push({ user: i.user.id, values: i.values });
    });
    const channel = await h.bot.client.channels.fetch(GENERAL);
    if (!channel?.isSendable()) throw new Error("no channel");
    await channel.send({
      content: "Pick up to three",
      components: [
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId("look|pick|0")
            .setMinValues(1)
            .setMaxValues(3)
            .addOptions(["a", "b", "c", "d"].map((v) => ({ label: `Piece ${v}`, value: v }))),
        ),
      ],
    });
    const menu = page.locator("fieldset.multi[data-custom-id='look|pick|0']");
    await menu.waitFor();
    await menu.locator("input[value=b]").check();
    await menu.locator("input[value=d]").check();
    await menu.locator("button:text('Choose')").click();
    await expect.poll(() => seen.length, { timeout: 60_000 }).toBe(1);
    expect(seen[0]).toEqual({ user: BEN, values: ["b", "d"] });
    // The answer names the person who chose and what they used (never "clicked a button" under another's message).
    await expect.poll(() => lastMessage().locator(".reply-line").textContent(), { timeout: 60_000 }).toContain("Ben used a menu");
  });
});

describe("local page: the group DM of Ada, Ben and Cleo", () => {
  it("lists it; there Ada (who installed the app) is offered the games but not what needs a server, and Ben, with no install, joins by a click", async () => {
    const sb = h.standin;
    const refusalsFrom = sb.refusals.length;
    // Global commands: what a user install offers in DMs and group DMs.
    await registerCommands({ token: sb.token, apiUrl: sb.apiUrl, applicationId: sb.applicationId, guildId: null });
    await page.goto("about:blank");
    await page.goto(`${sb.url}/#user=${ADA}&channel=${GROUP_DM}`);
    await page.waitForSelector("body[data-ready]");
    expect(await page.locator("#dms li").allTextContents()).toEqual(["@ Ada, Ben, Cleo"]);
    expect(await page.locator("#channel-header").textContent()).toContain("@ Ada, Ben, Cleo");
    await page.fill("#box", "/");
    const groups = await page.locator(".suggestion-group").allTextContents();
    expect(groups).toEqual(expect.arrayContaining(["/onexeno", "/onze", "/history", "/replay"]));
    for (const serverOnly of ["/tournament", "/settings", "/ratings"]) expect(groups).not.toContain(serverOnly);
    await page.fill("#box", "");
    await slash("onexeno new", async (p) => {
      await p.selectOption("[data-option=game]", "basic");
    });
    await page.waitForSelector("button.component:text('Join')");
    // Ben has not installed the app: his client offers no command here, but he may click the bot's buttons.
    await page.goto("about:blank");
    await page.goto(`${sb.url}/#user=${BEN}&channel=${GROUP_DM}`);
    await page.waitForSelector("body[data-ready]");
    await page.fill("#box", "/");
    expect(await page.locator(".suggestion").count()).toBe(0);
    await page.fill("#box", "");
    await lastMessage().locator("button:text('Join')").click();
    await expect.poll(() => lastMessage().textContent(), { timeout: 60_000 }).toContain("Ben");
    const rec = await h.bot.service("onexeno").get(GROUP_DM);
    expect(rec?.seats.map((x) => x.userId)).toEqual([ADA, BEN]);
    expect(sb.refusals.slice(refusalsFrom)).toEqual([]);
    mkdirSync(out, { recursive: true });
    await page.screenshot({ path: join(out, "local-page-group-dm.png") });
    await h.bot.service("onexeno").end(GROUP_DM, ADA, true);
    // The guild's commands alone again (global ones show in the guild too, as on Discord).
    await new REST({ api: sb.apiUrl }).setToken(sb.token).put(Routes.applicationCommands(sb.applicationId), { body: [] });
  });
});

describe("local page: a Components V2 message", () => {
  it("draws it as Discord does: one card with its heading, the picture with its alt text, the players' line and the buttons", async () => {
    await page.goto("about:blank");
    await page.goto(`${h.standin.url}/#user=${BEN}&channel=${CARD_ROOM}`);
    await page.waitForSelector("body[data-ready]");
    const closed = scenes().closed!;
    const png = await renderPicture(ONEXENO_SCENES.job("table", { view: onexenoView(closed.state, null), names: closed.names }));
    await h.bot.client.rest.post(Routes.channelMessages(CARD_ROOM), {
      body: {
        flags: 1 << 15,
        components: [
          {
            type: 17,
            accent_color: 0x2f7d4f,
            components: [
              { type: 10, content: "## ONEXENO · round 1\nAda to play" },
              { type: 12, items: [{ media: { url: "attachment://table.png" }, description: "The field: 5 by 5, closed" }] },
              { type: 10, content: "Ada 12 · Ben 9 · Cleo 7\n-# Ben played 23 at 2,1" },
              { type: 1, components: [{ type: 2, style: 1, label: "My hand", custom_id: "v2|hand" }] },
            ],
          },
        ],
        attachments: [{ id: "0", filename: "table.png" }],
      },
      files: [{ name: "table.png", data: png, contentType: "image/png" }],
    });
    const card = lastMessage().locator(".container");
    await card.waitFor();
    expect(await card.locator(".gallery img").getAttribute("alt")).toBe("The field: 5 by 5, closed");
    expect(await card.locator(".text-display").first().textContent()).toContain("Ada to play");
    expect(await card.locator("button.component").textContent()).toBe("My hand");
    await expect
      .poll(() => card.locator(".gallery img").evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    mkdirSync(out, { recursive: true });
    await lastMessage().screenshot({ path: join(out, "v2-table-message.png") });
  });
});

describe("local page: an answer Discord refuses", () => {
  it("shows \"This interaction failed\", as Discord's client does, when the bot's answer meets a 429", async () => {
    await page.goto("about:blank");
    await page.goto(`${h.standin.url}/#user=${BEN}&channel=${CARD_ROOM}`);
    await page.waitForSelector("body[data-ready]");
    // The bot's answer to the next interaction is refused (rate limited for 4 s): past Discord's
    // 3 s it can no longer answer, and the person sees the words Discord's client shows.
    const remove = h.standin.faults.add({
      method: "POST",
      route: /^\/interactions\/[^/]+\/[^/]+\/callback$/,
      status: 429,
      times: 1,
      retryAfter: 4,
    });
    try {
      await slash("onexeno rules");
      await expect.poll(() => page.locator("#failed").isVisible(), { timeout: 60_000 }).toBe(true);
      expect(await page.locator("#failed").textContent()).toBe("This interaction failed");
      mkdirSync(out, { recursive: true });
      await page.screenshot({ path: join(out, "interaction-failed.png") });
    } finally {
      remove();
    }
  });
});

describe("local page: pickers for channel, role and member options", () => {
  it("drives /settings channels, /tournament organisers and kick with the pickers Discord's client has", async () => {
    // A fresh load: the page reads its user and channel from the address once.
    await page.goto("about:blank");
    await page.goto(`${h.standin.url}/#user=${MOD}&channel=${GENERAL}`);
    await page.waitForSelector("body[data-ready]");
    // The channel picker offers the option's channel types only: text channels, not the thread.
    await slash("settings channels", async (p) => {
      await p.selectOption("[data-option=action]", "allow");
      const offered = await p.locator("[data-option=channel] option").allTextContents();
      expect(offered).toContain("#card-room");
      expect(offered).not.toContain("#friday-game");
      await p.selectOption("[data-option=channel]", CARD_ROOM);
    });
    await expect.poll(() => lastMessage().textContent()).toContain("Tables may be opened in");
    expect(await lastMessage().textContent()).toContain("card-room");
    await slash("settings channels", async (p) => {
      await p.selectOption("[data-option=action]", "everywhere");
    });
    await expect.poll(() => lastMessage().textContent()).toContain("Tables may now be opened in every channel");
    await slash("tournament organisers", async (p) => {
      await p.selectOption("[data-option=role]", { label: "@Organisers" });
    });
    await expect.poll(() => lastMessage().textContent()).toContain("Organisers");
    // A member picked from the list: Ada, the host, removes Ben from her lobby.
    await page.goto("about:blank");
    await page.goto(`${h.standin.url}/#user=${ADA}&channel=${CARD_ROOM}`);
    await page.waitForSelector("body[data-ready]");
    await slash("onexeno new", async (p) => {
      await p.selectOption("[data-option=game]", "basic");
    });
    // The lobby names its join command by mention, shown as the client shows it.
    await expect.poll(() => page.locator("article.message .mention.command").last().textContent()).toBe("/onexeno join");
    await h.standin.command(BEN, CARD_ROOM, "onexeno join");
    await slash("onexeno kick", async (p) => {
      await p.selectOption("[data-option=player]", BEN);
    });
    await expect
      .poll(async () => (await page.locator("article.message").allTextContents()).some((t) => t.includes("Ben was removed by the host")))
      .toBe(true);
    expect((await h.bot.service("onexeno").get(CARD_ROOM))?.seats.map((x) => x.userId)).toEqual([ADA]);
    mkdirSync(out, { recursive: true });
    await page.screenshot({ path: join(out, "local-page-pickers.png") });
    expect(pageErrors).toEqual([]);
  });
});

describe("local page: the acting user's language", () => {
  it("shows the commands in the chosen language, and the bot answers that user in it", async () => {
    await page.goto("about:blank");
    await page.goto(`${h.standin.url}/#user=${BEN}&channel=${THREAD}`);
    await page.waitForSelector("body[data-ready]");
    await page.selectOption("#locale", "fr");
    await page.waitForSelector("body[data-locale='fr']");
    expect(h.standin.user(BEN).locale).toBe("fr");
    // Discord's picker in French: the localized names and descriptions, typed in French.
    await page.fill("#box", "/onze nouv");
    const shown = page.locator(".suggestion[data-path='onze new']");
    expect(await shown.textContent()).toContain("/onze nouvelle");
    expect(await shown.textContent()).toContain("Ouvrir une table de Onze dans ce salon");
    await page.fill("#box", "/onze rej");
    await page.click(".suggestion[data-path='onze join']");
    expect(await page.locator("#command-chip").textContent()).toBe("/onze rejoindre");
    await page.click("#send");
    // No table in this thread: the bot says so in French, privately.
    await expect.poll(() => lastMessage().textContent(), { timeout: 60_000 }).toContain("Il n'y a pas encore de table ici.");
    expect(await lastMessage().getAttribute("class")).toContain("ephemeral");
    mkdirSync(out, { recursive: true });
    await page.screenshot({ path: join(out, "local-page-fr.png") });
    await page.selectOption("#locale", "en-US");
    await page.waitForSelector("body[data-locale='en-US']");
    expect(h.standin.user(BEN).locale).toBe("en-US");
  });
});

async function playWholeGame(): Promise<void> {
  {
    await page.goto(`${h.standin.url}/#user=${ADA}&channel=${GENERAL}`);
    await page.waitForSelector("body[data-ready]");
    await slash("onexeno new", async (p) => {
      await p.selectOption("[data-option=game]", "basic");
    });
    await page.waitForSelector("button.component:text('Add computer player')");

    for (let i = 0; i < 2; i++) {
      const count = await page.locator("article.message").count();
      await lastMessage().locator("button:text('Add computer player')").click();
      await page.waitForFunction((n) => document.querySelectorAll("article.message").length > n, count);
    }
    await expect.poll(() => lastMessage().textContent(), { timeout: 60_000 }).toContain("Computer 2");
    await lastMessage().locator("button:text('Start')").click();

    let turns = 0;
    let handChecked = false;
    let seenRev = "";
    for (; turns < 200; turns++) {
      // Wait for a table newer than the one acted on last: over, or Ada's turn on a new revision
      // (the revision is in the Pass button's customId), so an old picture is never acted on.
      const handle = await page.waitForFunction(
        (prev) => {
          const msgs = [...document.querySelectorAll("article.message:not(.ephemeral)")] as unknown as {
            textContent: string | null;
            querySelector(s: string): { getAttribute(a: string): string | null } | null;
          }[];
          const last = msgs.at(-1);
          const t = last?.textContent ?? "";
          if (t.includes("Session over")) return "over";
          const rev = last?.querySelector("button[data-custom-id^='ox1|pass|']")?.getAttribute("data-custom-id") ?? "";
          return t.includes("@Ada, your turn") && rev !== prev ? rev : false;
        },
        seenRev,
        { timeout: 60_000 },
      );
      const state = (await handle.jsonValue()) as string;
      if (turns === 0) {
        // Messages are updated in place: once the lobby has become a one-line record, its DOM
        // node is marked, and it must be the very same node at the end of the game.
        await page.waitForFunction(() => {
          const first = (
            globalThis as unknown as {
              document: { querySelector(s: string): { querySelector(s: string): unknown; dataset: Record<string, string> } | null };
            }
          ).document.querySelector("article.message");
          if (!first || first.querySelector("button, img")) return false;
          first.dataset.kept = "yes";
          return true;
        });
      }
      if (state === "over") break;
      seenRev = state;
      if (!handChecked) {
        await page.locator("article.message:not(.ephemeral)").last().locator("button:text('My hand')").click();
        await page.waitForSelector("article.message.ephemeral img[alt^='Your hand']");
        expect(await page.locator("article.message.ephemeral").last().textContent()).toContain("Only you can see this");
        // Ben looks at the same channel: Ada's hand is not there for him.
        await page.selectOption("#user", BEN);
        await page.waitForFunction(() => document.querySelectorAll("article.message.ephemeral").length === 0);
        expect(await page.locator("img[alt^='Your hand']").count()).toBe(0);
        await page.selectOption("#user", ADA);
        await page.waitForSelector("article.message.ephemeral");
        handChecked = true;
      }
      await page.fill("#box", "/onexeno play");
      await page.click(".suggestion[data-path='onexeno play']");
      const playable = await pickAutocomplete("card", /\d+ places?/);
      if (!playable) {
        await page.click("#cancel-command");
        await page.locator(`button[data-custom-id='${seenRev}']`).last().click();
        continue;
      }
      expect(await pickAutocomplete("at", /^[A-Z]\d/)).toBe(true);
      await page.click("#send");
    }
    const final = (await page.locator("article.message:not(.ephemeral)").last().textContent()) ?? "";
    expect(final).toContain("Session over");
    expect(await page.locator("article.message[data-kept='yes']").count()).toBe(1);
    // One current picture per table: every older table message is a one-line record.
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll(
          "article.message:not(.ephemeral) .attachment img, article.message:not(.ephemeral) .gallery img",
        ).length === 1,
    );
    expect(await page.locator("article.message:not(.ephemeral) .subtext").count()).toBeGreaterThan(10);
    expect(turns).toBeGreaterThan(3);
    expect(handChecked).toBe(true);
    mkdirSync(out, { recursive: true });
    await page.screenshot({ path: join(out, "local-page.png") });
    const rec = await h.bot.service("onexeno").get(GENERAL);
    expect(rec?.status).toBe("over");

    // A channel mention is a link that opens the channel: solitaire announces its thread.
    await slash("onexeno new", async (p) => {
      await p.selectOption("[data-option=game]", "solitaire");
    });
    // Drawn as #unknown if the message came before the thread did, then with its name, as Discord's client does.
    const link = page.locator("article.message a.channel-link", { hasText: "solitaire" }).last();
    await link.waitFor();
    const threadName = ((await link.textContent()) ?? "").replace(/^#/, "");
    expect(threadName).toContain("solitaire");
    await link.click();
    await page.waitForFunction(
      (name) =>
        (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }).document.querySelector(
          "#channel-name",
        )?.textContent === name,
      threadName,
    );
    await page.waitForSelector("button.component:text('Draw 3')");
    expect(h.log.errors).toEqual([]);
    expect(pageErrors).toEqual([]);
  }
}
