/**
 * `npm run stats:tournaments`: how Swiss seats simulated events (`EVENTS` per table size, default
 * 300; seeded random places) at tables of 2, 3, 4 and 6 of ONEXENO basic, fields 6 to 32, 3 to 7
 * rounds: repeat meetings a round (and, at tables of two, how many could have been avoided, by an
 * exact search), and the spread of placement points at a table (its highest less its lowest),
 * against the plain seating by standing. Pure seating code through the same `seatRound` as the
 * bot; seeded and repeatable.
 */
import { fewestRepeats } from "../tests/helpers/tournament.ts";
import { seedRng, shuffle } from "../src/engine/rng.ts";
import { seatRound, type PlayedRound } from "../src/tournament/rounds.ts";
import { addMeetings, repeatsOf, scoreSpread, seatByStanding, type Meetings } from "../src/tournament/seating.ts";
import { standings, type RoundResult } from "../src/tournament/standings.ts";

const EVENTS = Number(process.env.EVENTS ?? 300);
const COUNTS = [2, 3, 4, 5, 6, 7];

const rows: string[] = [];
const t0 = performance.now();
for (const size of [2, 3, 4, 6]) {
  let rounds = 0;
  let repeats = 0;
  let plainRepeats = 0;
  let avoidable = 0;
  let spread = 0;
  let plainSpread = 0;
  let tables = 0;
  for (let e = 0; e < EVENTS; e++) {
    const n = 6 + (e % 27);
    const total = 3 + (e % 5);
    const entrants = Array.from({ length: n }, (_, i) => `p${i + 1}`);
    const results: RoundResult[] = [];
    const played: PlayedRound[] = [];
    let met: Meetings = new Map();
    for (let r = 1; r <= total; r++) {
      const table = standings(entrants, results, (size - 1) / 2);
      const scores = new Map(table.map((s) => [s.id, s.placement]));
      const rules = { format: "swiss" as const, tableSize: size, counts: COUNTS, fill: "bye" as const, partners: false, seed: `s${e}` };
      const plan = seatRound(
        rules,
        table.map((s) => s.id),
        played,
        r,
        scores,
      );
      if (!plan.ok) throw new Error(plan.error.code);
      const seated = plan.value.tables;
      const playing = seated.flat();
      const plain = seatByStanding(
        table.map((s) => s.id).filter((p) => playing.includes(p)),
        seated.map((t) => t.length),
      );
      repeats += repeatsOf(seated, met);
      plainRepeats += repeatsOf(plain, met);
      if (seated.every((t) => t.length === 2) && playing.length <= 20) avoidable += repeatsOf(seated, met) - fewestRepeats(playing, met);
      spread += seated.reduce((s, t) => s + scoreSpread(t, scores), 0);
      plainSpread += plain.reduce((s, t) => s + scoreSpread(t, scores), 0);
      tables += seated.length;
      rounds++;
      met = addMeetings(met, seated);
      played.push({ tables: seated.map((players) => ({ players })), byes: plan.value.byes });
      results.push({
        tables: seated.map((t, i) => {
          const [places] = shuffle(
            seedRng(`s${e}:${r}:${i}`),
            t.map((_, j) => j + 1),
          );
          return { players: t, places, points: places.map((p) => 10 - p) };
        }),
        byes: plan.value.byes,
      });
    }
  }
  rows.push(
    `| ${size} | ${EVENTS} | ${rounds} | ${(repeats / rounds).toFixed(3)} | ${size === 2 ? avoidable : "–"} | ${(plainRepeats / rounds).toFixed(3)} | ${(spread / tables).toFixed(2)} | ${(plainSpread / tables).toFixed(2)} |`,
  );
}
console.log("Swiss seating over simulated events (ONEXENO basic, fields 6-32, 3-7 rounds, seeded random places)\n");
console.log(
  "| table size | events | rounds | repeats a round | avoidable repeats | plain seating: repeats a round | score spread a table | plain seating: spread |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) console.log(r);
console.log(`\n(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
