/**
 * `/queue join|leave|status`: a game without an event (src/bot/queue.ts). `join game: [players:]
 * [window:] [expires:]` waits for a table of a rated game; when enough people who accept each
 * other's ratings are in, the bot opens the table in a thread and mentions them there. Answers
 * are private. Offered everywhere the bot is, so that a DM says why it needs a server.
 */
import { ChannelType, PermissionFlagsBits, SlashCommandBuilder, type ChatInputCommandInteraction } from "discord.js";
import { commandRef } from "../src/bot/command-ids.ts";
import { DEFAULT_CLOCK } from "../src/bot/clock.ts";
import type { BotContext } from "../src/bot/context.ts";
import {
  DEFAULT_QUEUE_EXPIRY_MINUTES,
  QUEUE_EXPIRY_MINUTES,
  QUEUE_LEVELS,
  QUEUE_WINDOWS,
  type JoinAnswer,
  type QueueEntry,
  type QueueLevel,
} from "../src/bot/queue.ts";
import { respond } from "../src/bot/reply.ts";
import type { Choice, Command } from "../src/bot/router.ts";
import { refuse } from "../src/bot/words.ts";
import type { GameCatalogue } from "../src/games/catalogue.ts";
import { localeOf, t, type Locale } from "../src/i18n/index.ts";
import { ANYWHERE } from "../src/surfaces/answers/chains.ts";
import { seatOf } from "./games.ts";

/** What the bot needs in a channel to open the queue's tables under it (a thread, and its messages there). */
const THREAD_PERMISSIONS = PermissionFlagsBits.CreatePublicThreads | PermissionFlagsBits.SendMessagesInThreads;

/** The seat counts of rated game `key` that seat at least two people, smallest first (empty for an unknown key). */
export function queueSeatCounts(games: GameCatalogue, key: string): number[] {
  return [...games.seatCounts(key)].filter((n) => n >= 2).sort((a, b) => a - b);
}

/** The games a queue can wait for: the rated games of two or more people. */
const queueGames = (games: GameCatalogue) => games.rated.filter((g) => queueSeatCounts(games, g.key).length > 0);

/** `/queue join`'s answer to `userId` in `locale`: waiting (until when, how many), or the table's thread and who sits there. */
function joinText(ctx: BotContext, answer: JoinAnswer, locale: Locale, guildId: string, userId: string): string {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `queue.${key}`, params);
  const game = (e: QueueEntry) => ctx.queue.gameName(e.game, locale);
  const replaced =
    answer.replaced &&
    (answer.kind === "seated" || answer.replaced.game !== answer.entry.game || answer.replaced.players !== answer.entry.players)
      ? [say("replaced", { game: game(answer.replaced), players: answer.replaced.players })]
      : [];
  if (answer.kind === "seated") {
    const me = answer.group.find((g) => g.userId === userId) ?? answer.group[0]!;
    const others = answer.group.filter((g) => g.userId !== userId).map((g) => g.name);
    return [...replaced, say("seated", { thread: `<#${answer.threadId}>`, game: game(me), people: others.join(", ") })].join("\n");
  }
  const e = answer.entry;
  const lines = [
    say("waiting", { game: game(e), players: e.players, waiting: answer.waiting, until: `<t:${Math.floor(e.expiresAt / 1000)}:t>` }),
    ...(e.window !== null ? [say("window_note", { window: e.window, rating: e.rating })] : []),
    ...(e.level ? [say("level_note", { level: say(`level_${e.level}`) })] : []),
    say("how_to_leave", { cmd: commandRef(locale, "queue leave", guildId) }),
  ];
  return [...replaced, ...lines].join("\n");
}

/** `/queue status`: who waits in this server's queue, by game and seat count, in `locale`. */
async function statusText(ctx: BotContext, guildId: string, locale: Locale): Promise<string> {
  const q = await ctx.queue.of(guildId);
  if (!q.entries.length) return t(locale, "queue.status_none", { cmd: commandRef(locale, "queue join", guildId) });
  const groups = new Map<string, QueueEntry[]>();
  for (const e of q.entries) groups.set(`${e.game}/${e.players}`, [...(groups.get(`${e.game}/${e.players}`) ?? []), e]);
  const lines = [...groups.values()].map((es) =>
    t(locale, "queue.status_line", {
      game: ctx.queue.gameName(es[0]!.game, locale),
      players: es[0]!.players,
      waiting: es.length,
      people: es.map((e) => (e.level ? `${e.name} (${t(locale, `queue.level_${e.level}`)})` : e.name)).join(", "),
    }),
  );
  return [`**${t(locale, "queue.status_title")}**`, ...lines].join("\n").slice(0, 2000);
}

/**
 * The text channel a table of `interaction`'s join opens its thread under: the channel itself, or
 * a thread's parent. Refuses `queue/not_text` elsewhere (a voice channel's chat, a forum post's
 * parent missing), and `queue/no_thread_permission` where the bot may not open threads.
 */
