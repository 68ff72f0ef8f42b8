/**
 * A Cardeno board's lines and cut-outs: which lines are complete, which open cut-outs a piece
 * fits, and where a grabbed piece goes among them.
 */
import { faceOf, fits, LINES, pieceOf, type Piece } from "./pieces.ts";
import type { CardenoState } from "./types.ts";

/** Complete lines of a board (indices into `LINES`). */
export function completeLines(board: readonly (number | null)[]): number[] {
  return LINES.flatMap((line, i) => (line.every((c) => board[c] !== null) ? [i] : []));
}

/** Open cut-outs of a seat's board that `piece` fits. */
export function fittingCells(
  s: { readonly faces: readonly number[]; readonly boards: readonly (readonly (number | null)[])[] },
  seat: number,
  piece: Piece,
): number[] {
  const face = faceOf(s.faces[seat]!);
  const board = s.boards[seat]!;
  return face.cutouts.flatMap((c, i) => (board[i] === null && fits(piece, c) ? [i] : []));
}

/**
 * Where a grabbed piece goes among the cut-outs it fits: the one completing the most lines,
 * then the one whose lines are fullest, then the first.
 */
export function bestCell(board: readonly (number | null)[], cells: readonly number[]): number {
  let best = cells[0]!;
  let bestKey = [-1, -1];
  for (const c of cells) {
    const after = board.map((p, i) => (i === c ? 0 : p));
    const through = LINES.filter((l) => l.includes(c));
    const key = [
      through.filter((l) => l.every((x) => after[x] !== null)).length,
      through.reduce((n, l) => n + l.filter((x) => after[x] !== null).length, 0),
    ];
    if (key[0]! > bestKey[0]! || (key[0] === bestKey[0] && key[1]! > bestKey[1]!)) {
      best = c;
      bestKey = key;
    }
  }
  return best;
}

/** Whether any piece of the pile or centre fits an open cut-out of any board. */
export function anyFit(s: CardenoState): boolean {
  const open = new Set<string>();
  s.boards.forEach((board, seat) => {
    const face = faceOf(s.faces[seat]!);
    board.forEach((p, i) => {
      if (p === null) open.add(`${face.cutouts[i]!.shape}:${face.cutouts[i]!.rank}`);
    });
  });
  const check = (id: number) => {
    const p = pieceOf(id);
    return open.has(`${p.shape}:${p.rank}`);
  };
  return s.pile.some(check) || s.centre.some((f) => check(f.piece));
}
