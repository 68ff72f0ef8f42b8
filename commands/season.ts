/**
 * `/season create|info|standings|end`: a server's season over its tournaments (src/bot/seasons.ts).
 * Organisers (Manage Server, or the organisers' role) create and end one; anyone reads it. The
 * standings answer is public: a picture, the top ten in words and a CSV of everyone. Ending it
 * freezes the standings and gives its rank role (if it has one) to its top people. Offered in
 * servers only (a season is a server's).
 */
import {
  AttachmentBuilder,
  PermissionFlagsBits,
  Routes,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type Client,
} from "discord.js";
import type { Tournament } from "../src/bot/tournaments.ts";
import { renderPicture } from "../render/pool.ts";
import type { StandingRow } from "../render/standings.ts";
import { commandRef } from "../src/bot/command-ids.ts";
import type { BotContext } from "../src/bot/context.ts";
import { respond } from "../src/bot/reply.ts";
import type { Choice, Command } from "../src/bot/router.ts";
import {
  DEFAULT_SEASON_POINTS,
  MAX_ROLE_TOP,
  parsePoints,
  roleHolders,
  SEASON_DAYS,
  seasonCsv,
  type Season,
  type SeasonRow,
} from "../src/bot/seasons.ts";
import { refuse } from "../src/bot/words.ts";
import type { GameCatalogue } from "../src/games/catalogue.ts";
import { localeOf, t, type Locale } from "../src/i18n/index.ts";
import { SERVERS } from "../src/surfaces/answers/chains.ts";
import { gameNameIn } from "./tournament/messages.ts";
import { mustOrganise } from "./tournament/access.ts";

/** Rows the answer's words list (the picture shows more, the CSV all). */
const ROWS_IN_WORDS = 10;

/** `<t:…:D>`: a date every reader's Discord shows in their own language and zone. */
const dateOf = (ms: number) => `<t:${Math.floor(ms / 1000)}:D>`;

/**
 * The season an interaction is about: its `season` option (an id from the autocomplete), else
 * the server's open season, else its newest. Refuses `season/none`.
 */
async function seasonOf(interaction: ChatInputCommandInteraction, ctx: BotContext, guildId: string): Promise<Season> {
  const id = interaction.options.getString("season");
  const all = await ctx.seasons.list(guildId);
  const s = id ? all.find((x) => x.id === id) : (all.find((x) => x.status === "open") ?? all[0]);
  if (!s) throw refuse("season/none");
  return s;
}

/** The games `s` counts, as `locale` names them ("every game" for all). */
const gamesOf = (games: GameCatalogue, s: Season, locale: Locale) =>
  s.games ? s.games.map((g) => gameNameIn(locale, games, g)).join(", ") : t(locale, "season.all_games");

/** "1st 25 · 2nd 18 · …": a points table in words. */
const pointsText = (points: readonly number[]) => points.map((p, i) => `${i + 1}: ${p}`).join(" · ");

/**
 * `/season create`'s checks on its rank role, before anything is saved (Discord's rules for a bot
 * giving a role: https://discord.com/developers/docs/topics/permissions#permission-hierarchy):
 * not @everyone nor an app's own role (`season/bad_role`), the bot holds Manage Roles
 * (`season/no_manage_roles`), the role is below the bot's highest (`season/role_above`).
 */
async function checkRole(interaction: ChatInputCommandInteraction, guildId: string): Promise<{ id: string; top: number } | null> {
  const role = interaction.options.getRole("role");
  if (!role) return null;
  if (role.id === guildId || role.managed) throw refuse("season/bad_role");
  if (interaction.appPermissions && !interaction.appPermissions.has(PermissionFlagsBits.ManageRoles))
    throw refuse("season/no_manage_roles");
  const me = interaction.guild?.members.me ?? (await interaction.guild?.members.fetchMe().catch(() => null));
  if (me && role.position >= me.roles.highest.position) throw refuse("season/role_above", { role: `<@&${role.id}>` });
  const top = interaction.options.getInteger("top") ?? 3;
  return { id: role.id, top, ...(interaction.options.getBoolean("each-event") ? { eachEvent: true } : {}) };
}