async function threadParent(interaction: ChatInputCommandInteraction): Promise<string> {
  const channel = interaction.channel ?? (await interaction.client.channels.fetch(interaction.channelId).catch(() => null));
  const parent = channel?.isThread() ? channel.parent : channel;
  if (!parent || parent.type !== ChannelType.GuildText) throw refuse("queue/not_text");
  if (interaction.appPermissions && !interaction.appPermissions.has(THREAD_PERMISSIONS)) throw refuse("queue/no_thread_permission");
  return parent.id;
}

/** `/queue join`: checks the request (the game, its seat count, the bot's thread permissions here) and joins. */
async function join(interaction: ChatInputCommandInteraction, ctx: BotContext, guildId: string, locale: Locale): Promise<string> {
  const game = interaction.options.getString("game", true);
  const counts = queueSeatCounts(ctx.catalogue, game);
  if (!counts.length) throw refuse("queue/bad_game");
  const players = interaction.options.getInteger("players") ?? counts[0]!;
  if (!counts.includes(players)) throw refuse("queue/bad_players", { game, sizes: counts.join(", ") });
  const channelId = await threadParent(interaction);
  const publicLocale = await ctx.settings.languageOf(guildId, interaction.guildLocale);
  const rated = ctx.catalogue.ratedGame(game)!;
  const answer = await ctx.queue.join({
    ...{ guildId, channelId, userId: interaction.user.id, name: seatOf(interaction).name, game, players },
    window: interaction.options.getInteger("window"),
    level: (interaction.options.getString("level") as QueueLevel | null) ?? null,
    expiresInMs: (interaction.options.getInteger("expires") ?? DEFAULT_QUEUE_EXPIRY_MINUTES) * 60_000,
    locale: publicLocale,
    clock: await ctx.settings.clockOf(guildId, rated.table, DEFAULT_CLOCK),
  });
  return joinText(ctx, answer, locale, guildId, interaction.user.id);
}

/** `/queue`, its `game:` choices the rated games of two or more people of `games`. */
export const queueCommand = (games: GameCatalogue): Command<BotContext> => ({
  needsServer: {
    join: { code: "queue/needs_server" },
    leave: { code: "queue/needs_server" },
    status: { code: "queue/needs_server" },
  },
  data: new SlashCommandBuilder()
    .setName("queue")
    .setDescription("Find a game with people of this server, without a tournament")
    .setContexts(...ANYWHERE.contexts)
    .setIntegrationTypes(...ANYWHERE.integrationTypes)
    .addSubcommand((s) =>
      s
        .setName("join")
        .setDescription("Wait for a table; the bot opens it in a thread when enough people are in")
        .addStringOption((o) =>
          o
            .setName("game")
            .setDescription("The game to play")
            .setRequired(true)
            .addChoices(...queueGames(games).map((g) => ({ name: g.name, value: g.key }))),
        )
        .addIntegerOption((o) =>
          o
            .setName("players")
            .setDescription("How many at the table (default: the game's fewest)")
            .setMinValue(2)
            .setMaxValue(8)
            .setAutocomplete(true),
        )
        .addIntegerOption((o) =>
          o
            .setName("window")
            .setDescription("Only people rated this close to you (default: any)")
            .addChoices(...QUEUE_WINDOWS.map((w) => ({ name: `± ${w}`, value: w }))),
        )
        .addStringOption((o) =>
          o
            .setName("level")
            .setDescription("Only people who play at this level (default: any)")
            .addChoices(...QUEUE_LEVELS.map((l) => ({ name: t("en", `queue.level_${l}`), value: l }))),
        )
        .addIntegerOption((o) =>
          o
            .setName("expires")
            .setDescription(`How long to wait, in minutes (default ${DEFAULT_QUEUE_EXPIRY_MINUTES})`)
            .addChoices(...QUEUE_EXPIRY_MINUTES.map((m) => ({ name: `${m} min`, value: m }))),
        ),
    )
    .addSubcommand((s) => s.setName("leave").setDescription("Leave the queue"))
    .addSubcommand((s) => s.setName("status").setDescription("Who is waiting in this server's queue")),

  async execute(interaction, ctx) {
    const locale = localeOf(interaction.locale);
    const guildId = interaction.guildId;
    if (!guildId) throw refuse("queue/needs_server");
    const sub = interaction.options.getSubcommand();
    await respond(interaction, "reply", true, async () => {
      if (sub === "join") return { content: await join(interaction, ctx, guildId, locale), allowedMentions: { parse: [] } };
      if (sub === "leave") {
        const left = await ctx.queue.leave(guildId, interaction.user.id);
        const content = t(locale, "queue.left", { game: ctx.queue.gameName(left.game, locale), players: left.players });
        return { content, allowedMentions: { parse: [] } };
      }
      return { content: await statusText(ctx, guildId, locale), allowedMentions: { parse: [] } };
    });
  },

  async autocomplete(interaction, ctx): Promise<Choice[]> {
    const locale = localeOf(interaction.locale);
    const counts = queueSeatCounts(ctx.catalogue, interaction.options.getString("game") ?? "");
    const offered = counts.length ? counts : [2, 3, 4];
    const typed = String(interaction.options.getFocused()).trim();
    return offered
      .filter((n) => !typed || String(n).startsWith(typed))
      .map((n) => ({ name: t(locale, n === 2 ? "queue.players_two" : "queue.players_many", { n }), value: n }));
  },
});
