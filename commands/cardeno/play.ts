/**
 * Grabbing in Cardeno: a grab goes through the table service's real-time ordering (`race`);
 * its refusal in the race's words; reading a typed piece; the lobby as the shared verbs see it.
 */
import { MessageFlags, type ChatInputCommandInteraction, type MessageComponentInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { UserError } from "../../src/bot/errors.ts";
import { respond } from "../../src/bot/reply.ts";
import { orderOfSnowflake } from "../../src/bot/sequencer.ts";
import { refuse } from "../../src/bot/words.ts";
import { completeLines, type CardenoMove, type CardenoState } from "../../src/games/cardeno/game.ts";
import { cellName, LINES, pieceName, pieceOf } from "../../src/games/cardeno/pieces.ts";
import { type LobbyGame } from "../games.ts";

import { type CardenoTable, type CardenoTables, tablesOf } from "./tables.ts";
import { cardenoPayload } from "./table.ts";
import { panelPayload, keepPanel } from "./panel.ts";
import { cardenoChanged } from "./live.ts";
import { sayAt, sayError, viewerOf } from "../../src/bot/words.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { lineNameIn, pieceNameIn } from "../../render/cardeno/words.ts";
import { listIn } from "../../src/i18n/index.ts";
import type { Piece } from "../../src/games/cardeno/pieces.ts";

// --- grabs and hands ------------------------------------------------------------------------

/** The refusal of a grab in words that name players. */
export function grabRefusal(rec: CardenoTable | undefined, e: UserError, locale: Locale = "en"): string {
  if (e.code === "cardeno/taken" && rec?.state) {
    const m = /seat (\d+)/.exec(e.message);
    const name = m ? rec.seats[Number(m[1]) - 1]?.name : undefined;
    return t(locale, "cardeno.too_late", { name: name ?? t(locale, "cardeno.someone") });
  }
  return `❌ ${sayError(e, locale)}`;
}

/**
 * Makes `move` for the player (a grab, a poker hand, keeping it) at the interaction's time, in
 * the order moves were made, and answers with their board panel (the panel itself is updated
 * when clicked there). The public table and the other panels follow.
 */
export async function moveAndShow(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
  build: (rec: CardenoTable, seat: number) => CardenoMove,
): Promise<void> {
  const panel = interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.Ephemeral);
  const ch = interaction.channelId;
  const service = tablesOf(ctx);
  let done: { before: CardenoTable; after: CardenoTable } | null = null;
  let said: string | undefined;
  await respond(interaction, panel ? "update" : "reply", true, async () => {
    const rec = await service.get(ch);
    if (!rec) throw refuse("table/none", { command: "cardeno" });
    if (rec.status === "lobby" || !rec.state) throw refuse("table/not_started");
    const seat = service.seatOf(rec, interaction.user.id);
    const move = build(rec, seat);
    try {
      done = (await service.race(ch, interaction.user.id, move, interaction.createdTimestamp, orderOfSnowflake(interaction.id))) as {
        before: CardenoTable;
        after: CardenoTable;
      };
    } catch (e) {
      if (!(e instanceof UserError) || !e.code.startsWith("cardeno/")) throw e;
      const now = await service.current(ch);
      said = grabRefusal(now, e, viewerOf(interaction).locale);
      return panelPayload(now, viewerOf(interaction), said);
    }
    const { after } = done as { before: CardenoTable; after: CardenoTable };
    said = moveWords(done as { before: CardenoTable; after: CardenoTable }, seat, move, viewerOf(interaction).locale);
    return panelPayload(after, viewerOf(interaction), said);
  });
  keepPanel(ctx, interaction, said);
  const d = done as { before: CardenoTable; after: CardenoTable } | null;
  if (d) await cardenoChanged(ctx, ch, d.before, d.after);
}

export function moveWords(
  d: { before: CardenoTable; after: CardenoTable },
  seat: number,
  move: CardenoMove,
  locale: Locale = "en",
): string {
  const s = d.after.state as CardenoState;
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `cardeno.${key}`, params);
  const pieceName = (p: Piece) => pieceNameIn(locale, p);
  if (move.kind === "grab") {
    const p = pieceOf(move.piece);
    const cell = (s.boards[seat] ?? []).indexOf(move.piece);
    if (cell < 0) {
      // It may have gone in while the round ended; a miss leaves it in the centre and locks.
      return (s.locked[seat] ?? 0) > (d.before.state?.locked[seat] ?? 0)
        ? say("fits_none", { piece: pieceName(p) })
        : say("grabbed", { piece: pieceName(p) });
    }
    const lines = completeLines(s.boards[seat] ?? []).filter((l) => LINES[l]!.includes(cell));
    const completes = lines.length
      ? say("completes", {
          lines: listIn(
            locale,
            lines.map((l) => lineNameIn(locale, l)),
          ),
        })
      : "";
    return `${say("placed", { piece: pieceName(p), cell: cellName(cell) })}${completes}`;
  }
  return say(move.kind === "hand" ? "hand_chosen" : "hand_kept");
}

/** Reads a typed piece: its id (from the list), or its name among the face-up pieces (`Q♥ β`, `qh beta`). */
export function readPiece(text: string, s: CardenoState): number {
  const t = text.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const norm = (x: string) =>
    x.toLowerCase().replace(/[♠]/g, "s").replace(/[♥]/g, "h").replace(/[♦]/g, "d").replace(/[♣]/g, "c").replace(/\s+/g, "");
  const hit = s.centre.find((f) => norm(pieceName(pieceOf(f.piece))) === norm(t));
  if (!hit) throw new UserError("cardeno/pick_piece", "Pick a face-up piece from the list (type to filter it).");
  return hit.piece;
}

// --- the slash command --------------------------------------------------------------------

/** The Cardeno lobby for the shared lobby verbs. */
export const lobbyOf = (service: CardenoTables): LobbyGame => ({
  command: "cardeno",
  service,
  payload: cardenoPayload,
  started: (rec: CardenoTable) => startNote(rec),
});

/** What the table says when the game starts, in its language. */
export function startNote(rec: { readonly locale?: Locale }): string {
  return sayAt(rec, "cardeno.starts");
}

/** Opens (or refreshes) the player's board panel, privately; it stays live. */
export async function showBoard(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
  update: boolean,
): Promise<void> {
  const service = tablesOf(ctx);
  await respond(interaction, update ? "update" : "reply", true, async () => {
    const rec = await service.get(interaction.channelId);
    if (!rec) throw refuse("table/none", { command: "cardeno" });
    if (rec.status === "lobby" || !rec.state) throw refuse("table/not_started");
    service.seatOf(rec, interaction.user.id);
    return panelPayload(rec, viewerOf(interaction));
  });
  keepPanel(ctx, interaction);
}
