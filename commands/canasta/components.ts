/**
 * The buttons and menus of canasta's messages (public table and private panel).
 */
import { type MessageComponentInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { type ComponentId } from "../../src/bot/customid.ts";
import { UserError } from "../../src/bot/errors.ts";
import { refuse, viewerOf } from "../../src/bot/words.ts";
import { playAndShow } from "../../src/bot/flow.ts";
import { respond } from "../../src/bot/reply.ts";
import { type Rotation } from "../../src/games/onexeno/cards.ts";
import { type CanastaMove } from "../../src/games/onexeno/canasta.ts";

import { backNote, lobbyComponent } from "../games.ts";
import { t } from "../../src/i18n/index.ts";

import { decodeRow } from "./rows.ts";
import { canastaPayload, drawnFromStack } from "./table.ts";
import { canastaHandPayload } from "./panel.ts";
import { backHere, CANASTA_VIEW, canastaLobby } from "./play.ts";

/** Component verbs of canasta messages. */
export const CANASTA_VERBS: ReadonlySet<string> = new Set(["chand", "cdraw", "ctake", "cmeld", "cext", "cdisc"]);

/** Components of canasta messages (public table and private panel). */
export async function canastaComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const rec = await ctx.service("canasta").get(interaction.channelId);
  if (!rec) throw refuse("table/gone");
  // The lobby's buttons (Join, Leave, Start, Add computer player), as every table game has them.
  if (await lobbyComponent(interaction, id, ctx, canastaLobby(ctx))) return;
  if (rec.status === "over") throw refuse("table/over"); // a finished table's buttons say so
  if (id.verb === "chand") {
    const back = await backHere(ctx, interaction.channelId, interaction.user.id);
    await respond(interaction, "reply", true, async () => {
      const now = back ?? rec;
      ctx.service("canasta").seatOf(now, interaction.user.id);
      const viewer = viewerOf(interaction);
      return canastaHandPayload(now, viewer, now.rev !== id.rev && !back ? t(viewer.locale, "onexeno.moved_on_hand") : undefined);
    });
    if (back) await ctx.post(interaction.channelId, await canastaPayload(back, backNote(back, interaction.user.id)));
    return;
  }
  const fromPanel = interaction.message.flags.has(64);
  if (rec.rev !== id.rev) {
    if (fromPanel) {
      await respond(interaction, "update", true, () =>
        canastaHandPayload(rec, viewerOf(interaction), `⏩ ${t(viewerOf(interaction).locale, "onexeno.moved_on_hand")}`),
      );
      return;
    }
    ctx.service("canasta").checkRev(rec, id.rev, interaction.user.id);
  }
  ctx.service("canasta").seatOf(rec, interaction.user.id);
  const value = interaction.isStringSelectMenu() ? (interaction.values[0] ?? "") : "";
  let move: CanastaMove;
  switch (id.verb) {
    case "cdraw":
      move = { kind: "draw" };
      break;
    case "ctake":
      move = { kind: "take", count: Number(value) };
      break;
    case "cmeld": {
      const row = decodeRow(value);
      if (!row) throw new UserError("input/bad_row", "That is not a row.");
      move = { kind: "meld", cards: row };
      break;
    }
    case "cext": {
      const m = /^(\d+):(left|right):(\d+)@([0-3])$/.exec(value);
      if (!m) throw new UserError("input/bad_row", "That is not an extension.", "error", { context: "extension" });
      move = { kind: "extend", row: Number(m[1]), end: m[2] as "left" | "right", card: Number(m[3]), rot: Number(m[4]) as Rotation };
      break;
    }
    case "cdisc":
      move = { kind: "discard", card: Number(value) };
      break;
    default:
      throw refuse("component/unknown");
  }
  // A panel click updates the panel (a receipt once the turn is over) and shows the table
  // publicly; so does Draw on the public table, answered with the drawer's panel (the card drawn
  // named and marked: theirs alone). Other clicks on the public table answer with the new table.
  await playAndShow(
    interaction,
    ctx,
    ctx.service("canasta"),
    CANASTA_VIEW,
    () => move,
    fromPanel || id.verb === "cdraw"
      ? {
          answer: "receipt",
          update: fromPanel,
          rev: id.rev,
          receipt: (before, a, note) =>
            a.status === "playing" && a.state?.turn === before.state?.turn
              ? canastaHandPayload(a, viewerOf(interaction), `✅ ${note}`, drawnFromStack(before, a, interaction.user.id))
              : { content: `✅ ${note} ${t(viewerOf(interaction).locale, "canasta.turn_over")}`, components: [], files: [], embeds: [] },
        }
      : { answer: "table", rev: id.rev },
  );
}
