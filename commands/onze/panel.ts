/**
 * Onze's private hand panel: menus of every legal action within Discord's limits (5 rows, 25
 * options a menu, paged; https://discord.com/developers/docs/interactions/message-components).
 */
import type { PanelKind } from "../../src/bot/context.ts";
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
import { cardPoints, faceOf, sortHand, type Card } from "../../src/games/onze/cards.ts";
import { cardNameIn } from "../../render/onze/words.ts";
import { viewerOf, type Viewer } from "../../src/bot/words.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { onzeLegalMoves, type OnzeMove, type OnzeState } from "../../src/games/onze/game.ts";
import { renderPicture } from "../../render/pool.ts";
import { ONZE_SCENES } from "../../render/onze/scenes.ts";

import {
  type OnzeTable,
  MAX,
  encodeDown,
  type LayoffMove,
  type SwapMove,
  encodeLayoff,
  encodeSwap,
  downText,
  layoffText,
  swapText,
  contractHelp,
  tablesOf,
} from "./moves.ts";

export interface PanelPages {
  readonly zdown?: number;
  readonly zlay?: number;
  readonly zswap?: number;
}

/**
 * One page of a menu's options: all of them when they fit in 25; else 24 and a last option
 * `More…` (value `more:<next page>`) that shows the next page, round to the first.
 */
export function pageOf(
  options: readonly { label: string; value: string }[],
  page: number,
  locale: Locale = "en",
): { label: string; value: string }[] {
  if (options.length <= MAX) return [...options];
  const per = MAX - 1;
  const pages = Math.ceil(options.length / per);
  const p = ((page % pages) + pages) % pages;
  const label = t(locale, p + 2 > pages ? "onze.more_first" : "onze.more_next", { p: p + 1, pages, next: p + 2 });
  return [...options.slice(p * per, (p + 1) * per), { label, value: `more:${(p + 1) % pages}` }];
}

/**
 * The private hand panel: the sorted hand (`fresh`: cards just drawn, marked "new" in the
 * picture), where it stands on the contract, and every legal action as buttons and menus
 * (paged past 25).
 */
export const onzeHandPayload = panelMessage(onzeHandMessage, (...args: Parameters<typeof onzeHandMessage>) =>
  t(viewerOf(args[1]).locale, "onze.panel_title"),
);

/** The hand panel of `who` (a user id, read in English, or a `Viewer`: their own Discord language). */
/**
 * The panel's answer to a card for sale, for `seat` out of turn: Buy (or Withdraw) and No thanks,
 * and a line once they said no thanks; null when nothing is for sale or `seat` sold it (the
 * seller may not buy it back, docs/rules/onze.md, Onze).
 */
function saleRow(
  rev: number,
  s: OnzeState,
  seat: number,
  locale: Locale,
  noHold: boolean,
): { row: ActionRowBuilder<ButtonBuilder>; said?: string } | null {
  if (s.forSale === null || s.discardedBy === seat) return null;
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `onze.${key}`, params);
  const card = cardNameIn(locale, s.forSale);
  const mine = s.claims.includes(seat);
  const declined = (s.declines ?? []).includes(seat);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId("zbuy", rev))
      .setLabel(say(mine ? "withdraw" : "buy_penalty", { card }))
      .setStyle(mine ? ButtonStyle.Secondary : ButtonStyle.Success),
  );
  if (!declined)
    row.addComponents(new ButtonBuilder().setCustomId(encodeId("zno", rev)).setLabel(say("btn_no_thanks")).setStyle(ButtonStyle.Secondary));
  // Don't wait for me: computers no longer hold their move for this player (kept with their own settings).
  row.addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId("zhold", rev, noHold ? "on" : "off"))
      .setLabel(say(noHold ? "btn_hold" : "btn_no_hold"))
      .setStyle(ButtonStyle.Secondary),
  );
  return declined ? { row, said: say("panel_declined", { card }) } : { row };
}

