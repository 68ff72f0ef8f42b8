import { lobbyMessage, scoresAsTheyStand } from "../games.ts";
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, type BaseMessageOptions } from "discord.js";
import { endRows } from "../../src/bot/confirm.ts";
import { clockButtons, clockLabel, clockLines, turnBegins } from "../../src/bot/clock.ts";
import { encodeId } from "../../src/bot/customid.ts";
import { type TablePayload, tableMessage } from "../../src/bot/table-payload.ts";
import { heading, toPlay } from "../../src/bot/components-v2.ts";
import { type Card } from "../../src/games/onze/cards.ts";
import type { OnzeState } from "../../src/games/onze/types.ts";
import { onze, onzeView } from "../../src/games/onze/game.ts";
import { cardNameIn, contractTextIn, onzeLastText } from "../../render/onze/words.ts";
import { finalScoresLine, sayAt, scoresLine, tableLocale } from "../../src/bot/words.ts";
import { describedPicture } from "../live-table.ts";
import type { SceneJob } from "../../render/scenes.ts";
import { ONZE_SCENES, type OnzeTableScene } from "../../render/onze/scenes.ts";

import { type OnzeTable, names } from "./moves.ts";
import { onzeGame } from "../../src/games/onze/table-game.ts";

// --- messages -----------------------------------------------------------------------------

export function lobbyPayload(rec: OnzeTable, note?: string): BaseMessageOptions {
  return lobbyMessage(
    rec,
    { title: sayAt(rec, "onze.lobby_title"), what: "Onze", command: "onze", min: 3, max: 7, levels: onzeGame.seats.levels },
    note,
  );
}

/** The public Onze table: picture with alt text, whose turn, what is for sale, buttons. */
export const onzePayload: (rec: OnzeTable, note?: string) => Promise<TablePayload> = tableMessage(onzeMessage, (rec) => {
  const s = rec.state;
  if (!s) return undefined;
  const locale = tableLocale(rec);
  if (rec.status === "over") return heading(["Onze", sayAt(rec, "onze.game_over")]);
  const round = sayAt(rec, "onze.round_heading", { round: s.round, contract: contractTextIn(locale, s.round) });
  return heading(["Onze", round, toPlay(rec.seats[s.turn], locale)]);
});

/** Every seat's hand in words, one line a seat (a finished game's replay: nothing is hidden any more). */
export function onzeHands(rec: OnzeTable): string {
  const s = rec.state;
  if (!s) return "";
  const locale = tableLocale(rec);
  const cards = (h: readonly Card[]) => (h.length ? h.map((c) => cardNameIn(locale, c)).join(" ") : sayAt(rec, "table.no_cards"));
  return s.hands.map((h, i) => `**${names(rec)[i]}**: ${cards(h)}`).join("\n");
}

/** The round a position belongs to, with its contract. */
export function onzeRound(rec: OnzeTable): string | undefined {
  return rec.state
    ? sayAt(rec, "onze.help.round", { round: rec.state.round, contract: contractTextIn(tableLocale(rec), rec.state.round) })
    : undefined;
}

/** The job of table `rec`'s public picture (undefined before the deal). */
export function onzePicture(rec: OnzeTable): SceneJob<OnzeTableScene> | undefined {
  if (rec.status === "lobby" || !rec.state) return undefined;
  const view = onzeView(rec.state, null);
  // Closed with `end` mid-game: the last picture shows the score sheet so far, no turn, sale or clock.
  if (rec.status === "over" && view.phase !== "over") {
    const quiet = { ...view, phase: "over" as const, forSale: null, claims: [], declines: [], seller: null };
    return ONZE_SCENES.job("table", { view: quiet, names: names(rec), locale: tableLocale(rec), closed: true }, rec.channelId);
  }
  return ONZE_SCENES.job("table", { view, names: names(rec), clock: clockLabel(rec), locale: tableLocale(rec) }, rec.channelId);
}

