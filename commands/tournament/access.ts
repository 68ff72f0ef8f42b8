/**
 * Who may organise (members with Manage Server, or the role set with `/tournament organisers`)
 * and which event a command is about (its `event` option, else this channel's or thread's).
 */
import { PermissionFlagsBits, type ChatInputCommandInteraction, type MessageComponentInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { UserError } from "../../src/bot/errors.ts";
import { type Tournament } from "../../src/bot/tournaments.ts";

/** Whether the member may organise: Manage Server, or the server's organiser role. */
export async function isOrganiser(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
): Promise<boolean> {
  if (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) return true;
  const role = await ctx.tournaments.organiserRole(interaction.guildId);
  if (!role) return false;
  const roles = interaction.member?.roles;
  return Array.isArray(roles) ? roles.includes(role) : roles ? roles.cache.has(role) : false;
}

export async function mustOrganise(interaction: ChatInputCommandInteraction, ctx: BotContext, t?: Tournament): Promise<void> {
  if (t && t.organiserId === interaction.user.id) return;
  if (!(await isOrganiser(interaction, ctx)))
    throw new UserError(
      "tournament/not_organiser",
      "Only organisers can do that: members with Manage Server, or the role set with `/tournament organisers`.",
    );
}

/**
 * The event an interaction is about: the `event` option, this thread's, or this channel's newest
 * open one; with `finished` (reading commands: info, standings, export), else this channel's
 * most recent event, over or cancelled. Refuses with `tournament/none`.
 */
export async function eventOf(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  { finished = false }: { readonly finished?: boolean } = {},
): Promise<Tournament> {
  const id = interaction.options.getString("event");
  if (id) {
    const t = await ctx.tournaments.get(id);
    if (!t || t.guildId !== interaction.guildId)
      throw new UserError("tournament/none", "There is no such tournament in this server. Pick one from the list.");
    return t;
  }
  const here = await ctx.tournaments.ofThread(interaction.channelId);
  if (here) return here;
  const events = (await ctx.tournaments.list(interaction.guildId)).filter((t) => t.channelId === interaction.channelId);
  const open = events.find((t) => t.status !== "over" && t.status !== "cancelled") ?? (finished ? events[0] : undefined);
  if (!open)
    throw new UserError(
      "tournament/none",
      "There is no open tournament in this channel. Create one with `/tournament create`, or pick an event.",
      "error",
      { context: "channel" },
    );
  return open;
}

export const eventOption = (o: import("discord.js").SlashCommandStringOption) =>
  o.setName("event").setDescription("Which event (default: this channel's)").setAutocomplete(true).setMaxLength(40);
