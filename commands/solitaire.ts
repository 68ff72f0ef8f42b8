/**
 * ONEXENO solitaire in Discord: each game gets its own thread named after the player, where
 * others may watch and only the owner acts. The table message carries Draw, a Play menu of
 * the top waste card's placements, Hint and Resign. A finished game enters the guild's
 * leaderboard for its deal and is announced in the parent channel with the player's rank.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  EmbedBuilder,
  MessageFlags,
  StringSelectMenuBuilder,
  type AutocompleteInteraction,
  type BaseMessageOptions,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
  type TextBasedChannel,
} from "discord.js";
import type { BotContext } from "../src/bot/context";
import { hint, type Choice } from "../src/bot/router";
import { encodeId, type ComponentId } from "../src/bot/customid";
import { UserError } from "../src/bot/errors";
import { refuse } from "../src/bot/words";
import { respond } from "../src/bot/reply";
import { confirmPayload } from "../src/bot/confirm";
import { asTable, type TablePayload } from "../src/bot/live";
import { restartNote } from "../src/bot/restart";
import { dailySeed, type Finished, type Leaderboard, type SolitaireRecord } from "../src/bot/solitaire";
import { positionLabel } from "../src/games/onexeno/board";
import { cardLabel, cardName, cardTitle, type Rotation } from "../src/games/onexeno/cards";
import {
  findSquare,
  progressOf,
  solitaireHint,
  solitaireScore,
  solitaireView,
  topWaste,
  wastePlacements,
  type SolitaireMove,
} from "../src/games/onexeno/solitaire";
import { describeSolitaire } from "../render/onexeno-solitaire";
import { rotationText } from "./onexeno-choices";
import { renderSolitaire } from "../render/render";

const SELECT_MAX = 25;

/** Legal placements of the top waste card as labelled choices, most useful first. */
export function solitaireChoices(rec: SolitaireRecord): { label: string; value: string }[] {
  const s = rec.state;
  return wastePlacements(s)
    .map((p) => {
      const table = [...s.table, { card: 0, rot: 0 as const, x: p.x, y: p.y }];
      const completes = findSquare(table, s.field, s.square + 1) !== null;
      return { p, completes, progress: progressOf(table, s.field, s.square + 1) };
    })
    .sort((a, b) => Number(b.completes) - Number(a.completes) || b.progress - a.progress || a.p.y - b.p.y || a.p.x - b.p.x)
    .map(({ p, completes }) => ({
      label: `${positionLabel(p.x, p.y)} · ${rotationText(p.rot)}${completes ? ` · completes ${s.square + 1}x${s.square + 1}` : ""}`,
      value: `${p.x},${p.y},${p.rot}`,
    }));
}

const label = (rec: SolitaireRecord) => (rec.daily ? `the daily deal (${rec.seed.slice(6)})` : `deal “${rec.seed}”`);

/** The table message of a solitaire game. */
export async function solitairePayload(rec: SolitaireRecord, note?: string): Promise<TablePayload> {
  note = restartNote(rec, "solitaire", note);
  return asTable(await solitaireMessage(rec, note), note, rec.state.phase === "over" ? "over" : "playing", [rec.updatedAt, rec.rev]);
}

async function solitaireMessage(rec: SolitaireRecord, note?: string): Promise<BaseMessageOptions> {
  const view = solitaireView(rec.state);
  const file = new AttachmentBuilder(await renderSolitaire(view, rec.ownerName), {
    name: "solitaire.png",
    description: describeSolitaire(view, rec.ownerName),
  });
  const head = note ? `${note}\n` : "";
  if (rec.state.phase === "over") {
    const how =
      rec.state.end === "won"
        ? "completed the 8x8 and wins!"
        : rec.state.end === "resigned"
          ? "resigned."
          : "went through the stock without a play: game over.";
    return {
      content: `${head}${rec.ownerName} ${how} Final score **${view.score}** (largest square ${view.square}x${view.square}).`,
      files: [file],
      components: [],
      embeds: [],
      allowedMentions: { parse: [] },
    };
  }
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  const choices = solitaireChoices(rec);
  if (choices.length) {
    rows.push(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(encodeId("splay", rec.rev))
          .setPlaceholder(
            `Play the top card (${choices.length} place${choices.length === 1 ? "" : "s"})${choices.length > SELECT_MAX ? `: best ${SELECT_MAX} shown, /onexeno play lists all` : ""}`,
          )
          .addOptions(choices.slice(0, SELECT_MAX)),
      ),
    );
  }
  rows.push(
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(encodeId("sdraw", rec.rev))
        .setLabel(view.stockCount > 0 ? "Draw 3" : "Turn over & draw")
        .setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId(encodeId("shint", rec.rev)).setLabel("Hint").setStyle(ButtonStyle.Secondary),
      new ButtonBuilder().setCustomId(encodeId("sresign", rec.rev)).setLabel("Resign").setStyle(ButtonStyle.Danger),
    ),
  );
  const top = topWaste(rec.state);
  const status =
    top === null
      ? "The waste is empty: draw."
      : choices.length
        ? `Top card ${cardTitle(top)} fits ${choices.length} way${choices.length === 1 ? "" : "s"}.`
        : `Top card ${cardTitle(top)} fits nowhere: draw.`;
  return {
    content: `${head}${rec.ownerName}'s solitaire, ${label(rec)}. ${status}`,
    files: [file],
    components: rows,
    embeds: [],
    allowedMentions: { parse: [] },
  };
}

