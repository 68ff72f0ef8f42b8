/**
 * The ONEXENO table: placed cards on an integer grid, the matching rule, the 5x5 field limit
 * and trick (line of five) detection. Shared by the basic, partners and solitaire games.
 *
 * Coordinates: x grows to the right, y grows downwards; the first card of a hand lies at
 * (0, 0). Sources: docs/rules/onexeno.md "Taking Tricks", "The Playing Field", "Matching rule",
 * "Field limit".
 */
import { CELL, distinctRotations, isBlack, rotatePattern, type CardId, type Rotation } from "./cards.ts";

/** A card on the table. */
export interface Placed {
  readonly card: CardId;
  readonly rot: Rotation;
  readonly x: number;
  readonly y: number;
}

/** Inclusive bounding box of the cards on the table, with which directions are closed. */
export interface Field {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
  /** Spans `FIELD_LIMIT` columns: no card may go left of minX or right of maxX. */
  readonly xClosed: boolean;
  /** Spans `FIELD_LIMIT` rows. */
  readonly yClosed: boolean;
}

/** The playing field may never span more than 5 columns or 5 rows (docs/rules/onexeno.md). */
export const FIELD_LIMIT = 5;
/** A trick is a complete line of this many cards. */
export const LINE_LENGTH = 5;

