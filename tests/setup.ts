/**
 * Runs around every test (vitest `setupFiles`): a request of the bot that Discord's published
 * API description refuses (src/standin/spec.ts) fails the test during which it was made, with
 * what was wrong. A test that sends a wrong payload on purpose takes its refusals itself
 * (`takeSpecRefusals`). With `SPEC_CHECKS_DIR` set, each test file writes there how many
 * requests were checked, by operation (the figure reported for a run).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, expect } from "vitest";
import { specChecks, takeSpecRefusals } from "../src/standin/spec.ts";

afterEach(() => {
  const refused = takeSpecRefusals();
  if (refused.length)
    throw new Error(
      `Discord's API description refused ${refused.length} request(s):\n${refused
        .slice(0, 5)
        .map((r) => `${r.method} ${r.route}: ${r.status} ${r.message} ${JSON.stringify(r.errors ?? {})}`)
        .join("\n")}`,
    );
});

afterAll(() => {
  const dir = process.env.SPEC_CHECKS_DIR;
  if (!dir || Object.keys(specChecks).length === 0) return;
  mkdirSync(dir, { recursive: true });
  const file = (expect.getState().testPath ?? `pid-${process.pid}`).replace(/^.*\/tests\//, "").replace(/\//g, "_");
  writeFileSync(join(dir, `${file}.json`), JSON.stringify(specChecks));
});
