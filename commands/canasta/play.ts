/**
 * Playing canasta: every move goes through the shared move flow (src/bot/flow.ts); reading typed
 * cards and extensions.
 */
import { type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { UserError } from "../../src/bot/errors.ts";
import { playAndShow, type MoveView } from "../../src/bot/flow.ts";
import { distinctRotations, parseCardName, type Rotation } from "../../src/games/onexeno/cards.ts";
import { extendProblem, idOf, rowCount, type CanastaMove, type CanastaState, type CardInst } from "../../src/games/onexeno/canasta.ts";

import { type CanastaTable } from "./rows.ts";
import { moveNote, canastaPayload } from "./table.ts";
import type { LobbyGame } from "../games.ts";
import { refuse, sayAt } from "../../src/bot/words.ts";

/** An away player acting again takes their seat back: the new table, or null when they were not away. */
export async function backHere(ctx: BotContext, channelId: string, userId: string): Promise<CanastaTable | null> {
  return ctx.service("canasta").back(channelId, userId);
}

/** Canasta's bot side as the move flow reads it. */
export const CANASTA_VIEW: MoveView<CanastaTable> = { command: "onexeno", payload: canastaPayload, moveNote };

/** Canasta's lobby for the lobby verbs every table game shares (commands/games.ts). */
export const canastaLobby = (ctx: BotContext): LobbyGame => ({
  command: "onexeno",
  service: ctx.service("canasta"),
  payload: canastaPayload,
  started: (rec: CanastaTable) => sayAt(rec, "canasta.starts", { name: rec.seats[rec.state?.dealer ?? 0]?.name ?? "?" }),
});

/** Applies a move for the invoker (slash commands): a private receipt, the table shown publicly. */
export async function moveAndShow(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  build: (rec: CanastaTable, seat: number, s: CanastaState) => CanastaMove,
): Promise<void> {
  await playAndShow(interaction, ctx, ctx.service("canasta"), CANASTA_VIEW, build, { answer: "receipt" });
}

export function readHandCard(text: string, hand: readonly CardInst[]): CardInst {
  if (/^\d+$/.test(text.trim()) && hand.includes(Number(text))) return Number(text);
  const id = parseCardName(text);
  const card = id === null ? undefined : hand.find((c) => idOf(c) === id);
  if (card === undefined) throw refuse("canasta/card_not_in_hand", { context: "named", card: text.trim() });
  return card;
}

export function readExtension(interaction: ChatInputCommandInteraction, s: CanastaState, seat: number): CanastaMove {
  const cardText = interaction.options.getString("card", true);
  const full = /^(\d+):(left|right):(\d+)@([0-3])$/.exec(cardText.trim());
  if (full)
    return {
      kind: "extend",
      row: Number(full[1]),
      end: full[2] as "left" | "right",
      card: Number(full[3]),
      rot: Number(full[4]) as Rotation,
    };
  const rowNo = interaction.options.getInteger("row");
  const end = interaction.options.getString("end") as "left" | "right" | null;
  if (rowNo === null || end === null)
    throw new UserError("input/missing_row", "Pick the extension from the list, or give `row` and `end` with the card.");
  const card = readHandCard(cardText, s.hands[seat] ?? []);
  const row = s.rows[seat]?.[rowNo - 1];
  if (!row) throw refuse("canasta/no_row", { context: "numbered", row: String(rowNo) });
  const rot = distinctRotations(idOf(card)).find((r) => extendProblem(row, end, { card, rot: r }, rowCount(s.rowRule)) === null);
  if (rot === undefined) throw refuse("canasta/no_fit", { context: end, card: cardText.trim(), row: String(rowNo) });
  return { kind: "extend", row: rowNo - 1, end, card, rot };
}
