/**
 * Message payloads for ONEXENO: the public table (lobby embed, or picture plus buttons) and
 * the private hand panel (picture plus selects), built from player views only. Discord
 * limits respected: 5 component rows, 25 options per select, 100-char customIds
 * (https://discord.com/developers/docs/interactions/message-components).
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  StringSelectMenuBuilder,
  type BaseMessageOptions,
} from "discord.js";
import { endRows } from "../../src/bot/confirm";
import { backButton, clockLabel, clockLines, seatNames, turnBegins } from "../../src/bot/clock";
import { type TablePayload, tableMessage } from "../../src/bot/live";
import { heading, panelMessage, toPlay } from "../../src/bot/v2";
import { encodeId } from "../../src/bot/customid";
import type { TableOf } from "../../src/bot/tables";
import { cardLabel, cardTitle, type CardId } from "../../src/games/onexeno/cards";
import { onexeno, onexenoView, passAllowed, seatCountsFor, teamOf } from "../../src/games/onexeno/game";
import { describeOnexenoTable, teamLetter } from "../../render/onexeno-table";
import { cardChoices, cardChoiceText, placementChoices } from "./choices";
import { renderOnexenoHand } from "../../render/render";
import { renderPicture } from "../../render/pool";
import type { PictureJob } from "../../render/pictures";

/** Options per select menu page (Discord's maximum). */
export const SELECT_PAGE = 25;

/** An ONEXENO basic/partners table. */
export type TableRecord = TableOf<"onexeno">;

/** Seat cap of an ONEXENO basic/partners lobby. */
const maxSeats = (config: TableRecord["config"]): number => Math.max(...seatCountsFor(config.variant));

const names = (rec: TableRecord) => seatNames(rec);

/** The lobby message: who sits where, what is needed to start, Join/Leave/Start. */
function lobbyPayload(rec: TableRecord, note: string | undefined): BaseMessageOptions {
  const counts = seatCountsFor(rec.config.variant);
  const n = rec.seats.length;
  const seatLines = rec.seats.map((s, i) => {
    const team = rec.config.variant === "partners" && counts.includes(n) ? ` · team ${teamLetter(teamOf(i, n))}` : "";
    const who = s.computer ? `🤖 ${s.name}` : `<@${s.userId}>`;
    return `${i + 1}. ${who}${s.userId === rec.hostId ? " (host)" : ""}${team}`;
  });
  const ready = counts.includes(n);
  const embed = new EmbedBuilder()
    .setTitle(`ONEXENO ${rec.config.variant} · ${rec.config.hands} hand${rec.config.hands === 1 ? "" : "s"}`)
    .setDescription(
      `${seatLines.join("\n")}\n\n` +
        (ready
          ? `Ready: the host can press **Start**.`
          : `Waiting for players: ${rec.config.variant === "partners" ? "4 or 6" : "2 to 7"} needed, ${n} seated.`) +
        (rec.config.variant === "partners" ? "\nPartners sit opposite: seats follow the order of joining." : ""),
    )
    .setColor(0x1d5b3b);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId("join", rec.rev))
      .setLabel("Join")
      .setStyle(ButtonStyle.Success)
      .setDisabled(n >= maxSeats(rec.config)),
    new ButtonBuilder().setCustomId(encodeId("leave", rec.rev)).setLabel("Leave").setStyle(ButtonStyle.Secondary),
    new ButtonBuilder().setCustomId(encodeId("start", rec.rev)).setLabel("Start").setStyle(ButtonStyle.Primary).setDisabled(!ready),
    new ButtonBuilder()
      .setCustomId(encodeId("addbot", rec.rev, "normal"))
      .setLabel("Add computer player")
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(n >= maxSeats(rec.config)),
  );
  return {
    content: `${note ? `${note}\n` : ""}A table is open in this channel: press **Join** or use \`/onexeno join\`.`,
    embeds: [embed],
    components: [row],
    files: [],
    allowedMentions: { parse: [] },
  };
}

