/**
 * The buttons of tournament messages: Join, Leave, Check in, Play the deal and the Replay buttons.
 */
import { type ChatInputCommandInteraction, type Client, type MessageComponentInteraction } from "discord.js";
import type { Tournament } from "../../src/bot/tournament-record.ts";
import type { BotContext } from "../../src/bot/context.ts";
import { type ComponentId } from "../../src/bot/customid.ts";
import { UserError } from "../../src/bot/errors.ts";
import { respond } from "../../src/bot/reply.ts";
import { seatOf } from "../games.ts";

import { announcement } from "./messages.ts";
import { TOURNAMENT_REPLAY_VERBS, tournamentReplays } from "./replays.ts";
import { sayAt } from "../../src/bot/words.ts";
import { localeOf, t } from "../../src/i18n/index.ts";

/**
 * **Play the deal** on a running challenge: opens the entrant's own game of the event's deal in a
 * thread of the event's channel, or points to the one they opened before (privately, either way).
 */
export async function playTheDeal(interaction: MessageComponentInteraction, eventId: string, ctx: BotContext): Promise<void> {
  const me = seatOf(interaction);
  await respond(interaction, "reply", true, async () => {
    const { threadId, opened, event } = await ctx.tournaments.challengeGame(eventId, me.userId, async (t) => {
      // The event's game opens its own one-player table (`openAlone`: where the game puts it, e.g. a thread of its own).
      const game = ctx.tableGames.find((g) => g.id === t.game);
      if (!game?.openAlone)
        throw new UserError("tournament/bad_game", "This challenge's game cannot be opened here.", "error", { context: "challenge" });
      return game.openAlone(
        ctx,
        interaction,
        t.channelId,
        { id: me.userId, name: me.name },
        t.seed,
        sayAt(t, "tournament.challenge_thread", { event: t.name, name: me.name }),
      );
    });
    const done = event.challenge?.results.find((r) => r.userId === me.userId);
    const words = { event: event.name, thread: `<#${threadId}>`, score: done?.score ?? 0 };
    return {
      content: t(
        localeOf(interaction.locale),
        opened ? "tournament.challenge_yours" : done ? "tournament.challenge_counted" : "tournament.challenge_open_already",
        words,
      ),
      allowedMentions: { parse: [] },
    };
  });
}

/**
 * After an announcement was the answer to `interaction` (a reply, or the clicked message
 * updated): it becomes the event's one live announcement, and the one before it loses its
 * buttons, so no old card offers Join or Leave once sign-up has closed. Never throws (a message
 * that cannot be edited any more keeps its buttons, which then say what has changed).
 */
export async function keepAnnouncement(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
  eventId: string,
): Promise<void> {
  try {
    const shown = interaction.isMessageComponent() ? interaction.message : await interaction.fetchReply();
    const prev = await ctx.tournaments.swapAnnouncement(eventId, shown.channelId, shown.id);
    if (!prev) return;
    const channel = await interaction.client.channels.fetch(prev.channelId);
    if (channel?.isTextBased()) await channel.messages.edit(prev.messageId, { components: [] });
  } catch (e) {
    ctx.log.info(`could not tidy the previous announcement of ${eventId}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Posts the event's announcement with `note` when nobody asked for it (a scheduled event's
 * check-in opening by itself), as its one live announcement: the one before loses its buttons.
 * Never throws (logged).
 */
export async function postAnnouncement(
  client: Client,
  ctx: Pick<BotContext, "catalogue" | "tableGames" | "tournaments" | "log">,
  t: Tournament,
  note: string,
): Promise<void> {
  try {
    const channel = await client.channels.fetch(t.channelId);
    if (!channel?.isSendable()) return;
    const shown = await channel.send(announcement(ctx, t, note));
    const prev = await ctx.tournaments.swapAnnouncement(t.id, shown.channelId, shown.id);
    if (!prev) return;
    const before = await client.channels.fetch(prev.channelId);
    if (before?.isTextBased()) await before.messages.edit(prev.messageId, { components: [] });
  } catch (e) {
    ctx.log.info(`could not post the announcement of ${t.id}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The announcement's buttons: Join, Leave, Check in (the message is updated in place); Play the deal (a private reply). */
export async function tournamentComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const eventId = id.args[0] ?? "";
  if (id.verb === "tplay") return playTheDeal(interaction, eventId, ctx);
  if (TOURNAMENT_REPLAY_VERBS.has(id.verb)) return tournamentReplays(interaction, id, ctx);
  const me = seatOf(interaction);
  await respond(interaction, "update", false, async () => {
    const t =
      id.verb === "tjoin"
        ? await ctx.tournaments.join(eventId, { id: me.userId, name: me.name })
        : id.verb === "tleave"
          ? await ctx.tournaments.leave(eventId, me.userId)
          : await ctx.tournaments.checkIn(eventId, me.userId);
    return announcement(
      ctx,
      t,
      sayAt(t, `tournament.${id.verb === "tjoin" ? "signed_up" : id.verb === "tleave" ? "left_list" : "checked_in"}`, { name: me.name }),
    );
  });
  await keepAnnouncement(interaction, ctx, eventId);
}
