/**
 * Canasta's public table message: the lobby, the picture with its alt text, whose turn and the
 * buttons; and what the latest move did, in words.
 */
import { lobbyMessage, scoresAsTheyStand } from "../games";
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, type BaseMessageOptions } from "discord.js";
import { endRows } from "../../src/bot/confirm";
import { backButton, clockLabel, clockLines, turnBegins } from "../../src/bot/clock";
import { type TablePayload, tableMessage } from "../../src/bot/live";
import { heading, toPlay } from "../../src/bot/v2";
import { encodeId } from "../../src/bot/customid";
import { cardTitle } from "../../src/games/onexeno/cards";
import { canasta, canastaView, idOf } from "../../src/games/onexeno/canasta";

import { describeCanasta } from "../../render/onexeno-canasta";
import { renderPicture } from "../../render/pool";
import type { PictureJob } from "../../render/pictures";

import { type CanastaTable, names, rowText } from "./codes";

export function lobbyPayload(rec: CanastaTable, note?: string): BaseMessageOptions {
  const rows = rec.config.rows === "five-to-seven" ? " · rows of 5 to 7 cards" : "";
  const look = { title: `ONEXENO canasta · first past ${rec.config.target}${rows}`, what: "canasta", command: "onexeno", min: 2, max: 8 };
  return lobbyMessage(rec, { ...look, waiting: () => "Waiting for players: 2 to 8 (two decks from 5)." }, note);
}

/** Text said with the new table after a move. */
/** What the latest move did, in words (said above the new table). */
export function moveNote(before: CanastaTable, after: CanastaTable): string {
  const s = after.state;
  if (!s?.last) return "";
  const who = after.seats[s.last.seat]?.name ?? "?";
  const l = s.last;
  const parts: string[] = [];
  if (l.kind === "draw") parts.push(`${who} drew from the stack.`);
  if (l.kind === "take") parts.push(`${who} took ${l.count} card${l.count === 1 ? "" : "s"} from the face-up pile.`);
  if (l.kind === "meld") parts.push(`${who} melded ${rowText(l.cards)}${l.xeno ? ": a XENO!" : "."}`);
  if (l.kind === "extend") parts.push(`${who} extended a row${l.xeno ? " to 20: a XENO!" : "."}`);
  if (l.kind === "discard")
    parts.push(`${who} discarded ${cardTitle(idOf(before.state?.hands[l.seat]?.find((c) => !(s.hands[l.seat] ?? []).includes(c)) ?? 0))}.`);
  if ((before.state?.results.length ?? 0) < s.results.length) {
    const r = s.results.at(-1);
    if (r)
      parts.push(
        `**Hand ${r.hand} is over**${r.wentOut !== null ? ` (${after.seats[r.wentOut]?.name} went out)` : " (the stack ran out)"}: ${r.scores.map((x, i) => `${after.seats[i]?.name} ${x >= 0 ? "+" : ""}${x}`).join(", ")}.`,
      );
  }
  return parts.join(" ");
}

/** The public canasta table. */
export const canastaPayload: (rec: CanastaTable, note?: string) => Promise<TablePayload> = tableMessage(canastaMessage, (rec) => {
  const s = rec.state;
  if (!s) return undefined;
  const turn = rec.status === "over" ? "session over" : toPlay(rec.seats[s.turn]);
  return heading(["ONEXENO canasta", `hand ${s.hand}`, `first past ${s.target}`, turn]);
});

/** Every seat's hand in words, one line a seat (a finished game's replay: nothing is hidden any more). */
export function canastaHands(rec: CanastaTable): string {
  const s = rec.state;
  if (!s) return "";
  return s.hands.map((h, i) => `**${names(rec)[i]}**: ${h.length ? h.map((c) => cardTitle(idOf(c))).join(", ") : "no cards"}`).join("\n");
}

/** The hand of play a position belongs to, in words. */
export function canastaRound(rec: CanastaTable): string | undefined {
  return rec.state ? `Hand ${rec.state.hand}` : undefined;
}

/** The job of table `rec`'s public picture (undefined before the deal). */
export function canastaPicture(rec: CanastaTable): (PictureJob & { kind: "canasta-table" }) | undefined {
  if (rec.status === "lobby" || !rec.state) return undefined;
  return { kind: "canasta-table", view: canastaView(rec.state, null), names: names(rec), clock: clockLabel(rec) };
}

export async function canastaMessage(rec: CanastaTable, note?: string): Promise<BaseMessageOptions> {
  const job = canastaPicture(rec);
  if (!job || !rec.state) return lobbyPayload(rec, note);
  const view = job.view;
  const file = new AttachmentBuilder(await renderPicture(job), {
    name: "canasta.png",
    description: describeCanasta(view, names(rec)),
  });
  const head = note ? `${note}\n` : "";
  if (rec.status === "over") {
    const o = canasta.outcome(rec.state);
    const winners = (o?.winners ?? [])
      .map((w) => (rec.seats[w]?.computer ? `🤖 ${rec.seats[w]?.name}` : `<@${rec.seats[w]?.userId}>`))
      .join(", ");
    return {
      content: `${head}🏁 **Session over.** Winner: ${winners}. Final: ${rec.seats.map((s, i) => `${s.name} ${rec.state?.totals[i]}`).join(" · ")}.`,
      files: [file],
      components: endRows(rec),
      embeds: [],
      allowedMentions: {
        users: (o?.winners ?? []).flatMap((w) => (rec.seats[w] && !rec.seats[w]?.computer ? [rec.seats[w]?.userId ?? ""] : [])),
      },
    };
  }
  const turnUser = rec.seats[rec.state.turn]?.userId ?? "";
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeId("chand", rec.rev)).setLabel("My hand").setStyle(ButtonStyle.Primary),
    new ButtonBuilder()
      .setCustomId(encodeId("cdraw", rec.rev))
      .setLabel("Draw from stack")
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(rec.state.phase !== "draw" || rec.state.stack.length === 0),
  );
  const back = backButton(rec);
  if (back) row.addComponents(back);
  const clock = clockLines(rec);
  const tail = clock ? `\n${clock}` : "";
  const what = rec.state.phase === "draw" ? "draw from the stack or take from the face-up pile" : "meld, extend your rows, then discard";
  const turnSeat = rec.seats[rec.state.turn];
  if (turnSeat?.computer)
    return {
      content: `${head}🤖 ${turnSeat.name} is thinking…${tail}`,
      files: [file],
      components: [row],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  if (turnSeat?.away)
    return {
      content: `${head}💤 ${turnSeat.name} is away: the computer plays for them…${tail}`,
      files: [file],
      components: [row],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  // Only the message that begins the turn mentions the player (a correspondence table pings once a turn).
  return {
    content: `${head}<@${turnUser}>, your turn: ${what}.${tail}`,
    files: [file],
    components: [row],
    embeds: [],
    allowedMentions: turnBegins(rec) ? { users: [turnUser] } : { parse: [] },
  };
}

/** Each seat's total so far, for a table closed with `end`. */
export const canastaStanding = (rec: CanastaTable): string => scoresAsTheyStand(rec.seats, rec.state?.totals, "highest wins");
