import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  StringSelectMenuBuilder,
  type BaseMessageOptions,
} from "discord.js";
import { encodeId } from "../../src/bot/customid.ts";
import type { SolitaireState } from "../../src/games/onexeno/solitaire.ts";
import { type TablePayload, tableMessage } from "../../src/bot/table-payload.ts";
import { heading } from "../../src/bot/components-v2.ts";
import type { Leaderboard } from "../../src/bot/leaderboards.ts";
import { endRows } from "../../src/bot/confirm.ts";
import type { TableOf } from "../../src/bot/tables.ts";
import { positionLabel } from "../../src/games/onexeno/board.ts";
import { findSquare, progressOf, solitaireView, topWaste, wastePlacements } from "../../src/games/onexeno/solitaire.ts";
import { rotationText } from "../onexeno/choices.ts";
import { describedPicture } from "../live-table.ts";
import type { SceneJob } from "../../render/scenes.ts";
import { ONEXENO_SCENES, type SolitaireScene } from "../../render/onexeno/scenes.ts";
import { refuse, sayAt, tableLocale } from "../../src/bot/words.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { commandPathIn } from "../../src/i18n/commands.ts";
import { commandRef } from "../../src/bot/command-ids.ts";
import { cardTitleIn } from "../../render/onexeno/words.ts";

const SELECT_MAX = 25;

/** A solitaire table (one seat: its player, the host). */
export type SolitaireTable = TableOf<"solitaire">;

/** The daily deal's seed for a UTC date (ms since epoch). */
export function dailySeed(now: number): string {
  return `daily-${new Date(now).toISOString().slice(0, 10)}`;
}

/** Whether a deal is a daily deal (only a player's first finished game of it counts). */
export const isDaily = (seed: string) => /^daily-\d{4}-\d{2}-\d{2}$/.test(seed);
/** The player of a solitaire table. */
export const playerName = (rec: SolitaireTable) => rec.seats[0]?.name ?? "?";
/** Refusal for anyone but the player. */
export const notOwner = (rec: SolitaireTable) =>
  refuse("solitaire/not_owner", { context: "named", name: playerName(rec), command: "onexeno" });

/** Legal placements of the top waste card as labelled choices, most useful first. */
export function solitaireChoices(rec: { readonly state: SolitaireState }, locale: Locale = "en"): { label: string; value: string }[] {
  const s = rec.state;
  return wastePlacements(s)
    .map((p) => {
      const table = [...s.table, { card: 0, rot: 0 as const, x: p.x, y: p.y }];
      const completes = findSquare(table, s.field, s.square + 1) !== null;
      return { p, completes, progress: progressOf(table, s.field, s.square + 1) };
    })
    .sort((a, b) => Number(b.completes) - Number(a.completes) || b.progress - a.progress || a.p.y - b.p.y || a.p.x - b.p.x)
    .map(({ p, completes }) => ({
      label: `${positionLabel(p.x, p.y)} · ${rotationText(p.rot, locale)}${completes ? ` · ${t(locale, "solitaire.completes", { n: s.square + 1 })}` : ""}`,
      value: `${p.x},${p.y},${p.rot}`,
    }));
}

/** The deal in words, in the table's language: "the daily deal (2026-11-25)", "deal “abc”". */
export const label = (rec: SolitaireTable) =>
  isDaily(rec.seed) ? sayAt(rec, "solitaire.daily", { date: rec.seed.slice(6) }) : sayAt(rec, "solitaire.deal", { seed: rec.seed });

/** The table message of a solitaire game. */
export const solitairePayload: (rec: SolitaireTable, note?: string) => Promise<TablePayload> = tableMessage(solitaireMessage, (rec) => {
  const s = rec.state;
  if (!s) return undefined;
  return heading([
    sayAt(rec, "solitaire.title"),
    rec.seats[0]?.name,
    s.square > 1 && sayAt(rec, "solitaire.square", { n: s.square }),
    rec.status === "over" ? sayAt(rec, "solitaire.game_over") : sayAt(rec, "solitaire.in_stock", { n: s.stock.length }),
  ]);
});

/** The job of game `rec`'s public picture (undefined only for a table without a deal, which never is). */
export function solitairePicture(rec: SolitaireTable): SceneJob<SolitaireScene> | undefined {
  return rec.state
    ? ONEXENO_SCENES.job("solitaire", { view: solitaireView(rec.state), owner: playerName(rec), locale: tableLocale(rec) }, rec.channelId)
    : undefined;
}

