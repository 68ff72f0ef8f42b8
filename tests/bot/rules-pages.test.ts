/**
 * Rules documents as Discord embeds, whole, in every language: no section cut at a field's 1024
 * characters, no message past Discord's 6000 characters of embeds (the tournament rules need two
 * pages, each game's one), and every translation has the English document's sections.
 */
import { describe, expect, it } from "vitest";
import { GAMES, rulesDocuments } from "../../commands/index.ts";
import { rulesPages, rulesText, TOURNAMENT_RULES } from "../../commands/rules.ts";
import { RACE } from "../fixtures/race/bot.ts";
import { LOCALES, t } from "../../src/i18n/index.ts";

const norm = (s: string) => s.replace(/\s+/g, " ").trim();
const sections = (md: string) => md.split(/^## /m).slice(1);
/** Every game module's documents (the fixture's too, from its own folder) and the tournaments'. */
const DOCS = [...rulesDocuments([...GAMES, RACE]), TOURNAMENT_RULES];

describe("rules as embeds", () => {
  for (const locale of LOCALES)
    for (const doc of DOCS) {
      it(`${locale} ${doc.name}: every section whole, every field <= 1024, every page <= 6000 characters`, () => {
        const md = rulesText(doc, locale);
        const pages = rulesPages(md, locale).map((p) => p.toJSON());
        for (const p of pages) {
          const size =
            (p.title ?? "").length +
            (p.description ?? "").length +
            (p.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
          expect(size).toBeLessThanOrEqual(6000);
          expect((p.fields ?? []).length).toBeLessThanOrEqual(25);
          for (const f of p.fields ?? []) expect(f.value.length).toBeLessThanOrEqual(1024);
        }
        expect(pages[0]?.title).toBe(t(locale, "rules.how_to_play", { title: /^# (.*)$/m.exec(md)?.[1] ?? "" }));
        const fields = pages.flatMap((p) => p.fields ?? []);
        for (const section of sections(md)) {
          const [name, ...body] = section.split("\n");
          const title = name!.trim();
          const said = fields
            .filter((f) => f.name === title || f.name === t(locale, "rules.continued", { name: title }))
            .map((f) => f.value);
          expect(norm(said.join(" "))).toBe(norm(body.join(" ")));
        }
        // A translation says the same things: the English document's sections, one for one.
        expect(sections(md).length).toBe(sections(rulesText(doc, "en")).length);
        // The games' rules are answered with one page (`rulesFrom`): they must fit it.
        if (doc !== TOURNAMENT_RULES) expect(pages).toHaveLength(1);
      });
    }
  it("lists every game's documents, the fixture's from its own folder", () => {
    expect(DOCS.map((d) => d.name)).toEqual(["onexeno", "onexeno-solitaire", "onexeno-canasta", "onze", "cardeno", "race", "tournaments"]);
    expect(rulesText(RACE.rules[0]!, "fr")).toMatch(/^# Course à 21/);
  });

  it("the tournament rules take more than one page", () => {
    expect(rulesPages(rulesText(TOURNAMENT_RULES, "en")).length).toBeGreaterThan(1);
  });
});
