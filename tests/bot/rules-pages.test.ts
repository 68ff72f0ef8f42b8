/**
 * Rules documents as Discord embeds, whole: no section cut at a field's 1024 characters, and no
 * message past Discord's 6000 characters of embeds (the tournament rules need two pages).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rulesPages } from "../../commands/rules";

const DIR = join(import.meta.dirname, "..", "..", "docs", "rules");
const norm = (s: string) => s.replace(/\s+/g, " ").trim();

describe("rules as embeds", () => {
  for (const file of readdirSync(DIR).filter((f) => f.endsWith(".md"))) {
    it(`${file}: every section whole, every field <= 1024, every page <= 6000 characters`, () => {
      const md = readFileSync(join(DIR, file), "utf8");
      const pages = rulesPages(md).map((p) => p.toJSON());
      for (const p of pages) {
        const size =
          (p.title ?? "").length + (p.description ?? "").length + (p.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
        expect(size).toBeLessThanOrEqual(6000);
        expect((p.fields ?? []).length).toBeLessThanOrEqual(25);
        for (const f of p.fields ?? []) expect(f.value.length).toBeLessThanOrEqual(1024);
      }
      const fields = pages.flatMap((p) => p.fields ?? []);
      for (const section of md.split(/^## /m).slice(1)) {
        const [name, ...body] = section.split("\n");
        const said = fields.filter((f) => f.name === name!.trim() || f.name === `${name!.trim()} (continued)`).map((f) => f.value);
        expect(norm(said.join(" "))).toBe(norm(body.join(" ")));
      }
    });
  }
  it("the tournament rules take more than one page; the games' rules one", () => {
    expect(rulesPages(readFileSync(join(DIR, "tournaments.md"), "utf8")).length).toBeGreaterThan(1);
    expect(rulesPages(readFileSync(join(DIR, "onze.md"), "utf8"))).toHaveLength(1);
  });
});
