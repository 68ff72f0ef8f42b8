/**
 * Where a table is shown (issue 64): one function decides an interaction's or a table's surface,
 * and a subcommand that needs a server's channel declares it (`Command.needsServer`), checked by
 * the router before its handler runs. The refusals as people meet them are in
 * tests/e2e/group-dm.e2e.test.ts; here, the decision and the declarations themselves.
 */
import { describe, expect, it } from "vitest";
import { GAME_SET } from "../../commands/index.ts";
import { InteractionContextType, type BaseMessageOptions } from "discord.js";
import { surfaceOf, traitsOf, wordOn } from "../../src/surfaces/traits.ts";
import { pickSurface, type TableSurface } from "../../src/surfaces/surface.ts";
import { channelSurface } from "../../src/surfaces/channel/surface.ts";
import type { AnyTable } from "../../src/bot/tables.ts";
import { mustBeOnItsSurface, type Command } from "../../src/bot/router.ts";
import { UserError } from "../../src/bot/errors.ts";
import { hasMessage, LOCALES } from "../../src/i18n/index.ts";
import { helpText } from "../../commands/help.ts";

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
    expect(declared.map((d) => `${d.c.data.name} ${d.path}`).sort()).toEqual([
      "cardeno new",
      "onexeno leaderboard",
      "onexeno new",
      "queue join",
      "queue leave",
      "queue status",
    ]);
    for (const { c, path, need } of declared) {
      type O = { name: string; type: number; options?: O[] };
      const [first, second] = path.split(" ");
      const top = (c.data.toJSON().options as O[]).find((o) => o.name === first);
      expect(second ? top?.options?.find((o) => o.name === second)?.type : top?.type).toBe(1);
      expect(hasMessage(`refusals.${need.code}`)).toBe(true);
    }
  });

  it("each surface's own words exist in the locale files, and where a table moves only by clicks its words say so", () => {
    const here = [{ guildId: null }, { guildId: "300000000000000001" }];
    for (const x of here)
      for (const key of ["table.open", "table.clock_runs", "onexeno.your_turn", "onexeno.your_turn_pass"])
        expect(hasMessage(wordOn(x, key)), `${surfaceOf(x)}: ${wordOn(x, key)}`).toBe(true);
    expect(wordOn({ guildId: null }, "table.open")).not.toBe(wordOn({ guildId: "300000000000000001" }, "table.open"));
    expect(traitsOf({ guildId: null }).movesAlone).toBe(false);
    expect(traitsOf({ guildId: "300000000000000001" }).movesAlone).toBe(true);
    // A record kept before tables kept their guild (none recorded) is a server's, as it always was.
    expect(surfaceOf({})).toBe("channel");
  });

  it("/help names each command once, and the records in a DM only among the five", () => {
    const games = GAME_SET.commands.map((c) => c.data.name).filter((n) => ["onexeno", "onze", "cardeno"].includes(n));
    for (const guildId of [null, "300000000000000001"]) {
      const text = helpText("en", guildId, games);
      for (const name of ["history", "replay", "stats", "tournament"])
        expect(text.split(`/${name}`).length - 1, `${guildId ?? "a DM"}: /${name}\n${text}`).toBeLessThanOrEqual(1);
      // The records are named on both surfaces: in the five (a DM), or in the last line (a server).
      expect(text, guildId ?? "a DM").toContain("/history");
      expect(text, guildId ?? "a DM").toContain("/replay");
    }
    // Every language's DM help ends on the rules alone; a server's names the records there.
    for (const locale of LOCALES) {
      const dm = helpText(locale, null, games).split("\n").at(-1) ?? "";
      const server = helpText(locale, "300000000000000001", games).split("\n").at(-1) ?? "";
      expect(server.length, locale).toBeGreaterThan(dm.length);
      expect(dm, locale).not.toMatch(/\{\{|help\./);
    }
  });

  it("/help offers on each surface only commands that exist and are offered there", () => {
    type O = { name: string; type: number; options?: O[] };
    for (const guildId of [null, "300000000000000001"]) {
      const tries = traitsOf({ guildId }).helpTries;
      expect(tries).toHaveLength(2);
      for (const { key, command } of tries) {
        expect(hasMessage(`help.${key}`)).toBe(true);
        const [root, ...rest] = command.split(" ");
        const cmd = GAME_SET.commands.find((c) => c.data.name === root);
        expect(cmd, command).toBeDefined();
        const json = cmd!.data.toJSON() as { contexts?: number[]; options?: O[] };
        if (rest[0]) expect((json.options ?? []).some((o) => o.name === rest[0])).toBe(true);
        // In a DM, only what a user install offers there (a command for servers only would not even be listed).
        if (guildId === null) expect(json.contexts).toContain(InteractionContextType.BotDM);
      }
    }
  });

  it("is picked for a table or an interaction by its guild, one surface object each", () => {
    const a = { kind: "answers" } as TableSurface;
    const c = { kind: "channel" } as TableSurface;
    const pick = pickSurface({ answers: a, channel: c });
    expect(pick({ guildId: null })).toBe(a);
    expect(pick({ guildId: "300000000000000001" })).toBe(c);
  });

  it("a channel shows live-table moves made while a write waits together, from the first one's table to the newest; a table moved on by another is left to its own message", async () => {
    const jobs = new Map<string, () => Promise<void>>();
    let room: () => void = () => {};
    const shown: string[] = [];
    const surface = channelSurface({
      live: { editLive: async () => false, shown: async () => {} },
      budget: { take: () => new Promise<void>((resolve) => (room = resolve)) },
      // The latest job asked for a key is the one that runs (src/bot/coalesce.ts).
      request: (key, job) => void jobs.set(key, job),
    });
    const table = (rev: number) => ({ rev }) as unknown as AnyTable;
    let current = table(3);
    const move = (before: number, after: number) => ({
      before: table(before),
      after: table(after),
      lines: [],
      current: async () => current,
      show: async (from: AnyTable, now: AnyTable) => void shown.push(`${from.rev}->${now.rev}`),
    });
    await surface.movedOutside("c1", move(1, 2));
    await surface.movedOutside("c1", move(2, 3));
    expect(jobs.size).toBe(1);
    const run = jobs.get("live-chat:c1")!();
    room();
    await run;
    expect(shown).toEqual(["1->3"]);
    // A button moved the table on before the write had room: its own message shows it.
    jobs.clear();
    await surface.movedOutside("c1", move(3, 4));
    current = table(5);
    const later = jobs.get("live-chat:c1")!();
    room();
    await later;
    expect(shown).toEqual(["1->3"]);
    // Nothing waits to be said on a channel, and nothing of a move goes inside an answer there.
    expect(await surface.tableInAnswer({} as never, { payload: async () => ({}) as BaseMessageOptions }, table(5), ["x"])).toBeNull();
  });
});
