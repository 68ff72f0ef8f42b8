/**
 * A server's own settings (`/settings`, Manage Server): where tables may be opened, the default
 * turn clock of each game, the house variants the rules docs offer, and whether computer players
 * may sit at tables. One plain versioned JSON record per guild in the `settings` namespace (the
 * organisers' role stays with the tournaments, src/bot/tournament-book.ts). With shards, a guild's
 * record is written only by the shard that holds the guild, as every per-guild record here.
 */
import type { ChatInputCommandInteraction } from "discord.js";
import { COMPUTER_LEVELS, type ComputerLevel } from "../engine/definition.ts";
import type { RecordStore } from "../store/store.ts";
import { parseClock, type ClockSetting } from "./clock.ts";
import { UserError } from "./errors.ts";
import { localeOf, type Locale } from "../i18n/index.ts";

/**
 * The house defaults for new tables, by each declared variant's key (`HouseVariant`); an absent
 * key keeps the game's own default. Read a value through `houseValue`, which checks it against
 * its declaration (a stored value a newer declaration no longer allows reads as absent).
 */
export type HouseVariants = Readonly<Record<string, string | number>>;

/** What every house variant declares: its stored key, its `/settings variants` option and what it says there. */
interface VariantBase {
  /** Its key in `HouseVariants`, and in its words: `settings.variant.<key>` (a choice: `<key>_<value>`). */
  readonly key: string;
  /** Its option of `/settings variants` (a name Discord takes: lowercase, dashes). */
  readonly option: string;
  /** The option's description (English; other languages: the locale files' `commands` entries). */
  readonly description: string;
}

/** A house variant that is a number from `min` to `max` (`integer`: a whole one). */
export interface NumberVariant extends VariantBase {
  readonly kind: "integer" | "number";
  readonly min: number;
  readonly max: number;
}

/** A house variant that is one of its `choices`. */
export interface ChoiceVariant<V extends string = string> extends VariantBase {
  readonly kind: "choice";
  readonly choices: readonly { readonly name: string; readonly value: V }[];
}

/**
 * A variant of a game's rules that a server may make its default for new tables, declared by the
 * game's module (`GameModule.variants`) and offered by `/settings variants` from the declaration.
 */
export type HouseVariant = NumberVariant | ChoiceVariant;

/** The server's value of number variant `v`, or undefined when it has none (or a stored one `v` no longer allows). */
export function houseValue(variants: HouseVariants, v: NumberVariant): number | undefined;
/** The server's value of choice variant `v`, or undefined when it has none (or a stored one `v` no longer allows). */
export function houseValue<V extends string>(variants: HouseVariants, v: ChoiceVariant<V>): V | undefined;
export function houseValue(variants: HouseVariants, v: HouseVariant): string | number | undefined {
  const value = variants[v.key];
  if (v.kind === "choice") return v.choices.find((c) => c.value === value)?.value;
  if (typeof value !== "number" || value < v.min || value > v.max || (v.kind === "integer" && !Number.isInteger(value))) return undefined;
  return value;
}

/** A guild's settings record (schema version 1). */
export interface ServerSettings {
  readonly v: 1;
  /** Channel ids where tables may be opened; empty: every channel. A thread counts as its parent. */
  readonly channels: readonly string[];
  /** Default turn clock of new tables by game id (the games a module lists in `clocks`), as `parseClock` reads it. */
  readonly clocks: Readonly<Record<string, string>>;
  readonly variants: HouseVariants;
  /** Whether computer players may be seated (`bot add`, a tournament's computer fill and entrants). */
  readonly computers: boolean;
  /** The language of new tables' public messages and pictures; absent: the guild's Discord language. */
  readonly language?: Locale;
  /** The level of a computer playing for a person who left a running game or is away (`/settings takeover`); absent: normal. */
  readonly takeover?: ComputerLevel;
}

/** The settings of a server that never changed any. */
export const DEFAULT_SETTINGS: ServerSettings = { v: 1, channels: [], clocks: {}, variants: {}, computers: true };

/** Reads and changes the settings of each guild. */
/** A player's own choices, kept across tables and servers (key `player:<user id>` beside the servers' settings). */
export interface PlayerSettings {
  readonly player: 1;
  /** Computers do not hold their move for this player's out-of-turn choice (**Don't wait for me**). */
  readonly noHold?: boolean;
}

