/**
 * Buttons and selects of ONEXENO basic and partners messages, reached through the component
 * front door (commands/components.ts). A permanent handler (no collectors), so
 * components keep working after a restart. Every customId carries the table revision it was
 * drawn for: public buttons from an older table answer "this table has moved on" and change
 * nothing; a stale private hand panel is replaced by a fresh one.
 */
import { MessageFlags, type MessageComponentInteraction } from "discord.js";
import { quiet } from "../../src/bot/table-payload.ts";
import type { BotContext } from "../../src/bot/context.ts";
import type { OnexenoMove } from "../../src/games/onexeno/game.ts";
import type { ComponentId } from "../../src/bot/customid.ts";
import { UserError } from "../../src/bot/errors.ts";
import { refusal, refuse, viewerOf } from "../../src/bot/words.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { respond } from "../../src/bot/reply.ts";
import type { TableRecord } from "./view.ts";
import { isCardId, type CardId } from "../../src/games/onexeno/cards.ts";
import { readPlacement } from "./choices.ts";
import { moveNote } from "./notes.ts";
import { ONEXENO_VIEW, onexenoLobby } from "./play.ts";
import { handPayload, tablePayload } from "./view.ts";
import { playAndShow } from "../../src/bot/flow.ts";
import { comeBack, lobbyComponent } from "../games.ts";

/** The note over a hand panel redrawn because its table moved on, in the reader's language. */
const movedOn = (locale: Locale) => `⏩ ${refusal("table/stale", {}, locale)}`;

async function current(ctx: BotContext, interaction: MessageComponentInteraction): Promise<TableRecord> {
  const rec = await ctx.service("onexeno").get(interaction.channelId);
  if (!rec) throw refuse("table/gone");
  if (rec.status === "over") throw refuse("table/over"); // a finished table's buttons say so
  return rec;
}

/** Is this component from the private hand panel (an ephemeral message)? */
const fromPanel = (i: MessageComponentInteraction) => i.message.flags.has(MessageFlags.Ephemeral);

/**
 * Plays from the private panel through the shared flow: the panel turns into a receipt, the new
 * table goes public (even when the receipt cannot be delivered: the move is saved). A panel
 * drawn for an older table is redrawn as it is now rather than refused.
 */
async function playFromPanel(
  interaction: MessageComponentInteraction,
  ctx: BotContext,
  rev: number,
  build: (rec: TableRecord, seat: number) => OnexenoMove,
): Promise<void> {
  const viewer = viewerOf(interaction);
  await playAndShow(interaction, ctx, ctx.service("onexeno"), ONEXENO_VIEW, build, {
    answer: "receipt",
    update: true,
    rev,
    stale: (rec) => handPayload(rec, viewer, undefined, 0, movedOn(viewer.locale)),
    // What the move did, said to the player ("You placed the 4 at C3 and took a line…").
    receipt: (_before, _after, note) => ({
      content: t(viewer.locale, "onexeno.receipt", { what: note }),
      components: [],
      files: [],
      embeds: [],
    }),
  });
}

/** Component verbs of ONEXENO basic and partners messages (the lobby's are the table buttons'). */
export const ONEXENO_VERBS: ReadonlySet<string> = new Set(["hand", "pass", "card", "place", "page", "table"]);

/**
 * The buttons and menus of ONEXENO basic and partners tables (`ONEXENO_VERBS`), and the lobby's
 * while an ONEXENO table holds the channel (sent here by the table buttons).
 */
export async function onexenoComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const channelId = interaction.channelId;
  if (await lobbyComponent(interaction, id, ctx, onexenoLobby(ctx))) return;
  switch (id.verb) {
    case "hand": {
      // Opening one's hand is acting again: an away seat is taken back (the table is posted).
      const back = await comeBack(ctx, channelId, interaction.user.id);
      // Showing a hand changes nothing, so an older table's button still helps, with a note.
      await respond(interaction, "reply", true, async () => {
        const rec = await current(ctx, interaction);
        ctx.service("onexeno").seatOf(rec, interaction.user.id);
        const viewer = viewerOf(interaction);
        const note = rec.rev !== id.rev && !back ? t(viewer.locale, "onexeno.moved_on_hand") : undefined;
        return handPayload(rec, viewer, undefined, 0, note);
      });
      if (back) await ctx.post(channelId, back);
      return;
    }
    case "pass":
      if (fromPanel(interaction)) {
        await playFromPanel(interaction, ctx, id.rev, () => ({ kind: "pass" }));
        return;
      }
      await respond(interaction, "reply", false, async () => {
        const before = await current(ctx, interaction);
        ctx.service("onexeno").checkRev(before, id.rev, interaction.user.id);
        const after = await ctx.service("onexeno").play(channelId, interaction.user.id, { kind: "pass" }, id.rev);
        return tablePayload(after, moveNote(before, after));
      });
      ctx.afterReply(channelId);
      return;
    case "card":
    case "page": {
      if (!interaction.isStringSelectMenu() && !interaction.isButton()) return;
      const raw = interaction.isStringSelectMenu() ? interaction.values[0] : id.args[0];
      const card = Number(raw);
      const page = id.verb === "page" ? Number(id.args[1] ?? 0) : 0;
      await respond(interaction, "update", true, async () => {
        const rec = await current(ctx, interaction);
        const viewer = viewerOf(interaction);
        if (rec.rev !== id.rev) return handPayload(rec, viewer, undefined, 0, movedOn(viewer.locale));
        if (!isCardId(card)) throw new UserError("input/bad_card", "That is not a card.");
        return handPayload(rec, viewer, card as CardId, Number.isInteger(page) ? page : 0);
      });
      return;
    }
    case "place": {
      if (!interaction.isStringSelectMenu()) return;
      const card = Number(id.args[0]);
      const value = interaction.values[0] ?? "";
      await playFromPanel(interaction, ctx, id.rev, (rec, seat) => {
        if (!isCardId(card)) throw new UserError("input/bad_card", "That is not a card.");
        return readPlacement(value, rec.state as NonNullable<TableRecord["state"]>, seat, card);
      });
      return;
    }
    case "table":
      await respond(interaction, "reply", false, async () => quiet(await tablePayload(await current(ctx, interaction))));
      return;
    default:
      throw refuse("component/unknown");
  }
}
