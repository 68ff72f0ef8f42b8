/**
 * Computer players for ONEXENO canasta. They see only their own view (their hand, the public
 * rows, XENOs and face-up pile, the stack's size) and choose among the legal moves computed
 * from that view.
 *
 * - `easy`: draws from the stack (takes only when nothing else is possible), then makes any
 *   legal meld or extension at random half of the time, else discards a random card.
 * - `normal`: takes from the face-up pile when the fewest cards it must take let it meld the
 *   top card, else draws; then closes XENOs first (rows worth exactly 20), extends rows
 *   towards 20, lays the richest new row, and discards its highest card that fits no row.
 *
 * `expert` plans whole turns: src/games/onexeno/canasta-expert.ts.
 */
import { randInt, seedRng, type RngState } from "../../engine/rng.ts";
import { canastaLegalMoves, instValue, rowSum, type CanastaMove, type CanastaState, type CanastaView, type CardInst } from "./canasta.ts";

/** Strength levels. */
export const CANASTA_COMPUTER_LEVELS = ["easy", "normal"] as const;
export type CanastaComputerLevel = (typeof CANASTA_COMPUTER_LEVELS)[number];

/**
 * A state that holds exactly what the view shows: the viewer's hand, every public row, the
 * pile; other hands are empty and the stack is a run of placeholders of the right length (the
 * legal moves of the viewer never depend on them).
 */
function stateOfView(view: CanastaView): CanastaState {
  const seat = view.viewer ?? 0;
  return {
    schema: 1,
    version: view.version,
    game: "canasta",
    seats: view.seats,
    decks: view.decks,
    target: view.target,
    ...(view.rowRule === "five-to-seven" ? { rowRule: view.rowRule } : {}),
    rng: seedRng("view"),
    hand: view.hand,
    dealer: view.dealer,
    dealerDraw: [],
    stack: Array.from({ length: view.stackCount }, () => -1),
    pile: view.pile,
    hands: Array.from({ length: view.seats }, (_, i) => (i === seat ? [...(view.myHand ?? [])] : [])),
    rows: view.rows,
    xenos: view.xenos,
    turn: view.turn,
    phase: view.phase,
    mustMeld: view.mustMeld,
    totals: view.totals,
    results: view.results,
    last: view.last,
  };
}

/** The legal moves of the viewer, from its view alone. */
export function canastaViewMoves(view: CanastaView): CanastaMove[] {
  if (view.viewer === null || view.viewer !== view.turn) return [];
  return canastaLegalMoves(stateOfView(view), view.viewer, 40);
}

const pick = <T>(rng: RngState, xs: readonly T[]): T => xs[randInt(rng, 0, xs.length - 1)[0]] as T;

/** Chooses a move for the viewer of `view` (who must be the seat to move). */
export function chooseCanastaMove(view: CanastaView, level: CanastaComputerLevel, rng: RngState): CanastaMove {
  const legal = canastaViewMoves(view);
  if (legal.length === 0) return { kind: "draw" };
  const seat = view.viewer ?? 0;
  if (view.phase === "draw") {
    const draw = legal.find((m) => m.kind === "draw");
    const takes = legal.filter((m): m is CanastaMove & { kind: "take" } => m.kind === "take");
    if (level === "easy") return draw ?? (takes[0] as CanastaMove);
    // normal: the smallest take when there is one (the top card will be melded), else draw
    return takes[0] ?? draw ?? (legal[0] as CanastaMove);
  }
  const melds = legal.filter((m): m is CanastaMove & { kind: "meld" } => m.kind === "meld");
  const extensions = legal.filter((m): m is CanastaMove & { kind: "extend" } => m.kind === "extend");
  const discards = legal.filter((m): m is CanastaMove & { kind: "discard" } => m.kind === "discard");
  if (level === "easy") {
    const building = [...melds, ...extensions];
    if (building.length && (discards.length === 0 || randInt(rng, 0, 1)[0] === 0)) return pick(rng, building);
    return discards.length ? pick(rng, discards) : (legal[0] as CanastaMove);
  }
  const rows = view.rows[seat] ?? [];
  const extSum = (m: CanastaMove & { kind: "extend" }) => rowSum(rows[m.row] ?? []) + instValue(m.card);
  const closing = extensions.filter((m) => extSum(m) === 20);
  if (closing[0]) return closing[0];
  const xenoRow = melds.find((m) => rowSum(m.cards) === 20);
  if (xenoRow) return xenoRow;
  if (extensions.length) return [...extensions].sort((a, b) => extSum(b) - extSum(a))[0] as CanastaMove;
  if (melds.length)
    return [...melds].sort((a, b) => rowSum(b.cards) - rowSum(a.cards) || b.cards.length - a.cards.length)[0] as CanastaMove;
  if (discards.length) {
    // The highest card; the hand's points count against it at the end of the hand.
    return [...discards].sort((a, b) => instValue(b.card as CardInst) - instValue(a.card as CardInst))[0] as CanastaMove;
  }
  return legal[0] as CanastaMove;
}
