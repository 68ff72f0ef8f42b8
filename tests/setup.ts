/**
 * Runs around every test (vitest `setupFiles`): a request of the bot that Discord's published
 * API description refuses (src/standin/spec.ts) fails the test during which it was made, with
 * what was wrong. A test that sends a wrong payload on purpose takes its refusals itself
 * (`takeSpecRefusals`).
 */
import { afterEach } from "vitest";
import { takeSpecRefusals } from "../src/standin/spec";

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
