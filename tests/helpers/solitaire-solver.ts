/**
 * A solver for ONEXENO solitaire that keeps the position completable. It fixes the final
 * 8x8 box around the first card, and at each turn it places the top waste card only where a
 * constraint search can still fill the whole box with the cards left (matching edges and
 * corners, each card once); otherwise it draws. The search fills the most constrained cell
 * first and has a node budget, so "completable" is a fast, sound-when-yes test.
 */
import { gridOf, placementProblem, fieldOf, type Placed } from "../../src/games/onexeno/board.ts";
import { distinctRotations, rotatePattern, type CardId } from "../../src/games/onexeno/cards.ts";
import {
  applySolitaire,
  findSquare,
  wastePlacements,
  type Box,
  type SolitaireMove,
  type SolitaireState,
} from "../../src/games/onexeno/solitaire.ts";

const inBox = (b: Box, x: number, y: number) => x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY;

/** Can `table` be extended to fill `box` with distinct `cards`? (null = budget ran out) */
export function completable(table: readonly Placed[], box: Box, cards: readonly CardId[], budget: number): boolean | null {
  const placed = [...table];
  const used = new Set<CardId>();
  const free = new Set<string>();
  for (let y = box.minY; y <= box.maxY; y++) for (let x = box.minX; x <= box.maxX; x++) free.add(`${x},${y}`);
  for (const p of table) free.delete(`${p.x},${p.y}`);
  let nodes = 0;
  let exhausted = false;
  const go = (): boolean => {
    if (free.size === 0) return true;
    if (++nodes > budget) {
      exhausted = true;
      return false;
    }
    const grid = gridOf(placed);
    const f = fieldOf(placed);
    let best: { key: string; opts: Placed[] } | null = null;
    for (const key of free) {
      const [x, y] = key.split(",").map(Number) as [number, number];
      if (
        ![
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ].some(([dx, dy]) => grid.has(`${x + dx!},${y + dy!}`))
      )
        continue;
      const opts: Placed[] = [];
      for (const card of cards) {
        if (used.has(card)) continue;
        for (const rot of distinctRotations(card)) {
          if (placementProblem(grid, f, x, y, rotatePattern(card, rot), Infinity) === null) opts.push({ card, rot, x, y });
        }
      }
      if (!best || opts.length < best.opts.length) best = { key, opts };
      if (opts.length === 0) return false;
    }
    if (!best) return false;
    for (const p of best.opts) {
      placed.push(p);
      used.add(p.card);
      free.delete(best.key);
      if (go()) return true;
      placed.pop();
      used.delete(p.card);
      free.add(best.key);
      if (exhausted) return false;
    }
    return false;
  };
  const found = go();
  return found ? true : exhausted ? null : false;
}

/** Occupied cells of the fullest block of side k in `field` and inside `box` that contains `inner`. */
function blockProgress(table: readonly Placed[], field: Box, box: Box, inner: Box | null, k: number): number {
  const grid = gridOf(table);
  let best = 0;
  for (let y0 = Math.max(field.minY, box.minY); y0 + k - 1 <= Math.min(field.maxY, box.maxY); y0++) {
    for (let x0 = Math.max(field.minX, box.minX); x0 + k - 1 <= Math.min(field.maxX, box.maxX); x0++) {
      if (inner && !(inner.minX >= x0 && inner.maxX <= x0 + k - 1 && inner.minY >= y0 && inner.maxY <= y0 + k - 1)) continue;
      let n = 0;
      for (let y = y0; y < y0 + k; y++) for (let x = x0; x < x0 + k; x++) if (grid.has(`${x},${y}`)) n++;
      best = Math.max(best, n);
    }
  }
  return best;
}

/** Completing a square first, then progress towards the next one, then fewer tight holes. */
function rankPlacement(s: SolitaireState, box: Box, q: { x: number; y: number }): number {
  const table = [...s.table, { card: 0, rot: 0 as const, x: q.x, y: q.y }];
  const completes = findSquare(table, s.field, s.square + 1) !== null ? 1 : 0;
  const progress = blockProgress(table, s.field, box, s.squareBox, s.square + 1);
  const grid = gridOf(table);
  let tight = 0;
  for (let y = Math.max(s.field.minY, box.minY); y <= Math.min(s.field.maxY, box.maxY); y++)
    for (let x = Math.max(s.field.minX, box.minX); x <= Math.min(s.field.maxX, box.maxX); x++) {
      if (grid.has(`${x},${y}`)) continue;
      const n = [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ].filter(([dx, dy]) => grid.has(`${x + dx!},${y + dy!}`)).length;
      if (n >= 3) tight++;
    }
  return completes * 1000 + progress * 10 - tight;
}

/** Outcome of a solver run: its moves and the largest square reached. */
export interface SolveResult {
  readonly moves: SolitaireMove[];
  readonly square: number;
  readonly won: boolean;
}

/**
 * Plays `start` to the end. `box` is the final 8x8 (default: the first card at the 4th
 * column and row). `budget` bounds each completability search (in nodes).
 */
export function solve(start: SolitaireState, budget = 4000, box: Box = { minX: -3, maxX: 4, minY: -3, maxY: 4 }): SolveResult {
  let s = start;
  const moves: SolitaireMove[] = [];
  while (s.phase === "play" && moves.length < 20_000) {
    const top = s.waste.at(-1);
    let move: SolitaireMove = { kind: "draw" };
    if (top !== undefined) {
      const rest = [...s.stock, ...s.waste.slice(0, -1)];
      const ranked = wastePlacements(s)
        .filter((q) => inBox(box, q.x, q.y))
        .map((q) => ({ q, rank: rankPlacement(s, box, q) }))
        .sort((a, b) => b.rank - a.rank)
        .map((r) => r.q);
      for (const p of ranked) {
        const table = [...s.table, { card: top, rot: p.rot, x: p.x, y: p.y }];
        if (completable(table, box, rest, budget) === true) {
          move = { kind: "place", ...p };
          break;
        }
      }
    }
    const r = applySolitaire(s, move);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value;
    moves.push(move);
  }
  return { moves, square: s.square, won: s.end === "won" };
}
