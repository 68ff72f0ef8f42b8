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
import { MAX_HANDS } from "../src/games/onexeno/types";

/** The games whose new tables have a turn clock, with the name `/settings` shows. */
const CLOCK_GAMES = [
  { id: "onexeno", name: "ONEXENO basic and partners" },
  { id: "canasta", name: "ONEXENO canasta" },
  { id: "onze", name: "Onze" },
] as const;

const data = new SlashCommandBuilder()
  .setName("settings")
  .setDescription("This server's own defaults for games (Manage Server)")
  .setDMPermission(false)
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
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
          .addChoices(...CLOCK_GAMES.map((g) => ({ name: g.name, value: g.id }))),
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
  );

/** The house variants in words ("hands 3 · canasta rows five-to-seven"), or "the games' own". */
export function variantsWords(v: HouseVariants): string {
  const parts = [
    v.hands !== undefined ? `ONEXENO hands ${v.hands}` : "",
    v.canastaRows !== undefined ? `canasta rows ${v.canastaRows}` : "",
    v.canastaTarget !== undefined ? `canasta target ${v.canastaTarget}` : "",
    v.cardenoPace !== undefined ? `Cardeno pace ${v.cardenoPace} s` : "",
    v.cardenoVariant !== undefined ? `Cardeno ${v.cardenoVariant}` : "",
    v.cardenoRounds !== undefined ? `Cardeno rounds ${v.cardenoRounds}` : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "each game's own";
}

/** Every setting of a server in words (the `show` answer). */
export function settingsWords(s: ServerSettings, organisers: string | null): string {
  const clocks = CLOCK_GAMES.map(
    (g) => `${g.name} ${s.clocks[g.id] !== undefined ? clockName(parseClock(s.clocks[g.id] as string)) : "120 s (default)"}`,
  );
  return [
    "## This server's settings",
    `- **Channels for tables**: ${s.channels.length ? `${s.channels.map((c) => `<#${c}>`).join(", ")} and their threads` : "every channel"}`,
    `- **Turn clocks**: ${clocks.join(" · ")}`,
    `- **House variants**: ${variantsWords(s.variants)}`,
    `- **Computer players**: ${s.computers ? "may sit at tables" : "not seated (short tournament tables get byes)"}`,
    `- **Tournament organisers**: members with Manage Server${organisers ? ` and <@&${organisers}>` : ""}`,
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
    const reset = { name: "default: each game's own (120 s)", value: "default" };
    return typed === "" || "default".startsWith(typed.toLowerCase()) ? [reset, ...clockChoices(typed)].slice(0, 25) : clockChoices(typed);
  },
  async execute(interaction, ctx) {
    const guildId = interaction.guildId;
    if (!guildId) throw new UserError("settings/guild_only", "Settings belong to a server: use this in one.");
    if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
      throw new UserError("settings/not_manager", "Only members with Manage Server can change this server's settings.");
    const sub = interaction.options.getSubcommand();
    const change = (f: (s: ServerSettings) => ServerSettings) => ctx.settings.change(guildId, f);
    switch (sub) {
      case "show": {
        await reply(interaction, settingsWords(await ctx.settings.of(guildId), await ctx.tournaments.organiserRole(guildId)));
        return;
      }
      case "channels": {
        const action = interaction.options.getString("action", true);
        const channel = interaction.options.getChannel("channel")?.id ?? interaction.channelId;
        if (action === "everywhere") {
          await change((s) => ({ ...s, channels: [] }));
          await reply(interaction, "✅ Tables may now be opened in every channel.");
          return;
        }
        const s = await change((s) => ({
          ...s,
          channels: action === "allow" ? [...new Set([...s.channels, channel])] : s.channels.filter((c) => c !== channel),
        }));
        const now = s.channels.length ? s.channels.map((c) => `<#${c}>`).join(", ") : "every channel (none is listed)";
        await reply(
          interaction,
          action === "allow"
            ? `✅ Tables may be opened in <#${channel}>. Allowed now: ${now}.`
            : `✅ <#${channel}> is no longer listed. Allowed now: ${now}.`,
        );
        return;
      }
      case "clock": {
        const game = interaction.options.getString("game", true);
        const text = interaction.options.getString("clock", true).trim();
        const name = CLOCK_GAMES.find((g) => g.id === game)?.name ?? game;
        if (text.toLowerCase() === "default") {
          await change((s) => ({ ...s, clocks: Object.fromEntries(Object.entries(s.clocks).filter(([k]) => k !== game)) }));
          await reply(interaction, `✅ New ${name} tables get the game's own clock (120 s a turn).`);
          return;
        }
        const clock = parseClock(text); // refuses what is not a clock
        await change((s) => ({ ...s, clocks: { ...s.clocks, [game]: text } }));
        await reply(
          interaction,
          `✅ New ${name} tables get ${clock ? `${clockName(clock)} a turn` : "no clock"} unless their \`clock\` says otherwise.`,
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
        await reply(
          interaction,
          `✅ ${reset ? "Reset. " : ""}${Object.keys(given).length ? `Set: ${variantsWords(given)}. ` : ""}House variants now: ${variantsWords(s.variants)}.`,
        );
        return;
      }
      case "computers": {
        const allowed = interaction.options.getBoolean("allowed", true);
        await change((s) => ({ ...s, computers: allowed }));
        await reply(
          interaction,
          allowed
            ? "✅ Computer players may sit at tables again."
            : "✅ Computer players are no longer seated: `bot add` is refused and short tournament tables get byes. (A player who leaves mid-game is still replaced, so no game is lost.)",
        );
        return;
      }
      case "organisers": {
        const role = interaction.options.getRole("role", true);
        await ctx.tournaments.setOrganiserRole(guildId, role.id);
        await reply(interaction, `✅ Members with <@&${role.id}> may now organise tournaments here.`);
        return;
      }
    }
  },
};
