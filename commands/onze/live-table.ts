/**
 * Onze on the live table (src/surfaces/live-table/hub.ts): the table picture the channel gets and the seat's
 * hand picture (the panel's), with their hit maps. To draw, a click on the stock or on the
 * discard pile's top card. Then a card of the hand selects it (both copies of a face select the
 * same: the moves name a face's first copy, as the chat panel's do); a click on the discard pile
 * discards it, on a meld lays it off (a run's two ends: the page offers each by name), on a run's
 * wild swaps it in (each meld the freed wild may go to, by name). Going down is a button with the
 * contract's ways. Out of turn, a card for sale is bought (or the request withdrawn) by a click on
 * it or a button, and No thanks is a button. Only the seat's own hand is drawn or named.
 *
 * Others buy out of turn at any moment, so a move is judged on the table as it is, not on the
 * revision it was offered at (`realtime`), as the chat panel's are (commands/onze/play.ts).
 */
import type { LiveButton, LiveDraft, LiveHit, LiveKind } from "../../src/bot/context.ts";
import { playOutside } from "../../src/bot/flow.ts";
import { faceOf, sortHand, type Card } from "../../src/games/onze/cards.ts";
import { onzeLegalMoves, onzeView, type OnzeMove, type OnzeState } from "../../src/games/onze/game.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { ONZE_SCENES } from "../../render/onze/scenes.ts";
import { onzeDiscardSpot, onzeHandLayout, onzeMeldRects, onzePileRects, type OnzeRect as Rect } from "../../render/onze/table.ts";
import { cardNameIn } from "../../render/onze/words.ts";
import { cachedPicture, livePicture, quietDraft } from "../live-table.ts";
import { contractHelp, downText, layoffText, type LayoffMove, meldOf, names, type OnzeTable, type SwapMove } from "./moves.ts";
import { ONZE_VIEW } from "./play.ts";
import { onzePicture } from "./table.ts";

/** The key a hand card's hit selects (its face: both copies of a card are the same choice), and its targets wait for. */
const faceKey = (card: Card) => `face:${faceOf(card)}`;

type Down = OnzeMove & { kind: "down" };
type Discard = OnzeMove & { kind: "discard" };

/** Onze on the live table. */
export const ONZE_LIVE: LiveKind<OnzeTable, OnzeMove> = {
  realtime: true,
  picture: livePicture(onzePicture),

  async draft(rec, seat, locale) {
    const s = rec.state;
    if (rec.status === "lobby" || !s) return quietDraft(t(locale, "live.waiting"));
    if (rec.status === "over" || s.phase === "over") return quietDraft(t(locale, "live.over"));
    const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `onze.${key}`, params);
    const turnLine = say("its_turn", { name: names(rec)[s.turn] ?? "?" });
    if (seat === null) return quietDraft(`${t(locale, "live.watching")} ${turnLine}`);
    const view = onzeView(s, null);
    const piles = onzePileRects(view);
    const moves = onzeLegalMoves(s, seat, 200);
    const hand = sortHand(s.hands[seat] ?? []);
    const help = contractHelp(s, seat, locale);
    const title = say("hand_title", { name: rec.seats[seat]?.name ?? "", cards: t(locale, "table.cards", { count: hand.length }) });
    const png = await cachedPicture(ONZE_SCENES.job("hand", { hand, title, help, fresh: [], locale }));
    const layout = onzeHandLayout(hand.length, help);
    const top = s.discard.at(-1);
    const topName = top === undefined || s.faceDown ? say("btn_take_discard") : cardNameIn(locale, top);
    if (s.turn !== seat) {
      // Out of turn: the card for sale, bought (or the request withdrawn) on the pile or with a button.
      const buy = moves.find((m) => m.kind === "claim" || m.kind === "unclaim");
      const card = s.forSale === null ? "" : cardNameIn(locale, s.forSale);
      const buttons = moves.flatMap((m): LiveButton<OnzeMove>[] =>
        m.kind === "claim" || m.kind === "unclaim"
          ? [{ label: say(m.kind === "claim" ? "buy_penalty" : "withdraw", { card }), move: m }]
          : m.kind === "decline"
            ? [{ label: say("btn_no_thanks"), move: m }]
            : [],
      );
      const said = s.forSale !== null && (s.declines ?? []).includes(seat) ? ` ${say("panel_declined", { card })}` : "";
      const tableHits: LiveHit<OnzeMove>[] =
        buy && piles.discard
          ? [
              {
                ...piles.discard,
                label: buttons[0]?.label ?? card,
                good: buy.kind === "claim",
                moves: [{ label: buttons[0]?.label ?? card, move: buy }],
              },
            ]
          : [];
      return { line: `${turnLine}${said}`, tableHits, hand: { png, hits: [] }, buttons };
    }
    if (s.phase === "draw") {
      const tableHits: LiveHit<OnzeMove>[] = [];
      if (piles.stock)
        tableHits.push({
          ...piles.stock,
          label: say("btn_draw_stock"),
          good: true,
          moves: [{ label: say("btn_draw_stock"), move: { kind: "draw" } }],
        });
      if (piles.discard && moves.some((m) => m.kind === "take")) {
        const label = say("btn_take", { card: topName });
        tableHits.push({ ...piles.discard, label, good: true, moves: [{ label, move: { kind: "take" } }] });
      }
      return { line: say("draw_prompt"), tableHits, hand: { png, hits: [] }, buttons: [] };
    }
    // A discard goes to the pile's place even when it is empty (every card was taken or bought).
    return playFrame(rec, s, seat, moves, locale, { png, hand, card: layout.card, discard: onzeDiscardSpot(view) });
  },

  async apply(ctx, channelId, userId, move) {
    // On the table as it is (`realtime`): a buy made meanwhile does not make the click stale.
    await playOutside(ctx, channelId, userId, ctx.service("onze"), ONZE_VIEW, move, undefined);
  },
};