/** The leaderboard as an embed. */
export function leaderboardEmbed(board: Leaderboard, title: string): EmbedBuilder {
  const lines = board.entries
    .slice(0, 15)
    .map((e, i) => `**${i + 1}.** ${e.name}: ${e.score} points, ${e.square}x${e.square}${e.won ? " ★ won" : ""} (${e.moves} moves)`);
  return new EmbedBuilder()
    .setTitle(title)
    .setDescription(lines.length ? lines.join("\n") : "Nobody has finished this deal yet.")
    .setColor(0xffc83d);
}

/** After a finished game: the result with the rank, in the channel where it was started. */
export async function announce(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  rec: SolitaireRecord,
  finished: Finished | null,
): Promise<void> {
  if (!finished) return;
  const channel = await interaction.client.channels.fetch(rec.parentId).catch(() => null);
  if (!channel?.isSendable()) return;
  const score = solitaireScore(rec.state);
  await channel.send({
    content: `🃏 ${rec.ownerName} finished solitaire on ${label(rec)}: **${score}** points, largest square ${rec.state.square}x${rec.state.square}${rec.state.end === "won" ? " ★ 8x8 complete" : ""}. ${finished.counted ? `Rank **${finished.rank}** of ${finished.board.entries.length} on this deal in this server.` : `Practice game: ${rec.daily ? "only the first daily game counts" : "a better game of this deal already counts"} (standing: rank ${finished.rank} of ${finished.board.entries.length}).`} (<#${rec.threadId}>)`,
    allowedMentions: { parse: [] },
  });
}

/**
 * Opens a solitaire game of `seed` (null: the daily deal) for `owner` in a new public thread of
 * the text channel `channel`, and posts its table there. Returns the record. Throws a
 * `UserError` where the channel cannot hold threads.
 */
export async function openSolitaireThread(
  channel: TextBasedChannel,
  ctx: BotContext,
  guildId: string | null,
  owner: { readonly id: string; readonly name: string },
  seed: string | null,
  note?: string,
): Promise<SolitaireRecord> {
  if (channel.type !== ChannelType.GuildText)
    throw new UserError("solitaire/no_threads", "Solitaire makes a thread, which this kind of channel cannot hold.");
  const deal = seed ?? dailySeed(Date.now()).slice(6);
  const thread = await channel.threads.create({
    name: `${owner.name}'s solitaire · ${deal}`.slice(0, 100),
    autoArchiveDuration: 1440,
    reason: "ONEXENO solitaire",
  });
  const rec = await ctx.solitaire.open({
    threadId: thread.id,
    parentId: channel.id,
    guildId,
    ownerId: owner.id,
    ownerName: owner.name,
    seed,
  });
  await thread.send(await solitairePayload(rec, note ?? `${owner.name} deals a solitaire. Watch along; only ${owner.name} can play here.`));
  return rec;
}

/** `/onexeno new game:solitaire [seed]`: opens a thread for the game (or uses this thread). */
export async function startSolitaire(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  seed: string | null,
  name: string,
): Promise<void> {
  const channel = interaction.channel;
  if (!channel) throw new UserError("solitaire/no_channel", "Solitaire needs a server channel.");
  await respond(interaction, "reply", false, async () => {
    if (channel.isThread()) {
      if (await ctx.service("onexeno").get(channel.id))
        throw new UserError("table/exists", "This thread holds a table already. Start solitaire in a channel: it makes its own thread.");
      const rec = await ctx.solitaire.open({
        threadId: channel.id,
        parentId: channel.parentId ?? channel.id,
        guildId: interaction.guildId,
        ownerId: interaction.user.id,
        ownerName: name,
        seed,
      });
      return solitairePayload(rec, `${name} deals a solitaire. Watch along; only ${name} can play here.`);
    }
    const rec = await openSolitaireThread(channel, ctx, interaction.guildId, { id: interaction.user.id, name }, seed);
    return {
      content: `🃏 ${name} is playing solitaire on ${label(rec)} in <#${rec.threadId}>. Anyone may watch; start your own with \`/onexeno new game:solitaire\`.`,
      allowedMentions: { parse: [] },
    };
  });
}

