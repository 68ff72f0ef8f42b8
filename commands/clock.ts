/**
 * Suggestions for a `clock:` option while typing, for every table game's `new`: what was typed,
 * read back in words (or why it is not a clock), then the usual settings that match.
 */
import { hint, type Choice } from "../src/bot/router";
import { CLOCK_CHOICES, clockName, parseClock } from "../src/bot/clock";

/**
 * Suggestions for `clock:` while typing: what was typed, read back in words when it is a valid
 * clock (or why not), then the usual settings that match.
 */
export function clockChoices(typed: string): Choice[] {
  const t = typed.trim();
  const usual = CLOCK_CHOICES.filter(
    (c) => t === "" || c.value.startsWith(t.toLowerCase()) || c.name.toLowerCase().includes(t.toLowerCase()),
  );
  if (t === "") return [...usual];
  let own: Choice;
  try {
    own = { name: `${t}: ${clockName(parseClock(t))} a turn`.replace("off a turn", "no clock"), value: t };
  } catch (e) {
    own = hint((e as Error).message.replace(/`/g, "").slice(0, 100))[0] as Choice;
  }
  return [own, ...usual.filter((c) => c.value !== t)];
}
