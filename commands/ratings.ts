/**
 * `/stats [user] [game]` and `/ratings [game]`: the server's ratings (src/bot/ratings.ts), as
 * top-level commands since they span every game. Ratings are shown on a 1500 scale
 * (`shownRating`), marked provisional under 10 rated games. Public answers: a rating is no
 * secret, and a leaderboard is meant to be seen.
 */
import { AttachmentBuilder, EmbedBuilder, SlashCommandBuilder } from "discord.js";
import { renderPicture } from "../render/pool";
import type { StatsBlock } from "../render/stats";
import type { BotContext } from "../src/bot/context";
import { respond } from "../src/bot/reply";
import { PROVISIONAL_GAMES, START_RATING, shownRating, type PlayerRating } from "../src/bot/ratings";
import type { Command } from "../src/bot/router";
import type { GameCatalogue } from "../src/games/catalogue";

const gameChoices = (games: GameCatalogue) => games.rated.map((g) => ({ name: g.name, value: g.key }));
const nameOf = (games: GameCatalogue, key: string) => games.ratedGame(key)?.name ?? key;

/** "1623" or "1548 (provisional)". */
function ratingText(r: PlayerRating): string {
  return `${shownRating(r)}${r.games < PROVISIONAL_GAMES ? " (provisional)" : ""}`;
}

/** What the numbers mean, under every ratings answer. */
const RATING_FOOTER = `Ratings start at ${START_RATING}; provisional under ${PROVISIONAL_GAMES} games (listed after established ones). Only finished games between people count: games closed with end, and games against computers alone, are not rated.`;

/** "1st of 3", "2nd of 2". */
function placeText(place: number, of: number): string {
  const suffix =
    place % 10 === 1 && place % 100 !== 11
      ? "st"
      : place % 10 === 2 && place % 100 !== 12
        ? "nd"
        : place % 10 === 3 && place % 100 !== 13
          ? "rd"
          : "th";
  return `${place}${suffix} of ${of}`;
}

/** `/stats`, its `game:` choices the rated games of `games`. */
export const statsCommand = (games: GameCatalogue): Command<BotContext> => ({
  data: new SlashCommandBuilder()
    .setName("stats")
    .setDescription("A player's ratings, games, wins and recent results in this server")
    .setDMPermission(false)
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
    await respond(interaction, "reply", false, async () => {
      const rows = await ctx.ratings.player(interaction.guildId, user.id, game ? [game] : games.rated.map((g) => g.key));
      const who = user.globalName ?? user.username;
      if (rows.length === 0) {
        return {
          content: `${who} has no rated game${game ? ` of ${nameOf(games, game)}` : ""} in this server yet. Finished games between people count (games against computers count only between the people; games closed with \`end\` are not rated).`,
          allowedMentions: { parse: [] },
        };
      }
      const embed = new EmbedBuilder().setTitle(`${who}: ratings in this server`).setColor(0x2e7d32);
      for (const { game: key, rating: r, rank, of } of rows) {
        const recent = r.recent
          .slice()
          .reverse()
          .map((x) => `${placeText(x.place, x.of)} (${x.delta >= 0 ? "+" : ""}${x.delta}) <t:${Math.floor(x.at / 1000)}:R>`)
          .join("\n");
        embed.addFields({
          name: nameOf(games, key),
          value: `**${ratingText(r)}** · #${rank} of ${of} · ${r.games} game${r.games === 1 ? "" : "s"}, ${r.wins} win${r.wins === 1 ? "" : "s"}\n${recent}`,
        });
      }
      embed.setFooter({ text: RATING_FOOTER });
      // The same as a picture: each game's rating over time, games, wins and peak.
      const blocks: StatsBlock[] = [];
      for (const { game: key, rating: r, rank, of } of rows) {
        const history = await ctx.ratings.history(interaction.guildId, key, user.id);
        const now = shownRating(r);
        blocks.push({
          game: nameOf(games, key),
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
      const png = await renderPicture({ kind: "stats", title: `${who}: ratings in this server`, blocks });
      const alt = blocks.map((b) => `${b.game} ${b.rating}, ${b.games} games, ${b.wins} wins, peak ${b.peak}`).join("; ");
      embed.setImage("attachment://stats.png");
      return {
        embeds: [embed],
        files: [new AttachmentBuilder(png, { name: "stats.png", description: `Ratings over time: ${alt}`.slice(0, 1024) })],
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
    .setDMPermission(false)
    .addStringOption((o) =>
      o
        .setName("game")
        .setDescription("Which game (default ONEXENO basic)")
        .addChoices(...gameChoices(games)),
    ),

  async execute(interaction, ctx) {
    const game = interaction.options.getString("game") ?? games.rated[0]?.key ?? "";
    await respond(interaction, "reply", false, async () => {
      const top = await ctx.ratings.top(interaction.guildId, game, 10);
      if (top.length === 0)
        return { content: `Nobody has a rated game of ${nameOf(games, game)} in this server yet.`, allowedMentions: { parse: [] } };
      const lines = top.map(
        (r, i) =>
          `**${i + 1}.** ${r.name}: **${ratingText(r)}** · ${r.games} game${r.games === 1 ? "" : "s"}, ${r.wins} win${r.wins === 1 ? "" : "s"}`,
      );
      const embed = new EmbedBuilder()
        .setTitle(`${nameOf(games, game)}: best in this server`)
        .setDescription(lines.join("\n"))
        .setColor(0x2e7d32)
        .setFooter({ text: RATING_FOOTER });
      return { embeds: [embed], allowedMentions: { parse: [] } };
    });
  },
});
