/**
 * A tournament's games, watched again (issue 24): each table's result in its thread and the
 * event's standings carry a **Replay** button; the standings' one opens a private menu of the
 * event's tables ("Round 2 · table 3: Ada, Ben, Cleo"), each table's opens its replay at once.
 * Records are looked up when the button is clicked (the table's record and the tournament's
 * result are both written when the game ends, in no set order). `/tournament export` names each
 * table's record, and gives organisers the event's records as one JSON file.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder, type MessageComponentInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { encodeId, type ComponentId } from "../../src/bot/customid.ts";
import { UserError } from "../../src/bot/errors.ts";
import { GAME_RECORD_FORMAT, GAME_RECORD_SCHEMA, type GameRecord } from "../../src/bot/game-record.ts";
import { respond } from "../../src/bot/reply.ts";
import type { Tournament } from "../../src/bot/tournaments.ts";
import { replayMessage } from "../replay.ts";
import { refuse } from "../../src/bot/words.ts";
import { localeOf, t, t as translate, type Locale } from "../../src/i18n/index.ts";

/** Component verbs: the Replay buttons and the menu of an event's tables. */
export const TOURNAMENT_REPLAY_VERBS: ReadonlySet<string> = new Set(["trep", "trpick"]);

/** A Replay button: of table `threadId`'s game, or (no thread) of the event's menu of tables. */
export function replayButton(eventId: string, threadId?: string, locale: Locale = "en"): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(threadId ? encodeId("trep", 0, eventId, threadId) : encodeId("trep", 0, eventId))
      .setLabel(t(locale, threadId ? "tournament.replay_game" : "tournament.replays"))
      .setStyle(ButtonStyle.Secondary),
  );
}

/** Where table `threadId` sat in event `t`: its round and table number (1-based), if it is one of its tables. */
function seatOfTable(t: Tournament, threadId: string): { round: number; table: number } | undefined {
  for (const r of t.played) {
    const i = r.tables.findIndex((x) => x.threadId === threadId);
    if (i >= 0) return { round: r.number, table: i + 1 };
  }
  return undefined;
}

/** Each of event `t`'s tables with a record: its record, round and table, in playing order. */
export async function eventRecords(ctx: BotContext, t: Tournament): Promise<{ record: GameRecord; round: number; table: number }[]> {
  const records = await ctx.records.ofTournament(t.guildId, t.id);
  return records
    .flatMap((record) => {
      const at = seatOfTable(t, record.channelId);
      return at ? [{ record, ...at }] : [];
    })
    .sort((a, b) => a.round - b.round || a.table - b.table);
}

/** The event's game records as one JSON file's text: the format's name, the event and each table's record. */
export function recordsJson(t: Tournament, tables: readonly { record: GameRecord; round: number; table: number }[]): string {
  return JSON.stringify(
    {
      format: `${GAME_RECORD_FORMAT}s`,
      schema: GAME_RECORD_SCHEMA,
      tournament: { id: t.id, name: t.name, game: t.game, format: t.format, rounds: t.rounds },
      tables: tables.map((x) => ({ round: x.round, table: x.table, record: x.record })),
    },
    null,
    1,
  );
}

/** The event `eventId` of this server, or a clear refusal. */
async function eventHere(ctx: BotContext, guildId: string | null, eventId: string): Promise<Tournament> {
  const t = await ctx.tournaments.get(eventId);
  if (!t || t.guildId !== guildId)
    throw new UserError("tournament/none", "That tournament is no longer kept in this server.", "error", { context: "gone" });
  return t;
}

/**
 * The Replay buttons and the tables menu, answered privately: a table's button (or a pick in the
 * menu) shows that game's replay; the event's button the menu of its tables with records.
 */
export async function tournamentReplays(interaction: MessageComponentInteraction, id: ComponentId, ctx: BotContext): Promise<void> {
  const [eventId = "", threadId] = id.args;
  if (id.verb === "trpick") {
    const recordId = interaction.isStringSelectMenu() ? (interaction.values[0] ?? "") : "";
    await respond(interaction, "update", true, async () => {
      const record = await ctx.records.get(interaction.guildId, recordId);
      if (!record) throw new UserError("replay/unknown", "That game's record is no longer kept.", "error", { context: "gone" });
      return replayMessage(ctx, record, record.moves.length, false, localeOf(interaction.locale), "reader");
    });
    return;
  }
  await respond(interaction, "reply", true, async () => {
    const t = await eventHere(ctx, interaction.guildId, eventId);
    const tables = await eventRecords(ctx, t);
    if (threadId) {
      const mine = tables.find((x) => x.record.channelId === threadId);
      if (!mine) throw new UserError("tournament/no_record", "This table's game has no record yet: it is written as the game ends.");
      return replayMessage(ctx, mine.record, mine.record.moves.length, false, localeOf(interaction.locale), "reader");
    }
    if (tables.length === 0) throw refuse("tournament/no_records", { event: t.name });
    const locale = localeOf(interaction.locale);
    const shown = tables.slice(-25);
    const menu = new StringSelectMenuBuilder()
      .setCustomId(encodeId("trpick", 0, t.id))
      .setPlaceholder(translate(locale, "tournament.replay_pick"))
      .addOptions(
        shown.map((x) => {
          const won = x.record.outcome?.winners.map((w) => x.record.seats[w]?.name ?? "?").join(" & ");
          const players = x.record.seats.map((s) => s.name).join(", ");
          return {
            label: translate(locale, "tournament.replay_table", { round: x.round, table: x.table }),
            description: (won ? translate(locale, "tournament.replay_won", { players, won }) : players).slice(0, 100),
            value: x.record.id,
          };
        }),
      );
    return {
      content: translate(locale, tables.length > shown.length ? "tournament.replay_menu_latest" : "tournament.replay_menu", {
        event: t.name,
        count: tables.length,
      }),
      components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
      allowedMentions: { parse: [] },
    };
  });
}