async function onzeHandMessage(
  rec: OnzeTable,
  who: string | Viewer,
  note?: string,
  pages: PanelPages = {},
  fresh: readonly Card[] = [],
): Promise<BaseMessageOptions> {
  const { userId, locale } = viewerOf(who);
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `onze.${key}`, params);
  const cardName = (c: Card) => cardNameIn(locale, c);
  const seat = rec.seats.findIndex((x) => x.userId === userId);
  if (seat < 0 || !rec.state) return { content: t(locale, "table.no_seat"), components: [], files: [], embeds: [] };
  const s = rec.state;
  const hand = sortHand(s.hands[seat] ?? []);
  const help = contractHelp(s, seat, locale);
  const title = say("hand_title", { name: rec.seats[seat]?.name ?? "", cards: t(locale, "table.cards", { count: hand.length }) });
  const png = await renderPicture(ONZE_SCENES.job("hand", { hand, title, help, fresh, locale }));
  const alt = say("hand_alt", { cards: hand.map(cardName).join(", ") });
  const fresher = fresh.length ? ` ${say("new_alt", { cards: fresh.map(cardName).join(", ") })}` : "";
  const file = new AttachmentBuilder(png, { name: "hand.png", description: `${alt}${fresher} ${help}.`.slice(0, 1024) });
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  const lines: string[] = [];
  const myTurn = s.turn === seat && rec.status === "playing";
  if (!myTurn) {
    lines.push(rec.status === "over" ? say("game_over_panel") : say("its_turn", { name: rec.seats[s.turn]?.name ?? "?" }));
    const sale = saleRow(rec.rev, s, seat, locale, !!rec.seats[seat]?.noHold);
    if (sale) {
      if (sale.said) lines.push(sale.said);
      rows.push(sale.row);
    }
  } else if (s.phase === "draw") {
    lines.push(say("draw_prompt"));
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId(encodeId("zdraw", rec.rev)).setLabel(say("btn_draw_stock")).setStyle(ButtonStyle.Primary),
        new ButtonBuilder()
          .setCustomId(encodeId("ztake", rec.rev))
          .setLabel(s.discard.length ? say("btn_take", { card: cardName(s.discard.at(-1) as Card) }) : say("btn_take_discard"))
          .setStyle(ButtonStyle.Secondary)
          .setDisabled(!s.discard.length),
      ),
    );
  } else {
    const moves = onzeLegalMoves(s, seat, 200);
    const downs = moves.filter((m): m is OnzeMove & { kind: "down" } => m.kind === "down").filter((m) => encodeDown(m.melds).length <= 100);
    const lays = moves.filter((m): m is LayoffMove => m.kind === "layoff");
    const swaps = moves.filter((m): m is SwapMove => m.kind === "swap");
    const discards = moves.filter((m): m is OnzeMove & { kind: "discard" } => m.kind === "discard");
    lines.push(
      say(s.down[seat] ? (s.downThisTurn ? "went_down_discard" : "layoff_or_swap") : downs.length ? "can_go_down" : "discard_end"),
    );
    const count = (n: number) => (n > MAX ? ` ${say("ways", { n })}` : "");
    if (downs.length)
      rows.push(
        select(
          "zdown",
          rec.rev,
          `${say("go_down_with")}${count(downs.length)}`,
          pageOf(
            downs.map((m) => ({ label: downText(m.melds, locale).slice(0, 100), value: encodeDown(m.melds) })),
            pages.zdown ?? 0,
            locale,
          ),
          pages.zdown ?? 0,
        ),
      );
    if (lays.length)
      rows.push(
        select(
          "zlay",
          rec.rev,
          `${say("lay_off")}${count(lays.length)}`,
          pageOf(
            lays.map((m) => ({ label: layoffText(rec, m, locale).slice(0, 100), value: encodeLayoff(m) })),
            pages.zlay ?? 0,
            locale,
          ),
          pages.zlay ?? 0,
        ),
      );
    if (swaps.length)
      rows.push(
        select(
          "zswap",
          rec.rev,
          `${say("swap_wild")}${count(swaps.length)}`,
          pageOf(
            swaps.map((m) => ({ label: swapText(rec, m, locale).slice(0, 100), value: encodeSwap(m) })),
            pages.zswap ?? 0,
            locale,
          ),
          pages.zswap ?? 0,
        ),
      );
    // Discards: one option per face; past 25 faces, a second menu.
    const byFace = [...new Map(discards.map((m) => [faceOf(m.card), m])).values()].sort((a, b) => cardPoints(b.card) - cardPoints(a.card));
    for (let page = 0; page * MAX < byFace.length && rows.length < 5; page++) {
      const part = byFace.slice(page * MAX, (page + 1) * MAX);
      rows.push(
        select(
          "zdisc",
          rec.rev,
          say(page === 0 ? "discard_menu" : "discard_more"),
          part.map((m) => ({ label: say("pts", { card: cardName(m.card), n: cardPoints(m.card) }), value: String(m.card) })),
          page,
        ),
      );
    }
    if (s.taken !== null && (s.hands[seat]?.length ?? 0) > 1) lines.push(say("taken_note", { card: cardName(s.taken) }));
  }
  return { content: `${note ? `${note}\n` : ""}${lines.join(" ")}`, files: [file], components: rows.slice(0, 5), embeds: [] };
}

export function select(
  verb: "zdown" | "zlay" | "zswap" | "zdisc",
  rev: number,
  placeholder: string,
  options: { label: string; value: string }[],
  page = 0,
): ActionRowBuilder<StringSelectMenuBuilder> {
  return new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
    new StringSelectMenuBuilder()
      .setCustomId(encodeId(verb, rev, page))
      .setPlaceholder(placeholder.slice(0, 150))
      .addOptions(options),
  );
}

/** Onze's live hand panels (src/bot/panels.ts): the hand and its choices as the table stands, refreshed after every change. */
export const ONZE_PANELS: PanelKind = {
  key: "onze",
  noteMs: 6000,
  async draw(ctx, channelId, viewer, note) {
    const rec = await tablesOf(ctx).get(channelId);
    if (!rec?.state || rec.status === "lobby" || rec.seats.findIndex((s) => s.userId === viewer.userId) < 0) return null;
    return { ...(await onzeHandPayload(rec, viewer, note)), final: rec.status === "over" };
  },
  newer: (viewer) => t(viewer.locale, "onze.newer_below"),
  stopped: (viewer) => t(viewer.locale, "onze.panel_stopped", { btn: t(viewer.locale, "onze.btn_hand") }),
};
