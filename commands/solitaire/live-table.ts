/**
 * ONEXENO solitaire on the live table (src/surfaces/live-table/hub.ts): the table picture the thread gets,
 * with its hit map for the player. The top waste card (in the picture's side panel) selects it;
 * then every cell of the field where it fits is a target, a click there places it (several turns
 * of the card there: the page offers each by name, the one that completes the next square
 * marked). The cell of the bot's hint is outlined as a good click. Draw (or Turn over & draw) is
 * a button. Watchers see the picture only. Resign stays on the chat table, behind its confirmation.
 */
import type { LiveHit, LiveKind } from "../../src/bot/context.ts";
import { playOutside } from "../../src/bot/flow.ts";
import { positionLabel } from "../../src/games/onexeno/board.ts";
import {
  findSquare,
  solitaireHint,
  solitaireView,
  topWaste,
  wastePlacements,
  type SolitaireMove,
  type SolitaireState,
} from "../../src/games/onexeno/solitaire.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { solitaireCellRect, solitaireWasteTopRect } from "../../render/onexeno/solitaire.ts";
import { cardLabelIn, rotationIn } from "../../render/onexeno/words.ts";
import { livePicture, quietDraft } from "../live-table.ts";
import { SOLITAIRE_VIEW } from "./play.ts";
import { solitairePicture, type SolitaireTable } from "./table.ts";

/** The key the top waste card's hit selects, and the field's targets wait for. */
const WASTE = "waste";

type Place = SolitaireMove & { kind: "place" };

/** ONEXENO solitaire on the live table: the player plays the waste on the picture; watchers watch. */
export const SOLITAIRE_LIVE: LiveKind<SolitaireTable, SolitaireMove> = {
  picture: livePicture(solitairePicture),

  async draft(rec, seat, locale) {
    const state = rec.state;
    if (rec.status === "lobby" || !state) return quietDraft(t(locale, "live.waiting"));
    if (rec.status === "over" || state.phase === "over") return quietDraft(t(locale, "live.over"));
    if (seat === null) return quietDraft(t(locale, "live.watching"));
    const top = topWaste(state);
    const places: Place[] = wastePlacements(state).map((p) => ({ kind: "place", ...p }));
    const line =
      top === null
        ? t(locale, "solitaire.waste_empty")
        : places.length === 0
          ? t(locale, "solitaire.fits_nowhere", { card: cardLabelIn(locale, top) })
          : t(locale, "solitaire.live_pick", { card: cardLabelIn(locale, top) });
    const view = solitaireView(state);
    const draw = { label: t(locale, view.stockCount > 0 ? "solitaire.btn_draw3" : "solitaire.btn_turn"), move: { kind: "draw" } as const };
    const waste = solitaireWasteTopRect(view);
    if (top === null || !waste || places.length === 0) return { line, tableHits: [], hand: null, buttons: [draw] };
    const tableHits: LiveHit<SolitaireMove>[] = [
      { ...waste, label: cardLabelIn(locale, top), select: WASTE, good: true },
      ...fieldHits(state, places, locale),
    ];
    return { line, tableHits, hand: null, buttons: [draw] };
  },

  async apply(ctx, channelId, userId, move, rev) {
    await playOutside(ctx, channelId, userId, ctx.service("solitaire"), SOLITAIRE_VIEW, move, rev);
  },
};

/** One target a cell where the top waste card fits: its turns there, the ones completing the next square first, each named. */
function fieldHits(state: SolitaireState, places: readonly Place[], locale: Locale): LiveHit<SolitaireMove>[] {
  const hint = solitaireHint(state);
  const next = state.square + 1;
  const cells = new Map<string, Place[]>();
  for (const m of places) cells.set(`${m.x},${m.y}`, [...(cells.get(`${m.x},${m.y}`) ?? []), m]);
  return [...cells.values()].map((here) => {
    const { x, y } = here[0] as Place;
    // The card's turn does not change which cells it covers: a cell completes the square or not.
    const completes = findSquare([...state.table, { card: 0, rot: 0, x, y }], state.field, next) !== null;
    const note = completes ? ` · ${t(locale, "solitaire.completes", { n: next })}` : "";
    return {
      ...solitaireCellRect(state, x, y),
      label: `${positionLabel(x, y)}${note}`,
      when: WASTE,
      good: completes || (hint?.x === x && hint.y === y),
      moves: here.map((move) => ({ label: `${rotationIn(locale, move.rot)}${note}`, move })),
    };
  });
}
