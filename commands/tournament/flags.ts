/**
 * Flagging a tournament game for its organisers (docs/rules/tournaments.md, "Flagging a game"):
 * a player's **Flag for the organisers** (the button just above a table's first picture) or
 * `/tournament flag reason:` in the table's thread opens a private thread of the event's channel
 * (its desk) with the event's organiser and the table's people, the organisers' role mentioned,
 * and pauses the game. At the desk an organiser voids the game, has it dealt again or lets it
 * play on (buttons), or ends or corrects its places with `/tournament correct places: reason:`;
 * the player may withdraw the flag until then. The rules of each step: src/bot/flag-rules.ts.
 * Private threads: https://discord.com/developers/docs/resources/channel#start-thread-without-message
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  PermissionFlagsBits,
  type BaseMessageOptions,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
  type SlashCommandSubcommandBuilder,
} from "discord.js";
import { commandRef } from "../../src/bot/command-ids.ts";
import type { BotContext } from "../../src/bot/context.ts";
import { encodeId, type ComponentId } from "../../src/bot/customid.ts";
import {
  flagAnswered,
  flagged,
  flagOfDesk,
  flagWithdrawn,
  mustBeOpen,
  openFlag,
  replayOrdered,
  voided,
  withDesk,
} from "../../src/bot/flag-rules.ts";
import { respond } from "../../src/bot/reply.ts";
import type { FlagAnswer, TableFlag, Tournament } from "../../src/bot/tournament-record.ts";
import { refuse, sayAt } from "../../src/bot/words.ts";
import { localeOf, t as translate } from "../../src/i18n/index.ts";
import { seatOf } from "../games.ts";
import { isOrganiser } from "./access.ts";

/** The customId verbs of flags: the table's button, and the desk's (void, deal again, play on, withdraw). */
export const FLAG_VERBS: ReadonlySet<string> = new Set(["tflag", "fvoid", "freplay", "fresume", "fwithdraw"]);

/** The builder of `/tournament flag [reason:]`. */
export const flagSubcommand = (s: SlashCommandSubcommandBuilder) =>
  s
    .setName("flag")
    .setDescription("In a table's thread: flag its game for the organisers")
    .addStringOption((o) => o.setName("reason").setDescription("What happened (the organisers read it)").setMaxLength(300));

/** Posted just above a tournament table's first picture: what a flag does, and its button (in the event's language). */
export function flagPrompt(t: Tournament): BaseMessageOptions {
  const button = new ButtonBuilder()
    .setCustomId(encodeId("tflag", 0, t.id))
    .setLabel(sayAt(t, "tournament.flag_button"))
    .setEmoji("⚑")
    .setStyle(ButtonStyle.Secondary);
  return {
    content: sayAt(t, "tournament.flag_prompt"),
    components: [new ActionRowBuilder<ButtonBuilder>().addComponents(button)],
    allowedMentions: { parse: [] },
  };
}

/** The desk's message: who flagged which table and why, who is here, and the answers' buttons. */
async function deskMessage(ctx: BotContext, t: Tournament, flag: TableFlag, people: readonly string[]): Promise<BaseMessageOptions> {
  const role = await ctx.tournaments.organiserRole(t.guildId);
  const button = (verb: string, key: string, style: ButtonStyle) =>
    new ButtonBuilder()
      .setCustomId(encodeId(verb, 0, t.id, flag.n))
      .setLabel(sayAt(t, `tournament.${key}`))
      .setStyle(style);
  const content = sayAt(t, "tournament.flag_desk", {
    name: t.name,
    who: `<@${flag.by}>`,
    thread: `<#${flag.threadId}>`,
    round: flag.round,
    table: flag.table,
    reason: flag.reason ? sayAt(t, "tournament.flag_desk_reason", { reason: flag.reason }) : "",
    people: people.map((p) => `<@${p}>`).join(", "),
    role: role ? `, <@&${role}>` : "",
    correct: commandRef(t.locale ?? "en", "tournament correct", t.guildId),
  });
  return {
    content: content.slice(0, 2000),
    components: [
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        button("fvoid", "flag_void", ButtonStyle.Danger),
        button("freplay", "flag_replay", ButtonStyle.Primary),
        button("fresume", "flag_resume", ButtonStyle.Success),
        button("fwithdraw", "flag_withdraw", ButtonStyle.Secondary),
      ),
    ],
    // The people named are in the thread already; the organisers' role is pinged (its members
    // are notified; moderators with Manage Threads see every private thread).
    allowedMentions: { users: [...people], roles: role ? [role] : [] },
  };
}

