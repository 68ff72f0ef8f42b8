/**
 * `/history [user] [game]`: the server's finished games, or one player's, newest first, from the
 * game records (src/bot/game-records.ts): when, which game, who sat where with their scores, who
 * won or how it ended. Ten a page with **Older** and **Newest** buttons that page by keyset
 * cursor (a game recorded meanwhile never shifts the page being read). The answer is private: it
 * is a lookup, not news for the channel.
 */
import { traitsOf } from "../src/surfaces/traits.ts";
import { refuse } from "../src/bot/words.ts";
import { ANYWHERE } from "../src/surfaces/answers/chains.ts";
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type BaseMessageOptions,
} from "discord.js";
import type { BotContext, TableGameView } from "../src/bot/context.ts";
import { encodeId, type ComponentId } from "../src/bot/customid.ts";
import { type GameRecord, replayRecord } from "../src/bot/game-record.ts";
import { tableAt } from "./record-table.ts";
import { respond } from "../src/bot/reply.ts";
import type { Command } from "../src/bot/router.ts";
import { asContainer } from "../src/bot/components-v2.ts";
import type { MessageComponentInteraction } from "discord.js";
import { commandWords } from "../src/i18n/commands.ts";
import { localeOf, t, type Locale } from "../src/i18n/index.ts";

/** Component verbs of the history pages. */
export const HISTORY_VERBS: ReadonlySet<string> = new Set(["hist"]);

/** Records a page shows. */
export const HISTORY_PAGE = 10;

/**
 * A game's name for people: the rated game it is (same table game, and the same variant where
 * the configuration has one), else its bot side's `what` without its last word ("… game" →
 * "…").
 */
function gameName(ctx: BotContext, record: GameRecord, locale: Locale = "en"): string {
  const variant = (record.config as { variant?: unknown } | null)?.variant;
  const rated = ctx.catalogue.rated.find(
    (r) => r.table === record.game && (variant === undefined || (r.config as { variant?: unknown } | null)?.variant === variant),
  );
  // In the reader's language: the name the registered commands give it there (`/stats game:`, `/history game:`).
  const named = commandWords(locale, rated ? `stats game=${rated.key}` : `history game=${record.game}`)?.name;
  if (locale !== "en" && named) return named;
  return rated?.name ?? ctx.tableGames.find((v) => v.id === record.game)?.what.replace(/ (table|game)$/, "") ?? record.game;
}

/** One line of a record: date, game, seats with scores (winners in bold), how it ended. */
export function recordLine(ctx: BotContext, record: GameRecord, locale: Locale = "en"): string {
  const seats = record.seats.map((s, i) => {
    const name = `${s.computer ? "🤖 " : ""}${s.name}`;
    const score = record.outcome ? ` ${record.outcome.scores[i] ?? 0}` : "";
    return record.outcome?.winners.includes(i) ? `**${name}${score}**` : `${name}${score}`;
  });
  const w = (key: string) => ` · ${t(locale, `history.${key}`)}`;
  const stood = closedStanding(ctx, record, locale);
  const how = record.ended === "end" ? `${w("closed")}${stood ? ` (${stood})` : ""}` : record.outcome?.winners.length ? "" : w("no_winner");
  const where = record.tournament ? w("tournament") : "";
  return `- <t:${Math.floor(record.endedAt / 1000)}:d> **${gameName(ctx, record, locale)}** · ${seats.join(" · ")}${how}${where} · <#${record.channelId}>`;
}

/**
 * The scores a game closed with `end` stood at, in words in `locale` (its game's `standing`, read
 * on the record's last position, replayed), as its closing message said them; "" for a game
 * that ended by its rules, a game without standings, or a record that no longer replays.
 */
export function closedStanding(ctx: BotContext, record: GameRecord, locale: Locale = "en"): string {
  if (record.ended !== "end") return "";
  const view = ctx.tableGames.find((v) => v.id === record.game);
  const rules = ctx.catalogue.game(record.game);
  if (!view?.standing || !rules) return "";
  try {
    const last = replayRecord(rules.definition, record).at(-1)!;
    return view.standing(tableAt(record, last, record.moves.length, locale)).replace(/\n/g, " ");
  } catch {
    return "";
  }
}

/** A record in one line of plain text for a menu or autocomplete (at most 100 characters): when (UTC), the game, the seats. */
export function recordLabel(ctx: BotContext, record: GameRecord, locale: Locale = "en"): string {
  const date = new Date(record.endedAt).toISOString().slice(0, 16).replace("T", " ");
  const name = `${date} · ${gameName(ctx, record, locale)} · ${record.seats.map((s) => s.name).join(", ")}`;
  return name.length > 100 ? `${name.slice(0, 99)}…` : name;
}