export async function onzeMessage(rec: OnzeTable, note?: string): Promise<BaseMessageOptions> {
  const job = onzePicture(rec);
  const s = rec.state;
  if (!job || !s) return lobbyPayload(rec, note);
  // Drawn once for the chat and the live table (commands/live-table.ts), its words on the picture thread.
  const { png, alt } = await describedPicture(job);
  const file = new AttachmentBuilder(png, { name: "onze.png", description: alt });
  const head = note ? `${note}\n` : "";
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(rec, `onze.${key}`, params);
  if (rec.status === "over") {
    const o = onze.outcome(s);
    const winners = (o?.winners ?? [])
      .map((w) => (rec.seats[w]?.computer ? `🤖 ${rec.seats[w]?.name}` : `<@${rec.seats[w]?.userId}>`))
      .join(", ");
    return {
      content: `${head}${say("over", { winners, scores: finalScoresLine(rec.seats, s.totals, "low") })}`,
      files: [file],
      components: endRows(rec),
      embeds: [],
      allowedMentions: {
        users: (o?.winners ?? []).flatMap((w) => (rec.seats[w] && !rec.seats[w]?.computer ? [rec.seats[w]?.userId ?? ""] : [])),
      },
    };
  }
  const rows = tableRows(rec, s);
  const clock = clockLines(rec);
  const sale = s.forSale !== null ? `\n${saleLine(rec, s, s.forSale)}` : "";
  const tail = `${sale}${clock ? `\n${clock}` : ""}`;
  const turnSeat = rec.seats[s.turn];
  const what = say(
    s.phase === "draw" ? "what_draw" : s.down[s.turn] ? (s.downThisTurn ? "what_discard_end" : "what_layoff") : "what_go_down",
  );
  if (turnSeat?.computer || turnSeat?.away)
    return {
      content: `${head}${turnSeat.computer ? "🤖" : "💤"} ${say("playing", { name: turnSeat.name })}${tail}`,
      files: [file],
      components: rows,
      embeds: [],
      allowedMentions: { parse: [] },
    };
  return {
    content: `${head}${say("your_turn", { user: turnSeat?.userId ?? "", what })}${tail}`,
    files: [file],
    components: rows,
    embeds: [],
    allowedMentions: turnBegins(rec) ? { users: [turnSeat?.userId ?? ""] } : { parse: [] },
  };
}

/**
 * The people a card for sale is for (seat numbers): every seat but the one to move (who passed
 * it over), its seller (who may not buy it back) and the computers (they answer at once).
 * docs/rules/onze.md, buying.
 */
function buyers(rec: OnzeTable, s: OnzeState): number[] {
  return rec.seats.flatMap((seat, i) => (!seat.computer && i !== s.turn && i !== s.discardedBy ? [i] : []));
}

/**
 * The table message's buttons, each shown only when someone it is for can press it: My hand;
 * Draw and Take on a person's turn to draw (never on a computer's); Buy and No thanks while a
 * card is for sale to a person; the clock's and Open live table (on a second row when a row's 5
 * are taken).
 */
function tableRows(rec: OnzeTable, s: OnzeState): ActionRowBuilder<ButtonBuilder>[] {
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(rec, `onze.${key}`, params);
  const card = (c: Card) => cardNameIn(tableLocale(rec), c);
  const turnSeat = rec.seats[s.turn];
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeId("zhand", rec.rev)).setLabel(say("btn_hand")).setStyle(ButtonStyle.Primary),
  );
  if (turnSeat && !turnSeat.computer && !turnSeat.away)
    row.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeId("zdraw", rec.rev))
        .setLabel(say("btn_draw"))
        .setStyle(ButtonStyle.Secondary)
        .setDisabled(s.phase !== "draw"),
      new ButtonBuilder()
        .setCustomId(encodeId("ztake", rec.rev))
        .setLabel(
          s.discard.length && s.phase === "draw" ? say("btn_take", { card: card(s.discard.at(-1) as Card) }) : say("btn_take_discard"),
        )
        .setStyle(ButtonStyle.Secondary)
        .setDisabled(s.phase !== "draw" || !s.discard.length),
    );
  if (s.forSale !== null && buyers(rec, s).length)
    row.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeId("zbuy", rec.rev))
        .setLabel(say("btn_buy", { card: card(s.forSale) }))
        .setStyle(ButtonStyle.Success),
      // No thanks ends the wait for this player (a computer holding its move moves on once nobody is left to decide).
      new ButtonBuilder().setCustomId(encodeId("zno", rec.rev)).setLabel(say("btn_no_thanks")).setStyle(ButtonStyle.Secondary),
    );
  const clockRow = new ActionRowBuilder<ButtonBuilder>();
  for (const b of clockButtons(rec)) (row.components.length < 5 ? row : clockRow).addComponents(b);
  return clockRow.components.length ? [row, clockRow] : [row];
}

