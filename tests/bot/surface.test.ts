/**
 * Where a table is shown (issue 64): one function decides an interaction's or a table's surface,
 * and a subcommand that needs a server's channel declares it (`Command.needsServer`), checked by
 * the router before its handler runs. The refusals as people meet them are in
 * tests/e2e/group-dm.e2e.test.ts; here, the decision and the declarations themselves.
 */
import { describe, expect, it } from "vitest";
import { GAME_SET } from "../../commands/index.ts";
import { surfaceOf } from "../../src/surfaces/traits.ts";
import { mustBeOnItsSurface, type Command } from "../../src/bot/router.ts";
import { UserError } from "../../src/bot/errors.ts";
import { hasMessage } from "../../src/i18n/index.ts";

/** What the router reads of a slash command: where it came from, and its subcommand and options. */
function used(guildId: string | null, group: string | null, sub: string | null, strings: Record<string, string> = {}) {
  return {
    guildId,
    options: {
      getSubcommandGroup: () => group,
      getSubcommand: () => sub,
      getString: (name: string) => strings[name] ?? null,
    },
  } as unknown as Parameters<typeof mustBeOnItsSurface>[1];
}

/** The refusal code `f` throws, or "none". */
function refusedWith(f: () => void): string {
  try {
    f();
    return "none";
  } catch (e) {
    if (e instanceof UserError) return e.code;
    throw e;
  }
}

describe("a table's surface", () => {
  it("is the answer chain without a guild (a DM or group DM), the server's channel with one", () => {
    expect(surfaceOf({ guildId: null })).toBe("answers");
    expect(surfaceOf({ guildId: "300000000000000001" })).toBe("channel");
  });

  it("a declared need of a server refuses in a DM only, and only the uses it names", () => {
    const cmd: Pick<Command<unknown>, "needsServer"> = {
      needsServer: {
        leaderboard: { code: "private/server_only" },
        new: { code: "private/solitaire", when: (o) => o.getString("game") === "solitaire" },
        "bot add": { code: "private/server_only" },
      },
    };
    expect(refusedWith(() => mustBeOnItsSurface(cmd, used(null, null, "leaderboard")))).toBe("private/server_only");
    expect(refusedWith(() => mustBeOnItsSurface(cmd, used("300000000000000001", null, "leaderboard")))).toBe("none");
    expect(refusedWith(() => mustBeOnItsSurface(cmd, used(null, null, "new", { game: "solitaire" })))).toBe("private/solitaire");
    expect(refusedWith(() => mustBeOnItsSurface(cmd, used(null, null, "new", { game: "basic" })))).toBe("none");
    expect(refusedWith(() => mustBeOnItsSurface(cmd, used(null, "bot", "add")))).toBe("private/server_only");
    expect(refusedWith(() => mustBeOnItsSurface(cmd, used(null, null, "join")))).toBe("none");
  });

  it("every game's declared needs name subcommands it has, with refusals every language says", () => {
    const declared = GAME_SET.commands.flatMap((c) => Object.entries(c.needsServer ?? {}).map(([path, need]) => ({ c, path, need })));
    expect(declared.map((d) => `${d.c.data.name} ${d.path}`).sort()).toEqual(["cardeno new", "onexeno leaderboard", "onexeno new"]);
    for (const { c, path, need } of declared) {
      type O = { name: string; type: number; options?: O[] };
      const [first, second] = path.split(" ");
      const top = (c.data.toJSON().options as O[]).find((o) => o.name === first);
      expect(second ? top?.options?.find((o) => o.name === second)?.type : top?.type).toBe(1);
      expect(hasMessage(`refusals.${need.code}`)).toBe(true);
    }
  });
});
