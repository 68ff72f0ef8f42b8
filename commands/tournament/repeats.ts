/**
 * Recurring events: `/tournament create … start: every:` saves a template and makes the first
 * occurrence; `/tournament repeats` lists the server's templates, `repeat-stop` stops one and
 * `repeat-edit` changes what the occurrences created from then on are made with (organisers).
 * The service side: `TournamentService.createRepeating`, `changeTemplate` (src/bot/tournaments.ts).
 */
import type { ChatInputCommandInteraction, SlashCommandSubcommandBuilder } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { respond } from "../../src/bot/reply.ts";
import type { Choice } from "../../src/bot/router.ts";
import { REPEAT_DAYS, type EventTemplate } from "../../src/bot/tournaments.ts";
import { localeOf, t, type Locale } from "../../src/i18n/index.ts";
import { editedRequest } from "../../src/bot/tournament-rules.ts";
import { mustOrganise } from "./access.ts";
import { gameNameIn } from "./messages.ts";

/** The recurring events' subcommands, by name. */
export const REPEAT_SUBCOMMANDS = new Set(["repeats", "repeat-stop", "repeat-edit"]);

/** `/tournament create`'s `every:` choices: how often an event comes back. */
export const everyChoices = () =>
  REPEAT_DAYS.map((d) => ({ name: d === 1 ? "every day" : d === 7 ? "every week" : "every two weeks", value: d }));

/** How often a template comes back, in `locale`. */
const everyText = (locale: Locale, days: number) => t(locale, `tournament.every_${days}`);

const templateOption = (o: import("discord.js").SlashCommandStringOption) =>
  o.setName("template").setDescription("Which recurring event").setRequired(true).setAutocomplete(true);

/** The builders of `repeats`, `repeat-stop` and `repeat-edit`. */
export const repeatSubcommands = [
  (s: SlashCommandSubcommandBuilder) => s.setName("repeats").setDescription("This server's recurring events"),
  (s: SlashCommandSubcommandBuilder) =>
    s.setName("repeat-stop").setDescription("Stop a recurring event (organisers)").addStringOption(templateOption),
  (s: SlashCommandSubcommandBuilder) =>
    s
      .setName("repeat-edit")
      .setDescription("Change a recurring event's next ones (organisers)")
      .addStringOption(templateOption)
      .addStringOption((o) => o.setName("name").setDescription("Its name").setMaxLength(60))
      .addIntegerOption((o) => o.setName("rounds").setDescription("Rounds").setMinValue(1).setMaxValue(20))
      .addIntegerOption((o) => o.setName("check-in").setDescription("Minutes of check-in before round 1").setMinValue(0).setMaxValue(120)),
];

/** One template in a line: its name, game, how often, the newest occurrence's start, and whether it stopped. */
function templateLine(ctx: BotContext, x: EventTemplate, locale: Locale): string {
  return t(locale, x.stopped ? "tournament.repeat_line_stopped" : "tournament.repeat_line", {
    name: x.name,
    game: gameNameIn(locale, ctx.catalogue, x.request.game),
    every: everyText(locale, x.everyDays),
    next: `<t:${Math.floor(x.next / 1000)}:F>`,
    count: x.occurrences.length,
  });
}

/** Runs `/tournament repeats|repeat-stop|repeat-edit`: answers privately in the reader's language. */
export async function runRepeat(sub: string, interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const locale = localeOf(interaction.locale);
  if (sub === "repeats")
    return respond(interaction, "reply", true, async () => {
      const all = await ctx.tournaments.templates(interaction.guildId);
      const lines = all.map((x) => templateLine(ctx, x, locale));
      return {
        content: (lines.length ? lines.join("\n") : t(locale, "tournament.repeats_none")).slice(0, 2000),
        allowedMentions: { parse: [] },
      };
    });
  await mustOrganise(interaction, ctx);
  const id = interaction.options.getString("template", true);
  return respond(interaction, "reply", true, async () => {
    if (sub === "repeat-stop") {
      const x = await ctx.tournaments.changeTemplate(interaction.guildId, id, (y) => ({ ...y, stopped: true }));
      return { content: t(locale, "tournament.repeat_stopped", { name: x.name }), allowedMentions: { parse: [] } };
    }
    const name = interaction.options.getString("name")?.trim();
    const rounds = interaction.options.getInteger("rounds");
    const checkIn = interaction.options.getInteger("check-in");
    const x = await ctx.tournaments.changeTemplate(interaction.guildId, id, (y) => ({
      ...y,
      ...(name ? { name } : {}),
      request: editedRequest(y.request, rounds, checkIn),
    }));
    return { content: t(locale, "tournament.repeat_edited", { line: templateLine(ctx, x, locale) }), allowedMentions: { parse: [] } };
  });
}

/** Suggestions for `template:`: the server's templates whose name holds what is typed. */
export async function templateChoices(
  interaction: { readonly guildId: string | null; readonly locale: string },
  ctx: BotContext,
  typed: string,
): Promise<Choice[]> {
  const locale = localeOf(interaction.locale);
  return (await ctx.tournaments.templates(interaction.guildId))
    .filter((x) => x.name.toLowerCase().includes(typed.toLowerCase()))
    .slice(0, 25)
    .map((x) => ({
      name: `${x.name} · ${everyText(locale, x.everyDays)}${x.stopped ? ` · ${t(locale, "tournament.repeat_stopped_mark")}` : ""}`.slice(
        0,
        100,
      ),
      value: x.id,
    }));
}