/**
 * What the sale of `card` is, in one line: until when (a computer's hold: its countdown, as a
 * Discord relative timestamp; a person to move: until they discard), its two buttons and whom
 * they are for, that the computer holding its move goes on once they all answered (No thanks cuts
 * the wait), who asked and who is still deciding.
 */
function saleLine(rec: OnzeTable, s: OnzeState, forSale: Card): string {
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(rec, `onze.${key}`, params);
  const mover = rec.seats[s.turn]?.name ?? "?";
  const until = rec.hold ? say("sale_closes", { when: `<t:${Math.ceil(rec.hold / 1000)}:R>` }) : say("sale_until", { name: mover });
  const people = buyers(rec, s).map((i) => rec.seats[i]?.name ?? "?");
  const who = people.length ? say("sale_for", { names: people.join(", ") }) : "";
  const cut = rec.hold && people.length ? ` ${say("sale_cut", { name: mover })}` : "";
  const asked = s.claims.length ? ` ${say("sale_asked", { names: s.claims.map((c) => rec.seats[c]?.name).join(", ") })}` : "";
  // Who the sale still waits for (people who may buy and have not answered), and who said no thanks.
  const declines = s.declines ?? [];
  const deciding = buyers(rec, s)
    .filter((i) => !rec.seats[i]?.away && !s.claims.includes(i) && !declines.includes(i))
    .map((i) => rec.seats[i]?.name);
  const answers =
    (deciding.length ? ` ${say("sale_deciding", { names: deciding.join(", ") })}` : "") +
    (declines.length ? ` ${say("sale_declined", { names: declines.map((c) => rec.seats[c]?.name).join(", ") })}` : "");
  return `${say("sale", { card: cardNameIn(tableLocale(rec), forSale), until, who })}${cut}${asked}${answers}`;
}

/**
 * What the latest move did, in words (said above the new table); a round's result is its own
 * message (`onzeInterlude`). With `reader` (a user id), that player's own moves are said to them
 * ("You drew…": their receipt).
 */
export function onzeMoveNote(before: OnzeTable | undefined, after: OnzeTable, reader?: string): string {
  const s = after.state;
  if (!s) return "";
  const nm = after.seats.map((x) => x.name);
  const locale = tableLocale(after);
  const you = reader === undefined ? -1 : after.seats.findIndex((x) => x.userId === reader);
  const parts: string[] = [];
  if (s.last.length) parts.push(onzeLastText(s, nm, locale, you));
  const ended = (before?.state?.results.length ?? 0) < s.results.length;
  if (ended && after.status === "playing")
    parts.push(sayAt(after, "onze.next_round", { round: s.round, contract: contractTextIn(locale, s.round) }));
  return parts.join(" ");
}

/**
 * A round's result as its own message, posted before the next deal: how it ended, each seat's
 * points for the round and the totals so far (lowest wins). Undefined when the move ended no round.
 */
export function onzeInterlude(before: OnzeTable | undefined, after: OnzeTable): BaseMessageOptions | undefined {
  const s = after.state;
  const r = s?.results.at(-1);
  if (!s || !r || (before?.state?.results.length ?? 0) >= s.results.length) return undefined;
  const nm = after.seats.map((x) => x.name);
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(after, `onze.${key}`, params);
  const why = r.wentOut !== null ? say("went_out", { name: nm[r.wentOut] ?? "?" }) : say("nobody_out");
  const result = say("round_over", { round: r.round, why, scores: scoresLine(after.seats, r.scores, ", ", "+") });
  const totals = say("totals_so_far", { scores: scoresLine(after.seats, s.totals) });
  return { content: `🏁 ${result}\n${totals}`, allowedMentions: { parse: [] } };
}

/** Each seat's total so far, for a table closed with `end`. */
export const onzeStanding = (rec: OnzeTable): string => scoresAsTheyStand(rec.seats, rec.state?.totals, "lowest wins", tableLocale(rec));
