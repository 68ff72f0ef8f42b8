import { lobbyMessage, scoresAsTheyStand } from "../games.ts";
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, type BaseMessageOptions } from "discord.js";
import { endRows } from "../../src/bot/confirm.ts";
import { clockButtons, clockLabel, clockLines, turnBegins } from "../../src/bot/clock.ts";
import { type TablePayload, tableMessage } from "../../src/bot/table-payload.ts";
import { heading, toPlay } from "../../src/bot/components-v2.ts";
import { encodeId } from "../../src/bot/customid.ts";
import { cardTitleIn } from "../../render/onexeno/words.ts";
import { finalScoresLine, sayAt, tableLocale } from "../../src/bot/words.ts";
import { canasta, canastaView, idOf, type CanastaView } from "../../src/games/onexeno/canasta.ts";
import { canastaGame } from "../../src/games/onexeno/table-games.ts";

import { describedPicture } from "../live-table.ts";
import type { SceneJob } from "../../render/scenes.ts";
import { ONEXENO_SCENES, type TableScene } from "../../render/onexeno/scenes.ts";

import { type CanastaTable, names, rowText } from "./rows.ts";

export function lobbyPayload(rec: CanastaTable, note?: string): BaseMessageOptions {
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(rec, `canasta.${key}`, params);
  const rows = rec.config.rows === "five-to-seven" ? say("rows_5_7") : "";
  const look = {
    ...{ title: say("lobby_title", { target: rec.config.target, rows }), what: say("what"), command: "onexeno", min: 2, max: 8 },
    levels: canastaGame.seats.levels,
  };
  return lobbyMessage(rec, { ...look, waiting: () => say("waiting") }, note);
}

/**
 * The card instances `userId` just drew from the stack (the move from `before` to `after` was
 * their draw), else none: named to them alone, and marked in their hand panel.
 */
export function drawnFromStack(before: CanastaTable, after: CanastaTable, userId: string): number[] {
  const seat = after.seats.findIndex((x) => x.userId === userId);
  const last = after.state?.last;
  if (!before.state || !after.state || last?.kind !== "draw" || last.seat !== seat) return [];
  const had = new Set(before.state.hands[seat] ?? []);
  return (after.state.hands[seat] ?? []).filter((c) => !had.has(c));
}

/**
 * What the latest move did, in words (said above the new table). With `reader` (a user id), that
 * player's own move is said to them ("You drew…", the `_you` forms: their receipt, private, as
 * it names the card they drew).
 */
export function moveNote(before: CanastaTable, after: CanastaTable, reader?: string): string {
  const s = after.state;
  if (!s?.last) return "";
  const name = after.seats[s.last.seat]?.name ?? "?";
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(after, `canasta.${key}`, params);
  const l = s.last;
  const to: Record<string, string> = reader !== undefined && after.seats[l.seat]?.userId === reader ? { context: "you" } : {};
  const parts: string[] = [];
  if (l.kind === "draw") {
    const drawn = reader === undefined ? [] : drawnFromStack(before, after, reader);
    const card = drawn.map((c) => cardTitleIn(tableLocale(after), idOf(c))).join(", ");
    parts.push(say("drew", card ? { name, card, ...to } : { name }));
  }
  if (l.kind === "take") parts.push(say("took", { name, count: l.count, ...to }));
  if (l.kind === "meld") parts.push(say(l.xeno ? "melded_xeno" : "melded", { name, row: rowText(l.cards), ...to }));
  if (l.kind === "extend") parts.push(say(l.xeno ? "extended_xeno" : "extended", { name, ...to }));
  if (l.kind === "discard") {
    const gone = idOf(before.state?.hands[l.seat]?.find((c) => !(s.hands[l.seat] ?? []).includes(c)) ?? 0);
    parts.push(say("discarded", { name, card: cardTitleIn(tableLocale(after), gone), ...to }));
  }
  if ((before.state?.results.length ?? 0) < s.results.length) {
    const r = s.results.at(-1);
    if (r) {
      const why = r.wentOut !== null ? say("went_out", { name: after.seats[r.wentOut]?.name ?? "?" }) : say("stack_out");
      const scores = r.scores.map((x, i) => `${after.seats[i]?.name} ${x >= 0 ? "+" : ""}${x}`).join(", ");
      parts.push(say("hand_over", { hand: r.hand, why, scores }));
    }
  }
  return parts.join(" ");
}

