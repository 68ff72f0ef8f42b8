import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // End-to-end suites start real servers on loopback; keep files isolated.
    pool: "forks",
  },
});
