/**
 * Canasta's private hand panel. It respects Discord's limits (5 component rows, 25 options per
 * menu): suggested melds and extensions are the 25 best, discards are split over two menus when
 * the hand passes 25 cards.
 */
import { panelMessage } from "../../src/bot/components-v2.ts";
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  StringSelectMenuBuilder,
  type BaseMessageOptions,
} from "discord.js";
import { encodeId } from "../../src/bot/customid.ts";
import { meldSuggestions, type RowSuggestion } from "../../src/games/onexeno/canasta-hints.ts";
import { cardCodeIn, cardLabelIn, cardTitleIn } from "../../render/onexeno/words.ts";
import { viewerOf, type Viewer } from "../../src/bot/words.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { canastaLegalMoves, idOf, type CanastaMove } from "../../src/games/onexeno/canasta.ts";
import type { CardInst } from "../../src/games/onexeno/canasta-types.ts";
import { renderPicture } from "../../render/pool.ts";
import { ONEXENO_SCENES } from "../../render/onexeno/scenes.ts";

import { MAX, type CanastaTable, stateOf, encodeRow, rowText, extensionChoices } from "./rows.ts";

/** The private hand panel of a player (see the module comment for the menus). */
export const canastaHandPayload = panelMessage(canastaHandMessage, (...args: Parameters<typeof canastaHandMessage>) =>
  t(viewerOf(args[1]).locale, "canasta.panel_title"),
);

/**
 * The picture of the `hand` (card instances) of the seat named `name` for its panel, in `locale`,
 * with its alt text: the card `owed` (taken from the pile, to meld this turn) framed as playable,
 * and the `fresh` instances (just drawn) framed, captioned "new" and named in the alt text.
 */
async function handPicture(
  hand: readonly number[],
  name: string,
  owed: number | null,
  fresh: readonly number[],
  locale: Locale,
): Promise<AttachmentBuilder> {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `canasta.${key}`, params);
  const title = t(locale, "onexeno.hand_title", { name, cards: t(locale, "table.cards", { count: hand.length }) });
  const ids = hand.map(idOf);
  const marked = hand.flatMap((c, i) => (fresh.includes(c) ? [i] : []));
  const captions = ids.map((id, i) => (id === owed ? say("owed") : marked.includes(i) ? say("new_card") : cardCodeIn(locale, id)));
  const job = ONEXENO_SCENES.job("hand", { hand: ids, playable: owed === null ? [] : [owed], title, captions, locale, marked });
  const png = await renderPicture(job);
  const alt = t(locale, "onexeno.hand_alt", { cards: ids.map((id) => cardTitleIn(locale, id)).join(", ") });
  const drawn = marked.map((i) => cardTitleIn(locale, ids[i] ?? 0));
  const fresher = drawn.length ? ` ${say("new_alt", { cards: drawn.join(", ") })}` : "";
  return new AttachmentBuilder(png, { name: "hand.png", description: `${alt}${fresher}`.slice(0, 1024) });
}

/**
 * The hand panel of `who` (a user id, read in English, or a `Viewer`: their own Discord language);
 * `fresh`: the card instances they just drew, framed and captioned "new" in the picture and named
 * in its alt text.
 */