/**
 * Raises a flag on the table in `threadId` of event `eventId` for the person interacting, with
 * their `reason`: the flag saved, the game paused, the desk opened with its people, and the
 * table's thread told. Refuses before anything changes when the bot may not create private
 * threads (`flag/no_threads`, from the interaction's `app_permissions`), and the refusals of
 * `flagged`; a desk Discord refuses after all takes the flag back (the game plays on).
 */
async function raise(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
  eventId: string,
  reason?: string,
): Promise<void> {
  const me = seatOf(interaction);
  const threadId = interaction.channelId;
  await respond(interaction, "reply", true, async () => {
    if (interaction.appPermissions && !interaction.appPermissions.has(PermissionFlagsBits.CreatePrivateThreads))
      throw refuse("flag/no_threads");
    const t = await ctx.tournaments.amend(eventId, (x) => flagged(x, threadId, me.userId, ctx.discordNow(), reason));
    const flag = t.flags!.at(-1)!;
    const paused = await ctx.tournaments.pauseTable(t, threadId, true);
    const table = t.played.find((r) => r.number === flag.round)?.tables[flag.table - 1];
    const people = [
      ...new Set([t.organiserId, ...(table?.players ?? []).filter((p) => t.entrants.some((e) => e.id === p && !e.computer))]),
    ];
    let deskId: string;
    try {
      const parent = await interaction.client.channels.fetch(t.channelId);
      if (parent?.type !== ChannelType.GuildText) throw refuse("flag/no_threads");
      const desk = await parent.threads.create({
        name: sayAt(t, "tournament.flag_desk_name", { n: flag.n, name: t.name }).slice(0, 100),
        type: ChannelType.PrivateThread,
        invitable: false,
        autoArchiveDuration: 1440,
        reason: "tournament flag",
      });
      deskId = desk.id;
      for (const p of people) await desk.members.add(p);
    } catch (e) {
      // Nothing half-done is left: the flag is taken back and the game plays on.
      await ctx.tournaments.amend(eventId, (x) => flagWithdrawn(x, flag.n, me.userId));
      await ctx.tournaments.pauseTable(t, threadId, false);
      throw e instanceof Error && "code" in e && (e as { code?: unknown }).code === 50013 ? refuse("flag/no_threads") : e;
    }
    const after = await ctx.tournaments.amend(eventId, (x) => withDesk(x, flag.n, deskId, paused));
    await ctx.tournaments.linkDesk(deskId, eventId);
    await ctx.post(deskId, await deskMessage(ctx, after, flag, people));
    await ctx.post(threadId, {
      content: sayAt(after, paused ? "tournament.flag_paused" : "tournament.flag_noted", { who: `<@${me.userId}>` }),
      allowedMentions: { parse: [] },
    });
    return {
      content: translate(localeOf(interaction.locale), "tournament.flag_raised", { thread: `<#${deskId}>` }),
      allowedMentions: { parse: [] },
    };
  });
}

/** `/tournament flag [reason:]`, in a table's thread. */
export async function runFlag(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const t = await ctx.tournaments.ofThread(interaction.channelId);
  if (!t) throw refuse("flag/not_table");
  await raise(interaction, ctx, t.id, interaction.options.getString("reason") ?? undefined);
}

/** Whether the person may answer flags of `t`: its organiser, Manage Server or the organisers' role. */
async function mayAnswer(interaction: MessageComponentInteraction, ctx: BotContext, t: Tournament): Promise<void> {
  if (t.organiserId === interaction.user.id || (await isOrganiser(interaction, ctx))) return;
  throw refuse("tournament/not_organiser");
}

