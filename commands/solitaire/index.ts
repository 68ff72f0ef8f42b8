/**
 * ONEXENO solitaire, the bot side of the `solitaire` entry of the games list: a one-seat table
 * in its own thread named after the player, where others may watch and only the player acts
 * (table.ts: its message; play.ts: opening, commands, buttons, autocomplete). A finished game
 * offers Play again (a fresh deal, same thread); the entry's `finished` listener enters it on
 * the guild's leaderboard for its deal and announces it in the parent channel with the player's
 * rank; tournaments count it for a running challenge on its deal. Games stored before solitaire was a table game
 * are read on (`upgradeSolitaire`).
 */
import type { BotContext } from "../../src/bot/context.ts";
import type { SolitaireState } from "../../src/games/onexeno/solitaire.ts";
import type { LeaderboardEntry } from "../../src/bot/leaderboards.ts";
import type { TableGameView } from "../../src/bot/context.ts";
import type { AnyTable } from "../../src/bot/tables.ts";
import { solitaireScore, type SolitaireMove } from "../../src/games/onexeno/solitaire.ts";
import { isDaily, label, playerName, solitaireNewIn, solitairePayload, type SolitaireTable } from "./table.ts";
import { openSolitaireThread, solitaireComponent } from "./play.ts";
import { UserError } from "../../src/bot/errors.ts";
import { sayAt } from "../../src/bot/words.ts";
import { commandPathIn } from "../../src/i18n/commands.ts";
import { t } from "../../src/i18n/index.ts";

export { dailySeed, leaderboardEmbed, solitaireChoices, solitairePayload, type SolitaireTable } from "./table.ts";
export { openSolitaireThread, solitaireAutocomplete, solitaireCommand, solitaireComponent, startSolitaire } from "./play.ts";

/**
 * A finished game (the `finished` listener of the solitaire entry): entered on its deal's
 * leaderboard (on the daily deal only the first finished game counts), announced with the
 * player's rank in the channel the thread was made in. (A running challenge counts the game from
 * the tournaments' own listener on finished games.)
 */
async function solitaireFinished(ctx: BotContext, table: AnyTable): Promise<void> {
  // The table as it finished (the listener's record, read as a solitaire table: no cast).
  const rec = upgradeSolitaire(table);
  const state = rec?.state;
  if (!rec || !state) return;
  const entry: LeaderboardEntry = {
    userId: rec.hostId,
    name: playerName(rec),
    score: solitaireScore(state),
    square: state.square,
    won: state.end === "won",
    moves: rec.moves.length,
    at: rec.updatedAt,
  };
  const daily = isDaily(rec.seed);
  const finished = await ctx.leaderboards.record(rec.guildId, rec.seed, entry, daily);
  const of = finished.board.entries.length;
  await ctx.post(rec.config.parentId, {
    content: sayAt(rec, "solitaire.finished", {
      ...{ name: entry.name, deal: label(rec), score: entry.score, n: state.square, thread: `<#${rec.channelId}>` },
      won: entry.won ? sayAt(rec, "solitaire.won_mark") : "",
      standing: sayAt(rec, finished.counted ? "solitaire.ranked" : daily ? "solitaire.practice_daily" : "solitaire.practice_better", {
        rank: finished.rank,
        of,
      }),
    }),
    allowedMentions: { parse: [] },
  });
}

/** A solitaire record as the solitaire service stored it before solitaire was a table game. */
interface StoredBefore {
  readonly threadId: string;
  readonly parentId: string;
  readonly guildId: string | null;
  readonly ownerId: string;
  readonly ownerName: string;
  readonly seed: string;
  readonly rev: number;
  readonly state: SolitaireState;
  readonly moves: readonly SolitaireMove[];
  readonly createdAt: number;
  readonly updatedAt: number;
}

const isStoredBefore = (raw: unknown): raw is StoredBefore =>
  typeof raw === "object" && raw !== null && "threadId" in raw && "ownerId" in raw && !("channelId" in raw);
const isTable = (raw: unknown): raw is SolitaireTable =>
  typeof raw === "object" && raw !== null && "channelId" in raw && "game" in raw && raw.game === "solitaire";

/**
 * Migrate on read: a record the solitaire service stored (thread, owner, moves without seats)
 * as today's one-seat table of the same deal, state, revision and moves; today's records as they are.
 */
export function upgradeSolitaire(raw: unknown): SolitaireTable | undefined {
  if (isTable(raw)) return raw;
  if (!isStoredBefore(raw)) return undefined;
  return {
    schema: 1,
    channelId: raw.threadId,
    guildId: raw.guildId,
    game: "solitaire",
    config: { parentId: raw.parentId },
    hostId: raw.ownerId,
    seats: [{ userId: raw.ownerId, name: raw.ownerName }],
    status: raw.state.phase === "over" ? "over" : "playing",
    rev: raw.rev,
    seed: raw.seed,
    state: raw.state,
    moves: raw.moves.map((move) => ({ seat: 0, move })),
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt,
    lastBy: raw.ownerId,
    clock: null,
  };
}

/** Solitaire's entry in the bot side of the games list. */
export const SOLITAIRE_GAME: TableGameView = {
  id: "solitaire",
  what: "solitaire game",
  command: "onexeno",
  tables: (ctx) => ctx.service("solitaire"),
  payload: solitairePayload,
  moveNote: () => "",
  verbs: new Set(["sdraw", "splay", "shint", "sresign"]),
  component: solitaireComponent,
  finished: solitaireFinished,
  resign: () => ({ kind: "resign" }),
  resignWords: (locale) => ({ question: t(locale, "solitaire.resign_question"), button: t(locale, "solitaire.btn_resign") }),
  seedHint: (seed, locale) => `\`/${solitaireNewIn(locale)} ${commandPathIn(locale, "onexeno new seed").split(" ").at(-1)}:${seed}\``,
  async openAlone(ctx, interaction, channelId, owner, seed, note) {
    const channel = await interaction.client.channels.fetch(channelId);
    if (!channel?.isTextBased())
      throw new UserError("solitaire/no_channel", "The challenge's channel cannot be reached.", "error", { context: "challenge" });
    return (await openSolitaireThread(channel, ctx, interaction.guildId, owner, seed, note)).channelId;
  },
  upgrade: upgradeSolitaire,
};
