/**
 * A scheduled tournament's Guild Scheduled Event, through the client: created when the event is
 * (external, its location the event's channel, `SCHEDULED_EVENT_STATUS.scheduled`), then moved
 * to active at the start and to completed or cancelled with the event, as Discord allows
 * (https://discord.com/developers/docs/resources/guild-scheduled-event#modify-guild-scheduled-event:
 * scheduled to active or cancelled; active to completed). Failures are logged, never thrown:
 * the tournament runs without the listing (the bot may lack Create Events).
 */
import { GuildScheduledEventEntityType, GuildScheduledEventPrivacyLevel, type Client, type GuildScheduledEventStatus } from "discord.js";
import type { Logger } from "./logger.ts";
import type { Tournament } from "./tournament-record.ts";
import { sayAt } from "./words.ts";

/** How long a scheduled event is listed for (Discord needs an end for an external event): half an hour a round, at least an hour, ms. */
export const listedLength = (t: Tournament) => Math.max(60, t.rounds * 30) * 60_000;

/** The two calls tournaments make (`TournamentHost.scheduleEvent`, `scheduledEventStatus`) for `client`. */
export function scheduledEvents(client: Client, log: Logger) {
  return {
    async scheduleEvent(t: Tournament): Promise<string | null> {
      if (!t.guildId || t.startsAt === undefined) return null;
      try {
        const guild = await client.guilds.fetch(t.guildId);
        const made = await guild.scheduledEvents.create({
          name: t.name.slice(0, 100),
          description: sayAt(t, "tournament.scheduled_description", { channel: `<#${t.channelId}>` }).slice(0, 1000),
          scheduledStartTime: new Date(t.startsAt),
          scheduledEndTime: new Date(t.startsAt + listedLength(t)),
          privacyLevel: GuildScheduledEventPrivacyLevel.GuildOnly,
          entityType: GuildScheduledEventEntityType.External,
          entityMetadata: { location: `https://discord.com/channels/${t.guildId}/${t.channelId}` },
          reason: `tournament ${t.id}`,
        });
        return made.id;
      } catch (e) {
        log.info(`could not list tournament ${t.id} in the server's events: ${e instanceof Error ? e.message : String(e)}`);
        return null;
      }
    },
    async scheduledEventStatus(t: Tournament, status: number): Promise<void> {
      if (!t.guildId || !t.scheduledEventId) return;
      try {
        const guild = await client.guilds.fetch(t.guildId);
        await guild.scheduledEvents.edit(t.scheduledEventId, {
          status: status as GuildScheduledEventStatus.Active | GuildScheduledEventStatus.Completed | GuildScheduledEventStatus.Canceled,
        });
      } catch (e) {
        log.info(`could not update tournament ${t.id}'s server event: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
  };
}
