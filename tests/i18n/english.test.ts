/**
 * English left in code that users read: every string literal of the bot's user-facing code
 * (commands/, src/bot/, render/) with three or more words in a row, except log lines, thrown
 * programming errors, and the English fallback of a refusal whose code the locale files have.
 * Each file's count is kept in `english-baseline.json`: a file may not gain a literal (say it
 * through the locale files instead), and a file that loses some must lower its count, so the
 * baseline only ever falls. A file at 0 (a fully translated one) stays at 0.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { hasMessage, LOCALE_FILES } from "../../src/i18n/index";
import baseline from "./english-baseline.json" with { type: "json" };

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

/** The registered commands' own English (names, descriptions, choices): every language has it through the locale files. */
const REGISTERED = Object.values(LOCALE_FILES.en.commands as Record<string, { name: string; description?: string }>).flatMap((w) => [
  w.name,
  ...(w.description ? [w.description] : []),
]);
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

/**
 * Refusal sites whose words the locale files say (see `sayError`): `new UserError(code, words …)`,
 * `err(…)` or `refuse(code, words …)`, the words a plain string or a template whose `${name}` is
 * the message's `{{name}}`, equal to the English of the code or one of its contexts. Returns the
 * offsets of those words in `text`.
 */
function translatedSites(text: string): Set<number> {
  const out = new Set<number>();
  const site = /(?:new UserError|refuse|err)\(\s*"([a-z_]+\/[a-z_]+)",\s*("(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)/g;
  for (const m of text.matchAll(site)) {
    const [whole, code, literal] = m as unknown as [string, string, string];
    if (!hasMessage(`refusals.${code}`)) continue;
    const words = literal.startsWith('"') ? (JSON.parse(literal) as string) : literal.slice(1, -1).replace(/\$\{(\w+)\}/g, "{{$1}}");
    const variants = Object.entries(LOCALE_FILES.en.refusals)
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
    if (translated.has(at) || NOT_SAID.test(lines[line] ?? "")) continue;
    const words = m[1] ?? m[2] ?? "";
    if (WORDS.test(words.replace(/\$\{[^}]*\}/g, "x")) && !registered(words)) out.push(`${line + 1}: ${words.slice(0, 60)}`);
  }
  return out;
}

describe("English in user-facing code", () => {
  const counts: Record<string, number> = {};
  for (const area of AREAS) for (const f of files(area)) counts[relative(root, join(root, f))] = englishIn(f).length;
  console.log(
    `English literals left in user-facing code: ${Object.values(counts).reduce((a, b) => a + b, 0)} in ${Object.values(counts).filter((n) => n > 0).length} files`,
  );

  it("never grows, file by file, and the baseline falls as files are translated", () => {
    // `UPDATE_ENGLISH_BASELINE=1 npx vitest run tests/i18n/english.test.ts` writes today's counts (after translating).
    if (process.env.UPDATE_ENGLISH_BASELINE) {
      const nonZero = Object.fromEntries(
        Object.entries(counts)
          .filter(([, n]) => n > 0)
          .sort(([a], [b]) => a.localeCompare(b)),
      );
      writeFileSync(join(import.meta.dirname, "english-baseline.json"), `${JSON.stringify(nonZero, null, 2)}\n`);
      return;
    }
    const known = baseline as Record<string, number>;
    const grew = Object.entries(counts)
      .filter(([f, n]) => n > (known[f] ?? 0))
      .map(([f, n]) => `${f}: ${n} > ${known[f] ?? 0}\n  ${englishIn(f).join("\n  ")}`);
    expect(grew, "say these through src/i18n/locales instead").toEqual([]);
    const fell = Object.entries(known)
      .filter(([f, n]) => (counts[f] ?? 0) < n)
      .map(([f, n]) => `${f}: ${counts[f] ?? 0} < ${n}`);
    expect(fell, "lower these counts in tests/i18n/english-baseline.json").toEqual([]);
  });

  it("finds nothing in the files said in every language", () => {
    for (const f of [
      "commands/settings.ts",
      "commands/clock.ts",
      "commands/rules.ts",
      "commands/history.ts",
      "src/bot/words.ts",
      "src/bot/settings.ts",
      "src/bot/router.ts",
    ])
      expect(englishIn(f), f).toEqual([]);
  });

  it("finds the English a file would add", () => {
    expect(WORDS.test("It is not your turn")).toBe(true);
    expect(WORDS.test("cardeno-panel:x")).toBe(false);
    expect(WORDS.test("refusals.table/none")).toBe(false);
  });
});
