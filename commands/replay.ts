/**
 * `/replay [game]`: a finished game watched again, position by position, from its record
 * (src/bot/game-record.ts). The game's own table picture of the chosen position, what the move
 * did in words, and First / Back / Forward / Last buttons that edit the same message. Each
 * button names the position it shows, so a click is never stale and a restart loses nothing.
 * Only finished games have records, so nothing hidden is shown of a game still running.
 * `game` autocompletes from this server's recent games, your own first.
 */
import { traitsOf } from "../src/surfaces/traits.ts";
import { ANYWHERE } from "../src/surfaces/answers/chains.ts";
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ComponentType,
  MessageFlags,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type APIActionRowComponent,
  type APIComponentInActionRow,
  type APIContainerComponent,
  type BaseMessageOptions,
  type MessageComponentInteraction,
} from "discord.js";
import type { BotContext, TableGameView } from "../src/bot/context.ts";
import { encodeId, type ComponentId } from "../src/bot/customid.ts";
import { UserError } from "../src/bot/errors.ts";
import { commitmentCheck, type GameRecord, replayRecord } from "../src/bot/game-record.ts";
import { COMMITMENT_SHOWN, dealCommitment } from "../src/engine/rng.ts";
import { respond } from "../src/bot/reply.ts";
import { withoutRecord } from "../src/bot/table-payload.ts";
import type { Choice, Command } from "../src/bot/router.ts";
import type { AnyTable } from "../src/bot/tables.ts";
import { retext } from "../src/bot/components-v2.ts";
import type { VersionedState } from "../src/engine/definition.ts";
import { recordLabel, recordLine } from "./history.ts";
import { tableAt } from "./record-table.ts";
import { MAX_GIF_BYTES, replayFrames } from "./replay-animation.ts";
import { localeOf, t, type Locale } from "../src/i18n/index.ts";
import { refuse } from "../src/bot/words.ts";

/** Component verbs of a replay. */
export const REPLAY_VERBS: ReadonlySet<string> = new Set(["replay", "anim", "rpick", "hrep", "rshare"]);

/**
 * What a replay says of its deal, in `locale`: the published seed and whether its SHA-256 is the
 * commitment sealed at the deal (`commitmentCheck`); a named deal, and a record from before
 * commitments (schema 1), say so. docs/game-record.md, "Verifying a deal".
 */
export function dealCheckLine(record: GameRecord, locale: Locale = "en"): string {
  const hash = dealCommitment(record.seed).slice(0, COMMITMENT_SHOWN);
  if (record.namedSeed) return t(locale, "replay.deal_named", { seed: record.seed });
  const check = commitmentCheck(record);
  return t(locale, `replay.deal_${check}`, { seed: record.seed, hash });
}

/**
 * Positions of the records replayed lately, newest last: a click through a replay reuses them
 * rather than replaying the game again (a 575-move game of the longest kind takes 5 to 12 ms to replay, as long
 * as its picture). Records never change, so an entry is never stale.
 */
const replayed = new Map<string, VersionedState[]>();
const REPLAYED_KEPT = 4;

/** The game's bot side and every position of `record` (0: the deal), or a clear refusal. */
function positionsOf(ctx: BotContext, record: GameRecord): { view: TableGameView; positions: VersionedState[] } {
  const view = ctx.tableGames.find((v) => v.id === record.game);
  const rules = ctx.catalogue.game(record.game);
  if (!view || !rules) throw refuse("replay/unknown_game", { game: record.game });
  const key = `${record.guildId ?? "dm"}:${record.id}`;
  let positions = replayed.get(key);
  if (!positions) {
    try {
      positions = replayRecord(rules.definition, record);
    } catch {
      throw new UserError("replay/broken", "This game's record no longer replays with today's rules.");
    }
  }
  replayed.delete(key);
  replayed.set(key, positions);
  for (const old of replayed.keys()) if (replayed.size > REPLAYED_KEPT) replayed.delete(old);
  return { view, positions };
}

/** Most characters of the hands in words (a message's text is 4,000 at most, with the table's own). */
const HANDS_TEXT = 2400;

/** Most entries of the jump menu (Discord's limit of a select menu's options). */
const MENU_OPTIONS = 25;

/**
 * The jump menu's entries of a game of `tables` (0: the deal): each round (`view.roundOf`) from
 * its first position, with its moves; a game without rounds, or of one round, every n-th move.
 * At most `MENU_OPTIONS`, evenly spread.
 */
