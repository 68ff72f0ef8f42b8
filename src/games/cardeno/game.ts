/**
 * Cardeno, the jig-saw keno race, as a pure engine: rounds of a race where the caller (the
 * table itself, seat `HOST_SEAT`) turns pieces face up at the table's pace and every player
 * grabs pieces that fit their board, then the round's scorings.
 *
 * Source: the Cardeno rule text (TO BEGIN GAME, METHOD OF PLAY 1-3, INTERESTING VARIATIONS 1)
 * as ruled in docs/rules/cardeno.md, section Cardeno:
 * - every board shows the same parity in a round (odd faces in round 1, then alternating);
 * - the caller turns one piece every `pace` (1-10 s, default 3); at most 10 face-up pieces
 *   wait in the centre, and an eleventh sends the oldest back under the pile;
 * - a grab of a face-up piece that fits an open cut-out of one's board wins it (the host
 *   orders grabs by their timestamps); a grab that fits nothing open locks the grabber out
 *   for 3 s; a grabbed piece stays in its cut-out for the round;
 * - CARDENO: the first complete line (row, column, diagonal) +25; DOUBLE-CARDENO: the first
 *   player whose board then holds two complete lines +25, every other player +2 per fitted
 *   piece; then POKER-CARDENO (after DOUBLE, or when the race ends without it): each board's
 *   best hand of at most 5 fitted pieces, which the player may change until the reveal closes;
 *   the best hand alone scores (ties: highest unused card; still equal, all tied score);
 * - a race also ends when the pile and centre hold nothing that fits any open cut-out (and,
 *   a ruling of ours, after `IDLE_MS` without a grab); scorings not reached score nothing;
 * - Full-Board variant: the first to fill all 25 scores 50 plus 2 per empty cut-out on every
 *   other board, the others 1 per fitted piece; no CARDENO, DOUBLE or POKER.
 *
 * Time enters only as the `at` of an action (ms since the epoch, from the host): the engine
 * never reads a clock, so a race replays exactly from its seed and timed move list.
 */
import { HOST_SEAT, type GameDefinition } from "../../engine/definition.ts";
import { err, ok, type Result } from "../../engine/result.ts";
import { seedRng } from "../../engine/rng.ts";
import { CARDENO_DATA, CELLS, LINES, pieceOf } from "./pieces.ts";
import { CATEGORY_POINTS, compareHands, evaluate, handName, highestUnused, type Category, type HandValue, bestHand } from "./poker.ts";
export * from "./types.ts";
import {
  type CardenoConfig,
  COUNTDOWN_MS,
  LOCKOUT_MS,
  MAX_CENTRE,
  slotOf,
  REVEAL_MS,
  BREAK_MS,
  IDLE_MS,
  RESUME_AFTER_MS,
  CARDENO_POINTS,
  DOUBLE_POINTS,
  DOUBLE_PER_PIECE,
  FULL_POINTS,
  FULL_PER_EMPTY,
  FULL_PER_PIECE,
  CARDENO_SEATS,
  type RoundSheet,
  type CardenoState,
  type CardenoMove,
  type CardenoView,
} from "./types.ts";
export * from "./state-queries.ts";
import { cardenoView, hostDue } from "./state-queries.ts";
export * from "./boards.ts";
import { anyFit, bestCell, completeLines, fittingCells } from "./boards.ts";
export * from "./deal.ts";
import { zeros, emptyScore, cardenoOptions, deal } from "./deal.ts";

const addTo = (xs: readonly number[], seat: number, n: number) => xs.map((x, i) => (i === seat ? x + n : x));

