/**
 * Message payloads for ONEXENO: the public table (lobby embed, or picture plus buttons) and
 * the private hand panel (picture plus selects), built from player views only. Discord
 * limits respected: 5 component rows, 25 options per select, 100-char customIds
 * (https://discord.com/developers/docs/interactions/message-components).
 */
import { commandRef } from "../../src/bot/command-ids.ts";
import { addComputerButton, lobbyRows } from "../games.ts";
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  StringSelectMenuBuilder,
  type BaseMessageOptions,
} from "discord.js";
import { endRows } from "../../src/bot/confirm.ts";
import { clockButtons, clockLabel, clockLines, clockName, seatNames, turnBegins } from "../../src/bot/clock.ts";
import { type TablePayload, tableMessage } from "../../src/bot/table-payload.ts";
import { heading, panelMessage, toPlay } from "../../src/bot/components-v2.ts";
import { encodeId } from "../../src/bot/customid.ts";
import type { TableOf } from "../../src/bot/tables.ts";
import { type CardId } from "../../src/games/onexeno/cards.ts";
import { onexeno, onexenoView, passAllowed, seatCountsFor, teamOf, type OnexenoView } from "../../src/games/onexeno/game.ts";
import { onexenoGame } from "../../src/games/onexeno/table-games.ts";
import { teamLetter } from "../../render/onexeno/words.ts";
import { cardChoices, cardChoiceText, placementChoices } from "./choices.ts";
import { renderPicture } from "../../render/pool.ts";
import { describedPicture } from "../live-table.ts";
import type { SceneJob } from "../../render/scenes.ts";
import { ONEXENO_SCENES, type TableScene } from "../../render/onexeno/scenes.ts";
import { t } from "../../src/i18n/index.ts";
import { finalScoresLine, sayAt, tableLocale, viewerOf, type Viewer } from "../../src/bot/words.ts";
import { cardLabelIn, cardTitleIn } from "../../render/onexeno/words.ts";
import { wordOn } from "../../src/surfaces/traits.ts";

/** Options per select menu page (Discord's maximum). */
export const SELECT_PAGE = 25;

/** An ONEXENO basic/partners table. */
export type TableRecord = TableOf<"onexeno">;

/** Seat cap of an ONEXENO basic/partners lobby. */
const maxSeats = (config: TableRecord["config"]): number => Math.max(...seatCountsFor(config.variant));

const names = (rec: TableRecord) => seatNames(rec);

/** "ONEXENO basic" in the table's language. */
const gameTitle = (rec: TableRecord): string =>
  sayAt(rec, "onexeno.title", { variant: sayAt(rec, `onexeno.variant_${rec.config.variant}`) });

