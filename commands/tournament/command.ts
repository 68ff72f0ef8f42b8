/**
 * `/tournament create|join|leave|start|next|info|standings|drop|remove|end-table|cancel|export|
 * computers|organisers`, with autocomplete of the server's events.
 */
import { COMPUTER_LEVELS, type ComputerLevel } from "../../src/engine/definition.ts";
import { SERVERS } from "../../src/surfaces/answers/chains.ts";
import { commandRef } from "../../src/bot/command-ids.ts";
import {
  AttachmentBuilder,
  type ChatInputCommandInteraction,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from "discord.js";
import type { Seat } from "../../src/bot/table-record.ts";
import { DEFAULT_CLOCK, parseClock } from "../../src/bot/clock.ts";
import type { BotContext } from "../../src/bot/context.ts";
import { UserError } from "../../src/bot/errors.ts";
import { respond } from "../../src/bot/reply.ts";
import type { Choice, Command } from "../../src/bot/router.ts";
import { CUT_SIZES, type REPEAT_DAYS, type TopCut, type Tournament, type TournamentFormat } from "../../src/bot/tournaments.ts";
import type { EventRequest } from "../../src/bot/tournament-rules.ts";
import { everyChoices, REPEAT_SUBCOMMANDS, repeatSubcommands, runRepeat, templateChoices } from "./repeats.ts";
import type { GameCatalogue } from "../../src/games/catalogue.ts";
import { clockChoices } from "../clock.ts";
import { seatOf } from "../games.ts";
import { replyRules } from "../rules.ts";

import { RULES, gameNameIn, announcement, standingsMessage, exportCsv, yourTable } from "./messages.ts";
import { keepAnnouncement } from "./components.ts";
import { mustOrganise, eventOf, eventOption, isOrganiser } from "./access.ts";
import { eventRecords, recordsJson } from "./replays.ts";
import { readTieBreaks, tieBreakChoices } from "./tie-breaks.ts";
import { startChoices, startOption } from "./start.ts";
import { placeChoices, runTableFix, TABLE_FIXES, tableFixSubcommands } from "./corrections.ts";
import { flagSubcommand, runFlag } from "./flags.ts";
import { runSeeds, seedsSubcommand } from "./seeds.ts";
import { localeOf, t as translate, type Locale } from "../../src/i18n/index.ts";
import { publicLocale } from "../replay.ts";
import { commandPathIn } from "../../src/i18n/commands.ts";
import { sayAt } from "../../src/bot/words.ts";

/**
 * `/tournament export`: every game and the standings as CSV, and for organisers the event's game
 * records as JSON too, said in the asker's `locale`.
 */
async function exportReply(ctx: BotContext, t: Tournament, locale: Locale, organiser: boolean) {
  const tables = await eventRecords(ctx, t);
  const csv = new AttachmentBuilder(Buffer.from(exportCsv(t, tables), "utf8"), {
    name: `${t.id}.csv`,
    description: translate(locale, "tournament.export_csv_alt", { event: t.name }),
  });
  const json = new AttachmentBuilder(Buffer.from(recordsJson(t, tables), "utf8"), {
    name: `${t.id}-records.json`,
    description: translate(locale, "tournament.export_json_alt", { event: t.name }),
  });
  return {
    content: organiser
      ? translate(locale, "tournament.export_organiser", { event: t.name, count: tables.length })
      : translate(locale, "tournament.export_player", { event: t.name, replay: commandPathIn(locale, "replay") }),
    files: organiser ? [csv, json] : [csv],
  };
}

/** Suggestions for `/tournament create`'s own typed options, by option name (each from its module), in the typing user's language. */
const CREATE_CHOICES: Readonly<Record<string, (typed: string, locale: string) => Choice[]>> = {
  clock: clockChoices,
  "tie-breaks": tieBreakChoices,
  start: (typed, locale) => startChoices(typed, locale, Date.now()),
};

/** An event's turn clock: as typed (`clock:`), else the server's setting for its game's tables (`/settings`), else the default. */
async function eventClock(ctx: BotContext, guildId: string | null, game: string, typed: string | null) {
  if (typed !== null) return parseClock(typed);
  return ctx.settings.clockOf(guildId, ctx.catalogue.ratedGame(game)?.table ?? game, DEFAULT_CLOCK);
}

/** `/tournament create`'s options: the game (rated games, and one-player games as challenges), the format and the event's settings. */
const createSubcommand = (games: GameCatalogue) => (s: SlashCommandSubcommandBuilder) =>
  s
    .setName("create")
    .setDescription("Create a tournament in this channel (organisers)")
    .addStringOption((o) =>
      o
        .setName("game")
        .setDescription("The game")
        .setRequired(true)
        .addChoices(
          ...games.rated.map((g) => ({ name: g.name, value: g.key })),
          ...games.challengeGames().map((g) => ({ name: `${g.name} (challenge)`, value: g.key })),
        ),
    )
    .addStringOption((o) =>
      o
        .setName("format")
        .setDescription("How rounds are seated")
        .setRequired(true)
        .addChoices(
          { name: "swiss: grouped by standing, new opponents", value: "swiss" },
          { name: "progressive: winners move up a table", value: "progressive" },
          { name: "round-robin: everyone meets everyone (small fields)", value: "round-robin" },
          { name: "single elimination: a bracket, one loss and you are out", value: "single-elimination" },
          { name: "double elimination: a bracket, out after two losses", value: "double-elimination" },
          { name: "challenge: one deal of a one-player game for all, in a window", value: "challenge" },
        ),
    )
    .addIntegerOption((o) =>
      o.setName("rounds").setDescription("Rounds (3; round robin and brackets: by the field)").setMinValue(1).setMaxValue(20),
    )
    .addIntegerOption((o) =>
      o.setName("table-size").setDescription("Players a table (default 4, if the game allows)").setMinValue(2).setMaxValue(8),
    )
    .addStringOption((o) => o.setName("name").setDescription("The event's name").setMaxLength(60))
    .addIntegerOption((o) =>
      o.setName("check-in").setDescription("Minutes of check-in before round 1 (default none)").setMinValue(0).setMaxValue(120),
    )
    .addStringOption((o) =>
      o.setName("clock").setDescription("Turn clock: seconds, 12h/24h, or off (default 120)").setMaxLength(12).setAutocomplete(true),
    )
    .addStringOption((o) =>
      o
        .setName("fill")
        .setDescription("A field too small for a table (default computer)")
        .addChoices(
          { name: "computer: computers fill a table below the game's minimum", value: "computer" },
          { name: "bye: the extra players sit the round out", value: "bye" },
        ),
    )
    .addStringOption((o) =>
      o
        .setName("fill-level")
        .setDescription("How well fill computers play (default normal)")
        .addChoices(...COMPUTER_LEVELS.map((l) => ({ name: l, value: l }))),
    )
    .addBooleanOption((o) => o.setName("pause").setDescription("Wait for /tournament next between rounds"))
    .addBooleanOption((o) => o.setName("rank-computers").setDescription("Rank computer entrants (default: people only)"))
    .addIntegerOption((o) =>
      o.setName("window").setDescription("Challenge: minutes to play the deal (default 60)").setMinValue(5).setMaxValue(10080),
    )
    .addStringOption((o) =>
      o.setName("tie-breaks").setDescription("Tie-breaks in order (pick from the list)").setMaxLength(100).setAutocomplete(true),
    )
    .addStringOption((o) =>
      o.setName("start").setDescription("Start by itself at: <t:…>, in 2h, or an ISO time").setMaxLength(40).setAutocomplete(true),
    )
    .addIntegerOption((o) =>
      o
        .setName("cut")
        .setDescription("Swiss, round robin: then the best play a bracket")
        .addChoices(...CUT_SIZES.map((n) => ({ name: `top ${n}`, value: n }))),
    )
    .addIntegerOption((o) =>
      o
        .setName("every")
        .setDescription("With start: come back every day or week")
        .addChoices(...everyChoices()),
    )
    .addStringOption((o) =>
      o
        .setName("cut-format")
        .setDescription("The cut's bracket (default single elimination)")
        .addChoices(
          { name: "single elimination", value: "single-elimination" },
          { name: "double elimination", value: "double-elimination" },
        ),
    );

/** One subcommand acting on an event: who may use it, whether a finished event is found too, and what it does. */
interface EventSubcommand {
  readonly who?: "organiser";
  readonly finished?: boolean;
  run(interaction: ChatInputCommandInteraction, ctx: BotContext, t: Tournament, me: Seat): Promise<void>;
}

/**
 * The subcommands that act on one event (the one named, else the channel's): who may use each
 * (`organiser`: the event's organiser, the organisers' role or Manage Server; checked before it
 * runs) and whether a finished event is found too (`finished`: info, standings, export).
 */
const EVENT_SUBCOMMANDS: Readonly<Record<string, EventSubcommand>> = {
  seeds: { finished: true, run: (interaction, ctx, t) => runSeeds(interaction, ctx, t) },
  join: {
    async run(interaction, ctx, t, me) {
      // `player:` signs someone else up: organisers only (the way back for someone they removed).
      const other = interaction.options.getUser("player");
      if (other && other.id !== me.userId) await mustOrganise(interaction, ctx, t);
      const who = other ? { id: other.id, name: other.globalName ?? other.username } : { id: me.userId, name: me.name };
      await respond(interaction, "reply", false, async () =>
        announcement(
          ctx,
          await ctx.tournaments.join(t.id, who, other !== null && other.id !== me.userId),
          sayAt(t, "tournament.signed_up", { name: who.name }),
        ),
      );
      await keepAnnouncement(interaction, ctx, t.id);
    },
  },
  leave: {
    async run(interaction, ctx, t, me) {
      await respond(interaction, "reply", false, async () =>
        announcement(ctx, await ctx.tournaments.leave(t.id, me.userId), sayAt(t, "tournament.left_list", { name: me.name })),
      );
      await keepAnnouncement(interaction, ctx, t.id);
    },
  },
  computers: {
    who: "organiser",
    async run(interaction, ctx, t, me) {
      await ctx.settings.mustAllowComputers(interaction.guildId);
      const count = interaction.options.getInteger("count", true);
      // A level the event's game does not seat is refused (`input/bad_level`, naming those it does).
      const level = (interaction.options.getString("level") ?? "normal") as ComputerLevel;
      await respond(interaction, "reply", false, async () =>
        announcement(
          ctx,
          await ctx.tournaments.addComputers(t.id, count, level),
          sayAt(t, "tournament.computers_added", { count, level: sayAt(t, `table.level_${level}`) }),
        ),
      );
      await keepAnnouncement(interaction, ctx, t.id);
    },
  },
  start: {
    who: "organiser",
    async run(interaction, ctx, t, me) {
      await respond(interaction, "reply", false, async () => {
        const after = await ctx.tournaments.start(t.id);
        return announcement(
          ctx,
          after,
          translate(
            after.locale ?? "en",
            `tournament.${after.status === "checkin" ? "checkin_opened" : after.challenge ? "challenge_opened" : "started"}`,
          ),
        );
      });
      await keepAnnouncement(interaction, ctx, t.id);
    },
  },
  next: {
    who: "organiser",
    async run(interaction, ctx, t, me) {
      await respond(interaction, "reply", true, async () => {
        const after = await ctx.tournaments.next(t.id);
        const locale = localeOf(interaction.locale);
        return {
          content:
            after.status === "over"
              ? translate(locale, "tournament.next_over")
              : translate(locale, "tournament.next_seated", { n: after.played.length }),
        };
      });
    },
  },
  info: {
    finished: true,
    async run(interaction, ctx, t, me) {
      // The event, then its rules whole: one message of pages turned with ◀ ▶ (they pass one message's 6000 characters of embeds).
      // The asker's own table first, in their language.
      await replyRules(interaction, RULES, {
        ...announcement(ctx, t, yourTable(t, me.userId, localeOf(interaction.locale)) ?? undefined),
        components: [],
      });
    },
  },
  standings: {
    finished: true,
    async run(interaction, ctx, t, me) {
      await respond(interaction, "reply", false, async () => standingsMessage(ctx.catalogue, t));
    },
  },
  drop: {
    async run(interaction, ctx, t, me) {
      await respond(interaction, "reply", false, async () => {
        await ctx.tournaments.drop(t.id, me.userId);
        return { content: sayAt(t, "tournament.withdrew", { name: me.name, event: t.name }), allowedMentions: { parse: [] } };
      });
    },
  },
  remove: {
    who: "organiser",
    async run(interaction, ctx, t, me) {
      const who = interaction.options.getUser("player", true);
      await respond(interaction, "reply", false, async () => {
        await ctx.tournaments.drop(t.id, who.id, true);
        return {
          content: sayAt(t, "tournament.removed", { name: who.globalName ?? who.username, event: t.name }),
          allowedMentions: { parse: [] },
        };
      });
    },
  },
  cancel: {
    who: "organiser",
    async run(interaction, ctx, t, me) {
      await respond(interaction, "reply", false, async () =>
        announcement(ctx, await ctx.tournaments.cancel(t.id, interaction.user.id), sayAt(t, "tournament.cancelled_note")),
      );
      await keepAnnouncement(interaction, ctx, t.id);
    },
  },
  export: {
    finished: true,
    async run(interaction, ctx, t, me) {
      await respond(interaction, "reply", true, async () =>
        exportReply(ctx, t, localeOf(interaction.locale), t.organiserId === interaction.user.id || (await isOrganiser(interaction, ctx))),
      );
    },
  },
};

/** `/tournament create`: an organiser opens an event in sign-up, announced in this channel. */
async function createEvent(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  await mustOrganise(interaction, ctx);
  const game = interaction.options.getString("game", true);
  const clock = await eventClock(ctx, interaction.guildId, game, interaction.options.getString("clock"));
  // A server without computer players fills short tables with byes.
  const computers = (await ctx.settings.of(interaction.guildId)).computers;
  const fill = (interaction.options.getString("fill") ?? (computers ? "computer" : "bye")) as "computer" | "bye";
  if (fill === "computer") await ctx.settings.mustAllowComputers(interaction.guildId);
  const fillLevel = interaction.options.getString("fill-level") as ComputerLevel | null;
  const tieBreaks = readTieBreaks(interaction.options.getString("tie-breaks"));
  let made = "";
  // The event speaks the server's language in public, as its tables do.
  const locale = await ctx.settings.languageOf(interaction.guildId, interaction.guildLocale);
  const every = interaction.options.getInteger("every") as (typeof REPEAT_DAYS)[number] | null;
  const format = interaction.options.getString("format", true) as TournamentFormat;
  const rounds = interaction.options.getInteger("rounds");
  const create = (req: EventRequest) =>
    every ? ctx.tournaments.createRepeating(req, every).then((x) => x.event) : ctx.tournaments.create(req);
  await respond(interaction, "reply", false, async () => {
    const event = await create({
      guildId: interaction.guildId,
      channelId: interaction.channelId,
      organiserId: interaction.user.id,
      name:
        interaction.options.getString("name")?.trim() ||
        translate(locale, "tournament.default_name", { game: gameNameIn(locale, ctx.catalogue, game) }),
      locale,
      game,
      format,
      rounds: rounds ?? 3,
      // A round robin without rounds: plays as many as its field needs for everyone to meet everyone.
      ...(rounds === null && format === "round-robin" ? { roundsByField: true as const } : {}),
      tableSize: interaction.options.getInteger("table-size"),
      clock,
      fill,
      ...(fillLevel ? { fillLevel } : {}),
      checkInMinutes: interaction.options.getInteger("check-in") ?? 0,
      autoNext: !(interaction.options.getBoolean("pause") ?? false),
      rankComputers: interaction.options.getBoolean("rank-computers") ?? false,
      windowMinutes: interaction.options.getInteger("window") ?? 60,
      ...(tieBreaks ? { tieBreaks } : {}),
      ...startOption(interaction.options.getString("start")),
      ...cutOf(interaction),
    });
    made = event.id;
    const notes = [
      translate(locale, "tournament.new", { join: commandRef(locale, "tournament join", interaction.guildId) }),
      ...(every ? [translate(locale, "tournament.repeat_made", { every: translate(locale, `tournament.every_${every}`) })] : []),
      // A start Discord would not list (the bot lacks Create Events): said, so the server can grant it.
      ...(event.startsAt !== undefined && !event.scheduledEventId ? [translate(locale, "tournament.not_listed")] : []),
    ];
    return announcement(ctx, event, notes.join("\n"));
  });
  if (made) await keepAnnouncement(interaction, ctx, made);
}

/** `/tournament create`'s top cut (`cut:`, `cut-format:`), if it asks for one. */
function cutOf(interaction: ChatInputCommandInteraction): { cut?: Pick<TopCut, "size" | "format"> } {
  const size = interaction.options.getInteger("cut") as TopCut["size"] | null;
  const format = interaction.options.getString("cut-format") === "double-elimination" ? "double-elimination" : "single-elimination";
  return size ? { cut: { size, format } } : {};
}

/** `/tournament organisers`: a member with Manage Server chooses the role whose members organise events. */
async function setOrganisers(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
    throw new UserError("tournament/not_organiser", "Only members with Manage Server can choose the organisers' role.", "error", {
      context: "role",
    });
  const role = interaction.options.getRole("role", true);
  await ctx.tournaments.setOrganiserRole(interaction.guildId, role.id);
  await interaction.reply({
    content: translate(await publicLocale(ctx, interaction), "settings.organisers_set", { role: `<@&${role.id}>` }),
    allowedMentions: { parse: [] },
  });
}

/** `/tournament`, its `game:` choices the rated games of `games` and its one-player games (as challenges). */
export const tournamentCommand = (games: GameCatalogue): Command<BotContext> => ({
  data: new SlashCommandBuilder()
    .setName("tournament")
    .setDescription("Community tournaments, run by the bot from sign-up to podium")
    .setContexts(...SERVERS.contexts)
    .setIntegrationTypes(...SERVERS.integrationTypes)
    .addSubcommand(createSubcommand(games))
    .addSubcommand((s) =>
      s
        .setName("join")
        .setDescription("Sign up")
        .addStringOption(eventOption)
        .addUserOption((o) => o.setName("player").setDescription("Organisers: sign up someone else")),
    )
    .addSubcommand((s) => s.setName("leave").setDescription("Take your name off before the start").addStringOption(eventOption))
    .addSubcommand((s) =>
      s.setName("start").setDescription("Start (with check-in: open it; again: close it and seat round 1)").addStringOption(eventOption),
    )
    .addSubcommand((s) =>
      s.setName("next").setDescription("Seat the next round (events that pause between rounds)").addStringOption(eventOption),
    )
    .addSubcommand((s) => s.setName("info").setDescription("The event, its entrants and its scoring system").addStringOption(eventOption))
    .addSubcommand((s) => s.setName("standings").setDescription("Post the standings as a picture").addStringOption(eventOption))
    .addSubcommand((s) =>
      s.setName("drop").setDescription("Withdraw from the event (a computer finishes your game)").addStringOption(eventOption),
    )
    .addSubcommand((s) =>
      s
        .setName("remove")
        .setDescription("Remove a player from the event (organisers)")
        .addUserOption((o) => o.setName("player").setDescription("Who").setRequired(true))
        .addStringOption(eventOption),
    )
    .addSubcommand(tableFixSubcommands[0]!)
    .addSubcommand(tableFixSubcommands[1]!)
    .addSubcommand(tableFixSubcommands[2]!)
    .addSubcommand(flagSubcommand)
    .addSubcommand(seedsSubcommand)
    .addSubcommand((s) => s.setName("cancel").setDescription("Cancel the event (organisers)").addStringOption(eventOption))
    .addSubcommand((s) => s.setName("export").setDescription("Every game and the standings as a CSV file").addStringOption(eventOption))
    .addSubcommand((s) =>
      s
        .setName("computers")
        .setDescription("Add computer entrants (organisers, before the start)")
        .addIntegerOption((o) => o.setName("count").setDescription("How many").setRequired(true).setMinValue(1).setMaxValue(32))
        .addStringOption((o) =>
          o
            .setName("level")
            .setDescription("How well they play (default normal)")
            .addChoices(...COMPUTER_LEVELS.map((l) => ({ name: l, value: l }))),
        )
        .addStringOption(eventOption),
    )
    .addSubcommand(repeatSubcommands[0]!)
    .addSubcommand(repeatSubcommands[1]!)
    .addSubcommand(repeatSubcommands[2]!)
    .addSubcommand((s) =>
      s
        .setName("organisers")
        .setDescription("Set the role that may organise tournaments here (Manage Server)")
        .addRoleOption((o) => o.setName("role").setDescription("The organisers' role").setRequired(true)),
    ),

  async autocomplete(interaction, ctx): Promise<Choice[]> {
    const focused = interaction.options.getFocused(true);
    if (focused.name === "places") return placeChoices(interaction, ctx);
    if (focused.name === "template") return templateChoices(interaction, ctx, String(focused.value));
    const own = CREATE_CHOICES[focused.name];
    if (own) return own(String(focused.value), interaction.locale);
    const typed = String(focused.value).toLowerCase();
    const locale = localeOf(interaction.locale);
    return (await ctx.tournaments.list(interaction.guildId))
      .filter((t) => t.name.toLowerCase().includes(typed) || t.id.includes(typed))
      .slice(0, 25)
      .map((t) => ({
        name: translate(locale, "tournament.event_choice", {
          name: t.name,
          game: gameNameIn(locale, games, t.game),
          status: translate(locale, `tournament.status_${t.status}`),
        }).slice(0, 100),
        value: t.id,
      }));
  },

  async execute(interaction, ctx) {
    const sub = interaction.options.getSubcommand();
    if (sub === "create") return createEvent(interaction, ctx);
    if (sub === "organisers") return setOrganisers(interaction, ctx);
    if (REPEAT_SUBCOMMANDS.has(sub)) return runRepeat(sub, interaction, ctx);
    if (TABLE_FIXES.has(sub)) return runTableFix(sub, interaction, ctx);
    if (sub === "flag") return runFlag(interaction, ctx);
    const entry = EVENT_SUBCOMMANDS[sub];
    if (!entry) throw new UserError("command/unknown", "This command is not known to the bot.", "error", { context: "bare" });
    const t = await eventOf(interaction, ctx, { finished: entry.finished === true });
    if (entry.who === "organiser") await mustOrganise(interaction, ctx, t);
    await entry.run(interaction, ctx, t, seatOf(interaction));
  },
});
