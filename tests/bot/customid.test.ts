import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { COMPONENT_VERBS, decodeId, encodeId } from "../../src/bot/customid";

describe("customId codec", () => {
  it("round-trips verb, revision and arguments", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMPONENT_VERBS),
        fc.nat({ max: 1e9 }),
        fc.array(fc.stringMatching(/^[A-Za-z0-9,_-]{0,8}$/), { maxLength: 3 }),
        (verb, rev, args) => {
          const id = encodeId(verb, rev, ...args);
          expect(id.length).toBeLessThanOrEqual(100);
          expect(decodeId(id)).toEqual({ verb, rev, args });
        },
      ),
    );
  });

  it("returns null for foreign or malformed ids", () => {
    for (const id of ["", "hello", "ox2|join|1", "ox1|Explode!|1", "ox1|x|1", "ox1|join|-1", "ox1|join|x", "ox1|join"])
      expect(decodeId(id)).toBeNull();
    // A well-formed verb no game owns decodes; routing answers it as unknown (component/unknown).
    expect(decodeId("ox1|explode|1")).toEqual({ verb: "explode", rev: 1, args: [] });
    expect(() => encodeId("Bad Verb", 1)).toThrow(/verb/);
  });

  it("refuses ids that would break Discord's 100-character limit or the separator", () => {
    expect(() => encodeId("card", 1, "x".repeat(100))).toThrow(/too long/);
    expect(() => encodeId("card", 1, "a|b")).toThrow(/\|/);
  });
});

describe("component verbs of the games", () => {
  it("belong to one game each, and none is a verb of the table layer or the ONEXENO games", async () => {
    const { TABLE_GAMES } = await import("../../commands/registry");
    const { TOURNAMENT_VERBS } = await import("../../commands/tournament/index");
    const owner = new Map<string, string>();
    // The lobby's verbs (join, leave, start, addbot) are shared on purpose: the game holding the channel answers them.
    const layer = new Set<string>(COMPONENT_VERBS.filter((v) => !["join", "leave", "start", "addbot"].includes(v)));
    for (const v of TOURNAMENT_VERBS) owner.set(v, "tournament");
    const { HISTORY_VERBS } = await import("../../commands/history");
    for (const v of HISTORY_VERBS) owner.set(v, "history");
    const { REPLAY_VERBS } = await import("../../commands/replay");
    for (const v of REPLAY_VERBS) owner.set(v, "replay");
    for (const g of TABLE_GAMES) {
      for (const v of g.verbs ?? []) {
        expect(owner.get(v), `verb ${v} of ${g.id}`).toBeUndefined();
        owner.set(v, g.id);
        expect(layer.has(v), `verb ${v} of ${g.id} is the table layer's`).toBe(false);
      }
    }
  });
});
