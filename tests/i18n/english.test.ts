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

/** The user-facing English literals of one file: `line: text`. */
export function englishIn(file: string): string[] {
  const out: string[] = [];
  const lines = withoutComments(readFileSync(join(root, file), "utf8")).split("\n");
  lines.forEach((line, i) => {
    if (NOT_SAID.test(line)) return;
    // A refusal's English fallback, when the locale files say its code.
    const code =
      /new UserError\(\s*"([a-z_]+\/[a-z_]+)"/.exec(line)?.[1] ??
      (/new UserError\(\s*$/.test(line) ? /"([a-z_]+\/[a-z_]+)"/.exec(lines[i + 1] ?? "")?.[1] : undefined);
    if (code && hasMessage(`refusals.${code}`)) {
      // Translated only when the site says exactly what the locale file says (see `sayError`).
      const rest = `${line.slice(line.indexOf(code) + code.length + 1)} ${lines[i + 1] ?? ""}`;
      // A plain string, or a template whose `${name}` is the message's `{{name}}`.
      const found = /"((?:[^"\\]|\\.)*)"\s*[,)]|`((?:[^`\\]|\\.)*)`\s*[,)]/.exec(rest);
      const literal = found?.[1] ?? found?.[2]?.replace(/\$\{(\w+)\}/g, "{{$1}}");
      const variants = Object.entries(LOCALE_FILES.en.refusals)
        .filter(([k]) => k === code || k.startsWith(`${code}_`))
        .map(([, v]) => v);
      if (literal !== undefined && variants.includes(literal)) return;
    }
    for (const m of line.matchAll(/"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
      const text = m[1] ?? m[2] ?? "";
      if (WORDS.test(text.replace(/\$\{[^}]*\}/g, "x")) && !registered(text)) out.push(`${i + 1}: ${text.slice(0, 60)}`);
    }
  });
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
    for (const f of ["commands/settings.ts", "commands/clock.ts", "commands/rules.ts", "src/bot/words.ts", "src/bot/settings.ts"])
      expect(englishIn(f), f).toEqual([]);
  });

  it("finds the English a file would add", () => {
    expect(WORDS.test("It is not your turn")).toBe(true);
    expect(WORDS.test("cardeno-panel:x")).toBe(false);
    expect(WORDS.test("refusals.table/none")).toBe(false);
  });
});
