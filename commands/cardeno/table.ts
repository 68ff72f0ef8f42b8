/**
 * Cardeno's public table message: the lobby, the race's picture with the grab buttons, the end.
 */
import { lobbyMessage, scoresAsTheyStand } from "../games.ts";
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, type BaseMessageOptions } from "discord.js";
import { endRows } from "../../src/bot/confirm.ts";
import { encodeId } from "../../src/bot/customid.ts";
import { type TablePayload, tableMessage } from "../../src/bot/table-payload.ts";
import { heading } from "../../src/bot/components-v2.ts";
import { cardenoView, slotOf, type CardenoConfig, type CardenoView } from "../../src/games/cardeno/game.ts";
import { pieceOf } from "../../src/games/cardeno/pieces.ts";
import { cardenoGame } from "../../src/games/cardeno/table-game.ts";
import { pieceNameIn } from "../../render/cardeno/words.ts";
import { sayAt, tableLocale } from "../../src/bot/words.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { cardenoStatus } from "../../render/cardeno/table.ts";
import { describedPicture } from "../live-table.ts";
import type { SceneJob } from "../../render/scenes.ts";
import { CARDENO_SCENES, type CardenoTableScene } from "../../render/cardeno/scenes.ts";

import { type CardenoTable, names } from "./tables.ts";

// --- messages ---------------------------------------------------------------------------------

/** A table's options in words, in `locale`: `5 rounds · standard · a piece every 3 s`. */
export function configText(c: CardenoConfig, locale: Locale = "en"): string {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `cardeno.${key}`, params);
  return `${say("rounds", { count: c.rounds ?? 5 })} · ${say(c.variant === "full-board" ? "variant_full" : "variant_standard")} · ${say("pace", { n: c.pace ?? 3 })}`;
}

export function lobbyPayload(rec: CardenoTable, note?: string): BaseMessageOptions {
  const title = `Cardeno · ${configText(rec.config, tableLocale(rec))}`;
  // A race has no turns, so no turn clock: its lobby says the race's pace instead.
  const pace = t(tableLocale(rec), "cardeno.lobby_pace", { pace: t(tableLocale(rec), "cardeno.pace", { n: rec.config.pace ?? 3 }) });
  return lobbyMessage(rec, { title, what: "Cardeno", command: "cardeno", min: 2, max: 6, pace, levels: cardenoGame.seats.levels }, note);
}

/** Grab buttons for the centre's pieces (2 rows of 5 at most); `fit` marks the pieces that fit (green). */
export function grabRows(view: CardenoView, fit: (piece: number) => boolean, locale: Locale = "en"): ActionRowBuilder<ButtonBuilder>[] {
  // Each button stands for one piece (its customId names it) at that piece's place in the
  // centre, which it keeps while the piece lasts: a place left empty is a disabled "·".
  const bySlot = new Map(view.centre.map((f, i) => [slotOf(f, i), f.piece]));
  const cells = bySlot.size ? Math.max(...bySlot.keys()) + 1 : 0;
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let slot = 0; slot < cells; slot++) {
    if (slot % 5 === 0) rows.push(new ActionRowBuilder<ButtonBuilder>());
    const piece = bySlot.get(slot);
    rows.at(-1)!.addComponents(
      piece === undefined
        ? new ButtonBuilder()
            .setCustomId(encodeId("cdgrab", 0, `gap${slot}`))
            .setLabel("·")
            .setStyle(ButtonStyle.Secondary)
            .setDisabled(true)
        : new ButtonBuilder()
            .setCustomId(encodeId("cdgrab", 0, piece))
            .setLabel(`${slot + 1} · ${pieceNameIn(locale, pieceOf(piece))}`)
            .setStyle(fit(piece) ? ButtonStyle.Success : ButtonStyle.Secondary),
    );
  }
  return rows;
}

