/**
 * Slash commands in every language: each command, subcommand, option and choice gets Discord's
 * `name_localizations` and `description_localizations` from the words' `commands` (shared and each game's)
 * (keyed by path: `tournament create format`, and `tournament create format=swiss` for a
 * choice), so a user sees `/tournament créer` in French. Discord still sends the default (English) names in the
 * interaction, so routing never changes.
 * https://discord.com/developers/docs/interactions/application-commands#localization
 */
import { DISCORD_LOCALES, LOCALES, wordsOf, type Locale } from "./index.ts";

type Json = Record<string, unknown>;
/** One entry of a locale file's `commands`. */
export interface CommandWords {
  readonly name: string;
  readonly description?: string;
}

/** The words of path `path` in `locale`, if the file has them. */
export function commandWords(locale: Locale, path: string): CommandWords | undefined {
  const commands = wordsOf(locale).commands;
  const entry = typeof commands === "object" ? commands[path] : undefined;
  if (typeof entry !== "object" || typeof entry.name !== "string") return undefined;
  return typeof entry.description === "string" ? { name: entry.name, description: entry.description } : { name: entry.name };
}

/**
 * A command path as a user of `locale` sees it in Discord's command picker: `game new` in French
 * is `game nouvelle` (each part's localized name; the English name where a part has none).
 */
export function commandPathIn(locale: Locale, path: string): string {
  const parts = path.split(" ");
  return parts.map((part, i) => commandWords(locale, parts.slice(0, i + 1).join(" "))?.name ?? part).join(" ");
}

/** Discord's localization map of one field over the other languages (`{ fr: …, de: …, "es-ES": …, "es-419": … }`). */
function localized(path: string, field: keyof CommandWords): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const l of LOCALES) {
    if (l === "en") continue;
    const v = commandWords(l, path)?.[field];
    if (v) for (const code of DISCORD_LOCALES[l]) out[code] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Every path of a command body: the command, its subcommands and options (`a b c`), its choices (`a b c=value`). */
export function commandPaths(body: Json): string[] {
  const out: string[] = [];
  const walk = (node: Json, path: string) => {
    out.push(path);
    for (const o of (node.options as Json[] | undefined) ?? []) walk(o, `${path} ${String(o.name)}`);
    for (const c of (node.choices as Json[] | undefined) ?? []) out.push(`${path}=${String(c.value)}`);
  };
  walk(body, String(body.name));
  return out;
}

/** A command body (`toJSON()` of a builder) with the localizations of every language added. */
export function localizeCommand<T extends object>(body: T): T {
  const walk = (node: Json, path: string): Json => {
    const names = localized(path, "name");
    const descriptions = localized(path, "description");
    return {
      ...node,
      ...(names ? { name_localizations: names } : {}),
      ...(descriptions && node.description !== undefined ? { description_localizations: descriptions } : {}),
      ...(node.options ? { options: (node.options as Json[]).map((o) => walk(o, `${path} ${String(o.name)}`)) } : {}),
      ...(node.choices
        ? {
            choices: (node.choices as Json[]).map((c) => {
              const n = localized(`${path}=${String(c.value)}`, "name");
              return n ? { ...c, name_localizations: n } : c;
            }),
          }
        : {}),
    };
  };
  const json = body as Json;
  return walk(json, String(json.name)) as T;
}
