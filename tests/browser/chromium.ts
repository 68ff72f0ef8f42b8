/**
 * The browser for page tests: Chromium shipped inside the @sparticuz/chromium npm package
 * (decompressed from the package into /tmp, never downloaded), driven by playwright-core.
 * Missing browser = a loud failure, never a skip.
 */
import chromium from "@sparticuz/chromium";
import { chromium as playwright, type Browser } from "playwright-core";

export async function launchBrowser(): Promise<Browser> {
  let executablePath: string;
  try {
    executablePath = await chromium.executablePath();
  } catch (e) {
    throw new Error(`Chromium from @sparticuz/chromium is missing or broken (run npm install): ${String(e)}`);
  }
  return playwright.launch({ executablePath, args: chromium.args, headless: true });
}
