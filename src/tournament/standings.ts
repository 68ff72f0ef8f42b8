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
 *    on low scores, like Onze, count them negative).
 *
 * A progressive event (`rankBy: "score"`, seed 004 "Progressive Cardeno": prizes for the
 * highest and lowest score) ranks by game points first and placement points second.
 * 3. **Opponents' placement points**: the sum, over every opponent met (once per meeting), of
 *    that opponent's placement points.
 * 4. **Head-to-head**: among the players still tied, games where they met: +1 for each tied
 *    player finished ahead of, -1 for each behind.
 * 5. Then join order.
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

/** Game scores made "higher is better" from a game's outcome: kept, or negated for low-wins games. */
export function highIsBetter(scores: readonly number[], winners: readonly number[]): number[] {
  if (scores.length === 0 || winners.length === 0) return [...scores];
  const best = scores[winners[0]!]!;
  return best === Math.max(...scores) ? [...scores] : scores.map((s) => -s);
}

/** What ranks first: placement points (Swiss, round-robin), or the total game score (progressive). */
export type RankBy = "placement" | "score";

/** The game points a bye earns in `round`: the average over every seat of its tables (0 with no table). */
export function byeGamePoints(round: RoundResult): number {
  const all = round.tables.flatMap((t) => t.points);
  return all.length ? all.reduce((a, b) => a + b, 0) / all.length : 0;
}

/**
 * The standings after `rounds` for `entrants` (join order), best first. `byePoints` is what a
 * bye earns in placement points ((size - 1) / 2 for tables of `size`); `rankBy` what counts
 * first (see the module comment).
 */
export function standings(
  entrants: readonly string[],
  rounds: readonly RoundResult[],
  byePoints: number,
  rankBy: RankBy = "placement",
): Standing[] {
  const placement = new Map<string, number>(entrants.map((e) => [e, 0]));
  const gamePoints = new Map<string, number>(entrants.map((e) => [e, 0]));
  const games = new Map<string, number>(entrants.map((e) => [e, 0]));
  const byes = new Map<string, number>(entrants.map((e) => [e, 0]));
  const met = new Map<string, string[]>(entrants.map((e) => [e, []]));
  const add = (m: Map<string, number>, id: string, v: number) => m.set(id, (m.get(id) ?? 0) + v);
  for (const round of rounds) {
    for (const t of round.tables) {
      const pp = placementPoints(t.places);
      t.players.forEach((id, i) => {
        add(placement, id, pp[i]!);
        add(gamePoints, id, t.points[i] ?? 0);
        add(games, id, 1);
        met.get(id)?.push(...t.players.filter((o) => o !== id));
      });
    }
    const byeGame = byeGamePoints(round);
    for (const id of round.byes) {
      add(placement, id, byePoints);
      add(gamePoints, id, byeGame);
      add(byes, id, 1);
    }
  }
  const opponents = new Map(entrants.map((e) => [e, (met.get(e) ?? []).reduce((s, o) => s + (placement.get(o) ?? 0), 0)]));
  const byPlacement = (a: string, b: string) => placement.get(b)! - placement.get(a)!;
  const byScore = (a: string, b: string) => gamePoints.get(b)! - gamePoints.get(a)!;
  const [first, second] = rankBy === "score" ? [byScore, byPlacement] : [byPlacement, byScore];
  const order = (a: string, b: string) => first(a, b) || second(a, b) || opponents.get(b)! - opponents.get(a)!;
  const sorted = entrants.slice().sort((a, b) => order(a, b) || entrants.indexOf(a) - entrants.indexOf(b));
  // Head-to-head within each group still tied after the first three criteria.
  const h2h = new Map<string, number>(entrants.map((e) => [e, 0]));
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    while (j < sorted.length && order(sorted[i]!, sorted[j]!) === 0) j++;
    const group = new Set(sorted.slice(i, j));
    if (group.size > 1) {
      for (const round of rounds)
        for (const t of round.tables)
          t.players.forEach((id, a) => {
            if (!group.has(id)) return;
            t.players.forEach((other, b) => {
              if (other === id || !group.has(other)) return;
              if (t.places[a]! < t.places[b]!) add(h2h, id, 1);
              else if (t.places[a]! > t.places[b]!) add(h2h, id, -1);
            });
          });
      const part = sorted.slice(i, j).sort((a, b) => h2h.get(b)! - h2h.get(a)! || entrants.indexOf(a) - entrants.indexOf(b));
      sorted.splice(i, j - i, ...part);
    }
    i = j;
  }
  const same = (a: string, b: string) => order(a, b) === 0 && h2h.get(a) === h2h.get(b);
  const out: Standing[] = [];
  sorted.forEach((id, i) => {
    const rank = i > 0 && same(sorted[i - 1]!, id) ? out[i - 1]!.rank : i + 1;
    out.push({
      id,
      rank,
      placement: placement.get(id)!,
      gamePoints: gamePoints.get(id)!,
      opponents: opponents.get(id)!,
      headToHead: h2h.get(id)!,
      games: games.get(id)!,
      byes: byes.get(id)!,
    });
  });
  return out;
}
