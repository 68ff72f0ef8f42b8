/**
 * `/settings` (Manage Server): a server's own defaults — where tables may be opened, each game's
 * default turn clock, the house variants the rules docs offer, whether computer players may sit,
 * and the organisers' role. Every answer is private and says what changed; `show` lists them all.
 * Stored by src/bot/settings.ts; the organisers' role by the tournaments' book.
 */
import { SERVERS } from "../src/surfaces/answers/chains.ts";
import {
  ChannelType,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type SlashCommandSubcommandBuilder,
} from "discord.js";
import type { BotContext } from "../src/bot/context.ts";
import { clockName, parseClock } from "../src/bot/clock.ts";
import { COMPUTER_LEVELS } from "../src/engine/definition.ts";
import { UserError } from "../src/bot/errors.ts";
import { refuse } from "../src/bot/words.ts";
import type { Command } from "../src/bot/router.ts";
import type { HouseVariant, HouseVariants, ServerSettings } from "../src/bot/settings.ts";
import { clockChoices } from "./clock.ts";
import { formatNumber, LOCALES, localeOf, t, type Locale } from "../src/i18n/index.ts";

/**
 * What `/settings` offers of the games, read off their modules (`GameModule.clocks`,
 * `GameModule.variants`): the games whose new tables have a turn clock (shown as
 * `settings.games.<id>`) and the house variants, in the modules' order.
 */
export interface SettingsOffer {
  readonly clocks: readonly string[];
  readonly variants: readonly HouseVariant[];
}

/** `/settings variants`' option of house variant `v`, as Discord takes it. */
function variantOption(b: SlashCommandSubcommandBuilder, v: HouseVariant): SlashCommandSubcommandBuilder {
  switch (v.kind) {
    case "integer":
      return b.addIntegerOption((o) => o.setName(v.option).setDescription(v.description).setMinValue(v.min).setMaxValue(v.max));
    case "number":
      return b.addNumberOption((o) => o.setName(v.option).setDescription(v.description).setMinValue(v.min).setMaxValue(v.max));
    case "choice":
      return b.addStringOption((o) =>
        o
          .setName(v.option)
          .setDescription(v.description)
          .addChoices(...v.choices),
      );
  }
}

/** The value given to variant `v`'s option, or null when it was not given. */
function variantGiven(interaction: ChatInputCommandInteraction, v: HouseVariant): string | number | null {
  const o = interaction.options;
  return v.kind === "integer" ? o.getInteger(v.option) : v.kind === "number" ? o.getNumber(v.option) : o.getString(v.option);
}

