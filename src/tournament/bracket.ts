/**
 * Elimination brackets, single and double, pure: the bracket's shape for a field and a table
 * size, and its state from the tables played so far. The rules in the project's words:
 * `docs/rules/tournaments.md`, "Elimination".
 *
 * A bracket is a list of **nodes**, each one table (a match at tables of two). A node's players
 * come from its **feeds**: seeds (round 1 of the winners' bracket), or the players another node
 * sends on (the top half of its table, rounded up: `advance`) or drops (the rest: to the losers'
 * bracket in double elimination, out in single elimination and in the losers' bracket). A node
 * whose players are all known and number more than it sends on is **ready**: it needs a table,
 * at once, whatever the rest of its column is doing. A node with no more players than it sends
 * on is a **bye**: they all go on without playing (so byes go to the top seeds, whose round-1
 * tables the seeding leaves short).
 *
 * Double elimination: losers' round 1 takes the players dropped by two winners' round-1 tables;
 * then each winners' round r > 1 drops into a losers' round of its own (against the losers'
 * bracket's survivors), followed by a losers' round that merges pairs of those tables. The
 * grand final seats the winners' bracket's survivors with the losers'; when its first place came
 * through the losers' bracket, the grand final is played again (the bracket reset).
 */

/** Single or double elimination. */
export type BracketKind = "single" | "double";

/** Where a node's players come from: seed numbers (1 = first seed), or another node's players. */
export type Feed = { readonly seed: number } | { readonly from: string; readonly take: "advance" | "drop" };

/** One table of the bracket. */
export interface BracketNode {
  /** `W<r>-<j>` (winners' round r, table j, from 1), `L<r>-<j>`, `GF` or `GF2` (the reset). */
  readonly id: string;
  /** Its column: `W<r>`, `L<r>`, `GF` or `GF2`. */
  readonly column: string;
  /** Seats it holds at most (the players its feeds can send). */
  readonly cap: number;
  /** How many of its players go on: the top half of `cap`, rounded up. */
  readonly advance: number;
  readonly feeds: readonly Feed[];
}

/** A bracket's shape: its nodes in an order where every feed comes earlier, and its columns in play order. */
export interface BracketPlan {
  readonly kind: BracketKind;
  readonly tableSize: number;
  readonly nodes: readonly BracketNode[];
  readonly columns: readonly string[];
}

/**
 * The order of the top seeds of `count` round-1 tables (a power of two) so that the best seeds
 * meet as late as possible: 1 and 2 only in the final. `[1, 4, 2, 3]` for 4 tables.
 */
export function seedOrder(count: number): number[] {
  let order = [1];
  while (order.length < count) {
    const m = order.length * 2;
    order = order.flatMap((x) => [x, m + 1 - x]);
  }
  return order;
}

const half = (n: number) => Math.ceil(n / 2);

const tablesOf = (count: number): number[][] => Array.from({ length: count }, () => []);

/**
 * The seeds of each round-1 table of a bracket of `count` tables (a power of two, listed in
 * `seedOrder`'s order) for `entrants` players at tables of `k` where `advance` go on: the byes
 * go to the top seeds at every table size. So few must go out in round 1 (`entrants - count *
 * advance`) that the fewest tables play it, as full as they can be: those of the weakest top
 * seeds (`seedOrder`'s highest numbers), seated with the lowest seeds; every other table holds
 * no more than go on, so its players pass without playing, the best seeds among them. Seeds are
 * dealt to each group of tables in snake passes (strongest table first, then back), so a
 * group's tables differ by at most one player and in strength as little as the passes allow.
 */
export function roundOneSeeds(entrants: number, k: number, count: number, advance: number): number[][] {
  const top = seedOrder(count);
  const out = tablesOf(count);
  const mustGo = Math.max(0, entrants - count * advance);
  const playing = mustGo === 0 ? 0 : Math.min(count, Math.ceil(mustGo / (k - advance)));
  const seated = mustGo === 0 ? 0 : mustGo + playing * advance;
  // Tables by their top seed's rank: the last `playing` of them play round 1.
  const byRank = top.map((rank, j) => ({ rank, j })).sort((x, y) => x.rank - y.rank);
  const deal = (tables: readonly number[], first: number, last: number) => {
    for (let seed = first, pass = 0; seed <= last; pass++) {
      const order = pass % 2 === 0 ? tables : [...tables].reverse();
      for (const j of order) if (seed <= last) out[j]!.push(seed++);
    }
  };
  const byes = byRank.slice(0, count - playing).map((x) => x.j);
  const plays = byRank.slice(count - playing).map((x) => x.j);
  deal(byes, 1, entrants - seated);
  deal(plays, entrants - seated + 1, entrants);
  return out;
}