export function chapters(view: TableGameView, tables: readonly AnyTable[], locale: Locale = "en"): { label: string; at: number }[] {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `replay.${key}`, params);
  const last = tables.length - 1;
  const out: { label: string; at: number; to: number }[] = [];
  tables.forEach((t, i) => {
    const round = view.roundOf?.(t);
    const prev = out.at(-1);
    if (round !== undefined && prev?.label === round) prev.to = i;
    else if (round !== undefined) out.push({ label: round, at: i, to: i });
  });
  let list: { label: string; at: number }[];
  if (out.length >= 2) list = out.map((c) => ({ label: say("chapter", { label: c.label, from: c.at, to: c.to }), at: c.at }));
  else {
    const step = Math.max(1, Math.ceil(last / (MENU_OPTIONS - 1)));
    list = [];
    for (let i = 0; i <= last; i += step) list.push({ label: i === 0 ? say("deal") : say("move_n", { n: i }), at: i });
    if (list.at(-1)?.at !== last) list.push({ label: say("move_end", { n: last }), at: last });
  }
  if (list.length <= MENU_OPTIONS) return list;
  return Array.from({ length: MENU_OPTIONS }, (_, k) => list[Math.round((k * (list.length - 1)) / (MENU_OPTIONS - 1))]!);
}

/**
 * The replay message of `record` at position `n` (0: the deal; the number of moves: the end),
 * with every hand in words when `hands` (the game's `hands`: a finished game hides nothing), in
 * `locale` (the server's for a public replay, the reader's for a private one). One rule for who
 * sees it: `/replay` shows the channel; a replay opened from a private list (`/history`, an
 * event's Replay buttons) is the reader's (`seenBy: "reader"`), says so, and has **Share**,
 * which shows the channel the same position.
 */
export async function replayMessage(
  ctx: BotContext,
  record: GameRecord,
  n: number,
  hands = false,
  locale: Locale = "en",
  seenBy: "channel" | "reader" = "channel",
): Promise<BaseMessageOptions> {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `replay.${key}`, params);
  // A step no control offered (a forged customId: `NaN`) is refused, never drawn.
  if (!Number.isInteger(n)) throw refuse("component/not_offered");
  const { view, positions } = positionsOf(ctx, record);
  const last = positions.length - 1;
  const at = Math.max(0, Math.min(last, n));
  const tables = positions.map((p, i) => tableAt(record, p, i, locale));
  const table = tables[at];
  if (!table) throw new Error(`replay ${record.id}: no position ${at}`);
  // A step that ended a round says its result too (what the table posted as a message of its own).
  const result = at === 0 ? undefined : view.interlude?.(tables[at - 1], table)?.content;
  const moved = at === 0 ? say("deal_note") : view.moveNote(tables[at - 1], table) || say("step_note");
  const note = result ? `${moved} ${result.replace(/^🏁 /, "").replace(/\n/g, " ")}` : moved;
  const where = `${recordLine(ctx, record, locale).replace(/^- /, "")}`;
  const all = hands && view.hands ? view.hands(table) : "";
  const shown = all ? `\n${all.length > HANDS_TEXT ? `${all.slice(0, HANDS_TEXT - 1)}…` : all}` : "";
  // Not the channel's live table: the replay is a message of its own (no table record to track).
  const yours = seenBy === "reader" ? `\n-# ${say("private_note")}` : "";
  const sealed = `\n-# ${dealCheckLine(record, locale)}`;
  const drawn = retext(
    withoutRecord(await view.payload(table)),
    `${say("move_of", { n: at, last, note })}${shown}\n-# ${where}${sealed}${yours}`,
    false,
    true,
  );
  const mode = hands ? "h" : "t";
  /** A step button: its code (`f`irst, `b`ack, `n`ext, `l`ast) names the position it shows. */
  const go = (code: "f" | "b" | "n" | "l", label: string, to: number, disabled: boolean) =>
    new ButtonBuilder()
      .setCustomId(encodeId("replay", 0, record.id, to, code, mode))
      .setLabel(label)
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(disabled);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    go("f", say("first"), 0, at === 0),
    go("b", say("back"), at - 1, at === 0),
    go("n", say("forward"), at + 1, at === last),
    go("l", say("last"), last, at === last),
  );
  if (view.animate) {
    row.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeId("anim", 0, record.id))
        .setLabel(say("animation"))
        .setStyle(ButtonStyle.Primary),
    );
  }
  const rows: APIActionRowComponent<APIComponentInActionRow>[] = [row.toJSON()];
  const menu = new StringSelectMenuBuilder()
    .setCustomId(encodeId("rpick", 0, record.id, mode))
    .setPlaceholder(say(view.roundOf ? "jump_round" : "jump"))
    .addOptions(
      chapters(view, tables, locale).map((c, k, all) => ({
        label: c.label.slice(0, 100),
        value: String(c.at),
        default: c.at <= at && (all[k + 1]?.at ?? last + 1) > at,
      })),
    );
  rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu).toJSON());
  const extra = new ActionRowBuilder<ButtonBuilder>();
  if (view.hands)
    extra.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeId("replay", 0, record.id, at, "h", hands ? "t" : "h"))
        .setLabel(say(hands ? "hide_hands" : "show_hands"))
        .setStyle(ButtonStyle.Secondary),
    );
  if (seenBy === "reader")
    extra.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeId("rshare", 0, record.id, at, mode))
        .setLabel(say("share"))
        .setEmoji("📣")
        .setStyle(ButtonStyle.Primary),
    );
  if (extra.components.length) rows.push(extra.toJSON());
  // The table's own buttons (My hand, Play again…) are for a live table: the replay has its own.
  const container = (drawn.components?.[0] ?? { components: [] }) as APIContainerComponent;
  return {
    ...drawn,
    components: [{ ...container, components: [...container.components.filter((c) => c.type !== ComponentType.ActionRow), ...rows] }],
    allowedMentions: { parse: [] },
  };
}

