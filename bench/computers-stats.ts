/**
 * `npm run stats:computers` (issue 66): seeded head-to-head games between computer levels, through
 * each game's own engine and computer players, seats rotated (partners: the tested level holds one
 * team). For each pairing it prints the tested seat's (or team's) win rate with a 95 % interval
 * (Wilson's), the mean score difference against the best other seat, the tested level's decision
 * time (median and p99, ms) and the games that did not end within the move cap. `GAMES` games a
 * pairing (default 200; the figures need 400); `ONLY=onexeno`, `ONLY=canasta`, `ONLY=onze` or `ONLY=cardeno`
 * for one game's pairings. Statistics, never a test.
 */
import { seedRng, type RngState } from "../src/engine/rng.ts";
import { chooseComputerMove } from "../src/games/onexeno/computer.ts";
import { chooseCanastaMove } from "../src/games/onexeno/canasta-computer.ts";
import { expertCanastaMove } from "../src/games/onexeno/canasta-expert.ts";
import { canasta, canastaView, setupCanasta, type CanastaView } from "../src/games/onexeno/canasta.ts";
import { expertOnexenoMove } from "../src/games/onexeno/expert.ts";
import { onexeno, onexenoView, playNow, setupOnexeno, teamOf, type OnexenoMove, type OnexenoState } from "../src/games/onexeno/game.ts";
import { onze } from "../src/games/onze/game.ts";
import { playOnze } from "../tests/helpers/onze.ts";
import { playCardeno } from "../tests/helpers/cardeno.ts";

const GAMES = Number(process.env.GAMES ?? 200);
/** Moves after which a game counts as one that did not end. */
const MOVE_CAP = 20_000;

type Level = "easy" | "normal" | "expert";

