/**
 * ONEXENO cards: a square split 3x3; the 8 outer cells are black or white, the centre shows
 * the number of black cells (the card's point value, 0..8).
 *
 * Encoding. A *pattern* is an 8-bit integer, bit i = cell i black, cells numbered clockwise
 * from the top-left corner: 0 TL, 1 T, 2 TR, 3 R, 4 BR, 5 B, 6 BL, 7 L. Turning a card a
 * quarter turn clockwise moves cell i to cell i+2 (mod 8). A card's *id* is the smallest of
 * its four rotations' patterns, so the 70 ids are the 70 cards of the deck
 * (Burnside: (256 + 4 + 16 + 4) / 4 = 70; docs/rules/onexeno.md "ONEXENO cards").
 */

/** A card id: the canonical (smallest-rotation) 8-bit pattern, 0..255. */
export type CardId = number;
/** Quarter turns clockwise from the card's canonical orientation, 0..3. */
export type Rotation = 0 | 1 | 2 | 3;

export const ROTATIONS = [0, 1, 2, 3] as const satisfies readonly Rotation[];

/** Cell indices (clockwise from top-left). */
export const CELL = { TL: 0, T: 1, TR: 2, R: 3, BR: 4, B: 5, BL: 6, L: 7 } as const;

/** Rotates an 8-bit pattern by `r` quarter turns clockwise. */
export function rotatePattern(pattern: number, r: number): number {
  const s = (2 * (((r % 4) + 4) % 4)) % 8;
  return ((pattern << s) | (pattern >>> (8 - s))) & 0xff;
}

/** The canonical id of any pattern (smallest of its rotations). */
export function canonical(pattern: number): CardId {
  let best = pattern & 0xff;
  for (let r = 1; r < 4; r++) best = Math.min(best, rotatePattern(pattern, r));
  return best;
}

/** Whether cell `cell` (0..7) of `pattern` is black. */
export function isBlack(pattern: number, cell: number): boolean {
  return ((pattern >>> cell) & 1) === 1;
}

/** Point value: the number of black outer cells. */
export function cardValue(id: CardId): number {
  let v = 0;
  for (let i = 0; i < 8; i++) v += (id >>> i) & 1;
  return v;
}

/** The 70 card ids, sorted by value then id: the order of a fresh deck. */
export const DECK: readonly CardId[] = (() => {
  const ids = new Set<number>();
  for (let p = 0; p < 256; p++) ids.add(canonical(p));
  return [...ids].sort((a, b) => cardValue(a) - cardValue(b) || a - b);
})();

const DECK_SET = new Set(DECK);

/** Whether `id` is one of the 70 canonical card ids. */
export function isCardId(id: unknown): id is CardId {
  return typeof id === "number" && DECK_SET.has(id);
}

/**
 * Rotations of a card that give distinct patterns (symmetric cards have 1 or 2), so move
 * lists do not repeat the same placement.
 */
export function distinctRotations(id: CardId): Rotation[] {
  const seen = new Set<number>();
  const out: Rotation[] = [];
  for (const r of ROTATIONS) {
    const p = rotatePattern(id, r);
    if (!seen.has(p)) {
      seen.add(p);
      out.push(r);
    }
  }
  return out;
}

/**
 * Readable name used by autocomplete and printed under cards in hand pictures: the card
 * read row by row as it is drawn (`letters`: the letter for a white cell, then for a black one;
 * `WB` in English, each language its own, render/onexeno/words.ts `cardCodeIn`; centre = value),
 * e.g. `BWB/W4B/BWW`. Always in the canonical orientation. Unique per card.
 */
export function cardName(id: CardId, letters: string = CODE_LETTERS[0]): string {
  const [white, black] = Array.from(letters);
  const c = (cell: number) => (isBlack(id, cell) ? black : white);
  return `${c(CELL.TL)}${c(CELL.T)}${c(CELL.TR)}/` + `${c(CELL.L)}${cardValue(id)}${c(CELL.R)}/` + `${c(CELL.BL)}${c(CELL.B)}${c(CELL.BR)}`;
}

/**
 * The letters (white, then black) a card's code may be written with: English `WB`, French and
 * Spanish `BN` (blanc/blanco, noir/negro), German `WS` (weiß, schwarz), Portuguese `BP` (branco,
 * preto), and the squares `□■` and `⬜⬛` that need no language. A code uses one pair throughout;
 * its centre value (the number of black cells) tells apart the pairs that share a letter.
 */
export const CODE_LETTERS = ["WB", "BN", "WS", "BP", "□■", "⬜⬛"] as const;

/** A run of a card's black cells around its ring, by length and place (see `cardShapeOf`). */
export type ShapeWord = "hook" | "side" | "L" | "pair" | "corner" | "dot";

