/**
 * Tournament scoring, pure: placement points per table, then the tie-breaks, as written in
 * `docs/rules/tournaments.md`:
 *
 * 1. **Placement points**: at a table of k players, place p earns k - p points (4 players:
 *    3, 2, 1, 0). Tied players share the points of the places they cover (two tied first at
 *    four: (3 + 2) / 2 = 2.5 each). A bye earns the average of a full table of the event's
 *    size, (size - 1) / 2, and the average game points of that round's tables (a bye neither
 *    helps nor hurts in either).
 * 2. **Game points**: the sum of the player's game scores, made "higher is better" (games won
 *    on low scores count them negative).
 *
 * A progressive event (`rankBy: "score"`, docs/rules/tournaments.md, "Progressive": prizes for the
 * highest and lowest score) ranks by game points first and placement points second.
 * 3. **The organiser's tie-breaks**, in the order chosen at creation (`TieBreak`; default game
 *    points, Buchholz, head-to-head).
 * 4. Then join order.
 */

/** One finished table: players in seat order, their places (1 = first) and game scores. */
export interface TableResult {
  readonly players: readonly string[];
  readonly places: readonly number[];
  /** Game scores, higher better (see `highIsBetter`). */
  readonly points: readonly number[];
}

/** One round's results: the tables played and the players who had a bye. */
export interface RoundResult {
  readonly tables: readonly TableResult[];
  readonly byes: readonly string[];
}

/** A player's line in the standings. */
export interface Standing {
  readonly id: string;
  readonly rank: number;
  readonly placement: number;
  readonly gamePoints: number;
  readonly opponents: number;
  readonly headToHead: number;
  readonly games: number;
  readonly byes: number;
  /** The value of each of the event's tie-breaks (`TieBreak`), in their order. */
  readonly tieBreaks: readonly number[];
}

/** Placement points of each seat of a table with `places` (ties split). */
export function placementPoints(places: readonly number[]): number[] {
  const k = places.length;
  return places.map((p) => {
    const tied = places.filter((q) => q === p).length;
    // The tied players cover places p .. p + tied - 1.
    let sum = 0;
    for (let x = p; x < p + tied; x++) sum += k - x;
    return sum / tied;
  });
}

/**
 * Game scores made "higher is better": kept, or negated for a game whose lowest score wins
 * (`lowScoreWins`, the rated game's own flag). Never guessed from who won: at a table
 * where everyone ends level the winners hold the highest and the lowest score at once.
 */
export function highIsBetter(scores: readonly number[], lowScoreWins: boolean): number[] {
  return lowScoreWins ? scores.map((s) => (s === 0 ? 0 : -s)) : [...scores];
}

/** What ranks first: placement points (Swiss, round-robin), or the total game score (progressive). */
export type RankBy = "placement" | "score";

/** The game points a bye earns in `round`: the average over every seat of its tables (0 with no table). */
export function byeGamePoints(round: RoundResult): number {
  const all = round.tables.flatMap((t) => t.points);
  return all.length ? all.reduce((a, b) => a + b, 0) / all.length : 0;
}

/**
 * The tie-breaks an organiser may choose at creation, in their order of use after placement
 * points (`docs/rules/tournaments.md`, "Tie-breaks"):
 * - `game-points`: the sum of the player's game scores (higher better);
 * - `buchholz`: the sum of the placement points of everyone they sat with (once per meeting);
 * - `median-buchholz`: the same without the highest and the lowest of those (with three or more);
 * - `sonneborn-berger`: for each table, the placement points of each player they finished ahead
 *   of, plus half of each they tied with;
 * - `head-to-head`: among the players still tied, +1 for each finished ahead of at a table they
 *   shared, -1 for each behind;
 * - `cumulative`: the sum of their running placement total after each round.
 */
export type TieBreak = "game-points" | "buchholz" | "median-buchholz" | "sonneborn-berger" | "head-to-head" | "cumulative";
export const TIE_BREAKS: readonly TieBreak[] = [
  "game-points",
  "buchholz",
  "median-buchholz",
  "sonneborn-berger",
  "head-to-head",
  "cumulative",
];
/** The tie-breaks of an event that chose none: game points, then Buchholz, then head-to-head. */
export const DEFAULT_TIE_BREAKS: readonly TieBreak[] = ["game-points", "buchholz", "head-to-head"];

