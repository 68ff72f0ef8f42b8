/**
 * The locale files: every language has every key of the English file with the same
 * placeholders; the English commands section is the registered commands' own words; every
 * command, option and choice is named in every language by Discord's rules (checked by the
 * stand-in's registration checks and Discord's API description); refusals speak the user's
 * language.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commandBodies, entryPointBody } from "../../src/app.ts";
import { commandPathIn, commandPaths, commandWords, localizeCommand } from "../../src/i18n/commands.ts";
import { LOCALE_FILES, LOCALES, localeOf, t, wordsOf } from "../../src/i18n/index.ts";
import { checkCommands, LimitError } from "../../src/standin/limits.ts";
import { checkAgainstSpec } from "../../src/standin/spec.ts";
import { UserError } from "../../src/bot/errors.ts";
import { finalScoresLine, inputError, refuse, sayError, scoresLine } from "../../src/bot/words.ts";
import { GAMES, gameSet } from "../../commands/index.ts";
import { RACE } from "../fixtures/race/bot.ts";

/** The real games and the fixture, each game's words in its own folder: every check below reads them merged (`wordsOf`). */
const GAME_SET = gameSet([...GAMES, RACE]);

/** Every leaf of a locale file as `a.b.c` → text. */
function leaves(o: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof o === "string") out.set(prefix, o);
  else if (o && typeof o === "object")
    for (const [k, v] of Object.entries(o)) for (const [kk, vv] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("locale files", () => {
  const en = leaves(wordsOf("en"));

  it("keep each game's words in its own files: no key is in two of them, or in a game's and the shared files", () => {
    const owners = new Map<string, string>();
    const files = [{ name: "shared", words: LOCALE_FILES.en }, ...[...GAMES, RACE].map((m) => ({ name: m.name, words: m.words.en }))];
    const twice: string[] = [];
    for (const f of files)
      for (const k of leaves(f.words).keys()) {
        const had = owners.get(k);
        if (had) twice.push(`${k}: ${had} and ${f.name}`);
        owners.set(k, f.name);
      }
    expect(twice).toEqual([]);
    expect(t("fr", "race.pic.title")).toBe("Course à 21");
  });

  it("have every English key, no other, with the same placeholders, none empty", () => {
    expect(en.size).toBeGreaterThan(300);
    for (const l of LOCALES) {
      const file = leaves(wordsOf(l));
      expect(
        [...file.keys()].filter((k) => !en.has(k)),
        `${l}: keys English lacks`,
      ).toEqual([]);
      expect(
        [...en.keys()].filter((k) => !file.has(k)),
        `${l}: keys missing`,
      ).toEqual([]);
      for (const [k, v] of file) {
        expect(v.trim(), `${l} ${k}`).not.toBe("");
        expect(placeholders(v), `${l} ${k}`).toEqual(placeholders(en.get(k) as string));
      }
    }
  });

  it("say in English exactly what the registered commands say", () => {
    const built = new Map<string, { name: string; description?: string }>();
    // The slash commands and the app's Entry Point command (the App Launcher's).
    for (const body of [...GAME_SET.commands.map((c) => c.data.toJSON() as unknown as Record<string, unknown>), entryPointBody()]) {
      const walk = (node: Record<string, unknown>, path: string) => {
        built.set(path, { name: String(node.name), ...(node.description !== undefined ? { description: String(node.description) } : {}) });
        for (const o of (node.options as Record<string, unknown>[] | undefined) ?? []) walk(o, `${path} ${String(o.name)}`);
        for (const ch of (node.choices as Record<string, unknown>[] | undefined) ?? [])
          built.set(`${path}=${String(ch.value)}`, { name: String(ch.name) });
      };
      walk(body, String(body.name));
    }
    expect(Object.fromEntries(built)).toEqual(wordsOf("en").commands);
  });

  it("name every command, option and choice in every language, as Discord accepts them", () => {
    const bodies = [...(commandBodies(GAME_SET) as Record<string, unknown>[]), entryPointBody()];
    for (const body of bodies)
      for (const path of commandPaths(body))
        for (const l of LOCALES) {
          const w = commandWords(l, path);
          expect(w?.name, `${l} ${path}`).toBeTruthy();
          if (!path.includes("=")) expect(w?.description, `${l} ${path}`).toBeTruthy();
        }
    // The stand-in's registration rules (names, lengths, locales, unique siblings) and Discord's description.
    expect(() => checkCommands(bodies)).not.toThrow();
    expect(() => checkAgainstSpec("PUT", "/applications/1/commands", bodies)).not.toThrow();
    const onexeno = bodies.find((b) => b.name === "onexeno") as { options: { name: string; name_localizations: Record<string, string> }[] };
    expect(onexeno.options.find((o) => o.name === "new")?.name_localizations).toEqual({
      fr: "nouvelle",
      de: "neu",
      "es-ES": "nueva",
      "es-419": "nueva",
      "pt-BR": "nova",
    });
  });

  it("write a command in code only as that language's reader types it, and name buttons by their words there", () => {
    const paths = GAME_SET.commands
      .flatMap((c) => commandPaths(c.data.toJSON() as unknown as Record<string, unknown>))
      .filter((p) => !p.includes("="));
    for (const l of LOCALES) {
      const typed = new Set(paths.map((p) => commandPathIn(l, p)));
      for (const [k, v] of leaves(wordsOf(l))) {
        if (k.startsWith("commands.")) continue;
        for (const [, path] of v.matchAll(/`\/([^`{:]+?)(?: [a-z-]+:[^`]*)?`/g))
          expect(typed.has(path!.trim()), `${l} ${k}: \`/${path}\``).toBe(true);
        if (l !== "en") expect(v, `${l} ${k}`).not.toContain("**My hand**");
      }
    }
  });

  it("are refused by the stand-in, as by Discord, when a localized name breaks the rules", () => {
    const base = { name: "demo", description: "A demo", type: 1, options: [] as unknown[] };
    const refused = (body: Record<string, unknown>) => {
      try {
        checkCommands([body]);
        return null;
      } catch (e) {
        return e instanceof LimitError ? e.path : String(e);
      }
    };
    expect(refused({ ...base, name_localizations: { fr: "Démo" } })).toBe("0.name_localizations.fr");
    expect(refused({ ...base, name_localizations: { xx: "demo" } })).toBe("0.name_localizations.xx");
    expect(refused({ ...base, description_localizations: { de: "x".repeat(101) } })).toBe("0.description_localizations.de");
    const sub = (name: string, fr: string) => ({ name, description: "d", type: 1, name_localizations: { fr } });
    expect(refused({ ...base, options: [sub("one", "un"), sub("two", "un")] })).toBe("0.options.1.name_localizations.fr");
    expect(refused(localizeCommand({ ...base, options: [sub("one", "un")] }))).toBeNull();
  });
});

describe("refusals", () => {
  it("are said by the locale files in the very words each site uses in English (engines and bot)", () => {
    const root = join(import.meta.dirname, "..", "..");
    const sources = ["src/games", "commands", "src/bot"].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith(".ts"))
        .map((e) => readFileSync(join(e.parentPath, e.name), "utf8")),
    );
    const site =
      /(?:err|new UserError|refuse)\(\s*"([a-z_]+\/[a-z_]+)",\s*"((?:[^"\\]|\\.)*)"(?:,\s*(?:"error",\s*)?\{\s*context: "(\w+)",?\s*\})?\s*,?\s*\)/g;
    let checked = 0;
    for (const src of sources)
      for (const m of src.matchAll(site)) {
        const [, code, message, context] = m;
        // The table layer words `action/not_your_turn` itself (naming whose turn it is).
        if (!(wordsOf("en").refusals as Record<string, unknown>)[code ?? ""] || code === "action/not_your_turn") continue;
        expect(t("en", `refusals.${code}`, context ? { context } : {}), `${code} ${context ?? ""}`).toBe(JSON.parse(`"${message}"`));
        checked++;
      }
    expect(checked).toBeGreaterThan(120);
  });
});