/** The public table: picture (with alt text), whose turn, buttons. */
export const tablePayload: (rec: TableRecord, note?: string) => Promise<TablePayload> = tableMessage(drawTable, (rec) => {
  const s = rec.state;
  if (!s) return undefined;
  const hand = s.handsTotal > 1 ? `hand ${Math.min(s.hand, s.handsTotal)} of ${s.handsTotal}` : undefined;
  return heading([`ONEXENO ${rec.config.variant}`, hand, rec.status === "over" ? "session over" : toPlay(rec.seats[s.turn])]);
});

/** Every seat's hand in words, one line a seat (a finished game's replay: nothing is hidden any more). */
export function onexenoHands(rec: TableRecord): string {
  const s = rec.state;
  if (!s) return "";
  return s.hands.map((h, i) => `**${names(rec)[i]}**: ${h.length ? h.map(cardLabel).join(", ") : "no cards"}`).join("\n");
}

/** The hand of play a position belongs to, in words; undefined for a one-hand session. */
export function onexenoRound(rec: TableRecord): string | undefined {
  const s = rec.state;
  return s && s.handsTotal > 1 ? `Hand ${Math.min(s.hand, s.handsTotal)} of ${s.handsTotal}` : undefined;
}

/** The job of table `rec`'s public picture (undefined before the deal). */
export function onexenoPicture(rec: TableRecord): (PictureJob & { kind: "onexeno-table" }) | undefined {
  if (rec.status === "lobby" || !rec.state) return undefined;
  return { kind: "onexeno-table", view: onexenoView(rec.state, null), names: names(rec), clock: clockLabel(rec) };
}

