/**
 * Seating one round of an event, pure: who sits out (byes, going round), how many computers
 * top up a field that cannot be split, the table sizes, the format's seating (Swiss by standing,
 * progressive from the last round's finish, round-robin), and partners rotated for partnership
 * games. The rules in the project's words: `docs/rules/tournaments.md`.
 */
import { err, ok, type Result } from "../engine/result.ts";
import {
  addMeetings,
  arrangePartners,
  circlePairs,
  type Meetings,
  pairKey,
  pickByes,
  type Scores,
  seatProgressive,
  seatRoundRobin,
  seatSwiss,
  sizesWithByes,
  tableSizes,
} from "./seating.ts";

/** A round already played, as seating reads it: its tables (players in seat order, and their places once finished) and byes. */
export interface PlayedRound {
  readonly tables: readonly {
    readonly players: readonly string[];
    readonly result?: { readonly players: readonly string[]; readonly places: readonly number[] };
  }[];
  readonly byes: readonly string[];
}

/** How an event seats its rounds. */
export interface SeatingRules {
  readonly format: "swiss" | "progressive" | "round-robin";
  /** The table size asked for (the game's seat counts permitting). */
  readonly tableSize: number;
  /** The seat counts the game allows. */
  readonly counts: readonly number[];
  /** A field that cannot be split: top it up with computers, or give the fewest players byes. */
  readonly fill: "computer" | "bye";
  /** Partnership game (seats i and i + n/2 partners): partners rotate. */
  readonly partners: boolean;
  /** The event's seed (round-robin's shuffles). */
  readonly seed: string;
  /**
   * Round-robin's one fixed order, set when round 1 was seated (by rating, else by the seed);
   * the circle method turns it, never the standings. Absent: `order` as given.
   */
  readonly fixedOrder?: readonly string[];
}

/** A seated round: tables of entrant ids and `fill-<round>-<n>` computers (seat order), and the byes. */
export interface RoundPlan {
  readonly tables: string[][];
  readonly byes: string[];
}

/**
 * Round-robin at tables of two: the circle method over the event's fixed order. A player whose
 * circle partner is the odd field's empty seat, or has dropped, sits out (`fill: "bye"`) or
 * plays a fill computer (`fill: "computer"`); a player not in the fixed order (none today) too.
 */
function seatCircle(rules: SeatingRules, order: readonly string[], number: number): RoundPlan {
  const here = new Set(order);
  const fixed = rules.fixedOrder ?? order;
  const tables: string[][] = [];
  const alone: string[] = [];
  for (const [a, b] of circlePairs(fixed, number)) {
    const x = a !== null && here.has(a) ? a : null;
    const y = b !== null && here.has(b) ? b : null;
    if (x && y) tables.push([x, y]);
    else if (x || y) alone.push((x ?? y)!);
  }
  const known = new Set(fixed);
  alone.push(...order.filter((p) => !known.has(p)));
  if (rules.fill === "bye") return { tables, byes: alone };
  return { tables: [...tables, ...alone.map((p, i) => [p, `fill-${number}-${i + 1}`])], byes: [] };
}

/**
 * Seats round `number` for `order` (the players present, best standing first) after `played`;
 * `scores` are their placement points so far (Swiss seats equal scores together). Refuses with
 * `tournament/too_few` when not even one table can be filled.
 */
