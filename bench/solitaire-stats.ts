/**
 * `npm run stats:solitaire [solverSeeds]`: how hard solitaire is. Plays 1000 seeded deals
 * with a simple greedy player (play the top waste card whenever it fits, where the hint
 * says; otherwise draw) and prints the share of deals reaching each square size. Then runs
 * the completability-keeping solver (tests/helpers/solitaire-solver.ts) on the first
 * `solverSeeds` deals (default 20; about 2.5 s each).
 */
import { applySolitaire, setupSolitaire, solitaireHint } from "../src/games/onexeno/solitaire.ts";
import { solve } from "../tests/helpers/solitaire-solver.ts";

const reached = new Array<number>(9).fill(0);
const t0 = performance.now();
for (let i = 0; i < 1000; i++) {
  let s = setupSolitaire(`seed-${i}`);
  while (s.phase === "play") {
    const h = solitaireHint(s);
    const r = applySolitaire(s, h ? { kind: "place", ...h } : { kind: "draw" });
    if (!r.ok) throw new Error(r.error.message);
    s = r.value;
  }
  for (let k = 1; k <= s.square; k++) reached[k]!++;
}
console.log(`Greedy player, 1000 deals (seed-0 .. seed-999), ${((performance.now() - t0) / 1000).toFixed(1)} s:`);
console.log("| square | deals reaching it | share |\n|---|---|---|");
for (let k = 2; k <= 8; k++) console.log(`| ${k}x${k} | ${reached[k]} | ${((reached[k]! / 1000) * 100).toFixed(1)}% |`);

const n = Number(process.argv[2] ?? 20);
const solved = new Array<number>(9).fill(0);
const wins: string[] = [];
const t1 = performance.now();
for (let i = 0; i < n; i++) {
  const r = solve(setupSolitaire(`seed-${i}`), 3000);
  for (let k = 1; k <= r.square; k++) solved[k]!++;
  if (r.won) wins.push(`seed-${i}`);
}
console.log(
  `\nSolver, ${n} deals, ${((performance.now() - t1) / 1000).toFixed(1)} s: 8x8 reached on ${wins.length} (${wins.join(", ") || "none"}).`,
);
console.log("| square | deals reaching it |\n|---|---|");
for (let k = 2; k <= 8; k++) console.log(`| ${k}x${k} | ${solved[k]} of ${n} |`);
