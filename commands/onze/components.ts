/**
 * The buttons and menus of Onze's messages: the public table, the lobby and the private hand panel.
 */
import { type MessageComponentInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { type ComponentId } from "../../src/bot/customid.ts";
import { respond } from "../../src/bot/reply.ts";
import { refuse, viewerOf } from "../../src/bot/words.ts";
import { comeBack, lobbyComponent, seatOf } from "../games.ts";

import { tablesOf, decodeDown, decodeLayoff, decodeSwap } from "./moves.ts";
import { ONZE_PANELS, onzeHandPayload } from "./panel.ts";
import { keepPanel } from "../../src/bot/panels.ts";
import { moveAndShow, buyToggle, declineSale, lobbyOf } from "./play.ts";
import { t } from "../../src/i18n/index.ts";

// --- components ----------------------------------------------------------------------------

/** Component verbs of Onze messages. */
export const ONZE_VERBS: ReadonlySet<string> = new Set([
  "zhand",
  "zdraw",
  "ztake",
  "zbuy",
  "zno",
  "zhold",
  "zdown",
  "zlay",
  "zswap",
  "zdisc",
]);

/** Buttons and menus of Onze messages (public table, lobby and private panel). */
export async function onzeComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const service = tablesOf(ctx);
  const ch = interaction.channelId;
  const rec = await service.get(ch);
  if (!rec) throw refuse("table/gone");
  const me = seatOf(interaction);
  if (await lobbyComponent(interaction, id, ctx, lobbyOf(service))) return;
  if (rec.status === "over") throw refuse("table/over");
  if (id.verb === "zhand") {
    const back = await comeBack(ctx, ch, me.userId);
    await respond(interaction, "reply", true, async () => {
      const now = await service.current(ch, "table/gone");
      service.seatOf(now, me.userId);
      const viewer = viewerOf(interaction);
      return onzeHandPayload(now, viewer, now.rev !== id.rev && !back ? t(viewer.locale, "onexeno.moved_on_hand") : undefined);
    });
    keepPanel(ctx, ONZE_PANELS, interaction); // kept up to date as the table changes
    if (back) await ctx.post(ch, back);
    return;
  }
  // Buying is open to everyone but the active player while the discard is for sale, whatever the revision.
  if (id.verb === "zbuy") {
    await moveAndShow(interaction, ctx, buyToggle);
    return;
  }
  if (id.verb === "zno") {
    await moveAndShow(interaction, ctx, declineSale);
    return;
  }
  if (id.verb === "zhold") {
    // Don't wait for me (or wait again): this table's seat at once, and every table after it.
    const on = id.args[0] !== "on";
    await respond(interaction, "update", true, async () => {
      const rec = await service.setNoHold(ch, me.userId, on);
      await ctx.settings.changePlayer(me.userId, (p) => ({ ...p, noHold: on }));
      return onzeHandPayload(rec, viewerOf(interaction));
    });
    ctx.afterReply(ch); // a computer held for this player may move now
    return;
  }
  const value = interaction.isStringSelectMenu() ? (interaction.values[0] ?? "") : "";
  if (value.startsWith("more:") && (id.verb === "zdown" || id.verb === "zlay" || id.verb === "zswap")) {
    // The next page of a long menu: the panel is redrawn with it, nothing else changes.
    await respond(interaction, "update", true, async () =>
      onzeHandPayload(await service.current(ch, "table/gone"), viewerOf(interaction), undefined, {
        [id.verb]: Number(value.slice(5)) || 0,
      }),
    );
    return;
  }
  switch (id.verb) {
    case "zdraw":
      await moveAndShow(interaction, ctx, () => ({ kind: "draw" }));
      return;
    case "ztake":
      await moveAndShow(interaction, ctx, () => ({ kind: "take" }));
      return;
    case "zdown":
      await moveAndShow(interaction, ctx, () => {
        const melds = decodeDown(value);
        if (!melds) throw refuse("component/unknown");
        return { kind: "down", melds };
      });
      return;
    case "zlay":
      await moveAndShow(
        interaction,
        ctx,
        () =>
          decodeLayoff(value) ??
          (() => {
            throw refuse("component/unknown");
          })(),
      );
      return;
    case "zswap":
      await moveAndShow(
        interaction,
        ctx,
        () =>
          decodeSwap(value) ??
          (() => {
            throw refuse("component/unknown");
          })(),
      );
      return;
    case "zdisc":
      await moveAndShow(interaction, ctx, () => ({ kind: "discard", card: Number(value) }));
      return;
    default:
      throw refuse("component/unknown");
  }
}
