/**
 * A scheduled start as organisers type it (src/bot/schedule.ts, commands/tournament/start.ts):
 * leads too far for a Date are no time at all, so the `start:` autocomplete answers with its
 * "not understood" line instead of throwing `RangeError: Invalid time value` (found by issue 62's
 * fuzzer of every command: Discord then showed no suggestion).
 */
import { describe, expect, it } from "vitest";
import { parseStart } from "../../src/bot/schedule.ts";
import { startChoices } from "../../commands/tournament/start.ts";

const NOW = Date.UTC(2026, 11, 2, 12, 0);

describe("a scheduled start", () => {
  it("reads leads, timestamps and ISO times; a lead past what a Date holds is none", () => {
    expect(parseStart("in 2h", NOW)).toBe(NOW + 2 * 3_600_000);
    expect(parseStart("<t:1767290400:F>", NOW)).toBe(1_767_290_400_000);
    expect(parseStart("2026-12-24T18:00Z", NOW)).toBe(Date.UTC(2026, 11, 24, 18, 0));
    for (const text of ["1e20y", "in 1e308y", "1e400d", "99999999999y", "9e15ms"]) expect(parseStart(text, NOW), text).toBeNull();
  });

  it("the start: autocomplete answers every text with suggestions that fit Discord, never a throw", () => {
    for (const text of ["", "in 2h", "1e20y", "in 1e308y", "9e15ms", "tomorrow-ish", "2026-13-45", "<t:99999999999>"]) {
      const choices = startChoices(text, "en-US", NOW);
      expect(choices.length, text).toBeGreaterThan(0);
      for (const c of choices) {
        expect(c.name.length).toBeLessThanOrEqual(100);
        expect(String(c.value).length).toBeLessThanOrEqual(100);
      }
    }
    expect(startChoices("1e20y", "fr", NOW)).toHaveLength(1);
  });
});
