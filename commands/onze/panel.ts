/**
 * Onze's private hand panel: menus of every legal action within Discord's limits (5 rows, 25
 * options a menu, paged; https://discord.com/developers/docs/interactions/message-components).
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
import { cardName, cardPoints, faceOf, sortHand, type Card } from "../../src/games/onze/cards";
import { onzeLegalMoves, type OnzeMove } from "../../src/games/onze/game";
import { renderOnzeHand } from "../../render/render";

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
} from "./codes";

export interface PanelPages {
  readonly zdown?: number;
  readonly zlay?: number;
  readonly zswap?: number;
}

/**
 * One page of a menu's options: all of them when they fit in 25; else 24 and a last option
 * `More…` (value `more:<next page>`) that shows the next page, round to the first.
 */
export function pageOf(options: readonly { label: string; value: string }[], page: number): { label: string; value: string }[] {
  if (options.length <= MAX) return [...options];
  const per = MAX - 1;
  const pages = Math.ceil(options.length / per);
  const p = ((page % pages) + pages) % pages;
  return [
    ...options.slice(p * per, (p + 1) * per),
    { label: `More… (page ${p + 1} of ${pages}: show ${p + 2 > pages ? "the first" : `page ${p + 2}`})`, value: `more:${(p + 1) % pages}` },
  ];
}

/**
 * The private hand panel: the sorted hand (`fresh`: cards just drawn, marked "new" in the
 * picture), where it stands on the contract, and every legal action as buttons and menus
 * (paged past 25).
 */
export const onzeHandPayload = panelMessage(drawOnzeHand, "Your hand");

async function drawOnzeHand(
  rec: OnzeTable,
  userId: string,
  note?: string,
  pages: PanelPages = {},
  fresh: readonly Card[] = [],
): Promise<BaseMessageOptions> {
  const seat = rec.seats.findIndex((x) => x.userId === userId);
  if (seat < 0 || !rec.state) return { content: "You have no seat at this table.", components: [], files: [], embeds: [] };
  const s = rec.state;
  const hand = sortHand(s.hands[seat] ?? []);
  const help = contractHelp(s, seat);
  const png = await renderOnzeHand(hand, `Your hand · ${rec.seats[seat]?.name} · ${hand.length} cards`, help, fresh);
  const file = new AttachmentBuilder(png, {
    name: "hand.png",
    description:
      `Your hand: ${hand.map(cardName).join(", ")}.${fresh.length ? ` New: ${fresh.map(cardName).join(", ")}.` : ""} ${help}.`.slice(
        0,
        1024,
      ),
  });
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  const lines: string[] = [];
  const myTurn = s.turn === seat && rec.status === "playing";
  if (!myTurn) {
    lines.push(rec.status === "over" ? "The game is over." : `It is ${rec.seats[s.turn]?.name}'s turn.`);
    if (s.forSale !== null) {
      const mine = s.claims.includes(seat);
      rows.push(
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder()
            .setCustomId(encodeId("zbuy", rec.rev))
            .setLabel(mine ? `Withdraw my request for ${cardName(s.forSale)}` : `Buy ${cardName(s.forSale)} (+1 penalty card)`)
            .setStyle(mine ? ButtonStyle.Secondary : ButtonStyle.Success),
        ),
      );
    }
  } else if (s.phase === "draw") {
    lines.push("Your turn: draw from the stock, or take the top discard.");
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId(encodeId("zdraw", rec.rev)).setLabel("Draw from the stock").setStyle(ButtonStyle.Primary),
        new ButtonBuilder()
          .setCustomId(encodeId("ztake", rec.rev))
          .setLabel(s.discard.length ? `Take ${cardName(s.discard.at(-1) as Card)}` : "Take discard")
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
      s.down[seat]
        ? s.downThisTurn
          ? "You went down: discard to end your turn."
          : "Lay off on any meld, or swap a wild out of a run; then discard."
        : downs.length
          ? "You can go down now."
          : "Discard to end your turn.",
    );
    const count = (n: number) => (n > MAX ? ` (${n} ways)` : "");
    if (downs.length)
      rows.push(
        select(
          "zdown",
          rec.rev,
          `Go down with…${count(downs.length)}`,
          pageOf(
            downs.map((m) => ({ label: downText(m.melds).slice(0, 100), value: encodeDown(m.melds) })),
            pages.zdown ?? 0,
          ),
          pages.zdown ?? 0,
        ),
      );
    if (lays.length)
      rows.push(
        select(
          "zlay",
          rec.rev,
          `Lay off…${count(lays.length)}`,
          pageOf(
            lays.map((m) => ({ label: layoffText(rec, m).slice(0, 100), value: encodeLayoff(m) })),
            pages.zlay ?? 0,
          ),
          pages.zlay ?? 0,
        ),
      );
    if (swaps.length)
      rows.push(
        select(
          "zswap",
          rec.rev,
          `Swap a wild out of a run…${count(swaps.length)}`,
          pageOf(
            swaps.map((m) => ({ label: swapText(rec, m).slice(0, 100), value: encodeSwap(m) })),
            pages.zswap ?? 0,
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
          page === 0 ? "Discard… (ends your turn)" : "Discard… (more cards)",
          part.map((m) => ({ label: `${cardName(m.card)} · ${cardPoints(m.card)} pts`, value: String(m.card) })),
          page,
        ),
      );
    }
    if (s.taken !== null && (s.hands[seat]?.length ?? 0) > 1)
      lines.push(`(${cardName(s.taken)}, taken from the discard pile, cannot be discarded this turn.)`);
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
