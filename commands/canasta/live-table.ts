/**
 * ONEXENO canasta on the live table (src/surfaces/live-table/hub.ts): the table picture the channel gets and
 * the seat's hand picture (the panel's), with their hit maps. To draw, **Draw from stack** is a
 * button and the face-up pile's cards are clicks (a card takes it and every card above it; deeper
 * takes by a button with each count). Then a card of the hand selects it (both copies of a card
 * are the same choice, as the chat panel's menus make them); a click on an end of one of the
 * seat's rows extends it (each turn of the card that fits, by name, with the row's new sum), on
 * the face-up pile discards it. A new row is a button with the panel's suggestions (the best 25,
 * those laying a card owed from the pile first). Only the seat's own hand is drawn or named.
 */
import type { LiveButton, LiveDraft, LiveHit, LiveKind } from "../../src/bot/context.ts";
import { playOutside } from "../../src/bot/flow.ts";
import { meldSuggestions } from "../../src/games/onexeno/canasta-hints.ts";
import {
  canastaLegalMoves,
  canastaView,
  idOf,
  instValue,
  rowSum,
  type CanastaMove,
  type CanastaState,
} from "../../src/games/onexeno/canasta.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { canastaDiscardRect, canastaPileRects, canastaRowRects, type CanastaRect } from "../../render/onexeno/canasta.ts";
import { handCardRect } from "../../render/onexeno/hand.ts";
import { ONEXENO_SCENES } from "../../render/onexeno/scenes.ts";
import { cardCodeIn, cardLabelIn, cardTitleIn, rotationIn } from "../../render/onexeno/words.ts";
import { cachedPicture, livePicture, quietDraft } from "../live-table.ts";
import { distinctBy, suggestionText } from "./panel.ts";
import { CANASTA_VIEW } from "./play.ts";
import { type CanastaTable, MAX, names } from "./rows.ts";
import { canastaPicture } from "./table.ts";

/** The key a hand card's hit selects (its pattern: both copies are the same choice), and its targets wait for. */
const cardKey = (inst: number) => `card:${idOf(inst)}`;

type Extend = CanastaMove & { kind: "extend" };
type Take = CanastaMove & { kind: "take" };

/** ONEXENO canasta on the live table. */
export const CANASTA_LIVE: LiveKind<CanastaTable, CanastaMove> = {
  picture: livePicture(canastaPicture),

  async draft(rec, seat, locale) {
    const s = rec.state;
    if (rec.status === "lobby" || !s) return quietDraft(t(locale, "live.waiting"));
    if (rec.status === "over" || s.phase === "over") return quietDraft(t(locale, "live.over"));
    const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `canasta.${key}`, params);
    const turnLine = say("its_turn", { name: names(rec)[s.turn] ?? "?" });
    if (seat === null) return quietDraft(`${t(locale, "live.watching")} ${turnLine}`);
    const hand = s.hands[seat] ?? [];
    const mine = s.turn === seat;
    const owed = s.mustMeld !== null && mine ? idOf(s.mustMeld) : null;
    const ids = hand.map(idOf);
    const title = t(locale, "onexeno.hand_title", {
      name: rec.seats[seat]?.name ?? "",
      cards: t(locale, "table.cards", { count: hand.length }),
    });
    const captions = ids.map((id) => (id === owed ? say("owed") : cardCodeIn(locale, id)));
    const png = await cachedPicture(
      ONEXENO_SCENES.job("hand", { hand: ids, playable: owed === null ? [] : [owed], title, captions, locale }),
    );
    if (!mine) return { line: turnLine, tableHits: [], hand: { png, hits: [] }, buttons: [] };
    const moves = canastaLegalMoves(s, seat);
    if (s.phase === "draw") return drawFrame(s, moves, png, locale);
    return meldFrame(rec, s, seat, moves, png, locale);
  },

  async apply(ctx, channelId, userId, move, rev) {
    await playOutside(ctx, channelId, userId, ctx.service("canasta"), CANASTA_VIEW, move, rev);
  },
};

/** The draw: Draw from stack a button; each of the face-up pile's cards shown takes it and the cards above it; every take a button. */
function drawFrame(s: CanastaState, moves: readonly CanastaMove[], png: Buffer, locale: Locale): LiveDraft<CanastaMove> {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `canasta.${key}`, params);
  const takes = moves.filter((m): m is Take => m.kind === "take");
  const takeLabel = (m: Take) => `${say("take", { count: m.count })}${m.count === s.pile.length ? ` ${say("all")}` : ""}`;
  const shown = canastaPileRects(canastaView(s, null));
  const tableHits: LiveHit<CanastaMove>[] = shown.flatMap((rect, i) => {
    const take = takes.find((m) => m.count === shown.length - i);
    return take ? [{ ...rect, label: takeLabel(take), good: true, moves: [{ label: takeLabel(take), move: take }] }] : [];
  });
  const buttons: LiveButton<CanastaMove>[] = [];
  if (moves.some((m) => m.kind === "draw")) buttons.push({ label: say("btn_draw"), move: { kind: "draw" } });
  if (takes.length) buttons.push({ label: say("take_placeholder"), moves: takes.map((m) => ({ label: takeLabel(m), move: m })).reverse() });
  return { line: say("draw_prompt"), tableHits, hand: { png, hits: [] }, buttons };
}

