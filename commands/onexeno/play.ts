/**
 * Playing ONEXENO basic and partners by slash command, through the shared move flow, and their
 * lobby as the shared lobby runs it (commands/games.ts).
 */
import { type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import type { TableRecord } from "./view.ts";
import { playAndShow as playMove, type MoveView } from "../../src/bot/flow.ts";
import { type OnexenoMove } from "../../src/games/onexeno/game.ts";
import { tablePayload } from "./view.ts";
import type { LobbyGame } from "../games.ts";
import { sayAt } from "../../src/bot/words.ts";

import { moveNote } from "./notes.ts";

/** ONEXENO's bot side as the move flow reads it. */
export const ONEXENO_VIEW: MoveView<TableRecord> = { command: "onexeno", payload: tablePayload, moveNote };

/** Applies a move for the invoker (shared flow) and answers with the new public table. */
export async function playAndShow(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  toMove: (rec: TableRecord, seat: number) => OnexenoMove,
): Promise<void> {
  await playMove(interaction, ctx, ctx.service("onexeno"), ONEXENO_VIEW, toMove, { answer: "table" });
}

/** ONEXENO basic and partners as the shared lobby runs them (commands/games.ts). */
export const onexenoLobby = (ctx: BotContext): LobbyGame => ({
  command: "onexeno",
  service: ctx.service("onexeno"),
  payload: tablePayload,
  started: (rec: TableRecord) => sayAt(rec, "onexeno.starts", { name: rec.seats[rec.state?.dealer ?? 0]?.name ?? "?" }),
});
