/**
 * Computer levels at the table (issue 66): each game seats the levels it declares, an expert's
 * move is searched off the table's lock from its seat's view alone (`think`), and a search found
 * for a state the table has left is never played. The table service and its memory store are
 * the real ones; `think` is the bot's pool (render/pool.ts `runThought`) or a recorder of it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { TableService, type TablesOf } from "../../src/bot/tables.ts";
import { TableTransitions } from "../../src/bot/table-transitions.ts";
import { seedRng } from "../../src/engine/rng.ts";
import { think, type ThoughtJob } from "../../src/engine/thinking.ts";
import { canastaGame, onexenoGame } from "../../src/games/onexeno/table-games.ts";
import { chooseComputerMove } from "../../src/games/onexeno/computer.ts";
import { onexenoLegalMoves, onexenoView, type OnexenoMove } from "../../src/games/onexeno/game.ts";
import { onzeGame } from "../../src/games/onze/table-game.ts";
import { expertOnzeMove } from "../../src/games/onze/expert.ts";
import { onzeView } from "../../src/games/onze/game.ts";
import { cardenoGame } from "../../src/games/cardeno/table-game.ts";
import { expertCanastaMove } from "../../src/games/onexeno/canasta-expert.ts";
import { canastaView } from "../../src/games/onexeno/canasta.ts";
import { levelsOf } from "../../src/games/catalogue.ts";
import { closePictures, runThought } from "../../render/pool.ts";
import { openStore } from "../../src/store/store.ts";

const ADA = { userId: "ada", name: "Ada" };
const CH = "chan-levels";

afterAll(() => closePictures());

async function onexenoTables(thinkWith?: (job: ThoughtJob) => Promise<unknown>): Promise<TablesOf<"onexeno">> {
  const store = await openStore<never>("memory://", "tables");
  return new TableService(
    store,
    onexenoGame.definition,
    { newSeed: () => "levels-seed", ...(thinkWith ? { think: thinkWith } : {}) },
    onexenoGame.seats,
  );
}

describe("computer levels", () => {
  it("each game seats the levels it declares, names the level on the seat and refuses another with the levels it has", () => {
    expect(new TableTransitions(onexenoGame.definition, onexenoGame.seats, () => 0).offered).toEqual(["easy", "normal", "expert"]);
    expect(levelsOf(onzeGame.seats)).toEqual(["easy", "normal", "expert"]);
    expect([levelsOf(canastaGame.seats), levelsOf(cardenoGame.seats)]).toEqual([
      ["easy", "normal", "expert"],
      ["easy", "normal", "expert"],
    ]);
    const rules = new TableTransitions(onexenoGame.definition, onexenoGame.seats, () => 0);
    const lobby = rules.opened(undefined, { channelId: CH, guildId: "g" }, ADA, { variant: "basic", hands: 1 }, "s", null);
    const seated = rules.withComputer(lobby, "ada", "expert", 1);
    expect(seated.seats[1]).toMatchObject({ userId: "cpu-1", name: "Computer 1 (expert)", computer: "expert" });
    // A game that seats two levels (canasta as it was before its expert) refuses the third.
    const canasta = new TableTransitions(canastaGame.definition, { ...canastaGame.seats, levels: ["easy", "normal"] }, () => 0);
    const canastaLobby = canasta.opened(undefined, { channelId: CH, guildId: "g" }, ADA, { target: 500 }, "s", null);
    expect(() => canasta.withComputer(canastaLobby, "ada", "expert", 1)).toThrow(
      expect.objectContaining({ code: "input/bad_level", params: { levels: "easy, normal" } }),
    );
  });

  it("a computer playing for a person who left or is away plays at the server's takeover level, where the game seats it", async () => {
    const store = await openStore<never>("memory://", "tables");
    const tables: TablesOf<"onexeno"> = new TableService(
      store,
      onexenoGame.definition,
      { newSeed: () => "takeover-seed", takeoverFor: async () => "expert" },
      onexenoGame.seats,
    );
    const lobby = await tables.open(CH, "g", ADA, { variant: "basic", hands: 1 });
    expect(lobby.takeover).toBe("expert");
    await tables.join(CH, { userId: "ben", name: "Ben" });
    await tables.join(CH, { userId: "cy", name: "Cy" });
    const started = await tables.start(CH, "ada");
    const rules = new TableTransitions(onexenoGame.definition, onexenoGame.seats, () => 0);
    // Ada is away: her seat's move is an expert's search (only the expert thinks off the lock).
    const away = { ...started, seats: started.seats.map((s, i) => (i === started.state!.turn ? { ...s, away: true } : s)) };
    expect(rules.thoughtFor(away)).toMatchObject({ seat: started.state!.turn });
    expect(rules.thoughtFor({ ...away, takeover: undefined })).toBeNull();
    // Ben leaves: his seat is an expert computer.
    const left = await tables.leave(CH, "ben");
    expect(left?.seats[1]).toMatchObject({ name: "Ben (left)", computer: "expert", leftBy: "ben" });
    // A game without an expert (canasta as it was before its expert) plays the nearest level it seats.
    const canasta = new TableTransitions(canastaGame.definition, { ...canastaGame.seats, levels: ["easy", "normal"] }, () => 0);
    expect(canasta.takeoverLevel({ takeover: "expert" })).toBe("normal");
    expect(new TableTransitions(canastaGame.definition, canastaGame.seats, () => 0).takeoverLevel({ takeover: "expert" })).toBe("expert");
    expect(canasta.takeoverLevel({ takeover: "easy" })).toBe("easy");
    expect(canasta.takeoverLevel({})).toBe("normal");
  });

  it("an expert's move is searched by `think` (the picture threads) from its seat's view alone, and is the move the inline search makes", async () => {
    const jobs: ThoughtJob[] = [];
    const tables = await onexenoTables(async (job) => {
      jobs.push(job);
      return runThought(job);
    });
    await tables.open(CH, "g", ADA, { variant: "basic", hands: 1 });
    await tables.addComputer(CH, "ada", "expert");
    await tables.addComputer(CH, "ada", "expert");
    let rec = await tables.start(CH, "ada");
    // Ada passes or plays her first legal move; the two experts move between her turns.
    for (let k = 0; k < 4 && rec.status === "playing"; k++) {
      const state = rec.state!;
      if (state.turn === 0) {
        rec = await tables.play(CH, "ada", onexenoLegalMoves(state, 0)[0]!);
        continue;
      }
      const seat = state.turn;
      const moved = await tables.autoMove(CH);
      expect(moved).not.toBeNull();
      const job = jobs.at(-1)!;
      // The search's input is the seat's view (hidden hands as counts), never the state.
      expect(job.input).toEqual(onexenoView(state, seat));
      expect(JSON.stringify(job.input)).not.toContain(JSON.stringify(state.hands[(seat + 1) % 3]));
      const inline = chooseComputerMove(onexenoView(state, seat), "expert", seedRng(`levels-seed:${state.version}`));
      expect(moved!.after.moves.at(-1)).toEqual({ seat, move: inline });
      rec = moved!.after;
    }
    expect(jobs.length).toBeGreaterThanOrEqual(2);
  });

  it("a search found for a state the table has left is not played: the move is chosen again for the state it is made in", async () => {
    const tables = await onexenoTables();
    await tables.open(CH, "g", ADA, { variant: "basic", hands: 1 });
    await tables.addComputer(CH, "ada", "expert");
    const started = await tables.start(CH, "ada");
    const rules = new TableTransitions(onexenoGame.definition, onexenoGame.seats, () => 0);
    // Ada's turn first, if it is hers: the computer's turn comes after.
    const rec = started.state!.turn === 0 ? await tables.play(CH, "ada", onexenoLegalMoves(started.state!, 0)[0]!) : started;
    const state = rec.state!;
    const seat = state.turn;
    const due = rules.thoughtFor(rec);
    expect(due).toMatchObject({ version: state.version, seat });
    const found = (await think(due!.job)) as OnexenoMove;
    // Another legal move than the search's, offered as a thought of this version, is played as given;
    const other = onexenoLegalMoves(state, seat).find((m) => JSON.stringify(m) !== JSON.stringify(found));
    expect(other).toBeDefined();
    expect(rules.computerPlayed(rec, { version: state.version, seat, move: other! })?.moves.at(-1)).toEqual({ seat, move: other });
    // offered for an older version (or another seat), it is ignored and the search's own move is made.
    expect(rules.computerPlayed(rec, { version: state.version - 1, seat, move: other! })?.moves.at(-1)).toEqual({ seat, move: found });
    expect(rules.computerPlayed(rec, { version: state.version, seat: 1 - seat, move: other! })?.moves.at(-1)).toEqual({
      seat,
      move: found,
    });
  });

  it("a search that fails on its thread (a thread lost) is made again under the lock: the computer still moves, the same move", async () => {
    let asked = 0;
    const tables = await onexenoTables(async () => {
      asked++;
      throw new Error("thread lost");
    });
    await tables.open(CH, "g", ADA, { variant: "basic", hands: 1 });
    await tables.addComputer(CH, "ada", "expert");
    const started = await tables.start(CH, "ada");
    const rec = started.state!.turn === 0 ? await tables.play(CH, "ada", onexenoLegalMoves(started.state!, 0)[0]!) : started;
    const state = rec.state!;
    const moved = await tables.autoMove(CH);
    expect(asked).toBe(1);
    const inline = chooseComputerMove(onexenoView(state, state.turn), "expert", seedRng(`levels-seed:${state.version}`));
    expect(moved?.after.moves.at(-1)).toEqual({ seat: state.turn, move: inline });
  });

  it("Onze's expert moves through the picture threads too, as the inline expert would, and buys inline", async () => {
    const jobs: ThoughtJob[] = [];
    const store = await openStore<never>("memory://", "onze");
    const onzeTables = new TableService(
      store,
      onzeGame.definition,
      {
        newSeed: () => "onze-levels",
        holdMs: 0,
        think: (job) => {
          jobs.push(job);
          return runThought(job);
        },
      },
      onzeGame.seats,
    );
    await onzeTables.open(CH, "g", ADA, {});
    for (let i = 0; i < 3; i++) await onzeTables.addComputer(CH, "ada", "expert");
    let rec = await onzeTables.start(CH, "ada");
    // Ada's seat played by an expert too: four computers play alone.
    rec = (await onzeTables.update(
      CH,
      (r) => r && { ...r, seats: r.seats.map((w, i) => (i === 0 ? { ...w, computer: "expert" as const } : w)) },
    ))!;
    let thought = 0;
    let bought = 0;
    for (let k = 0; k < 80 && rec.status === "playing"; k++) {
      const before = rec.state!;
      const asked = jobs.length;
      const moved = await onzeTables.autoMove(CH);
      expect(moved).not.toBeNull();
      const last = moved!.after.moves.at(-1)!;
      if (last.move.kind === "claim") {
        bought++;
        expect(jobs.length).toBe(asked); // a buy is decided inline, no search
      }
      if (jobs.length > asked) {
        thought++;
        expect(last.seat).toBe(before.turn);
        expect(last.move).toEqual(expertOnzeMove(onzeView(before, last.seat), seedRng(`onze-levels:${before.version}`)));
      }
      rec = moved!.after;
    }
    expect(thought).toBeGreaterThan(10);
    expect(bought).toBeGreaterThan(0);
  });

  it("canasta's expert plays whole turns through the picture threads, each move the inline expert's", async () => {
    const jobs: ThoughtJob[] = [];
    const store = await openStore<never>("memory://", "canasta");
    const tables = new TableService(
      store,
      canastaGame.definition,
      {
        newSeed: () => "canasta-levels",
        think: (job) => {
          jobs.push(job);
          return runThought(job);
        },
      },
      canastaGame.seats,
    );
    await tables.open(CH, "g", ADA, { target: 500 });
    await tables.addComputer(CH, "ada", "expert");
    let rec = await tables.start(CH, "ada");
    // Ada's seat played by an expert too: two experts play alone.
    rec = (await tables.update(
      CH,
      (r) => r && { ...r, seats: r.seats.map((w, i) => (i === 0 ? { ...w, computer: "expert" as const } : w)) },
    ))!;
    const kinds = new Set<string>();
    for (let k = 0; k < 60 && rec.status === "playing" && rec.state!.hand === 1; k++) {
      const before = rec.state!;
      const asked = jobs.length;
      const moved = await tables.autoMove(CH);
      expect(moved).not.toBeNull();
      expect(jobs.length).toBe(asked + 1);
      const last = moved!.after.moves.at(-1)!;
      expect(last.seat).toBe(before.turn);
      expect(last.move).toEqual(expertCanastaMove(canastaView(before, last.seat), seedRng(`canasta-levels:${before.version}`)));
      kinds.add(last.move.kind);
      rec = moved!.after;
    }
    // A hand played out: drawn or taken, melded, and ended by someone going out.
    expect(rec.state!.hand).toBe(2);
    expect(kinds.has("meld")).toBe(true);
    expect(rec.state!.results[0]!.wentOut).not.toBeNull();
  });
});
