/**
 * Parts of table pictures kept as sprites between pictures (issue 65): Onze's seat blocks
 * (render/onze/table.ts `seatBlocks`) and Cardeno's small boards (render/cardeno/pieces.ts
 * `boardSprites`). A sprite is reused only for the same look: change one thing a block or a
 * board shows, after drawing it once, and the next picture changes there, and only there.
 */
import { describe, expect, it } from "vitest";
import { drawOnzeTable } from "../../render/onze/table.ts";
import { drawCardenoTable } from "../../render/cardeno/table.ts";
import { onzeView, type OnzeState } from "../../src/games/onze/game.ts";
import type { OnzeView } from "../../src/games/onze/types.ts";
import { cardenoView, type CardenoState } from "../../src/games/cardeno/game.ts";
import { playOnze } from "../helpers/onze.ts";
import { playCardeno } from "../helpers/cardeno.ts";
import { NAMES } from "./scenes.ts";

/** The rows (y) where two RGBA pictures of the same size differ. */
function differingRows(a: Uint8Array, b: Uint8Array, width: number): number[] {
  const rows = new Set<number>();
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) rows.add(Math.floor(i / (width * 4)));
  return [...rows].sort((x, y) => x - y);
}

describe("Onze's seat blocks", () => {
  let state: OnzeState | null = null;
  playOnze(["normal", "normal", "normal", "normal", "normal"], "sprites-onze", (st) => {
    if (!state && st.phase === "play" && st.melds[1]!.length > 0 && st.melds[2]!.length === 0) state = st;
  });
  const base = onzeView(state!, null);
  // Seat 2's block: 142 px of header, then 94 px for a seat with melds down and 68 without.
  const top = (view: OnzeView, s: number) => 142 + view.melds.slice(0, s).reduce((y, m) => y + (m.length ? 94 : 68), 0);

  const changes: [string, (v: OnzeView) => OnzeView][] = [
    ["its hand size", (v) => ({ ...v, handSizes: v.handSizes.map((n, s) => (s === 2 ? n + 1 : n)) })],
    ["its total", (v) => ({ ...v, totals: v.totals.map((n, s) => (s === 2 ? n + 15 : n)) })],
    ["going down", (v) => ({ ...v, down: v.down.map((d, s) => s === 2 || d) })],
  ];
  for (const [what, change] of changes) {
    it(`a seat's block is drawn anew when ${what} changes, and no other block is`, () => {
      const before = drawOnzeTable(base, NAMES).data();
      const rows = differingRows(before, drawOnzeTable(change(base), NAMES).data(), 640);
      expect(rows.length, what).toBeGreaterThan(0);
      expect(
        rows.filter((y) => y >= 142 && (y < top(base, 2) || y >= top(base, 3))),
        what,
      ).toEqual([]);
    });
  }

  it("the dealer's badge and the turn's highlight move between the two blocks they leave and reach", () => {
    for (const field of ["dealer", "turn"] as const) {
      const from = base[field] === 2 ? 3 : base[field];
      const view = { ...base, [field]: from };
      const before = drawOnzeTable(view, NAMES).data();
      const rows = differingRows(before, drawOnzeTable({ ...view, [field]: 2 }, NAMES).data(), 640);
      const inBlock = (s: number) => (y: number) => y >= top(view, s) && y < top(view, s + 1);
      expect(rows.some(inBlock(2)), field).toBe(true);
      expect(rows.some(inBlock(from)), field).toBe(true);
      expect(
        rows.filter((y) => y >= 142 && !inBlock(2)(y) && !inBlock(from)(y)),
        field,
      ).toEqual([]);
    }
  });

  it("a seat's block is drawn anew when its name or the language changes", () => {
    const before = drawOnzeTable(base, NAMES).data();
    const renamed = NAMES.map((n, s) => (s === 2 ? `${n}x` : n));
    expect(differingRows(before, drawOnzeTable(base, renamed).data(), 640).some((y) => y >= top(base, 2) && y < top(base, 3))).toBe(true);
    const fr = drawOnzeTable(base, NAMES, undefined, undefined, "fr").data();
    expect(differingRows(before, fr, 640).filter((y) => y >= 142).length).toBeGreaterThan(100);
  });
});

describe("Cardeno's small boards", () => {
  it("a board is drawn anew when a piece lands on it, and no other board is", () => {
    let race: CardenoState | null = null;
    playCardeno({}, ["normal", "normal", "normal"], "sprites-cardeno", (x) => {
      if (!race && x.phase === "race" && x.centre.length > 0) race = x;
    });
    const view = cardenoView(race!, null);
    const before = drawCardenoTable(view, NAMES);
    const open = view.boards[1]!.indexOf(null);
    const after = drawCardenoTable(
      { ...view, boards: view.boards.map((b, s) => (s === 1 ? b.map((id, i) => (i === open ? 7 : id)) : b)) },
      NAMES,
    );
    const a = before.data();
    const b = after.data();
    // Which pixels differ, as columns (the three boards sit side by side) and rows.
    const columns = new Set<number>();
    for (let i = 0; i < a.length; i += 4)
      if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) columns.add((i / 4) % before.width);
    expect(columns.size).toBeGreaterThan(0);
    // Not only the block's line of words (its count of filled cells, 14 px type): the cell itself.
    const rows = differingRows(a, b, before.width);
    expect(rows.at(-1)! - rows[0]!).toBeGreaterThan(30);
    const xs = [...columns];
    // Board 1 of three is the middle block: every changed column lies in the picture's middle third.
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(before.width / 3 - 4);
    expect(Math.max(...xs)).toBeLessThan((2 * before.width) / 3 + 4);
  });
});
