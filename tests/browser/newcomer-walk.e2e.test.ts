/**
 * A newcomer's evening on the local page (issue 63), replayed in a real headless Chromium, one
 * step after another on one bot and one stand-in: the first minute (a greeting, chat, `/help`),
 * Onze's buy window as the player to move and as another player see it, leaving mid-game with
 * its private confirm, Play again keeping the finished game's result and its host, a tournament's
 * export as downloads, `npm start` again keeping the channel, and the French hand picture. Each
 * step saves a screenshot to tests/__output__/walk-*.png. Moves the step does not look at are
 * made through the stand-in's API, as other players would make them.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { REST, Routes } from "discord.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADA, BEN, CARD_ROOM, MOD, Harness } from "../e2e/harness.ts";
import { lastEphemeral, lastMessage, lastPublic, openAs, slash, withBrowser } from "./page-helpers.ts";
import type { AnyTable } from "../../src/bot/tables.ts";
import type { OnzeState } from "../../src/games/onze/game.ts";

const h = new Harness({ computerDelayMs: 60, keepStandin: true });
let page: Page;
const out = join(import.meta.dirname, "..", "__output__");
const pageErrors: string[] = [];
withBrowser(h, pageErrors, (p) => {
  page = p;
  mkdirSync(out, { recursive: true });
});

/** Saves the page, or one message of it, as tests/__output__/walk-`name`.png. */
const shot = (name: string, what: Page | ReturnType<Page["locator"]> = page) => what.screenshot({ path: join(out, `walk-${name}.png`) });

/** The Onze table of `channel`, as stored. */
const onzeOf = async (channel: string) => (await h.bot.games.get("onze")!.get(channel)) as (AnyTable & { state: OnzeState }) | undefined;