async function drawTable(rec: TableRecord, note?: string): Promise<BaseMessageOptions> {
  const job = onexenoPicture(rec);
  if (!job || !rec.state) return lobbyPayload(rec, note);
  const view = job.view;
  const png = await renderPicture(job);
  const file = new AttachmentBuilder(png, { name: "table.png", description: describeOnexenoTable(view, names(rec)) });
  const head = note ? `${note}\n` : "";
  if (rec.status === "over") {
    const outcome = onexeno.outcome(rec.state);
    const winners = (outcome?.winners ?? []).map((w) =>
      rec.seats[w]?.computer ? `🤖 ${rec.seats[w]?.name}` : `<@${rec.seats[w]?.userId}>`,
    );
    const scores = rec.seats.map((s, i) => `${s.name} ${outcome?.scores[i] ?? 0}`).join(" · ");
    return {
      content: `${head}🏁 **Session over.** ${winners.length > 1 ? "Winners" : "Winner"}: ${winners.join(", ")}. Final: ${scores}${rec.config.variant === "partners" ? " (team totals)" : ""}.`,
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
    new ButtonBuilder().setCustomId(encodeId("hand", rec.rev)).setLabel("My hand").setStyle(ButtonStyle.Primary),
    new ButtonBuilder().setCustomId(encodeId("pass", rec.rev)).setLabel("Pass").setStyle(ButtonStyle.Secondary).setDisabled(!canPass),
  );
  const back = backButton(rec);
  if (back) row.addComponents(back);
  const clock = clockLines(rec);
  const tail = clock ? `\n${clock}` : "";
  const endgame = !canPass
    ? " The table is empty: place a card in the centre (no pass)."
    : view.stackCount === 0
      ? " The stack is empty: a pass now puts you out of this hand."
      : "";
  if (turnSeat?.computer) {
    return {
      content: `${head}🤖 ${turnSeat.name} is thinking…${tail}`,
      files: [file],
      components: [row],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  }
  if (turnSeat?.away) {
    return {
      content: `${head}💤 ${turnSeat.name} is away: the computer plays for them…${tail}`,
      files: [file],
      components: [row],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  }
  return {
    content: `${head}<@${turnUser}>, your turn: place a card (\`/onexeno play\` or **My hand**)${canPass ? " or pass" : ""}.${endgame}${tail}`,
    files: [file],
    components: [row],
    embeds: [],
    // Only the message that begins the turn mentions the player (a correspondence table pings once a turn).
    allowedMentions: turnBegins(rec) ? { users: [turnUser] } : { parse: [] },
  };
}

/**
 * The private hand panel of `userId`: hand picture, a select of playable cards and, once a
 * card is chosen, a paged select of its placements plus Pass. Throws nothing; a player with
 * no seat gets a short text. `pageSize` is 25 (Discord's limit); measured over 150 seeded
 * games, no card had more than 21 placements, so paging is a safety net (tests use small pages).
 */
export const handPayload = panelMessage(drawHand, "Your hand");

async function drawHand(
  rec: TableRecord,
  userId: string,
  chosen?: CardId,
  page = 0,
  note?: string,
  pageSize = SELECT_PAGE,
): Promise<BaseMessageOptions> {
  const seat = rec.seats.findIndex((s) => s.userId === userId);
  if (seat < 0 || !rec.state) {
    return { content: "You have no seat at this table.", components: [], files: [], embeds: [] };
  }
  const state = rec.state;
  const myTurn = rec.status === "playing" && state.turn === seat;
  const choices = cardChoices(state, seat);
  const playable = new Set(myTurn ? choices.filter((c) => c.placements > 0).map((c) => c.card) : []);
  const hand = state.hands[seat] ?? [];
  const png = await renderOnexenoHand(
    hand,
    playable,
    `Your hand · ${rec.seats[seat]?.name ?? ""} · ${hand.length} card${hand.length === 1 ? "" : "s"}${playable.size ? " · ▶ framed: can play now" : ""}`,
  );
  const file = new AttachmentBuilder(png, {
    name: "hand.png",
    description: `Your hand: ${hand.map(cardTitle).join(", ") || "empty"}`.slice(0, 1024),
  });
  const rows: ActionRowBuilder<StringSelectMenuBuilder | ButtonBuilder>[] = [];
  let text: string;
  if (rec.status !== "playing") {
    text = "The game is not running.";
  } else if (!myTurn) {
    text = `It is ${rec.seats[state.turn]?.name ?? "someone else"}'s turn. You will be mentioned when it is yours.`;
  } else {
    const playableChoices = choices.filter((c) => c.placements > 0).slice(0, SELECT_PAGE);
    text = playableChoices.length
      ? chosen === undefined
        ? "Your turn: choose a card, then where it goes."
        : `Your turn: where does ${cardTitle(chosen)} go? Cell names are those printed on the table picture.`
      : "No card of yours fits anywhere: pass.";
    if (playableChoices.length) {
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("card", rec.rev))
            .setPlaceholder("Choose a card to play")
            .addOptions(
              playableChoices.map((c) => ({
                label: cardLabel(c.card),
                value: String(c.card),
                description: `${c.name} · ${cardChoiceText(c, true)}`,
                default: c.card === chosen,
              })),
            ),
        ),
      );
    }
    if (chosen !== undefined && playable.has(chosen)) {
      const places = placementChoices(state, seat, chosen);
      const pages = Math.max(1, Math.ceil(places.length / pageSize));
      const p = Math.min(Math.max(0, page), pages - 1);
      rows.push(
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(encodeId("place", rec.rev, chosen))
            .setPlaceholder(pages > 1 ? `Where? (page ${p + 1} of ${pages})` : "Where?")
            .addOptions(places.slice(p * pageSize, (p + 1) * pageSize).map((c) => ({ label: c.label, value: c.value }))),
        ),
      );
      if (pages > 1) {
        rows.push(
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder()
              .setCustomId(encodeId("page", rec.rev, chosen, p - 1))
              .setLabel("◀ Previous places")
              .setStyle(ButtonStyle.Secondary)
              .setDisabled(p === 0),
            new ButtonBuilder()
              .setCustomId(encodeId("page", rec.rev, chosen, p + 1))
              .setLabel("More places ▶")
              .setStyle(ButtonStyle.Secondary)
              .setDisabled(p >= pages - 1),
          ),
        );
      }
    }
    if (passAllowed(state.table, hand)) {
      rows.push(
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId(encodeId("pass", rec.rev)).setLabel("Pass").setStyle(ButtonStyle.Secondary),
        ),
      );
    }
  }
  return { content: `${note ? `${note}\n` : ""}${text}`, files: [file], components: rows, embeds: [] };
}
