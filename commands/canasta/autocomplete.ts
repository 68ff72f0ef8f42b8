/**
 * Autocomplete for canasta options: melds, extensions, discards, take counts.
 */
import { type AutocompleteInteraction } from "discord.js";
import { hint, type Choice } from "../../src/bot/router.ts";
import { meldSuggestions } from "../../src/games/onexeno/canasta-hints.ts";
import { cardLabel } from "../../src/games/onexeno/cards.ts";
import { canastaLegalMoves, idOf, type CanastaMove } from "../../src/games/onexeno/canasta.ts";

import { MAX, type CanastaTable, encodeRow, extensionChoices } from "./rows.ts";
import { suggestionText } from "./panel.ts";
import { localeOf, t } from "../../src/i18n/index.ts";
import { cardCodeIn, cardLabelIn, codeMatchesIn } from "../../render/onexeno/words.ts";

/** Autocomplete for canasta options: melds, extensions, discards, take counts. */
export async function canastaAutocomplete(interaction: AutocompleteInteraction, rec: CanastaTable): Promise<Choice[]> {
  const focused = interaction.options.getFocused(true);
  const seat = rec.seats.findIndex((x) => x.userId === interaction.user.id);
  const locale = localeOf(interaction.locale);
  const say = (key: string, params: Record<string, string> = {}) => hint(t(locale, key, params));
  if (!rec.state || rec.status !== "playing") return say("canasta.ac_no_game");
  if (seat < 0) return say("onexeno.ac_no_seat");
  const s = rec.state;
  const hand = s.hands[seat] ?? [];
  const typed = String(focused.value).toUpperCase();
  if (focused.name === "count") {
    const takes = canastaLegalMoves(s, seat).filter((m): m is CanastaMove & { kind: "take" } => m.kind === "take");
    if (!takes.length) return [];
    return takes
      .slice(-MAX)
      .reverse()
      .map((m) => ({
        name: `${t(locale, "canasta.take", { count: m.count })}${m.count === s.pile.length ? ` ${t(locale, "canasta.all")}` : ""}`,
        value: m.count,
      }));
  }
  if (s.turn !== seat) return say("onexeno.ac_not_turn", { name: rec.seats[s.turn]?.name ?? "?" });
  if (focused.name === "cards") {
    const shown = meldSuggestions(s, seat, 80)
      .map((sg) => {
        const text = suggestionText(sg, locale);
        return { name: `${text.label}: ${text.description}`.slice(0, 100), value: encodeRow(sg.row) };
      })
      .filter(
        (c, i, all) =>
          c.value.length <= 100 && (typed === "" || c.name.toUpperCase().includes(typed)) && all.findIndex((d) => d.name === c.name) === i,
      );
    if (!shown.length) return say(s.phase === "draw" ? "canasta.ac_draw_first" : "canasta.ac_no_row");
    return shown.slice(0, MAX);
  }
  if (focused.name === "card" && interaction.options.getSubcommand() === "extend") {
    const ext = extensionChoices(s, seat, locale).filter((e) => typed === "" || e.label.toUpperCase().includes(typed));
    if (!ext.length) return say("canasta.ac_no_extend");
    return ext.slice(0, MAX).map((e) => ({ name: e.label.slice(0, 100), value: e.value }));
  }
  if (focused.name === "card") {
    const distinct = [...new Set(hand)].filter(
      (c) =>
        typed === "" ||
        codeMatchesIn(locale, idOf(c), typed) ||
        cardLabel(idOf(c)).toUpperCase().includes(typed) ||
        cardLabelIn(locale, idOf(c)).toUpperCase().includes(typed),
    );
    return distinct
      .slice(0, MAX)
      .map((c) => ({ name: `${cardLabelIn(locale, idOf(c))} · ${cardCodeIn(locale, idOf(c))}`, value: String(c) }));
  }
  return [];
}