describe("refusal sites", () => {
  it("give every value their message names (`refuse(code, { … })`, `inputError`), so no `{{placeholder}}` is left unfilled", () => {
    const root = join(import.meta.dirname, "..", "..");
    const sources = ["commands", "src/bot"].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith(".ts"))
        .map((e) => readFileSync(join(e.parentPath, e.name), "utf8")),
    );
    const messages = wordsOf("en").refusals as Record<string, string>;
    const site = /\b(?:refuse|refused|inputError)\(\s*"([a-z_]+\/[a-z_]+)"\s*(?:,\s*\{([^{}]*)\})?\s*\)/g;
    const problems: string[] = [];
    let checked = 0;
    for (const src of sources)
      for (const [whole, code, body = ""] of src.matchAll(site) as IterableIterator<[string, string, string | undefined]>) {
        if (body.includes("...")) continue; // a spread: its names are not in the text
        const given = new Set([...body.matchAll(/(?:^|,)\s*(\w+)\s*(?=:|,|$)/g)].map((m) => m[1] as string));
        const context = /context:\s*"(\w+)"/.exec(body)?.[1];
        if (given.has("command")) for (const w of ["new", "join"]) given.add(w);
        if (given.has("path")) for (const w of ["option", "choices"]) given.add(w);
        const variants = Object.keys(messages).filter((k) =>
          context
            ? k === `${code}_${context}`
            : given.has("context")
              ? k.startsWith(`${code}_`)
              : k === (given.has("command") && messages[`${code}_command`] ? `${code}_command` : code),
        );
        if (!variants.length) problems.push(`${whole}: no message`);
        for (const k of variants)
          for (const [, name] of (messages[k] as string).matchAll(/\{\{(\w+)\}\}/g))
            if (!given.has(name as string)) problems.push(`${whole}: ${k} names {{${name}}}`);
        checked++;
      }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});

