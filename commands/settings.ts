/**
 * `/settings` (Manage Server): a server's own defaults — where tables may be opened, each game's
 * default turn clock, the house variants the rules docs offer, whether computer players may sit,
 * and the organisers' role. Every answer is private and says what changed; `show` lists them all.
 * Stored by src/bot/settings.ts; the organisers' role by the tournaments' book.
 */
import { ChannelType, MessageFlags, PermissionFlagsBits, SlashCommandBuilder, type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../src/bot/context";
import { clockName, parseClock } from "../src/bot/clock";
import { UserError } from "../src/bot/errors";
import type { Command } from "../src/bot/router";
import type { HouseVariants, ServerSettings } from "../src/bot/settings";
import { clockChoices } from "./clock";
import { formatNumber, LOCALES, localeOf, t, type Locale } from "../src/i18n/index";
import { MAX_HANDS } from "../src/games/onexeno/types";

/** The games whose new tables have a turn clock, with the name `/settings` shows. */
const CLOCK_GAMES = ["onexeno", "canasta", "onze"] as const;

const data = new SlashCommandBuilder()
  .setName("settings")
  .setDescription("This server's own defaults for games (changes: Manage Server)")
  .setDMPermission(false)
  .addSubcommand((s) => s.setName("show").setDescription("Every setting of this server, in words"))
  .addSubcommand((s) =>
    s
      .setName("channels")
      .setDescription("Where tables may be opened (default: every channel)")
      .addStringOption((o) =>
        o
          .setName("action")
          .setDescription("Allow or stop a channel, or allow them all")
          .setRequired(true)
          .addChoices(
            { name: "allow this channel", value: "allow" },
            { name: "stop allowing this channel", value: "disallow" },
            { name: "every channel", value: "everywhere" },
          ),
      )
      .addChannelOption((o) =>
        o
          .setName("channel")
          .setDescription("The channel (default: this one)")
          .addChannelTypes(ChannelType.GuildText, ChannelType.GuildForum),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName("clock")
      .setDescription("The default turn clock of a game's new tables")
      .addStringOption((o) =>
        o
          .setName("game")
          .setDescription("Which game")
          .setRequired(true)
          .addChoices(...CLOCK_GAMES.map((g) => ({ name: t("en", `settings.games.${g}`), value: g }))),
      )
      .addStringOption((o) =>
        o.setName("clock").setDescription("Seconds, 12h/24h, off, or default").setRequired(true).setAutocomplete(true).setMaxLength(20),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName("variants")
      .setDescription("House defaults for new tables (the rules' own variants)")
      .addIntegerOption((o) =>
        o.setName("hands").setDescription(`ONEXENO: hands in a session (1-${MAX_HANDS})`).setMinValue(1).setMaxValue(MAX_HANDS),
      )
      .addStringOption((o) =>
        o
          .setName("canasta-rows")
          .setDescription("Canasta: the row rule")
          .addChoices(
            { name: "sum: more than 10, at most 20 points", value: "sum" },
            { name: "five-to-seven: also 5 to 7 cards a row", value: "five-to-seven" },
          ),
      )
      .addIntegerOption((o) =>
        o.setName("canasta-target").setDescription("Canasta: points to pass to win").setMinValue(50).setMaxValue(5000),
      )
      .addNumberOption((o) => o.setName("cardeno-pace").setDescription("Cardeno: seconds between pieces").setMinValue(1).setMaxValue(10))
      .addStringOption((o) =>
        o
          .setName("cardeno-variant")
          .setDescription("Cardeno: the variant")
          .addChoices({ name: "standard", value: "standard" }, { name: "full-board", value: "full-board" }),
      )
      .addIntegerOption((o) => o.setName("cardeno-rounds").setDescription("Cardeno: rounds to play").setMinValue(1).setMaxValue(10))
      .addBooleanOption((o) => o.setName("reset").setDescription("Back to every game's own defaults first")),
  )
  .addSubcommand((s) =>
    s
      .setName("computers")
      .setDescription("Whether computer players may sit at tables")
      .addBooleanOption((o) => o.setName("allowed").setDescription("Allowed (the default) or not").setRequired(true)),
  )
  .addSubcommand((s) =>
    s
      .setName("organisers")
      .setDescription("The role that may organise tournaments")
      .addRoleOption((o) => o.setName("role").setDescription("The organisers' role").setRequired(true)),
  )
  .addSubcommand((s) =>
    s
      .setName("language")
      .setDescription("The language of public table messages and pictures")
      .addStringOption((o) =>
        o
          .setName("language")
          .setDescription("A language, or the server's own Discord language")
          .setRequired(true)
          .addChoices(
            { name: "the server's Discord language", value: "discord" },
            ...LOCALES.map((l) => ({ name: t("en", `settings.languages.${l}`), value: l })),
          ),
      ),
  );

/** The house variants in words ("ONEXENO hands 3 · canasta rows of 5 to 7 cards"), or "each game's own". */
export function variantsWords(v: HouseVariants, locale: Locale = "en"): string {
  const w = (key: string, params: Record<string, string | number> = {}) => t(locale, `settings.variant.${key}`, params);
  const parts = [
    v.hands !== undefined ? w("hands", { n: v.hands }) : "",
    v.canastaRows !== undefined ? w(`canastaRows_${v.canastaRows}`) : "",
    v.canastaTarget !== undefined ? w("canastaTarget", { n: formatNumber(locale, v.canastaTarget) }) : "",
    v.cardenoPace !== undefined ? w("cardenoPace", { n: formatNumber(locale, v.cardenoPace) }) : "",
    v.cardenoVariant !== undefined ? w(`cardenoVariant_${v.cardenoVariant}`) : "",
    v.cardenoRounds !== undefined ? w("cardenoRounds", { n: v.cardenoRounds }) : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : w("none");
}

/**
 * Every setting of a server in words (the `show` answer), in `locale`; `guildLocale` is the
 * server's Discord language (what tables speak when no language is set).
 */
export function settingsWords(s: ServerSettings, organisers: string | null, locale: Locale = "en", guildLocale?: string | null): string {
  const languageName = (l: Locale) => t(locale, `settings.languages.${l}`);
  const w = (key: string, params: Record<string, string | number> = {}) => t(locale, `settings.show.${key}`, params);
  const clocks = CLOCK_GAMES.map((g) => {
    const text = s.clocks[g];
    const clock = text === undefined ? undefined : parseClock(text);
    return `${t(locale, `settings.games.${g}`)} ${clock === undefined ? w("clock_default") : clock ? clockName(clock) : t(locale, "clock.off")}`;
  });
  const channels = s.channels.map((c) => `<#${c}>`).join(", ");
  return [
    w("title"),
    `- ${w("channels", { value: channels ? w("channels_list", { list: channels }) : w("channels_all") })}`,
    `- ${w("clocks", { value: clocks.join(" · ") })}`,
    `- ${w("variants", { value: variantsWords(s.variants, locale) })}`,
    `- ${w("computers", { value: w(s.computers ? "computers_yes" : "computers_no") })}`,
    `- ${w("organisers", { value: organisers ? w("organisers_role", { role: `<@&${organisers}>` }) : w("organisers_manage") })}`,
    `- ${w("language", { value: s.language ? languageName(s.language) : w("language_discord", { name: languageName(localeOf(guildLocale)) }) })}`,
  ].join("\n");
}

async function reply(interaction: ChatInputCommandInteraction, content: string): Promise<void> {
  await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

/** `/settings` and its autocomplete. */
export const settingsCommand: Command<BotContext> = {
  data,
  async autocomplete(interaction) {
    const focused = interaction.options.getFocused(true);
    if (focused.name !== "clock") return [];
    const typed = String(focused.value);
    const choices = clockChoices(typed, interaction.locale);
    const reset = { name: t(localeOf(interaction.locale), "settings.autocomplete_default"), value: "default" };
    return typed === "" || "default".startsWith(typed.toLowerCase()) ? [reset, ...choices].slice(0, 25) : choices;
  },
  async execute(interaction, ctx) {
    const guildId = interaction.guildId;
    if (!guildId) throw new UserError("settings/guild_only", "Settings belong to a server: use this in one.");
    const sub = interaction.options.getSubcommand();
    // Reading the settings is for everyone (refusals point to `/settings show`); changing them needs Manage Server.
    if (sub !== "show" && !interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
      throw new UserError("settings/not_manager", "Only members with Manage Server can change this server's settings.");
    // Every answer is private, in the language of the member who asked.
    const locale = localeOf(interaction.locale);
    const w = (key: string, params: Record<string, string | number> = {}) => t(locale, `settings.${key}`, params);
    const change = (f: (s: ServerSettings) => ServerSettings) => ctx.settings.change(guildId, f);
    switch (sub) {
      case "show": {
        const s = await ctx.settings.of(guildId);
        await reply(interaction, settingsWords(s, await ctx.tournaments.organiserRole(guildId), locale, interaction.guildLocale));
        return;
      }
      case "channels": {
        const action = interaction.options.getString("action", true);
        const channel = interaction.options.getChannel("channel")?.id ?? interaction.channelId;
        if (action === "everywhere") {
          await change((s) => ({ ...s, channels: [] }));
          await reply(interaction, w("everywhere"));
          return;
        }
        const s = await change((s) => ({
          ...s,
          channels: action === "allow" ? [...new Set([...s.channels, channel])] : s.channels.filter((c) => c !== channel),
        }));
        const now = s.channels.length ? s.channels.map((c) => `<#${c}>`).join(", ") : w("none_listed");
        await reply(interaction, w(action === "allow" ? "allowed" : "disallowed", { channel: `<#${channel}>`, now }));
        return;
      }
      case "clock": {
        const game = interaction.options.getString("game", true);
        const text = interaction.options.getString("clock", true).trim();
        const name = t(locale, `settings.games.${game}`);
        if (text.toLowerCase() === "default") {
          await change((s) => ({ ...s, clocks: Object.fromEntries(Object.entries(s.clocks).filter(([k]) => k !== game)) }));
          await reply(interaction, w("clock_default", { game: name }));
          return;
        }
        const clock = parseClock(text); // refuses what is not a clock
        await change((s) => ({ ...s, clocks: { ...s.clocks, [game]: text } }));
        await reply(
          interaction,
          w("clock_set", { game: name, clock: clock ? w("clock_turn", { clock: clockName(clock) }) : w("clock_none") }),
        );
        return;
      }
      case "variants": {
        const o = interaction.options;
        const given: HouseVariants = {
          ...(o.getInteger("hands") !== null ? { hands: o.getInteger("hands") as number } : {}),
          ...(o.getString("canasta-rows") !== null ? { canastaRows: o.getString("canasta-rows") as HouseVariants["canastaRows"] } : {}),
          ...(o.getInteger("canasta-target") !== null ? { canastaTarget: o.getInteger("canasta-target") as number } : {}),
          ...(o.getNumber("cardeno-pace") !== null ? { cardenoPace: o.getNumber("cardeno-pace") as number } : {}),
          ...(o.getString("cardeno-variant") !== null
            ? { cardenoVariant: o.getString("cardeno-variant") as HouseVariants["cardenoVariant"] }
            : {}),
          ...(o.getInteger("cardeno-rounds") !== null ? { cardenoRounds: o.getInteger("cardeno-rounds") as number } : {}),
        };
        const reset = o.getBoolean("reset") ?? false;
        if (!reset && Object.keys(given).length === 0)
          throw new UserError("settings/nothing", "Name a variant to set (or `reset: True` for every game's own).");
        const s = await change((s) => ({ ...s, variants: { ...(reset ? {} : s.variants), ...given } }));
        const said = [
          reset ? w("variants_reset") : "",
          Object.keys(given).length ? w("variants_set", { list: variantsWords(given, locale) }) : "",
          w("variants_now", { list: variantsWords(s.variants, locale) }),
        ];
        await reply(interaction, `✅ ${said.filter(Boolean).join(" ")}`);
        return;
      }
      case "computers": {
        const allowed = interaction.options.getBoolean("allowed", true);
        await change((s) => ({ ...s, computers: allowed }));
        await reply(interaction, w(allowed ? "computers_on" : "computers_off"));
        return;
      }
      case "language": {
        const value = interaction.options.getString("language", true);
        const chosen = LOCALES.find((l) => l === value);
        await change((s) => {
          const { language: _old, ...rest } = s;
          return chosen ? { ...rest, language: chosen } : rest;
        });
        const name = t(locale, `settings.languages.${chosen ?? localeOf(interaction.guildLocale)}`);
        await reply(interaction, w(chosen ? "language_set" : "language_discord", { name }));
        return;
      }
      case "organisers": {
        const role = interaction.options.getRole("role", true);
        await ctx.tournaments.setOrganiserRole(guildId, role.id);
        await reply(interaction, w("organisers_set", { role: `<@&${role.id}>` }));
        return;
      }
    }
  },
};