describe("a newcomer's evening on the local page", () => {
  it("the first minute: a greeting in an empty channel, chat between friends, /help privately, a ping from another channel", async () => {
    const sb = h.standin;
    const fresh = sb.createThread(CARD_ROOM, "first minute").id;
    const other = sb.createThread(CARD_ROOM, "other game").id;
    await openAs(page, sb.url, ADA, fresh);
    // The empty channel's greeting says what to type.
    await expect.poll(() => page.locator("#greeting").isVisible()).toBe(true);
    expect(await page.locator("#greeting").textContent()).toContain("/help");
    expect(await page.locator("#greeting-title").textContent()).toBe("Welcome to #first minute!");
    // Plain words are a chat message by Ada (no BOT tag), and the greeting goes.
    await page.fill("#box", "hello, who wants a game?");
    await page.click("#send");
    await expect.poll(() => lastMessage(page).textContent()).toContain("hello, who wants a game?");
    expect(await lastMessage(page).locator(".author").textContent()).toBe("Ada");
    expect(await lastMessage(page).locator(".bot-tag").count()).toBe(0);
    expect(await page.locator("#greeting").isVisible()).toBe(false);
    expect(sb.visibleMessages(fresh, null).at(-1)).toMatchObject({ content: "hello, who wants a game?", author: { id: ADA } });
    // /help: five things to try, only for Ada, each a command by name.
    await slash(page, "help");
    await expect.poll(() => lastMessage(page).textContent()).toContain("five things to try");
    const help = (await lastMessage(page).textContent()) ?? "";
    expect(help).toContain("Only you can see this");
    for (const cmd of ["/onexeno", "/onze", "/cardeno", "/tournament"]) expect(help).toContain(cmd);
    // A turn that begins in another channel pings Ada there: that channel gets a mention badge
    // until she opens it, as Discord shows it (two games at once).
    const rest = new REST({ api: sb.apiUrl }).setToken(sb.token);
    await rest.post(Routes.channelMessages(other), { body: { content: `<@${ADA}>, your turn: place a card.` } });
    const badge = page.locator(`li[data-channel='${other}'] .mention-badge`);
    await expect.poll(() => badge.count()).toBe(1);
    expect(await page.locator(`li[data-channel='${fresh}'] .mention-badge`).count()).toBe(0);
    await shot("first-minute");
    await page.click(`li[data-channel='${other}']`);
    await expect.poll(() => badge.count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  const ONZE = { channel: "" };
  it("Onze's buy window: the player to move reads that it is for the others; another player buys from the panel", async () => {
    const sb = h.standin;
    const thread = sb.createThread(CARD_ROOM, "onze evening").id;
    ONZE.channel = thread;
    await sb.command(ADA, thread, "onze new", { clock: "off", seed: "walk-onze" });
    await sb.command(BEN, thread, "onze join");
    await sb.command(ADA, thread, "onze bot add", { level: "easy" });
    await sb.command(ADA, thread, "onze start");
    // Played as people do until a person draws from the stock and passes over the discard.
    let sale: (AnyTable & { state: OnzeState }) | undefined;
    for (let i = 0; i < 300 && !sale; i++) {
      const rec = await h.until("the Onze table", () => onzeOf(thread));
      const s = rec.state;
      const mover = rec.seats[s.turn]!;
      if (!mover.computer && s.forSale !== null) sale = rec;
      else if (mover.computer) await h.until("the computer's move", async () => ((await onzeOf(thread))!.rev > rec.rev ? true : null));
      else if (s.phase === "draw") await sb.command(mover.userId!, thread, "onze draw");
      else {
        const cards = await sb.autocomplete(mover.userId!, thread, "onze discard", { card: "" }, "card");
        await sb.command(mover.userId!, thread, "onze discard", { card: String(cards[0]!.value) });
      }
    }
    if (!sale) throw new Error("nobody passed over a discard");
    const mover = sale.seats[sale.state.turn]!;
    const buyer = sale.seats.find((x) => !x.computer && x.userId !== mover.userId && sale.seats.indexOf(x) !== sale.state.discardedBy)!;
    // The player to move: the sale says whom it is for; their own hand offers no Buy.
    await openAs(page, sb.url, mover.userId!, thread);
    await expect.poll(() => lastPublic(page).textContent()).toContain("is for sale");
    const line = (await lastPublic(page).textContent()) ?? "";
    expect(line).toContain(`until ${mover.name} discards`);
    expect(line).toContain(`No thanks, for ${buyer.name}.`);
    await lastPublic(page).locator("button:text('My hand')").click();
    await expect.poll(() => lastMessage(page).getAttribute("class")).toContain("ephemeral");
    await expect.poll(() => lastMessage(page).locator("img").count()).toBeGreaterThan(0);
    expect(await lastMessage(page).locator("button:has-text('Buy')").count()).toBe(0);
    await shot("onze-sale-mover");
    // Another player: the same line, and their hand offers Buy and No thanks.
    await openAs(page, sb.url, buyer.userId!, thread);
    await expect.poll(() => lastPublic(page).textContent()).toContain("is for sale");
    await lastPublic(page).locator("button:text('My hand')").click();
    await expect.poll(() => lastMessage(page).locator("button:has-text('Buy')").count()).toBe(1);
    expect(await lastMessage(page).locator("button:text('No thanks')").count()).toBe(1);
    await shot("onze-sale-other");
    await lastMessage(page).locator("button:has-text('Buy')").click();
    await expect.poll(async () => (await onzeOf(thread))!.state.claims.includes(sale.seats.indexOf(buyer))).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it("leaving mid-game asks privately first; then a computer plays the seat", async () => {
    const sb = h.standin;
    const thread = ONZE.channel;
    await openAs(page, sb.url, ADA, thread);
    await slash(page, "onze leave");
    await expect.poll(() => lastMessage(page).textContent()).toContain("Leave this game? A computer plays your seat to the end.");
    expect(await lastMessage(page).getAttribute("class")).toContain("ephemeral");
    // Nothing changed yet.
    expect((await onzeOf(thread))!.seats.some((x) => x.userId === ADA)).toBe(true);
    await shot("leave-asked");
    await lastMessage(page).locator("button:text('Leave the game')").click();
    await expect.poll(() => lastEphemeral(page).textContent()).toContain("Done: you left the game.");
    await expect.poll(async () => (await onzeOf(thread))!.seats.some((x) => x.userId === ADA)).toBe(false);
    await expect
      .poll(() => page.locator("article.message:not(.ephemeral)").allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining("Ada left")]));
    // Her hand panel, open since the sale, says it closed: nothing there looks live any more.
    const panel = page.locator("article.message.ephemeral", { hasText: "you no longer have a seat at this table" });
    await expect.poll(() => panel.count()).toBe(1);
    expect(await panel.locator("button").count()).toBe(0);
    expect(await page.locator("article.message.ephemeral button:has-text('Withdraw')").count()).toBe(0);
    await shot("leave-done");
    expect(pageErrors).toEqual([]);
  });

  it("Play again, pressed by a guest: the finished game keeps its result, the host stays the host", async () => {
    const sb = h.standin;
    const thread = sb.createThread(CARD_ROOM, "one hand").id;
    await sb.command(ADA, thread, "onexeno new", { game: "basic", hands: 1, clock: "off" });
    await sb.command(BEN, thread, "onexeno join");
    await sb.command(ADA, thread, "onexeno start");
    const service = h.bot.service("onexeno");
    for (let i = 0; i < 200; i++) {
      const rec = await service.get(thread);
      if (!rec?.state || rec.status !== "playing") break;
      await h.playTurn(rec.seats[rec.state.turn]!.userId!, thread);
    }
    expect((await service.get(thread))?.status).toBe("over");
    await openAs(page, sb.url, BEN, thread);
    await expect.poll(() => lastPublic(page).textContent()).toContain("Session over");
    const result = (await lastPublic(page).textContent()) ?? "";
    const final = await lastPublic(page).getAttribute("data-message");
    await lastPublic(page).locator("button:text('Play again')").click();
    await expect.poll(() => lastPublic(page).textContent()).toContain("Ben deals again");
    expect(await lastPublic(page).textContent()).toContain("Ready: only Ada, the host, can press Start");
    // The finished game's message still says how it ended (its winner line, not a hand's result).
    const kept = (await page.locator(`article.message[data-message='${final}']`).textContent()) ?? "";
    const winner = /Winner: [^.]+/.exec(result)?.[0];
    expect(winner, result).toBeDefined();
    expect(kept).toContain(winner);
    await shot("play-again");
    expect(pageErrors).toEqual([]);
  });

  it("a tournament's export: the CSV and the records come as named downloads", async () => {
    const sb = h.standin;
    await sb.command(MOD, CARD_ROOM, "tournament create", { game: "onexeno-basic", format: "swiss", rounds: 1, name: "Walk cup" });
    await openAs(page, sb.url, MOD, CARD_ROOM);
    await slash(page, "tournament export");
    await expect.poll(() => lastMessage(page).locator("a.file").count()).toBe(2);
    const names = await lastMessage(page)
      .locator("a.file")
      .evaluateAll((as) => as.map((a) => a.getAttribute("download")));
    const id = names[0]?.replace(/\.csv$/, "") ?? "";
    expect(names).toEqual([`${id}.csv`, `${id}-records.json`]);
    expect(id).toBe((await h.bot.tournaments.list(sb.guildId)).find((t) => t.name === "Walk cup")?.id);
    expect(await lastMessage(page).locator("img").count()).toBe(0);
    await shot("export", lastMessage(page));
    expect(pageErrors).toEqual([]);
  });

  it("npm start again: the channel keeps its messages and pictures, and the game goes on", async () => {
    const sb = h.standin;
    const thread = ONZE.channel;
    const before = sb.visibleMessages(thread, null).map((m) => m.id);
    expect(before.length).toBeGreaterThan(3);
    await h.restartAll();
    const again = h.standin;
    expect(again).not.toBe(sb);
    await openAs(page, again.url, BEN, thread);
    await expect.poll(() => page.locator("article.message:not(.ephemeral)").count()).toBeGreaterThanOrEqual(before.length);
    const ids = await page.locator("article.message:not(.ephemeral)").evaluateAll((ms) => ms.map((m) => m.getAttribute("data-message")));
    expect(ids.slice(0, before.length)).toEqual(before);
    // The pictures are served again by the new stand-in.
    const img = page.locator("article.message:not(.ephemeral) img").last();
    await expect.poll(() => img.evaluate((i) => (i as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    // The table itself survived too: Ben's hand still opens.
    await lastPublic(page).locator("button:text('My hand')").click();
    await expect.poll(() => lastMessage(page).getAttribute("class")).toContain("ephemeral");
    await shot("restart");
    expect(pageErrors).toEqual([]);
  });

  it("in French: the hand picture's header fits, its codes in French letters", async () => {
    const sb = h.standin;
    const thread = sb.createThread(CARD_ROOM, "en français").id;
    await openAs(page, sb.url, ADA, thread);
    await page.selectOption("#locale", "fr");
    await page.waitForSelector("body[data-locale='fr']");
    await sb.command(ADA, thread, "onexeno new", { game: "basic", clock: "off" });
    await sb.command(BEN, thread, "onexeno join");
    await sb.command(ADA, thread, "onexeno start");
    await slash(page, "onexeno hand");
    await expect.poll(() => lastEphemeral(page).locator("img").count()).toBe(1);
    const alt = (await lastEphemeral(page).locator("img").getAttribute("alt")) ?? "";
    // Codes in French letters (B blanc, N noir), never an English W.
    expect(alt).toMatch(/[BN]{3}\/[BN]\d[BN]\/[BN]{3}/);
    expect(alt).not.toMatch(/[WB]{3}\/[WB]\d[WB]\/[WB]{3}.*W/);
    await shot("french-hand", lastEphemeral(page));
    await page.selectOption("#locale", "en-US");
    await page.waitForSelector("body[data-locale='en-US']");
    expect(pageErrors).toEqual([]);
  });
});
