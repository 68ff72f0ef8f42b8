/**
 * The buttons every table shares, whatever its game, as claims of the component front door
 * (commands/components.ts): the lobby's (join, leave, start, addbot: answered by the game
 * holding the channel, lobby or not, so an old lobby's button gets that game's answer),
 * **I'm back** (`back`), the end confirmation (`confirm`, `cancel`) and **Play again** / **New
 * table** (`again`: the channel's most recently finished table).
 */
import type { BaseMessageOptions } from "discord.js";
import { launchLiveTable } from "../src/surfaces/live-table/button.ts";
import { joinLines } from "../src/surfaces/answers/chains.ts";
import { relativeTime } from "../src/bot/clock.ts";
import { answeredPayload } from "../src/bot/confirm.ts";
import { publish, ReplyFailed, respond } from "../src/bot/reply.ts";
import { refuse, sayAt } from "../src/bot/words.ts";
import { localeOf, t } from "../src/i18n/index.ts";
import type { ComponentClaim } from "./components.ts";
import { endHere } from "./end.ts";
import { comeBack, finishedHere, leaveHere, seatOf, tableHere } from "./games.ts";

/** The lobby's buttons, sent on to the game holding the channel (`lobbyComponent` in commands/games.ts). */
const lobby: ComponentClaim = {
  owner: "lobby",
  verbs: ["join", "leave", "start", "addbot"],
  async handle(interaction, id, ctx) {
    const here = await tableHere(ctx, interaction.channelId);
    if (!here?.game.component) throw refuse("table/gone");
    await here.game.component(interaction, id, ctx);
  },
};

/** **I'm back**, at any game's table: the person takes their seat back; the new table is the public reply. */
const back: ComponentClaim = {
  owner: "table",
  verbs: ["back"],
  async handle(interaction, _id, ctx) {
    await respond(interaction, "reply", false, async () => {
      const table = await comeBack(ctx, interaction.channelId, interaction.user.id);
      if (!table) throw refuse("clock/not_away");
      return table;
    });
    ctx.afterReply(interaction.channelId);
  },
};

/**
 * The private confirmations of `end` and of a mid-game `leave`: **End it** closes the table,
 * **Leave the game** gives the seat to a computer (the last person: closes it); the table that
 * follows goes public. **Cancel** keeps everything as it was.
 */
const confirmEnd: ComponentClaim = {
  owner: "table",
  verbs: ["confirm", "cancel"],
  async handle(interaction, id, ctx) {
    const action = id.args[0];
    if (action !== "end" && action !== "leave") throw refuse("component/unknown");
    const locale = localeOf(interaction.locale);
    if (id.verb === "cancel") {
      await respond(interaction, "update", true, async () => answeredPayload(t(locale, "table.end_cancelled")));
      return;
    }
    let ended: BaseMessageOptions | null = null;
    let failed: ReplyFailed | null = null;
    try {
      await respond(interaction, "update", true, async () => {
        ended = action === "end" ? await endHere(interaction, ctx, id.rev) : await leaveHere(interaction, ctx, id.rev);
        return answeredPayload(t(locale, action === "end" ? "table.end_done" : "table.leave_done"));
      });
    } catch (e) {
      if (!(e instanceof ReplyFailed)) throw e;
      failed = e;
    }
    if (ended) await publish(interaction, ctx.post, ended);
    if (failed) throw failed;
  },
};

/** **Play again** (`again|same`) and **New table**: the channel's most recently finished table, whichever game. */
const again: ComponentClaim = {
  owner: "table",
  verbs: ["again"],
  async handle(interaction, id, ctx) {
    const channelId = interaction.channelId;
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
  },
};

/**
 * **Claim the turn**, at a table in a DM (src/surfaces/answers/chains.ts): a clock that ran out there was
 * applied when this click reached the bot (the computer moved for the absent seat); the clicked
 * table message is updated to the table as it now stands, the computers' moves that follow
 * drawn in. Before the time is up it says, privately, how long the player still has.
 */
const claim: ComponentClaim = {
  owner: "table",
  verbs: ["claim"],
  async handle(interaction, _id, ctx) {
    const here = await tableHere(ctx, interaction.channelId);
    if (!here) throw refuse("table/gone");
    const surface = ctx.surface(interaction);
    const lines = surface.untold(interaction);
    const clock = here.rec.turnClock;
    if (!lines.length && clock && clock.due !== null)
      throw refuse("clock/not_due", { name: here.rec.seats[clock.seat]?.name ?? "?", when: relativeTime(clock.due) });
    await respond(
      interaction,
      "update",
      false,
      async () => (await surface.tableInAnswer(interaction, here.game, here.rec, [])) ?? here.game.payload(here.rec, joinLines(lines)),
    );
  },
};

/** **Open live table**: the person's Discord client opens the app's Activity here (callback type 12). */
const openLive: ComponentClaim = {
  owner: "table",
  verbs: ["live"],
  async handle(interaction) {
    await launchLiveTable(interaction);
  },
};

/** The shared table buttons' claims. */
export const TABLE_BUTTONS: readonly ComponentClaim[] = [lobby, back, confirmEnd, again, claim, openLive];