/** The lobby message: who sits where, what is needed to start, Join/Leave/Start (in the table's language). */
function lobbyPayload(rec: TableRecord, note: string | undefined): BaseMessageOptions {
  const counts = seatCountsFor(rec.config.variant);
  const n = rec.seats.length;
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(rec, key, params);
  const seatLines = rec.seats.map((s, i) => {
    const team =
      rec.config.variant === "partners" && counts.includes(n) ? ` · ${say("onexeno.team", { team: teamLetter(teamOf(i, n)) })}` : "";
    const who = s.computer ? `🤖 ${s.name}` : `<@${s.userId}>`;
    return `${i + 1}. ${who}${s.userId === rec.hostId ? ` ${say("table.host")}` : ""}${team}`;
  });
  const ready = counts.includes(n);
  const partners = rec.config.variant === "partners";
  const embed = new EmbedBuilder()
    .setTitle(`${gameTitle(rec)} · ${say("onexeno.hands", { count: rec.config.hands })}`)
    .setDescription(
      `${seatLines.join("\n")}\n\n` +
        (ready
          ? say("table.ready", { host: rec.seats.find((s) => s.userId === rec.hostId)?.name ?? say("table.someone") })
          : partners
            ? say("onexeno.waiting_partners", { n })
            : say("table.waiting", { min: 2, max: 7, n })) +
        (partners ? `\n${say("onexeno.partners_note")}` : "") +
        `\n${say("table.lobby_clock", { clock: rec.clock ? clockName(rec.clock) : say("clock.off") })}`,
    )
    .setColor(0x1d5b3b);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId("join", rec.rev))
      .setLabel(say("table.btn_join"))
      .setStyle(ButtonStyle.Success)
      .setDisabled(n >= maxSeats(rec.config)),
    new ButtonBuilder().setCustomId(encodeId("leave", rec.rev)).setLabel(say("table.btn_leave")).setStyle(ButtonStyle.Secondary),
    new ButtonBuilder()
      .setCustomId(encodeId("start", rec.rev))
      .setLabel(say("table.btn_start"))
      .setStyle(ButtonStyle.Primary)
      .setDisabled(!ready),
  );
  row.addComponents(...addComputerButton(rec, n >= maxSeats(rec.config), onexenoGame.seats.levels));
  return {
    // In a DM only the app's installer has its commands: the button is the way in for everyone (the surface's own words).
    content: `${note ? `${note}\n` : ""}${say(wordOn(rec, "table.open"), { what: "ONEXENO", join: commandRef(tableLocale(rec), "onexeno join", rec.guildId) })}`,
    embeds: [embed],
    components: lobbyRows(row, rec),
    files: [],
    allowedMentions: { parse: [] },
  };
}

/** The public table: picture (with alt text), whose turn, buttons. */
export const tablePayload: (rec: TableRecord, note?: string) => Promise<TablePayload> = tableMessage(drawTable, (rec) => {
  const s = rec.state;
  if (!s) return undefined;
  const hand = s.handsTotal > 1 ? sayAt(rec, "onexeno.hand_of", { hand: Math.min(s.hand, s.handsTotal), total: s.handsTotal }) : undefined;
  const over = rec.status === "over";
  return heading([gameTitle(rec), hand, over ? sayAt(rec, "onexeno.session_over") : toPlay(rec.seats[s.turn], tableLocale(rec))]);
});

/** Every seat's hand in words, one line a seat (a finished game's replay: nothing is hidden any more). */
export function onexenoHands(rec: TableRecord): string {
  const s = rec.state;
  if (!s) return "";
  const locale = tableLocale(rec);
  const cards = (h: readonly CardId[]) => (h.length ? h.map((c) => cardLabelIn(locale, c)).join(", ") : sayAt(rec, "table.no_cards"));
  return s.hands.map((h, i) => `**${names(rec)[i]}**: ${cards(h)}`).join("\n");
}

/** The hand of play a position belongs to, in words; undefined for a one-hand session. */
export function onexenoRound(rec: TableRecord): string | undefined {
  const s = rec.state;
  return s && s.handsTotal > 1 ? sayAt(rec, "onexeno.round_of", { hand: Math.min(s.hand, s.handsTotal), total: s.handsTotal }) : undefined;
}

/**
 * The job of table `rec`'s public picture (undefined before the deal); a table closed before the
 * session's end (`end`, or an organiser) is drawn closed: no turn, no clock.
 */
export function onexenoPicture(rec: TableRecord): SceneJob<TableScene<OnexenoView>> | undefined {
  if (rec.status === "lobby" || !rec.state) return undefined;
  const view = onexenoView(rec.state, null);
  if (rec.status === "over" && view.phase !== "over")
    return ONEXENO_SCENES.job("table", { view, names: names(rec), locale: tableLocale(rec), closed: true }, rec.channelId);
  return ONEXENO_SCENES.job("table", { view, names: names(rec), clock: clockLabel(rec), locale: tableLocale(rec) }, rec.channelId);
}

