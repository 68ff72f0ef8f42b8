/**
 * Cardeno on the live table (src/surfaces/live-table/hub.ts), at the race's own pace: the public race table
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
import { cardenoView, fittingCells, type CardenoMove, type CardenoView } from "../../src/games/cardeno/game.ts";
import { cellName, pieceOf } from "../../src/games/cardeno/pieces.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { CARDENO_SCENES } from "../../render/cardeno/scenes.ts";
import { cardenoStatus, panelCellRect, tableCentreRect } from "../../render/cardeno/table.ts";
import { pieceNameIn } from "../../render/cardeno/words.ts";
import { cachedPicture, livePicture, quietDraft } from "../live-table.ts";
import { cardenoChanged } from "./live.ts";
import { grabRefusal } from "./play.ts";
import { cardenoPicture } from "./table.ts";
import { type CardenoTable, names, tablesOf } from "./tables.ts";

/** The key a centre piece's hit selects when it fits several cut-outs. */
const pieceKey = (piece: number) => `piece:${piece}`;

/** Cardeno on the live table. */
export const CARDENO_LIVE: LiveKind<CardenoTable, CardenoMove> = {
  realtime: true,
  picture: livePicture(cardenoPicture),

  async draft(rec, seat, locale) {
    const s = rec.state;
    const now = Date.now();
    if (rec.status === "lobby" || !s) return quietDraft(t(locale, "live.waiting"));
    const status = rec.status === "over" ? t(locale, "live.over") : cardenoStatus(cardenoView(s, null), names(rec), locale);
    if (seat === null) return quietDraft(`${t(locale, "live.watching")} ${status}`);
    const view = cardenoView(s, seat);
    // The board alone (the race table's picture shows the header and the centre), from what it
    // shows only: drawn again when this seat's board, lockout or hand changes, not at every call.
    const locked = (view.locked[seat] ?? 0) > now;
    const board = CARDENO_SCENES.job("board", {
      view: boardOnly(view, seat),
      seat,
      names: names(rec).map((n, i) => (i === seat ? n : "")),
      now: locked ? now : undefined,
      locale,
      bare: true,
    });
    const png = await cachedPicture(board);
    const tableHits: LiveHit<CardenoMove>[] = [];
    const hits: LiveHit<CardenoMove>[] = [];
    const buttons: { label: string; move: CardenoMove }[] = [];
    let line = status;
    if (rec.status === "playing" && s.phase === "race") {
      line = `${t(locale, "cardeno.live_grab")} ${status}`;
      view.centre.forEach((f, i) => {
        const label = pieceNameIn(locale, pieceOf(f.piece));
        const cells = fittingCells(view, seat, pieceOf(f.piece));
        const at = tableCentreRect(view, i);
        const good = cells.length > 0;
        if (cells.length <= 1)
          tableHits.push({ ...at, label, good, moves: [{ label, move: { kind: "grab", piece: f.piece, cell: cells[0] } }] });
        else {
          tableHits.push({ ...at, label, good, select: pieceKey(f.piece) });
          for (const cell of cells)
            hits.push({
              ...panelCellRect(view, cell, undefined, true),
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
          ...panelCellRect(view, cell, undefined, true),
          label: pieceNameIn(locale, pieceOf(piece)),
          moves: [{ label: cellName(cell), move: { kind: "hand", pieces } }],
        });
      });
      if (hand.length) buttons.push({ label: t(locale, "cardeno.keep_hand"), move: { kind: "keep" } });
    }
    return { line, tableHits, hand: { png, hits }, buttons };
  },

  async apply(ctx, channelId, userId, move) {
    const service = tablesOf(ctx);
    const rec = await service.get(channelId);
    if (!rec?.state || rec.status === "lobby") throw refuse("table/not_started");
    // The race moves on by itself: a move is judged on the table as it is (a grabbed piece must still be up).
    const at = ctx.discordNow();
    try {
      // Made the moment it arrives (no Discord in between): it waits for no move still on its way.
      const done = await service.race(channelId, userId, move, at, SnowflakeUtil.generate({ timestamp: at }), 0);
      await cardenoChanged(ctx, channelId, done.before, done.after);
    } catch (e) {
      if (!(e instanceof UserError) || !e.code.startsWith("cardeno/")) throw e;
      throw new UserError(e.code, grabRefusal(await service.current(channelId), e, localeOfTable(rec)));
    }
  },
};

/** What a bare board picture of `seat` shows of a view: its own board, face, lockout, hand and score (the rest emptied, so the picture's data changes only with them). */
function boardOnly(view: CardenoView, seat: number): CardenoView {
  const mine = <T>(xs: readonly T[], none: T): T[] => xs.map((x, i) => (i === seat ? x : none));
  return {
    ...view,
    centre: [],
    pileCount: 0,
    until: null,
    boards: mine(view.boards, []),
    hands: mine(view.hands, null),
    locked: mine(view.locked, 0),
    grabbedAt: [],
    ready: mine(view.ready, false),
    scores: mine(view.scores, 0),
    sheet: [],
    current: view.current,
  };
}

/** The language a refusal is built in when the game names players (the hub says it in the reader's when it knows the code). */
const localeOfTable = (rec: CardenoTable): Locale => rec.locale ?? "en";
