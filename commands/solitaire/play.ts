import {
  AttachmentBuilder,
  ChannelType,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
  type TextBasedChannel,
} from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { hint, type Choice } from "../../src/bot/router.ts";
import { type ComponentId } from "../../src/bot/customid.ts";
import { UserError } from "../../src/bot/errors.ts";
import { refuse } from "../../src/bot/words.ts";
import { respond } from "../../src/bot/reply.ts";
import { confirmPayload } from "../../src/bot/confirm.ts";
import type { SolitaireState } from "../../src/games/onexeno/solitaire.ts";
import { playAndShow, type MoveView } from "../../src/bot/flow.ts";
import { positionLabel } from "../../src/games/onexeno/board.ts";
import { type Rotation } from "../../src/games/onexeno/cards.ts";
import { solitaireHint, solitaireView, topWaste, type SolitaireMove } from "../../src/games/onexeno/solitaire.ts";
import { rotationText } from "../onexeno/choices.ts";
import { renderPicture } from "../../render/pool.ts";
import { ONEXENO_SCENES } from "../../render/onexeno/scenes.ts";
import {
  dailySeed,
  isDaily,
  label,
  notOwner,
  playerName,
  solitaireChoices,
  solitaireNewRef,
  solitairePayload,
  type SolitaireTable,
} from "./table.ts";
import { sayAt, tableLocale } from "../../src/bot/words.ts";
import { localeOf, t } from "../../src/i18n/index.ts";
import { cardCodeIn, cardLabelIn } from "../../render/onexeno/words.ts";

const SELECT_MAX = 25;

/**
 * Opens a solitaire game of `seed` (null: the daily deal) for `owner` in a new public thread of
 * the text channel `channel`, and posts its table there. Returns the table. Throws a
 * `UserError` where the channel cannot hold threads.
 */
export async function openSolitaireThread(
  channel: TextBasedChannel,
  ctx: BotContext,
  guildId: string | null,
  owner: { readonly id: string; readonly name: string },
  seed: string | null,
  note?: string,
): Promise<SolitaireTable> {
  if (channel.type !== ChannelType.GuildText)
    throw new UserError("solitaire/no_threads", "Solitaire makes a thread, which this kind of channel cannot hold.");
  const deal = seed ?? dailySeed(Date.now());
  const locale = await ctx.settings.languageOf(guildId, channel.guild.preferredLocale);
  const thread = await channel.threads.create({
    name: t(locale, "solitaire.thread_name", { name: owner.name, deal: isDaily(deal) ? deal.slice(6) : deal }).slice(0, 100),
    autoArchiveDuration: 1440,
    reason: "ONEXENO solitaire",
  });
  const rec = await ctx
    .service("solitaire")
    .open(thread.id, guildId, { userId: owner.id, name: owner.name }, { parentId: channel.id }, deal, null);
  await thread.send(await solitairePayload(rec, note ?? sayAt(rec, "solitaire.deals", { name: owner.name })));
  return rec;
}

/** `/onexeno new game:solitaire [seed]`: opens a thread for the game (or uses this thread). */
export async function startSolitaire(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  seed: string | null,
  name: string,
): Promise<void> {
  // A DM has no thread to play it in: `/onexeno new` declares it needs a server (commands/onexeno/command.ts).
  const channel = interaction.channel;
  if (!channel) throw new UserError("solitaire/no_channel", "Solitaire needs a server channel.");
  await respond(interaction, "reply", false, async () => {
    if (channel.isThread()) {
      const rec = await ctx
        .service("solitaire")
        .open(
          channel.id,
          interaction.guildId,
          { userId: interaction.user.id, name },
          { parentId: channel.parentId ?? channel.id },
          seed ?? dailySeed(Date.now()),
          null,
        );
      return solitairePayload(rec, sayAt(rec, "solitaire.deals", { name }));
    }
    const rec = await openSolitaireThread(channel, ctx, interaction.guildId, { id: interaction.user.id, name }, seed);
    const newCommand = solitaireNewRef(tableLocale(rec), interaction.guildId);
    return {
      content: sayAt(rec, "solitaire.playing_in", { name, deal: label(rec), thread: `<#${rec.channelId}>`, new: newCommand }),
      allowedMentions: { parse: [] },
    };
  });
}

/** Reads `x,y,rot` from a menu or autocomplete, or a typed cell name like `I7` (the whole name: `H1` is not `H10`). */
function readSolitairePlacement(state: SolitaireState, text: string): SolitaireMove {
  const abs = /^(-?\d+),(-?\d+),([0-3])$/.exec(text.trim());
  if (abs) return { kind: "place", x: Number(abs[1]), y: Number(abs[2]), rot: Number(abs[3]) as Rotation };
  const wanted = text.trim().toUpperCase().replace(/\s+/g, " ");
  const cell = wanted.split(" ")[0] ?? "-";
  const hit = solitaireChoices({ state }).filter((c) => (c.label.split(" · ")[0] ?? "").toUpperCase() === cell);
  if (hit.length === 1) return readSolitairePlacement(state, (hit[0] as { value: string }).value);
  if (hit.length > 1)
    throw refuse("input/which_rotation", { at: cell, turns: hit.map((h) => `${Number(h.value.split(",")[2]) * 90}°`).join(", ") });
  throw refuse("input/bad_position", { context: "solitaire", text });
}

