/**
 * The buttons and menus of canasta's messages (public table and private panel).
 */
import { type MessageComponentInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context";
import { type ComponentId } from "../../src/bot/customid";
import { UserError } from "../../src/bot/errors";
import { refuse } from "../../src/bot/words";
import { playAndShow } from "../../src/bot/flow";
import { respond } from "../../src/bot/reply";
import type { Seat } from "../../src/bot/tables";
import { type Rotation } from "../../src/games/onexeno/cards";
import { type CanastaMove } from "../../src/games/onexeno/canasta";

import { backNote } from "../games";

import { decodeRow } from "./codes";
import { canastaPayload } from "./table";
import { canastaHandPayload } from "./panel";
import { backHere, CANASTA_VIEW } from "./play";

/** Component verbs of canasta messages. */
export const CANASTA_VERBS: ReadonlySet<string> = new Set(["chand", "cdraw", "ctake", "cmeld", "cext", "cdisc"]);

/** Components of canasta messages (public table and private panel). */
export async function canastaComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const rec = await ctx.service("canasta").get(interaction.channelId);
  if (!rec) throw refuse("table/gone");
  if (id.verb === "addbot") {
    const level = id.args[0] === "easy" ? "easy" : "normal";
    await respond(interaction, "reply", false, async () =>
      canastaPayload(
        await ctx.service("canasta").addComputer(interaction.channelId, interaction.user.id, level, id.rev),
        `A computer player (${level}) sits down.`,
      ),
    );
    return;
  }
  if (id.verb === "join" || id.verb === "leave" || id.verb === "start") {
    const me: Seat = {
      userId: interaction.user.id,
      name:
        (interaction.member && "displayName" in interaction.member ? interaction.member.displayName : null) ??
        interaction.user.globalName ??
        interaction.user.username,
    };
    await respond(interaction, "reply", false, async () => {
      if (id.verb === "join")
        return canastaPayload(await ctx.service("canasta").join(interaction.channelId, me, id.rev), `${me.name} joined.`);
      if (id.verb === "leave") {
        const r = await ctx.service("canasta").leave(interaction.channelId, me.userId, id.rev);
        return r ? canastaPayload(r, `${me.name} left.`) : { content: "The last player left; the table is closed." };
      }
      const r = await ctx.service("canasta").start(interaction.channelId, me.userId, id.rev);
      return canastaPayload(r, `The game starts. ${r.seats[r.state?.dealer ?? 0]?.name} drew the highest card and deals 15 each.`);
    });
    return;
  }
  if (rec.status === "over") throw refuse("table/over"); // a finished table's buttons say so
  if (id.verb === "chand") {
    const back = await backHere(ctx, interaction.channelId, interaction.user.id);
    await respond(interaction, "reply", true, async () => {
      const now = back ?? rec;
      ctx.service("canasta").seatOf(now, interaction.user.id);
      return canastaHandPayload(
        now,
        interaction.user.id,
        now.rev !== id.rev && !back ? "This table has moved on; here is your hand now." : undefined,
      );
    });
    if (back) await ctx.post(interaction.channelId, await canastaPayload(back, backNote(back, interaction.user.id)));
    return;
  }
  const fromPanel = interaction.message.flags.has(64);
  if (rec.rev !== id.rev) {
    if (fromPanel) {
      await respond(interaction, "update", true, () =>
        canastaHandPayload(rec, interaction.user.id, "⏩ The table moved on; here is your hand now."),
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
  // A click on the public table answers with the new table; a panel click updates the panel (a
  // receipt once the turn is over) and shows the table publicly.
  await playAndShow(
    interaction,
    ctx,
    ctx.service("canasta"),
    CANASTA_VIEW,
    () => move,
    fromPanel
      ? {
          answer: "receipt",
          update: true,
          rev: id.rev,
          receipt: (before, a, note) =>
            a.status === "playing" && a.state?.turn === before.state?.turn
              ? canastaHandPayload(a, interaction.user.id, `✅ ${note}`)
              : { content: `✅ ${note} Your turn is over.`, components: [], files: [], embeds: [] },
        }
      : { answer: "table", rev: id.rev },
  );
}