async function solitaireMessage(rec: SolitaireTable, note?: string): Promise<BaseMessageOptions> {
  const state = rec.state;
  const job = solitairePicture(rec);
  if (!state || !job) throw new Error(`solitaire table ${rec.channelId} has no deal`); // one-seat tables are dealt as they open
  const view = job.data.view;
  // Drawn once for the chat and the live table (commands/live-table.ts), its words on the picture thread.
  const { png, alt } = await describedPicture(job);
  const file = new AttachmentBuilder(png, { name: "solitaire.png", description: alt });
  const head = note ? `${note}\n` : "";
  const locale = tableLocale(rec);
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(rec, `solitaire.${key}`, params);
  if (state.phase === "over") {
    const how = say(state.end === "won" ? "won" : state.end === "resigned" ? "resigned" : "stuck", { name: playerName(rec) });
    return {
      // A square is 2x2 at least: the first card alone is none (as the picture says).
      content: `${head}${how} ${say(view.square >= 2 ? "final" : "final_none", { score: view.score, n: view.square })}`,
      files: [file],
      components: endRows(rec),
      embeds: [],
      allowedMentions: { parse: [] },
    };
  }
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  const choices = solitaireChoices({ state }, locale);
  if (choices.length) {
    rows.push(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(encodeId("splay", rec.rev))
          .setPlaceholder(
            `${say("play_top", { count: choices.length })}${choices.length > SELECT_MAX ? say("best_shown", { n: SELECT_MAX, play: commandPathIn(locale, "onexeno play") }) : ""}`,
          )
          .addOptions(choices.slice(0, SELECT_MAX)),
      ),
    );
  }
  rows.push(
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(encodeId("sdraw", rec.rev))
        .setLabel(say(view.stockCount > 0 ? "btn_draw3" : "btn_turn"))
        .setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId(encodeId("shint", rec.rev)).setLabel(say("btn_hint")).setStyle(ButtonStyle.Secondary),
      new ButtonBuilder().setCustomId(encodeId("sresign", rec.rev)).setLabel(say("btn_resign")).setStyle(ButtonStyle.Danger),
    ),
  );
  const top = topWaste(state);
  const status =
    top === null
      ? say("waste_empty")
      : choices.length
        ? say("fits", { card: cardTitleIn(locale, top), count: choices.length })
        : say("fits_nowhere", { card: cardTitleIn(locale, top) });
  return {
    content: `${head}${say("status", { name: playerName(rec), deal: label(rec), status })}`,
    files: [file],
    components: rows,
    embeds: [],
    allowedMentions: { parse: [] },
  };
}

/**
 * The leaderboard of deal `board.seed` as an embed in `locale`: its best 15 games, one line
 * each (place, player, score, largest square, moves); `given` is the deal the user named (else
 * the board is the daily deal's).
 */
export function leaderboardEmbed(board: Leaderboard, given: string | null, locale: Locale): EmbedBuilder {
  const lines = board.entries.slice(0, 15).map((e, i) =>
    t(locale, e.won ? "solitaire.board_line_won" : "solitaire.board_line", {
      place: i + 1,
      name: e.name,
      score: e.score,
      square: e.square,
      moves: t(locale, "solitaire.board_moves", { count: e.moves }),
    }),
  );
  const title = given
    ? t(locale, "solitaire.board_title_deal", { deal: given })
    : t(locale, "solitaire.board_title_daily", { day: board.seed.slice(6) });
  return new EmbedBuilder()
    .setTitle(title)
    .setDescription(lines.length ? lines.join("\n") : t(locale, "solitaire.board_empty"))
    .setColor(0xffc83d);
}

/** `/onexeno new game:solitaire` as the Discord of `locale` names it (without its slash). */
export function solitaireNewIn(locale: Locale): string {
  return `${commandPathIn(locale, "onexeno new")} ${gameOptionIn(locale)}:solitaire`;
}

/** The `game` option of `/onexeno new` as a user of `locale` types it. */
const gameOptionIn = (locale: Locale) => commandPathIn(locale, "onexeno new game").split(" ").at(-1);

/**
 * `/onexeno new game:solitaire` for public text in server `guildId`: the command by mention (each
 * reader's client names it in their language), then its option as the table's language types it.
 */
export function solitaireNewRef(locale: Locale, guildId: string | null): string {
  return `${commandRef(locale, "onexeno new", guildId)} \`${gameOptionIn(locale)}:solitaire\``;
}
