/**
 * Cardeno on the live table (src/activity/hub.ts), at the race's own pace: the public race table
 * and the seat's board panel (the picture its private panel shows), with their hit maps. In the
 * race a click on a centre piece grabs it (into the one cut-out it fits; where it fits several,
 * it is selected and each fitting cut-out is a target; where it fits none, the grab misses and
 * locks, as the rules say). In the reveal a click on a piece of the board adds it to or takes it
 * from the poker hand, and **Keep this hand** settles it. Grabs race like buttons: in the order
 * they were made (`TableService.race`), the chat table following at its budgeted pace.
 */
import { SnowflakeUtil } from "discord.js";
import type { LiveHit, LiveKind } from "../../src/bot/context.ts";
import { UserError } from "../../src/bot/errors.ts";
import { refuse } from "../../src/bot/words.ts";
import { cardenoView, fittingCells, type CardenoMove } from "../../src/games/cardeno/game.ts";
import { cellName, pieceOf } from "../../src/games/cardeno/pieces.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { CARDENO_SCENES } from "../../render/cardeno/scenes.ts";
import { cardenoStatus, panelCellRect, panelCentreRect } from "../../render/cardeno/table.ts";
import { pieceNameIn } from "../../render/cardeno/words.ts";
import { renderPicture } from "../../render/pool.ts";
import { cardenoChanged } from "./live.ts";
import { grabRefusal } from "./play.ts";
import { cardenoPicture } from "./table.ts";
import { type CardenoTable, names, tablesOf } from "./tables.ts";

/** The key a centre piece's hit selects when it fits several cut-outs. */
const pieceKey = (piece: number) => `piece:${piece}`;

/** Cardeno on the live table. */
export const CARDENO_LIVE: LiveKind<CardenoTable, CardenoMove> = {
  realtime: true,
  async draft(rec, seat, locale) {
    const s = rec.state;
    const now = Date.now();
    const job = cardenoPicture(rec, now);
    if (!job || !s) return { line: t(locale, "live.waiting"), table: null, hand: null, buttons: [] };
    const table = { png: await renderPicture(job), hits: [] };
    const status = rec.status === "over" ? t(locale, "live.over") : cardenoStatus(cardenoView(s, null), names(rec), locale);
    if (seat === null) return { line: `${t(locale, "live.watching")} ${status}`, table, hand: null, buttons: [] };
    const view = cardenoView(s, seat);
    const png = await renderPicture(CARDENO_SCENES.job("board", { view, seat, names: names(rec), now, locale }));
    const hits: LiveHit<CardenoMove>[] = [];
    const buttons: { label: string; move: CardenoMove }[] = [];
    let line = status;
    if (rec.status === "playing" && s.phase === "race") {
      line = `${t(locale, "cardeno.live_grab")} ${status}`;
      view.centre.forEach((f, i) => {
        const label = pieceNameIn(locale, pieceOf(f.piece));
        const cells = fittingCells(view, seat, pieceOf(f.piece));
        const at = panelCentreRect(view, i);
        const good = cells.length > 0;
        if (cells.length <= 1)
          hits.push({ ...at, label, good, moves: [{ label, move: { kind: "grab", piece: f.piece, cell: cells[0] } }] });
        else {
          hits.push({ ...at, label, good, select: pieceKey(f.piece) });
          for (const cell of cells)
            hits.push({
              ...panelCellRect(view, cell),
              label: `${label} → ${cellName(cell)}`,
              when: pieceKey(f.piece),
              moves: [{ label: cellName(cell), move: { kind: "grab", piece: f.piece, cell } }],
            });
        }
      });
    } else if (rec.status === "playing" && s.phase === "reveal" && !s.ready[seat]) {
      line = `${t(locale, "cardeno.live_hand")} ${status}`;
      const hand = s.hands[seat] ?? [];
      (s.boards[seat] ?? []).forEach((piece, cell) => {
        if (piece === null) return;
        const pieces = hand.includes(piece) ? hand.filter((p) => p !== piece) : [...hand, piece];
        if (pieces.length === 0 || pieces.length > 5) return;
        hits.push({
          ...panelCellRect(view, cell),
          label: pieceNameIn(locale, pieceOf(piece)),
          moves: [{ label: cellName(cell), move: { kind: "hand", pieces } }],
        });
      });
      if (hand.length) buttons.push({ label: t(locale, "cardeno.keep_hand"), move: { kind: "keep" } });
    }
    return { line, table, hand: { png, hits }, buttons };
  },

  async apply(ctx, channelId, userId, move) {
    const service = tablesOf(ctx);
    const rec = await service.get(channelId);
    if (!rec?.state || rec.status === "lobby") throw refuse("table/not_started");
    // The race moves on by itself: a move is judged on the table as it is (a grabbed piece must still be up).
    const at = ctx.discordNow();
    try {
      const done = await service.race(channelId, userId, move, at, SnowflakeUtil.generate({ timestamp: at }));
      await cardenoChanged(ctx, channelId, done.before, done.after);
    } catch (e) {
      if (!(e instanceof UserError) || !e.code.startsWith("cardeno/")) throw e;
      throw new UserError(e.code, grabRefusal(await service.current(channelId), e, localeOfTable(rec)));
    }
  },
};

/** The language a refusal is built in when the game names players (the hub says it in the reader's when it knows the code). */
const localeOfTable = (rec: CardenoTable): Locale => rec.locale ?? "en";