/** The four kinds of line a trick can lie on. */
export const LINE_KINDS = ["row", "column", "diagonal", "antidiagonal"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** A completed line: its kind and its cells in order. */
export interface Line {
  readonly kind: LineKind;
  readonly cells: readonly { x: number; y: number }[];
}

const key = (x: number, y: number) => `${x},${y}`;

/** Index of the table by position, for O(1) neighbour lookups. */
export type Grid = ReadonlyMap<string, Placed>;

/** Builds the position index of a table. */
export function gridOf(table: readonly Placed[]): Map<string, Placed> {
  const m = new Map<string, Placed>();
  for (const p of table) m.set(key(p.x, p.y), p);
  return m;
}

/** The card at (x, y), if any. */
export function at(grid: Grid, x: number, y: number): Placed | undefined {
  return grid.get(key(x, y));
}

/** Bounding box of a non-empty table (null when empty). */
export function fieldOf(table: readonly Placed[]): Field | null {
  if (table.length === 0) return null;
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (const p of table) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  return {
    minX,
    maxX,
    minY,
    maxY,
    xClosed: maxX - minX + 1 >= FIELD_LIMIT,
    yClosed: maxY - minY + 1 >= FIELD_LIMIT,
  };
}

/** Pattern of a placed card as it lies (after rotation). */
export function placedPattern(p: { card: CardId; rot: Rotation }): number {
  return rotatePattern(p.card, p.rot);
}

/** Neighbour offsets with the cell pairs that must agree: [dx, dy, [mine, theirs][]]. */
const CONTACTS: readonly [number, number, readonly (readonly [number, number])[], boolean][] = [
  // edges (the boolean marks an edge contact)
  [
    -1,
    0,
    [
      [CELL.TL, CELL.TR],
      [CELL.L, CELL.R],
      [CELL.BL, CELL.BR],
    ],
    true,
  ],
  [
    1,
    0,
    [
      [CELL.TR, CELL.TL],
      [CELL.R, CELL.L],
      [CELL.BR, CELL.BL],
    ],
    true,
  ],
  [
    0,
    -1,
    [
      [CELL.TL, CELL.BL],
      [CELL.T, CELL.B],
      [CELL.TR, CELL.BR],
    ],
    true,
  ],
  [
    0,
    1,
    [
      [CELL.BL, CELL.TL],
      [CELL.B, CELL.T],
      [CELL.BR, CELL.TR],
    ],
    true,
  ],
  // corners
  [-1, -1, [[CELL.TL, CELL.BR]], false],
  [1, -1, [[CELL.TR, CELL.BL]], false],
  [-1, 1, [[CELL.BL, CELL.TR]], false],
  [1, 1, [[CELL.BR, CELL.TL]], false],
];

/** Why a placement is refused, or null when it is allowed. */
export type PlacementProblem = "occupied" | "not_adjacent" | "no_match" | "field_limit";

/**
 * Checks one placement of pattern `pattern` at (x, y) against the matching rule (edges cell
 * by cell, corner contacts cell to cell), adjacency (must share an edge unless the table is
 * empty) and the 5x5 field limit. `grid` and `field` describe the table before placing.
 */
export function placementProblem(
  grid: Grid,
  field: Field | null,
  x: number,
  y: number,
  pattern: number,
  limit: number = FIELD_LIMIT,
): PlacementProblem | null {
  if (field === null) return x === 0 && y === 0 ? null : "not_adjacent";
  if (grid.has(key(x, y))) return "occupied";
  if (Math.max(field.maxX, x) - Math.min(field.minX, x) + 1 > limit) return "field_limit";
  if (Math.max(field.maxY, y) - Math.min(field.minY, y) + 1 > limit) return "field_limit";
  let touchesEdge = false;
  let mismatch = false;
  for (const [dx, dy, pairs, edge] of CONTACTS) {
    const n = grid.get(key(x + dx, y + dy));
    if (!n) continue;
    if (edge) touchesEdge = true;
    const theirs = placedPattern(n);
    for (const [mine, other] of pairs) {
      if (isBlack(pattern, mine) !== isBlack(theirs, other)) mismatch = true;
    }
  }
  if (!touchesEdge) return "not_adjacent";
  return mismatch ? "no_match" : null;
}

/**
 * Empty cells that share an edge with a card and respect the field limit: every cell a
 * card could go (before the matching check). On an empty table: only (0, 0).
 */
export function candidateCells(
  table: readonly Placed[],
  grid: Grid,
  field: Field | null,
  limit: number = FIELD_LIMIT,
): { x: number; y: number }[] {
  if (field === null) return [{ x: 0, y: 0 }];
  const seen = new Set<string>();
  const out: { x: number; y: number }[] = [];
  for (const p of table) {
    for (const [dx, dy] of [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
    ] as const) {
      const x = p.x + dx,
        y = p.y + dy;
      const k = key(x, y);
      if (seen.has(k) || grid.has(k)) continue;
      seen.add(k);
      if (Math.max(field.maxX, x) - Math.min(field.minX, x) + 1 > limit) continue;
      if (Math.max(field.maxY, y) - Math.min(field.minY, y) + 1 > limit) continue;
      out.push({ x, y });
    }
  }
  out.sort((a, b) => a.y - b.y || a.x - b.x);
  return out;
}

/**
 * Every legal (x, y, rot) for one card on the table, in reading order. `limit` is the most
 * columns/rows the table may span (5 in basic; solitaire bounds placements by its own field
 * and passes Infinity).
 */
export function legalPlacements(
  table: readonly Placed[],
  grid: Grid,
  field: Field | null,
  card: CardId,
  limit: number = FIELD_LIMIT,
): { x: number; y: number; rot: Rotation }[] {
  const out: { x: number; y: number; rot: Rotation }[] = [];
  const rots = distinctRotations(card);
  for (const c of candidateCells(table, grid, field, limit)) {
    for (const rot of rots) {
      if (placementProblem(grid, field, c.x, c.y, rotatePattern(card, rot), limit) === null) out.push({ ...c, rot });
    }
  }
  return out;
}

/**
 * Lines of five completed by a card just placed at (x, y): its row, its column and, when
 * the table spans exactly 5x5 and the card lies on one, the two diagonals. `grid` and
 * `field` describe the table *including* the new card. Up to 4 lines, 17 distinct cells.
 */
export function completedLines(grid: Grid, field: Field, x: number, y: number): Line[] {
  const lines: Line[] = [];
  const full = (cells: { x: number; y: number }[]) => cells.every((c) => grid.has(key(c.x, c.y)));
  const width = field.maxX - field.minX + 1;
  const height = field.maxY - field.minY + 1;
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  if (width === LINE_LENGTH) {
    const row = range(LINE_LENGTH).map((i) => ({ x: field.minX + i, y }));
    if (full(row)) lines.push({ kind: "row", cells: row });
  }
  if (height === LINE_LENGTH) {
    const col = range(LINE_LENGTH).map((i) => ({ x, y: field.minY + i }));
    if (full(col)) lines.push({ kind: "column", cells: col });
  }
  if (width === LINE_LENGTH && height === LINE_LENGTH) {
    if (x - field.minX === y - field.minY) {
      const d = range(LINE_LENGTH).map((i) => ({ x: field.minX + i, y: field.minY + i }));
      if (full(d)) lines.push({ kind: "diagonal", cells: d });
    }
    if (x - field.minX === field.maxY - y) {
      const d = range(LINE_LENGTH).map((i) => ({ x: field.minX + i, y: field.maxY - i }));
      if (full(d)) lines.push({ kind: "antidiagonal", cells: d });
    }
  }
  return lines;
}

/**
 * The window of cells shown on the table picture and used for printed coordinates: the
 * field plus one cell on each side that is still open (a new card must touch an edge, so
 * no legal placement lies further out). Columns are lettered A.. and rows numbered 1..
 * from the window's top-left.
 */
export function displayWindow(table: readonly Placed[]): { minX: number; minY: number; cols: number; rows: number } {
  const f = fieldOf(table);
  if (f === null) return { minX: 0, minY: 0, cols: 1, rows: 1 };
  const mx = f.xClosed ? 0 : 1;
  const my = f.yClosed ? 0 : 1;
  return {
    minX: f.minX - mx,
    minY: f.minY - my,
    cols: f.maxX - f.minX + 1 + 2 * mx,
    rows: f.maxY - f.minY + 1 + 2 * my,
  };
}

/**
 * Cell names. A cell keeps its name for a whole hand (and a whole solitaire game): names are
 * fixed to the table's own coordinates, in which the hand's first card lies at (0, 0), named
 * **H8**. Columns are letters (x = -7 is A, 0 is H, 18 is Z; further left, lower case), rows
 * numbers (y = -7 is 1, 0 is 8, rows below y = -7 count down from 0). Solitaire's 8x8 around its
 * first card stays within A..O and 1..15; a basic hand rarely leaves them.
 */
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ORIGIN_COL = 7;
const ORIGIN_ROW = 8;

/** The name of column `x` (table coordinates). */
export function columnLabel(x: number): string {
  const i = x + ORIGIN_COL;
  if (i >= 0 && i < 26) return LETTERS[i] as string;
  if (i < 0 && i >= -26) return (LETTERS[-i - 1] as string).toLowerCase();
  return `(${x})`;
}

/** The name of row `y` (table coordinates). */
export function rowLabel(y: number): string {
  return String(y + ORIGIN_ROW);
}

/** The name of cell (x, y): `H8` for the first card's cell. */
export function positionLabel(x: number, y: number): string {
  return `${columnLabel(x)}${rowLabel(y)}`;
}

/** Parses a cell name (`C3`, `c 3`, `h8`) into table coordinates, or null. */
export function parsePositionLabel(text: string): { x: number; y: number } | null {
  const m = /^\s*([A-Za-z])\s*(-?\d{1,3})\s*$/.exec(text);
  if (!m) return null;
  // Typed names are read case-insensitively as A..Z; the rare lower-case columns left of A
  // are reached through the suggestions, whose values carry table coordinates.
  const x = LETTERS.indexOf((m[1] as string).toUpperCase()) - ORIGIN_COL;
  return { x, y: Number(m[2]) - ORIGIN_ROW };
}
