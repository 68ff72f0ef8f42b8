/**
 * `npm run stats:onze`: how Onze games between computers go, over 1,000 seeded games (`GAMES`
 * to change it) at every table size from 3 to 7 (one normal computer, the rest easy, seats
 * rotated): how often the normal one wins, moves and buys per game, rounds that ended with nobody
 * out, how often the stock was rebuilt, and the longest round (in turns and stock rebuilds).
 * The stock is rebuilt from the discard pile every time it is needed (docs/rules/onze.md, Onze): the longest
 * round is the figure that shows rounds end. Computer players only; seeded, repeatable.
 * Then the pace of a person and three computers (bench/onze-pace.ts): a whole game when the
 * person answers each sale with Buy or No thanks, against one where every hold runs out.
 */
import { onze } from "../src/games/onze/game.ts";
import type { OnzeComputerLevel } from "../src/games/onze/computer.ts";
import { playOnze } from "../tests/helpers/onze.ts";
import { ANSWER_MS, PERSON_MS, personPace, type Pace } from "./onze-pace.ts";

const GAMES = Number(process.env.GAMES ?? 1000);
let wins = 0;
let expected = 0;
let moves = 0;
let buys = 0;
let dry = 0;
let rounds = 0;
let rebuilt = 0;
let rebuilds = 0;
const longest = { turns: 0, rebuilds: 0, where: "" };
const turnsPerRound: number[] = [];
const t0 = performance.now();
for (let g = 0; g < GAMES; g++) {
  const seats = 3 + (g % 5);
  const normal = Math.floor(g / 5) % seats;
  const levels: OnzeComputerLevel[] = Array.from({ length: seats }, (_, i) => (i === normal ? "normal" : "easy"));
  let turns = 0;
  const out = playOnze(levels, `stats-${g}`, (s, move, _seat, before) => {
    if (move.kind === "discard") turns++;
    if (s.results.length > before.results.length) {
      const r = before.reshuffles;
      turnsPerRound.push(turns);
      if (before.reshuffles > 0) rebuilt++;
      rebuilds += before.reshuffles;
      if (turns > longest.turns)
        Object.assign(longest, { turns, rebuilds: r, where: `game stats-${g} (${seats} players), round ${before.round}` });
      turns = 0;
    }
  });
  if (onze.outcome(out.final)?.winners.includes(normal)) wins++;
  expected += 1 / seats;
  moves += out.moves;
  buys += out.buys;
  rounds += out.final.results.length;
  dry += out.final.results.filter((r) => r.wentOut === null).length;
}
const ms = performance.now() - t0;
turnsPerRound.sort((a, b) => a - b);
const pct = (p: number) => turnsPerRound[Math.min(turnsPerRound.length - 1, Math.floor((p / 100) * turnsPerRound.length))];
console.log(`${GAMES} games at 3 to 7 players, one normal computer against easy ones (seats rotated)`);
console.log(
  `normal won ${wins} (${((100 * wins) / GAMES).toFixed(0)}%; a seat picked at random would win ${((100 * expected) / GAMES).toFixed(0)}%; ties count for both)`,
);
console.log(`per game: ${(moves / GAMES).toFixed(0)} moves, ${(buys / GAMES).toFixed(1)} buys; ${(ms / GAMES).toFixed(0)} ms per game`);
console.log(`rounds: ${rounds}; ended with nobody out: ${dry}; stock rebuilt in ${rebuilt} rounds (${rebuilds} rebuilds in all)`);
console.log(
  `turns (discards) per round: median ${pct(50)}, p99 ${pct(99)}, longest ${longest.turns} with ${longest.rebuilds} stock rebuilds: ${longest.where}`,
);

// A person and three computers at a person's pace (bench/onze-pace.ts): No thanks against the hold alone.
const PACE_GAMES = Number(process.env.PACE_GAMES ?? 5);
for (const answers of [true, false]) {
  const runs: Pace[] = [];
  for (let g = 0; g < PACE_GAMES; g++) runs.push(await personPace(`pace-${g}`, answers));
  const mean = (f: (p: Pace) => number) => (runs.reduce((a, p) => a + f(p), 0) / runs.length).toFixed(1);
  const longest = Math.max(...runs.map((p) => p.minutes)).toFixed(1);
  console.log(
    `person + 3 computers, ${PACE_GAMES} whole games (7 rounds), person ${PERSON_MS / 1000} s an action, sale answered ${answers ? `in ${ANSWER_MS / 1000} s (Buy or No thanks)` : "never (the 8 s hold runs out)"}: ` +
      `${mean((p) => p.minutes)} min a game (longest ${longest}), ${mean((p) => p.moves)} moves, ${mean((p) => p.answered)} sales answered, ${mean((p) => p.holdsRanOut)} holds ran out`,
  );
}
