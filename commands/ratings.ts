/**
 * `/stats [user] [game]` and `/ratings [game]`: the server's ratings (src/bot/ratings.ts), as
 * top-level commands since they span every game. Ratings are shown on a 1500 scale
 * (`shownRating`), marked provisional under 10 rated games. Public answers: a rating is no
 * secret, and a leaderboard is meant to be seen.
 */
import { SERVERS } from "../src/surfaces/answers/chains.ts";
import { recordLine } from "./history.ts";
import { AttachmentBuilder, EmbedBuilder, SlashCommandBuilder } from "discord.js";
import { renderPicture } from "../render/pool.ts";
import type { StatsBlock } from "../render/stats.ts";
import type { BotContext } from "../src/bot/context.ts";
import { respond } from "../src/bot/reply.ts";
import { PROVISIONAL_GAMES, START_RATING, shownRating, type PlayerRating } from "../src/bot/ratings.ts";
import type { Command } from "../src/bot/router.ts";
import type { GameCatalogue } from "../src/games/catalogue.ts";
import { hasMessage, t, type Locale } from "../src/i18n/index.ts";

const gameChoices = (games: GameCatalogue) => games.rated.map((g) => ({ name: g.name, value: g.key }));
/** A rated game's name as `locale` says it (its words' `gamename.<key>`), else its English name. */
const nameOf = (games: GameCatalogue, key: string, locale: Locale = "en") =>
  hasMessage(`gamename.${key}`) ? t(locale, `gamename.${key}`) : (games.ratedGame(key)?.name ?? key);

/** "1623" or "1548 (provisional)", in `locale`. */
function ratingText(r: PlayerRating, locale: Locale): string {
  return `${shownRating(r)}${r.games < PROVISIONAL_GAMES ? t(locale, "ratings.provisional_mark") : ""}`;
}

/** What the numbers mean, under every ratings answer. */
const ratingFooter = (locale: Locale) => t(locale, "ratings.footer", { start: START_RATING, n: PROVISIONAL_GAMES });

/** "1st of 3", "2e sur 3", "2. von 3": a place with its ordinal as `locale` writes it. */
function placeText(place: number, of: number, locale: Locale): string {
  const english = () => {
    const last = place % 10;
    const teen = place % 100 >= 11 && place % 100 <= 13;
    return `${place}${teen ? "th" : (["th", "st", "nd", "rd"][last] ?? "th")}`;
  };
  const ordinal = {
    en: english,
    fr: () => (place === 1 ? "1er" : `${place}e`),
    de: () => `${place}.`,
    es: () => `${place}.º`,
    "pt-BR": () => `${place}º`,
  }[locale]();
  return t(locale, "ratings.place_of", { place: ordinal, of });
}

/** `games`, `wins` with their words in `locale`. */
const counts = (locale: Locale, games: number, wins: number) => ({
  games: t(locale, "ratings.games", { count: games }),
  wins: t(locale, "ratings.wins", { count: wins }),
});

