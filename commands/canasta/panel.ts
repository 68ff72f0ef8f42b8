/**
 * Canasta's private hand panel. It respects Discord's limits (5 component rows, 25 options per
 * menu): suggested melds and extensions are the 25 best, discards are split over two menus when
 * the hand passes 25 cards.
 */
import { panelMessage } from "../../src/bot/v2";
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  StringSelectMenuBuilder,
  type BaseMessageOptions,
} from "discord.js";
import { encodeId } from "../../src/bot/customid";
import { meldSuggestions, type RowSuggestion } from "../../src/games/onexeno/canasta-hints";
import { cardLabel, cardName, cardTitle } from "../../src/games/onexeno/cards";
import { canastaLegalMoves, idOf, type CanastaMove } from "../../src/games/onexeno/canasta";
import { renderOnexenoHand } from "../../render/render";

import { MAX, type CanastaTable, stateOf, encodeRow, rowText, extensionChoices } from "./codes";

/** The private hand panel of a player (see the module comment for the menus). */
export const canastaHandPayload = panelMessage(drawCanastaHand, "Your hand");

async function drawCanastaHand(rec: CanastaTable, userId: string, note?: string): Promise<BaseMessageOptions> {
  const seat = rec.seats.findIndex((s) => s.userId === userId);
  const s = stateOf(rec);
  if (seat < 0) return { content: "You have no seat at this table.", components: [], files: [], embeds: [] };
  const hand = s.hands[seat] ?? [];
  const myTurn = s.turn === seat && s.phase !== "over";
  const png = await renderOnexenoHand(
    hand.map(idOf),
    new Set(s.mustMeld !== null && myTurn ? [idOf(s.mustMeld)] : []),
    `Your hand · ${rec.seats[seat]?.name} · ${hand.length} cards`,
    undefined,
    (id) => (s.mustMeld !== null && idOf(s.mustMeld) === id && myTurn ? "owed: meld it" : cardName(id)),
  );
  const file = new AttachmentBuilder(png, {
    name: "hand.png",
    description: `Your hand: ${hand.map((c) => cardTitle(idOf(c))).join(", ")}`.slice(0, 1024),
  });
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  let text: string;
  if (!myTurn) {
    text = s.phase === "over" ? "The session is over." : `It is ${rec.seats[s.turn]?.name}'s turn.`;
  } else if (s.phase === "draw") {
    text = "Your turn: draw from the stack, or take cards from the face-up pile (you must meld the top one this turn).";
    const takes = canastaLegalMoves(s, seat).filter((m): m is CanastaMove & { kind: "take" } => m.kind === "take");
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(encodeId("cdraw", rec.rev))
          .setLabel("Draw from stack")
          .setStyle(ButtonStyle.Primary)
          .setDisabled(s.stack.length === 0),
      ),
    );
    if (takes.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("ctake", rec.rev))
            .setPlaceholder("Take from the face-up pile…")
            .addOptions(
              takes
                .slice(-MAX)
                .reverse()
                .map((m) => ({
                  label: `Take ${m.count} card${m.count === 1 ? "" : "s"}${m.count === s.pile.length ? " (all)" : ""}`,
                  value: String(m.count),
                })),
            ),
        ),
      );
    }
  } else {
    text =
      s.mustMeld !== null
        ? `Meld ${cardTitle(idOf(s.mustMeld))} (taken from the pile) this turn, then discard.`
        : "Meld new rows or extend yours, then discard to end your turn.";
    const suggestions = distinctBy(
      meldSuggestions(s, seat, MAX * 2).filter((sg) => encodeRow(sg.row).length <= 100),
      (sg) => JSON.stringify(suggestionText(sg)),
    ).slice(0, MAX);
    if (suggestions.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("cmeld", rec.rev))
            .setPlaceholder(s.mustMeld !== null ? "Meld a new row (★ melds the taken card)…" : "Meld a new row…")
            .addOptions(suggestions.map((sg) => ({ ...suggestionText(sg), value: encodeRow(sg.row) }))),
        ),
      );
    }
    const ext = extensionChoices(s, seat).slice(0, MAX);
    if (ext.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("cext", rec.rev))
            .setPlaceholder("Extend one of your rows…")
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
                  ? `Discard and end the turn (${page * MAX + 1}-${page * MAX + slice.length})…`
                  : "Discard and end the turn…",
              )
              .addOptions(slice.map((c) => ({ label: cardLabel(idOf(c)), description: cardName(idOf(c)), value: String(c) }))),
          ),
        );
      }
    }
  }
  return { content: `${note ? `${note}\n` : ""}${text}`, files: [file], components: rows.slice(0, 5), embeds: [] };
}

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
export function suggestionText(sg: RowSuggestion): { label: string; description: string } {
  return {
    label: `${sg.owed ? "★ " : ""}${rowText(sg.row)}${sg.owed ? " · melds the taken card" : ""}`.slice(0, 100),
    description: sg.row
      .map((c) => cardName(idOf(c.card)))
      .join(" ")
      .slice(0, 100),
  };
}