/**
 * The seat's frame in the play phase of its turn: each hand card selects its face; the discard
 * pile, the melds and the runs' wilds are targets for the faces that go there; Go down is a button.
 */
function playFrame(
  rec: OnzeTable,
  s: OnzeState,
  seat: number,
  moves: readonly OnzeMove[],
  locale: Locale,
  drawn: { readonly png: Buffer; readonly hand: readonly Card[]; card(i: number): Rect; readonly discard: Rect | null },
): LiveDraft<OnzeMove> {
  const say = (key: string, params: Record<string, string | number> = {}) => t(locale, `onze.${key}`, params);
  const onTable = moves.filter((m): m is LayoffMove | SwapMove => m.kind === "layoff" || m.kind === "swap");
  const better = new Set(onTable.map((m) => faceKey(m.card)));
  const offered = new Set([...onTable, ...moves.filter((m): m is Discard => m.kind === "discard")].map((m) => faceKey(m.card)));
  const handHits: LiveHit<OnzeMove>[] = drawn.hand.flatMap((card, i) =>
    offered.has(faceKey(card))
      ? [{ ...drawn.card(i), label: cardNameIn(locale, card), select: faceKey(card), good: better.has(faceKey(card)) }]
      : [],
  );
  const tableHits: LiveHit<OnzeMove>[] = [];
  // Discarding: one target on the pile a face (the copy the rules let go: not the card taken this turn).
  if (drawn.discard)
    for (const m of new Map(moves.filter((m): m is Discard => m.kind === "discard").map((m) => [faceKey(m.card), m])).values()) {
      const label = say("live_discard", { card: cardNameIn(locale, m.card) });
      tableHits.push({ ...drawn.discard, label, when: faceKey(m.card), moves: [{ label, move: m }] });
    }
  // Laying off: the meld's rectangle, its ends offered by name; then swaps, on the wild's card (drawn over the meld's).
  const view = onzeView(s, null);
  const meldRects = view.melds.map((_, ms) => onzeMeldRects(view, ms));
  const grouped = new Map<string, { rect: Rect; label: string; when: string; moves: { label: string; move: OnzeMove }[] }>();
  for (const m of onTable) {
    const at = m.kind === "layoff" ? m.to : m.from;
    const rects = meldRects[at.seat]?.[at.meld];
    if (!rects) continue;
    const rect = m.kind === "layoff" ? rects.meld : rects.cards[m.index];
    if (!rect) continue;
    const key = `${m.kind}:${faceKey(m.card)}:${at.seat}:${at.meld}:${m.kind === "swap" ? m.index : ""}`;
    const label = m.kind === "layoff" ? meldOf(rec, at.seat, at.meld, locale) : say("live_swap", { card: cardNameIn(locale, m.card) });
    const g = grouped.get(key) ?? { rect, label, when: faceKey(m.card), moves: [] };
    g.moves.push({ label: m.kind === "layoff" ? layoffText(rec, m, locale) : wildTo(rec, m, locale), move: m });
    grouped.set(key, g);
  }
  const ordered = [...grouped.entries()].sort(([a], [b]) => Number(a.startsWith("swap")) - Number(b.startsWith("swap")));
  for (const [, g] of ordered) tableHits.push({ ...g.rect, label: g.label, when: g.when, good: true, moves: g.moves });
  const downs = moves.filter((m): m is Down => m.kind === "down");
  const buttons: LiveButton<OnzeMove>[] =
    downs.length === 1
      ? [{ label: `${say("live_go_down")} ${downText((downs[0] as Down).melds, locale)}`, move: downs[0] as Down }]
      : downs.length
        ? [{ label: say("go_down_with"), moves: downs.map((m) => ({ label: downText(m.melds, locale), move: m })) }]
        : [];
  const lines = [
    say(s.down[seat] ? (s.downThisTurn ? "went_down_discard" : "layoff_or_swap") : downs.length ? "can_go_down" : "discard_end"),
    say("live_pick"),
  ];
  if (s.taken !== null && (s.hands[seat]?.length ?? 0) > 1) lines.push(say("taken_note", { card: cardNameIn(locale, s.taken) }));
  return { line: lines.join(" "), tableHits, hand: { png: drawn.png, hits: handHits }, buttons };
}

/** Where a swap sends the freed wild, in words: "The wild goes to Ada's run 2♥-6♥ (low end)". */
function wildTo(rec: OnzeTable, m: SwapMove, locale: Locale): string {
  const to = t(locale, "onze.live_wild_to", { to: meldOf(rec, m.to.seat, m.to.meld, locale) });
  return m.end ? `${to} (${t(locale, m.end === "low" ? "onze.end_low" : "onze.end_high")})` : to;
}
