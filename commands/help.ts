/**
 * `/help`: what a newcomer can do first, privately and in their own language: five things to
 * try, each command by its mention (a click opens it in Discord's client, in the reader's
 * language), then where the rules and records are. Everywhere the bot is (servers, DMs and group
 * DMs through a user install); in a DM it offers what works there. It names no game: the game
 * commands come from `GAMES`, each said by its own description.
 */
import { SlashCommandBuilder } from "discord.js";
import { ANYWHERE } from "../src/surfaces/answers/chains.ts";
import { traitsOf } from "../src/surfaces/traits.ts";
import { commandRef } from "../src/bot/command-ids.ts";
import type { BotContext } from "../src/bot/context.ts";
import { respond } from "../src/bot/reply.ts";
import type { Command } from "../src/bot/router.ts";
import { commandWords } from "../src/i18n/commands.ts";
import { localeOf, t, type Locale } from "../src/i18n/index.ts";

/**
 * The help text for a reader of `locale` in guild `guildId` (null: a DM or group DM, where
 * tournaments do not apply), for the games whose commands are `games` (their top-level names, in
 * the order `GAMES` lists them): a heading, five numbered things to try (a table of each game, by
 * its command's own description in the reader's language; then a tournament, or in a DM a
 * replay; then the player's stats or history), then where the rules and records are (the rules
 * alone when the five named the records already, as in a DM).
 */
export function helpText(locale: Locale, guildId: string | null, games: readonly string[]): string {
  const say = (key: string, params: Record<string, string> = {}) => t(locale, `help.${key}`, params);
  const ref = (path: string) => commandRef(locale, path, guildId);
  const about = (root: string) => commandWords(locale, root)?.description ?? commandWords("en", root)?.description ?? root;
  const [first, ...others] = games;
  // What can be done there besides a game (a server: a tournament and stats; a DM: a replay and history).
  const extras = traitsOf({ guildId }).helpTries;
  const tries = [
    ...(first ? [say("try_first", { cmd: ref(`${first} new`), what: about(first) })] : []),
    ...others.map((g) => say("try_game", { cmd: ref(`${g} new`), what: about(g) })),
    ...extras.map((x) => say(x.key, { cmd: ref(x.command) })),
  ].slice(0, 5);
  // The last line names the records only where the five did not (a DM's are history and replay).
  const named = new Set(extras.slice(0, Math.max(0, 5 - games.length)).map((x) => x.command));
  const rules = ref(`${first ?? "help"} rules`);
  const more =
    named.has("history") && named.has("replay")
      ? say("more_rules", { rules })
      : say("more", { rules, history: ref("history"), replay: ref("replay") });
  return [`## ${say("title")}`, ...tries.map((line, i) => `${i + 1}. ${line}`), "", more].join("\n");
}

/** `/help` for a bot whose game commands are `games` (top-level names, in `GAMES`' order): the newcomer's five things to try, privately. */
export const helpCommand = (games: readonly string[]): Command<BotContext> => ({
  data: new SlashCommandBuilder()
    .setName("help")
    .setDescription("Five things to try first, and where everything else is")
    .setContexts(...ANYWHERE.contexts)
    .setIntegrationTypes(...ANYWHERE.integrationTypes),

  async execute(interaction, _ctx) {
    await respond(interaction, "reply", true, async () => ({
      content: helpText(localeOf(interaction.locale), interaction.guildId, games),
      allowedMentions: { parse: [] },
    }));
  },
});
