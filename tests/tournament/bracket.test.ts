/**
 * Elimination brackets (src/tournament/bracket.ts) played to their end with seeded random
 * results, table by table as each becomes ready: every field 2-32 at tables of two, single and
 * double; larger tables (top half goes on); seeding, byes, the reset grand final, withdrawals;
 * and whole events through the event's own transitions (src/bot/tournament-rules.ts).
 */
import { describe, expect, it } from "vitest";
import {
  bracketPlan,
  bracketState,
  largestTable,
  readyNodes,
  seedOrder,
  type BracketKind,
  type PlayedNode,
} from "../../src/tournament/bracket.ts";
import { seedRng, shuffle } from "../../src/engine/rng.ts";
import {
  begun,
  bracketOf,
  eventStandings,
  joined,
  newEvent,
  seated,
  tablesInPlay,
  withResult,
  withThread,
  type EventRequest,
} from "../../src/bot/tournament-rules.ts";
import { GAME_SET } from "../../commands/index.ts";
import { sayError } from "../../src/bot/words.ts";
import type { UserError } from "../../src/bot/errors.ts";
const CATALOGUE = GAME_SET.catalogue;

/** Plays a bracket of `n` entrants (`p1` the first seed) to its end; `decide` orders each table's players (best first). */
function playOut(
  kind: BracketKind,
  n: number,
  size: number,
  decide: (players: readonly string[], node: string) => string[],
  gone: ReadonlySet<string> = new Set(),
) {
  const plan = bracketPlan(kind, n, size);
  const seeds = Array.from({ length: n }, (_, i) => `p${i + 1}`);
  const played = new Map<string, PlayedNode>();
  const losses = new Map<string, number>();
  const tables: { node: string; players: string[] }[] = [];
  for (let guard = 0; guard < 500; guard++) {
    const ready = readyNodes(bracketState(plan, seeds, played, gone));
    if (!ready.length) break;
    // Each ready table is seated before any of them finishes (they run side by side).
    for (const node of ready) played.set(node.id, { players: node.players });
    for (const node of ready) {
      const order = decide(node.players, node.id);
      const places = node.players.map((p) => order.indexOf(p) + 1);
      played.set(node.id, { players: node.players, result: { players: node.players, places, points: places.map(() => 0) } });
      tables.push({ node: node.id, players: [...node.players] });
      const cap = plan.nodes.find((x) => x.id === node.id)!;
      for (const p of order.slice(cap.advance)) losses.set(p, (losses.get(p) ?? 0) + 1);
    }
  }
  return { plan, state: bracketState(plan, seeds, played, gone), tables, losses, seeds };
}

const random = (seed: string) => (players: readonly string[], node: string) => shuffle(seedRng(`${seed}:${node}`), players)[0];
/** The better seed always wins. */
const favourite = (players: readonly string[]) => players.slice().sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));