/** Wilson's 95 % interval of `wins` in `n`, in percent. */
function wilson(wins: number, n: number): [number, number] {
  const z = 1.96;
  const p = wins / n;
  const mid = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [100 * (mid - half), 100 * (mid + half)];
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

/** ONEXENO's move for a seat of `level`. */
function onexenoMove(s: OnexenoState, level: Level, rng: RngState): OnexenoMove {
  const view = onexenoView(s, s.turn);
  return level === "expert" ? expertOnexenoMove(view, rng) : chooseComputerMove(view, level, rng);
}

/** `GAMES` ONEXENO games: `tested` at one seat (partners: one team) against `other`; prints one line. */
function onexenoPairing(variant: "basic" | "partners", seats: number, tested: Level, other: Level): void {
  let wins = 0;
  let diff = 0;
  let unfinished = 0;
  const times: number[] = [];
  for (let g = 0; g < GAMES; g++) {
    const seat = g % seats;
    const mine = (i: number) => (variant === "partners" ? teamOf(i, seats) === teamOf(seat, seats) : i === seat);
    const setup = setupOnexeno({ variant, hands: 1 }, seats, `stats-${variant}-${seats}-${tested}-${other}-${g}`);
    if (!setup.ok) throw new Error(setup.error.message);
    let s = setup.value;
    let moves = 0;
    while (s.phase === "play" && moves < MOVE_CAP) {
      const level = mine(s.turn) ? tested : other;
      const t0 = performance.now();
      const move = onexenoMove(s, level, seedRng(`m:${g}:${moves}`));
      if (level === tested) times.push(performance.now() - t0);
      const next = playNow(s, s.turn, move);
      if (!next.ok) throw new Error(`${variant} game ${g}: ${next.error.code}`);
      s = next.value;
      moves++;
    }
    const out = onexeno.outcome(s);
    if (!out) {
      unfinished++;
      continue;
    }
    if (out.winners.length > 0 && out.winners.every(mine)) wins++;
    const best = Math.max(...out.scores.filter((_, i) => !mine(i)));
    diff += (out.scores[seat] as number) - best;
  }
  const [lo, hi] = wilson(wins, GAMES);
  const fair = variant === "partners" ? 100 / (seats / 2) : 100 / seats;
  console.log(
    `ONEXENO ${variant}, ${seats} players: ${tested} ${variant === "partners" ? "team" : "seat"} against ${other}: won ${wins} of ${GAMES} ` +
      `(${((100 * wins) / GAMES).toFixed(0)} %, 95 % interval ${lo.toFixed(0)}–${hi.toFixed(0)} %; a fair share ${fair.toFixed(0)} %), ` +
      `mean score difference ${(diff / GAMES).toFixed(1)}; ${tested}'s decision median ${quantile(times, 0.5).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms; ` +
      `did not end: ${unfinished}`,
  );
}

/** `GAMES` Onze games of `levels` (seats rotated): the first level's win rate (lowest total wins), moves a game, games that did not end. */
function onzePairing(tested: Level, other: Level, seats: number): void {
  let wins = 0;
  let moves = 0;
  let unfinished = 0;
  for (let g = 0; g < GAMES; g++) {
    const seat = g % seats;
    const levels = Array.from({ length: seats }, (_, i) => (i === seat ? tested : other));
    try {
      const out = playOnze(levels, `stats-onze-${tested}-${other}-${g}`);
      moves += out.moves;
      if (onze.outcome(out.final)?.winners.includes(seat)) wins++;
    } catch {
      unfinished++; // playOnze gives up past 20,000 moves
    }
  }
  const [lo, hi] = wilson(wins, GAMES);
  console.log(
    `Onze, ${seats} players: ${tested} seat against ${other}: won ${wins} of ${GAMES} (${((100 * wins) / GAMES).toFixed(0)} %, 95 % interval ${lo.toFixed(0)}–${hi.toFixed(0)} %; ` +
      `a fair share ${(100 / seats).toFixed(0)} %), ${(moves / Math.max(1, GAMES - unfinished)).toFixed(0)} moves a game; did not end: ${unfinished}`,
  );
}

/**
 * `GAMES` two-player canasta sessions to 500 (the default sum rule): `tested` against `other`,
 * seats alternated. Prints the tested level's win rate, the mean score difference, hands a session,
 * its decision time (median and p99, ms) and the sessions that did not end.
 */
function canastaPairing(tested: Level, other: Level): void {
  let wins = 0;
  let diff = 0;
  let hands = 0;
  let unfinished = 0;
  const times: number[] = [];
  const move = (view: CanastaView, level: Level, rng: RngState) =>
    level === "expert" ? expertCanastaMove(view, rng) : chooseCanastaMove(view, level, rng);
  for (let g = 0; g < GAMES; g++) {
    const seat = g % 2;
    const setup = setupCanasta({ target: 500 }, 2, `stats-canasta-${tested}-${other}-${g}`);
    if (!setup.ok) throw new Error(setup.error.message);
    let s = setup.value;
    for (let moves = 0; s.phase !== "over" && moves < MOVE_CAP; moves++) {
      const level = s.turn === seat ? tested : other;
      const t0 = performance.now();
      const chosen = move(canastaView(s, s.turn), level, seedRng(`m:${g}:${moves}`));
      if (level === tested) times.push(performance.now() - t0);
      const next = canasta.apply(s, s.turn, chosen, undefined);
      if (!next.ok) throw new Error(`canasta session ${g}: ${next.error.code}`);
      s = next.value;
    }
    if (s.phase !== "over") {
      unfinished++;
      continue;
    }
    hands += s.results.length;
    if ((s.totals[seat] as number) > (s.totals[1 - seat] as number)) wins++;
    diff += (s.totals[seat] as number) - (s.totals[1 - seat] as number);
  }
  const [lo, hi] = wilson(wins, GAMES);
  console.log(
    `ONEXENO canasta, 2 players: ${tested} seat against ${other}: won ${wins} of ${GAMES} (${((100 * wins) / GAMES).toFixed(0)} %, ` +
      `95 % interval ${lo.toFixed(0)}–${hi.toFixed(0)} %; a fair share 50 %), mean score difference ${(diff / GAMES).toFixed(1)}, ` +
      `${(hands / Math.max(1, GAMES - unfinished)).toFixed(1)} hands a session; ${tested}'s decision median ${quantile(times, 0.5).toFixed(1)} ms, ` +
      `p99 ${quantile(times, 0.99).toFixed(1)} ms; did not end: ${unfinished}`,
  );
}

/**
 * `GAMES` Cardeno games (standard, the default rounds, `PACE` seconds between pieces, default 3): `tested` at one seat against `other` at
 * the rest (seats rotated); the tested seat wins with the highest total (a shared top counts for
 * none). Prints its win rate, mean score difference against the best other seat, and its grabs'
 * reaction (ms from the piece's turn to the grab, median and p99).
 */
function cardenoPairing(tested: Level, other: Level, seats: number): void {
  let wins = 0;
  let diff = 0;
  const reactions: number[] = [];
  for (let g = 0; g < GAMES; g++) {
    const seat = g % seats;
    const levels = Array.from({ length: seats }, (_, i) => (i === seat ? tested : other));
    let turned = new Map<number, number>();
    const final = playCardeno({ pace: Number(process.env.PACE ?? 3) }, levels, `stats-cardeno-${tested}-${other}-${g}`, (s) => {
      // A grab by the tested seat: the piece left the centre onto its board.
      for (const [piece, at] of turned) if (s.boards[seat]!.includes(piece)) reactions.push(s.lastGrabAt - at);
      turned = new Map(s.centre.map((f) => [f.piece, f.at]));
    });
    const best = Math.max(...final.scores.filter((_, i) => i !== seat));
    if (final.scores[seat]! > best) wins++;
    diff += final.scores[seat]! - best;
  }
  const [lo, hi] = wilson(wins, GAMES);
  console.log(
    `Cardeno, ${seats} players: ${tested} seat against ${other}: won ${wins} of ${GAMES} (${((100 * wins) / GAMES).toFixed(0)} %, ` +
      `95 % interval ${lo.toFixed(0)}–${hi.toFixed(0)} %; a fair share ${(100 / seats).toFixed(0)} %), mean score difference ` +
      `${(diff / GAMES).toFixed(1)}; ${tested}'s reaction median ${quantile(reactions, 0.5).toFixed(0)} ms, p99 ${quantile(reactions, 0.99).toFixed(0)} ms`,
  );
}

console.log(`${GAMES} seeded games a pairing, seats rotated; node ${process.version}\n`);
const only = process.env.ONLY; // e.g. ONLY=onexeno: one game's pairings
if (!only || only === "onexeno") {
  onexenoPairing("basic", 2, "expert", "normal");
  onexenoPairing("basic", 2, "normal", "easy");
  onexenoPairing("basic", 3, "expert", "normal");
  onexenoPairing("partners", 4, "expert", "normal");
}
if (!only || only === "canasta") {
  canastaPairing("expert", "normal");
  canastaPairing("normal", "easy");
}
if (!only || only === "onze") {
  onzePairing("expert", "normal", 3);
  onzePairing("normal", "easy", 3);
  onzePairing("easy", "easy", 3);
  onzePairing("normal", "normal", 3);
}
if (!only || only === "cardeno") {
  cardenoPairing("expert", "normal", 2);
  cardenoPairing("normal", "normal", 2);
  cardenoPairing("expert", "normal", 4);
}
console.log("\nEvery Onze game of these pairings ends (a round within 600 moves).");
