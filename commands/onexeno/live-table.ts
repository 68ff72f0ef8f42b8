/**
 * ONEXENO basic and partners on the live table (src/surfaces/live-table/hub.ts): the table picture the
 * channel gets and the seat's hand picture (the panel's, its playable cards outlined by the page),
 * with their hit maps. A playable card
 * of the hand selects it; then every cell where it may go is a target on the board, a click
 * there places it (several turns of the card there: the page offers each by name). Pass is a
 * button when the rules allow it. Only the seat's own hand and its own legal moves are used.
 */
import type { LiveHit, LiveKind } from "../../src/bot/context.ts";
import { playOutside } from "../../src/bot/flow.ts";
import { seatNames } from "../../src/bot/clock.ts";
import { positionLabel } from "../../src/games/onexeno/board.ts";
import type { CardId } from "../../src/games/onexeno/cards.ts";
import { onexeno, passAllowed, trickPointsOf, type OnexenoMove } from "../../src/games/onexeno/game.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { handCardRect } from "../../render/onexeno/hand.ts";
import { ONEXENO_SCENES } from "../../render/onexeno/scenes.ts";
import { cellOrigin, tableLayout } from "../../render/onexeno/table.ts";
import { cardLabelIn, rotationIn } from "../../render/onexeno/words.ts";
import { cachedPicture, livePicture, quietDraft } from "../live-table.ts";
import { ONEXENO_VIEW } from "./play.ts";
import { onexenoPicture, type TableRecord } from "./view.ts";

type Place = OnexenoMove & { kind: "place" };

/** The key a hand card's hit selects, and its targets on the board wait for. */
const cardKey = (card: CardId) => `card:${card}`;

/** ONEXENO basic and partners on the live table. */
export const ONEXENO_LIVE: LiveKind<TableRecord, OnexenoMove> = {
  picture: livePicture(onexenoPicture),

  async draft(rec, seat, locale) {
    const state = rec.state;
    if (rec.status === "lobby" || !state) return quietDraft(t(locale, "live.waiting"));
    const mine = rec.status === "playing" && seat !== null && state.turn === seat;
    const moves = mine ? onexeno.legalMoves(state, seat) : [];
    const places = moves.filter((m): m is Place => m.kind === "place");
    const line =
      rec.status === "over"
        ? t(locale, "live.over")
        : mine
          ? t(locale, places.length ? "onexeno.choose_card" : "onexeno.no_fit")
          : `${seat === null ? `${t(locale, "live.watching")} ` : ""}${t(locale, "live.turn_of", { name: seatNames(rec)[state.turn] ?? "?" })}`;
    const say = (key: string, params: Record<string, string | number> = {}) => t(locale, key, params);
    const buttons =
      mine && passAllowed(state.table, state.hands[seat] ?? [])
        ? [{ label: say("onexeno.btn_pass"), move: { kind: "pass" } as const }]
        : [];
    if (seat === null) return { line, tableHits: [], hand: null, buttons };
    const hand = state.hands[seat] ?? [];
    const playable = new Set(places.map((m) => m.card));
    const title = say("onexeno.hand_title", { name: rec.seats[seat]?.name ?? "", cards: say("table.cards", { count: hand.length }) });
    // Drawn without the panel's playable frames (the page outlines the playable cards): a hand is
    // drawn again only when its cards change, not on every turn.
    const handPng = await cachedPicture(ONEXENO_SCENES.job("hand", { hand, playable: [], title, locale }));
    const handHits: LiveHit<OnexenoMove>[] = hand.flatMap((card, i) =>
      playable.has(card) ? [{ ...handCardRect(i), label: cardLabelIn(locale, card), select: cardKey(card), good: true }] : [],
    );
    return {
      line,
      tableHits: boardHits(state.table, places, state, locale),
      hand: { png: handPng, hits: handHits },
      buttons,
    };
  },

  async apply(ctx, channelId, userId, move, rev) {
    await playOutside(ctx, channelId, userId, ctx.service("onexeno"), ONEXENO_VIEW, move, rev);
  },
};

/** One target a (card, cell) on the board: its turns there, tricks first, each named. */
function boardHits(
  board: NonNullable<TableRecord["state"]>["table"],
  places: readonly Place[],
  state: NonNullable<TableRecord["state"]>,
  locale: Locale,
): LiveHit<OnexenoMove>[] {
  const layout = tableLayout(board);
  const cells = new Map<string, Place[]>();
  for (const m of places) {
    const key = `${m.card}:${m.x}:${m.y}`;
    cells.set(key, [...(cells.get(key) ?? []), m]);
  }
  return [...cells.values()].map((here) => {
    const first = here[0] as Place;
    const [x, y] = cellOrigin(layout, first.x, first.y);
    return {
      x,
      y,
      w: layout.cell,
      h: layout.cell,
      label: positionLabel(first.x, first.y),
      when: cardKey(first.card),
      moves: here
        .map((move) => ({ move, points: trickPointsOf(state, move) }))
        .sort((a, b) => b.points - a.points || a.move.rot - b.move.rot)
        .map(({ move, points }) => ({
          label: `${rotationIn(locale, move.rot)}${points > 0 ? ` · ${t(locale, "onexeno.takes_trick", { points })}` : ""}`,
          move,
        })),
    };
  });
}
