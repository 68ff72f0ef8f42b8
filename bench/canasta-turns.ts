/**
 * `npx tsx bench/canasta-turns.ts`: how long canasta hands last under each row rule, and how
 * often the normal computer beats the easy one. Computer players only; seeded, repeatable.
 */
import { playCanasta } from "../tests/helpers/canasta-play.ts";

const SESSIONS = Number(process.env.SESSIONS ?? 100);
for (const rows of ["sum", "five-to-seven"] as const) {
  const turns: number[] = [];
  for (let i = 0; i < SESSIONS; i++) turns.push(...playCanasta(["normal", "normal", "normal", "normal"], `turns-${i}`, rows).turnsPerHand);
  const mean = turns.reduce((a, b) => a + b, 0) / turns.length;
  const sorted = [...turns].sort((a, b) => a - b);
  console.log(
    `rows:${rows}: ${turns.length} hands (${SESSIONS} four-player sessions of 10 hands, normal computers); turns per hand mean ${mean.toFixed(1)}, median ${sorted[Math.floor(sorted.length / 2)]}, (${(mean / 4).toFixed(1)} turns per player)`,
  );
}
let normalWins = 0;
const games = Number(process.env.DUELS ?? 300);
for (let i = 0; i < games; i++) {
  const levels = i % 2 === 0 ? (["normal", "easy"] as const) : (["easy", "normal"] as const);
  const { final } = playCanasta(levels, `duel-${i}`);
  const n = levels.indexOf("normal");
  if ((final.totals[n] ?? 0) > (final.totals[1 - n] ?? 0)) normalWins++;
}
console.log(`normal beat easy in ${normalWins} of ${games} two-player sessions of 10 hands (seats alternated)`);