export class SettingsBook {
  constructor(private readonly store: RecordStore<ServerSettings | PlayerSettings>) {}

  /** A guild's settings (the defaults for a guild that set none, or for DMs). */
  async of(guildId: string | null): Promise<ServerSettings> {
    if (!guildId) return DEFAULT_SETTINGS;
    const v = await this.store.get(guildId);
    return v && "v" in v && v.v === 1 ? { ...DEFAULT_SETTINGS, ...v } : DEFAULT_SETTINGS;
  }

  /** A player's own settings (none set: `{ player: 1 }`). */
  async player(userId: string): Promise<PlayerSettings> {
    const v = await this.store.get(`player:${userId}`);
    return v && "player" in v ? v : { player: 1 };
  }

  /** Applies `change` to a player's own settings and stores the result; returns it. */
  async changePlayer(userId: string, change: (s: PlayerSettings) => PlayerSettings): Promise<PlayerSettings> {
    const next = change(await this.player(userId));
    await this.store.set(`player:${userId}`, next);
    return next;
  }

  /** Applies `change` to a guild's settings and stores the result; returns it. */
  async change(guildId: string, change: (s: ServerSettings) => ServerSettings): Promise<ServerSettings> {
    const next = change(await this.of(guildId));
    await this.store.set(guildId, next);
    return next;
  }

  /**
   * The language a new table of this guild speaks in public: the server's `/settings language`,
   * else its Discord language (`guildLocale`, a Discord locale code such as `fr` or `pt-BR`), else English.
   */
  async languageOf(guildId: string | null, guildLocale: string | null | undefined): Promise<Locale> {
    return (await this.of(guildId)).language ?? localeOf(guildLocale);
  }

  /** The level of a computer playing for a person who left or is away at this guild's new tables (normal unless set). */
  async takeoverOf(guildId: string | null): Promise<ComputerLevel> {
    const level = (await this.of(guildId)).takeover;
    return level && (COMPUTER_LEVELS as readonly string[]).includes(level) ? level : "normal";
  }

  /** The default turn clock of game `gameId`'s new tables in this guild (`fallback` when none is set). */
  async clockOf(guildId: string | null, gameId: string, fallback: ClockSetting | null): Promise<ClockSetting | null> {
    const text = (await this.of(guildId)).clocks[gameId];
    return text === undefined ? fallback : parseClock(text);
  }

  /**
   * Refuses (`settings/channel`) a table in a channel where the server does not allow them;
   * `parentId` is the channel a thread belongs to. The words list the allowed channels.
   */
  async mustAllowTable(guildId: string | null, channelId: string, parentId: string | null): Promise<void> {
    const { channels } = await this.of(guildId);
    if (channels.length === 0 || channels.includes(channelId) || (parentId !== null && channels.includes(parentId))) return;
    const where = channels.map((c) => `<#${c}>`).join(", ");
    throw new UserError("settings/channel", `Games are played in ${where} on this server (and their threads).`, "error", { where });
  }

  /** Refuses (`settings/no_computers`) when the guild does not let computer players sit at tables. */
  async mustAllowComputers(guildId: string | null): Promise<void> {
    if ((await this.of(guildId)).computers) return;
    throw new UserError("settings/no_computers", "This server does not seat computer players (see `/settings show`).");
  }
}

/**
 * The router's guard: a command that opens a table (`/<game> new`) or an event
 * (`/tournament create`) is refused (`settings/channel`) outside the server's allowed channels.
 * A thread counts as its parent channel (read from the cache, else fetched).
 */
export async function mustAllowTableHere(
  interaction: ChatInputCommandInteraction,
  games: readonly { readonly command: string }[],
  settings: SettingsBook,
): Promise<void> {
  const sub = interaction.options.getSubcommand(false);
  const opens =
    (sub === "new" && games.some((g) => g.command === interaction.commandName)) ||
    (interaction.commandName === "tournament" && sub === "create") ||
    (interaction.commandName === "queue" && sub === "join");
  if (!opens || !interaction.guildId) return;
  if ((await settings.of(interaction.guildId)).channels.length === 0) return;
  const channel = interaction.channel ?? (await interaction.client.channels.fetch(interaction.channelId).catch(() => null));
  const parentId = channel?.isThread() ? channel.parentId : null;
  await settings.mustAllowTable(interaction.guildId, interaction.channelId, parentId);
}