const commandData = (offer: SettingsOffer) =>
  new SlashCommandBuilder()
    .setName("settings")
    .setDescription("This server's own defaults for games (changes: Manage Server)")
    .setContexts(...SERVERS.contexts)
    .setIntegrationTypes(...SERVERS.integrationTypes)
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
            .addChoices(...offer.clocks.map((g) => ({ name: t("en", `settings.games.${g}`), value: g }))),
        )
        .addStringOption((o) =>
          o.setName("clock").setDescription("Seconds, 12h/24h, off, or default").setRequired(true).setAutocomplete(true).setMaxLength(20),
        ),
    )
    .addSubcommand((s) =>
      offer.variants
        .reduce(variantOption, s.setName("variants").setDescription("House defaults for new tables (the rules' own variants)"))
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
        .setName("takeover")
        .setDescription("Level of computers playing for people who left")
        .addStringOption((o) =>
          o
            .setName("level")
            .setDescription("The level (a game without it plays normal)")
            .setRequired(true)
            .addChoices(...COMPUTER_LEVELS.map((l) => ({ name: t("en", `table.level_${l}`), value: l }))),
        ),
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

/** The house variants in words (each variant's `settings.variant.<key>`, joined by " · "), or "each game's own". */
export function variantsWords(v: HouseVariants, offer: SettingsOffer, locale: Locale = "en"): string {
  const parts = offer.variants.flatMap((d) => {
    const value = v[d.key];
    if (value === undefined) return [];
    return d.kind === "choice"
      ? [t(locale, `settings.variant.${d.key}_${value}`)]
      : [t(locale, `settings.variant.${d.key}`, { n: typeof value === "number" ? formatNumber(locale, value) : value })];
  });
  return parts.length ? parts.join(" · ") : t(locale, "settings.variant.none");
}

/**
 * Every setting of a server in words (the `show` answer), in `locale`; `guildLocale` is the
 * server's Discord language (what tables speak when no language is set).
 */
export function settingsWords(
  s: ServerSettings,
  offer: SettingsOffer,
  organisers: string | null,
  locale: Locale = "en",
  guildLocale?: string | null,
): string {
  const languageName = (l: Locale) => t(locale, `settings.languages.${l}`);
  const w = (key: string, params: Record<string, string | number> = {}) => t(locale, `settings.show.${key}`, params);
  const clocks = offer.clocks.map((g) => {
    const text = s.clocks[g];
    const clock = text === undefined ? undefined : parseClock(text);
    return `${t(locale, `settings.games.${g}`)} ${clock === undefined ? w("clock_default") : clock ? clockName(clock) : t(locale, "clock.off")}`;
  });
  const channels = s.channels.map((c) => `<#${c}>`).join(", ");
  return [
    w("title"),
    `- ${w("channels", { value: channels ? w("channels_list", { list: channels }) : w("channels_all") })}`,
    `- ${w("clocks", { value: clocks.join(" · ") })}`,
    `- ${w("variants", { value: variantsWords(s.variants, offer, locale) })}`,
    `- ${w("computers", { value: w(s.computers ? "computers_yes" : "computers_no") })}`,
    `- ${w("takeover", { value: t(locale, `table.level_${s.takeover ?? "normal"}`) })}`,
    `- ${w("organisers", { value: organisers ? w("organisers_role", { role: `<@&${organisers}>` }) : w("organisers_manage") })}`,
    `- ${w("language", { value: s.language ? languageName(s.language) : w("language_discord", { name: languageName(localeOf(guildLocale)) }) })}`,
  ].join("\n");
}

async function reply(interaction: ChatInputCommandInteraction, content: string): Promise<void> {
  await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

/** What a subcommand's handler is given: the interaction, the context, the server and the asker's words. */
interface SettingsCall {
  readonly interaction: ChatInputCommandInteraction;
  readonly ctx: BotContext;
  readonly offer: SettingsOffer;
  readonly guildId: string;
  /** The asker's language: every answer is private, in it. */
  readonly locale: Locale;
  /** The asker's words of `settings.<key>`. */
  w(key: string, params?: Record<string, string | number>): string;
  /** Changes the server's settings; the new settings. */
  change(f: (s: ServerSettings) => ServerSettings): Promise<ServerSettings>;
}

/** A subcommand of `/settings`: whether it changes the server (Manage Server), and its handler. */
interface SettingsSubcommand {
  readonly changes: boolean;
  run(call: SettingsCall): Promise<void>;
}

/** `/settings`' subcommands by name: reading is for everyone (refusals point to `/settings show`); changing needs Manage Server. */
const SUBCOMMANDS: Readonly<Record<string, SettingsSubcommand>> = {
  show: {
    changes: false,
    async run({ interaction, ctx, offer, guildId, locale }) {
      const s = await ctx.settings.of(guildId);
      await reply(interaction, settingsWords(s, offer, await ctx.tournaments.organiserRole(guildId), locale, interaction.guildLocale));
    },
  },
  channels: {
    changes: true,
    async run({ interaction, w, change }) {
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
    },
  },
  clock: {
    changes: true,
    async run({ interaction, locale, w, change }) {
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
    },
  },
  variants: {
    changes: true,
    async run({ interaction, offer, locale, w, change }) {
      const o = interaction.options;
      const given: HouseVariants = Object.fromEntries(
        offer.variants.flatMap((v) => {
          const value = variantGiven(interaction, v);
          return value === null ? [] : [[v.key, value]];
        }),
      );
      const reset = o.getBoolean("reset") ?? false;
      if (!reset && Object.keys(given).length === 0)
        throw new UserError("settings/nothing", "Name a variant to set (or `reset: True` for every game's own).");
      const s = await change((s) => ({ ...s, variants: { ...(reset ? {} : s.variants), ...given } }));
      const said = [
        reset ? w("variants_reset") : "",
        Object.keys(given).length ? w("variants_set", { list: variantsWords(given, offer, locale) }) : "",
        w("variants_now", { list: variantsWords(s.variants, offer, locale) }),
      ];
      await reply(interaction, `✅ ${said.filter(Boolean).join(" ")}`);
    },
  },
  computers: {
    changes: true,
    async run({ interaction, w, change }) {
      const allowed = interaction.options.getBoolean("allowed", true);
      await change((s) => ({ ...s, computers: allowed }));
      await reply(interaction, w(allowed ? "computers_on" : "computers_off"));
    },
  },
  takeover: {
    changes: true,
    async run({ interaction, locale, w, change }) {
      const level = COMPUTER_LEVELS.find((l) => l === interaction.options.getString("level", true)) ?? "normal";
      await change((s) => {
        const { takeover: _old, ...rest } = s;
        return level === "normal" ? rest : { ...rest, takeover: level };
      });
      await reply(interaction, w("takeover_set", { level: t(locale, `table.level_${level}`) }));
    },
  },
  language: {
    changes: true,
    async run({ interaction, locale, w, change }) {
      const value = interaction.options.getString("language", true);
      const chosen = LOCALES.find((l) => l === value);
      await change((s) => {
        const { language: _old, ...rest } = s;
        return chosen ? { ...rest, language: chosen } : rest;
      });
      const name = t(locale, `settings.languages.${chosen ?? localeOf(interaction.guildLocale)}`);
      await reply(interaction, w(chosen ? "language_set" : "language_discord", { name }));
    },
  },
  organisers: {
    changes: true,
    async run({ interaction, ctx, guildId, w }) {
      const role = interaction.options.getRole("role", true);
      await ctx.tournaments.setOrganiserRole(guildId, role.id);
      await reply(interaction, w("organisers_set", { role: `<@&${role.id}>` }));
    },
  },
};

/** `/settings` and its autocomplete, offering the clocks and house variants of `offer`. */
export const settingsCommand = (offer: SettingsOffer): Command<BotContext> => ({
  data: commandData(offer),
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
    const sub = SUBCOMMANDS[interaction.options.getSubcommand()];
    if (!sub) throw refuse("command/unknown");
    if (sub.changes && !interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
      throw new UserError("settings/not_manager", "Only members with Manage Server can change this server's settings.");
    const locale = localeOf(interaction.locale);
    await sub.run({
      interaction,
      ctx,
      offer,
      guildId,
      locale,
      w: (key, params = {}) => t(locale, `settings.${key}`, params),
      change: (f) => ctx.settings.change(guildId, f),
    });
  },
});
