/**
 * Cardeno's private board panels: each player's boards as an ephemeral message kept open and
 * refreshed in place (its interaction token edits it for 15 minutes), paced to Discord's limits.
 */
import { panelMessage } from "../../src/bot/components-v2.ts";
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  StringSelectMenuBuilder,
  type BaseMessageOptions,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
} from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { encodeId } from "../../src/bot/customid.ts";
import { refuse } from "../../src/bot/words.ts";
import { cardenoView, completeLines, fittingCells, type CardenoView } from "../../src/games/cardeno/game.ts";
import { cellName, pieceOf } from "../../src/games/cardeno/pieces.ts";
import { evaluate } from "../../src/games/cardeno/poker.ts";
import { renderPicture } from "../../render/pool.ts";
import { CARDENO_SCENES } from "../../render/cardeno/scenes.ts";

import { type CardenoTable, tablesOf, names } from "./tables.ts";
import { keepPanel as keepLivePanel, refreshPanels as refreshLivePanels } from "../../src/bot/panels.ts";
import type { PanelKind } from "../../src/bot/context.ts";
import { grabRows } from "./table.ts";
import { raceNews } from "./news.ts";
import { viewerOf, type Viewer } from "../../src/bot/words.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { handNameIn, pieceNameIn } from "../../render/cardeno/words.ts";

/**
 * A player's private board panel: the result of their last action and the race's announcements
 * (`raceNews`, in their language), their board large with the centre above, grab buttons (green:
 * fits an open cut-out of yours), and during the reveal a menu to choose the poker hand.
 */
export const panelPayload = panelMessage(drawBoard, (...args: Parameters<typeof drawBoard>) =>
  t(viewerOf(args[1]).locale, "cardeno.panel_title"),
);

/** The board panel of `who` (a user id, read in English, or a `Viewer`: their own Discord language). */
async function drawBoard(rec: CardenoTable, who: string | Viewer, note?: string): Promise<BaseMessageOptions> {
  const { userId, locale } = viewerOf(who);
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `cardeno.${key}`, params);
  const s = rec.state;
  const seat = rec.seats.findIndex((x) => x.userId === userId);
  if (!s || seat < 0) throw refuse("table/not_seated");
  const view = cardenoView(s, seat);
  const now = Date.now();
  const file = new AttachmentBuilder(await renderPicture(CARDENO_SCENES.job("board", { view, seat, names: names(rec), now, locale })), {
    name: "cardeno-board.png",
    description: say("board_alt", { face: view.faces[seat] ?? 0, words: boardWords(view, seat, locale) }),
  });
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  let text: string;
  if (rec.status === "over") {
    // Closed (with end, or by the rules): nothing left to grab or refresh, and it says so.
    const points = say("pic.points", { count: s.scores[seat] ?? 0 });
    const by = rec.closedBy ? rec.seats.find((x) => x.userId === rec.closedBy)?.name : undefined;
    text = by ? say("panel_closed", { name: by, points }) : say("panel_over", { points });
    return { content: [note, text].filter((x) => x).join("\n"), files: [file], components: [], embeds: [] };
  }
  if (s.phase === "race") {
    rows.push(...grabRows(view, (p) => fittingCells(view, seat, pieceOf(p)).length > 0, locale));
    const locked = (s.locked[seat] ?? 0) > now ? say("locked_for", { s: (((s.locked[seat] ?? 0) - now) / 1000).toFixed(1) }) : "";
    text = say("grab", { locked });
  } else if (s.phase === "reveal") {
    const mine = (s.boards[seat] ?? []).flatMap((p, cell) => (p === null ? [] : [{ p, cell }]));
    const hand = s.hands[seat] ?? [];
    if (mine.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("cdhand", 0))
            .setPlaceholder(say("choose_hand"))
            .setMinValues(1)
            .setMaxValues(Math.min(5, mine.length))
            .addOptions(
              mine.slice(0, 25).map(({ p, cell }) => ({
                label: `${pieceNameIn(locale, pieceOf(p))} (${cellName(cell)})`,
                value: String(p),
                default: hand.includes(p),
              })),
            ),
        ),
      );
      rows.push(
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder()
            .setCustomId(encodeId("cdkeep", 0))
            .setLabel(say(s.ready[seat] ? "hand_settled" : "keep_hand"))
            .setStyle(ButtonStyle.Success)
            .setDisabled(!!s.ready[seat]),
        ),
      );
    }
    const until = s.until ? say("reveal_closes", { when: `<t:${Math.ceil(s.until / 1000)}:R>` }) : "";
    text = hand.length
      ? say("your_hand", {
          pieces: hand.map((p) => pieceNameIn(locale, pieceOf(p))).join(" "),
          hand: handNameIn(locale, evaluate(hand.map(pieceOf))),
          until,
        })
      : say("no_pieces");
  } else if (s.phase === "countdown")
    text = say("panel_countdown", {
      n: s.round,
      face: s.faces[seat] ?? 0,
      when: s.until ? `<t:${Math.ceil(s.until / 1000)}:R>` : say("in_a_moment"),
    });
  else if (s.phase === "break") text = say("panel_break", { n: s.round, points: say("pic.points", { count: s.scores[seat] ?? 0 }) });
  else text = say("panel_over", { points: say("pic.points", { count: s.scores[seat] ?? 0 }) });
  rows.push(
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId(encodeId("cdboard", 0)).setLabel(say("refresh")).setStyle(ButtonStyle.Secondary),
    ),
  );
  // The race's announcements in the reader's language, under the result of their own last grab.
  const lines = [note, raceNews(rec, locale), text].filter((x) => x);
  return { content: lines.join("\n"), files: [file], components: rows.slice(0, 5), embeds: [] };
}

export function boardWords(view: CardenoView, seat: number, locale: Locale = "en"): string {
  const board = view.boards[seat] ?? [];
  return t(locale, "cardeno.board_words", {
    filled: board.filter((p) => p !== null).length,
    lines: t(locale, "cardeno.pic.lines", { count: completeLines(board).length }),
    points: t(locale, "cardeno.pic.points", { count: view.scores[seat] ?? 0 }),
  });
}

// --- live panels ----------------------------------------------------------------------------

/** How long the result of a grab stays on the panel through refreshes, ms. */
export const NOTE_MS = 6000;

/**
 * Cardeno's live board panels (src/bot/panels.ts): the board as the race stands, kept up to date,
 * with the race's announcements (`raceNews`) above it.
 */
export const CARDENO_PANELS: PanelKind = {
  key: "cardeno",
  noteMs: NOTE_MS,
  async draw(ctx, channelId, viewer, note) {
    const rec = await tablesOf(ctx).get(channelId);
    if (!rec?.state || rec.status === "lobby" || rec.seats.findIndex((s) => s.userId === viewer.userId) < 0) return null;
    return { ...(await panelPayload(rec, viewer, note)), final: rec.status === "over" };
  },
  newer: (viewer) => t(viewer.locale, "cardeno.newer_below"),
  stopped: (viewer) => t(viewer.locale, "cardeno.stopped"),
};

/** Remembers an interaction's reply as the user's live board panel (see `keepPanel` in src/bot/panels.ts). */
export function keepPanel(ctx: BotContext, interaction: ChatInputCommandInteraction | MessageComponentInteraction, note?: string): void {
  keepLivePanel(ctx, CARDENO_PANELS, interaction, note);
}

/** Refreshes every open board panel of a channel (coalesced per panel). */
export function refreshPanels(ctx: BotContext, channelId: string): void {
  refreshLivePanels(ctx, CARDENO_PANELS, channelId);
}