/** Reads `x,y,rot` from a menu or autocomplete, or a typed cell name like `I7` (the whole name: `H1` is not `H10`). */
function readSolitairePlacement(rec: SolitaireRecord, text: string): SolitaireMove {
  const abs = /^(-?\d+),(-?\d+),([0-3])$/.exec(text.trim());
  if (abs) return { kind: "place", x: Number(abs[1]), y: Number(abs[2]), rot: Number(abs[3]) as Rotation };
  const wanted = text.trim().toUpperCase().replace(/\s+/g, " ");
  const cell = wanted.split(" ")[0] ?? "-";
  const hit = solitaireChoices(rec).filter((c) => (c.label.split(" · ")[0] ?? "").toUpperCase() === cell);
  if (hit.length === 1) return readSolitairePlacement(rec, (hit[0] as { value: string }).value);
  if (hit.length > 1)
    throw new UserError(
      "input/which_rotation",
      `The card fits ${wanted} more than one way: ${hit.map((h) => h.label).join("; ")}. Pick one from the list.`,
    );
  throw new UserError("input/bad_position", `\`${text}\` is not a place where the top card fits. Pick one from the list.`);
}

/** Slash subcommands used inside a solitaire thread. */
export async function solitaireCommand(
  sub: string,
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  rec: SolitaireRecord,
): Promise<void> {
  const act = async (move: SolitaireMove) => {
    await respond(interaction, "reply", false, async () => {
      const { rec: after, finished } = await ctx.solitaire.play(rec.threadId, interaction.user.id, move);
      await announce(interaction, after, finished);
      return solitairePayload(after);
    });
  };
  switch (sub) {
    case "play": {
      const at = interaction.options.getString("at");
      if (!at) throw new UserError("input/missing_at", "Say where the top card goes: fill in `at` (the list shows every place it fits).");
      await act(readSolitairePlacement(rec, at));
      return;
    }
    case "draw":
    case "pass":
      await act({ kind: "draw" });
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

/** Components of a solitaire table message. */
export async function solitaireComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const rec = await ctx.solitaire.get(interaction.channelId);
  if (!rec) throw refuse("table/gone");
  if (rec.ownerId !== interaction.user.id)
    throw new UserError(
      "solitaire/not_owner",
      `This is ${rec.ownerName}'s solitaire. Start your own with \`/onexeno new game:solitaire\`.`,
    );
  // Only the owner acts in a solitaire thread: a click one revision behind is their double click.
  if (id.rev !== rec.rev)
    throw refuse(id.rev === rec.rev - 1 && interaction.user.id === rec.ownerId ? "table/already_done" : "table/stale");
  if (id.verb === "shint") {
    const hint = solitaireHint(rec.state);
    const text = hint
      ? `Hint: the top card can go to **${positionLabel(hint.x, hint.y)}**, ${rotationText(hint.rot)} (marked on the picture).`
      : "Hint: the top card fits nowhere. Drawing is the only move.";
    const png = await renderSolitaire(solitaireView(rec.state), rec.ownerName, undefined, hint);
    await interaction.reply({
      content: text,
      files: [new AttachmentBuilder(png, { name: "hint.png", description: text })],
      flags: MessageFlags.Ephemeral,
    });
    // The new hint replaces the previous one instead of piling up under the table (its token
    // can delete it for 15 minutes; after that, or a restart, the old one simply stays).
    const prev = lastHint.get(rec.threadId);
    lastHint.set(rec.threadId, interaction);
    if (prev) await prev.deleteReply().catch(() => undefined);
    return;
  }
  if (id.verb === "sresign") {
    await interaction.reply({
      ...confirmPayload("Resign this solitaire game? It ends now and is scored as it stands.", "end", rec.rev, "Resign"),
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  let move: SolitaireMove;
  if (id.verb === "sdraw") move = { kind: "draw" };
  else if (id.verb === "splay" && interaction.isStringSelectMenu()) move = readSolitairePlacement(rec, interaction.values[0] ?? "");
  else throw refuse("component/unknown");
  let finishedRec: SolitaireRecord | null = null;
  let finished: Finished | null = null;
  await respond(interaction, "update", false, async () => {
    const r = await ctx.solitaire.play(rec.threadId, interaction.user.id, move, id.rev);
    finishedRec = r.rec;
    finished = r.finished;
    return solitairePayload(r.rec);
  });
  if (finishedRec) await announce(interaction, finishedRec, finished);
}

/** Autocomplete inside a solitaire thread: the top card, then its places. */
export async function solitaireAutocomplete(interaction: AutocompleteInteraction, rec: SolitaireRecord): Promise<Choice[]> {
  const focused = interaction.options.getFocused(true);
  const top = topWaste(rec.state);
  if (rec.ownerId !== interaction.user.id) return hint(`This is ${rec.ownerName}'s solitaire`.slice(0, 100));
  if (rec.state.phase !== "play") return hint("This game is over");
  if (top === null) return hint("The waste is empty: draw first");
  if (focused.name === "card") return [{ name: `${cardLabel(top)} · ${cardName(top)} (the top waste card)`, value: String(top) }];
  const typed = String(focused.value).toUpperCase();
  const choices = solitaireChoices(rec).filter(
    (c) => typed === "" || c.label.toUpperCase().startsWith(typed) || c.label.toUpperCase().includes(typed),
  );
  if (choices.length === 0) return hint("The top card fits nowhere now: draw");
  return choices.slice(0, SELECT_MAX).map((c) => ({ name: c.label, value: c.value }));
}