/**
 * The bracket for `entrants` players at tables of `tableSize`: the winners' bracket has a power
 * of two of round-1 tables, the fewest that seat everyone, seeded by `roundOneSeeds` (the byes
 * go to the top seeds). A field that fits one table is one table in single elimination; in double
 * elimination it still has a losers' table and the grand final (everyone has two lives).
 */
export function bracketPlan(kind: BracketKind, entrants: number, tableSize: number): BracketPlan {
  const key = `${kind}:${entrants}:${tableSize}`;
  let plan = plans.get(key);
  if (!plan) plans.set(key, (plan = makePlan(kind, entrants, tableSize)));
  return plan;
}

/** Plans made so far, by kind, field and table size (a plan is pure and never changes; at most a few hundred shapes). */
const plans = new Map<string, BracketPlan>();

function makePlan(kind: BracketKind, entrants: number, tableSize: number): BracketPlan {
  const k = Math.max(2, tableSize);
  let count = 1;
  while (count * k < entrants) count *= 2;
  const nodes: BracketNode[] = [];
  const byId = new Map<string, BracketNode>();
  const add = (id: string, column: string, feeds: Feed[], cap: number) => {
    const node = { id, column, cap, advance: half(cap), feeds };
    nodes.push(node);
    byId.set(id, node);
    return node;
  };
  const sent = (f: Feed) => {
    if ("seed" in f) return 1;
    const n = byId.get(f.from)!;
    return f.take === "advance" ? n.advance : n.cap - n.advance;
  };
  const node = (id: string, column: string, feeds: Feed[]) =>
    add(
      id,
      column,
      feeds,
      feeds.reduce((s, f) => s + sent(f), 0),
    );
  const firstSeeds = roundOneSeeds(entrants, k, count, half(k));
  const winners: string[][] = [];
  winners.push(
    firstSeeds.map(
      (seeds, j) =>
        add(
          `W1-${j + 1}`,
          "W1",
          seeds.map((seed) => ({ seed })),
          k,
        ).id,
    ),
  );
  for (let r = 2; count >> (r - 1) >= 1; r++) {
    const before = winners[r - 2]!;
    winners.push(
      Array.from(
        { length: before.length / 2 },
        (_, j) =>
          node(`W${r}-${j + 1}`, `W${r}`, [
            { from: before[2 * j]!, take: "advance" },
            { from: before[2 * j + 1]!, take: "advance" },
          ]).id,
      ),
    );
  }
  const columns = winners.map((_, r) => `W${r + 1}`);
  if (kind === "single") return { kind, tableSize: k, nodes, columns };
  // The losers' bracket. `below`: the winners' tables under one (where its players played before).
  const below = new Map<string, ReadonlySet<string>>();
  for (const n of nodes) below.set(n.id, new Set(n.feeds.flatMap((f) => ("from" in f ? [f.from, ...below.get(f.from)!] : []))));
  // A round-1 table of no more players than go on (a bye) drops nobody into the losers' bracket.
  const drops = (id: string) => !id.startsWith("W1-") || firstSeeds[Number(id.slice(3)) - 1]!.length > half(k);
  const w1 = winners[0]!;
  const start: string[][] = w1.length === 1 ? [[w1[0]!]] : pairs(w1).map((p) => [...p]);
  const chosen = dropInOrders(winners, start, (x, y) => drops(x) && drops(y) && (x === y || below.get(x)!.has(y) || below.get(y)!.has(x)));
  let column = 1;
  const lose = (tables: readonly (readonly string[])[]) => {
    const ids = tables.map((feeds, j) => {
      const fs: Feed[] = feeds.map((f) => (f.startsWith("L") ? { from: f, take: "advance" } : { from: f, take: "drop" }));
      return node(`L${column}-${j + 1}`, `L${column}`, fs).id;
    });
    columns.push(`L${column}`);
    column++;
    return ids;
  };
  let alive = lose(start);
  for (let r = 2; r <= winners.length; r++) {
    // Drop-in: the survivors meet the players the winners' round r drops, in the order chosen above.
    const order = chosen[r - 2]!;
    alive = lose(alive.map((l, j) => [l, order[j]!]));
    if (alive.length > 1) alive = lose(pairs(alive));
  }
  const final = winners.at(-1)![0]!;
  const gf = node("GF", "GF", [
    { from: final, take: "advance" },
    { from: alive[0]!, take: "advance" },
  ]);
  add("GF2", "GF2", gf.feeds, gf.cap);
  columns.push("GF", "GF2");
  return { kind, tableSize: k, nodes, columns };
}

