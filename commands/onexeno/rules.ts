/**
 * The rules texts of the ONEXENO games (docs/rules, the project's own words, in every language) as embeds.
 */
import type { EmbedBuilder } from "discord.js";
import { UserError } from "../../src/bot/errors.ts";
import type { Locale } from "../../src/i18n/index.ts";
import { rulesDocument, rulesFrom, rulesText, type RulesDocument } from "../rules.ts";

/** The ONEXENO family's rules documents (docs/rules/), by the `game` choice of `/onexeno rules`. */
export const ONEXENO_RULES: Readonly<Record<"basic" | "solitaire" | "canasta", RulesDocument>> = {
  basic: rulesDocument("onexeno"),
  solitaire: rulesDocument("onexeno-solitaire"),
  canasta: rulesDocument("onexeno-canasta"),
};
const DOCS: Readonly<Record<string, RulesDocument>> = ONEXENO_RULES;

/** The rules of `game` in `locale` as embed fields, one per `##` section of its rules document. */
export function rulesEmbed(game: "basic" | "solitaire" | "canasta" = "basic", locale: Locale = "en"): EmbedBuilder {
  const doc = DOCS[game];
  if (doc === undefined) throw new UserError("input/bad_choice", "`game` must be one of: basic and partners, solitaire, canasta.");
  return rulesFrom(rulesText(doc, locale), locale);
}
