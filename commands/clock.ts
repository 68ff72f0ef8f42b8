/**
 * Suggestions for a `clock:` option while typing, for every table game's `new`: what was typed,
 * read back in words (or why it is not a clock), then the usual settings that match, in the
 * language of the user typing.
 */
import { hint, type Choice } from "../src/bot/router.ts";
import { CLOCK_VALUES, clockName, parseClock } from "../src/bot/clock.ts";
import { UserError } from "../src/bot/errors.ts";
import { sayError } from "../src/bot/words.ts";
import { localeOf, t } from "../src/i18n/index.ts";

/**
 * Suggestions for `clock:` while typing: what was typed, read back in words when it is a valid
 * clock (or why not), then the usual settings that match. `discordLocale`: the user's
 * (`interaction.locale`); English when absent.
 */
export function clockChoices(typed: string, discordLocale?: string | null): Choice[] {
  const locale = localeOf(discordLocale);
  const tr = typed.trim();
  const named = CLOCK_VALUES.map((value) => ({ name: t(locale, `clock.choice_${value}`), value }));
  const usual = named.filter((c) => tr === "" || c.value.startsWith(tr.toLowerCase()) || c.name.toLowerCase().includes(tr.toLowerCase()));
  if (tr === "") return usual;
  let own: Choice;
  try {
    const clock = parseClock(tr);
    own = {
      name: clock ? t(locale, "clock.typed", { typed: tr, clock: clockName(clock) }) : t(locale, "clock.typed_off", { typed: tr }),
      value: tr,
    };
  } catch (e) {
    const why = e instanceof UserError ? sayError(e, discordLocale) : String(e);
    own = hint(why.replace(/`/g, "").slice(0, 100))[0] as Choice;
  }
  return [own, ...usual.filter((c) => c.value !== tr)];
}