async function drawTable(rec: TableRecord, note?: string): Promise<BaseMessageOptions> {
  const job = onexenoPicture(rec);
  if (!job || !rec.state) return lobbyPayload(rec, note);
  const view = job.data.view;
  // The live table draws the same picture first (commands/live-table.ts): drawn once for both, its words on the picture thread.
  const { png, alt } = await describedPicture(job);
  const file = new AttachmentBuilder(png, { name: "table.png", description: alt });
  const head = note ? `${note}\n` : "";
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(rec, key, params);
  if (rec.status === "over") {
    const outcome = onexeno.outcome(rec.state);
    const winners = (outcome?.winners ?? []).map((w) =>
      rec.seats[w]?.computer ? `🤖 ${rec.seats[w]?.name}` : `<@${rec.seats[w]?.userId}>`,
    );
    const listed = finalScoresLine(rec.seats, outcome?.scores ?? [], "high");
    const scores = rec.config.variant === "partners" ? say("onexeno.team_totals", { scores: listed }) : listed;
    return {
      content: `${head}${say("onexeno.over", { count: winners.length, winners: winners.join(", "), scores })}`,
      files: [file],
      components: endRows(rec),
      embeds: [],
      allowedMentions: {
        users: (outcome?.winners ?? []).flatMap((w) => (rec.seats[w] && !rec.seats[w]?.computer ? [rec.seats[w]?.userId ?? ""] : [])),
      },
    };
  }
  const turnSeat = rec.seats[rec.state.turn];
  const turnUser = turnSeat?.userId ?? "";
  const canPass = passAllowed(rec.state.table, rec.state.hands[rec.state.turn] ?? []);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeId("hand", rec.rev)).setLabel(say("onexeno.btn_hand")).setStyle(ButtonStyle.Primary),
    new ButtonBuilder()
      .setCustomId(encodeId("pass", rec.rev))
      .setLabel(say("onexeno.btn_pass"))
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(!canPass),
  );
  row.addComponents(...clockButtons(rec));
  const clock = clockLines(rec);
  const tail = clock ? `\n${clock}` : "";
  const endgame = !canPass ? ` ${say("onexeno.endgame_empty")}` : view.stackCount === 0 ? ` ${say("onexeno.endgame_stack")}` : "";
  if (turnSeat?.computer) {
    return {
      content: `${head}${say("table.thinking", { name: turnSeat.name })}${tail}`,
      files: [file],
      components: [row],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  }
  if (turnSeat?.away) {
    return {
      content: `${head}${say("table.away_plays", { name: turnSeat.name })}${tail}`,
      files: [file],
      components: [row],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  }
  return {
    // In a DM or group DM only the app's installer has its commands: the buttons are for everyone.
    content: `${head}${say(wordOn(rec, canPass ? "onexeno.your_turn_pass" : "onexeno.your_turn"), {
      user: turnUser,
      play: commandRef(tableLocale(rec), "onexeno play", rec.guildId),
    })}${endgame}${tail}`,
    files: [file],
    components: [row],
    embeds: [],
    // Only the message that begins the turn mentions the player (a correspondence table pings once a turn).
    allowedMentions: turnBegins(rec) ? { users: [turnUser] } : { parse: [] },
  };
}

/**
 * The private hand panel of `who` (a user id, read in English, or a `Viewer`: their own Discord
 * language): hand picture, a select of playable cards and, once a card is chosen, a paged
 * select of its placements plus Pass. Throws nothing; a player with no seat gets a short text.
 * `pageSize` is 25 (Discord's limit); measured over 150 seeded games, no card had more than 21
 * placements, so paging is a safety net (tests use small pages).
 */
export const handPayload = panelMessage(drawHand, (...args: Parameters<typeof drawHand>) =>
  t(viewerOf(args[1]).locale, "onexeno.panel_title"),
);

async function drawHand(
  rec: TableRecord,
  who: string | Viewer,
  chosen?: CardId,
  page = 0,
  note?: string,
  pageSize = SELECT_PAGE,
): Promise<BaseMessageOptions> {
  const { userId, locale } = viewerOf(who);
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, key, params);
  const seat = rec.seats.findIndex((s) => s.userId === userId);
  if (seat < 0 || !rec.state) {
    return { content: say("table.no_seat"), components: [], files: [], embeds: [] };
  }
  const state = rec.state;
  const myTurn = rec.status === "playing" && state.turn === seat;
  const choices = cardChoices(state, seat, locale);
  const playable = new Set(myTurn ? choices.filter((c) => c.placements > 0).map((c) => c.card) : []);
  const hand = state.hands[seat] ?? [];
  const title = say("onexeno.hand_title", { name: rec.seats[seat]?.name ?? "", cards: say("table.cards", { count: hand.length }) });
  const framed = playable.size ? ` · ${say("onexeno.framed")}` : "";
  const png = await renderPicture(ONEXENO_SCENES.job("hand", { hand, playable: [...playable], title: `${title}${framed}`, locale }));
  const file = new AttachmentBuilder(png, {
    name: "hand.png",
    description: say("onexeno.hand_alt", { cards: hand.map((c) => cardTitleIn(locale, c)).join(", ") || say("onexeno.empty") }).slice(
      0,
      1024,
    ),
  });
  const rows: ActionRowBuilder<StringSelectMenuBuilder | ButtonBuilder>[] = [];
  let text: string;
  if (rec.status !== "playing") {
    text = say("table.not_running");
  } else if (!myTurn) {
    text = say("table.not_your_turn", { name: rec.seats[state.turn]?.name ?? say("table.someone") });
  } else {
    const playableChoices = choices.filter((c) => c.placements > 0).slice(0, SELECT_PAGE);
    text = playableChoices.length
      ? chosen === undefined
        ? say("onexeno.choose_card")
        : say("onexeno.where_goes", { card: cardTitleIn(locale, chosen) })
      : say("onexeno.no_fit");
    if (playableChoices.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("card", rec.rev))
            .setPlaceholder(say("onexeno.choose_placeholder"))
            .addOptions(
              playableChoices.map((c) => ({
                label: cardLabelIn(locale, c.card),
                value: String(c.card),
                description: `${c.name} · ${cardChoiceText(c, true, locale)}`,
                default: c.card === chosen,
              })),
            ),
        ),
      );
    }
    if (chosen !== undefined && playable.has(chosen)) {
      const places = placementChoices(state, seat, chosen, locale);
      const pages = Math.max(1, Math.ceil(places.length / pageSize));
      const p = Math.min(Math.max(0, page), pages - 1);
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("place", rec.rev, chosen))
            .setPlaceholder(pages > 1 ? say("onexeno.where_page", { p: p + 1, pages }) : say("onexeno.where"))
            .addOptions(places.slice(p * pageSize, (p + 1) * pageSize).map((c) => ({ label: c.label, value: c.value }))),
        ),
      );
      if (pages > 1) {
        rows.push(
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder()
              .setCustomId(encodeId("page", rec.rev, chosen, p - 1))
              .setLabel(say("onexeno.prev_places"))
              .setStyle(ButtonStyle.Secondary)
              .setDisabled(p === 0),
            new ButtonBuilder()
              .setCustomId(encodeId("page", rec.rev, chosen, p + 1))
              .setLabel(say("onexeno.more_places"))
              .setStyle(ButtonStyle.Secondary)
              .setDisabled(p >= pages - 1),
          ),
        );
      }
    }
    if (passAllowed(state.table, hand)) {
      rows.push(
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId(encodeId("pass", rec.rev)).setLabel(say("onexeno.btn_pass")).setStyle(ButtonStyle.Secondary),
        ),
      );
    }
  }
  return { content: `${note ? `${note}\n` : ""}${text}`, files: [file], components: rows, embeds: [] };
}
