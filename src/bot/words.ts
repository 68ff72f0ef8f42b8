/**
 * The words the bot says when it refuses something: one table of messages per language (the
 * `refusals` of src/i18n/locales/<locale>.json), used by every game, so the same mistake always
 * gets the same words. Keys are the stable codes of `UserError`; a few take parameters (the
 * player to wait for, the command to use) and a `context` (the action only the host may take:
 * `table/not_host` with context `start` reads `table/not_host_start`).
 */
import { commandPathIn, commandWords } from "../i18n/commands.ts";
import { hasMessage, listIn, localeOf, t, wordsOf, type GameRefusals, type Locale, type LocaleFile } from "../i18n/index.ts";
import { UserError } from "./errors.ts";

type Params = { readonly [k: string]: string | undefined };

/** A refusal's stable code (a key of the locale files' `refusals`, without a context suffix). */
export type RefusalCode = keyof LocaleFile["refusals"] | keyof GameRefusals;

/**
 * The language a table speaks in public (its messages and pictures): the one it opened with
 * (`GameTable.locale`); English for tables stored before languages.
 */
export const tableLocale = (rec: { readonly locale?: Locale | undefined }): Locale => rec.locale ?? "en";

/** Who a private panel is drawn for: their user id and their Discord's language (`interaction.locale`). */
export interface Viewer {
  readonly userId: string;
  readonly locale: Locale;
}

/** The viewer behind an interaction; a bare user id reads in English (tests, older callers). */
export function viewerOf(who: string | { readonly user: { readonly id: string }; readonly locale: string } | Viewer): Viewer {
  if (typeof who === "string") return { userId: who, locale: "en" };
  return "userId" in who ? who : { userId: who.user.id, locale: localeOf(who.locale) };
}

/** Message `key` (e.g. `table.joined`) in the language of table `rec`, filled from `params`. */
export function sayAt(
  rec: { readonly locale?: Locale | undefined },
  key: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return t(tableLocale(rec), key, params);
}

/**
 * Each seat's name and figure in seat order, `Ada 12 · Bob 7` (`sep` between seats, `sign`
 * before each figure, e.g. `+` for a hand's points); a seat with no figure shows `?`.
 */
export function scoresLine(seats: readonly { readonly name: string }[], figures: readonly number[], sep = " · ", sign = ""): string {
  return seats.map((s, i) => `${s.name} ${sign}${figures[i] ?? "?"}`).join(sep);
}

/**
 * A game's final scores, `Ada 12 · Bob 7`, best first (`best`: "high" where the highest total
 * wins, "low" where the lowest does), seat order among equals: the line under a
 * finished table reads as its result, while the picture beside it lists the seats in order.
 */
export function finalScoresLine(
  seats: readonly { readonly name: string }[],
  figures: readonly number[],
  best: "high" | "low",
  sep = " · ",
): string {
  const dir = best === "high" ? -1 : 1;
  return seats
    .map((s, i) => ({ name: s.name, figure: figures[i] }))
    .sort((a, b) => dir * ((a.figure ?? 0) - (b.figure ?? 0)))
    .map((s) => `${s.name} ${s.figure ?? "?"}`)
    .join(sep);
}

/** Codes that are not errors: said without the ❌ (a double click, for example). */
const CALM: ReadonlySet<string> = new Set(["table/already_done", "interaction/late", "clock/not_away", "clock/not_due"]);

/**
 * The i18next options of a refusal in `locale`: its parameters; `command` picks the variant that
 * names it and gives `new` and `join`, the game's commands as that user's Discord shows them
 * (`game nouvelle` in French).
 */
function options(params: Readonly<Record<string, string | number | undefined>>, locale: Locale): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined) out[k] = v;
  if (typeof out.path === "string" && locale !== "en") {
    const path = out.path;
    out.option = commandWords(locale, path)?.name ?? out.option ?? "";
    if (out.choices !== undefined) {
      const names = Object.entries(wordsOf(locale).commands as Record<string, { name: string }>)
        .filter(([k]) => k.startsWith(`${path}=`))
        .map(([, w]) => w.name);
      if (names.length) out.choices = names.join(", ");
    }
  }
  if (typeof out.sizes === "string") out.sizes = sizesIn(locale, out.sizes);
  if (out.command !== undefined) {
    out.context ??= "command";
    out.new = commandPathIn(locale, `${out.command} new`);
    out.join = commandPathIn(locale, `${out.command} join`);
  }
  return out;
}

/**
 * Table sizes given as `"4, 6"` (numbers, ", " apart, ascending) in `locale`'s words: a run of
 * three or more as a range ("2 to 7"), else a list with "or" ("4 or 6"); other text unchanged.
 */
function sizesIn(locale: Locale, sizes: string): string {
  if (!/^\d+(, \d+)*$/.test(sizes)) return sizes;
  const xs = sizes.split(", ").map(Number);
  const run = xs.length >= 3 && xs.every((x, i) => i === 0 || x === xs[i - 1]! + 1);
  return run ? t(locale, "table.range", { from: xs[0]!, to: xs.at(-1)! }) : listIn(locale, xs.map(String), "or");
}

/** The words for a refusal code in `locale` (English by default). */
export function refusal(code: RefusalCode, params: Params = {}, locale: Locale = "en"): string {
  return t(locale, `refusals.${code}`, options(params, locale));
}

/** A refusal's words in `locale`, from its code and values (its English message for a code the locales lack). */
export function refusalIn(locale: Locale, e: UserError): string {
  const params = Object.fromEntries(Object.entries(e.params).map(([k, v]) => [k, String(v)]));
  return hasMessage(`refusals.${e.code}`) ? refusal(e.code as RefusalCode, params, locale) : e.message;
}

/** The `UserError` for a refusal code, with its English words (throw it; the router says it in the user's language). */
export function refuse(code: RefusalCode, params: Params = {}): UserError {
  const named = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return new UserError(code, refusal(code, params), CALM.has(code) ? "info" : "error", named);
}

/**
 * The `UserError` for an input refusal whose words are all in the locale files (the router's option
 * checks): `params` name the values; a `path` (`game new hands`) makes `option` the name the
 * user's Discord shows, and a choice list (`choices`) the choices' names there.
 */
export function inputError(code: RefusalCode, params: Readonly<Record<string, string | number>>): UserError {
  return new UserError(code, t("en", `refusals.${code}`, options(params, "en")), "error", params);
}

/**
 * A `UserError` in the words of `discordLocale` (Discord's code, e.g. `interaction.locale`):
 * its code's message in that language when the locale files have the code and their English
 * says exactly what the error says (so a site that words one code its own way, or adds to it,
 * keeps its own words rather than another site's), else its own (English) message. A `seated`
 * count among its values (a start refused for the number of players) adds `table/seated`.
 */
export function sayError(e: UserError, discordLocale: string | null | undefined): string {
  const key = `refusals.${e.code}`;
  if (!hasMessage(key)) return e.message;
  const locale = localeOf(discordLocale);
  // A refusal to start with too few or too many at the table ends with how many sit now (`seated`).
  const seated = (l: Locale) => (e.params.seated === undefined ? "" : ` ${t(l, "refusals.table/seated", { n: e.params.seated })}`);
  if (`${t("en", key, options(e.params, "en"))}${seated("en")}` !== e.message) return e.message;
  return `${t(locale, key, options(e.params, locale))}${seated(locale)}`;
}