/** The public canasta table. */
export const canastaPayload: (rec: CanastaTable, note?: string) => Promise<TablePayload> = tableMessage(canastaMessage, (rec) => {
  const s = rec.state;
  if (!s) return undefined;
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(rec, `canasta.${key}`, params);
  const turn = rec.status === "over" ? say("session_over") : toPlay(rec.seats[s.turn], tableLocale(rec));
  return heading([say("title"), say("hand_n", { hand: s.hand }), say("first_past", { target: s.target }), turn]);
});

/** Every seat's hand in words, one line a seat (a finished game's replay: nothing is hidden any more). */
export function canastaHands(rec: CanastaTable): string {
  const s = rec.state;
  if (!s) return "";
  const locale = tableLocale(rec);
  const cards = (h: readonly number[]) => (h.length ? h.map((c) => cardTitleIn(locale, idOf(c))).join(", ") : sayAt(rec, "table.no_cards"));
  return s.hands.map((h, i) => `**${names(rec)[i]}**: ${cards(h)}`).join("\n");
}

/** The hand of play a position belongs to, in words. */
export function canastaRound(rec: CanastaTable): string | undefined {
  return rec.state ? sayAt(rec, "canasta.round", { hand: rec.state.hand }) : undefined;
}

/**
 * The job of table `rec`'s public picture (undefined before the deal); a table closed before the
 * session's end (`end`, or an organiser) is drawn closed: no turn, no clock.
 */
export function canastaPicture(rec: CanastaTable): SceneJob<TableScene<CanastaView>> | undefined {
  if (rec.status === "lobby" || !rec.state) return undefined;
  const view = canastaView(rec.state, null);
  if (rec.status === "over" && view.phase !== "over")
    return ONEXENO_SCENES.job("canasta", { view, names: names(rec), locale: tableLocale(rec), closed: true }, rec.channelId);
  return ONEXENO_SCENES.job("canasta", { view, names: names(rec), clock: clockLabel(rec), locale: tableLocale(rec) }, rec.channelId);
}

export async function canastaMessage(rec: CanastaTable, note?: string): Promise<BaseMessageOptions> {
  const job = canastaPicture(rec);
  if (!job || !rec.state) return lobbyPayload(rec, note);
  // Drawn once for the chat and the live table (commands/live-table.ts), its words on the picture thread.
  const { png, alt } = await describedPicture(job);
  const file = new AttachmentBuilder(png, { name: "canasta.png", description: alt });
  const head = note ? `${note}\n` : "";
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(rec, `canasta.${key}`, params);
  if (rec.status === "over") {
    const o = canasta.outcome(rec.state);
    const winners = (o?.winners ?? [])
      .map((w) => (rec.seats[w]?.computer ? `🤖 ${rec.seats[w]?.name}` : `<@${rec.seats[w]?.userId}>`))
      .join(", ");
    return {
      content: `${head}${say("over", { winners, scores: finalScoresLine(rec.seats, rec.state?.totals ?? [], "high") })}`,
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
    new ButtonBuilder().setCustomId(encodeId("chand", rec.rev)).setLabel(say("btn_hand")).setStyle(ButtonStyle.Primary),
    new ButtonBuilder()
      .setCustomId(encodeId("cdraw", rec.rev))
      .setLabel(say("btn_draw"))
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(rec.state.phase !== "draw" || rec.state.stack.length === 0),
  );
  row.addComponents(...clockButtons(rec));
  const clock = clockLines(rec);
  const tail = clock ? `\n${clock}` : "";
  const what = say(rec.state.phase === "draw" ? "what_draw" : "what_meld");
  const turnSeat = rec.seats[rec.state.turn];
  if (turnSeat?.computer)
    return {
      content: `${head}${sayAt(rec, "table.thinking", { name: turnSeat.name })}${tail}`,
      files: [file],
      components: [row],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  if (turnSeat?.away)
    return {
      content: `${head}${sayAt(rec, "table.away_plays", { name: turnSeat.name })}${tail}`,
      files: [file],
      components: [row],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  // Only the message that begins the turn mentions the player (a correspondence table pings once a turn).
  return {
    content: `${head}${say("your_turn", { user: turnUser, what })}${tail}`,
    files: [file],
    components: [row],
    embeds: [],
    allowedMentions: turnBegins(rec) ? { users: [turnUser] } : { parse: [] },
  };
}

/** Each seat's total so far, for a table closed with `end`. */
export const canastaStanding = (rec: CanastaTable): string =>
  scoresAsTheyStand(rec.seats, rec.state?.totals, "highest wins", tableLocale(rec));
