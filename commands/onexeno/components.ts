/**
 * Buttons and selects of ONEXENO messages. A permanent handler (no collectors), so
 * components keep working after a restart. Every customId carries the table revision it was
 * drawn for: public buttons from an older table answer "this table has moved on" and change
 * nothing; a stale private hand panel is replaced by a fresh one.
 */
import { MessageFlags, type BaseMessageOptions, type MessageComponentInteraction } from "discord.js";
import { answeredPayload } from "../../src/bot/confirm";
import { quiet } from "../../src/bot/table-payload";
import type { BotContext } from "../../src/bot/context";
import type { OnexenoMove } from "../../src/games/onexeno/game";
import type { ComponentHandler } from "../../src/bot/router";
import type { ComponentId } from "../../src/bot/customid";
import { UserError } from "../../src/bot/errors";
import { refusal, refuse, sayAt, viewerOf } from "../../src/bot/words";
import { localeOf, t, type Locale } from "../../src/i18n/index";
import { cardTitleIn } from "../../render/onexeno-words";
import { publish, ReplyFailed, respond } from "../../src/bot/reply";
import type { TableRecord } from "./view";
import { isCardId, type CardId } from "../../src/games/onexeno/cards";
import { readPlacement } from "./choices";
import { endHere } from "../end";
import { moveNote } from "./notes";
import { ONEXENO_VIEW } from "./play";
import { handPayload, tablePayload } from "./view";
import { TOURNAMENT_VERBS, tournamentComponent } from "../tournament/index";
import { HISTORY_VERBS, historyComponent } from "../history";
import { REPLAY_VERBS, replayComponent } from "../replay";
import { playAndShow } from "../../src/bot/flow";
import { comeBack, finishedHere, gameOfVerb, seatOf, tableHere } from "../games";

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
    receipt: (_before, after) => {
      const move = after.moves.at(-1)?.move;
      const say = (key: string, params: Record<string, string> = {}) => t(viewer.locale, `onexeno.${key}`, params);
      const what = move?.kind === "place" ? say("you_placed", { card: cardTitleIn(viewer.locale, move.card) }) : say("you_passed");
      return { content: say("receipt", { what }), components: [], files: [], embeds: [] };
    },
  });
}

export const onexenoComponents: ComponentHandler<BotContext> = {
  async handle(interaction, id: ComponentId, ctx) {
    const channelId = interaction.channelId;
    if (TOURNAMENT_VERBS.has(id.verb)) {
      await tournamentComponent(interaction, id, ctx);
      return;
    }
    if (HISTORY_VERBS.has(id.verb)) {
      await historyComponent(interaction, id, ctx);
      return;
    }
    if (REPLAY_VERBS.has(id.verb)) {
      await replayComponent(interaction, id, ctx);
      return;
    }
    if (id.verb === "back") {
      // Any game's table: the person takes their seat back; the new table is the public reply.
      await respond(interaction, "reply", false, async () => {
        const table = await comeBack(ctx, channelId, interaction.user.id);
        if (!table) throw refuse("clock/not_away");
        return table;
      });
      ctx.afterReply(channelId);
      return;
    }
    if (id.verb === "confirm" || id.verb === "cancel") {
      if (id.args[0] !== "end") throw refuse("component/unknown");
      if (id.verb === "cancel") {
        await respond(interaction, "update", true, async () => answeredPayload(t(localeOf(interaction.locale), "table.end_cancelled")));
        return;
      }
      let ended: BaseMessageOptions | null = null;
      let failed: ReplyFailed | null = null;
      try {
        await respond(interaction, "update", true, async () => {
          ended = await endHere(interaction, ctx, id.rev);
          return answeredPayload(t(localeOf(interaction.locale), "table.end_done"));
        });
      } catch (e) {
        if (!(e instanceof ReplyFailed)) throw e;
        failed = e;
      }
      if (ended) await publish(interaction, ctx.post, ended);
      if (failed) throw failed;
      return;
    }
    const own = gameOfVerb(ctx, id.verb);
    if (own?.component) {
      await own.component(interaction, id, ctx);
      return;
    }
    if (id.verb === "again") {
      // Play again / New table: the channel's most recently finished table, whichever game.
      const same = id.args[0] === "same";
      const me = seatOf(interaction);
      if (await tableHere(ctx, channelId)) throw refuse("table/exists"); // a game or lobby is already open here
      const done = await finishedHere(ctx, channelId);
      if (!done) throw refuse("table/gone");
      await respond(interaction, "reply", false, async () => {
        const rec = await done.game.tables(ctx).again(channelId, me, same, id.rev);
        // A one-seat table is dealt at once; others wait in the lobby for Start.
        const note = sayAt(rec, rec.status === "playing" ? "table.again_dealt" : same ? "table.again_same" : "table.again_new", {
          name: me.name,
        });
        return done.game.payload(rec, note);
      });
      return;
    }
    if (id.verb === "join" || id.verb === "leave" || id.verb === "start" || id.verb === "addbot") {
      // Lobby buttons go to whichever game holds this channel, lobby or not, so an old
      // lobby's button gets that game's answer ("already started"), never "no table".
      const here = await tableHere(ctx, channelId);
      if (here?.game.component) {
        await here.game.component(interaction, id, ctx);
        return;
      }
    }
    switch (id.verb) {
      case "join":
        await respond(interaction, "reply", false, async () => {
          const rec = await ctx.service("onexeno").join(channelId, seatOf(interaction), id.rev);
          return tablePayload(rec, sayAt(rec, "table.joined", { name: seatOf(interaction).name }));
        });
        return;
      case "leave":
        await respond(interaction, "reply", false, async () => {
          const rec = await ctx.service("onexeno").leave(channelId, interaction.user.id, id.rev);
          if (!rec) return { content: t(viewerOf(interaction).locale, "table.closed"), components: [], embeds: [], files: [] };
          return tablePayload(rec, sayAt(rec, "table.left", { name: seatOf(interaction).name }));
        });
        return;
      case "start":
        await respond(interaction, "reply", false, async () => {
          const rec = await ctx.service("onexeno").start(channelId, interaction.user.id, id.rev);
          return tablePayload(rec, sayAt(rec, "onexeno.starts", { name: rec.seats[rec.state?.dealer ?? 0]?.name ?? "?" }));
        });
        ctx.afterReply(channelId);
        return;
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
      case "addbot": {
        const level = id.args[0] === "easy" ? "easy" : "normal";
        await respond(interaction, "reply", false, async () => {
          const rec = await ctx.service("onexeno").addComputer(channelId, interaction.user.id, level, id.rev);
          return tablePayload(rec, sayAt(rec, "table.computer_sits", { level: sayAt(rec, `table.level_${level}`) }));
        });
        return;
      }
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
  },
};
