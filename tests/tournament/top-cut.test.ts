/** Two-stage events (src/bot/tournament-rules.ts `cutDue`, `cutMade`): a Swiss's best go on to a bracket seeded from its standings. */
import { describe, expect, it } from "vitest";
import { GAME_SET } from "../../commands/index.ts";
import type { UserError } from "../../src/bot/errors.ts";
import type { Tournament } from "../../src/bot/tournament-record.ts";
import {
  begun,
  bracketOf,
  cutDue,
  cutMade,
  dropped,
  eventStandings,
  joined,
  newEvent,
  seated,
  withResult,
  withThread,
} from "../../src/bot/tournament-rules.ts";
import { EVENT_ASK } from "../helpers/tournament.ts";
import { tableResult } from "../../commands/tournament/messages.ts";

const CATALOGUE = GAME_SET.catalogue;

/** A Swiss of ONEXENO basic at tables of two for `n` people, 2 rounds, with a top cut of `size`, begun. */
function event(n: number, size: 4 | 8 | 16, format: "single-elimination" | "double-elimination" = "single-elimination"): Tournament {
  let t = newEvent(CATALOGUE, { ...EVENT_ASK, game: "onexeno-basic", tableSize: 2, cut: { size, format } }, "cut", 0);
  for (let i = 1; i <= n; i++) t = joined(t, { id: `p${i}`, name: `P${i}` });
  return begun(CATALOGUE, t, 0)!;
}

/** `t` with its next Swiss round seated and played: the lower-numbered player wins each table. */
function playRound(t: Tournament): Tournament {
  let out = seated(CATALOGUE, t)!;
  const round = out.played.at(-1)!;
  for (const [i, table] of round.tables.entries()) {
    const id = `th${round.number}-${i}`;
    out = withThread(out, round.number, i, id);
    const places = table.players.map((p) => 1 + table.players.filter((q) => Number(q.slice(1)) < Number(p.slice(1))).length);
    out = withResult(out, id, { players: [...table.players], places, points: [] })!;
  }
  return out;
}

