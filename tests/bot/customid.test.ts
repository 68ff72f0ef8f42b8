import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decodeId, encodeId } from "../../src/bot/customid.ts";

describe("customId codec", () => {
  it("round-trips verb, revision and arguments", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{2,12}$/),
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

describe("the component front door", () => {
  it("has one owner for every verb: the table buttons, the features and each game", async () => {
    const TABLE_GAMES = (await import("../../commands/index.ts")).GAME_SET.views;
    const { TABLE_BUTTONS } = await import("../../commands/table-buttons.ts");
    const { componentDoor, gameClaim } = await import("../../commands/components.ts");
    const { TOURNAMENT_VERBS, tournamentComponent } = await import("../../commands/tournament/index.ts");
    const { HISTORY_VERBS, historyComponent } = await import("../../commands/history.ts");
    const { REPLAY_VERBS, replayComponent } = await import("../../commands/replay.ts");
    const claims = [
      ...TABLE_BUTTONS,
      { owner: "tournament", verbs: TOURNAMENT_VERBS, handle: tournamentComponent },
      { owner: "history", verbs: HISTORY_VERBS, handle: historyComponent },
      { owner: "replay", verbs: REPLAY_VERBS, handle: replayComponent },
      ...TABLE_GAMES.map(gameClaim),
    ];
    expect(() => componentDoor(claims)).not.toThrow();
    // Every game with a component claims verbs of its own; ONEXENO's lobby is the shared one.
    for (const g of TABLE_GAMES) expect([...(g.verbs ?? [])].length, g.id).toBeGreaterThan(0);
    expect([...TABLE_GAMES.find((g) => g.id === "onexeno")!.verbs!]).not.toContain("join");
    // A verb claimed twice, or one no customId can carry, stops the bot at start-up.
    const onze = TABLE_GAMES.find((g) => g.id === "onze")!;
    expect(() => componentDoor([...claims, { ...gameClaim(onze), owner: "copy" }])).toThrow(/zhand is claimed by onze and copy/);
    expect(() => componentDoor([{ owner: "bad", verbs: ["Bad"], handle: async () => {} }])).toThrow(/not 2 to 12 lowercase/);
  });

  it("refuses a verb nobody claims as component/unknown, and sends a claimed one to its owner", async () => {
    const { componentDoor } = await import("../../commands/components.ts");
    const seen: string[] = [];
    const door = componentDoor([{ owner: "t", verbs: ["ping"], handle: async (_i, id) => void seen.push(id.verb) }]);
    const none = {} as never;
    await door.handle(none, { verb: "ping", rev: 0, args: [] }, none);
    expect(seen).toEqual(["ping"]);
    await expect(door.handle(none, { verb: "pong", rev: 0, args: [] }, none)).rejects.toMatchObject({ code: "component/unknown" });
  });
});
