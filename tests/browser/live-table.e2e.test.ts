/**
 * The live table (issue 50) in a real headless Chromium: the bot serves its Activity; Ada, Ben
 * and Cleo press **Open live table** on the chat table (callback type 12: the stand-in opens the
 * app's Activity instance in the channel), each opens the page outside Discord's frame (the SDK's
 * own mock, signed in through the stand-in's OAuth2), and they play a whole ONEXENO basic game by
 * clicking on the pictures: a card of the hand, then a cell of the board (a turn of the card when
 * several fit), or Pass. After every move all three pages show the new revision; the chat table on
 * the stand-in agrees with it (checked after each of the first moves, then every 8th: it keeps to
 * the channel's budget of 5 writes in 5 s however fast the pages click, showing the newest table). Screenshots at a desktop and a phone width go to
 * tests/__output__/.
 */
/* global document: the callbacks below run inside the page. */
declare const document: {
  body: { dataset: Record<string, string | undefined> };
  querySelectorAll(s: string): Iterable<{ getAttribute(n: string): string | null; dataset: Record<string, string | undefined> }>;
};
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA, BEN, CARD_ROOM, CLEO, GENERAL, Harness, THREAD } from "../e2e/harness.ts";
import { launchBrowser } from "./chromium.ts";
import { said } from "../helpers/message.ts";
import { pieceOf } from "../../src/games/cardeno/pieces.ts";
import { pieceNameIn } from "../../render/cardeno/words.ts";

const h = new Harness({ activity: true, computerDelayMs: 20 });
let browser: Browser;
const out = join(import.meta.dirname, "..", "__output__");
const pageErrors: string[] = [];

beforeAll(async () => {
  await h.start();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h.close();
});

/** The chat table's newest message with a control of `verb`. */
function newest(verb: string, channelId = GENERAL) {
  const m = h.standin.visibleMessages(channelId, null).findLast((x) => Harness.ids(x, verb).length > 0);
  if (!m) throw new Error(`no message with ${verb} in the channel`);
  return m;
}

/** Opens the live table for `user` as Discord's client would after their click on **Open live table**. */
async function open(user: string, width: number, channelId = GENERAL): Promise<Page> {
  const r = await h.standin.click(user, newest("live", channelId), Harness.idOf(newest("live", channelId), "live"));
  expect(r.callbackType).toBe(12);
  const inst = [...h.standin.activities.instances.values()].find((i) => i.location.channelId === channelId && i.users.includes(user));
  if (!inst) throw new Error("no Activity instance was launched");
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.setDefaultTimeout(60_000);
  page.on("pageerror", (e) => pageErrors.push(e.message));
  const q = new URLSearchParams({ instance_id: inst.instanceId, channel_id: channelId, guild_id: h.standin.guildId, user });
  await page.goto(`${h.bot.liveTable?.url}/?${q}`);
  return page;
}

/** Waits until `page` shows revision `rev`. */
async function shows(page: Page, rev: number): Promise<void> {
  await page.waitForFunction((r) => document.body.dataset.rev === String(r), rev);
}

/** One move by the person on `page`, as a person clicks it: a card, then a target on the board (and a turn), or Pass. */
async function move(page: Page): Promise<void> {
  const cards = page.locator(".hit[data-select]");
  if ((await cards.count()) > 0) {
    await cards.first().click();
    await page.locator(".hit.target").first().click();
    const chooser = page.locator("#chooser button");
    if (await page.locator("#chooser").isVisible()) await chooser.first().click();
    return;
  }
  await page.locator("#buttons button").first().click();
}

