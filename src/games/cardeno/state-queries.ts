/**
 * What a Cardeno state shows a seat (the player view: the pile's order never leaves the engine)
 * and what a board's placements get wrong.
 */
import { CARDENO_DATA, faceOf, fits, pieceOf } from "./pieces.ts";
import { IDLE_MS, type CardenoState, type CardenoView } from "./types.ts";

/** What `seat` sees (null: a spectator). */
export function cardenoView(s: CardenoState, seat: number | null): CardenoView {
  return {
    seat,
    seats: s.seats,
    rounds: s.rounds,
    round: s.round,
    variant: s.variant,
    paceMs: s.paceMs,
    phase: s.phase,
    until: s.until,
    faces: s.faces,
    pileCount: s.pile.length,
    centre: s.centre,
    boards: s.boards,
    locked: s.locked,
    grabbedAt: s.grabbedAt,
    cardeno: s.cardeno,
    double: s.double,
    hands: s.phase === "reveal" ? s.hands.map((h, i) => (i === seat ? h : null)) : s.hands,
    ready: s.ready,
    current: s.current,
    scores: s.scores,
    sheet: s.sheet,
  };
}

/** Every piece in exactly one place (pile, centre, one board cut-out), for tests and checks: the problems found. */
export function placementProblems(s: CardenoState): string[] {
  if (s.phase === "break" || s.phase === "over") return [];
  const seen = new Map<number, string>();
  const problems: string[] = [];
  const put = (id: number, where: string) => {
    if (seen.has(id)) problems.push(`piece ${id} is in ${seen.get(id)} and in ${where}`);
    seen.set(id, where);
  };
  s.pile.forEach((id) => put(id, "the pile"));
  s.centre.forEach((f) => put(f.piece, "the centre"));
  s.boards.forEach((b, seat) => b.forEach((id, cell) => (id === null ? undefined : put(id, `board ${seat} cell ${cell}`))));
  if (seen.size !== CARDENO_DATA.pieces.length) problems.push(`${CARDENO_DATA.pieces.length - seen.size} pieces are nowhere`);
  s.boards.forEach((b, seat) =>
    b.forEach((id, cell) => {
      if (id !== null && !fits(pieceOf(id), faceOf(s.faces[seat]!).cutouts[cell]!))
        problems.push(`piece ${id} does not fit board ${seat} cell ${cell}`);
    }),
  );
  return problems;
}

/** When the host (the caller) must next step, ms; null when the game is over. */
export function hostDue(s: CardenoState): number | null {
  switch (s.phase) {
    case "countdown":
      return s.until ?? Number.NEGATIVE_INFINITY;
    case "race":
      return Math.min(s.nextCallAt ?? Number.POSITIVE_INFINITY, s.lastGrabAt + IDLE_MS);
    case "reveal":
    case "break":
      return s.until;
    default:
      return null;
  }
}
