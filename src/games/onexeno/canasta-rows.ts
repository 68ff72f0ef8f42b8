/**
 * ONEXENO canasta's rows: a row's sum, whether two cards side by side match, and why a row is
 * not a valid meld (as docs/rules/onexeno-canasta.md "ONEXENO canasta" rules it: matching neighbours, 10 < sum <= 20,
 * the variant's number of cards).
 */
import { ANY_COUNT, type RowCount } from "./canasta-types.ts";
import { idOf, instValue, MELD_MAX, MELD_MIN_EXCLUSIVE, type RowCard } from "./canasta-types.ts";
import { CELL, isBlack, rotatePattern } from "./cards.ts";

/** The sum of a row's card values. */
export const rowSum = (row: readonly RowCard[]): number => row.reduce((s, c) => s + instValue(c.card), 0);

/** Do two cards side by side match (left card's right column = right card's left column)? */
export function rowNeighboursMatch(left: RowCard, right: RowCard): boolean {
  const a = rotatePattern(idOf(left.card), left.rot);
  const b = rotatePattern(idOf(right.card), right.rot);
  return (
    isBlack(a, CELL.TR) === isBlack(b, CELL.TL) && isBlack(a, CELL.R) === isBlack(b, CELL.L) && isBlack(a, CELL.BR) === isBlack(b, CELL.BL)
  );
}

/**
 * Why a row is not a valid meld, or null: matching neighbours, 10 < sum <= 20, and under the
 * variant `count` a number of cards within its limits (`canasta/too_few`, `canasta/too_many`).
 */
export function rowProblem(row: readonly RowCard[], count: RowCount = ANY_COUNT): string | null {
  if (row.length > count.max) return "canasta/too_many";
  if (row.length < count.min) return "canasta/too_few";
  for (let i = 1; i < row.length; i++) if (!rowNeighboursMatch(row[i - 1] as RowCard, row[i] as RowCard)) return "canasta/no_match";
  const sum = rowSum(row);
  if (sum <= MELD_MIN_EXCLUSIVE) return "canasta/too_low";
  if (sum > MELD_MAX) return "canasta/too_high";
  return null;
}
