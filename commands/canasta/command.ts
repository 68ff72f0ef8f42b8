/**
 * Canasta's slash subcommands: `/onexeno new game:canasta [target]`, the same lobby verbs, then
 * draw / take / meld / extend / discard, with autocomplete that proposes valid rows and legal cards.
 */
import { type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { quiet } from "../../src/bot/table-payload.ts";
import { UserError } from "../../src/bot/errors.ts";
import { respond } from "../../src/bot/reply.ts";
import type { Seat } from "../../src/bot/tables.ts";
import { rowCount } from "../../src/games/onexeno/canasta.ts";

import { backNote, lobbySubcommand } from "../games.ts";
import { viewerOf } from "../../src/bot/words.ts";

import { readTypedRow } from "./rows.ts";
import { canastaPayload } from "./table.ts";
import { canastaHandPayload } from "./panel.ts";
import { backHere, canastaLobby, moveAndShow, readHandCard, readExtension } from "./play.ts";

/** Slash subcommands at a canasta table. */
export async function canastaCommand(sub: string, interaction: ChatInputCommandInteraction, ctx: BotContext, seat: Seat): Promise<void> {
  const ch = interaction.channelId;
  // The lobby's verbs (join, leave, start, bot add/remove, table), as every table game has them.
  if (await lobbySubcommand(interaction, ctx, canastaLobby(ctx), sub, seat)) return;
  switch (sub) {
    case "table":
      await respond(interaction, "reply", false, async () => quiet(await canastaPayload(await ctx.service("canasta").current(ch))));
      return;
    case "hand": {
      const back = await backHere(ctx, ch, seat.userId);
      await respond(interaction, "reply", true, async () => {
        const rec = await ctx.service("canasta").current(ch);
        ctx.service("canasta").seatOf(rec, seat.userId);
        return canastaHandPayload(rec, viewerOf(interaction));
      });
      if (back) await ctx.post(ch, await canastaPayload(back, backNote(back, seat.userId)));
      return;
    }
    case "draw":
      await moveAndShow(interaction, ctx, () => ({ kind: "draw" }));
      return;
    case "take":
      await moveAndShow(interaction, ctx, () => ({ kind: "take", count: interaction.options.getInteger("count") ?? 1 }));
      return;
    case "meld":
      await moveAndShow(interaction, ctx, (_r, seatIdx, s) => ({
        kind: "meld",
        cards: readTypedRow(interaction.options.getString("cards", true), s.hands[seatIdx] ?? [], rowCount(s.rowRule)),
      }));
      return;
    case "extend":
      await moveAndShow(interaction, ctx, (_r, seatIdx, s) => readExtension(interaction, s, seatIdx));
      return;
    case "discard":
      await moveAndShow(interaction, ctx, (_r, seatIdx, s) => ({
        kind: "discard",
        card: readHandCard(interaction.options.getString("card", true), s.hands[seatIdx] ?? []),
      }));
      return;
    case "pass":
      throw new UserError("canasta/no_pass", "Canasta has no pass: draw (or take), meld if you like, then discard.");
    case "play":
      throw new UserError(
        "canasta/use_meld",
        "In canasta use `/onexeno meld`, `/onexeno extend` and `/onexeno discard` (or the menus under **My hand**).",
      );
    default:
      throw new UserError("canasta/not_here", "That command is not part of canasta.");
  }
}
