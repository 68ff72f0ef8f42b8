/**
 * Ending whatever table a channel holds, for every game alike, after the private Confirm: closed
 * with its last picture and the scores as they stand (`TableGameView.standing`, see
 * commands/closed.ts), or (a one-player game) resigned and scored.
 */
import { PermissionFlagsBits, type BaseMessageOptions, type MessageComponentInteraction } from "discord.js";
import type { BotContext } from "../src/bot/context.ts";
import { closedPayload } from "./closed.ts";
import { UserError } from "../src/bot/errors.ts";
import { refuse } from "../src/bot/words.ts";
import { seatOf, tableHere } from "./games.ts";

/** Refuses (as stale) a confirmation asked for another table than the one here now (`createdAt` names a table). */
export function sameTable(rec: { readonly createdAt: number }, asked: number): void {
  if (rec.createdAt !== asked) throw refuse("table/stale");
}

/**
 * Ends whatever table this channel holds, for `userId` (the host or player, or a member with
 * Manage Messages); returns the public message that says so, with the scores as they stand.
 * `rev` is what the confirmation was asked for: the table's `createdAt` (so moves made meanwhile
 * do not void it, but a newer table is never ended by it). A game that ends by resigning
 * (a game with `resign`) is resigned and scored instead of closed.
 */
export async function endHere(interaction: MessageComponentInteraction, ctx: BotContext, rev: number): Promise<BaseMessageOptions> {
  const channelId = interaction.channelId;
  const user = seatOf(interaction);
  const canManage = interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false;
  const here = await tableHere(ctx, channelId);
  if (!here) throw refuse("table/gone");
  sameTable(here.rec, rev);
  if (here.game.resign) {
    // A one-player game ends by its player resigning: scored as it stands, like any finish.
    if (here.rec.hostId !== user.userId && !canManage)
      throw new UserError("table/not_player", "Only the player (or a member with Manage Messages) can end this game.");
    return here.game.payload(await here.game.tables(ctx).play(channelId, here.rec.hostId, here.game.resign(here.rec)));
  }
  // Any other table: closed. Its last picture, with the scores as they stand and no clock or
  // controls but Play again and New table, becomes the live table message: the one before is
  // tidied to its record.
  const rec = await here.game.tables(ctx).end(channelId, user.userId, canManage);
  return closedPayload(here.game, rec, user.name);
}
