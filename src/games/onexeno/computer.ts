/**
 * Computer players for ONEXENO basic/partners. They see only their own player view (their
 * hand and the public table) and choose among the legal moves computed from that view.
 *
 * - `easy`: any legal move, uniformly (passing included).
 * - `normal`: takes the richest trick when it can; otherwise plays its highest card among the
 *   placements that leave no line one card short for the next player; with no safe
 *   placement it passes while the stack lasts, and in the end game plays the placement
 *   that leaves the fewest such lines (also when the table is empty and a pass is refused).
 */
import { randInt, type RngState } from "../../engine/rng.ts";
import { candidateCells, completedLines, fieldOf, gridOf, type Placed } from "./board.ts";
import { cardValue } from "./cards.ts";
import { expertOnexenoMove } from "./expert.ts";
import { trickPointsOf, viewLegalMoves, type OnexenoMove, type OnexenoView } from "./game.ts";

export { COMPUTER_LEVELS, type ComputerLevel } from "../../engine/definition.ts";
import type { ComputerLevel } from "../../engine/definition.ts";

type Place = OnexenoMove & { kind: "place" };

/**
 * Empty cells where any card at all would complete a line of five (geometry only): the
 * openings a placement hands to the next player.
 */
export function threatCells(table: readonly Placed[]): number {
  const grid = gridOf(table);
  const field = fieldOf(table);
  let threats = 0;
  for (const c of candidateCells(table, grid, field)) {
    const withCard = [...table, { card: 0, rot: 0 as const, x: c.x, y: c.y }];
    const f = fieldOf(withCard);
    if (f && completedLines(gridOf(withCard), f, c.x, c.y).length > 0) threats++;
  }
  return threats;
}

/**
 * Chooses a move for the viewer of `view` (who must be the seat to move): `easy` any legal move,
 * `normal` the best trick or the safest card, `expert` the search of src/games/onexeno/expert.ts
 * (which the table layer runs off the event loop: `ONEXENO_THOUGHTS`).
 */
export function chooseComputerMove(view: OnexenoView, level: ComputerLevel, rng: RngState): OnexenoMove {
  const legal = viewLegalMoves(view);
  if (legal.length === 0) return { kind: "pass" };
  if (level === "easy") return legal[randInt(rng, 0, legal.length - 1)[0]] as OnexenoMove;
  if (level === "expert") return expertOnexenoMove(view, rng);

  const places = legal.filter((m): m is Place => m.kind === "place");
  if (places.length === 0) return { kind: "pass" };
  const scored = places.map((m) => ({ m, pts: trickPointsOf(view, m), value: cardValue(m.card) }));
  const bestTrick = Math.max(...scored.map((s) => s.pts));
  if (bestTrick > 0) {
    const top = scored.filter((s) => s.pts === bestTrick).sort((a, b) => b.value - a.value);
    return (top[0] as { m: Place }).m;
  }
  const before = threatCells(view.table);
  const withThreats = scored.map((s) => ({ ...s, threats: threatCells([...view.table, s.m]) - before }));
  const safe = withThreats.filter((s) => s.threats <= 0).sort((a, b) => b.value - a.value);
  if (safe.length > 0) return (safe[0] as { m: Place }).m;
  if (view.stackCount > 0 && legal.some((m) => m.kind === "pass")) return { kind: "pass" };
  const least = [...withThreats].sort((a, b) => a.threats - b.threats || b.value - a.value);
  return (least[0] as { m: Place }).m;
}
