/**
 * The `tie-breaks:` option of `/tournament create`: suggestions while typing (the list typed so
 * far read back by name, that list with each tie-break not yet in it added, and the usual
 * choices) and the reading of what was sent (`parseTieBreaks`), refused with
 * `tournament/bad_tie_breaks` when a name is unknown or repeated.
 */
import { refuse } from "../../src/bot/words.ts";
import type { Choice } from "../../src/bot/router.ts";
import { localeOf, t } from "../../src/i18n/index.ts";
import { DEFAULT_TIE_BREAKS, parseTieBreaks, TIE_BREAKS, type TieBreak } from "../../src/bot/tournament-rules.ts";

/** Usual choices: the default first, then the chess-style Buchholz family, then the direct ones. */
const USUAL: readonly (readonly TieBreak[])[] = [
  DEFAULT_TIE_BREAKS,
  ["buchholz", "median-buchholz", "sonneborn-berger"],
  ["head-to-head", "game-points", "buchholz"],
  ["sonneborn-berger", "buchholz", "game-points"],
  ["cumulative", "buchholz", "game-points"],
];

const named = (locale: ReturnType<typeof localeOf>, list: readonly TieBreak[]) => {
  const names = list.map((tb) => t(locale, `tournament.tb_${tb}`)).join(" › ");
  const same = list.length === DEFAULT_TIE_BREAKS.length && list.every((tb, i) => tb === DEFAULT_TIE_BREAKS[i]);
  return { name: (same ? `${names} ${t(locale, "tournament.tie_default")}` : names).slice(0, 100), value: list.join(",") };
};

/** Suggestions for `tie-breaks:` while typing, in the language of the user typing (`discordLocale`). */
export function tieBreakChoices(typed: string, discordLocale?: string | null): Choice[] {
  const locale = localeOf(discordLocale);
  const own = parseTieBreaks(typed);
  const out: Choice[] = [];
  if (own) {
    out.push(named(locale, own));
    for (const tb of TIE_BREAKS) if (!own.includes(tb)) out.push(named(locale, [...own, tb]));
  }
  const low = typed.trim().toLowerCase();
  for (const list of USUAL) {
    const c = named(locale, list);
    if (!out.some((o) => o.value === c.value) && (own || low === "" || c.name.toLowerCase().includes(low) || c.value.includes(low)))
      out.push(c);
  }
  return out.slice(0, 25);
}

/** The tie-breaks sent with `/tournament create` (null: the default); refuses an unknown or repeated name. */
export function readTieBreaks(text: string | null): TieBreak[] | null {
  if (text === null || text.trim() === "") return null;
  const list = parseTieBreaks(text);
  if (!list) throw refuse("tournament/bad_tie_breaks");
  return list;
}
