/**
 * The restart note (src/bot/restart.ts): on the payloads of the first revision of a table shown
 * after a start, the one a refused reply posts again included, and never on a later revision or
 * on a table made after the start.
 */
import { describe, expect, it } from "vitest";
import { markStart, restartNote } from "../../src/bot/restart.ts";

describe("the restart note", () => {
  it("goes with every payload of the first revision shown after a start, and not after", () => {
    markStart(1_000);
    const table = { createdAt: 500, rev: 7 };
    const first = restartNote(table, "onze", "Ada drew.");
    expect(first).toContain("The bot restarted");
    expect(first).toContain("Ada drew.");
    // The reply was refused: the same revision posted again in the channel says it too.
    expect(restartNote(table, "onze", "Ada drew.")).toBe(first);
    expect(restartNote({ ...table, rev: 8 }, "onze", "Ben drew.")).toBe("Ben drew.");
    expect(restartNote({ createdAt: 2_000, rev: 1 }, "onze", "new")).toBe("new");
  });
});
