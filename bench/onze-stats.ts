/**
 * `npm run stats:onze`: how often the normal Onze computer beats the easy one (300 seeded
 * three-player games, one normal against two easy, seats rotated), and how games go: moves,
 * buys, rounds that ended with nobody out. Computer players only; seeded, repeatable.
 */
import { onze } from "../src/games/onze/game";
import type { OnzeComputerLevel } from "../src/games/onze/computer";
import { playOnze } from "../tests/helpers/onze";

const GAMES = Number(process.env.GAMES ?? 300);
let wins = 0;
let moves = 0;
let buys = 0;
let dry = 0;
let rounds = 0;
const t0 = performance.now();
for (let g = 0; g < GAMES; g++) {
  const normal = g % 3;
  const levels: OnzeComputerLevel[] = [0, 1, 2].map((i) => (i === normal ? "normal" : "easy"));
  const out = playOnze(levels, `stats-${g}`);
  if (onze.outcome(out.final)?.winners.includes(normal)) wins++;
  moves += out.moves;
  buys += out.buys;
  rounds += out.final.results.length;
  dry += out.final.results.filter((r) => r.wentOut === null).length;
}
const ms = performance.now() - t0;
console.log(`normal won ${wins} of ${GAMES} three-player games against two easy computers (seats rotated; a tie counts for both)`);
console.log(`per game: ${(moves / GAMES).toFixed(0)} moves, ${(buys / GAMES).toFixed(1)} buys; ${dry} of ${rounds} rounds ended with nobody out; ${(ms / GAMES).toFixed(0)} ms per game`);
