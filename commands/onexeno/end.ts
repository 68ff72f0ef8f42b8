/**
 * Ending whatever table a channel holds, after the private Confirm: closed with the scores as
 * they stand, or (a one-player game) resigned and scored.
 */
import { PermissionFlagsBits, type BaseMessageOptions, type MessageComponentInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context";
import { UserError } from "../../src/bot/errors";
import { refuse } from "../../src/bot/words";
import { tablePayload } from "./view";
import { seatOf, tableHere } from "../games";

import { standingText } from "./notes";

/** Refuses (as stale) a confirmation asked for another table than the one here now (`createdAt` names a table). */
export function sameTable(rec: { readonly createdAt: number }, asked: number): void {
  if (rec.createdAt !== asked) throw refuse("table/stale");
}

/**
 * Ends whatever table this channel holds, for `userId` (the host or player, or a member with
 * Manage Messages); returns the public message that says so, with the scores as they stand.
 * `rev` is what the confirmation was asked for: the table's `createdAt` (so moves made meanwhile
 * do not void it, but a newer table is never ended by it). A game that ends by resigning
 * (solitaire) is resigned and scored instead of closed.
 */
export async function endHere(interaction: MessageComponentInteraction, ctx: BotContext, rev: number): Promise<BaseMessageOptions> {
  const channelId = interaction.channelId;
  const user = seatOf(interaction);
  const canManage = interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false;
  const here = await tableHere(ctx, channelId);
  if (here?.game.resign) {
    // A one-player game ends by its player resigning: scored as it stands, like any finish.
    sameTable(here.rec, rev);
    if (here.rec.hostId !== user.userId && !canManage)
      throw new UserError("solitaire/not_owner", "Only the player (or a member with Manage Messages) can end this game.");
    return here.game.payload(await here.game.tables(ctx).play(channelId, here.rec.hostId, here.game.resign(here.rec)));
  }
  if (here && here.game.id !== "onexeno") {
    // Any other table game: closed, with each seat's total as it stands.
    const service = here.game.tables(ctx);
    sameTable(here.rec, rev);
    const rec = await service.end(channelId, user.userId, canManage);
    const totals = (rec.state as { totals?: readonly number[] } | null)?.totals;
    return {
      content: `Table closed by ${user.name}.${totals ? ` Scores as they stand: ${rec.seats.map((s, i) => `${s.name} ${totals[i] ?? 0}`).join(" · ")}.` : ""}`,
      components: [],
      embeds: [],
      files: [],
    };
  }
  const cur = await ctx.service("onexeno").get(channelId);
  if (!cur) throw refuse("table/none", { command: "onexeno" });
  sameTable(cur, rev);
  const rec = await ctx.service("onexeno").end(channelId, user.userId, canManage);
  if (!rec.state) return { content: `Table closed by ${user.name}.`, components: [], embeds: [], files: [] };
  const final = await tablePayload({ ...rec, status: "over" }, `Table closed by ${user.name}.`);
  return { ...final, content: `Table closed by ${user.name}. ${standingText(rec)}` };
}
