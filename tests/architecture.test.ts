import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((f) => {
    const p = join(dir, f);
    return statSync(join(root, p)).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  return [
    ...text.matchAll(/^\s*(?:import|export)[^"']*?from\s+["']([^"']+)["']/gm),
    ...text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1] as string);
}

/** Where an import points: a top-level area of the repo, or the package name. */
function target(file: string, spec: string): string {
  if (!spec.startsWith("."))
    return spec.startsWith("node:")
      ? "node:"
      : spec
          .split("/")
          .slice(0, spec.startsWith("@") ? 2 : 1)
          .join("/");
  const abs = relative(root, join(root, file, "..", spec));
  const parts = abs.split("/");
  return parts[0] === "src" ? `src/${parts[1]}` : (parts[0] as string);
}

/**
 * Functions over 100 lines today, with the most lines each may have (file:name). Lines are a
 * signal, not a fence: a file may be as long as its one job needs, but a function this long
 * usually holds several jobs. The list only shrinks (issue: one module per game, subcommands as tables).
 */
const LONG_FUNCTIONS: Readonly<Record<string, number>> = {
  "src/games/onexeno/canasta.ts:applyCanasta": 110,
  "src/games/onze/game.ts:applyOnze": 166,
  "src/store/store.ts:openStore": 117,
  "commands/onze/panel.ts:onzeHandMessage": 112,
  "render/assembly/palette.ts:choosePalette": 119,
  "render/onexeno/solitaire.ts:drawSolitaire": 138,
};

/** Functions (declarations, methods, arrows and function expressions) of `file` longer than `min` lines, named file:name. */
function longFunctions(file: string, min: number): { name: string; lines: number }[] {
  const text = readFileSync(join(root, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { name: string; lines: number }[] = [];
  const nameOf = (node: ts.Node): string => {
    const named = node as ts.Node & { name?: ts.Node };
    if (named.name && ts.isIdentifier(named.name)) return named.name.text;
    const parent = node.parent;
    if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)))
      return parent.name.getText(source);
    return `(anonymous at ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1})`;
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > min) out.push({ name: `${file}:${nameOf(node)}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const rules: { area: string; allowed: (t: string) => boolean }[] = [
  { area: "src/engine", allowed: (t) => t === "src/engine" || t === "pure-rand" || t === "@noble/hashes" },
  { area: "src/games", allowed: (t) => t === "src/engine" || t === "src/games" },
  { area: "src/tournament", allowed: (t) => t === "src/engine" || t === "src/tournament" || t === "edmonds-blossom-fixed" },
  {
    area: "render",
    // lru-cache: the parts of pictures kept between pictures (Onze's seat blocks, Cardeno's boards).
    allowed: (t) =>
      ["render", "src/games", "src/engine", "src/i18n", "@napi-rs/canvas", "piscina", "gifenc", "lru-cache", "node:"].includes(t),
  },
  // sqlite3 and lru-cache: @keyv/sqlite's driver, its statements kept prepared (src/store/sqlite.ts).
  {
    area: "src/store",
    allowed: (t) => t === "src/store" || t.startsWith("keyv") || t.startsWith("@keyv/") || ["sqlite3", "lru-cache", "node:"].includes(t),
  },
  {
    area: "src/bot",
    allowed: (t) =>
      [
        "src/bot",
        "src/surfaces",
        "src/engine",
        "src/games",
        "src/store",
        "src/tournament",
        "src/i18n",
        "discord.js",
        "async-mutex",
        "openskill",
        "parse-duration",
        "node:",
      ].includes(t),
  },
  // The surfaces a table is shown on (issue 64): a server's channel, the answer chain of DMs, the live table (issue 50: the
  // bot's play flow behind a web server; ws: the front's sockets on to a shard's; the store: where the shards' live tables are).
  {
    area: "src/surfaces",
    allowed: (t) =>
      [
        "src/surfaces",
        "src/bot",
        "src/engine",
        "src/i18n",
        "src/store",
        "fastify",
        "@fastify/websocket",
        "ws",
        "esbuild",
        "zod",
        "rate-limiter-flexible",
        "discord.js",
        "node:",
      ].includes(t),
  },
  // The words of every language: the locale files and i18next, nothing else.
  { area: "src/i18n", allowed: (t) => ["src/i18n", "i18next"].includes(t) },
  // The stand-in's judge is Discord's published API description and its zod schemas (issue 26).
  {
    area: "src/standin",
    allowed: (t) => ["src/standin", "ws", "discord-api-spec", "zod", "node:"].includes(t),
  },
  {
    area: "commands",
    allowed: (t) =>
      [
        "commands",
        "src/bot",
        "src/surfaces",
        "src/games",
        "src/engine",
        "src/store",
        "src/i18n",
        "render",
        "discord.js",
        "csv-stringify",
        "lru-cache",
        "node:",
      ].includes(t),
  },
];

describe("architecture", () => {
  for (const rule of rules) {
    it(`${rule.area} imports only what it may`, () => {
      const bad: string[] = [];
      for (const f of files(rule.area)) for (const spec of imports(f)) if (!rule.allowed(target(f, spec))) bad.push(`${f} -> ${spec}`);
      expect(bad).toEqual([]);
    });
  }

  it("a surface never climbs back to what calls it: no file under src/surfaces imports the router, the move flow, the reply helpers or the app", () => {
    const callers = ["src/bot/router.ts", "src/bot/flow.ts", "src/bot/reply.ts", "src/app.ts"];
    const bad = files("src/surfaces").flatMap((f) =>
      imports(f)
        .filter((spec) => spec.startsWith(".") && callers.includes(relative(root, join(root, f, "..", spec))))
        .map((spec) => `${f} -> ${spec}`),
    );
    expect(files("src/surfaces").length).toBeGreaterThan(8);
    expect(bad).toEqual([]);
  });

  it("engines read no clock and no global randomness", () => {
    const bad: string[] = [];
    for (const f of [...files("src/engine"), ...files("src/games")]) {
      const text = readFileSync(join(root, f), "utf8");
      for (const word of ["Date.now", "new Date(", "Math.random", "performance.now", "process."])
        if (text.includes(word)) bad.push(`${f}: ${word}`);
    }
    expect(bad).toEqual([]);
  });

  it("has no import cycles, type-only imports included (dpdm)", async () => {
    const { parseDependencyTree, parseCircular } = await import("dpdm");
    const tree = await parseDependencyTree(["src/**/*.ts", "commands/**/*.ts", "render/**/*.ts"], {
      cwd: root,
      transform: false,
      skipDynamicImports: false,
    });
    expect(Object.keys(tree).length).toBeGreaterThan(80);
    expect(parseCircular(tree).map((c) => c.join(" -> "))).toEqual([]);
  });

  // Ratchets for the game-layer work (issue: one game layer): these may only go down.
  it("no `as unknown as` outside the store and the stand-in (the game seam is typed)", () => {
    const casts = [...files("src"), ...files("commands"), ...files("render")]
      .filter((f) => !f.startsWith("src/store/") && !f.startsWith("src/standin/"))
      .flatMap((f) =>
        readFileSync(join(root, f), "utf8")
          .split("\n")
          .filter((l) => l.includes("as unknown as"))
          .map((l) => `${f}: ${l.trim()}`),
      );
    expect(casts).toEqual([]);
  });

  it("no source points to a file outside the repository for its rules (they are in docs/rules/)", () => {
    const outside = /GAMES\.md|ARCHITECTURE\.md|\bseed 00\d\b|\.\.\/shared\//;
    const found = [...files("src"), ...files("commands"), ...files("render"), ...files("tests"), ...files("bench")].flatMap((f) =>
      readFileSync(join(root, f), "utf8")
        .split("\n")
        .flatMap((l, i) => (outside.test(l) && !f.endsWith("architecture.test.ts") ? [`${f}:${i + 1}: ${l.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("no cast to a table record, a table payload or a table service type, and no `as never`, at the seam (the list carries the types)", () => {
    // A table message's record and revision are read through `revOf`/`recordOf` (issue 64), never cast back from a payload.
    const cast = /\bas (?:never\b|AnyTables?\b|TableRecord\b|TablePayload\b|(?!Game)[A-Z][A-Za-z]*Tables?\b)/;
    const found = [...files("src"), ...files("commands"), ...files("render")].flatMap((f) =>
      readFileSync(join(root, f), "utf8")
        .split("\n")
        .filter((l) => cast.test(l) && !l.trim().startsWith("*") && !l.trim().startsWith("//"))
        .map((l) => `${f}: ${l.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it("no function grows past its length: 100 lines, or the ceiling of a listed long function (a review list: shorten, never raise)", () => {
    const found = [...files("src"), ...files("commands"), ...files("render")].flatMap((f) => longFunctions(f, 100));
    const over = found.filter((x) => x.lines > (LONG_FUNCTIONS[x.name] ?? 100)).map((x) => `${x.name}: ${x.lines} lines`);
    expect(over).toEqual([]);
    // The list holds only functions that are still long: a shortened one leaves it.
    const stale = Object.keys(LONG_FUNCTIONS).filter((name) => !found.some((x) => x.name === name));
    expect(stale).toEqual([]);
    // A ceiling is the function's length: one that shrank lowers it, so it cannot grow back.
    const loose = found.filter((x) => (LONG_FUNCTIONS[x.name] ?? 0) > x.lines).map((x) => `${x.name}: ${x.lines} lines`);
    expect(loose, "lower these ceilings to the lengths shown").toEqual([]);
  });

  it("src/bot names no game: it imports no game's module, only the catalogue of src/games", () => {
    const known = new Set<string>();
    const bad = files("src/bot")
      .filter((f) => !known.has(f))
      .flatMap((f) => imports(f).map((spec) => ({ f, abs: relative(root, join(root, f, "..", spec)) })))
      .filter(({ abs }) => abs.startsWith("src/games/") && abs !== "src/games/catalogue.ts")
      .map(({ f, abs }) => `${f} -> ${abs}`);
    expect(bad).toEqual([]);
  });

  it("a game is its folders: outside them only the GAMES list imports a game, no game imports another's, no shared file names one", () => {
    const GAME_FOLDERS: Readonly<Record<string, readonly string[]>> = {
      onexeno: ["src/games/onexeno/", "commands/onexeno/", "commands/canasta/", "commands/solitaire/", "render/onexeno/"],
      onze: ["src/games/onze/", "commands/onze/", "render/onze/"],
      cardeno: ["src/games/cardeno/", "commands/cardeno/", "render/cardeno/"],
    };
    const gameOf = (path: string) => Object.keys(GAME_FOLDERS).find((g) => GAME_FOLDERS[g]!.some((d) => path.startsWith(d)));
    const all = [...files("src"), ...files("commands"), ...files("render")];
    const bad: string[] = [];
    for (const f of all) {
      const mine = gameOf(f);
      for (const spec of imports(f).filter((x) => x.startsWith("."))) {
        const theirs = gameOf(`${relative(root, join(root, f, "..", spec))}/`) ?? gameOf(relative(root, join(root, f, "..", spec)));
        if (theirs && theirs !== mine && f !== "commands/index.ts") bad.push(`${f} -> ${spec}`);
      }
      // Shared code and its comments name no game: what it needs of a game comes from the game's
      // module. (ONEXENO is also the product's name: the app, its store and log names say it.)
      if (!mine && f !== "commands/index.ts")
        for (const [i, line] of readFileSync(join(root, f), "utf8").split("\n").entries())
          if (/\b(onze|cardeno|canasta|solitaire)\b|ONEXENO (basic|partners|table|game)/i.test(line))
            bad.push(`${f}:${i + 1}: ${line.trim()}`);
    }
    expect(bad).toEqual([]);
    // The scan sees the list's imports of each game's module (guards the test itself).
    const listed = imports("commands/index.ts").map((spec) => gameOf(relative(root, join(root, "commands", spec))));
    expect(listed.filter(Boolean).sort()).toEqual(["cardeno", "onexeno", "onze"]);
  });

  it("the scan sees real imports (guards the test itself)", () => {
    expect(imports("src/games/onexeno/game.ts").map((s) => target("src/games/onexeno/game.ts", s))).toContain("src/engine");
    expect(imports("commands/onexeno/command.ts")).toContain("discord.js");
  });
});

describe("slash command texts", () => {
  it("fit Discord's limits and read whole where clients cut them (options at 50 characters)", async () => {
    const { commandBodies } = await import("../src/app.ts");
    type O = { name: string; description?: string; options?: O[]; type?: number };
    const long: string[] = [];
    const walk = (o: O, path: string) => {
      for (const c of o.options ?? []) {
        const d = c.description ?? "";
        const sub = c.type === 1 || c.type === 2;
        if (d.length === 0 || d.length > (sub ? 100 : 50)) long.push(`${path} ${c.name}: ${d.length}`);
        walk(c, `${path} ${c.name}`);
      }
    };
    for (const b of commandBodies() as O[]) {
      expect((b.description ?? "").length).toBeLessThanOrEqual(100);
      walk(b, b.name);
    }
    expect(long).toEqual([]);
  });
});
