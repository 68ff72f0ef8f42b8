/**
 * Cardeno computer players and the race's timetable: when the host must step (the caller's
 * next piece, a countdown's or reveal's end) and when each computer grabs.
 *
 * A computer sees only the centre and its own board (`CardenoView` of its seat) and grabs
 * only pieces that fit. Its reaction to a piece is drawn per (deal, round, piece, seat and the
 * moment the piece was turned) from its level's range, counted from that moment:
 * - normal: 2.0 to 4.0 s, and 1 piece in 10 it notices late (4 to 10 s);
 * - easy: 3.5 to 6.5 s, and 1 piece in 3 it notices late (6.5 to 16.5 s).
 * A computer is slow to notice a piece, never blind to it for good: a piece it noticed late, or
 * that went back under the pile before it looked, gets a fresh draw each time it is turned again,
 * so a Full-Board race never stalls on the last pieces a computer needs.
 * A person at a Discord table sees a piece only after the table picture is edited (up to the
 * edit gap, about 1.2 s, plus delivery), then has to find it among up to ten pieces, match
 * shape and rank against 25 cut-outs, and click: a quick person manages that in 2 to 3 s, so
 * `normal` is a quick, attentive person and never faster. After a grab a computer needs
 * 1.2 s (normal) or 2 s (easy) before the next, as a person would to look again.
 *
 * `expert` is the quick person at their best every time: 2.0 to 3.0 s (never faster than
 * `normal`'s quickest), 1 piece in 20 noticed late, and it chooses: of the fitting pieces it has
 * noticed within `EXPERT_SCAN_MS` of the first, it grabs the one worth most to its board
 * (`pieceWorth`), not simply the first it saw. Measured (`npm run stats:computers`, ONLY=cardeno,
 * 400 games): against normal it wins 74 % at two players and 78 % at four; its speed and
 * attention make that, the choice changes a game in under 1 % (more at `pace: 1`, when the
 * centre fills).
 */
import { hashSeed } from "../../engine/rng.ts";
import { HOST_SEAT, type TimedAction } from "../../engine/definition.ts";
import type { ComputerLevel } from "../../engine/definition.ts";
import { usualLevel } from "../catalogue.ts";
import { bestCell } from "./boards.ts";
import { cardenoView, fittingCells, hostDue, RESUME_AFTER_MS, type CardenoMove, type CardenoState, type CardenoView } from "./game.ts";
import { LINES, pieceOf } from "./pieces.ts";

/**
 * Reaction ranges (ms from a piece's turn), the chance of noticing a piece late, how much later
 * at most (ms after `max`), and the pause after a grab (ms).
 */
export const REACTION: Readonly<
  Record<
    "easy" | "normal" | "expert",
    { readonly min: number; readonly max: number; readonly miss: number; readonly late: number; readonly gap: number }
  >
> = {
  normal: { min: 2000, max: 4000, miss: 0.1, late: 6000, gap: 1200 },
  easy: { min: 3500, max: 6500, miss: 1 / 3, late: 10_000, gap: 2000 },
  expert: { min: 2000, max: 3000, miss: 0.05, late: 6000, gap: 1200 },
};

/** How long after noticing its first fitting piece an expert looks over the others before it grabs, ms. */
export const EXPERT_SCAN_MS = 700;
const W = { line: 10, wanted: 3, rank: 4, suit: 1 };

/**
 * What a piece is worth to `seat`'s board (higher is better): 1,000 a line it completes (a
 * CARDENO, or the DOUBLE that ends the race), then 10 a piece in the fullest line it joins, 3 for
 * each other board with an open cut-out it fits (a piece others want is worth taking first), and
 * for the poker hand at the reveal 4 a piece of its rank and 1 of its suit already on the board
 * (a joker as 4). Zero when it fits nowhere on the board. Reads only what every player sees.
 */
export function pieceWorth(view: CardenoView, seat: number, id: number): number {
  const piece = pieceOf(id);
  const cells = fittingCells(view, seat, piece);
  if (cells.length === 0) return 0;
  const board = view.boards[seat]!;
  const cell = bestCell(board, cells);
  const after = board.map((p, i) => (i === cell ? id : p));
  const through = LINES.filter((l) => l.includes(cell));
  const completes = through.filter((l) => l.every((c) => after[c] !== null)).length;
  const fullest = Math.max(0, ...through.map((l) => l.filter((c) => after[c] !== null).length));
  let wanted = 0;
  for (let other = 0; other < view.seats; other++) if (other !== seat && fittingCells(view, other, piece).length > 0) wanted++;
  // The poker hand at the reveal: pieces of the same rank or suit already on the board.
  const mine = board.filter((p): p is number => p !== null).map(pieceOf);
  const sameRank = mine.filter((p) => p.rank === piece.rank).length;
  const sameSuit = piece.suit === null ? 4 : mine.filter((p) => p.suit === piece.suit).length;
  return 1 + 1000 * completes + W.line * fullest + W.wanted * wanted + W.rank * sameRank + W.suit * sameSuit;
}

