/**
 * The single `interactionCreate` entry: routes slash commands, autocomplete and components,
 * with one error boundary. Expected failures (`UserError`) are answered ephemerally and not
 * logged as crashes; anything else is logged and answered with a generic ephemeral message.
 * Pattern: discord.js guide "Command handling" and "Event handling"
 * (https://discordjs.guide/creating-your-bot/command-handling.html).
 */
import {
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type MessageComponentInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import { decodeId, type ComponentId } from "./customid";
import { UserError } from "./errors";

/** One slash command: its registration data and handlers. */
export interface Command<Ctx> {
  readonly data: { readonly name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  execute(interaction: ChatInputCommandInteraction, ctx: Ctx): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, ctx: Ctx): Promise<void>;
}

/** Handles components whose customId this codec decodes. */
export interface ComponentHandler<Ctx> {
  handle(interaction: MessageComponentInteraction, id: ComponentId, ctx: Ctx): Promise<void>;
}

/** Logger used by the router (console by default). */
export interface Logger {
  info(msg: string): void;
  error(msg: string, err?: unknown): void;
}

/** Answers ephemerally whatever state the interaction is in (fresh, replied or deferred). */
export async function replyEphemeral(interaction: ChatInputCommandInteraction | MessageComponentInteraction, content: string): Promise<void> {
  const payload = { content, components: [], files: [], embeds: [] };
  if (interaction.deferred && !interaction.replied) {
    await interaction.editReply(payload);
  } else if (interaction.replied) {
    await interaction.followUp({ ...payload, flags: MessageFlags.Ephemeral });
  } else {
    await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral });
  }
}

/** Builds the interaction handler. */
export function createRouter<Ctx>(
  commands: readonly Command<Ctx>[],
  components: ComponentHandler<Ctx>,
  ctx: Ctx,
  log: Logger,
): (interaction: Interaction) => Promise<void> {
  const byName = new Map(commands.map((c) => [c.data.name, c]));
  return async (interaction) => {
    try {
      if (interaction.isAutocomplete()) {
        const cmd = byName.get(interaction.commandName);
        if (cmd?.autocomplete) await cmd.autocomplete(interaction, ctx);
        else await interaction.respond([]);
        return;
      }
      if (interaction.isChatInputCommand()) {
        const cmd = byName.get(interaction.commandName);
        if (!cmd) throw new UserError("command/unknown", "This command is not known to the bot (is it deployed?).");
        await cmd.execute(interaction, ctx);
        return;
      }
      if (interaction.isMessageComponent()) {
        const id = decodeId(interaction.customId);
        if (!id) throw new UserError("component/unknown", "This button belongs to an older version of the bot. Use `/onexeno table` for a fresh table.");
        await components.handle(interaction, id, ctx);
      }
    } catch (e) {
      if (interaction.isAutocomplete()) {
        if (!interaction.responded) await interaction.respond([]).catch(() => {});
        if (!(e instanceof UserError)) log.error("autocomplete failed", e);
        return;
      }
      if (!(interaction.isChatInputCommand() || interaction.isMessageComponent())) return;
      const text = e instanceof UserError ? `❌ ${e.message}` : "⚠️ Something went wrong on our side. The table is unchanged; please try again.";
      if (!(e instanceof UserError)) log.error(`interaction ${interaction.id} failed`, e);
      await replyEphemeral(interaction, text).catch((err: unknown) => log.error("could not report an error", err));
    }
  };
}
