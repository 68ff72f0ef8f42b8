import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // Fails a test whose requests Discord's API description refuses (tests/setup.ts).
    setupFiles: ["tests/setup.ts"],
    // Longer than every wait in the e2e helpers (120 s at most), so a stuck test fails with the
    // helper's own message (what it waited for, the newest message) rather than a bare timeout.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // End-to-end suites start real servers on loopback; keep files isolated.
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one, on the 2-core machines CI and we
    // run on. Most of an end-to-end file's time is waiting (Discord's rate limits, computers'
    // delays, timers), so two files at once use the second core without starving either.
    maxWorkers: 2,
  },
});
