/**
 * When a scheduled event starts, as organisers type it (`/tournament create start:`), and the
 * Guild Scheduled Event that shows it in the server's events list
 * (https://discord.com/developers/docs/resources/guild-scheduled-event).
 */
import parseDuration from "parse-duration";

/** The furthest ahead an event may be scheduled (ms): a year. */
export const LONGEST_LEAD_MS = 365 * 24 * 3_600_000;

/**
 * A start time (ms since the epoch) from what an organiser typed at `now` (ms): a Discord
 * timestamp (`<t:1767290400:F>`, as the client's timestamp picker writes it, or its bare
 * seconds), a duration from now (`in 2h`, `90m`, `1h30m`, read by parse-duration), or an ISO
 * 8601 time (`2026-12-01T18:00Z`; without a zone it is UTC). Null when it is none of these.
 */
export function parseStart(text: string, now: number): number | null {
  const s = text.trim();
  const stamp = /^(?:<t:)?(\d{9,11})(?::[tTdDfFR])?>?$/.exec(s);
  if (stamp) return Number(stamp[1]) * 1000;
  if (/^\d{4}-\d{2}-\d{2}/.test(s)) {
    const iso = s.replace(" ", "T");
    const at = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) || !iso.includes("T") ? iso : `${iso}Z`);
    return Number.isNaN(at) ? null : at;
  }
  const lead = parseDuration(s.replace(/^in\s+/i, ""));
  return typeof lead === "number" && lead > 0 && isTime(now + lead) ? now + lead : null;
}

/** The latest moment a JavaScript Date holds, ms since the epoch (ECMA-262, "Time Values and Time Range"). */
const LAST_TIME = 8.64e15;

/** Whether `at` (ms) is a moment a Date can hold: a lead typed as `1e20y` or `Infinity` is none. */
const isTime = (at: number) => Number.isFinite(at) && Math.abs(at) <= LAST_TIME;

/** Guild Scheduled Event statuses (https://discord.com/developers/docs/resources/guild-scheduled-event#guild-scheduled-event-object-guild-scheduled-event-status). */
export const SCHEDULED_EVENT_STATUS = { scheduled: 1, active: 2, completed: 3, canceled: 4 } as const;
