/**
 * `npm run stats:tournaments`: how Swiss seats simulated events (`EVENTS` per table size, default
 * 300; seeded random places) at tables of 2, 3, 4 and 6 of ONEXENO basic, fields 6 to 32, 3 to 7
 * rounds: repeat meetings a round (and, at tables of two, how many could have been avoided, by an
 * exact search; at larger tables, for fields of up to 12 at tables of one size, by an
 * exhaustive search apart from the bot's), and the spread of placement points at a table (its
 * highest less its lowest), against the plain seating by standing. Then round robin at tables of
 * 2, 3, 4 and 6: pairs that never met and pairs that met twice or more after the rounds a full
 * schedule needs, for fields with and without a known perfect schedule. Pure seating code through
 * the same `seatRound` as the bot; seeded and repeatable.
 */
import { fewestRepeats, fewestRepeatsAt } from "../tests/helpers/tournament.ts";
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
  let checked = 0;
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
      else if (seated.every((t) => t.length === size) && playing.length <= 12) {
        avoidable += repeatsOf(seated, met) - fewestRepeatsAt(playing, size, met);
        checked++;
      }
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
    `| ${size} | ${EVENTS} | ${rounds} | ${(repeats / rounds).toFixed(3)} | ${size === 2 ? avoidable : `${avoidable} (of ${checked} rounds checked)`} | ${(plainRepeats / rounds).toFixed(3)} | ${(spread / tables).toFixed(2)} | ${(plainSpread / tables).toFixed(2)} |`,
  );
}
console.log("Swiss seating over simulated events (ONEXENO basic, fields 6-32, 3-7 rounds, seeded random places)\n");
console.log(
  "| table size | events | rounds | repeats a round | avoidable repeats | plain seating: repeats a round | score spread a table | plain seating: spread |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) console.log(r);

// Round robin: the rounds a full schedule needs, (n - 1) / (k - 1) rounded up.
console.log("\nRound robin after the rounds a full schedule needs (every pair once where a perfect schedule exists)\n");
console.log("| table size | players | rounds | a perfect schedule | pairs never met | pairs met twice or more |");
console.log("|---|---|---|---|---|---|");
const FIELDS: Record<number, number[]> = { 2: [6, 7, 8, 16], 3: [9, 12, 15, 21], 4: [8, 12, 16, 20], 6: [12, 18, 36] };
/**
 * Whether everyone can meet everyone exactly once (a resolvable design): tables of two, any
 * field (the circle method; an odd one with a bye a round); 9 and 15 at tables of 3 (an affine
 * plane, Kirkman's), 21 at tables of 3 (a Kirkman triple system) and 16 at tables of 4 (an affine
 * plane), built here; 36 at tables of 6 does not
 * (no affine plane of order 6: Tarry, 1900); the other fields do not divide as a design needs.
 */
const PERFECT: Record<string, string> = { "3:9": "built", "3:15": "built", "4:16": "built", "3:21": "built" };
for (const size of [2, 3, 4, 6])
  for (const n of FIELDS[size]!) {
    const fixed = Array.from({ length: n }, (_, i) => `p${i + 1}`);
    // An odd field at tables of two needs a round more (each sits out once).
    const total = size === 2 && n % 2 === 1 ? n : Math.ceil((n - 1) / (size - 1));
    const rules = {
      format: "round-robin" as const,
      tableSize: size,
      counts: COUNTS,
      fill: "bye" as const,
      partners: false,
      seed: `rr${size}:${n}`,
      fixedOrder: fixed,
    };
    const played: PlayedRound[] = [];
    let met: Meetings = new Map();
    for (let r = 1; r <= total; r++) {
      const plan = seatRound(rules, fixed, played, r);
      if (!plan.ok) throw new Error(plan.error.code);
      met = addMeetings(met, plan.value.tables);
      played.push({ tables: plan.value.tables.map((players) => ({ players })), byes: plan.value.byes });
    }
    const pairs = (n * (n - 1)) / 2;
    const twice = [...met.values()].filter((v) => v > 1).length;
    console.log(
      `| ${size} | ${n} | ${total} | ${size === 2 ? "built" : (PERFECT[`${size}:${n}`] ?? "none")} | ${pairs - met.size} | ${twice} |`,
    );
  }
console.log(`\n(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