describe("languages", () => {
  it("build each message from its own locale, key and values, however often it is asked for (built messages are kept)", () => {
    for (let round = 0; round < 2; round++) {
      expect(t("fr", "onexeno.places", { count: 1 })).toBe("1 place");
      expect(t("fr", "onexeno.places", { count: 3 })).toBe("3 places");
      expect(t("de", "onexeno.places", { count: 3 })).toBe("3 Plätze");
      expect(t("en", "refusals.onze/not_contract", { round: 2 })).not.toBe(t("en", "refusals.onze/not_contract", { round: 3 }));
      expect(t("fr", "refusals.input/bad_card", { context: "typed", text: "x" })).toMatch(/^`x` n'est pas une carte/);
      expect(t("fr", "refusals.input/bad_card", { context: "name", text: "x" })).toMatch(/^`x` n'est pas un nom de carte/);
    }
  });

  it("map Discord's locale codes to the bot's languages", () => {
    expect(["en-US", "en-GB", "fr", "de", "es-ES", "es-419", "pt-BR", "ru", null].map(localeOf)).toEqual([
      "en",
      "en",
      "fr",
      "de",
      "es",
      "es",
      "pt-BR",
      "en",
      "en",
    ]);
  });

  it("name the game a channel's table plays in the reader's words (solitaire included)", () => {
    expect(sayError(refuse("table/other_game", { game: "solitaire", command: "onexeno" }), "fr")).toBe(
      "La table de ce salon est une partie de ONEXENO solitaire : utilisez `/onexeno` ici (par exemple `/onexeno rejoindre`).",
    );
    expect(sayError(refuse("table/other_game", { game: "onexeno", command: "onexeno" }), "de")).toMatch(
      /^Der Tisch dieses Kanals ist eine Partie ONEXENO:/,
    );
  });

  it("say a refusal in the user's language, with its parameters and context", () => {
    expect(sayError(refuse("table/none", { command: "onze" }), "fr")).toBe(
      "Il n'y a pas encore de table ici. Ouvrez-en une avec `/onze nouvelle` ; les autres la rejoignent avec `/onze rejoindre` ou le bouton Rejoindre.",
    );
    // The commands a refusal names are the ones the user's Discord shows; English as before.
    expect(refuse("table/none", { command: "onze" }).message).toContain("Start one with `/onze new`; others then join with `/onze join`");
    expect(sayError(refuse("table/not_host", { context: "start" }), "de")).toBe("Nur der Gastgeber kann das Spiel starten.");
    // A start refused for the number of players: the game's rule (a variant's own), then how many sit.
    const partners = new UserError(
      "onexeno/bad_seat_count",
      "ONEXENO partners needs 2 or 3 teams of two (4 or 6 players). 3 seated now: others join with the Join button, or add a computer player.",
      "error",
      { context: "partners", seated: 3 },
    );
    expect(sayError(partners, "es-ES")).toBe(
      "ONEXENO parejas necesita 2 o 3 equipos de dos (4 o 6 jugadores). 3 sentados ahora: los demás se unen con el botón Unirse, o añade un jugador del ordenador.",
    );
    expect(sayError(refuse("action/not_your_turn", { name: "Ada" }), "es-419")).toBe("No es tu turno: está jugando Ada.");
    expect(refuse("action/not_your_turn", { name: "Ada" }).message).toBe("It is not your turn: Ada is playing.");
    // A code the files do not have yet keeps its own words.
    expect(sayError(new UserError("onze/not_a_run", "Not a run."), "fr")).toBe("Not a run.");
    expect(t("pt-BR", "settings.variants_now", { list: "x" })).toBe("Variantes da casa agora: x.");
    // The router's option checks name the option, and list the choices, as the user's Discord shows them.
    const range = inputError("input/out_of_range", { option: "hands", path: "onexeno new hands", min: 1, max: 10 });
    expect(range.message).toBe("`hands` must be between 1 and 10.");
    expect(sayError(range, "fr")).toBe("`mains` doit être entre 1 et 10.");
    const choice = inputError("input/bad_choice", { option: "end", path: "onexeno extend end", choices: "left, right", context: "list" });
    expect(choice.message).toBe("`end` must be one of: left, right.");
    expect(sayError(choice, "de")).toBe("`ende` muss eines davon sein: links, rechts.");
    // A hint picked as a value names the option as the user's Discord shows it.
    const picked = inputError("input/hint_picked", { option: "hands", path: "onexeno new hands" });
    expect(sayError(picked, "fr")).toBe(
      "La ligne choisie pour `mains` était une indication, pas une valeur : tapez une valeur, ou choisissez-en une dans la liste.",
    );
  });

  it("say a game's final scores best first, where the highest or the lowest total wins", () => {
    const seats = [{ name: "Ada" }, { name: "Ben" }, { name: "Cleo" }, { name: "Dev" }];
    expect(finalScoresLine(seats, [82, 107, 16, 107], "high")).toBe("Ben 107 · Dev 107 · Ada 82 · Cleo 16");
    expect(finalScoresLine(seats, [82, 107, 16, 107], "low")).toBe("Cleo 16 · Ada 82 · Ben 107 · Dev 107");
    // Round lines keep the seat order.
    expect(scoresLine(seats, [82, 107, 16, 107])).toBe("Ada 82 · Ben 107 · Cleo 16 · Dev 107");
  });
});