/** `/season create` (organisers): the season, announced in the channel in the server's language. */
async function create(interaction: ChatInputCommandInteraction, ctx: BotContext, guildId: string) {
  await mustOrganise(interaction, ctx);
  const typed = interaction.options.getString("points");
  const points = typed ? parsePoints(typed) : [...DEFAULT_SEASON_POINTS];
  const role = await checkRole(interaction, guildId);
  const game = interaction.options.getString("game");
  const s = await ctx.seasons.create({
    ...{ guildId, channelId: interaction.channelId, name: interaction.options.getString("name", true).trim() },
    days: interaction.options.getInteger("days") ?? SEASON_DAYS.default,
    ...{ games: game ? [game] : null, points, role },
  });
  const locale = await ctx.settings.languageOf(guildId, interaction.guildLocale);
  const roleLine = role ? t(locale, "season.created_role", { top: role.top, role: `<@&${role.id}>` }) : "";
  const content = [
    t(locale, "season.created", { name: s.name, games: gamesOf(ctx.catalogue, s, locale), to: dateOf(s.to), points: pointsText(s.points) }),
    roleLine,
  ];
  return { content: content.filter(Boolean).join("\n"), allowedMentions: { parse: [] } };
}

/** `/season info`: one season's terms, its events so far and the server's past seasons, privately in the reader's `locale`. */
async function info(interaction: ChatInputCommandInteraction, ctx: BotContext, guildId: string, locale: Locale) {
  const s = await seasonOf(interaction, ctx, guildId);
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `season.${key}`, params);
  const events = s.status === "over" ? null : await ctx.seasons.eventsOf(s);
  const past = (await ctx.seasons.list(guildId)).filter((x) => x.status === "over" && x.id !== s.id);
  const lines = [
    `**${s.name}** · ${s.status === "open" ? say("status_open") : say("status_over", { when: dateOf(s.endedAt ?? s.to) })}`,
    say("dates", { from: dateOf(s.from), to: dateOf(s.to), games: gamesOf(ctx.catalogue, s, locale) }),
    say("points_line", { points: pointsText(s.points) }),
    ...(s.role ? [say("role_line", { role: `<@&${s.role.id}>`, top: s.role.top })] : []),
    ...(events ? [say("events_line", { count: events.length, names: events.map((e) => e.name).join(", ") || "—" })] : []),
    ...(s.status === "open" && ctx.seasons.clock() >= s.to ? [say("dates_over", { cmd: commandRef(locale, "season end", guildId) })] : []),
    ...(past.length ? [say("past", { list: past.map((x) => `${x.name} (${dateOf(x.endedAt ?? x.to)})`).join(", ") })] : []),
  ];
  return { content: lines.join("\n").slice(0, 2000), allowedMentions: { parse: [] } };
}

/** The standings of `s` as a public message in `locale`: the picture, the top ten in words, the CSV of everyone; `lead` above them. */
async function standingsMessage(ctx: BotContext, s: Season, rows: readonly SeasonRow[], locale: Locale, lead = "") {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `season.${key}`, params);
  const events = s.final ? null : (await ctx.seasons.eventsOf(s)).length;
  const title = say("standings_title", { name: s.name });
  if (!rows.length)
    return { content: [lead, `**${title}**`, say("standings_empty")].filter(Boolean).join("\n"), allowedMentions: { parse: [] } };
  const pictureRows: StandingRow[] = rows.map((r) => ({
    rank: r.rank,
    name: r.name,
    points: r.points,
    values: [r.places[0] ?? 0, r.places.slice(0, 3).reduce((a, b) => a + b, 0)],
    games: r.events,
  }));
  const png = await renderPicture({
    kind: "standings",
    title,
    subtitle:
      events === null
        ? say("subtitle_final", { games: gamesOf(ctx.catalogue, s, locale) })
        : say("subtitle", { events, games: gamesOf(ctx.catalogue, s, locale) }),
    rows: pictureRows,
    labels: [say("col_points"), say("col_first"), say("col_podiums"), say("col_events")],
    legend: say("legend"),
    locale,
  });
  const text = rows
    .slice(0, ROWS_IN_WORDS)
    .map((r) => say("line", { rank: r.rank, name: r.name, points: r.points, events: r.events }))
    .join("\n");
  return {
    content: [lead, `**${title}**`, text].filter(Boolean).join("\n").slice(0, 2000),
    files: [
      new AttachmentBuilder(png, {
        name: "season-standings.png",
        description: say("standings_alt", { name: s.name, text }).slice(0, 1024),
      }),
      new AttachmentBuilder(Buffer.from(seasonCsv(rows, s.points.length), "utf8"), {
        name: `${s.id}.csv`,
        description: say("csv_alt", { name: s.name }),
      }),
    ],
    allowedMentions: { parse: [] },
  };
}

