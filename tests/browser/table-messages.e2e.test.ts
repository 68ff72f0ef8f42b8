/**
 * Every game's table message and private panel as Components V2, seen on the local page in
 * Chromium: one container with a heading (the game, round, whose turn), the picture in a media
 * gallery with its alt text, the words, and the buttons. Each turn-based game is opened with
 * computer players, played by them up to Ada's turn (Cardeno with Ben: fewer edits of the race
 * table while it is photographed; its centre still turns a card every few seconds), and its table message and Ada's panel are saved to
 * tests/__output__/v2-<game>-table.png and v2-<game>-panel.png (looked at; copies in
 * docs/screenshots/).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiMessage } from "../../src/standin/types.ts";
import { ADA, BEN, CARD_ROOM, GENERAL, Harness } from "../e2e/harness.ts";
import { said } from "../helpers/message.ts";
import { launchBrowser } from "./chromium.ts";

const h = new Harness({ computerDelayMs: 20 });
let browser: Browser;
let page: Page;
const out = join(import.meta.dirname, "..", "__output__");

beforeAll(async () => {
  await h.start();
  browser = await launchBrowser();
  // About the width of Discord's message column on a laptop.
  page = await browser.newPage({ viewport: { width: 760, height: 1400 } });
  page.setDefaultTimeout(60_000);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h.close();
});

/** The V2 container of a message, or undefined for a classic message. */
const containerOf = (m: ApiMessage) =>
  (m.flags ?? 0) & (1 << 15) ? (m.components[0] as { type: number; components: Record<string, unknown>[] }) : undefined;

/** Checks the V2 shape of a table message: heading, gallery with the attachment's alt text, words, buttons. */
function expectV2Table(m: ApiMessage, headingStart: string): void {
  const box = containerOf(m);
  expect(box?.type, "one container").toBe(17);
  expect(m.content ?? "").toBe("");
  const parts = box!.components;
  expect(String(parts[0]?.content)).toMatch(new RegExp(`^### ${headingStart}`));
  const gallery = parts.find((p) => p.type === 12) as { items: { media: { url: string }; description?: string }[] } | undefined;
  expect(gallery?.items).toHaveLength(1);
  const attachment = m.attachments.find((a) => gallery!.items[0]!.media.url.endsWith(a.filename));
  expect(attachment, "the gallery shows the attached picture").toBeDefined();
  expect(gallery!.items[0]!.description, "alt text").toBe(attachment!.description);
  expect(gallery!.items[0]!.description!.length).toBeGreaterThan(10);
  expect(
    parts.some((p) => p.type === 1),
    "buttons",
  ).toBe(true);
}

/**
 * Opens the page as Ada in `channelId` and saves the newest message visible to her that `pick`
 * chooses. A message edited while it is photographed (a race table's centre turns a card every
 * few seconds) is replaced on the page; the picture is then taken again of the new one.
 */
async function shoot(channelId: string, name: string, pick: (m: ApiMessage) => boolean): Promise<void> {
  await page.goto("about:blank");
  await page.goto(`${h.standin.url}/#user=${ADA}&channel=${channelId}`);
  await page.waitForSelector("body[data-ready]");
  const target = h.standin.visibleMessages(channelId, ADA).filter(pick).at(-1);
  expect(target, `a message for ${name}`).toBeDefined();
  const article = page.locator(`article.message[data-message='${target!.id}']`);
  mkdirSync(out, { recursive: true });
  for (let attempt = 1; ; attempt++) {
    try {
      await article.locator(".container").waitFor();
      if (target!.attachments.length) {
        const img = article.locator(".gallery img").first();
        await expect.poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
        expect(await img.getAttribute("alt")).toBeTruthy();
      }
      await article.screenshot({ path: join(out, `${name}.png`) });
      return;
    } catch (e) {
      if (attempt >= 5 || !/not attached|detached/i.test(String(e))) throw e;
    }
  }
}

interface Case {
  /** File name part and the game's command. */
  readonly name: string;
  readonly command: string;
  readonly options: Record<string, string>;
  /** Computers added in the lobby. */
  readonly computers: number;
  /** People who join with the game's join command (a race table with a computer changes under the camera). */
  readonly people?: readonly string[];
  /** The heading's start. */
  readonly heading: string;
  /** The verb of the button that opens Ada's panel. */
  readonly panelVerb: string;
  /** When the table is worth a picture (default: Ada's turn). */
  ready?(m: ApiMessage): boolean;
}

const CASES: readonly Case[] = [
  { name: "onexeno", command: "onexeno", options: { game: "basic" }, computers: 2, heading: "ONEXENO basic", panelVerb: "hand" },
  { name: "canasta", command: "onexeno", options: { game: "canasta" }, computers: 2, heading: "ONEXENO canasta", panelVerb: "chand" },
  { name: "onze", command: "onze", options: {}, computers: 2, heading: "Onze", panelVerb: "zhand" },
  {
    name: "cardeno",
    command: "cardeno",
    options: {},
    computers: 0,
    people: [BEN],
    heading: "Cardeno",
    panelVerb: "cdboard",
    ready: (m) => said(m).includes("the race is on"),
  },
];