/** A page of history: who and which game it lists, its lines, the paging buttons and a menu to replay one of its games. */
async function historyPage(
  ctx: BotContext,
  guildId: string | null,
  filter: { readonly userId?: string; readonly who?: string; readonly game?: string },
  after: string | null,
  locale: Locale,
): Promise<BaseMessageOptions> {
  const w = (key: string, params: Record<string, string> = {}) => t(locale, `history.${key}`, params);
  const page = await ctx.records.page(guildId, {
    limit: HISTORY_PAGE,
    ...(filter.userId ? { userId: filter.userId } : {}),
    ...(filter.game ? { game: filter.game } : {}),
    after,
  });
  const game = filter.game
    ? (commandWords(locale, `history game=${filter.game}`)?.name ??
      ctx.tableGames.find((v) => v.id === filter.game)?.what.replace(/ (table|game)$/, ""))
    : undefined;
  // On a later page the player is named as they sat at their latest game listed.
  const who = filter.who ?? (filter.userId ? page.records[0]?.seats.find((x) => x.userId === filter.userId)?.name : undefined);
  let title = filter.userId ? (who ? w("player", { who }) : w("someone")) : w("server");
  if (game) title = w("of_game", { title, game });
  if (after) title = w("older_title", { title });
  if (page.records.length === 0) return asContainer({ content: after ? w("no_older") : w("none"), files: [] }, title);
  const args = [filter.userId ?? "", filter.game ?? ""];
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId("hist", 0, "new", ...args))
      .setLabel(w("newest"))
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(!after),
    new ButtonBuilder()
      .setCustomId(encodeId("hist", 0, page.next ?? "none", ...args))
      .setLabel(w("older"))
      // A disabled button looks disabled: grey, not the blurple of a way forward.
      .setStyle(page.next ? ButtonStyle.Primary : ButtonStyle.Secondary)
      .setDisabled(!page.next),
  );
  const replay = new StringSelectMenuBuilder()
    .setCustomId(encodeId("hrep", 0))
    .setPlaceholder(w("replay"))
    .addOptions(page.records.map((r) => ({ label: recordLabel(ctx, r, locale), value: r.id })));
  return asContainer(
    {
      content: page.records.map((r) => recordLine(ctx, r, locale)).join("\n"),
      files: [],
      components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(replay), row],
      allowedMentions: { parse: [] },
    },
    title,
  );
}

/** `/history`, its `game:` choices the table games of `views`. */
export const historyCommand = (views: readonly TableGameView[]): Command<BotContext> => ({
  data: new SlashCommandBuilder()
    .setName("history")
    .setDescription("Finished games in this server, newest first")
    .setContexts(...ANYWHERE.contexts)
    .setIntegrationTypes(...ANYWHERE.integrationTypes)
    .addUserOption((o) => o.setName("user").setDescription("Only this player's games"))
    .addStringOption((o) =>
      o
        .setName("game")
        .setDescription("Only this game")
        .addChoices(...views.map((v) => ({ name: v.what.replace(/ (table|game)$/, ""), value: v.id }))),
    ),

  async execute(interaction, ctx) {
    const given = interaction.options.getUser("user");
    // Where records are kept per player (a DM): the asker's own games, no one else's.
    const own = traitsOf(interaction).records === "own";
    if (given && own && given.id !== interaction.user.id) throw refuse("private/server_only");
    const user = own ? interaction.user : given;
    const game = interaction.options.getString("game") ?? undefined;
    await respond(interaction, "reply", true, () =>
      historyPage(
        ctx,
        interaction.guildId,
        { ...(user ? { userId: user.id, who: user.globalName ?? user.username } : {}), ...(game ? { game } : {}) },
        null,
        localeOf(interaction.locale),
      ),
    );
  },
});

/** The paging buttons of a history page: the page they name, in place of the one shown. */
export async function historyComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const [cursor = "new", named = "", game = ""] = id.args;
  const userId = traitsOf(interaction).records === "own" ? interaction.user.id : named; // a DM's pages are the clicker's own games
  await respond(interaction, "update", interaction.message.flags.has(MessageFlags.Ephemeral), () =>
    historyPage(
      ctx,
      interaction.guildId,
      { ...(userId ? { userId } : {}), ...(game ? { game } : {}) },
      cursor === "new" ? null : cursor,
      localeOf(interaction.locale),
    ),
  );
}