async function canastaHandMessage(
  rec: CanastaTable,
  who: string | Viewer,
  note?: string,
  fresh: readonly number[] = [],
): Promise<BaseMessageOptions> {
  const { userId, locale } = viewerOf(who);
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `canasta.${key}`, params);
  const seat = rec.seats.findIndex((s) => s.userId === userId);
  const s = stateOf(rec);
  if (seat < 0) return { content: t(locale, "table.no_seat"), components: [], files: [], embeds: [] };
  const hand = s.hands[seat] ?? [];
  const myTurn = s.turn === seat && s.phase !== "over";
  const owed = s.mustMeld !== null && myTurn ? idOf(s.mustMeld) : null;
  const file = await handPicture(hand, rec.seats[seat]?.name ?? "", owed, fresh, locale);
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  let text: string;
  if (!myTurn) {
    text = s.phase === "over" ? say("session_over_panel") : say("its_turn", { name: rec.seats[s.turn]?.name ?? "?" });
  } else if (s.phase === "draw") {
    text = say("draw_prompt");
    const takes = canastaLegalMoves(s, seat).filter((m): m is CanastaMove & { kind: "take" } => m.kind === "take");
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(encodeId("cdraw", rec.rev))
          .setLabel(say("btn_draw"))
          .setStyle(ButtonStyle.Primary)
          .setDisabled(s.stack.length === 0),
      ),
    );
    if (takes.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("ctake", rec.rev))
            .setPlaceholder(say("take_placeholder"))
            .addOptions(
              takes
                .slice(-MAX)
                .reverse()
                .map((m) => ({
                  label: `${say("take", { count: m.count })}${m.count === s.pile.length ? ` ${say("all")}` : ""}`,
                  value: String(m.count),
                })),
            ),
        ),
      );
    }
  } else {
    text = s.mustMeld !== null ? say("meld_owed", { card: cardTitleIn(locale, idOf(s.mustMeld)) }) : say("meld_prompt");
    const suggestions = distinctBy(
      meldSuggestions(s, seat, MAX * 2).filter((sg) => encodeRow(sg.row).length <= 100),
      (sg) => JSON.stringify(suggestionText(sg, locale)),
    ).slice(0, MAX);
    if (suggestions.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("cmeld", rec.rev))
            .setPlaceholder(say(s.mustMeld !== null ? "meld_placeholder_owed" : "meld_placeholder"))
            .addOptions(suggestions.map((sg) => ({ ...suggestionText(sg, locale), value: encodeRow(sg.row) }))),
        ),
      );
    }
    const ext = extensionChoices(s, seat, locale).slice(0, MAX);
    if (ext.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("cext", rec.rev))
            .setPlaceholder(say("extend_placeholder"))
            .addOptions(ext.map((e) => ({ label: e.label.slice(0, 100), value: e.value }))),
        ),
      );
    }
    if (s.mustMeld === null) {
      const distinct = [...new Set(hand)];
      for (let page = 0; page * MAX < distinct.length && rows.length < 5; page++) {
        const slice = distinct.slice(page * MAX, (page + 1) * MAX);
        rows.push(
          new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
            new StringSelectMenuBuilder()
              .setCustomId(encodeId("cdisc", rec.rev, page))
              .setPlaceholder(
                distinct.length > MAX
                  ? say("discard_range", { from: page * MAX + 1, to: page * MAX + slice.length })
                  : say("discard_placeholder"),
              )
              .addOptions(slice.map((c) => cardOption(locale, c))),
          ),
        );
      }
    }
  }
  return { content: `${note ? `${note}\n` : ""}${text}`, files: [file], components: rows.slice(0, 5), embeds: [] };
}

/** A card of the hand as a menu option: what it is, and its code in the reader's letters. */
const cardOption = (locale: Locale, c: CardInst) => ({
  label: cardLabelIn(locale, idOf(c)),
  description: cardCodeIn(locale, idOf(c)),
  value: String(c),
});

/** The first of each group of items with the same key (what a player reads), in order. */
export function distinctBy<T>(items: readonly T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** How a suggested row reads in a menu: values and sum first, marked when it lays the owed card. */
export function suggestionText(sg: RowSuggestion, locale: Locale = "en"): { label: string; description: string } {
  return {
    label: `${sg.owed ? "★ " : ""}${rowText(sg.row)}${sg.owed ? ` · ${t(locale, "canasta.melds_taken")}` : ""}`.slice(0, 100),
    description: sg.row
      .map((c) => cardCodeIn(locale, idOf(c.card)))
      .join(" ")
      .slice(0, 100),
  };
}