describe("Components V2 table messages on the local page", () => {
  for (const c of CASES) {
    it(`${c.name}: the table message and Ada's panel are one container each`, async () => {
      const channel = c.name === "cardeno" ? CARD_ROOM : GENERAL;
      await h.standin.command(ADA, channel, `${c.command} new`, c.options);
      for (let i = 0; i < c.computers; i++) {
        const lobby = h.latestPublic(channel);
        await h.standin.click(ADA, lobby, Harness.idOf(lobby, "addbot"));
      }
      for (const who of c.people ?? []) await h.standin.command(who, channel, `${c.command} join`);
      await h.standin.command(ADA, channel, `${c.command} start`);
      const ready = c.ready ?? ((m: ApiMessage) => said(m).includes(`<@${ADA}>, your turn`));
      const table = await h.waitForPublic(channel, ready);
      expectV2Table(table, c.heading);
      await shoot(channel, `v2-${c.name}-table`, (m) => m.id === table.id);
      // Ada's private panel: V2 too, seen only by her.
      const opened = await h.standin.click(ADA, table, Harness.idOf(table, c.panelVerb));
      const panel = opened.original!;
      expect(panel.visibleTo).toBe(ADA);
      expect(containerOf(panel)?.type).toBe(17);
      expect(said(panel)).toMatch(/^### Your (hand|board)/);
      await shoot(channel, `v2-${c.name}-panel`, (m) => m.id === panel.id);
      await h.endTable(ADA, channel);
      await h.waitForPublic(channel, (m) => said(m).startsWith("### ") && said(m).includes("Table closed by Ada"));
    });
  }

  it("/history: the games just closed, one line each, in a private container", async () => {
    const asked = await h.standin.command(ADA, GENERAL, "history");
    const page = asked.original!;
    expect(page.visibleTo).toBe(ADA);
    expect(said(page)).toContain("### Games in this server");
    expect(
      said(page)
        .split("\n")
        .filter((l) => l.includes("closed before its end")),
    ).toHaveLength(CASES.length);
    await shoot(GENERAL, "v2-history", (m) => m.id === page.id);
  });

  it("/replay: a closed game's last position with its move in words and the step buttons", async () => {
    const shown = (await h.standin.command(ADA, GENERAL, "replay")).original!;
    expect(said(shown)).toMatch(/\*\*Move (\d+) of \1\*\*/);
    const back = (await h.standin.click(ADA, shown, Harness.customIds(shown).find((c) => /\|replay\|.*\|b\|[ht]$/.test(c))!)).original!;
    expect(said(back)).toMatch(/\*\*Move \d+ of \d+\*\*/);
    await shoot(GENERAL, "v2-replay", (m) => m.id === back.id);
  });

  it("solitaire: its table message in its own thread is one container", async () => {
    const opened = await h.standin.command(ADA, GENERAL, "onexeno new", { game: "solitaire", seed: "v2-look" });
    const thread = /<#(\d+)>/.exec(said(opened.original))?.[1] ?? "";
    expect(thread).not.toBe("");
    const table = await h.waitForPublic(thread, (m) => said(m).includes("ONEXENO solitaire"));
    expectV2Table(table, "ONEXENO solitaire");
    await shoot(thread, "v2-solitaire-table", (m) => m.id === table.id);
  });

  // A French and a German server: the table in the server's language, Ada's hand panel in hers.
  for (const [locale, yourTurn, heading, panelTitle] of [
    ["fr", "à vous", "ONEXENO basique", "### Votre main"],
    ["de", "du bist dran", "ONEXENO Grundspiel", "### Deine Hand"],
  ] as const) {
    it(`ONEXENO in a ${locale} server: the table message and Ada's panel in that language`, async () => {
      const sb = h.standin;
      sb.setLocale({ guild: sb.guildId }, locale);
      sb.setLocale({ user: ADA }, locale);
      try {
        await sb.command(ADA, CARD_ROOM, "onexeno new", { game: "basic" });
        for (let i = 0; i < 2; i++) {
          const lobby = h.latestPublic(CARD_ROOM);
          await sb.click(ADA, lobby, Harness.idOf(lobby, "addbot"));
        }
        await sb.command(ADA, CARD_ROOM, "onexeno start");
        const table = await h.waitForPublic(CARD_ROOM, (m) => said(m).includes(`<@${ADA}>, ${yourTurn}`));
        expectV2Table(table, heading);
        await shoot(CARD_ROOM, `${locale}-onexeno-table`, (m) => m.id === table.id);
        const panel = (await sb.click(ADA, table, Harness.idOf(table, "hand"))).original!;
        expect(said(panel).startsWith(panelTitle)).toBe(true);
        await shoot(CARD_ROOM, `${locale}-onexeno-panel`, (m) => m.id === panel.id);
        await h.endTable(ADA, CARD_ROOM);
        await h.until("the table closed", async () => (await h.bot.service("onexeno").get(CARD_ROOM))?.status !== "playing");
      } finally {
        sb.setLocale({ guild: sb.guildId }, "en-US");
        sb.setLocale({ user: ADA }, "en-US");
      }
    });
  }
});