/** The race ends: a reveal in the standard game, else the round ends with nothing more scored. */
function endRace(s: CardenoState, reason: "double" | "stuck" | "idle", at: number): CardenoState {
  if (s.variant === "full-board") return finishRound(s, reason, at);
  const hands = s.boards.map((b) => {
    const pieces = b.filter((p): p is number => p !== null);
    const best = bestHand(pieces.map(pieceOf));
    return best ? best.picks.map((i) => pieces[i]!) : null;
  });
  return {
    ...s,
    phase: "reveal",
    phaseAt: at,
    until: at + REVEAL_MS,
    nextCallAt: null,
    hands,
    ended: reason,
    ready: hands.map((h) => h === null),
    events: [...s.events, { kind: "reveal", reason, at }],
  };
}

/** The value of a seat's chosen hand and the highest piece left out of it on the board. */
function handOf(s: CardenoState, seat: number): { value: HandValue; unused: number | null } | null {
  const hand = s.hands[seat];
  if (!hand || hand.length === 0) return null;
  const board = s.boards[seat]!.filter((p): p is number => p !== null);
  const cards = board.map(pieceOf);
  return {
    value: evaluate(hand.map(pieceOf)),
    unused: highestUnused(
      cards,
      board.flatMap((id, i) => (hand.includes(id) ? [i] : [])),
    ),
  };
}

/** Closes the reveal: the best hand alone scores; then the round ends. */
function closeReveal(s: CardenoState, at: number): CardenoState {
  const held = s.hands.map((_, seat) => handOf(s, seat));
  let winners: number[] = [];
  let top: { value: HandValue; unused: number | null } | null = null;
  held.forEach((h, seat) => {
    if (!h) return;
    const c = top === null ? 1 : compareHands(h.value, top.value) || (h.unused ?? 0) - (top.unused ?? 0);
    if (c > 0) {
      top = h;
      winners = [seat];
    } else if (c === 0) winners.push(seat);
  });
  const best = top as { value: HandValue; unused: number | null } | null;
  const points = best ? CATEGORY_POINTS[best.value.category as Category] : 0;
  let current = s.current;
  let scores = s.scores;
  const events = [...s.events];
  if (best && points > 0) {
    current = { ...current, poker: current.poker.map((x, i) => (winners.includes(i) ? x + points : x)) };
    scores = scores.map((x, i) => (winners.includes(i) ? x + points : x));
    events.push({ kind: "poker", winners, name: handName(best.value), points, at });
  } else events.push({ kind: "poker", winners: [], name: best ? handName(best.value) : "no hand", points: 0, at });
  return finishRound({ ...s, current, scores, events }, s.ended ?? "stuck", at);
}

/** Records the round on the sheet; the game ends after the last round, else a break. */
function finishRound(s: CardenoState, ended: RoundSheet["ended"], at: number): CardenoState {
  const hands = s.hands.map((h) => (h && h.length ? { pieces: h, name: handName(evaluate(h.map(pieceOf))) } : null));
  const sheet = [
    ...s.sheet,
    {
      round: s.round,
      faces: s.faces,
      score: s.current,
      hands: s.variant === "full-board" ? hands.map(() => null) : hands,
      ended,
      cardeno: s.cardeno,
      double: s.double,
      full: ended === "full" ? s.boards.findIndex((b) => b.every((p) => p !== null)) : null,
    },
  ];
  const events = [...s.events, { kind: "round_over" as const, round: s.round, reason: ended, at }];
  const last = s.round >= s.rounds;
  return {
    ...s,
    sheet,
    events,
    phase: last ? "over" : "break",
    phaseAt: at,
    until: last ? null : at + BREAK_MS,
    nextCallAt: null,
    centre: [],
    ready: s.ready.map(() => true),
  };
}

