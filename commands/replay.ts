/**
 * `/replay [game]`: a finished game watched again, position by position, from its record
 * (src/bot/game-record.ts). The game's own table picture of the chosen position, what the move
 * did in words, and First / Back / Forward / Last buttons that edit the same message. Each
 * button names the position it shows, so a click is never stale and a restart loses nothing.
 * Only finished games have records, so nothing hidden is shown of a game still running.
 * `game` autocompletes from this server's recent games, your own first.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ComponentType,
  SlashCommandBuilder,
  type APIContainerComponent,
  type BaseMessageOptions,
  type MessageComponentInteraction,
} from "discord.js";
import type { BotContext } from "../src/bot/context";
import { encodeId, type ComponentId } from "../src/bot/customid";
import { UserError } from "../src/bot/errors";
import { type GameRecord, replayRecord } from "../src/bot/game-record";
import { respond } from "../src/bot/reply";
import type { Choice, Command } from "../src/bot/router";
import type { AnyTable } from "../src/bot/tables";
import { retext } from "../src/bot/v2";
import type { VersionedState } from "../src/engine/definition";
import { recordLine } from "./history";

/** Component verbs of a replay. */
export const REPLAY_VERBS: ReadonlySet<string> = new Set(["replay"]);

/** Table `record` as it stood after `n` of its moves (state `state`): what a game's table message draws. */
function tableAt(record: GameRecord, state: VersionedState, n: number): AnyTable {
  const last = n >= record.moves.length;
  const at = record.moves[n - 1]?.at ?? (last ? record.endedAt : record.openedAt);
  return {
    schema: 1,
    channelId: record.channelId,
    guildId: record.guildId,
    game: record.game,
    config: record.config,
    hostId: record.seats[0]?.userId ?? "",
    seats: record.seats.map((s) => ({
      userId: s.userId,
      name: s.name,
      ...(s.computer ? { computer: s.computer as "easy" | "normal" } : {}),
    })),
    status: last && record.ended === "rules" ? "over" : "playing",
    rev: n,
    seed: record.seed,
    state,
    moves: record.moves.slice(0, n),
    createdAt: record.openedAt,
    updatedAt: at,
    clock: null,
    turnClock: null,
  };
}

/** The replay message of `record` at position `n` (0: the deal; the number of moves: the end). */
async function replayMessage(ctx: BotContext, record: GameRecord, n: number): Promise<BaseMessageOptions> {
  const view = ctx.tableGames.find((v) => v.id === record.game);
  const rules = ctx.catalogue.game(record.game);
  if (!view || !rules) throw new UserError("replay/unknown_game", `This bot no longer plays ${record.game}: its games cannot be replayed.`);
  let positions: VersionedState[];
  try {
    positions = replayRecord(rules.definition, record);
  } catch {
    throw new UserError("replay/broken", "This game's record no longer replays with today's rules.");
  }
  const last = positions.length - 1;
  const at = Math.max(0, Math.min(last, n));
  const table = tableAt(record, positions[at] as VersionedState, at);
  const note =
    at === 0 ? "The deal." : view.moveNote(tableAt(record, positions[at - 1] as VersionedState, at - 1), table) || "A step of the table.";
  const where = `${recordLine(ctx, record).replace(/^- /, "")}`;
  const drawn = retext(await view.payload(table), `**Move ${at} of ${last}**: ${note}\n-# ${where}`);
  const go = (label: string, to: number, disabled: boolean) =>
    new ButtonBuilder()
      .setCustomId(
        encodeId("replay", 0, record.id, to, label === "⏮ First" ? "f" : label === "◀ Back" ? "b" : label === "Forward ▶" ? "n" : "l"),
      )
      .setLabel(label)
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(disabled);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    go("⏮ First", 0, at === 0),
    go("◀ Back", at - 1, at === 0),
    go("Forward ▶", at + 1, at === last),
    go("Last ⏭", last, at === last),
  );
  // The table's own buttons (My hand, Play again…) are for a live table: the replay has its own.
  const container = (drawn.components?.[0] ?? { components: [] }) as APIContainerComponent;
  return {
    ...drawn,
    components: [{ ...container, components: [...container.components.filter((c) => c.type !== ComponentType.ActionRow), row.toJSON()] }],
    allowedMentions: { parse: [] },
  };
}

/** The record `id` of this server, or a clear refusal. */
async function recordHere(ctx: BotContext, guildId: string | null, id: string): Promise<GameRecord> {
  const record = await ctx.records.get(guildId, id);
  if (!record) throw new UserError("replay/unknown", "No finished game of this server has that name: pick one from the list.");
  return record;
}

export const replayCommand: Command<BotContext> = {
  data: new SlashCommandBuilder()
    .setName("replay")
    .setDescription("Watch a finished game again, move by move")
    .setDMPermission(false)
    .addStringOption((o) => o.setName("game").setDescription("Which game (default: your latest)").setAutocomplete(true)),

  async execute(interaction, ctx) {
    const id = interaction.options.getString("game");
    await respond(interaction, "reply", false, async () => {
      const record = id
        ? await recordHere(ctx, interaction.guildId, id)
        : ((await ctx.records.page(interaction.guildId, { userId: interaction.user.id, limit: 1 })).records[0] ??
          (await ctx.records.page(interaction.guildId, { limit: 1 })).records[0]);
      if (!record) throw new UserError("replay/none", "No game has finished in this server yet: every game that ends can be replayed.");
      return replayMessage(ctx, record, record.moves.length);
    });
  },

  async autocomplete(interaction, ctx): Promise<Choice[]> {
    const typed = interaction.options.getFocused().toLowerCase();
    const mine = (await ctx.records.page(interaction.guildId, { userId: interaction.user.id, limit: 25 })).records;
    const all = (await ctx.records.page(interaction.guildId, { limit: 25 })).records;
    const seen = new Set<string>();
    const choices: Choice[] = [];
    for (const r of [...mine, ...all]) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      const date = new Date(r.endedAt).toISOString().slice(0, 16).replace("T", " ");
      const who = r.seats.map((s) => s.name).join(", ");
      const name = `${date} · ${ctx.tableGames.find((v) => v.id === r.game)?.what.replace(/ (table|game)$/, "") ?? r.game} · ${who}`;
      if (typed && !name.toLowerCase().includes(typed)) continue;
      choices.push({ name: name.length > 100 ? `${name.slice(0, 99)}…` : name, value: r.id });
    }
    return choices.slice(0, 25);
  },
};

/** A replay's buttons: the position they name, in place of the one shown. */
export async function replayComponent(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const [recordId = "", to = "0"] = id.args;
  await respond(interaction, "update", false, async () =>
    replayMessage(ctx, await recordHere(ctx, interaction.guildId, recordId), Number(to)),
  );
}
