/**
 * English left in code that users read: every string literal of the bot's user-facing code
 * (commands/, src/bot/, render/) with three or more words in a row, except log lines, thrown
 * programming errors, and the English fallback of a refusal whose code the locale files have.
 * There are none left: a literal a change adds fails the test (say it through the locale files).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { GAME_SET } from "../../commands/index.ts";
import { hasMessage, wordsOf } from "../../src/i18n/index.ts";

// Every game's words are added as its module loads: the real games' through the list.
void GAME_SET;

const root = join(import.meta.dirname, "..", "..");
const AREAS = ["commands", "src/bot", "render"];

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [join(dir, e.name)] : [],
  );
}

/** The source without comments (strings kept). */
function withoutComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/**
 * The registered commands' own English (names, descriptions, choices), and their paths
 * (`onexeno new game`, as code names them to look up their words): every language has them
 * through the locale files.
 */
const REGISTERED = Object.entries(wordsOf("en").commands as unknown as Record<string, { name: string; description?: string }>).flatMap(
  ([path, w]) => [path, w.name, ...(w.description ? [w.description] : [])],
);
/** Whether a literal (a template's `${…}` matching anything) is one of the registered commands' words. */
function registered(text: string): boolean {
  const pattern = new RegExp(
    `^${text
      .split(/\$\{[^}]*\}/)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
  return REGISTERED.some((w) => pattern.test(w));
}

const WORDS = /[A-Za-z][a-z']+[,:]? [a-z']+[,:]? [a-z']{2,}/;
/** Lines whose strings no user reads: logs, programming errors, imports. */
const NOT_SAID = /\blog\.(info|warn|error|debug)\(|\bthrow new (Range|Type)?Error\(|new Error\(|^\s*import |console\.(log|error|warn)/;
/** Calls whose arguments no user reads, however their lines are broken: a logger's, an Error's constructor. */
const NOT_SAID_CALL = /(\blog(\(\))?\.(info|warn|error|debug)|\bsuper|\bnew (Range|Type)?Error|console\.(log|error|warn))\s*$/;

/** Whether the literal at `at` is an argument of a call no user reads (found by walking back to its open parenthesis). */
function inUnsaidCall(text: string, at: number): boolean {
  let depth = 0;
  for (let i = at - 1; i >= Math.max(0, at - 400); i--) {
    const c = text[i];
    if (c === ")") depth++;
    else if (c === "(") {
      if (depth === 0) return NOT_SAID_CALL.test(text.slice(Math.max(0, i - 40), i));
      depth--;
    } else if (depth === 0 && (c === ";" || c === "{" || c === "}")) return false;
  }
  return false;
}

/**
 * Refusal sites whose words the locale files say (see `sayError`): `new UserError(code, words …)`,
 * `err(…)` or `refuse(code, words …)`, the words a plain string or a template whose `${name}` is
 * the message's `{{name}}`, equal to the English of the code or one of its contexts. Returns the
 * offsets of those words in `text`.
 */
function translatedSites(text: string): Set<number> {
  const out = new Set<number>();
  const site = /(?:new UserError|refuse|tournamentRefusal|err)\(\s*"([a-z_]+\/[a-z_]+)",\s*("(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)/g;
  for (const m of text.matchAll(site)) {
    const [whole, code, literal] = m as unknown as [string, string, string];
    if (!hasMessage(`refusals.${code}`)) continue;
    const words = literal.startsWith('"') ? (JSON.parse(literal) as string) : literal.slice(1, -1).replace(/\$\{(\w+)\}/g, "{{$1}}");
    const variants = Object.entries(wordsOf("en").refusals as Record<string, string>)
      .filter(([k]) => k === code || k.startsWith(`${code}_`))
      .map(([, v]) => v);
    if (variants.includes(words)) out.add((m.index ?? 0) + whole.length - literal.length);
  }
  return out;
}

/** The user-facing English literals of one file: `line: text`. */
export function englishIn(file: string): string[] {
  const out: string[] = [];
  const text = withoutComments(readFileSync(join(root, file), "utf8"));
  const translated = translatedSites(text);
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const lineOf = (at: number) => {
    let lo = 0;
    while (lo + 1 < lineStarts.length && (lineStarts[lo + 1] as number) <= at) lo++;
    return lo;
  };
  const lines = text.split("\n");
  for (const m of text.matchAll(/"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    const at = m.index ?? 0;
    const line = lineOf(at);
    if (translated.has(at) || NOT_SAID.test(lines[line] ?? "") || inUnsaidCall(text, at)) continue;
    const words = m[1] ?? m[2] ?? "";
    if (WORDS.test(words.replace(/\$\{[^}]*\}/g, "x")) && !registered(words)) out.push(`${line + 1}: ${words.slice(0, 60)}`);
  }
  return out;
}

describe("English in user-facing code", () => {
  it("finds none: every word users read comes from the locale files", () => {
    const found = AREAS.flatMap((area) =>
      files(area).flatMap((f) => englishIn(f).map((line) => `${relative(root, join(root, f))}:${line}`)),
    );
    expect(found, "say these through src/i18n/locales instead").toEqual([]);
  });

  it("skips the arguments of logs and Errors across broken lines, not of replies", () => {
    const src =
      'this.log().error(\n  `computer move failed in ${x}`,\n  e,\n);\nsuper(`the reply could not be delivered: ${y}`);\nreply({ content: "It is not your turn" });';
    const at = (s: string) => src.indexOf(s);
    expect(inUnsaidCall(src, at("`computer"))).toBe(true);
    expect(inUnsaidCall(src, at("`the reply"))).toBe(true);
    expect(inUnsaidCall(src, at('"It is'))).toBe(false);
  });

  it("finds the English a file would add", () => {
    expect(WORDS.test("It is not your turn")).toBe(true);
    expect(WORDS.test("cardeno-panel:x")).toBe(false);
    expect(WORDS.test("refusals.table/none")).toBe(false);
  });
});