/** The host's clock step at `at` (only when due: `hostDue`). */
function clockStep(s: CardenoState, at: number): Result<CardenoState> {
  const due = hostDue(s);
  if (due === null || at < due) return err("cardeno/not_due", "Nothing is due yet.");
  switch (s.phase) {
    case "countdown":
      if (s.until === null) return ok({ ...s, phaseAt: at, until: at + COUNTDOWN_MS, lastGrabAt: at });
      return ok({
        ...s,
        phase: "race",
        phaseAt: s.until,
        until: null,
        nextCallAt: s.until,
        lastGrabAt: s.until,
        events: [...s.events, { kind: "go", round: s.round, at: s.until }],
      });
    case "race": {
      if (at >= s.lastGrabAt + IDLE_MS) return ok(endRace(s, "idle", at));
      const when = s.nextCallAt as number;
      const [top, ...pile] = s.pile;
      let next: CardenoState = { ...s, nextCallAt: when + s.paceMs };
      if (top !== undefined) {
        // The new piece takes the lowest free place; an eleventh sends the oldest back under the pile.
        let kept = s.centre.map((f, i) => ({ ...f, slot: slotOf(f, i) }));
        if (kept.length >= MAX_CENTRE) {
          const [oldest, ...rest] = kept;
          kept = rest;
          pile.push(oldest!.piece);
        }
        const used = new Set(kept.map((f) => f.slot));
        let slot = 0;
        while (used.has(slot)) slot++;
        const centre = [...kept, { piece: top, at: when, slot }];
        next = { ...next, pile, centre };
      }
      return ok(anyFit(next) ? next : endRace(next, "stuck", at));
    }
    case "reveal":
      return ok(closeReveal(s, at));
    case "break":
      return ok(deal({ ...s, events: s.events }, s.round + 1, at));
    default:
      return err("action/game_over", "This game is over.");
  }
}

/**
 * Resumes a table whose next step is overdue by more than `RESUME_AFTER_MS` at `at`: every
 * pending time (the next call, the phase's end, lockouts, when pieces were turned) moves on by
 * the delay, so the race goes on from where it stood, as if paused. Refused when not overdue.
 */
function resume(s: CardenoState, at: number): Result<CardenoState> {
  const due = hostDue(s);
  if (due === null || !Number.isFinite(due) || at - due <= RESUME_AFTER_MS) return err("cardeno/not_late", "The table is on time.");
  const d = at - due;
  const by = (x: number | null) => (x === null ? null : x + d);
  return ok({
    ...s,
    phaseAt: by(s.phaseAt),
    until: by(s.until),
    nextCallAt: by(s.nextCallAt),
    lastGrabAt: s.lastGrabAt + d,
    locked: s.locked.map((x) => (x ? x + d : 0)),
    grabbedAt: s.grabbedAt.map((x) => (x ? x + d : 0)),
    centre: s.centre.map((f) => ({ ...f, at: f.at + d })),
  });
}