export function seatRound(
  rules: SeatingRules,
  order: readonly string[],
  played: readonly PlayedRound[],
  number: number,
  scores: Scores = new Map(),
): Result<RoundPlan> {
  if (rules.format === "round-robin" && rules.tableSize === 2 && rules.counts.includes(2)) {
    const plan = seatCircle(rules, order, number);
    return plan.tables.length ? ok(plan) : err("tournament/too_few", "Too few entrants are left to seat a table.");
  }
  const { counts } = rules;
  let met: Meetings = new Map();
  for (const r of played)
    met = addMeetings(
      met,
      r.tables.map((x) => x.players),
    );
  const byesSoFar = new Map<string, number>();
  for (const r of played) for (const b of r.byes) byesSoFar.set(b, (byesSoFar.get(b) ?? 0) + 1);
  let byes: string[] = [];
  let players = [...order];
  let fills = 0;
  let sizes = tableSizes(players.length, rules.tableSize, counts);
  if (!sizes) {
    const split = sizesWithByes(players.length, rules.tableSize, counts);
    const most = counts.at(-1) ?? 0;
    const topUp =
      rules.fill === "computer"
        ? Array.from({ length: most }, (_, c) => c + 1).find((c) => tableSizes(players.length + c, rules.tableSize, counts))
        : undefined;
    if (topUp !== undefined) {
      fills = topUp;
      sizes = tableSizes(players.length + fills, rules.tableSize, counts) ?? [];
    } else if (split) {
      byes = pickByes(order, split.byes, byesSoFar);
      players = order.filter((p) => !byes.includes(p));
      sizes = split.sizes;
    } else return err("tournament/too_few", "Too few entrants are left to seat a table.");
  }
  const seatOrder = [...players, ...Array.from({ length: fills }, (_, i) => `fill-${number}-${i + 1}`)];
  let tables: string[][];
  const last = played.at(-1);
  if (rules.format === "progressive" && last) {
    const finish = last.tables.map((x) => {
      const r = x.result;
      return r
        ? r.players.slice().sort((a, b) => (r.places[r.players.indexOf(a)] ?? 0) - (r.places[r.players.indexOf(b)] ?? 0))
        : [...x.players];
    });
    tables = seatProgressive(finish, sizes, seatOrder);
  } else if (rules.format === "round-robin") tables = seatRoundRobin(seatOrder, sizes, number, met, rules.seed, rules.fixedOrder);
  else {
    // Fill computers count as the lowest score (they sit with the bottom of the field).
    const low = Math.min(0, ...scores.values());
    const withFills = new Map(scores);
    for (const p of seatOrder) if (!withFills.has(p)) withFills.set(p, low);
    tables = seatSwiss(seatOrder, sizes, met, withFills);
  }
  if (rules.partners) {
    const partners = new Map<string, number>();
    for (const r of played)
      for (const x of r.tables) {
        const k = x.players.length / 2;
        x.players.forEach((p, i) => {
          const mate = x.players[i + k];
          if (i < k && mate !== undefined) partners.set(pairKey(p, mate), (partners.get(pairKey(p, mate)) ?? 0) + 1);
        });
      }
    tables = tables.map((x) => arrangePartners(x, partners));
  }
  return ok({ tables, byes });
}

/** The largest field at tables of more than two whose rounds `roundRobinRounds` counts on its own schedule. */
export const COUNTED_FIELD = 8;

/**
 * The rounds a round-robin event of the field `fixed` (its fixed order, everyone present) plays
 * when its organiser left them to the field, at most `most`:
 * - at tables of two, the circle method's: one round fewer than an even field, as many rounds as
 *   an odd one (everyone sits out once);
 * - at larger tables, a field of up to COUNTED_FIELD: the rounds its own schedule (`seatRound`,
 *   seated round by round; a round robin's seating never reads results) takes for everyone to
 *   have met everyone while nobody drops: 1 for a field that fits one table;
 * - a larger field: the fewest rounds in which everyone could meet everyone, (n - 1) / (k - 1)
 *   rounded up (9 at tables of 3: 4, 16 at tables of 4: 5, where a perfect schedule has them all
 *   meet; elsewhere a pair may not have met). Counting those on the schedule would seat every
 *   round at once, seconds of the event loop for a field of 30.
 * docs/rules/tournaments.md, "Round-robin". Refuses as `seatRound` does (`tournament/too_few`).
 */
export function roundRobinRounds(rules: SeatingRules, fixed: readonly string[], most: number): Result<number> {
  const n = fixed.length;
  const k = rules.tableSize;
  if (n < 2) return err("tournament/too_few", "Too few entrants are left to seat a table.");
  if (k === 2 && rules.counts.includes(2)) return ok(Math.min(most, n % 2 === 0 ? n - 1 : n));
  if (n > COUNTED_FIELD) return ok(Math.min(most, Math.ceil((n - 1) / (k - 1))));
  const people = new Set(fixed);
  const pairs = (n * (n - 1)) / 2;
  const met = new Set<string>();
  const played: PlayedRound[] = [];
  for (let round = 1; round <= most; round++) {
    const plan = seatRound({ ...rules, fixedOrder: fixed }, fixed, played, round);
    if (!plan.ok) return { ok: false, error: plan.error };
    for (const table of plan.value.tables) {
      const here = table.filter((p) => people.has(p));
      for (let i = 0; i < here.length; i++) for (let j = i + 1; j < here.length; j++) met.add(pairKey(here[i]!, here[j]!));
    }
    if (met.size >= pairs) return ok(round);
    played.push({ tables: plan.value.tables.map((players) => ({ players })), byes: plan.value.byes });
  }
  return ok(most);
}