/** `xs` in consecutive pairs: `[a, b, c, d]` is `[[a, b], [c, d]]`. */
const pairs = <T>(xs: readonly T[]) => Array.from({ length: xs.length / 2 }, (_, j) => [xs[2 * j]!, xs[2 * j + 1]!] as const);

/**
 * The standard orders of a drop-in (brackets-manager's and Challonge's) of winners' tables `w`:
 * reversed, natural, halves swapped, each half reversed, pairs flipped.
 */
function ordersOf(w: readonly string[]): string[][] {
  if (w.length === 1) return [[...w]];
  const h = w.length / 2;
  return [
    [...w].reverse(),
    [...w],
    [...w.slice(h), ...w.slice(0, h)],
    [...w.slice(0, h).reverse(), ...w.slice(h).reverse()],
    w.map((_, j) => w[j ^ 1]!),
  ];
}

/**
 * The order in which each winners' round r > 1 (`winners[r - 1]`) drops its players into the
 * losers' bracket, whose first round's tables take the players of `start` (winners' round-1 tables).
 * The first combination of orders (a depth-first search over `ordersOf` for every drop-in, pruned
 * at the best found so far) that seats the fewest pairs of players who met in the winners'
 * bracket (`met(x, y)`: players dropped by tables x and y may have met) together at a drop-in
 * table of two or more tables: none wherever a combination avoids it, and the search stops
 * there. The last drop-in (the winners' final's losers, against the one table left) is not
 * counted: no order changes it.
 */
function dropInOrders(
  winners: readonly (readonly string[])[],
  start: readonly (readonly string[])[],
  met: (x: string, y: string) => boolean,
): string[][] {
  const meetings = (a: readonly string[], b: readonly string[]) => {
    let n = 0;
    for (const x of a) for (const y of b) if (met(x, y)) n++;
    return n;
  };
  let best: { drop: number; orders: string[][] } = { drop: Infinity, orders: [] };
  const search = (r: number, alive: readonly (readonly string[])[], drop: number, chosen: string[][]) => {
    if (drop >= best.drop) return;
    if (r > winners.length) {
      best = { drop, orders: chosen };
      return;
    }
    for (const order of ordersOf(winners[r - 1]!)) {
      const joined = alive.map((l, j) => [...l, order[j]!]);
      const d = alive.length === 1 ? 0 : alive.reduce((s, l, j) => s + meetings(l, [order[j]!]), 0);
      search(r + 1, joined.length > 1 ? pairs(joined).map(([a, b]) => [...a, ...b]) : joined, drop + d, [...chosen, order]);
      if (best.drop === 0) return;
    }
  };
  search(2, start, 0, []);
  return best.orders;
}

/** A node's table as played: its players in seat order (fill computers included) and, once finished, its places and points. */
export interface PlayedNode {
  readonly players: readonly string[];
  readonly result?: {
    readonly players: readonly string[];
    readonly places: readonly number[];
    /** Game scores, higher better. */
    readonly points: readonly number[];
  };
}

/** Where a node stands: waiting for its feeds, ready for a table, at its table, or decided (played, a bye, or a reset not needed). */
export interface NodeState {
  readonly id: string;
  readonly status: "waiting" | "ready" | "playing" | "done";
  /** Its players (entrants only), once all its feeds are decided. */
  readonly players: readonly string[];
  /** Once decided: its players best first (place, then game score, then seed). */
  readonly order: readonly string[];
  readonly advanced: readonly string[];
  readonly dropped: readonly string[];
  /** The reset grand final, when the first grand final's winner came through the winners' bracket. */
  readonly unneeded?: boolean;
}

/** A bracket's state: every node's, the champion once decided, and the ranking (best first; equal ranks shared). */
export interface BracketState {
  readonly nodes: ReadonlyMap<string, NodeState>;
  readonly champion: string | null;
  readonly ranking: readonly { readonly id: string; readonly rank: number }[];
}

/**
 * The bracket's state for `seeds` (entrant ids, first seed first) after the tables in `played`
 * (by node id). An entrant in `gone` (withdrawn) is left out of every node not yet seated. A
 * tie for the last place that goes on is broken by game score, then by seed; fill computers
 * (ids not in `seeds`) never go on.
 *
 * Ranking: the final table's players by its order, then everyone else by how late they went
 * out (the later column first), then their place at that table; players still in go first
 * while the bracket is being played.
 */
