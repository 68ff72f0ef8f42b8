/**
 * Canasta's bot side, shared pieces: its table type, how rows are written in customIds and
 * typed text, and the extension choices of a hand.
 */
import { seatNames } from "../../src/bot/clock.ts";
import type { RowCount } from "../../src/games/onexeno/canasta-types.ts";
import { UserError } from "../../src/bot/errors.ts";
import { refuse } from "../../src/bot/words.ts";
import type { TableOf } from "../../src/bot/tables.ts";
import { distinctRotations, parseCardName, type Rotation } from "../../src/games/onexeno/cards.ts";
import {
  canastaLegalMoves,
  idOf,
  instValue,
  rowProblem,
  rowSum,
  type CanastaState,
  type CardInst,
  type RowCard,
} from "../../src/games/onexeno/canasta.ts";
import { rotationText } from "../onexeno/choices.ts";
import { cardCodeIn, cardLabelIn } from "../../render/onexeno/words.ts";
import { t, type Locale } from "../../src/i18n/index.ts";

export const MAX = 25;
/** An ONEXENO canasta table. */
export type CanastaTable = TableOf<"canasta">;

export const names = (rec: CanastaTable) => seatNames(rec);
export const stateOf = (rec: CanastaTable): CanastaState => {
  if (!rec.state || rec.status === "lobby") throw refuse("table/not_started");
  return rec.state;
};

/** `inst@rot,inst@rot,…` <-> a row. */
export const encodeRow = (row: readonly RowCard[]) => row.map((c) => `${c.card}@${c.rot}`).join(",");
export function decodeRow(text: string): RowCard[] | null {
  const parts = text.split(",");
  const out: RowCard[] = [];
  for (const p of parts) {
    const m = /^(\d+)@([0-3])$/.exec(p.trim());
    if (!m) return null;
    out.push({ card: Number(m[1]), rot: Number(m[2]) as Rotation });
  }
  return out.length ? out : null;
}

/** A short text for a row: values and sum, e.g. `5+7+8 = 20 ★ XENO`. */
export function rowText(row: readonly RowCard[]): string {
  const sum = rowSum(row);
  return `${row.map((c) => instValue(c.card)).join("+")} = ${sum}${sum === 20 ? " ★ XENO" : ""}`;
}

/**
 * Reads typed card names in order (`BWB/W4B/BWW 5:BBW/…`, separated by spaces, commas or +)
 * from the hand and finds rotations that make them a valid row, or throws a UserError.
 */
export function readTypedRow(text: string, hand: readonly CardInst[], count?: RowCount): RowCard[] {
  const encoded = decodeRow(text);
  if (encoded) return encoded;
  const tokens = text.split(/[\s,+]+/).filter(Boolean);
  const pool = [...hand];
  const cards: CardInst[] = [];
  for (const t of tokens) {
    const id = parseCardName(t);
    if (id === null) throw refuse("input/bad_card", { context: "name", text: t });
    const i = pool.findIndex((c) => idOf(c) === id);
    if (i < 0) throw refuse("canasta/card_not_in_hand", { context: "named", card: t });
    cards.push(pool.splice(i, 1)[0] as CardInst);
  }
  const row: RowCard[] = [];
  const go = (i: number): boolean => {
    if (i === cards.length) return rowProblem(row, count) === null;
    for (const rot of distinctRotations(idOf(cards[i] as CardInst))) {
      row.push({ card: cards[i] as CardInst, rot });
      if (i === 0 || rowProblem(row.slice(-2)) !== "canasta/no_match") if (go(i + 1)) return true;
      row.pop();
    }
    return false;
  };
  if (!go(0))
    throw new UserError(
      "canasta/no_row",
      "Those cards make no valid row in that order (edges must match; more than 10 and at most 20 points).",
      "error",
      { context: "order" },
    );
  return row;
}

/** Legal extensions of the seat's rows, as `row:end:inst@rot` values with labels. */
export function extensionChoices(s: CanastaState, seat: number, locale: Locale = "en"): { label: string; value: string }[] {
  const out: { label: string; value: string; score: number }[] = [];
  for (const m of canastaLegalMoves(s, seat, 0)) {
    if (m.kind !== "extend") continue;
    const row = s.rows[seat]?.[m.row] ?? [];
    const sum = rowSum(row) + instValue(m.card);
    out.push({
      label: `${t(locale, "canasta.row_label", {
        ...{ row: m.row + 1, end: t(locale, `canasta.end_${m.end}`), card: cardLabelIn(locale, idOf(m.card)) },
        ...{ code: cardCodeIn(locale, idOf(m.card)), rotation: rotationText(m.rot, locale), sum },
      })}${sum === 20 ? " ★ XENO" : ""}`,
      value: `${m.row}:${m.end}:${m.card}@${m.rot}`,
      score: sum,
    });
  }
  return out.sort((a, b) => b.score - a.score);
}