/**
 * The record `id` of this server, or a clear refusal. In a DM or group DM (records kept per
 * player) only a game played in that channel, or one the asker played in: no one else's.
 */
async function recordHere(
  ctx: BotContext,
  interaction: { readonly guildId: string | null; readonly channelId: string; readonly user: { readonly id: string } },
  id: string,
): Promise<GameRecord> {
  const found = await ctx.records.get(interaction.guildId, id);
  const record =
    found &&
    traitsOf(interaction).records === "own" &&
    found.channelId !== interaction.channelId &&
    !found.seats.some((s) => s.userId === interaction.user.id)
      ? undefined
      : found;
  if (!record) throw new UserError("replay/unknown", "No finished game of this server has that name: pick one from the list.");
  return record;
}

export const replayCommand: Command<BotContext> = {
  data: new SlashCommandBuilder()
    .setName("replay")
    .setDescription("Watch a finished game again, move by move")
    .setContexts(...ANYWHERE.contexts)
    .setIntegrationTypes(...ANYWHERE.integrationTypes)
    .addStringOption((o) => o.setName("game").setDescription("Which game (default: your latest)").setAutocomplete(true)),

  async execute(interaction, ctx) {
    const id = interaction.options.getString("game");
    await respond(interaction, "reply", false, async () => {
      const record = id
        ? await recordHere(ctx, interaction, id)
        : ((await ctx.records.page(interaction.guildId, { userId: interaction.user.id, limit: 1 })).records[0] ??
          (traitsOf(interaction).records === "own" ? undefined : (await ctx.records.page(interaction.guildId, { limit: 1 })).records[0]));
      if (!record) throw new UserError("replay/none", "No game has finished in this server yet: every game that ends can be replayed.");
      return replayMessage(ctx, record, record.moves.length, false, await publicLocale(ctx, interaction));
    });
  },

  async autocomplete(interaction, ctx): Promise<Choice[]> {
    // A string option, but a forged or odd autocomplete may carry another type: read as text, never thrown on.
    const typed = String(interaction.options.getFocused() ?? "").toLowerCase();
    const mine = (await ctx.records.page(interaction.guildId, { userId: interaction.user.id, limit: 25 })).records;
    // Where records are kept per player (a DM), the list is the asker's own games.
    const all = traitsOf(interaction).records === "own" ? [] : (await ctx.records.page(interaction.guildId, { limit: 25 })).records;
    const seen = new Set<string>();
    const choices: Choice[] = [];
    for (const r of [...mine, ...all]) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      const name = recordLabel(ctx, r);
      if (typed && !name.toLowerCase().includes(typed)) continue;
      choices.push({ name, value: r.id });
    }
    return choices.slice(0, 25);
  },
};

