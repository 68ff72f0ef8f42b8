/**
 * The `start:` option of `/tournament create` (a scheduled event): suggestions while typing, each
 * the time it would start read back in the user's language (UTC), with an exact ISO time as its
 * value; the reading itself is `parseStart` (src/bot/schedule.ts), refused by `newEvent`.
 */
import type { Choice } from "../../src/bot/router.ts";
import { parseStart } from "../../src/bot/schedule.ts";
import { localeOf, t } from "../../src/i18n/index.ts";

/** Leads offered before anything is typed. */
const USUAL = ["in 30m", "in 1h", "in 2h", "in 1d", "in 7d"] as const;

/** `2026-11-27T22:00Z`: a time as the choice's value, to the minute. */
const isoMinute = (at: number) => `${new Date(at).toISOString().slice(0, 16)}Z`;

/**
 * Suggestions for `start:` while `typed` is typed at `now` (ms), in the language of the user
 * (`discordLocale`): the time typed read back, or the usual leads; a text that is no time gets
 * one line saying what is understood.
 */
export function startChoices(typed: string, discordLocale: string | null | undefined, now: number): Choice[] {
  const locale = localeOf(discordLocale);
  const when = (at: number) =>
    new Intl.DateTimeFormat(discordLocale ?? "en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "UTC",
      timeZoneName: "short",
    }).format(at);
  const choice = (text: string, at: number) => ({
    name: t(locale, "tournament.start_choice", { when: when(at), typed: text }).slice(0, 100),
    value: isoMinute(at),
  });
  if (!typed.trim()) return USUAL.map((lead) => choice(lead, parseStart(lead, now)!));
  const at = parseStart(typed, now);
  return at === null
    ? [{ name: t(locale, "tournament.start_unknown").slice(0, 100), value: typed.slice(0, 40) }]
    : [choice(typed.trim(), at)];
}

/** The `start` field of an event request, when one was given. */
export const startOption = (text: string | null) => (text ? { start: text } : {});