/**
 * Gives role `roleId` of guild `guildId` to each of `ids` through Discord's add-member-role route
 * (https://discord.com/developers/docs/resources/guild#add-guild-member-role); whom it was given
 * to, and whom Discord refused (the role moved above the bot's, Manage Roles taken away).
 */
export async function giveRole(
  rest: Client["rest"],
  guildId: string,
  roleId: string,
  ids: readonly string[],
  reason: string,
): Promise<{ given: string[]; failed: string[] }> {
  const given: string[] = [];
  const failed: string[] = [];
  for (const id of ids) {
    try {
      await rest.put(Routes.guildMemberRole(guildId, id, roleId), { reason });
      given.push(id);
    } catch {
      failed.push(id);
    }
  }
  return { given, failed };
}

/**
 * After a tournament ends: the open season that counts it and gives its role after each event
 * gives it to its top people now (`SeasonBook.afterEvent`), said in the season's channel with
 * whom Discord refused. Never throws (logged).
 */
export async function seasonRolesAfter(
  client: Client,
  ctx: Pick<BotContext, "seasons" | "log" | "settings">,
  event: Tournament,
): Promise<void> {
  try {
    let failed: string[] = [];
    let season: Season | null = null;
    const given = await ctx.seasons.afterEvent(event, async (ids, s) => {
      season = s;
      const r = await giveRole(client.rest, s.guildId, s.role!.id, ids, `season ${s.name}`);
      failed = r.failed;
      return r.given;
    });
    const s = season as Season | null;
    if (!s || (!given.length && !failed.length)) return;
    const locale = await ctx.settings.languageOf(s.guildId, null);
    const role = `<@&${s.role!.id}>`;
    const mention = (ids: readonly string[]) => ids.map((id) => `<@${id}>`).join(", ");
    const lines = [
      ...(given.length ? [t(locale, "season.role_after_event", { event: event.name, season: s.name, role, people: mention(given) })] : []),
      ...(failed.length ? [t(locale, "season.ended_role_failed", { role, people: mention(failed) })] : []),
    ];
    const channel = await client.channels.fetch(s.channelId);
    if (channel?.isSendable()) await channel.send({ content: lines.join("\n"), allowedMentions: { parse: [] } });
  } catch (e) {
    ctx.log.info(`could not give the season's role after ${event.id}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * `/season end` (organisers): the standings frozen, the rank role given to the top people (each
 * grant through Discord's add-member-role route; the ones Discord refused are named), and the
 * final standings posted in the server's language.
 */
async function end(interaction: ChatInputCommandInteraction, ctx: BotContext, guildId: string) {
  await mustOrganise(interaction, ctx);
  const picked = await seasonOf(interaction, ctx, guildId);
  const locale = await ctx.settings.languageOf(guildId, interaction.guildLocale);
  let failed: string[] = [];
  const s = await ctx.seasons.end(picked.id, async (rows, season) => {
    if (!season.role) return [];
    const r = await giveRole(interaction.client.rest, guildId, season.role.id, roleHolders(rows, season.role.top), `season ${season.name}`);
    failed = r.failed;
    return r.given;
  });
  const rows = s.final ?? [];
  const champions = rows.filter((r) => r.rank === 1).map((r) => r.name);
  const mention = (ids: readonly string[]) => ids.map((id) => `<@${id}>`).join(", ");
  const role = s.role ? `<@&${s.role.id}>` : "";
  const lead = [
    champions.length
      ? t(locale, "season.ended", { name: s.name, champion: champions.join(", ") })
      : t(locale, "season.ended_nobody", { name: s.name }),
    ...(s.awarded?.length ? [t(locale, "season.ended_role", { role, people: mention(s.awarded) })] : []),
    ...(failed.length ? [t(locale, "season.ended_role_failed", { role, people: mention(failed) })] : []),
  ].join("\n");
  return standingsMessage(ctx, s, rows, locale, lead);
}

/** `/season`, its `game:` choices the rated games of `games`. */
export const seasonCommand = (games: GameCatalogue): Command<BotContext> => ({
  data: new SlashCommandBuilder()
    .setName("season")
    .setDescription("A season over this server's tournaments: points, standings, rank roles")
    .setContexts(...SERVERS.contexts)
    .setIntegrationTypes(...SERVERS.integrationTypes)
    .addSubcommand((s) =>
      s
        .setName("create")
        .setDescription("Start a season (organisers)")
        .addStringOption((o) => o.setName("name").setDescription("Its name").setRequired(true).setMaxLength(60))
        .addIntegerOption((o) =>
          o
            .setName("days")
            .setDescription(`How long it lasts, in days (default ${SEASON_DAYS.default})`)
            .setMinValue(SEASON_DAYS.min)
            .setMaxValue(SEASON_DAYS.max),
        )
        .addStringOption((o) =>
          o
            .setName("game")
            .setDescription("Count one game's events only (default: every game)")
            .addChoices(...games.rated.map((g) => ({ name: g.name, value: g.key }))),
        )
        .addStringOption((o) => o.setName("points").setDescription("Points by place, e.g. 10,6,4,2 (default 25,18,15…)").setMaxLength(120))
        .addRoleOption((o) => o.setName("role").setDescription("A role for the top players when it ends"))
        .addIntegerOption((o) =>
          o.setName("top").setDescription("How many get the role (default 3)").setMinValue(1).setMaxValue(MAX_ROLE_TOP),
        )
        .addBooleanOption((o) => o.setName("each-event").setDescription("Give the role after each event too")),
    )
    .addSubcommand((s) =>
      s
        .setName("info")
        .setDescription("A season's terms, events and the past seasons")
        .addStringOption((o) => o.setName("season").setDescription("Which season (default: the open one)").setAutocomplete(true)),
    )
    .addSubcommand((s) =>
      s
        .setName("standings")
        .setDescription("A season's standings, with a picture and a CSV")
        .addStringOption((o) => o.setName("season").setDescription("Which season (default: the open one)").setAutocomplete(true)),
    )
    .addSubcommand((s) =>
      s
        .setName("end")
        .setDescription("End a season and give out its role (organisers)")
        .addStringOption((o) => o.setName("season").setDescription("Which season (default: the open one)").setAutocomplete(true)),
    ),

  async execute(interaction, ctx) {
    const guildId = interaction.guildId;
    if (!guildId) throw refuse("private/server_only");
    const locale = localeOf(interaction.locale);
    const sub = interaction.options.getSubcommand();
    if (sub === "info") return respond(interaction, "reply", true, () => info(interaction, ctx, guildId, locale));
    if (sub === "create") return respond(interaction, "reply", false, () => create(interaction, ctx, guildId));
    if (sub === "end") return respond(interaction, "reply", false, () => end(interaction, ctx, guildId));
    return respond(interaction, "reply", false, async () => {
      const s = await seasonOf(interaction, ctx, guildId);
      const publicLocale = await ctx.settings.languageOf(guildId, interaction.guildLocale);
      return standingsMessage(ctx, s, await ctx.seasons.standings(s), publicLocale);
    });
  },

  async autocomplete(interaction, ctx): Promise<Choice[]> {
    const locale = localeOf(interaction.locale);
    const typed = String(interaction.options.getFocused()).toLowerCase();
    const all = interaction.guildId ? await ctx.seasons.list(interaction.guildId) : [];
    return all
      .filter((s) => s.name.toLowerCase().includes(typed))
      .slice(0, 25)
      .map((s) => ({
        name: `${s.name} · ${t(locale, s.status === "open" ? "season.status_open" : "season.status_closed")}`.slice(0, 100),
        value: s.id,
      }));
  },
});