/**
 * The melds: each hand card that extends a row or may be discarded selects its pattern; the ends
 * of the seat's rows and the face-up pile wait for it; a new row is a button with its suggestions.
 */
function meldFrame(
  rec: CanastaTable,
  s: CanastaState,
  seat: number,
  moves: readonly CanastaMove[],
  png: Buffer,
  locale: Locale,
): LiveDraft<CanastaMove> {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `canasta.${key}`, params);
  const view = canastaView(s, null);
  const rows = canastaRowRects(view, seat, canastaPicture(rec)?.data.clock);
  const tableHits: LiveHit<CanastaMove>[] = [];
  // Extending: one target an end of a row a pattern, its turns there by name (the new sum, XENO marked).
  const ends = new Map<string, { rect: CanastaRect; label: string; when: string; moves: { label: string; move: Extend }[] }>();
  for (const m of moves.filter((x): x is Extend => x.kind === "extend")) {
    const key = `${m.row}:${m.end}:${idOf(m.card)}`;
    const rect = endRect(rows[m.row] ?? [], m.end);
    if (!rect) continue;
    const end = ends.get(key) ?? {
      rect,
      label: say("row_end", { row: m.row + 1, end: say(`end_${m.end}`) }),
      when: cardKey(m.card),
      moves: [],
    };
    if (end.moves.some((x) => x.move.rot === m.rot)) continue; // the other copy of the card: the same choice
    const sum = rowSum(s.rows[seat]?.[m.row] ?? []) + instValue(m.card);
    end.moves.push({ label: `${rotationIn(locale, m.rot)} → ${sum}${sum === 20 ? " ★ XENO" : ""}`, move: m });
    ends.set(key, end);
  }
  for (const e of ends.values()) tableHits.push({ ...e.rect, label: e.label, when: e.when, good: true, moves: e.moves });
  // Discarding: one target on the face-up pile a pattern.
  const pile = canastaDiscardRect(view);
  const discards = distinctBy(
    moves.filter((m): m is CanastaMove & { kind: "discard" } => m.kind === "discard"),
    (m) => String(idOf(m.card)),
  );
  for (const m of discards) {
    const label = say("live_discard", { card: cardLabelIn(locale, idOf(m.card)) });
    tableHits.push({ ...pile, label, when: cardKey(m.card), moves: [{ label, move: m }] });
  }
  const hand = s.hands[seat] ?? [];
  const offered = new Set(tableHits.map((h) => h.when));
  const extending = new Set([...ends.values()].map((e) => e.when));
  const handHits: LiveHit<CanastaMove>[] = hand.flatMap((c, i) =>
    offered.has(cardKey(c))
      ? [{ ...handCardRect(i), label: cardLabelIn(locale, idOf(c)), select: cardKey(c), good: extending.has(cardKey(c)) }]
      : [],
  );
  const suggestions = distinctBy(meldSuggestions(s, seat, MAX * 2), (sg) => JSON.stringify(suggestionText(sg, locale))).slice(0, MAX);
  const buttons: LiveButton<CanastaMove>[] = suggestions.length
    ? [
        {
          label: say(s.mustMeld !== null ? "meld_placeholder_owed" : "meld_placeholder"),
          moves: suggestions.map((sg) => {
            const text = suggestionText(sg, locale);
            return { label: `${text.label} · ${text.description}`, move: { kind: "meld", cards: sg.row } };
          }),
        },
      ]
    : [];
  const line = `${s.mustMeld !== null ? say("meld_owed", { card: cardTitleIn(locale, idOf(s.mustMeld)) }) : say("meld_prompt")} ${say("live_pick")}`;
  return { line, tableHits, hand: { png, hits: handHits }, buttons };
}

/**
 * Where a click extends a row at `end`: over its first card (left) or its last (right); a row of
 * one card is split down its middle.
 */
function endRect(cards: readonly CanastaRect[], end: "left" | "right"): CanastaRect | null {
  const first = cards[0];
  const last = cards.at(-1);
  if (!first || !last) return null;
  if (cards.length > 1) return end === "left" ? first : last;
  const half = Math.floor(first.w / 2);
  return end === "left" ? { ...first, w: half } : { ...first, x: first.x + half, w: first.w - half };
}
