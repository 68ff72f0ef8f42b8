/**
 * The rules texts of the ONEXENO games (docs/rules/*.md, the project's own words) as embeds.
 */
import { readFileSync } from "node:fs";
import { EmbedBuilder } from "discord.js";
import { UserError } from "../../src/bot/errors";
import { rulesFrom } from "../rules";

/** Rules texts (docs/rules/*.md, the project's own words), read once. */
export const RULES_MD: Record<string, string> = {
  basic: readFileSync(new URL("../../docs/rules/onexeno.md", import.meta.url), "utf8"),
  solitaire: readFileSync(new URL("../../docs/rules/onexeno-solitaire.md", import.meta.url), "utf8"),
  canasta: readFileSync(new URL("../../docs/rules/onexeno-canasta.md", import.meta.url), "utf8"),
};

/** The rules of `game` as embed fields, one per `##` section of its rules document. */
export function rulesEmbed(game: "basic" | "solitaire" | "canasta" = "basic"): EmbedBuilder {
  const md = RULES_MD[game];
  if (md === undefined) throw new UserError("input/bad_choice", "`game` must be one of: basic and partners, solitaire, canasta.");
  return rulesFrom(md);
}