describe("the live table", () => {
  it("Ada, Ben and Cleo play a whole ONEXENO basic game on three pages; every page follows every move, the chat table keeps up", async () => {
    await h.dealOnexeno(GENERAL, [ADA, BEN, CLEO]);
    const service = h.bot.service("onexeno");
    const people = [ADA, BEN, CLEO];
    const pages = new Map<string, Page>();
    for (const [i, user] of people.entries()) pages.set(user, await open(user, i === 2 ? 390 : 1100));
    let moves = 0;
    for (;;) {
      const rec = await service.get(GENERAL);
      if (!rec?.state) throw new Error("no table");
      for (const p of pages.values()) await shows(p, rec.rev);
      // The chat table shows the same revision (its buttons carry it), or the game's end: it keeps
      // to the channel's message budget (5 writes in 5 s), so a game clicked at machine speed is
      // checked move by move for its first moves, then every 8th move and at its end.
      if (moves > 8 && moves % 8 !== 0 && rec.status !== "over") {
        await move(pages.get(rec.seats[rec.state.turn]?.userId ?? "") as Page);
        await h.until("the move was made", async () => ((await service.get(GENERAL))?.rev ?? 0) > rec.rev || null);
        moves++;
        continue;
      }
      await h.until("the chat table at the page's revision", async () => {
        const last = h.standin.visibleMessages(GENERAL, null).at(-1);
        if (rec.status === "over") return last && Harness.ids(last, "again").length > 0 ? true : null;
        return Harness.idOf(newest("hand"), "hand").split("|")[2] === String(rec.rev) ? true : null;
      });
      if (rec.status === "over") break;
      if (moves === 2) {
        mkdirSync(out, { recursive: true });
        await pages.get(ADA)?.screenshot({ path: join(out, "live-onexeno-desktop.png"), fullPage: true });
        await pages.get(CLEO)?.screenshot({ path: join(out, "live-onexeno-phone.png"), fullPage: true });
      }
      const turn = rec.seats[rec.state.turn]?.userId ?? "";
      await move(pages.get(turn) as Page);
      await h.until("the move was made", async () => ((await service.get(GENERAL))?.rev ?? 0) > rec.rev || null);
      moves++;
      expect(moves).toBeLessThan(400);
    }
    expect(pageErrors).toEqual([]);
    expect(moves).toBeGreaterThan(10);
    // Over: every page says so, and the chat table's last picture is the game's end.
    for (const p of pages.values()) expect(await p.locator("#line").textContent()).toBe("The game is over.");
    expect(h.log.errors).toEqual([]);
  }, 600_000);

  it("Ada plays solitaire on the live table: Draw, then the top waste card onto a cell of the picture; Ben watches; the thread's table follows", async () => {
    const sb = h.standin;
    const opened = await sb.command(ADA, GENERAL, "onexeno new", { game: "solitaire", seed: "live-page-solitaire" });
    const thread = /<#(\d+)>/.exec(said(opened.original))?.[1] ?? "";
    const service = h.bot.service("solitaire");
    const ada = await open(ADA, 1100, thread);
    const ben = await open(BEN, 390, thread);
    let placed = 0;
    for (let clicks = 0; placed < 3; clicks++) {
      expect(clicks).toBeLessThan(60);
      const rec = await service.get(thread);
      if (!rec?.state || rec.status === "over") break;
      await shows(ada, rec.rev);
      await shows(ben, rec.rev);
      expect(await ben.locator(".hit").count(), "a watcher has nothing to click").toBe(0);
      const waste = ada.locator(".hit[data-select]");
      if ((await waste.count()) > 0) {
        // The top waste card, then one of the cells it shows.
        await waste.first().click();
        expect(await ada.locator(".hit.selected").count()).toBe(1);
        await ada.locator(".hit.target:not([hidden])").first().click();
        if (await ada.locator("#chooser").isVisible()) await ada.locator("#chooser button").first().click();
        placed++;
      } else await ada.locator("#buttons button").first().click();
      const after = await h.until("the move", async () => {
        const now = await service.get(thread);
        return now && now.rev > rec.rev ? now : null;
      });
      await h.until("the thread's table at the page's revision", async () =>
        Harness.ids(newest("sdraw", thread), "sdraw").some((id) => id.split("|")[2] === String(after.rev)) ? true : null,
      );
      if (placed === 2) {
        mkdirSync(out, { recursive: true });
        await shows(ada, after.rev);
        await shows(ben, after.rev);
        await ada.screenshot({ path: join(out, "live-solitaire-desktop.png"), fullPage: true });
        await ben.screenshot({ path: join(out, "live-solitaire-phone.png"), fullPage: true });
      }
    }
    expect(placed).toBe(3);
    expect((await service.get(thread))?.state?.table.length).toBe(4);
    expect(pageErrors).toEqual([]);
    expect(h.log.errors).toEqual([]);
  }, 300_000);

  it("Ada, Ben and Cleo race a Cardeno round on three pages: each grab leaves the centre on every page, and the chat table follows", async () => {
    const sb = h.standin;
    await sb.command(ADA, CARD_ROOM, "cardeno new", { pace: 1, rounds: 1, seed: "live-cardeno" });
    await sb.command(BEN, CARD_ROOM, "cardeno join");
    await sb.command(CLEO, CARD_ROOM, "cardeno join");
    await sb.command(ADA, CARD_ROOM, "cardeno start");
    const service = h.bot.service("cardeno");
    const people = [ADA, BEN, CLEO];
    await h.until("the round's table", async () => ((await service.get(CARD_ROOM))?.status === "playing" ? true : null));
    const pages = new Map<string, Page>();
    for (const [i, user] of people.entries()) pages.set(user, await open(user, i === 1 ? 390 : 1100, CARD_ROOM));
    let grabs = 0;
    let shot = false;
    for (;;) {
      const rec = await service.get(CARD_ROOM);
      if (!rec?.state) throw new Error("no table");
      if (rec.status === "over") break;
      if (rec.state.phase === "reveal") {
        // Each keeps the hand offered (a board piece each), or the reveal's time runs out.
        for (const p of pages.values())
          await p
            .locator("#buttons button")
            .first()
            .click({ timeout: 1000 })
            .catch(() => {});
      }
      let grabbed: { user: string; piece: string; ids: number[] } | null = null;
      for (const [user, p] of pages) {
        const good = p.locator(".hit.good:not([hidden])");
        if (rec.state.phase !== "race" || (await good.count()) === 0) continue;
        const piece = (await good.first().getAttribute("aria-label")) ?? "";
        // The table as it is now holds every piece a page shows (only these clicks take pieces
        // away): `rec` may be older than the page's frame, whose new piece arrived after it.
        const now = await service.get(CARD_ROOM);
        const ids = (now?.state?.centre ?? []).filter((f) => pieceNameIn("en", pieceOf(f.piece)) === piece).map((f) => f.piece);
        await good.first().click();
        if (await p.locator(".hit.target").count()) await p.locator(".hit.target").first().click();
        grabbed = { user, piece, ids };
        break;
      }
      if (!grabbed) {
        await h.until("the table moves on", async () => ((await service.get(CARD_ROOM))?.rev ?? 0) > rec.rev || null);
        continue;
      }
      grabs++;
      if (!shot && grabs === 3) {
        shot = true;
        mkdirSync(out, { recursive: true });
        await pages.get(ADA)?.screenshot({ path: join(out, "live-cardeno-desktop.png"), fullPage: true });
        await pages.get(BEN)?.screenshot({ path: join(out, "live-cardeno-phone.png"), fullPage: true });
      }
      // The piece leaves the centre on every page (taken by the grabber, or by someone faster),
      // and the chat table stops offering its grab button.
      const piece = grabbed.piece;
      expect(grabbed.ids.length, `${piece} in the centre`).toBeGreaterThan(0);
      const id = grabbed.ids[0];
      for (const p of pages.values())
        await p.waitForFunction(
          (label) => ![...document.querySelectorAll(".hit")].some((b) => b.getAttribute("aria-label") === label && !b.dataset.when),
          piece,
        );
      // The chat table follows within the channel's budget: checked for the first grabs, then every 4th.
      // (A name two centre pieces share, 4 of 150: the chat is not checked for that grab.)
      if ((grabs > 4 && grabs % 4 !== 0) || grabbed.ids.length > 1) continue;
      await h.until("the chat table without that piece", async () => {
        // The grab that ended the game: the chat's last table is the final one, with no grab buttons.
        if ((await service.get(CARD_ROOM))?.status === "over") return true;
        const grabs = Harness.ids(newest("cdboard", CARD_ROOM), "cdgrab").map((c) => c.split("|")[3]);
        return grabs.includes(String(id)) ? null : true;
      });
      expect(grabs).toBeLessThan(200);
    }
    const done = await service.get(CARD_ROOM);
    expect(done?.status).toBe("over");
    for (const p of pages.values()) await p.waitForFunction(() => document.body.dataset.status === "over");
    expect(grabs).toBeGreaterThan(3);
    expect(pageErrors).toEqual([]);
    expect(h.log.errors).toEqual([]);
  }, 600_000);
  it("Ada, Ben and Cleo play Onze turns on three pages: the stock, a card of the hand onto the discard pile, No thanks to a card for sale; the thread's table follows", async () => {
    const sb = h.standin;
    await sb.command(ADA, THREAD, "onze new", { clock: "off", seed: "live-page-onze" });
    for (const u of [BEN, CLEO]) await sb.command(u, THREAD, "onze join");
    await sb.command(ADA, THREAD, "onze start");
    const service = h.bot.service("onze");
    await h.until("dealt", async () => ((await service.get(THREAD))?.status === "playing" ? true : null));
    const pages = new Map<string, Page>();
    for (const [i, user] of [ADA, BEN, CLEO].entries()) pages.set(user, await open(user, i === 1 ? 390 : 1100, THREAD));
    const moved = async (rev: number) => {
      const now = await h.until("the move", async () => {
        const r = await service.get(THREAD);
        return r?.state && r.rev > rev ? r : null;
      });
      for (const p of pages.values()) await shows(p, now.rev);
      return now;
    };
    for (let turn = 0; turn < 4; turn++) {
      let rec = await service.get(THREAD);
      if (!rec?.state || rec.status !== "playing") throw new Error("no onze");
      const mover = pages.get(rec.seats[rec.state.turn]?.userId ?? "") as Page;
      for (const p of pages.values()) await shows(p, rec.rev);
      // Draw: a click on the stock.
      await mover.getByRole("button", { name: "Draw from the stock" }).click();
      rec = await moved(rec.rev);
      // The others may buy the card passed over: each says no thanks with a button.
      for (const [user, p] of pages) {
        if (p === mover || rec.state?.discardedBy === rec.seats.findIndex((x) => x.userId === user)) continue;
        await p.getByRole("button", { name: "No thanks" }).click();
        rec = await moved(rec.rev);
      }
      // Discard: the hand's last card, then the pile (waiting for that card).
      await mover.locator("#hand .hit[data-select]").last().click();
      const pile = mover.locator('.hit.target:not([hidden])[aria-label^="Discard"]');
      const name = (await mover.locator("#hand .hit.selected").first().getAttribute("aria-label")) ?? "";
      expect(await pile.getAttribute("aria-label")).toBe(`Discard ${name}`);
      if (turn === 3) {
        mkdirSync(out, { recursive: true });
        await pages.get(ADA)?.screenshot({ path: join(out, "live-onze-desktop.png"), fullPage: true });
        await pages.get(BEN)?.screenshot({ path: join(out, "live-onze-phone.png"), fullPage: true });
      }
      await pile.click();
      const after = await moved(rec.rev);
      expect(after.state?.discard.at(-1)).toBeDefined();
      await h.until("the thread's table at the page's revision", async () =>
        Harness.ids(newest("zhand", THREAD), "zhand").some((id) => id.split("|")[2] === String(after.rev)) ? true : null,
      );
    }
    expect(pageErrors).toEqual([]);
    expect(h.log.errors).toEqual([]);
  }, 300_000);
  it("Ada and Ben play canasta turns on two pages: Draw from stack, then a card of the hand onto the face-up pile; the chat table follows", async () => {
    const sb = h.standin;
    // A thread of its own: the channels of the tests before may still hold their tables.
    const room = sb.createThread(GENERAL, "canasta").id;
    await sb.command(ADA, room, "onexeno new", { game: "canasta", seed: "live-page-canasta" });
    await sb.command(BEN, room, "onexeno join");
    await sb.command(ADA, room, "onexeno start");
    const service = h.bot.service("canasta");
    await h.until("dealt", async () => ((await service.get(room))?.status === "playing" ? true : null));
    const pages = new Map<string, Page>([
      [ADA, await open(ADA, 1100, room)],
      [BEN, await open(BEN, 390, room)],
    ]);
    const moved = async (rev: number) => {
      const now = await h.until("the move", async () => {
        const r = await service.get(room);
        return r?.state && r.rev > rev ? r : null;
      });
      for (const p of pages.values()) await shows(p, now.rev);
      return now;
    };
    for (let turn = 0; turn < 4; turn++) {
      let rec = await service.get(room);
      if (!rec?.state || rec.status !== "playing" || rec.state.phase !== "draw") throw new Error("no canasta draw");
      const mover = pages.get(rec.seats[rec.state.turn]?.userId ?? "") as Page;
      for (const p of pages.values()) await shows(p, rec.rev);
      await mover.getByRole("button", { name: "Draw from stack" }).click();
      rec = await moved(rec.rev);
      // Discard: a card of the hand, then the face-up pile (waiting for that card).
      await mover.locator("#hand .hit[data-select]").first().click();
      const name = (await mover.locator("#hand .hit.selected").first().getAttribute("aria-label")) ?? "";
      const pile = mover.locator('.hit.target:not([hidden])[aria-label^="Discard"]');
      expect(await pile.getAttribute("aria-label")).toBe(`Discard ${name}`);
      if (turn === 2) {
        mkdirSync(out, { recursive: true });
        await pages.get(ADA)?.screenshot({ path: join(out, "live-canasta-desktop.png"), fullPage: true });
        await pages.get(BEN)?.screenshot({ path: join(out, "live-canasta-phone.png"), fullPage: true });
      }
      await pile.click();
      const after = await moved(rec.rev);
      expect(after.state?.pile.length).toBe((rec.state?.pile.length ?? 0) + 1);
      await h.until("the chat table at the page's revision", async () =>
        Harness.ids(newest("chand", room), "chand").some((id) => id.split("|")[2] === String(after.rev)) ? true : null,
      );
    }
    expect(pageErrors).toEqual([]);
    expect(h.log.errors).toEqual([]);
  }, 300_000);
  it("Ada seats two computers and an expert and starts ONEXENO partners from her page, then plays: a card, then a cell, on her turns; Ben watches on a phone", async () => {
    const sb = h.standin;
    // A thread of its own: the channels of the tests before may still hold their tables.
    const room = sb.createThread(GENERAL, "partners").id;
    await sb.command(ADA, room, "onexeno new", { game: "partners", seed: "live-page-partners" });
    const service = h.bot.service("onexeno");
    // The lobby: the page says who sits and offers the host's buttons; Ben, not seated, may join.
    const ada = await open(ADA, 1100, room);
    const buttons = async (page: Page) => (await page.locator("#buttons button").allTextContents()).join(" · ");
    const lobbyRev = async () => (await service.get(room))?.rev ?? 0;
    await shows(ada, await lobbyRev());
    expect(await ada.locator("#line").textContent()).toBe("Seated: Ada. Add computers, or start when everyone is here.");
    expect(await buttons(ada)).toBe("Add computer player · Add expert · Start");
    const click = async (page: Page, label: string) => {
      const before = await lobbyRev();
      await page.locator("#buttons button", { hasText: label }).click();
      await h.until(`${label} made`, async () => ((await lobbyRev()) > before ? true : null));
      if (label !== "Start") await shows(page, await lobbyRev()); // once dealt, the computers move on
    };
    await click(ada, "Add computer player");
    await click(ada, "Add computer player");
    const ben = await open(BEN, 390, room);
    await shows(ben, await lobbyRev());
    expect(await ben.locator("#line").textContent()).toBe("Seated: Ada, Computer 1 (normal), Computer 2 (normal). Join to play, or watch.");
    expect(await buttons(ben)).toBe("Join");
    await click(ada, "Add expert");
    await shows(ben, await lobbyRev());
    expect(await ada.locator("#line").textContent()).toContain("Computer 2 (normal), Computer 3 (expert).");
    mkdirSync(out, { recursive: true });
    await ada.screenshot({ path: join(out, "live-lobby-desktop.png"), fullPage: true });
    expect(await buttons(ben), "Ben, not the host: only Join (partners seats 4 or 6)").toBe("Join");
    // The chat's newest lobby says it too, with its own buttons at the new revision.
    await h.until("the chat lobby with the expert", async () =>
      sb
        .visibleMessages(room, null)
        .some((m) => said(m).includes("A computer player (expert) sits down.") && Harness.ids(m, "start").length > 0)
        ? true
        : null,
    );
    await click(ada, "Start");
    const dealt = await service.get(room);
    expect(dealt?.status).toBe("playing");
    expect(dealt?.seats.map((s) => s.computer ?? null)).toEqual([null, "normal", "normal", "expert"]);
    for (let turn = 0; turn < 2; turn++) {
      // Ada's turn comes round (the computers move between hers).
      const rec = await h.until("Ada's turn", async () => {
        const r = await service.get(room);
        return r?.state && r.seats[r.state.turn]?.userId === ADA ? r : null;
      });
      await shows(ada, rec.rev);
      await shows(ben, rec.rev);
      expect(await ben.locator(".hit").count(), "a watcher has nothing to click").toBe(0);
      const cards = ada.locator(".hit[data-select]");
      if ((await cards.count()) === 0) {
        await ada.locator("#buttons button").first().click(); // Pass: nothing of hers fits
      } else {
        await cards.first().click();
        if (turn === 1) {
          mkdirSync(out, { recursive: true });
          await ada.screenshot({ path: join(out, "live-partners-desktop.png"), fullPage: true });
          await ben.screenshot({ path: join(out, "live-partners-phone.png"), fullPage: true });
        }
        await ada.locator(".hit.target:not([hidden])").first().click();
        if (await ada.locator("#chooser").isVisible()) await ada.locator("#chooser button").first().click();
      }
      await h.until("Ada's move", async () => ((await service.get(room))?.rev ?? 0) > rec.rev || null);
    }
    expect(pageErrors).toEqual([]);
    expect(h.log.errors).toEqual([]);
  }, 300_000);
});
