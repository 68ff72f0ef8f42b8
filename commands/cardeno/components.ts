/**
 * The buttons of Cardeno's messages: the public table, the lobby and the board panels.
 */
import { MessageFlags, type MessageComponentInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { type ComponentId } from "../../src/bot/customid.ts";
import { refuse } from "../../src/bot/words.ts";
import { lobbyComponent } from "../games.ts";

import { tablesOf } from "./tables.ts";
import { moveAndShow, lobbyOf, showBoard } from "./play.ts";

/** Component verbs of Cardeno messages. */
export const CARDENO_VERBS: ReadonlySet<string> = new Set(["cdgrab", "cdboard", "cdhand", "cdkeep"]);

/** Buttons and menus of Cardeno messages (lobby, public table, private panel). */
export async function cardenoComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const service = tablesOf(ctx);
  const ch = interaction.channelId;
  const rec = await service.get(ch);
  if (!rec) throw refuse("table/gone");
  if (await lobbyComponent(interaction, id, ctx, lobbyOf(service))) return;
  if (rec.status === "over") throw refuse("table/over");
  const panel = interaction.message.flags.has(MessageFlags.Ephemeral);
  switch (id.verb) {
    case "cdboard":
      await showBoard(interaction, ctx, panel);
      return;
    case "cdgrab": {
      const piece = Number(id.args[0]);
      if (!Number.isInteger(piece)) throw refuse("component/unknown");
      await moveAndShow(interaction, ctx, () => ({ kind: "grab", piece }));
      return;
    }
    case "cdhand": {
      const pieces = interaction.isStringSelectMenu() ? interaction.values.map(Number) : [];
      await moveAndShow(interaction, ctx, () => ({ kind: "hand", pieces }));
      return;
    }
    case "cdkeep":
      await moveAndShow(interaction, ctx, () => ({ kind: "keep" }));
      return;
    default:
      throw refuse("component/unknown");
  }
}