/** A grab by `seat` at `at`. A piece that fits nothing open locks the grabber out (not a refusal). */
function grab(s: CardenoState, seat: number, move: { piece: number; cell?: number }, at: number): Result<CardenoState> {
  if (s.phase === "countdown") return err("cardeno/not_yet", "Wait for Go!: the race has not started.");
  if (s.phase !== "race") return err("cardeno/race_over", "The race of this round is over.");
  if (at < s.locked[seat]!)
    return err("cardeno/locked", `You are locked out for ${((s.locked[seat]! - at) / 1000).toFixed(1)} s more after a wrong grab.`, {
      seconds: ((s.locked[seat]! - at) / 1000).toFixed(1),
    });
  const up = s.centre.findIndex((f) => f.piece === move.piece);
  if (up < 0) {
    const holder = s.boards.findIndex((b) => b.includes(move.piece));
    if (holder >= 0) return err("cardeno/taken", `That piece was already taken (seat ${holder + 1}).`, { seat: holder + 1 });
    return err("cardeno/not_face_up", "That piece is not face up in the centre (it may have gone back under the pile).");
  }
  const piece = pieceOf(move.piece);
  const cells = fittingCells(s, seat, piece);
  if (move.cell !== undefined) {
    if (!Number.isInteger(move.cell) || move.cell < 0 || move.cell >= CELLS)
      return err("cardeno/bad_cell", "Name a cut-out from A1 to E5.");
    if (!cells.includes(move.cell)) {
      if (s.boards[seat]![move.cell] !== null) return err("cardeno/cell_filled", "That cut-out is filled already.");
      if (cells.length) return err("cardeno/wrong_cell", "That piece does not fit that cut-out; it fits another one of yours.");
    }
  }
  if (cells.length === 0) return ok({ ...s, locked: s.locked.map((x, i) => (i === seat ? at + LOCKOUT_MS : x)) });
  const cell = move.cell ?? bestCell(s.boards[seat]!, cells);
  const board = s.boards[seat]!.map((p, i) => (i === cell ? move.piece : p));
  let next: CardenoState = {
    ...s,
    centre: s.centre.filter((_, i) => i !== up),
    boards: s.boards.map((b, i) => (i === seat ? board : b)),
    grabbedAt: s.grabbedAt.map((x, i) => (i === seat ? at : x)),
    lastGrabAt: at,
  };
  if (s.variant === "full-board") {
    if (board.some((p) => p === null)) return ok(anyFit(next) ? next : endRace(next, "stuck", at));
    const empty = next.boards.reduce((n, b, i) => (i === seat ? n : n + b.filter((p) => p === null).length), 0);
    const gain = next.boards.map((b, i) =>
      i === seat ? FULL_POINTS + FULL_PER_EMPTY * empty : FULL_PER_PIECE * b.filter((p) => p !== null).length,
    );
    next = {
      ...next,
      current: { ...next.current, full: next.current.full.map((x, i) => x + gain[i]!) },
      scores: next.scores.map((x, i) => x + gain[i]!),
      events: [...next.events, { kind: "full", seat, at }],
    };
    return ok(finishRound(next, "full", at));
  }
  const lines = completeLines(board);
  const newLine = lines.find((l) => LINES[l]!.includes(cell)) ?? -1;
  if (next.cardeno === null && lines.length >= 1) {
    next = {
      ...next,
      cardeno: seat,
      current: { ...next.current, cardeno: addTo(next.current.cardeno, seat, CARDENO_POINTS) },
      scores: addTo(next.scores, seat, CARDENO_POINTS),
      events: [...next.events, { kind: "cardeno", seat, line: newLine, at }],
    };
  }
  if (next.cardeno !== null && next.double === null && lines.length >= 2) {
    const gain = next.boards.map((b, i) => (i === seat ? DOUBLE_POINTS : DOUBLE_PER_PIECE * b.filter((p) => p !== null).length));
    next = {
      ...next,
      double: seat,
      current: { ...next.current, double: next.current.double.map((x, i) => x + gain[i]!) },
      scores: next.scores.map((x, i) => x + gain[i]!),
      events: [...next.events, { kind: "double", seat, line: newLine, at }],
    };
    return ok(endRace(next, "double", at));
  }
  return ok(anyFit(next) ? next : endRace(next, "stuck", at));
}

/** A poker hand chosen during the reveal: 1 to 5 distinct pieces of one's own board. */
function chooseHand(s: CardenoState, seat: number, pieces: readonly number[], at: number): Result<CardenoState> {
  if (s.phase !== "reveal")
    return err("cardeno/no_reveal", "Poker hands are chosen after DOUBLE-CARDENO (or when the race ends), until the reveal closes.");
  const board = s.boards[seat]!;
  if (pieces.length < 1 || pieces.length > 5 || new Set(pieces).size !== pieces.length)
    return err("cardeno/bad_hand", "A poker hand is 1 to 5 different pieces of your board.");
  if (!pieces.every((p) => board.includes(p))) return err("cardeno/not_on_board", "A poker hand uses only pieces fitted in your board.");
  return settle(
    { ...s, hands: s.hands.map((h, i) => (i === seat ? [...pieces] : h)), ready: s.ready.map((r, i) => (i === seat ? true : r)) },
    at,
  );
}