/**
 * Reads an organiser's list of tie-breaks ("buchholz, game-points", names or their first
 * letters' short forms: gp, bh, mb, sb, h2h, cum); null when a name is unknown or repeated, or
 * the list is empty.
 */
export function parseTieBreaks(text: string): TieBreak[] | null {
  const short: Record<string, TieBreak> = {
    gp: "game-points",
    bh: "buchholz",
    mb: "median-buchholz",
    sb: "sonneborn-berger",
    h2h: "head-to-head",
    cum: "cumulative",
  };
  const out: TieBreak[] = [];
  for (const word of text.split(/[,;>\s]+/).filter(Boolean)) {
    const w = word.toLowerCase();
    const tb = (TIE_BREAKS as readonly string[]).includes(w) ? (w as TieBreak) : short[w];
    if (!tb || out.includes(tb)) return null;
    out.push(tb);
  }
  return out.length ? out : null;
}

/** Every entrant's tally over the rounds: the figures each criterion reads. */
interface Tally {
  readonly placement: Map<string, number>;
  readonly gamePoints: Map<string, number>;
  readonly games: Map<string, number>;
  readonly byes: Map<string, number>;
  /** The sum of the running placement total after each round. */
  readonly cumulative: Map<string, number>;
  /** Everyone an entrant sat with, once per meeting (entrants only). */
  readonly met: Map<string, string[]>;
  /** Per meeting: the other entrant and how the player finished against them (1 ahead, 0.5 tied; behind is left out). */
  readonly ahead: Map<string, { other: string; share: number }[]>;
  /**
   * Per bye: the score of the virtual opponent it counts as a meeting with (FIDE C.07): the
   * player's own placement points before that round plus the bye's.
   */
  readonly virtual: Map<string, number[]>;
}

/** Tallies `rounds` for `entrants`; seats of non-entrants count for placement points only (see `standings`). */
function tally(entrants: readonly string[], rounds: readonly RoundResult[], byePoints: number): Tally {
  const known = new Set(entrants);
  const zero = () => new Map<string, number>(entrants.map((e) => [e, 0]));
  const out: Tally = {
    placement: zero(),
    gamePoints: zero(),
    games: zero(),
    byes: zero(),
    cumulative: zero(),
    met: new Map(entrants.map((e) => [e, []])),
    ahead: new Map(entrants.map((e) => [e, []])),
    virtual: new Map(entrants.map((e) => [e, []])),
  };
  const add = (m: Map<string, number>, id: string, v: number) => m.set(id, (m.get(id) ?? 0) + v);
  for (const round of rounds) {
    // Placement points before this round, for its byes' virtual opponents.
    const startOfRound = new Map(out.placement);
    for (const t of round.tables) {
      const pp = placementPoints(t.places);
      t.players.forEach((id, i) => {
        if (!known.has(id)) return;
        add(out.placement, id, pp[i]!);
        add(out.gamePoints, id, t.points[i] ?? 0);
        add(out.games, id, 1);
        t.players.forEach((o, j) => {
          if (o === id || !known.has(o)) return;
          out.met.get(id)!.push(o);
          const share = t.places[i]! < t.places[j]! ? 1 : t.places[i] === t.places[j] ? 0.5 : 0;
          if (share > 0) out.ahead.get(id)!.push({ other: o, share });
        });
      });
    }
    const byeGame = byeGamePoints(round);
    for (const id of round.byes) {
      if (!known.has(id)) continue;
      out.virtual.get(id)!.push((startOfRound.get(id) ?? 0) + byePoints);
      add(out.placement, id, byePoints);
      add(out.gamePoints, id, byeGame);
      add(out.byes, id, 1);
    }
    for (const e of entrants) add(out.cumulative, e, out.placement.get(e)!);
  }
  return out;
}

/** Head-to-head within `group`: +1 for each other member finished ahead of at a shared table, -1 behind. */
function headToHead(rounds: readonly RoundResult[], group: ReadonlySet<string>): Map<string, number> {
  const out = new Map<string, number>([...group].map((id) => [id, 0]));
  for (const round of rounds)
    for (const t of round.tables)
      t.players.forEach((id, a) => {
        if (!group.has(id)) return;
        t.players.forEach((other, b) => {
          if (other === id || !group.has(other)) return;
          if (t.places[a]! < t.places[b]!) out.set(id, out.get(id)! + 1);
          else if (t.places[a]! > t.places[b]!) out.set(id, out.get(id)! - 1);
        });
      });
  return out;
}