describe("a top cut", () => {
  it("is refused after a format that is not Swiss or round robin", () => {
    const ask = { ...EVENT_ASK, game: "onexeno-basic", tableSize: 2, cut: { size: 8, format: "single-elimination" } } as const;
    expect(() => newEvent(CATALOGUE, { ...ask, format: "progressive" }, "x", 0)).toThrow(
      expect.objectContaining({ code: "tournament/bad_cut" }) as UserError,
    );
    expect(newEvent(CATALOGUE, { ...ask, format: "round-robin" }, "x", 0).cut).toEqual({ size: 8, format: "single-elimination" });
  });

  it("is due once the first stage's rounds are all played, and seeds its bracket from their standings", () => {
    let t = event(12, 8);
    expect(cutDue(t)).toBe(false);
    t = playRound(t);
    expect(cutDue(t)).toBe(false);
    t = playRound(t);
    expect(cutDue(t)).toBe(true);
    const standing = eventStandings(t).map((s) => s.id);
    const cut = cutMade(t)!;
    expect(cut.format).toBe("single-elimination");
    expect(cut.cut).toEqual({ size: 8, format: "single-elimination", after: 2, from: "swiss" });
    expect(cut.order).toEqual(standing.slice(0, 8));
    expect(cutDue(cut)).toBe(false);
    expect(cutMade(cut)).toBeNull();
    // The bracket's first column: seeds 1-8, 4-5, 2-7, 3-6 (the best two meet in the final at the earliest).
    const bracket = seated(CATALOGUE, cut)!;
    const first = bracket.played.at(-1)!.tables.map((x) => x.players.map((p) => cut.order!.indexOf(p) + 1).sort((a, b) => a - b));
    expect(first.map((x) => x.join("-")).sort()).toEqual(["1-8", "2-7", "3-6", "4-5"]);
    expect(bracketOf(bracket)?.plan.nodes.filter((n) => n.column === "W1")).toHaveLength(4);
    // Standings: the bracket's eight first, then the four who missed it in the Swiss order.
    expect(
      eventStandings(bracket)
        .slice(8)
        .map((s) => s.id),
    ).toEqual(standing.slice(8));
  });

  it("takes the largest bracket the players still in can fill", () => {
    let t = event(12, 16);
    t = playRound(playRound(t));
    expect(cutMade(t)!.order).toHaveLength(8);
    let few = event(6, 8);
    few = playRound(playRound(few));
    for (const p of ["p1", "p2", "p3"]) few = dropped(few, p);
    expect(cutMade(few)!.order).toHaveLength(2);
  });

  it("tells the first stage's last tables that the best go on to the bracket, not that the podium comes", async () => {
    let t = playRound(event(8, 4));
    const said = async (x: Tournament, thread: string) => String((await tableResult(x, thread)).content);
    expect(await said(t, "th1-0")).toContain("Round 1 is complete");
    t = playRound(t);
    // Said as the last table ends, before the cut is made, and again once it is.
    expect(await said(t, "th2-3")).toContain("That was the first stage's last round: the best 4 go on to the bracket");
    const cut = cutMade(t)!;
    expect(await said(cut, "th2-3")).toContain("the best 4 go on to the bracket");
    expect(await said(cut, "th2-3")).not.toContain("podium");
    // The bracket's tables say how a bracket goes on.
    let bracket = seated(CATALOGUE, cut)!;
    const round = bracket.played.at(-1)!;
    bracket = withThread(bracket, round.number, 0, "b1");
    const players = [...round.tables[0]!.players];
    bracket = withResult(bracket, "b1", { players, places: [1, 2], points: [] })!;
    expect(await said(bracket, "b1")).toContain("The next table is seated as soon as its players are known");
    expect(await said(bracket, "b1")).not.toContain("A tie");
    // A tie across the line (an organiser's `/tournament end-table` shares the places): who goes on, and why.
    const better = cut.order!.find((p) => players.includes(p))!;
    const tied = withResult(withThread(seated(CATALOGUE, cut)!, round.number, 0, "b1"), "b1", { players, places: [1, 1], points: [] })!;
    expect(await said(tied, "b1")).toContain(
      `A tie for going on is settled by the game score, then the better seed: ${tied.entrants.find((e) => e.id === better)!.name} goes on.`,
    );
    // The final: nobody goes on from it, so a tie for first names its winner.
    let b = seated(CATALOGUE, cut)!;
    const semis = b.played.at(-1)!;
    for (const [i, x] of semis.tables.entries()) {
      b = withThread(b, semis.number, i, `s${i}`);
      b = withResult(b, `s${i}`, { players: [...x.players], places: [1, 2], points: [] })!;
    }
    b = seated(CATALOGUE, b)!;
    const final = b.played.at(-1)!;
    const finalists = [...final.tables[0]!.players];
    b = withResult(withThread(b, final.number, 0, "f"), "f", { players: finalists, places: [1, 1], points: [] })!;
    const winner = b.entrants.find((e) => e.id === cut.order!.find((p) => finalists.includes(p)))!.name;
    expect(await said(b, "f")).toContain(`A tie for first is settled by the game score, then the better seed: ${winner} wins.`);
    expect(await said(b, "f")).not.toContain("goes on");
    expect(await said(b, "f")).toContain("That was the last table: the podium is posted there.");
    expect(await said(b, "f")).not.toContain("The next table is seated");
  });

  it("tells the one a double elimination's winners' side drops that they play on in the losers' bracket", async () => {
    for (const format of ["double-elimination", "single-elimination"] as const) {
      let b = seated(CATALOGUE, cutMade(playRound(playRound(event(8, 4, format))))!)!;
      const round = b.played.at(-1)!;
      const players = [...round.tables[0]!.players];
      b = withResult(withThread(b, round.number, 0, "w1"), "w1", { players, places: [1, 2], points: [] })!;
      const loser = b.entrants.find((e) => e.id === players[1])!.name;
      const said = String((await tableResult(b, "w1")).content);
      if (format === "double-elimination") expect(said).toContain(`${loser} plays on in the losers' bracket.`);
      else expect(said).not.toContain("losers' bracket");
    }
  });

  it("says the grand final is not the last table when its second game must be played, and that the second game is", async () => {
    const cut = cutMade(playRound(playRound(event(8, 4, "double-elimination"))))!;
    const seed = (p: string) => cut.order!.indexOf(p);
    let b = seated(CATALOGUE, cut)!;
    const saidAt = new Map<string, string>();
    for (let guard = 0; guard < 20 && b.status !== "over"; guard++) {
      // A bracket seats each column as a round of its own, several at once: every open table of any.
      const open = b.played.flatMap((round) =>
        [...round.tables.entries()].filter(([, x]) => x.node && !x.result).map(([i, x]) => ({ round: round.number, i, x })),
      );
      if (!open.length) {
        const next = seated(CATALOGUE, b);
        if (!next) break;
        b = next;
        continue;
      }
      for (const { round, i, x } of open) {
        const thread = x.node!;
        b = withThread(b, round, i, thread);
        // The better seed wins every table but the grand final, where the one from the losers' side wins.
        const winner = x.players.reduce((w, p) => ((thread === "GF" ? seed(p) > seed(w) : seed(p) < seed(w)) ? p : w));
        b = withResult(b, thread, { players: [...x.players], places: x.players.map((p) => (p === winner ? 1 : 2)), points: [] })!;
        saidAt.set(thread, String((await tableResult(b, thread)).content));
      }
    }
    expect([...saidAt.keys()]).toEqual(["W1-1", "W1-2", "W2-1", "L1-1", "L2-1", "GF", "GF2"]);
    expect(saidAt.get("GF")).toContain("The next table is seated as soon as its players are known");
    expect(saidAt.get("GF")).not.toContain("That was the last table");
    expect(saidAt.get("GF2")).toContain("That was the last table: the podium is posted there.");
  });
});