/**
 * The animated picture of `record`, posted in the channel: every position a frame (a real-time
 * game: every second of play), drawn on the picture pool, with the game in words as alt text.
 */
async function animationMessage(ctx: BotContext, record: GameRecord, locale: Locale = "en"): Promise<BaseMessageOptions> {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `replay.${key}`, params);
  const { view, positions } = positionsOf(ctx, record);
  if (!view.animate) throw new UserError("replay/no_animation", "This game's replays have no animation: step through it instead.");
  const tables = positions.map((p, i) => tableAt(record, p, i, locale));
  const times = tables.map((_, i) => (i === 0 ? undefined : record.moves[i - 1]?.at));
  let frames = replayFrames(tables, times, view.timed !== undefined, record.endedAt);
  let gif = await view.animate(frames);
  // Too large to post (a long game of a tall table): the same game in half the frames.
  while (gif.length > MAX_GIF_BYTES && frames.length > 16) {
    frames = replayFrames(tables, times, view.timed !== undefined, record.endedAt, Math.floor(frames.length / 2));
    gif = await view.animate(frames);
  }
  const where = recordLine(ctx, record, locale).replace(/^- /, "");
  const moves = record.moves.length;
  const what = view.timed
    ? say("frames_second", { n: frames.length })
    : frames.length === moves + 1
      ? say("moves_one_frame", { n: moves })
      : say("moves_in_frames", { n: moves, frames: frames.length });
  const name = `replay-${record.game}.gif`;
  return {
    content: `🎞 ${where}\n-# ${what}`,
    files: [new AttachmentBuilder(gif, { name, description: say("alt", { where }).slice(0, 1024) })],
    allowedMentions: { parse: [] },
  };
}

/** The language of a public message in the interaction's server: its `/settings language`, else its own. */
export const publicLocale = (ctx: BotContext, i: { readonly guildId: string | null; readonly guildLocale: string | null }) =>
  ctx.settings.languageOf(i.guildId, i.guildLocale);

/** A replay is re-drawn in the language it was shown in: the reader's when private, else the server's. */
const replayLocale = (ctx: BotContext, i: MessageComponentInteraction) =>
  i.message.flags.has(MessageFlags.Ephemeral) ? Promise.resolve(localeOf(i.locale)) : publicLocale(ctx, i);

/** A replay's buttons: the position they name, in place of the one shown; the animation button posts the game's animation. */
export async function replayComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  if (id.verb === "anim") {
    const [recordId = ""] = id.args;
    const locale = await publicLocale(ctx, interaction);
    await respond(interaction, "reply", false, async () => animationMessage(ctx, await recordHere(ctx, interaction, recordId), locale));
    return;
  }
  if (id.verb === "hrep") {
    // A game picked on a private /history page: its replay, privately too.
    const recordId = interaction.isStringSelectMenu() ? (interaction.values[0] ?? "") : "";
    await respond(interaction, "reply", true, async () => {
      const record = await recordHere(ctx, interaction, recordId);
      return replayMessage(ctx, record, record.moves.length, false, localeOf(interaction.locale), "reader");
    });
    return;
  }
  if (id.verb === "rshare") {
    // Share: the position the reader is looking at, shown to the channel in the server's language.
    const [recordId = "", to = "0", mode = "t"] = id.args;
    const locale = await publicLocale(ctx, interaction);
    await respond(interaction, "reply", false, async () =>
      replayMessage(ctx, await recordHere(ctx, interaction, recordId), Number(to), mode === "h", locale),
    );
    return;
  }
  // Stepping keeps who sees it: a private replay stays the reader's, with its Share.
  const seenBy = interaction.message.flags.has(MessageFlags.Ephemeral) ? "reader" : "channel";
  if (id.verb === "rpick") {
    const [recordId = "", mode = "t"] = id.args;
    const to = interaction.isStringSelectMenu() ? Number(interaction.values[0] ?? 0) : 0;
    const locale = await replayLocale(ctx, interaction);
    await respond(interaction, "update", false, async () =>
      replayMessage(ctx, await recordHere(ctx, interaction, recordId), to, mode === "h", locale, seenBy),
    );
    return;
  }
  const [recordId = "", to = "0", , mode = "t"] = id.args;
  const locale = await replayLocale(ctx, interaction);
  await respond(interaction, "update", false, async () =>
    replayMessage(ctx, await recordHere(ctx, interaction, recordId), Number(to), mode === "h", locale, seenBy),
  );
}