/**
 * Splits `groups` (players tied so far, best group first) by `value`, higher first; players
 * with equal values stay together, in a group of their own.
 */
function splitBy(groups: readonly string[][], value: (id: string) => number): string[][] {
  return groups.flatMap((group) => {
    if (group.length < 2) return [group];
    const sorted = group.slice().sort((a, b) => value(b) - value(a));
    const out: string[][] = [];
    let at = 0;
    for (let i = 1; i <= sorted.length; i++)
      if (i === sorted.length || value(sorted[i]!) !== value(sorted[at]!)) {
        out.push(sorted.slice(at, i));
        at = i;
      }
    return out;
  });
}

/**
 * The standings after `rounds` for `entrants` (join order), best first. `byePoints` is what a
 * bye earns in placement points ((size - 1) / 2 for tables of `size`); `rankBy` what counts
 * first (see the module comment); `tieBreaks` the organiser's tie-breaks after it, in order
 * (`TieBreak`), then join order. Players at a table who are not entrants (computers that filled
 * a seat) count as seats for placement points but are not ranked and count for nobody's
 * tie-breaks. `Standing.tieBreaks` holds each player's value of each chosen tie-break.
 */
export function standings(
  entrants: readonly string[],
  rounds: readonly RoundResult[],
  byePoints: number,
  rankBy: RankBy = "placement",
  tieBreaks: readonly TieBreak[] = DEFAULT_TIE_BREAKS,
): Standing[] {
  const { placement, gamePoints, games, byes, cumulative, met, ahead, virtual } = tally(entrants, rounds, byePoints);
  const sumOf = (ids: readonly number[]) => ids.reduce((s, x) => s + x, 0);
  // Each meeting's opponent score, a bye's virtual opponent included (FIDE C.07).
  const faced = (e: string) => [...met.get(e)!.map((o) => placement.get(o)!), ...virtual.get(e)!];
  const opponents = new Map(entrants.map((e) => [e, sumOf(faced(e))]));
  // The highest and the lowest are dropped only from three meetings up (fewer: all count).
  const median = new Map(
    entrants.map((e) => {
      const xs = faced(e).sort((a, b) => a - b);
      return [e, sumOf(xs.length >= 3 ? xs.slice(1, -1) : xs)];
    }),
  );
  // A bye is a tie with its virtual opponent: half its score.
  const sonneborn = new Map(
    entrants.map((e) => [e, sumOf(ahead.get(e)!.map((b) => b.share * placement.get(b.other)!)) + sumOf(virtual.get(e)!) / 2]),
  );
  // Head-to-head is read within each group still tied when it is reached.
  const h2h = new Map<string, number>(entrants.map((e) => [e, 0]));
  const values: Record<TieBreak | "placement" | "score", Map<string, number>> = {
    placement,
    score: gamePoints,
    "game-points": gamePoints,
    buchholz: opponents,
    "median-buchholz": median,
    "sonneborn-berger": sonneborn,
    "head-to-head": h2h,
    cumulative,
  };
  const keys: (TieBreak | "placement" | "score")[] =
    rankBy === "score" ? ["score", "placement", ...tieBreaks] : ["placement", ...tieBreaks];
  let groups: string[][] = [entrants.slice()];
  for (const key of keys) {
    if (key === "head-to-head")
      for (const group of groups) if (group.length > 1) for (const [id, v] of headToHead(rounds, new Set(group))) h2h.set(id, v);
    groups = splitBy(groups, (id) => values[key].get(id)!);
  }
  const order = new Map(entrants.map((e, i) => [e, i]));
  const out: Standing[] = [];
  for (const group of groups) {
    const rank = out.length + 1;
    for (const id of group.slice().sort((a, b) => order.get(a)! - order.get(b)!))
      out.push({
        id,
        rank,
        placement: placement.get(id)!,
        gamePoints: gamePoints.get(id)!,
        opponents: opponents.get(id)!,
        headToHead: h2h.get(id)!,
        games: games.get(id)!,
        byes: byes.get(id)!,
        tieBreaks: tieBreaks.map((tb) => values[tb].get(id)!),
      });
  }
  return out;
}