export function bracketState(
  plan: BracketPlan,
  seeds: readonly string[],
  played: ReadonlyMap<string, PlayedNode>,
  gone: ReadonlySet<string> = new Set(),
): BracketState {
  const seedOf = new Map(seeds.map((id, i) => [id, i]));
  const states = new Map<string, NodeState>();
  const columnAt = new Map(plan.columns.map((c, i) => [c, i]));
  /** Where each player went out: the column's index and their place in the node's order. */
  const out = new Map<string, [number, number]>();
  const eliminates = (n: BracketNode) => plan.kind === "single" || n.column.startsWith("L");
  for (const n of plan.nodes) {
    const feeds = n.feeds.map((f) => ("seed" in f ? null : states.get(f.from)!));
    if (feeds.some((s) => s !== null && s.status !== "done")) {
      states.set(n.id, { id: n.id, status: "waiting", players: [], order: [], advanced: [], dropped: [] });
      continue;
    }
    const seat = played.get(n.id);
    let players = n.feeds.flatMap((f) => {
      if ("seed" in f) return seeds[f.seed - 1] !== undefined ? [seeds[f.seed - 1]!] : [];
      const s = states.get(f.from)!;
      return f.take === "advance" ? s.advanced : s.dropped;
    });
    if (n.id === "GF2") {
      const gf = states.get("GF")!;
      if (gf.status !== "done") {
        states.set(n.id, { id: n.id, status: "waiting", players: [], order: [], advanced: [], dropped: [] });
        continue;
      }
      const first = gf.order[0];
      const losers = n.feeds[1];
      const fromLosers =
        first !== undefined && losers !== undefined && "from" in losers && states.get(losers.from)!.advanced.includes(first);
      if (!fromLosers && !seat) {
        states.set(n.id, { id: n.id, status: "done", players: [], order: [], advanced: [], dropped: [], unneeded: true });
        continue;
      }
      players = gf.players.slice();
    }
    if (seat) players = seat.players.filter((p) => seedOf.has(p));
    else {
      // A player who withdrew went out here, at the table they did not come to: ranked by how far
      // they went, after those who played this column (never below those who went out earlier).
      for (const p of players) if (gone.has(p) && !out.has(p)) out.set(p, [columnAt.get(n.column)!, Number.MAX_SAFE_INTEGER]);
      players = players.filter((p) => !gone.has(p));
    }
    if (!seat && players.length <= n.advance) {
      states.set(n.id, { id: n.id, status: "done", players, order: players, advanced: players, dropped: [] });
      continue;
    }
    if (!seat?.result) {
      states.set(n.id, { id: n.id, status: seat ? "playing" : "ready", players, order: [], advanced: [], dropped: [] });
      continue;
    }
    const r = seat.result;
    const at = (p: string) => r.players.indexOf(p);
    const order = players
      .slice()
      .sort(
        (a, b) =>
          (r.places[at(a)] ?? Infinity) - (r.places[at(b)] ?? Infinity) ||
          (r.points[at(b)] ?? 0) - (r.points[at(a)] ?? 0) ||
          seedOf.get(a)! - seedOf.get(b)!,
      );
    const advanced = order.slice(0, n.advance);
    const dropped = order.slice(n.advance);
    states.set(n.id, { id: n.id, status: "done", players, order, advanced, dropped });
    if (eliminates(n)) dropped.forEach((p, i) => out.set(p, [columnAt.get(n.column)!, n.advance + i]));
  }
  const finalNode = [...plan.nodes].reverse().find((n) => !states.get(n.id)!.unneeded)!;
  const final = states.get(finalNode.id)!;
  const champion = final.status === "done" ? (final.order[0] ?? null) : null;
  const ranking: { id: string; rank: number }[] = [];
  if (final.status === "done") final.order.forEach((id, i) => ranking.push({ id, rank: i + 1 }));
  const placed = new Set(ranking.map((r) => r.id));
  const alive = seeds.filter((p) => !placed.has(p) && !out.has(p) && !gone.has(p));
  for (const id of alive) ranking.push({ id, rank: 1 });
  const rest = seeds
    .filter((p) => !placed.has(p) && !alive.includes(p))
    .sort((a, b) => {
      const [ca, pa] = out.get(a) ?? [-1, Infinity];
      const [cb, pb] = out.get(b) ?? [-1, Infinity];
      return cb - ca || pa - pb || seedOf.get(a)! - seedOf.get(b)!;
    });
  // Those who went out at the same column and the same place share a rank.
  let rank = 0;
  let last = "";
  for (const id of rest) {
    const key = String(out.get(id) ?? "gone");
    if (key !== last) rank = ranking.length + 1;
    last = key;
    ranking.push({ id, rank });
  }
  return { nodes: states, champion, ranking };
}

/** The nodes that need a table now: every feed decided, more players than go on, no table yet. */
export function readyNodes(state: BracketState): NodeState[] {
  return [...state.nodes.values()].filter((n) => n.status === "ready");
}

/** The largest table the bracket can need (its caps), to check against the game's seat counts. */
export function largestTable(plan: BracketPlan): number {
  return Math.max(...plan.nodes.map((n) => n.cap));
}
