/**
 * The ids of the bot's registered slash commands, for command mentions in public text
 * (`</game join:1234>`: every Discord client shows it in its reader's language and opens the
 * command when clicked; https://discord.com/developers/docs/reference#message-formatting).
 * Read once when the bot is ready: the global commands, and a guild's own (a test or development
 * registration) where there are no global ones.
 */
import type { Client } from "discord.js";
import { commandPathIn } from "../i18n/commands.ts";
import type { Locale } from "../i18n/index.ts";

export class CommandIds {
  private global = new Map<string, string>();
  private readonly guilds = new Map<string, Map<string, string>>();

  /** Reads the registered commands' ids through `client` (one request when they are global). */
  async load(client: Client<true>): Promise<void> {
    const global = await client.application.commands.fetch();
    this.global = new Map(global.map((c) => [c.name, c.id]));
    if (this.global.size > 0) return;
    for (const guild of client.guilds.cache.values()) {
      const own = await client.application.commands.fetch({ guildId: guild.id });
      this.guilds.set(guild.id, new Map(own.map((c) => [c.name, c.id])));
    }
  }

  /** The mention of command `path` (`game join`, English names) in guild `guildId`, or null when its id is not known. */
  mention(guildId: string | null, path: string): string | null {
    const root = path.split(" ")[0] ?? path;
    const id = this.global.get(root) ?? (guildId ? this.guilds.get(guildId)?.get(root) : undefined);
    return id ? `</${path}:${id}>` : null;
  }
}

/**
 * The bot's command ids (one per process: every bot of a process registers the same commands).
 * Filled by `startBot` when the client is ready; empty until then and in unit tests.
 */
export const COMMAND_IDS = new CommandIds();

/**
 * A command named in public text: its mention where its id is known, else its path as a reader
 * of `locale` types it, in code: `` `/game rejoindre` ``.
 */
export function commandRef(locale: Locale, path: string, guildId: string | null): string {
  return COMMAND_IDS.mention(guildId, path) ?? `\`/${commandPathIn(locale, path)}\``;
}
