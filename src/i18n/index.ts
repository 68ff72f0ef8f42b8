/**
 * The bot's languages: English, French, German, Spanish and Brazilian Portuguese, one locale
 * file each (`src/i18n/locales/<locale>.json`), read by i18next (messages, `{{name}}`
 * placeholders, plurals through `Intl.PluralRules`). Discord tells a bot each user's language
 * (`interaction.locale`) and a community server's (`guild_locale`)
 * (https://discord.com/developers/docs/reference#locales); `localeOf` maps those to ours.
 *
 * A locale file holds `commands` (each slash command, subcommand, option and choice by its path,
 * e.g. `tournament create format`: `name` and `description`, registered as Discord's
 * `name_localizations`/`description_localizations`), `refusals` (by `UserError` code) and the
 * words of the features spanning games (`settings`, `tournament`, `history`…). Each game's own
 * words (its section, its commands' entries, its refusals, its names) are its own files, in its
 * render folder (`locales/<locale>.json`), merged over these with `addWords` when the game's
 * words module loads, in whichever thread draws or speaks it.
 */
import i18next, { type i18n } from "i18next";
import de from "./locales/de.json" with { type: "json" };
import en from "./locales/en.json" with { type: "json" };
import es from "./locales/es.json" with { type: "json" };
import fr from "./locales/fr.json" with { type: "json" };
import ptBR from "./locales/pt-BR.json" with { type: "json" };

/** The bot's languages, English first (the fallback and the registered default names). */
export const LOCALES = ["en", "fr", "de", "es", "pt-BR"] as const;
/** One of the bot's languages. */
export type Locale = (typeof LOCALES)[number];

/** A locale file's shape (English is the reference: every other file has the same keys). */
export type LocaleFile = typeof en;

/** The locale files by language. */
export const LOCALE_FILES: Readonly<Record<Locale, LocaleFile>> = { en, fr, de, es, "pt-BR": ptBR };

/** Discord's locale codes for each language (https://discord.com/developers/docs/reference#locales). */
export const DISCORD_LOCALES: Readonly<Record<Locale, readonly string[]>> = {
  en: ["en-US", "en-GB"],
  fr: ["fr"],
  de: ["de"],
  es: ["es-ES", "es-419"],
  "pt-BR": ["pt-BR"],
};

/** Our language for a Discord locale code (`fr`, `es-419`, `pt-BR`…); English for the rest and for none. */
export function localeOf(discord: string | null | undefined): Locale {
  if (!discord) return "en";
  for (const l of LOCALES) if (DISCORD_LOCALES[l].includes(discord)) return l;
  const lang = discord.split("-")[0];
  return lang === "pt" ? "pt-BR" : (LOCALES.find((l) => l === lang) ?? "en");
}

let instance: i18n | null = null;

/** A tree of words: sections of messages by key. */
export type WordTree = { readonly [key: string]: string | WordTree };
/** A game's words: its own tree in each language, merged over the shared files (`addWords`). */
export type GameWords = Readonly<Record<Locale, WordTree>>;

/**
 * The refusal codes of each game's words, by declaration merging in the game's words module
 * (`declare module "…/i18n/index" { interface GameRefusals extends Record<keyof typeof en.refusals, true> {} }`),
 * so that `refuse(code)` checks a game's codes as it checks the shared ones.
 */
export interface GameRefusals {}

/** The games' words added so far, in the order added. */
const added: GameWords[] = [];
/** Every word of each locale, the games' merged in (built on demand, cleared when words are added). */
const merged = new Map<Locale, WordTree>();

/** `over` merged into `base`, section by section (`over` wins a message both have). */
function mergeTrees(base: WordTree, over: WordTree): WordTree {
  const out: Record<string, string | WordTree> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = typeof v === "object" && typeof b === "object" ? mergeTrees(b, v) : v;
  }
  return out;
}

/**
 * Adds a game's words (each language's tree) over the shared files, in this thread, once: a
 * game's words module calls it as it loads. Returns `words` (for the game's module to list).
 */
export function addWords(words: GameWords): GameWords {
  if (added.includes(words)) return words;
  added.push(words);
  // i18next merges into the tree it holds, in place: it is given copies, never the files' own objects.
  for (const l of LOCALES) instance?.addResourceBundle(l, "translation", structuredClone(words[l]), true, true);
  merged.clear();
  built.clear();
  return words;
}

/** Every word of `locale`: its shared file with every game's words added so far merged in (what `t` reads). */
export function wordsOf(locale: Locale): WordTree {
  let tree = merged.get(locale);
  if (!tree) merged.set(locale, (tree = added.reduce((t, w) => mergeTrees(t, w[locale]), LOCALE_FILES[locale] as WordTree)));
  return tree;
}

/** The i18next instance, set up once (synchronously: every resource is bundled). */
function translator(): i18n {
  if (instance) return instance;
  const t = i18next.createInstance();
  void t.init({
    resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: structuredClone(wordsOf(l)) }])),
    lng: "en",
    fallbackLng: "en",
    supportedLngs: [...LOCALES],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance = t;
  return t;
}

/**
 * Messages already built, by locale, key and parameters: the locale files never change while the
 * bot runs, so the same request always gives the same words, and a table message asks for
 * many of the same ones at every move (i18next's `t` costs about 7 µs a call, about 75 calls a
 * move; a hit costs well under 1). Cleared when full. Kept small: many messages carry a time or
 * a position (a clock's "until 14:05", a table's alt text), so most entries are never asked for
 * again. At 20,000 it held about 1 KiB an entry and grew for 5,000 games before its first
 * clearing: a soak's heap snapshots at 400 and 800 basic games put about 2 MiB of the 6.3 MiB
 * growth between them here (issue 48).
 */
const built = new Map<string, string>();
const BUILT_MAX = 2_000;

/** Values a message names: a player, a count (`count` picks the plural form), a channel. */
export type Params = Readonly<Record<string, string | number>>;

/**
 * The message `key` (e.g. `refusals.table/none`) in `locale`, its `{{placeholders}}` filled from
 * `params`; English where the locale lacks it; the key itself where no file has it.
 */
export function t(locale: Locale, key: string, params: Params = {}): string {
  const id = `${locale}\u0001${key}\u0001${JSON.stringify(params)}`;
  const known = built.get(id);
  if (known !== undefined) return known;
  const text = translator().t(key, { lng: locale, ...params });
  if (built.size >= BUILT_MAX) built.clear();
  built.set(id, text);
  return text;
}

/** Whether `key` is a message of the English file (the reference every locale matches). */
export function hasMessage(key: string): boolean {
  return translator().exists(key, { lng: "en", fallbackLng: false });
}

/** A number in the locale's own way (`1 234,5` in French), through `Intl.NumberFormat`. */
export function formatNumber(locale: Locale, n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(n);
}

/** A date in the locale's own way (`25 nov. 2026`), through `Intl.DateTimeFormat`; `at` in ms since the epoch. */
export function formatDate(locale: Locale, at: number, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  return new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options }).format(at);
}

/** `a, b and c` (or `a, b or c` with `key` "or") in `locale`'s words; one item alone, "" for none. */
export function listIn(locale: Locale, xs: readonly string[], key: "and" | "or" = "and"): string {
  if (xs.length < 2) return xs[0] ?? "";
  return t(locale, `table.list_${key}`, { a: xs.slice(0, -1).join(", "), b: xs.at(-1) ?? "" });
}
