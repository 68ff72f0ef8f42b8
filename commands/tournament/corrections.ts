/**
 * What organisers do to a table after the fact: `/tournament end-table` (end a game as it
 * stands), `/tournament correct places:` (a table's recorded places, in its thread) and
 * `/tournament swap player: with:` (two entrants' seats, before the round's first move). Each
 * change is said in the event's channel and kept for the export (src/bot/tournaments.ts).
 */
import type { AutocompleteInteraction, ChatInputCommandInteraction, SlashCommandSubcommandBuilder } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { UserError } from "../../src/bot/errors.ts";
import { respond } from "../../src/bot/reply.ts";
import type { Choice } from "../../src/bot/router.ts";
import { parsePlaces } from "../../src/bot/tournament-rules.ts";
import { localeOf, t as translate } from "../../src/i18n/index.ts";
import { eventOf, eventOption, mustOrganise } from "./access.ts";
import { correctedAtDesk, tableOfDesk } from "./flags.ts";
import { nameOf } from "./messages.ts";

/** The subcommands of this module. */
export const TABLE_FIXES: ReadonlySet<string> = new Set(["end-table", "correct", "swap"]);

/** The builders of `end-table`, `correct` and `swap`, in that order. */
export const tableFixSubcommands: readonly ((s: SlashCommandSubcommandBuilder) => SlashCommandSubcommandBuilder)[] = [
  (s) => s.setName("end-table").setDescription("In a table's thread: end its game and score it as it stands (organisers)"),
  (s) =>
    s
      .setName("correct")
      .setDescription("In a table's or its flag's thread: set or correct its places (organisers)")
      .addStringOption((o) =>
        o
          .setName("places")
          .setDescription("Each seat's place in seat order, e.g. 2 1 3 4")
          .setRequired(true)
          .setMaxLength(40)
          .setAutocomplete(true),
      )
      .addStringOption((o) => o.setName("reason").setDescription("Why (kept in the export and said)").setMaxLength(200)),
  (s) =>
    s
      .setName("swap")
      .setDescription("Swap two players' seats before the round's first move (organisers)")
      .addUserOption((o) => o.setName("player").setDescription("One player").setRequired(true))
      .addUserOption((o) => o.setName("with").setDescription("The player at another table").setRequired(true))
      .addStringOption(eventOption),
];

/**
 * The event and the table of this thread (a table's, or its flag's desk: the flagged table's),
 * with the table's thread; or a clear refusal.
 */
async function tableHere(interaction: ChatInputCommandInteraction | AutocompleteInteraction, ctx: BotContext) {
  const t = await ctx.tournaments.ofThread(interaction.channelId);
  if (!t) throw new UserError("tournament/no_table", "Use this in a tournament table's thread.");
  const threadId = tableOfDesk(t, interaction.channelId) ?? interaction.channelId;
  const table = t.played.flatMap((r) => r.tables).find((x) => x.threadId === threadId);
  return { t, table, threadId };
}

/**
 * Suggestions for `places:` in a table's thread, in the typing user's language: the places
 * typed read back by name (`Correct to: Ada 2, Ben 1`), the recorded ones (`Now: …`), else how to
 * type them (the seat order and an example).
 */
export async function placeChoices(interaction: AutocompleteInteraction, ctx: BotContext): Promise<Choice[]> {
  const locale = localeOf(interaction.locale);
  const { t, table } = await tableHere(interaction, ctx).catch(() => ({ t: undefined, table: undefined }));
  // A flagged game still being played: its seats, first to last as they sit.
  const result = table?.result ?? (table && { players: table.players, places: table.players.map((_, i) => i + 1) });
  if (!t || !result) return [];
  const line = (places: readonly number[]) => result.players.map((p, i) => `${nameOf(t, p)} ${places[i]}`).join(", ");
  const typed = String(interaction.options.getFocused());
  const places = parsePlaces(typed, result.players.length);
  // "Now:" only for a recorded result: a game still played has no places yet.
  const now = table?.result
    ? [{ name: translate(locale, "tournament.places_now", { line: line(result.places) }).slice(0, 100), value: result.places.join(" ") }]
    : [];
  if (places)
    return [
      {
        name: translate(locale, table?.result ? "tournament.places_typed" : "tournament.places_end", { line: line(places) }).slice(0, 100),
        value: places.join(" "),
      },
      ...now,
    ];
  const example = result.places.slice().reverse().join(" ");
  const names = result.players.map((p) => nameOf(t, p)).join(", ");
  return [...now, { name: translate(locale, "tournament.places_help", { names, example }).slice(0, 100), value: example }];
}

/** Runs `end-table`, `correct` or `swap` (organisers only). */
export async function runTableFix(sub: string, interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  if (sub === "swap") {
    const t = await eventOf(interaction, ctx);
    await mustOrganise(interaction, ctx, t);
    const [a, b] = [interaction.options.getUser("player", true).id, interaction.options.getUser("with", true).id];
    await respond(interaction, "reply", true, async () => {
      await ctx.tournaments.swap(t.id, a, b, interaction.user.id);
      return { content: translate(localeOf(interaction.locale), "tournament.swapped"), allowedMentions: { parse: [] } };
    });
    return;
  }
  const { t, table, threadId } = await tableHere(interaction, ctx);
  await mustOrganise(interaction, ctx, t);
  if (sub === "correct") {
    const places = interaction.options.getString("places", true);
    const reason = interaction.options.getString("reason") ?? undefined;
    // A game still being played ends with these places (TournamentService.correct).
    const key = table && !table.result ? "tournament.ended_with_places" : "tournament.corrected";
    await respond(interaction, "reply", true, async () => {
      await ctx.tournaments.correct(t.id, threadId, places, interaction.user.id, reason);
      await correctedAtDesk(ctx, t.id, threadId, interaction.user.id);
      return { content: translate(localeOf(interaction.locale), key), allowedMentions: { parse: [] } };
    });
    return;
  }
  await respond(interaction, "reply", false, async () => {
    await ctx.tournaments.endTable(t.id, threadId, interaction.user.id);
    await correctedAtDesk(ctx, t.id, threadId, interaction.user.id);
    return { content: translate(t.locale ?? "en", "tournament.ended_table"), allowedMentions: { parse: [] } };
  });
}