/**
 * The shape of a card, the same in every rotation: the runs of its black cells around the ring
 * (of its white cells, `white`, when most are black), largest first, each with how many there
 * are. A run of one is a `corner` or a `dot` (the middle of a side); two cells are a `pair`;
 * three are a `side` (corner to corner) or an `L` (around a corner); four are a `hook`.
 * Value 0 is `blank`, value 8 `solid` (no runs). Languages say it in their own words.
 */
export function cardShapeOf(id: CardId): {
  readonly kind: "blank" | "solid" | "runs";
  readonly white: boolean;
  readonly runs: readonly { readonly word: ShapeWord; readonly n: number }[];
} {
  const v = cardValue(id);
  if (v === 0 || v === 8) return { kind: v === 0 ? "blank" : "solid", white: false, runs: [] };
  const white = v > 4;
  const on = (i: number) => isBlack(id, i) !== white;
  // Start the walk just after an off cell, so no run is split in two.
  const start = [0, 1, 2, 3, 4, 5, 6, 7].find((i) => !on(i)) as number;
  const runs: { len: number; first: number }[] = [];
  for (let k = 1; k <= 8; k++) {
    const i = (start + k) % 8;
    if (!on(i)) continue;
    const prev = runs.at(-1);
    if (prev && on((i + 7) % 8) && k > 1) prev.len++;
    else runs.push({ len: 1, first: i });
  }
  const word = (r: { len: number; first: number }): ShapeWord => {
    const corner = r.first % 2 === 0; // TL, TR, BR, BL are the even cells
    if (r.len === 1) return corner ? "corner" : "dot";
    if (r.len === 2) return "pair";
    if (r.len === 3) return corner ? "side" : "L";
    return "hook";
  };
  const order: ShapeWord[] = ["hook", "side", "L", "pair", "corner", "dot"];
  const counts = new Map<ShapeWord, number>();
  for (const r of runs) counts.set(word(r), (counts.get(word(r)) ?? 0) + 1);
  return { kind: "runs", white, runs: order.filter((w) => counts.has(w)).map((w) => ({ word: w, n: counts.get(w) as number })) };
}

/** The shape of a card in English words (`cardShapeOf`): `L`, `2 pairs + dot`, `white side`, `blank`. */
export function cardShape(id: CardId): string {
  const shape = cardShapeOf(id);
  if (shape.kind !== "runs") return shape.kind;
  const parts = shape.runs.map(({ word: w, n }) => (n === 1 ? w : `${n} ${w === "L" ? "Ls" : `${w}s`}`));
  return `${shape.white ? "white " : ""}${parts.join(" + ")}`;
}

/** What players read first: value and shape, e.g. `3 · L` or `6 · white pair`. */
export function cardLabel(id: CardId): string {
  return `${cardValue(id)} · ${cardShape(id)}`;
}

/** Label and exact code together, for text: `3 · L (WBB/W3W/WWB)`. */
export function cardTitle(id: CardId): string {
  return `${cardLabel(id)} (${cardName(id)})`;
}

/**
 * Parses a card name in any of the `CODE_LETTERS` (`BWB/W4B/BWW`, `NBN/B4N/NBB`, `□■□/…`; any
 * case, `/` or spaces optional) or a numeric id; null when it names no card, or could be read as
 * two (never, since the centre value counts the black cells).
 */
export function parseCardName(text: string): CardId | null {
  const t = text.trim().toUpperCase();
  if (/^\d{1,3}$/.test(t)) {
    const n = Number(t);
    return isCardId(n) ? n : null;
  }
  const read = new Set<CardId>();
  for (const letters of CODE_LETTERS) {
    const id = parseCode(t, letters);
    if (id !== null) read.add(id);
  }
  return read.size === 1 ? ([...read][0] as CardId) : null;
}

/** `t` (upper case) as a code written with `letters` (white, then black): its card, or null. */
function parseCode(t: string, letters: string): CardId | null {
  const [white, black] = Array.from(letters);
  const cells = Array.from(t).filter((ch) => ch === white || ch === black || (ch >= "0" && ch <= "8"));
  const shape = cells.map((ch) => (ch === black ? "b" : ch === white ? "w" : ch)).join("");
  if (!/^[bw]{4}[0-8][bw]{4}$/.test(shape)) return null;
  const at = (i: number) => shape[i] === "b";
  // reading order: TL T TR / L v R / BL B BR
  const bits: [number, boolean][] = [
    [CELL.TL, at(0)],
    [CELL.T, at(1)],
    [CELL.TR, at(2)],
    [CELL.L, at(3)],
    [CELL.R, at(5)],
    [CELL.BL, at(6)],
    [CELL.B, at(7)],
    [CELL.BR, at(8)],
  ];
  let p = 0;
  for (const [cell, black] of bits) if (black) p |= 1 << cell;
  if (Number(shape[4]) !== cardValue(p)) return null;
  return canonical(p);
}