/** `/stats`, its `game:` choices the rated games of `games`. */
export const statsCommand = (games: GameCatalogue): Command<BotContext> => ({
  data: new SlashCommandBuilder()
    .setName("stats")
    .setDescription("A player's ratings, games, wins and recent results in this server")
    .setContexts(...SERVERS.contexts)
    .setIntegrationTypes(...SERVERS.integrationTypes)
    .addUserOption((o) => o.setName("user").setDescription("Whose (default: yours)"))
    .addStringOption((o) =>
      o
        .setName("game")
        .setDescription("One game only (default: every game played)")
        .addChoices(...gameChoices(games)),
    ),

  async execute(interaction, ctx) {
    const user = interaction.options.getUser("user") ?? interaction.user;
    const game = interaction.options.getString("game");
    // A public answer: in the server's language, as its tables.
    const locale = await ctx.settings.languageOf(interaction.guildId, interaction.guildLocale);
    const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `ratings.${key}`, params);
    await respond(interaction, "reply", false, async () => {
      const rows = await ctx.ratings.player(interaction.guildId, user.id, game ? [game] : games.rated.map((g) => g.key));
      const who = user.globalName ?? user.username;
      if (rows.length === 0) {
        const none = say("none_player", { who, of: game ? say("of_game", { game: nameOf(games, game, locale) }) : "" });
        // No rated game yet: the games played here, each marked with why it was not rated.
        const played = game ? [] : (await ctx.records.page(interaction.guildId, { userId: user.id, limit: 10 })).records;
        if (!played.length) return { content: none, allowedMentions: { parse: [] } };
        const lines = played.map((r) => {
          const people = r.seats.filter((s) => !s.computer).length;
          const why = r.ended !== "rules" ? say("unrated_closed") : people < 2 ? say("unrated_alone") : say("rated_mark");
          return `${recordLine(ctx, r, locale)} · *${why}*`;
        });
        const embed = new EmbedBuilder()
          .setTitle(say("played_title", { who }))
          .setColor(0x2e7d32)
          .setDescription(`${lines.join("\n")}\n\n${none}`.slice(0, 4000));
        return { embeds: [embed], allowedMentions: { parse: [] } };
      }
      const embed = new EmbedBuilder().setTitle(say("title", { who })).setColor(0x2e7d32);
      for (const { game: key, rating: r, rank, of } of rows) {
        const recent = r.recent
          .slice()
          .reverse()
          .map((x) => `${placeText(x.place, x.of, locale)} (${x.delta >= 0 ? "+" : ""}${x.delta}) <t:${Math.floor(x.at / 1000)}:R>`)
          .join("\n");
        embed.addFields({
          name: nameOf(games, key, locale),
          value: `${say("field", { rating: ratingText(r, locale), rank, of, ...counts(locale, r.games, r.wins) })}\n${recent}`,
        });
      }
      embed.setFooter({ text: ratingFooter(locale) });
      // The same as a picture: each game's rating over time, games, wins and peak.
      const blocks: StatsBlock[] = [];
      for (const { game: key, rating: r, rank, of } of rows) {
        const history = await ctx.ratings.history(interaction.guildId, key, user.id);
        const now = shownRating(r);
        blocks.push({
          game: nameOf(games, key, locale),
          rating: now,
          provisional: r.games < PROVISIONAL_GAMES,
          rank,
          of,
          games: r.games,
          wins: r.wins,
          peak: Math.max(history?.peak ?? now, now),
          points: history?.points.map((p) => p.rating) ?? [START_RATING, now],
        });
      }
      const png = await renderPicture({ kind: "stats", title: say("title", { who }), blocks, locale });
      const alt = blocks
        .map((b) => say("alt_item", { game: b.game, rating: b.rating, peak: b.peak, ...counts(locale, b.games, b.wins) }))
        .join("; ");
      embed.setImage("attachment://stats.png");
      return {
        embeds: [embed],
        files: [new AttachmentBuilder(png, { name: "stats.png", description: say("alt", { list: alt }).slice(0, 1024) })],
        allowedMentions: { parse: [] },
      };
    });
  },
});

/** `/ratings`, its `game:` choices the rated games of `games`. */
export const ratingsCommand = (games: GameCatalogue): Command<BotContext> => ({
  data: new SlashCommandBuilder()
    .setName("ratings")
    .setDescription("This server's best players in a game")
    .setContexts(...SERVERS.contexts)
    .setIntegrationTypes(...SERVERS.integrationTypes)
    .addStringOption((o) =>
      o
        .setName("game")
        .setDescription(`Which game (default ${games.rated[0]?.name ?? "the first"})`)
        .addChoices(...gameChoices(games)),
    ),

  async execute(interaction, ctx) {
    const game = interaction.options.getString("game") ?? games.rated[0]?.key ?? "";
    const locale = await ctx.settings.languageOf(interaction.guildId, interaction.guildLocale);
    const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `ratings.${key}`, params);
    await respond(interaction, "reply", false, async () => {
      const top = await ctx.ratings.top(interaction.guildId, game, 10);
      if (top.length === 0) return { content: say("nobody", { game: nameOf(games, game, locale) }), allowedMentions: { parse: [] } };
      const lines = top.map((r, i) =>
        say("line", { i: i + 1, name: r.name, rating: ratingText(r, locale), ...counts(locale, r.games, r.wins) }),
      );
      const embed = new EmbedBuilder()
        .setTitle(say("best", { game: nameOf(games, game, locale) }))
        .setDescription(lines.join("\n"))
        .setColor(0x2e7d32)
        .setFooter({ text: ratingFooter(locale) });
      return { embeds: [embed], allowedMentions: { parse: [] } };
    });
  },
});
