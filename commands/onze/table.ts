/**
 * Onze's public table message: the lobby, the picture with its alt text, whose turn, what is
 * for sale, the buttons; and what the latest move did, in words.
 */
import { lobbyMessage, scoresAsTheyStand } from "../games";
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, type BaseMessageOptions } from "discord.js";
import { endRows } from "../../src/bot/confirm";
import { backButton, clockLabel, clockLines, turnBegins } from "../../src/bot/clock";
import { encodeId } from "../../src/bot/customid";
import { type TablePayload, tableMessage } from "../../src/bot/live";
import { heading, toPlay } from "../../src/bot/v2";
import { cardName, type Card } from "../../src/games/onze/cards";
import { contractText } from "../../src/games/onze/melds";
import { onze, onzeView } from "../../src/games/onze/game";
import { describeOnze, onzeLastText } from "../../render/onze-table";
import { renderPicture } from "../../render/pool";
import type { PictureJob } from "../../render/pictures";

import { type OnzeTable, names } from "./codes";

// --- messages -----------------------------------------------------------------------------

export function lobbyPayload(rec: OnzeTable, note?: string): BaseMessageOptions {
  return lobbyMessage(rec, { title: "Onze · 7 rounds · lowest total wins", what: "Onze", command: "onze", min: 3, max: 7 }, note);
}

/** The public Onze table: picture with alt text, whose turn, what is for sale, buttons. */
export const onzePayload: (rec: OnzeTable, note?: string) => Promise<TablePayload> = tableMessage(onzeMessage, (rec) => {
  const s = rec.state;
  if (!s) return undefined;
  if (rec.status === "over") return heading(["Onze", "game over"]);
  return heading(["Onze", `round ${s.round} of 7: ${contractText(s.round)}`, toPlay(rec.seats[s.turn])]);
});

/** Every seat's hand in words, one line a seat (a finished game's replay: nothing is hidden any more). */
export function onzeHands(rec: OnzeTable): string {
  const s = rec.state;
  if (!s) return "";
  return s.hands.map((h, i) => `**${names(rec)[i]}**: ${h.length ? h.map(cardName).join(" ") : "no cards"}`).join("\n");
}

/** The round a position belongs to, with its contract. */
export function onzeRound(rec: OnzeTable): string | undefined {
  return rec.state ? `Round ${rec.state.round}: ${contractText(rec.state.round)}` : undefined;
}

/** The job of table `rec`'s public picture (undefined before the deal). */
export function onzePicture(rec: OnzeTable): (PictureJob & { kind: "onze-table" }) | undefined {
  if (rec.status === "lobby" || !rec.state) return undefined;
  return { kind: "onze-table", view: onzeView(rec.state, null), names: names(rec), clock: clockLabel(rec) };
}

export async function onzeMessage(rec: OnzeTable, note?: string): Promise<BaseMessageOptions> {
  const job = onzePicture(rec);
  const s = rec.state;
  if (!job || !s) return lobbyPayload(rec, note);
  const view = job.view;
  const file = new AttachmentBuilder(await renderPicture(job), {
    name: "onze.png",
    description: describeOnze(view, names(rec)),
  });
  const head = note ? `${note}\n` : "";
  if (rec.status === "over") {
    const o = onze.outcome(s);
    const winners = (o?.winners ?? [])
      .map((w) => (rec.seats[w]?.computer ? `🤖 ${rec.seats[w]?.name}` : `<@${rec.seats[w]?.userId}>`))
      .join(", ");
    return {
      content: `${head}🏁 **Game over.** Lowest total: ${winners}. Final: ${rec.seats.map((x, i) => `${x.name} ${s.totals[i]}`).join(" · ")}.`,
      files: [file],
      components: endRows(rec),
      embeds: [],
      allowedMentions: {
        users: (o?.winners ?? []).flatMap((w) => (rec.seats[w] && !rec.seats[w]?.computer ? [rec.seats[w]?.userId ?? ""] : [])),
      },
    };
  }
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeId("zhand", rec.rev)).setLabel("My hand").setStyle(ButtonStyle.Primary),
    new ButtonBuilder()
      .setCustomId(encodeId("zdraw", rec.rev))
      .setLabel("Draw")
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(s.phase !== "draw"),
    new ButtonBuilder()
      .setCustomId(encodeId("ztake", rec.rev))
      .setLabel(s.discard.length && s.phase === "draw" ? `Take ${cardName(s.discard.at(-1) as Card)}` : "Take discard")
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(s.phase !== "draw" || !s.discard.length),
  );
  if (s.forSale !== null)
    row.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeId("zbuy", rec.rev))
        .setLabel(`Buy ${cardName(s.forSale)} (+1 card)`)
        .setStyle(ButtonStyle.Success),
    );
  const back = backButton(rec);
  if (back) row.addComponents(back);
  const clock = clockLines(rec);
  const sale =
    s.forSale !== null
      ? `\n🛒 ${cardName(s.forSale)} is for sale until ${rec.seats[s.turn]?.name} discards${rec.hold ? ` (<t:${Math.ceil(rec.hold / 1000)}:R>: it waits for you)` : ""}: **Buy** (with a penalty card). If several ask, the one whose turn comes soonest gets it.${s.claims.length ? ` Asked: ${s.claims.map((c) => rec.seats[c]?.name).join(", ")}.` : ""}`
      : "";
  const tail = `${sale}${clock ? `\n${clock}` : ""}`;
  const turnSeat = rec.seats[s.turn];
  const what =
    s.phase === "draw"
      ? "draw from the stock or take the top discard"
      : s.down[s.turn]
        ? s.downThisTurn
          ? "discard to end your turn"
          : "lay off if you can, then discard"
        : "go down if you hold the contract, then discard";
  if (turnSeat?.computer || turnSeat?.away)
    return {
      content: `${head}${turnSeat.computer ? "🤖" : "💤"} ${turnSeat.name} is playing…${tail}`,
      files: [file],
      components: [row],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  return {
    content: `${head}<@${turnSeat?.userId}>, your turn: ${what}.${tail}`,
    files: [file],
    components: [row],
    embeds: [],
    allowedMentions: turnBegins(rec) ? { users: [turnSeat?.userId ?? ""] } : { parse: [] },
  };
}

/** Which page each menu of the hand panel shows (menus longer than 25 options are paged). */
/** What the latest move did, in words (said above the new table), with a round's result. */
export function onzeMoveNote(before: OnzeTable | undefined, after: OnzeTable): string {
  const s = after.state;
  if (!s) return "";
  const nm = after.seats.map((x) => x.name);
  const parts: string[] = [];
  const ended = (before?.state?.results.length ?? 0) < s.results.length;
  if (s.last.length) parts.push(onzeLastText(s, nm));
  if (ended) {
    const r = s.results.at(-1);
    if (r)
      parts.push(
        `**Round ${r.round} is over**${r.wentOut !== null ? ` (${nm[r.wentOut]} went out)` : " (nobody went out)"}: ${r.scores.map((x, i) => `${nm[i]} +${x}`).join(", ")}.${after.status === "playing" ? ` Round ${s.round} (${contractText(s.round)}) is dealt.` : ""}`,
      );
  }
  return parts.join(" ");
}

/** Each seat's total so far, for a table closed with `end`. */
export const onzeStanding = (rec: OnzeTable): string => scoresAsTheyStand(rec.seats, rec.state?.totals, "lowest wins");
