/**
 * Guild Scheduled Events as Discord keeps them
 * (https://discord.com/developers/docs/resources/guild-scheduled-event): list, create, get,
 * modify, delete, with Discord's own refusals beyond the body's shape (which `spec.ts` judges):
 * - `privacy_level` must be 2 (guild only);
 * - an external event (`entity_type` 3) needs `entity_metadata.location` (1-100 characters) and
 *   a `scheduled_end_time`, and takes no `channel_id`; stage and voice events need a stage or
 *   voice channel, which the stand-in has none of;
 * - the start must be in the future and the end after the start;
 * - at most 100 events a guild (30038);
 * - status moves only scheduled → active or cancelled, active → completed; a finished event
 *   cannot be changed (180000).
 */
import { HttpError } from "./http-error.ts";
import { LimitError } from "./limits.ts";
import { PERMS } from "./objects.ts";
import { snowflake } from "./snowflake.ts";

/** What the routes need of the stand-in: its guilds, the bot user, and the events kept (by id). */
export interface ScheduledEventsHost {
  readonly guilds: readonly { readonly id: string }[];
  /** The bot's server-wide permissions (a bit set of `PERMS`). */
  botGuildPermissions(): bigint;
  readonly botUser: Record<string, unknown>;
  readonly scheduledEvents: Map<string, Record<string, unknown>>;
}

/** Most scheduled events a guild may have. */
export const MAX_SCHEDULED_EVENTS = 100;

/** Status moves Discord allows: from each status, the ones it may go to. */
const MOVES: Readonly<Record<number, readonly number[]>> = { 1: [2, 4], 2: [3], 3: [], 4: [] };

const timeOf = (v: unknown, path: string): number => {
  const at = typeof v === "string" ? Date.parse(v) : Number.NaN;
  if (Number.isNaN(at)) throw new LimitError(path, "Invalid ISO8601 timestamp");
  return at;
};

/** Discord's checks on an event as it would be after a create or a modify (`was`: before a modify). */
function check(e: Record<string, unknown>, was?: Record<string, unknown>): void {
  if (e.privacy_level !== 2) throw new LimitError("privacy_level", "Value must be one of {2}.");
  const start = timeOf(e.scheduled_start_time, "scheduled_start_time");
  if (!was && start <= Date.now()) throw new LimitError("scheduled_start_time", "Cannot schedule event in the past.");
  if (e.entity_type === 3) {
    const location = (e.entity_metadata as { location?: unknown } | null | undefined)?.location;
    if (typeof location !== "string" || location.length < 1 || location.length > 100)
      throw new LimitError("entity_metadata.location", "This field is required for external events (1-100 characters).");
    if (e.scheduled_end_time == null) throw new LimitError("scheduled_end_time", "This field is required for external events.");
    if (e.channel_id != null) throw new LimitError("channel_id", "External events take no channel.");
  } else throw new LimitError("channel_id", "Stage and voice events need a stage or voice channel.");
  if (e.scheduled_end_time != null && timeOf(e.scheduled_end_time, "scheduled_end_time") <= start)
    throw new LimitError("scheduled_end_time", "The end must be after the start.");
}

/**
 * Answers `method` on `seg` (the route's segments) when it is a scheduled-events route; undefined
 * otherwise (the caller goes on to its other routes). The answer is the event (or list), or null
 * for 204.
 */
export function scheduledEventRoute(
  host: ScheduledEventsHost,
  method: string,
  seg: readonly string[],
  body: Record<string, unknown>,
): { readonly answer: unknown } | undefined {
  if (seg[0] !== "guilds" || seg[2] !== "scheduled-events" || seg.length > 4) return undefined;
  const guildId = seg[1] as string;
  if (!host.guilds.some((g) => g.id === guildId)) throw new HttpError(404, 10004, "Unknown Guild");
  const ofGuild = [...host.scheduledEvents.values()].filter((e) => e.guild_id === guildId);
  if (seg.length === 3) {
    if (method === "GET") return { answer: ofGuild };
    if (method !== "POST") return undefined;
    // Since 2026-02-23 creating an event needs Create Events (split from Manage Events).
    if (!(host.botGuildPermissions() & (PERMS.CREATE_EVENTS | PERMS.MANAGE_EVENTS))) throw new HttpError(403, 50013, "Missing Permissions");
    const live = ofGuild.filter((e) => e.status === 1 || e.status === 2);
    if (live.length >= MAX_SCHEDULED_EVENTS) throw new HttpError(400, 30038, "Maximum number of guild scheduled events reached (100)");
    const made: Record<string, unknown> = {
      id: snowflake(),
      guild_id: guildId,
      channel_id: null,
      creator_id: host.botUser.id,
      creator: host.botUser,
      name: body.name,
      description: body.description ?? null,
      image: null,
      scheduled_start_time: body.scheduled_start_time,
      scheduled_end_time: body.scheduled_end_time ?? null,
      status: 1,
      privacy_level: body.privacy_level,
      entity_type: body.entity_type,
      entity_id: null,
      entity_metadata: body.entity_metadata ?? null,
      user_count: 0,
      recurrence_rule: null,
    };
    check(made);
    host.scheduledEvents.set(made.id as string, made);
    return { answer: made };
  }
  const e = host.scheduledEvents.get(seg[3] as string);
  if (!e || e.guild_id !== guildId) throw new HttpError(404, 10070, "Unknown Guild Scheduled Event");
  if (method === "GET") return { answer: e };
  if (method === "DELETE") {
    host.scheduledEvents.delete(e.id as string);
    return { answer: null };
  }
  if (method !== "PATCH") return undefined;
  const from = e.status as number;
  if (from === 3 || from === 4) throw new HttpError(400, 180000, "Cannot update a finished event");
  const next = { ...e, ...body, status: body.status ?? from };
  if (next.status !== from && !MOVES[from]?.includes(next.status as number))
    throw new LimitError("status", `A scheduled event cannot go from status ${from} to ${String(next.status)}.`);
  check(next, e);
  host.scheduledEvents.set(e.id as string, next);
  return { answer: next };
}