/**
 * An organiser's answer `kind` to flag `n` (`void`, `replay`, `resume`): checked first (purely),
 * the flag then closed (so a second click is refused), then done, and said at the desk and in
 * the table's thread. Returns the desk's words.
 */
async function answer(ctx: BotContext, t: Tournament, flag: TableFlag, kind: Exclude<FlagAnswer, "correct">, by: string): Promise<string> {
  const now = ctx.discordNow();
  if (t.status !== "running") throw refuse("tournament/not_running");
  if (kind === "void") voided(t, flag.threadId, by, now);
  if (kind === "replay") replayOrdered(t, flag.threadId, by, now);
  const after = await ctx.tournaments.amend(t.id, (x) => flagAnswered(x, flag.n, kind, by, now));
  if (kind === "void") await ctx.tournaments.voidTable(t.id, flag.threadId, by);
  else if (kind === "replay") await ctx.tournaments.replayTable(t.id, flag.threadId, by);
  else if (await ctx.tournaments.pauseTable(after, flag.threadId, false)) {
    // The table plays on: its thread is told (the clock goes on where it stopped).
    await ctx.post(flag.threadId, {
      content: sayAt(after, "tournament.flag_done_resume", { by: `<@${by}>` }),
      allowedMentions: { parse: [] },
    });
  }
  return sayAt(after, `tournament.flag_done_${kind}`, { by: `<@${by}>`, thread: `<#${flag.threadId}>` });
}

/**
 * Closes the open flag of the table in `threadId` once an organiser ruled, corrected or ended its
 * game with `/tournament correct` or `end-table` (at the desk or in the table's thread): said at
 * the desk (`flag_done_correct`); the table, if still paused, plays on. Nothing without an open flag.
 */
export async function correctedAtDesk(ctx: BotContext, eventId: string, threadId: string, by: string): Promise<void> {
  const t = await ctx.tournaments.get(eventId);
  const flag = t && openFlag(t, threadId);
  if (!t || !flag) return;
  const after = await ctx.tournaments.amend(eventId, (x) => flagAnswered(x, flag.n, "correct", by, ctx.discordNow()));
  await ctx.tournaments.pauseTable(after, flag.threadId, false);
  if (flag.deskId)
    await ctx.post(flag.deskId, {
      content: sayAt(after, "tournament.flag_done_correct", { by: `<@${by}>` }),
      allowedMentions: { parse: [] },
    });
}

/** The flags' buttons: **Flag for the organisers** on a table; void, deal again, play on and withdraw at its desk. */
export async function flagComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const eventId = id.args[0] ?? "";
  if (id.verb === "tflag") return raise(interaction, ctx, eventId);
  const n = Number(id.args[1]);
  const me = seatOf(interaction);
  const t = await ctx.tournaments.get(eventId);
  if (!t) throw refuse("flag/none");
  const flag = mustBeOpen(t, n);
  if (id.verb === "fwithdraw") {
    await respond(interaction, "update", false, async () => {
      const after = await ctx.tournaments.amend(eventId, (x) => flagWithdrawn(x, n, me.userId));
      const words = sayAt(after, "tournament.flag_done_withdrawn", { by: `<@${me.userId}>` });
      if (await ctx.tournaments.pauseTable(after, flag.threadId, false))
        await ctx.post(flag.threadId, { content: words, allowedMentions: { parse: [] } });
      return closedDesk(interaction, words);
    });
    return;
  }
  await mayAnswer(interaction, ctx, t);
  const kind = id.verb === "fvoid" ? "void" : id.verb === "freplay" ? "replay" : "resume";
  await respond(interaction, "update", false, async () => closedDesk(interaction, await answer(ctx, t, flag, kind, me.userId)));
}

/** The desk's message closed: its words kept, the answer under them, no buttons. */
function closedDesk(interaction: MessageComponentInteraction, words: string): BaseMessageOptions {
  return { content: `${interaction.message.content}\n\n${words}`.slice(0, 2000), components: [], allowedMentions: { parse: [] } };
}

/** The table's thread of the flag whose desk is `deskId`, if it is one. */
export function tableOfDesk(t: Tournament, deskId: string): string | undefined {
  return flagOfDesk(t, deskId)?.threadId;
}