/** Closes the reveal at once (at `at`) when every seat has settled its hand. */
function settle(s: CardenoState, at: number): Result<CardenoState> {
  return ok(s.ready.every(Boolean) ? closeReveal(s, at) : s);
}

/** The Cardeno definition. Actors: the host (clock) and every seat while the game runs. */
export const cardeno: GameDefinition<CardenoState, CardenoMove, CardenoView, CardenoConfig> = {
  id: "cardeno",
  seatCounts: () => CARDENO_SEATS,
  setup(config, seats, seed, derivation) {
    const o = cardenoOptions(config);
    if (!o.ok) return o;
    if (!(CARDENO_SEATS as readonly number[]).includes(seats)) return err("setup/bad_seat_count", "Cardeno needs 2 to 6 players.");
    const base: CardenoState = {
      schema: 1,
      version: 0,
      seats,
      rounds: o.value.rounds,
      variant: o.value.variant,
      paceMs: o.value.paceMs,
      rng: seedRng(`cardeno:${seed}`, derivation),
      round: 1,
      phase: "countdown",
      phaseAt: null,
      until: null,
      faces: [],
      pile: [],
      centre: [],
      nextCallAt: null,
      boards: [],
      locked: [],
      grabbedAt: [],
      lastGrabAt: 0,
      cardeno: null,
      double: null,
      hands: [],
      ready: [],
      current: emptyScore(seats),
      scores: zeros(seats),
      sheet: [],
      events: [],
      ended: null,
    };
    return ok(deal(base, 1, null));
  },
  actors: (s) => (s.phase === "over" ? [] : [HOST_SEAT, ...Array.from({ length: s.seats }, (_, i) => i)]),
  legalMoves(s, seat) {
    if (s.phase === "over") return [];
    if (seat === HOST_SEAT) return [{ kind: "clock" }];
    if (s.phase === "race") return s.centre.map((f) => ({ kind: "grab", piece: f.piece }));
    if (s.phase === "reveal" && !s.ready[seat]) return [{ kind: "keep" }];
    return [];
  },
  apply(s, seat, move, at) {
    if (move.kind === "clock" || move.kind === "resume") {
      if (seat !== HOST_SEAT) return err("cardeno/host_only", "Only the table turns pieces.");
      if (at === undefined) return err("cardeno/no_time", "A timed move needs its time.", { context: "timed" });
      return move.kind === "clock" ? clockStep(s, at) : resume(s, at);
    }
    if (seat < 0 || seat >= s.seats) return err("cardeno/no_seat", "Only seated players grab pieces.");
    switch (move.kind) {
      case "grab":
        if (at === undefined) return err("cardeno/no_time", "A grab needs its time.");
        if (!Number.isInteger(move.piece) || move.piece < 0 || move.piece >= CARDENO_DATA.pieces.length)
          return err("cardeno/bad_piece", "No such piece.");
        return grab(s, seat, move, at);
      case "hand":
        if (!Array.isArray(move.pieces)) return err("cardeno/bad_hand", "A poker hand is 1 to 5 different pieces of your board.");
        return chooseHand(s, seat, move.pieces, at ?? s.phaseAt ?? 0);
      case "keep":
        if (s.phase !== "reveal") return err("cardeno/no_reveal", "There is no poker hand to keep now.", { context: "keep" });
        return settle({ ...s, ready: s.ready.map((r, i) => (i === seat ? true : r)) }, at ?? s.phaseAt ?? 0);
      default:
        return err("cardeno/bad_move", "Unknown move.");
    }
  },
  view: (s, seat) => cardenoView(s, seat),
  outcome(s) {
    if (s.phase !== "over") return null;
    const best = Math.max(...s.scores);
    return { scores: s.scores, winners: s.scores.flatMap((x, i) => (x === best ? [i] : [])) };
  },
};
