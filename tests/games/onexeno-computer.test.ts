import { describe, expect, it } from "vitest";
import { seedRng } from "../../src/engine/rng.ts";
import { DECK } from "../../src/games/onexeno/cards.ts";
import { chooseComputerMove, threatCells } from "../../src/games/onexeno/computer.ts";
import { onexeno, onexenoView, playNow, setupOnexeno, trickPointsOf, viewLegalMoves } from "../../src/games/onexeno/game.ts";
import { fillCells, scenario } from "../helpers/onexeno.ts";

describe("computer players", () => {
  it("view-based legal moves equal the engine's", () => {
    for (let i = 0; i < 30; i++) {
      const r = setupOnexeno({ variant: "basic", hands: 1 }, 2 + (i % 6), `cmp-${i}`);
      if (!r.ok) throw new Error();
      const s = r.value;
      expect(viewLegalMoves(onexenoView(s, s.turn))).toEqual(onexeno.legalMoves(s, s.turn));
      expect(viewLegalMoves(onexenoView(s, (s.turn + 1) % s.seats))).toEqual([]);
    }
  });

  it("normal takes the trick on offer", () => {
    const row = fillCells([0, 1, 2, 3, 4].map((x) => ({ x, y: 0 })));
    const last = row[4]!;
    const filler = DECK.find((c) => !row.some((p) => p.card === c))!;
    const s = scenario({ seats: 2, table: row.slice(0, 4), hands: [[filler, last.card], []] });
    const move = chooseComputerMove(onexenoView(s, 0), "normal", seedRng("x"));
    expect(move.kind).toBe("place");
    expect(trickPointsOf(s, move as never)).toBeGreaterThan(0);
  });

  it("normal does not leave a line one card short when a safe card exists", () => {
    // Three in a row; placing a fourth in line would hand the next player a trick.
    const three = fillCells([0, 1, 2].map((x) => ({ x, y: 0 })));
    const s0 = scenario({ seats: 2, table: three, hands: [DECK.filter((c) => !three.some((p) => p.card === c)).slice(0, 12), []] });
    const view = onexenoView(s0, 0);
    const before = threatCells(s0.table);
    const move = chooseComputerMove(view, "normal", seedRng("y"));
    const safeExists = viewLegalMoves(view).some((m) => m.kind === "place" && threatCells([...s0.table, m]) <= before);
    if (safeExists && move.kind === "place") expect(threatCells([...s0.table, move])).toBeLessThanOrEqual(before);
    expect(safeExists).toBe(true);
  });

  it("depends only on the view: other players' hidden cards do not change its choice", () => {
    const r = setupOnexeno({ variant: "basic", hands: 1 }, 4, "hidden");
    if (!r.ok) throw new Error();
    const s = r.value;
    const others = [0, 1, 2, 3].filter((i) => i !== s.turn);
    const [a, b] = others as [number, number];
    const swapped = {
      ...s,
      hands: s.hands.map((h, i) => (i === a ? s.hands[b]! : i === b ? s.hands[a]! : h)),
      stack: [...s.stack].reverse(),
    };
    for (const level of ["easy", "normal"] as const) {
      expect(chooseComputerMove(onexenoView(swapped, s.turn), level, seedRng("z"))).toEqual(
        chooseComputerMove(onexenoView(s, s.turn), level, seedRng("z")),
      );
    }
  });

  it("games of computers only always finish with legal moves, and normal beats easy more often than not", () => {
    let normalWins = 0;
    let games = 0;
    for (let g = 0; g < 60; g++) {
      const r = setupOnexeno({ variant: "basic", hands: 1 }, 2, `duel-${g}`);
      if (!r.ok) throw new Error();
      let s = r.value;
      const levels = g % 2 === 0 ? (["normal", "easy"] as const) : (["easy", "normal"] as const);
      for (let i = 0; s.phase === "play"; i++) {
        expect(i).toBeLessThan(500);
        const move = chooseComputerMove(onexenoView(s, s.turn), levels[s.turn]!, seedRng(`duel-${g}-${i}`));
        const next = playNow(s, s.turn, move);
        expect(next.ok).toBe(true);
        if (next.ok) s = next.value;
      }
      const normalSeat = levels.indexOf("normal");
      if (s.totals[normalSeat]! > s.totals[1 - normalSeat]!) normalWins++;
      games++;
    }
    expect(games).toBe(60);
    expect(normalWins).toBeGreaterThan(30);
  });
});