/** Solitaire's bot side as the move flow reads it: the answer is the new table, with no note above it. */
export const SOLITAIRE_VIEW: MoveView<SolitaireTable> = { command: "onexeno", payload: solitairePayload, moveNote: () => "" };

/** Slash subcommands used inside a solitaire thread. */
export async function solitaireCommand(
  sub: string,
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  rec: SolitaireTable,
): Promise<void> {
  if (["play", "draw", "pass"].includes(sub) && rec.hostId !== interaction.user.id) throw notOwner(rec);
  const act = (build: (state: SolitaireState) => SolitaireMove) =>
    playAndShow(interaction, ctx, ctx.service("solitaire"), SOLITAIRE_VIEW, (_rec, _seat, state) => build(state), { answer: "table" });
  switch (sub) {
    case "play": {
      const at = interaction.options.getString("at");
      if (!at)
        throw new UserError(
          "input/missing_at",
          "Say where the top card goes: fill in `at` (the list shows every place it fits).",
          "error",
          { context: "solitaire" },
        );
      await act((state) => readSolitairePlacement(state, at));
      return;
    }
    case "draw":
    case "pass":
      await act(() => ({ kind: "draw" }));
      return;
    case "table":
      await respond(interaction, "reply", false, () => solitairePayload(rec));
      return;
    case "hand":
      throw new UserError("solitaire/no_hand", "Solitaire has no hidden hand: the top waste card is shown on the table picture.");
    default:
      throw new UserError(
        "solitaire/not_here",
        "That is for multiplayer tables. In solitaire use Draw, Play, Hint and Resign, or `/onexeno play at:`.",
      );
  }
}

/** The latest hint interaction per solitaire thread (in memory). */
const lastHint = new Map<string, MessageComponentInteraction>();

/** Components of a solitaire table message (Play again and the lobby verbs are the shared ones). */
export async function solitaireComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const rec = await ctx.service("solitaire").get(interaction.channelId);
  if (!rec?.state) throw refuse("table/gone");
  if (rec.hostId !== interaction.user.id) throw notOwner(rec);
  // Only the player acts in a solitaire thread: a click one revision behind is their double click.
  ctx.service("solitaire").checkRev(rec, id.rev, interaction.user.id);
  if (rec.status === "over") throw refuse("table/over");
  if (id.verb === "shint") {
    const hint = solitaireHint(rec.state);
    const locale = localeOf(interaction.locale);
    const text = hint
      ? t(locale, "solitaire.hint_at", { at: positionLabel(hint.x, hint.y), rotation: rotationText(hint.rot, locale) })
      : t(locale, "solitaire.hint_none");
    const png = await renderPicture(
      ONEXENO_SCENES.job("solitaire", { view: solitaireView(rec.state), owner: playerName(rec), hint, locale }),
    );
    await interaction.reply({
      content: text,
      files: [new AttachmentBuilder(png, { name: "hint.png", description: text })],
      flags: MessageFlags.Ephemeral,
    });
    // The new hint replaces the previous one instead of piling up under the table (its token
    // can delete it for 15 minutes; after that, or a restart, the old one simply stays).
    const prev = lastHint.get(rec.channelId);
    lastHint.set(rec.channelId, interaction);
    if (prev) await prev.deleteReply().catch(() => undefined);
    return;
  }
  if (id.verb === "sresign") {
    // The confirmation names the table (its creation), like every game's "end the table".
    await interaction.reply({
      ...confirmPayload(
        t(localeOf(interaction.locale), "solitaire.resign_question"),
        "end",
        rec.createdAt,
        t(localeOf(interaction.locale), "solitaire.btn_resign"),
        localeOf(interaction.locale),
      ),
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  let move: SolitaireMove;
  if (id.verb === "sdraw") move = { kind: "draw" };
  else if (id.verb === "splay" && interaction.isStringSelectMenu()) move = readSolitairePlacement(rec.state, interaction.values[0] ?? "");
  else throw refuse("component/unknown");
  await playAndShow(interaction, ctx, ctx.service("solitaire"), SOLITAIRE_VIEW, () => move, { answer: "table", update: true, rev: id.rev });
}

/** Autocomplete inside a solitaire thread: the top card, then its places. */
export async function solitaireAutocomplete(interaction: AutocompleteInteraction, rec: SolitaireTable): Promise<Choice[]> {
  const focused = interaction.options.getFocused(true);
  const locale = localeOf(interaction.locale);
  const say = (key: string, params: Record<string, string> = {}) => hint(t(locale, `solitaire.${key}`, params).slice(0, 100));
  if (rec.hostId !== interaction.user.id) return say("ac_not_yours", { name: playerName(rec) });
  if (!rec.state || rec.state.phase !== "play") return say("ac_over");
  const top = topWaste(rec.state);
  if (top === null) return say("ac_waste_empty");
  if (focused.name === "card")
    return [
      {
        name: t(locale, "solitaire.ac_top", { label: cardLabelIn(locale, top), code: cardCodeIn(locale, top) }).slice(0, 100),
        value: String(top),
      },
    ];
  const typed = String(focused.value).toUpperCase();
  const choices = solitaireChoices({ state: rec.state }, locale).filter(
    (c) => typed === "" || c.label.toUpperCase().startsWith(typed) || c.label.toUpperCase().includes(typed),
  );
  if (choices.length === 0) return say("ac_nowhere");
  return choices.slice(0, SELECT_MAX).map((c) => ({ name: c.label, value: c.value }));
}