/** The public Cardeno table: picture with alt text, status, grab buttons and My board. */
export const cardenoPayload: (rec: CardenoTable, note?: string) => Promise<TablePayload> = tableMessage(cardenoMessage, (rec) => {
  const s = rec.state;
  if (!s) return undefined;
  if (rec.status === "over") return heading(["Cardeno", sayAt(rec, "cardeno.game_over")]);
  return heading(["Cardeno", sayAt(rec, "cardeno.round_of", { n: s.round, rounds: s.rounds }), sayAt(rec, `cardeno.phase_${s.phase}`)]);
});

/** The round a position belongs to. */
export function cardenoRound(rec: CardenoTable): string | undefined {
  return rec.state ? sayAt(rec, "cardeno.round_cap", { n: rec.state.round, rounds: rec.state.rounds }) : undefined;
}

/** The job of table `rec`'s public picture, undefined before the deal. */
export function cardenoPicture(rec: CardenoTable): SceneJob<CardenoTableScene> | undefined {
  if (rec.status === "lobby" || !rec.state) return undefined;
  const view = cardenoView(rec.state, null);
  // Closed with `end` mid-race: the last picture shows the score sheet so far, not a race.
  if (rec.status === "over" && view.phase !== "over")
    return CARDENO_SCENES.job(
      "table",
      {
        view: { ...view, phase: "over" },
        names: names(rec),
        locale: tableLocale(rec),
        closed: true,
      },
      rec.channelId,
    );
  return CARDENO_SCENES.job("table", { view, names: names(rec), locale: tableLocale(rec) }, rec.channelId);
}

export async function cardenoMessage(rec: CardenoTable, note?: string): Promise<BaseMessageOptions> {
  const job = cardenoPicture(rec);
  const s = rec.state;
  if (!job || !s) return lobbyPayload(rec, note);
  const view = job.data.view;
  // The live table draws the same picture (commands/live-table.ts): drawn once for both, its words on the picture thread.
  const { png, alt } = await describedPicture(job);
  const file = new AttachmentBuilder(png, { name: "cardeno.png", description: alt });
  const head = note ? `${note}\n` : "";
  const locale = tableLocale(rec);
  const say = (key: string, params: Record<string, string | number> = {}) => sayAt(rec, `cardeno.${key}`, params);
  if (rec.status === "over") {
    const best = Math.max(...s.scores);
    const winners = s.scores.flatMap((x, i) => (x === best ? [rec.seats[i]!] : []));
    return {
      content: `${head}${say(winners.length === 1 ? "over_one" : "over_other", {
        winners: winners.map((w) => (w.computer ? `🤖 ${w.name}` : `<@${w.userId}>`)).join(" & "),
        best,
        scores: rec.seats.map((x, i) => `${x.name} ${s.scores[i]}`).join(" · "),
      })}`,
      files: [file],
      components: endRows(rec),
      embeds: [],
      allowedMentions: { users: winners.filter((w) => !w.computer).map((w) => w.userId) },
    };
  }
  const board = new ButtonBuilder()
    .setCustomId(encodeId("cdboard", 0))
    .setLabel(say(s.phase === "reveal" ? "btn_board_reveal" : "btn_board"))
    .setStyle(ButtonStyle.Primary);
  const rows = s.phase === "race" ? grabRows(view, () => false, locale) : [];
  const status =
    s.phase === "countdown" && s.until
      ? say("countdown", { n: s.round, when: `<t:${Math.ceil(s.until / 1000)}:R>` })
      : cardenoStatus(view, names(rec), locale);
  return {
    content: `${head}${status}`,
    files: [file],
    components: [...rows, new ActionRowBuilder<ButtonBuilder>().addComponents(board)],
    embeds: [],
    allowedMentions: { parse: [] },
  };
}

/** Each seat's total so far, for a table closed with `end`. */
export const cardenoStanding = (rec: CardenoTable): string =>
  scoresAsTheyStand(rec.seats, rec.state?.scores, "highest wins", tableLocale(rec));