/** A computer settles its poker hand this long after the reveal opens, ms. */
export const COMPUTER_KEEP_MS = 1500;

/** A uniform number in [0, 1) from a text key (deterministic). */
function unit(key: string): number {
  return (hashSeed(key) >>> 0) / 2 ** 32;
}

/**
 * The computer's next grab from its view: the face-up piece that fits an open cut-out of its
 * board and that it reacts to first, with the time it grabs (ms), or null.
 */
export function computerGrab(view: CardenoView, level: ComputerLevel, key: string): { piece: number; at: number } | null {
  const seat = view.seat;
  if (seat === null || view.phase !== "race") return null;
  const expert = level === "expert";
  const r = REACTION[expert ? "expert" : usualLevel(level)];
  const seen: { piece: number; at: number }[] = [];
  for (const f of view.centre) {
    if (fittingCells(view, seat, pieceOf(f.piece)).length === 0) continue;
    const k = `${key}:${view.round}:${f.piece}:${seat}:${f.at}`;
    const react = unit(`${k}:miss`) < r.miss ? r.max + unit(`${k}:late`) * r.late : r.min + unit(k) * (r.max - r.min);
    const at = Math.max(Math.round(f.at + react), (view.grabbedAt[seat] ?? 0) + r.gap, view.locked[seat] ?? 0);
    seen.push({ piece: f.piece, at });
  }
  if (seen.length === 0) return null;
  const first = seen.reduce((a, b) => (b.at < a.at ? b : a));
  if (!expert) return first;
  // The expert grabs the best of what it noticed within its scan, when it has noticed it.
  let best = first;
  let worth = pieceWorth(view, seat, first.piece);
  for (const g of seen) {
    if (g.at > first.at + EXPERT_SCAN_MS) continue;
    const w = pieceWorth(view, seat, g.piece);
    if (w > worth || (w === worth && g.at < best.at)) [best, worth] = [g, w];
  }
  return best;
}

/** Each seat's computer level (null: a person). */
export type Levels = readonly (ComputerLevel | null)[];

/** Everything due in a state, earliest first: the host's step, computers' grabs and kept hands. */
function dueActions(s: CardenoState, levels: Levels, key: string): TimedAction<CardenoMove>[] {
  const out: TimedAction<CardenoMove>[] = [];
  const host = hostDue(s);
  if (host !== null) out.push({ seat: HOST_SEAT, move: { kind: "clock" }, at: host });
  levels.forEach((level, seat) => {
    if (!level || seat >= s.seats) return;
    if (s.phase === "race") {
      const g = computerGrab(cardenoView(s, seat), level, key);
      if (g) out.push({ seat, move: { kind: "grab", piece: g.piece }, at: g.at });
    } else if (s.phase === "reveal" && !s.ready[seat]) out.push({ seat, move: { kind: "keep" }, at: (s.phaseAt ?? 0) + COMPUTER_KEEP_MS });
  });
  // The host first at equal times (a piece turned before anyone can grab it).
  return out.sort((a, b) => a.at - b.at || a.seat - b.seat);
}

/**
 * The real-time side of Cardeno for the table layer: when the game next needs the host (ms,
 * null: never), and the earliest action due by `now` (null: none). `key` seeds the computers'
 * reactions (the table's deal seed), so a replay makes the same race.
 */
export const cardenoRealtime = {
  dueAt(s: CardenoState, levels: Levels, key: string): number | null {
    const first = dueActions(s, levels, key)[0];
    return first ? Math.max(0, first.at) : null;
  },
  next(s: CardenoState, levels: Levels, key: string, now: number): TimedAction<CardenoMove> | null {
    // Overdue (the bot was down or stalled): resume where the race stood rather than catch up.
    const host = hostDue(s);
    if (host !== null && Number.isFinite(host) && now - host > RESUME_AFTER_MS)
      return { seat: HOST_SEAT, move: { kind: "resume" }, at: now };
    const first = dueActions(s, levels, key)[0];
    if (!first || first.at > now) return null;
    // A host step with no known time yet (the first countdown) happens now.
    return { ...first, at: Number.isFinite(first.at) ? first.at : now };
  },
};