describe("elimination brackets", () => {
  it("orders the top seeds so that 1 and 2 meet only in the final", () => {
    expect(seedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const plan = bracketPlan("single", 16, 2);
    const w1 = plan.nodes.filter((n) => n.column === "W1").map((n) => n.feeds.map((f) => ("seed" in f ? f.seed : 0)));
    expect(w1).toEqual([
      [1, 16],
      [8, 9],
      [4, 13],
      [5, 12],
      [2, 15],
      [7, 10],
      [3, 14],
      [6, 11],
    ]);
  });

  it("gives the byes to the top seeds", () => {
    const { tables } = playOut("single", 5, 2, favourite);
    const round1 = tables.filter((t) => t.node.startsWith("W1"));
    // 8 places for 5: seeds 1, 2 and 3 go straight to round 2; 4 meets 5.
    expect(round1.map((t) => t.players)).toEqual([["p4", "p5"]]);
  });

  it("plays every field of 2-32 at tables of two to one champion, single and double", () => {
    for (const kind of ["single", "double"] as const)
      for (let n = 2; n <= 32; n++) {
        const { state, losses, tables, seeds } = playOut(kind, n, 2, random(`${kind}${n}`));
        expect(state.champion, `${kind} ${n}`).not.toBeNull();
        // Double elimination: two lives whatever the field, a field of two included (a losers' table and the grand final).
        const lives = kind === "double" ? 2 : 1;
        for (const p of seeds) expect(losses.get(p) ?? 0, `${kind} ${n} ${p}`).toBe(p === state.champion ? (losses.get(p) ?? 0) : lives);
        expect(losses.get(state.champion!) ?? 0).toBeLessThan(lives);
        // Every match is two people; nobody plays twice in one column.
        for (const t of tables) expect(t.players).toHaveLength(2);
        const ranks = state.ranking.map((r) => r.rank);
        expect(state.ranking.map((r) => r.id).sort()).toEqual(seeds.slice().sort());
        expect(ranks[0]).toBe(1);
        expect(ranks[1]).toBe(2);
        expect(ranks).toEqual(ranks.slice().sort((a, b) => a - b));
      }
  });

  it("resets the grand final when the losers' bracket's survivor wins it", () => {
    // p2 beats p1 in the winners' final, p1 wins the grand final: a second one decides.
    const order = (players: readonly string[], node: string) => {
      const best = favourite(players);
      if (node.startsWith("W") && players.includes("p1") && players.includes("p2")) return ["p2", "p1"];
      return node === "GF2" ? ["p2", "p1"] : best;
    };
    const { state, tables } = playOut("double", 8, 2, order);
    expect(tables.map((t) => t.node).slice(-2)).toEqual(["GF", "GF2"]);
    expect(state.champion).toBe("p2");
    expect(state.ranking.slice(0, 3)).toEqual([
      { id: "p2", rank: 1 },
      { id: "p1", rank: 2 },
      { id: "p3", rank: 3 },
    ]);
    // Without the upset, no reset is played.
    const plain = playOut("double", 8, 2, favourite);
    expect(plain.tables.at(-1)!.node).toBe("GF");
    expect(plain.state.nodes.get("GF2")!.unneeded).toBe(true);
    expect(plain.state.champion).toBe("p1");
  });

  it("sends the top half of larger tables on, and drops the rest to the losers' bracket", () => {
    for (const size of [3, 4, 6])
      for (const n of [size + 1, 2 * size + 1, 24, 40]) {
        const kinds: BracketKind[] = size % 2 === 0 ? ["single", "double"] : ["single"];
        for (const kind of kinds) {
          const { state, tables, plan } = playOut(kind, n, size, random(`${size}:${n}:${kind}`));
          expect(state.champion, `${kind} ${size} ${n}`).not.toBeNull();
          expect(largestTable(plan)).toBeLessThanOrEqual(size % 2 ? size + 1 : size);
          for (const t of tables) expect(t.players.length).toBeLessThanOrEqual(largestTable(plan));
        }
      }
  });

  it("leaves a withdrawn player out of the tables not yet seated (their opponent goes on)", () => {
    const { tables, state } = playOut("single", 8, 2, favourite, new Set(["p8"]));
    // p1 had p8 in round 1: a bye now.
    expect(tables.some((t) => t.players.includes("p8"))).toBe(false);
    expect(state.champion).toBe("p1");
    expect(state.ranking.at(-1)).toEqual({ id: "p8", rank: 8 });
  });
});

describe("elimination events (src/bot/tournament-rules.ts)", () => {
  const ask: EventRequest = {
    guildId: "g",
    channelId: "c",
    organiserId: "mod",
    name: "Cup",
    game: "onze",
    format: "double-elimination",
    rounds: 3,
    tableSize: 4,
    clock: null,
    fill: "computer",
    checkInMinutes: 0,
    autoNext: true,
  };

  /** Plays an event to its champion: each table, as soon as it is seated, gets a thread and a seeded random result. */
  function run(request: EventRequest, n: number) {
    let t = newEvent(CATALOGUE, request, "e1", 0);
    for (let i = 1; i <= n; i++) t = joined(t, { id: `p${i}`, name: `P${i}` });
    t = begun(CATALOGUE, t, 0)!;
    let threads = 0;
    for (let guard = 0; guard < 200; guard++) {
      t = seated(CATALOGUE, t) ?? t;
      const open = tablesInPlay(t);
      if (!open.length) break;
      for (const { round, index } of open) t = withThread(t, round.number, index, `th${++threads}`);
      for (const { table } of tablesInPlay(t)) {
        const order = shuffle(seedRng(`${table.threadId}`), table.players)[0];
        const places = table.players.map((p) => order.indexOf(p) + 1);
        t = withResult(t, table.threadId!, { players: [...table.players], places, points: places.map(() => 0) }) ?? t;
      }
    }
    return t;
  }

  it("runs a double-elimination Onze event at tables of 4 to its champion, ranked first", () => {
    const t = run(ask, 13);
    const bracket = bracketOf(t)!;
    expect(bracket.state.champion).not.toBeNull();
    const table = eventStandings(t);
    expect(table[0]).toMatchObject({ id: bracket.state.champion, rank: 1 });
    // Every table is one of Onze's seat counts; fill computers top up the short ones and never go on.
    for (const r of t.played) for (const x of r.tables) expect([3, 4]).toContain(x.players.length);
    expect(t.played.map((r) => r.label)).toContain("GF");
    expect(bracket.state.ranking.every((r) => !r.id.startsWith("fill-"))).toBe(true);
  });

  it("refuses a table size whose bracket would need tables the game does not have", () => {
    const ask7 = { ...ask, game: "onexeno-basic", tableSize: 7, format: "single-elimination" } as const;
    expect(() => newEvent(CATALOGUE, ask7, "e2", 0)).toThrow(expect.objectContaining({ code: "tournament/bad_size_bracket" }));
    // Said with the reason, the sizes a bracket can use as a range, in the asker's language.
    let said = "";
    try {
      newEvent(CATALOGUE, ask7, "e2", 0);
    } catch (e) {
      said = sayError(e as UserError, "fr");
    }
    expect(said).toMatch(/^En tableau à élimination, ONEXENO basique se joue à des tables de 2 à \d : chaque table suivante/);
  });
});

describe("brackets as the audit found them (issue 62: byes, two lives, rematches)", () => {
  it("gives round 1's byes to the top seeds at every table size: nobody plays round 1 while a lower seed skips it", () => {
    let fields = 0;
    for (const k of [2, 3, 4, 5, 6])
      for (let n = 2; n <= 32; n++) {
        const plan = bracketPlan("single", n, k);
        const seeds = Array.from({ length: n }, (_, i) => `p${i + 1}`);
        const state = bracketState(plan, seeds, new Map());
        const plays = readyNodes(state)
          .filter((x) => x.id.startsWith("W1"))
          .flatMap((x) => x.players.map((p) => Number(p.slice(1))));
        const byes = seeds.map((p) => Number(p.slice(1))).filter((s) => !plays.includes(s));
        if (plays.length && byes.length) {
          fields++;
          expect(Math.max(...byes), `${n} at tables of ${k}: byes ${byes}, plays ${plays}`).toBeLessThan(Math.min(...plays));
        }
        // Round 1 sends on as many as the bracket's round 2 can take: nobody goes out who need not.
        const out = readyNodes(state)
          .filter((x) => x.id.startsWith("W1"))
          .reduce((s, x) => s + x.players.length - plan.nodes.find((y) => y.id === x.id)!.advance, 0);
        expect(out, `${n} at tables of ${k}`).toBe(Math.max(0, n - plan.nodes.filter((y) => y.column === "W1").length * Math.ceil(k / 2)));
      }
    expect(fields).toBeGreaterThan(44);
    // The audit's case: 5 entrants at tables of 4 seat seeds 3, 4 and 5; seeds 1 and 2 go through.
    const five = readyNodes(bracketState(bracketPlan("single", 5, 4), ["p1", "p2", "p3", "p4", "p5"], new Map()));
    expect(five.map((x) => x.players)).toEqual([["p3", "p4", "p5"]]);
  });

  it("double elimination gives everyone two lives when the field fits one table", () => {
    // Two at tables of two: the loser of the first match plays the grand final, and its reset.
    const two = bracketPlan("double", 2, 2);
    expect(two.columns).toEqual(["W1", "L1", "GF", "GF2"]);
    const upset = playOut("double", 2, 2, (players, node) => (node === "W1-1" ? ["p1", "p2"] : ["p2", "p1"]));
    expect(upset.state.champion).toBe("p2");
    expect(upset.tables.map((t) => t.node)).toEqual(["W1-1", "GF", "GF2"]);
    // Four at tables of four: the two who drop at the first table play a losers' table; its
    // winner meets the first table's top two in the grand final.
    const four = playOut("double", 4, 4, (players, node) => (node === "W1-1" ? ["p1", "p2", "p3", "p4"] : favourite(players).reverse()));
    expect(four.plan.columns).toEqual(["W1", "L1", "GF", "GF2"]);
    expect(four.tables.map((t) => [t.node, t.players.length])).toEqual([
      ["W1-1", 4],
      ["L1-1", 2],
      ["GF", 3],
      ["GF2", 3],
    ]);
    expect(four.state.champion).toBe("p4");
  });

  it("seats no two players who met in the winners' bracket at a losers' drop-in table (losers' rounds 2, 4, …)", () => {
    // Where the winners' round r's losers join two or more losers' tables, a placement avoids a
    // rematch (brackets-manager's gives none). The winners' final's loser joins the one table
    // left, whose survivor may have met them before, and a merge of two losers' tables late in
    // the bracket cannot always avoid one either.
    let events = 0;
    for (const n of [8, 12, 16, 24, 32])
      for (let e = 0; e < 60; e++) {
        const { tables, plan } = playOut("double", n, 2, random(`rematch:${n}:${e}`));
        const width = (column: string) => plan.nodes.filter((x) => x.column === column).length;
        const met = new Set<string>();
        for (const t of tables) {
          const key = [...t.players].sort().join("|");
          const column = t.node.split("-")[0]!;
          const dropIn = /^L\d*[02468]$/.test(column) && width(column) > 1;
          if (dropIn) expect(met.has(key), `${n} entrants, event ${e}: ${key} again at ${t.node}`).toBe(false);
          if (!t.node.startsWith("GF")) met.add(key);
        }
        events++;
      }
    expect(events).toBe(300);
  });
});

describe("standings of a bracket with a withdrawal (issue 62)", () => {
  it("a finalist who withdraws before the final ranks by how far they went: second, above both semi-final losers", () => {
    const plan = bracketPlan("single", 4, 2);
    const seeds = ["p1", "p2", "p3", "p4"];
    const played = new Map<string, PlayedNode>();
    for (const node of readyNodes(bracketState(plan, seeds, played))) {
      const order = favourite(node.players);
      const places = node.players.map((p) => order.indexOf(p) + 1);
      played.set(node.id, { players: node.players, result: { players: node.players, places, points: places.map(() => 0) } });
    }
    // p1 and p2 won their semi-finals; p1 withdraws before the final is seated.
    const state = bracketState(plan, seeds, played, new Set(["p1"]));
    expect(state.champion).toBe("p2");
    expect(state.ranking).toEqual([
      { id: "p2", rank: 1 },
      { id: "p1", rank: 2 },
      { id: "p3", rank: 3 },
      { id: "p4", rank: 3 },
    ]);
  });
});
