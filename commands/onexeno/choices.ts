/**
 * Choices offered to a player: cards of their hand (playable first) and the legal placements
 * of one card, labelled in the coordinates printed on the table picture. Used by
 * autocomplete, by the select menus of the hand panel and to read typed input.
 */
import { columnLabel, displayWindow, parsePositionLabel, positionLabel, rowLabel } from "../../src/games/onexeno/board.ts";
import { cardValue, parseCardName, type CardId, type Rotation } from "../../src/games/onexeno/cards.ts";
import { onexeno, trickPointsOf, type OnexenoMove, type OnexenoState } from "../../src/games/onexeno/game.ts";
import { t, type Locale } from "../../src/i18n/index.ts";
import { refuse } from "../../src/bot/words.ts";
import { cardCodeIn, cardLabelIn, rotationIn } from "../../render/onexeno/words.ts";

type Place = OnexenoMove & { kind: "place" };

/** How a rotation is said to players. */
export function rotationText(rot: Rotation, locale: Locale = "en"): string {
  return rotationIn(locale, rot);
}

/** A placement choice: `value` is `x,y,rot` in table coordinates. */
export interface PlacementChoice {
  readonly label: string;
  readonly value: string;
  readonly points: number;
  readonly move: Place;
}

/** Legal placements of `card` for `seat`, trick-taking ones first, then reading order. */
export function placementChoices(state: OnexenoState, seat: number, card: CardId, locale: Locale = "en"): PlacementChoice[] {
  return onexeno
    .legalMoves(state, seat)
    .filter((m): m is Place => m.kind === "place" && m.card === card)
    .map((move) => {
      const points = trickPointsOf(state, move);
      const trick = points > 0 ? ` · ${t(locale, "onexeno.takes_trick", { points })}` : "";
      const label = `${positionLabel(move.x, move.y)} · ${rotationText(move.rot, locale)}${trick}`;
      return { label, value: `${move.x},${move.y},${move.rot}`, points, move };
    })
    .sort((a, b) => b.points - a.points || a.move.y - b.move.y || a.move.x - b.move.x || a.move.rot - b.move.rot);
}

/** A card of the hand with how many placements it has now. */
export interface CardChoice {
  readonly card: CardId;
  readonly name: string;
  readonly placements: number;
  readonly bestPoints: number;
}

/** The seat's hand, playable cards first (most placements first), each with its count and its code in `locale`'s letters. */
export function cardChoices(state: OnexenoState, seat: number, locale: Locale = "en"): CardChoice[] {
  const moves = onexeno.legalMoves(state, seat).filter((m): m is Place => m.kind === "place");
  const hand = state.hands[seat] ?? [];
  return hand
    .map((card) => {
      const mine = moves.filter((m) => m.card === card);
      return {
        card,
        name: cardCodeIn(locale, card),
        placements: mine.length,
        bestPoints: mine.reduce((best, m) => Math.max(best, trickPointsOf(state, m)), 0),
      };
    })
    .sort(
      (a, b) => Number(b.placements > 0) - Number(a.placements > 0) || b.bestPoints - a.bestPoints || cardValue(b.card) - cardValue(a.card),
    );
}

/** What a card choice can do now (autocomplete and select option text); empty off turn. */
export function cardChoiceText(c: CardChoice, myTurn: boolean, locale: Locale = "en"): string {
  if (!myTurn) return "";
  if (c.placements === 0) return t(locale, "onexeno.no_place");
  const take = c.bestPoints > 0 ? ` · ${t(locale, "onexeno.can_take", { points: c.bestPoints })}` : "";
  return `${t(locale, "onexeno.places", { count: c.placements })}${take}`;
}

/** A card choice as one line: readable label first, then the exact code, then what it can do. */
export function cardChoiceLine(c: CardChoice, myTurn: boolean, locale: Locale = "en"): string {
  const what = cardChoiceText(c, myTurn, locale);
  return `${cardLabelIn(locale, c.card)} · ${cardCodeIn(locale, c.card)}${what ? ` · ${what}` : ""}`;
}

/** Reads the `card` option: an id from autocomplete, or a typed card name. */
export function readCard(text: string, state: OnexenoState, seat: number): CardId {
  const card = parseCardName(text);
  if (card === null) throw refuse("input/bad_card", { context: "typed", text });
  if (!(state.hands[seat] ?? []).includes(card)) throw refuse("onexeno/card_not_in_hand", { context: "named", card: text.trim() });
  return card;
}

/**
 * Reads the `at` option: `x,y,rot` from autocomplete, or a typed coordinate such as `C3`,
 * optionally followed by a rotation (`90`, `180`, `270`, `r1`..`r3`, `left`, `right`).
 * With no rotation, a cell where exactly one turn of the card fits is accepted.
 */
export function readPlacement(text: string, state: OnexenoState, seat: number, card: CardId): Place {
  const abs = /^(-?\d+),(-?\d+),([0-3])$/.exec(text.trim());
  if (abs) return { kind: "place", card, x: Number(abs[1]), y: Number(abs[2]), rot: Number(abs[3]) as Rotation };
  const m = /^\s*([a-zA-Z]\s*\d{1,2})\s*(.*)$/.exec(text);
  const win = displayWindow(state.table);
  const pos = m ? parsePositionLabel(m[1] as string) : null;
  const range = {
    cols: `${columnLabel(win.minX)}–${columnLabel(win.minX + win.cols - 1)}`,
    rows: `${rowLabel(win.minY)}–${rowLabel(win.minY + win.rows - 1)}`,
  };
  if (!m || !pos) throw refuse("input/bad_position", { context: "typed", text, ...range });
  if (pos.x < win.minX || pos.y < win.minY || pos.x >= win.minX + win.cols || pos.y >= win.minY + win.rows) {
    throw refuse("input/bad_position", { context: "outside", text: m[1], ...range });
  }
  const rotText = (m[2] ?? "").toLowerCase().replace(/[°\s]/g, "");
  const rotMap: Record<string, Rotation> = { "": 0, "0": 0, r0: 0, "90": 1, r1: 1, right: 1, "180": 2, r2: 2, "270": 3, r3: 3, left: 3 };
  const options = placementChoices(state, seat, card).filter((c) => c.move.x === pos.x && c.move.y === pos.y);
  if (rotText === "") {
    if (options.length === 1) return (options[0] as PlacementChoice).move;
    if (options.length > 1) {
      throw refuse("input/which_rotation", { at: m[1], turns: options.map((o) => `${o.move.rot * 90}°`).join(", ") });
    }
    return { kind: "place", card, x: pos.x, y: pos.y, rot: 0 };
  }
  const rot = rotMap[rotText];
  if (rot === undefined) throw refuse("input/bad_rotation", { text: m[2] ?? "" });
  return { kind: "place", card, x: pos.x, y: pos.y, rot };
}
