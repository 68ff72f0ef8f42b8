/**
 * `/tournament seeds [player: with:]`: an event's seeds before its start, as round 1 will fix
 * them (by rating in its game, then the organisers' swaps: `seedOrder`), with a warning for
 * entrants who have no rating yet; an organiser names two entrants to swap their seeds
 * (docs/rules/tournaments.md, "Seeds"). After the start it shows the seeds as they were fixed.
 */
import type { BaseMessageOptions, ChatInputCommandInteraction, SlashCommandSubcommandBuilder } from "discord.js";
import { commandRef } from "../../src/bot/command-ids.ts";
import type { BotContext } from "../../src/bot/context.ts";
import { respond } from "../../src/bot/reply.ts";
import type { Tournament } from "../../src/bot/tournament-record.ts";
import { seedOrder, seedsSwapped } from "../../src/bot/tournament-rules.ts";
import { refuse, sayAt } from "../../src/bot/words.ts";
import { localeOf, t as translate, type Locale } from "../../src/i18n/index.ts";
import { mustOrganise, eventOption } from "./access.ts";
import { gameNameIn, nameOf } from "./messages.ts";

/** Seeds listed by name (the rest counted): a message stays well inside Discord's 2,000 characters. */
const LISTED = 40;

/** The builder of `/tournament seeds`. */
export const seedsSubcommand = (s: SlashCommandSubcommandBuilder) =>
  s
    .setName("seeds")
    .setDescription("The seeds by rating before the start; organisers swap two")
    .addUserOption((o) => o.setName("player").setDescription("Organisers: one of two entrants to swap"))
    .addUserOption((o) => o.setName("with").setDescription("The entrant whose seed they take"))
    .addStringOption(eventOption);

/**
 * The seeds of `t` in `locale`: one line each (name, rating or "unrated"), how they are made,
 * and the warning when some entrants are unrated (before the start only).
 */
export function seedsMessage(ctx: BotContext, t: Tournament, ratings: ReadonlyMap<string, number>, locale: Locale): BaseMessageOptions {
  const fixed = t.order !== undefined;
  const order = t.order ?? seedOrder(t, ratings).filter((p) => t.entrants.some((e) => e.id === p && !e.dropped));
  const unrated = order.filter((p) => !ratings.has(p));
  const lines = order.slice(0, LISTED).map((p, i) => {
    const r = ratings.get(p);
    return `${i + 1}. ${nameOf(t, p)} · ${r === undefined ? `${translate(locale, "tournament.seeds_unrated")} ⚠` : Math.round(r)}`;
  });
  const more = order.length > LISTED ? [`… +${order.length - LISTED}`] : [];
  const how = fixed
    ? translate(locale, "tournament.seeds_fixed")
    : translate(locale, "tournament.seeds_by_rating", {
        game: gameNameIn(locale, ctx.catalogue, t.game),
        cmd: commandRef(locale, "tournament seeds", t.guildId),
      });
  const warning = !fixed && unrated.length ? [translate(locale, "tournament.seeds_warning", { n: unrated.length })] : [];
  return {
    content: [`**${translate(locale, "tournament.seeds_title", { name: t.name })}**`, how, ...lines, ...more, ...warning]
      .join("\n")
      .slice(0, 2000),
    allowedMentions: { parse: [] },
  };
}

/**
 * Runs `/tournament seeds`: without names, the seeds (privately); with `player:` and `with:`, an
 * organiser's swap (refused after the start: `seedsSwapped`), said publicly with the new seeds.
 */
export async function runSeeds(interaction: ChatInputCommandInteraction, ctx: BotContext, t: Tournament): Promise<void> {
  const a = interaction.options.getUser("player");
  const b = interaction.options.getUser("with");
  const ratings = await ctx.ratings.shown(t.guildId, t.game);
  if (!a && !b) {
    await respond(interaction, "reply", true, async () => seedsMessage(ctx, t, ratings, localeOf(interaction.locale)));
    return;
  }
  if (!a || !b) throw refuse("tournament/seeds_pair");
  await mustOrganise(interaction, ctx, t);
  await respond(interaction, "reply", false, async () => {
    const after = await ctx.tournaments.amend(t.id, (x) => seedsSwapped(x, a.id, b.id));
    const seeds = seedsMessage(ctx, after, ratings, after.locale ?? "en");
    const note = sayAt(after, "tournament.seeds_swapped", {
      name: after.name,
      by: `<@${interaction.user.id}>`,
      a: nameOf(after, a.id),
      b: nameOf(after, b.id),
    });
    return { ...seeds, content: `${note}\n${seeds.content ?? ""}`.slice(0, 2000) };
  });
}
