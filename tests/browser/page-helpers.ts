/**
 * What a person does on the local page, for the browser tests: type a slash command and send it,
 * read the newest message.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Harness } from "../e2e/harness.ts";
import { launchBrowser } from "./chromium.ts";

/** Types `/path`, picks it from the suggestions, fills its options with `fill`, sends. */
export async function slash(page: Page, path: string, fill: (page: Page) => Promise<void> = async () => {}): Promise<void> {
  await page.fill("#box", `/${path}`);
  await page.click(`.suggestion[data-path='${path}']`);
  await fill(page);
  await page.click("#send");
}

/** The newest message of the open channel (ephemeral ones included, as the page shows them to its user). */
export const lastMessage = (page: Page): Locator => page.locator("article.message").last();

/** The newest message of the open channel everyone sees (not an ephemeral one). */
export const lastPublic = (page: Page): Locator => page.locator("article.message:not(.ephemeral)").last();

/** The newest ephemeral message of the open channel (shown to the page's user only). */
export const lastEphemeral = (page: Page): Locator => page.locator("article.message.ephemeral").last();

/** Opens the local page of `url` as `user` in `channel`, loaded anew, once it is ready. */
export async function openAs(page: Page, url: string, user: string, channel: string): Promise<void> {
  await page.goto("about:blank"); // a new load (a change of the hash alone would not reload the page)
  await page.goto(`${url}/#user=${user}&channel=${channel}`);
  await page.waitForSelector("body[data-ready]");
}

/**
 * A Chromium and one page of 1280×1000 for a browser test file (close the browser after it):
 * every wait is on the page's state, so the page's 60 s limit only ends a failed run; errors the
 * page throws are pushed onto `errors`.
 */
export async function openBrowser(errors: string[]): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  page.setDefaultTimeout(60_000);
  page.on("pageerror", (e) => errors.push(e.message));
  return { browser, page };
}

/**
 * A browser test file's hooks: before its tests, `h` starts and a Chromium page opens (given to
 * `opened`); after them both close. Errors the page throws are pushed onto `errors`.
 */
export function withBrowser(h: Harness, errors: string[], opened: (page: Page) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    await h.start();
    const b = await openBrowser(errors);
    browser = b.browser;
    opened(b.page);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await h.close();
  });
}
