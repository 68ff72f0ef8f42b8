/**
 * Onze's live table frames (commands/onze/live-table.ts) over two games the computers play (every
 * fourth position): every
 * move the rules allow the seat is offered exactly once (discards once a face, as the chat panel's
 * menu does; a buy both on the card for sale and as a button), each where the picture draws it (the stock, the discard pile, the meld it goes on,
 * the wild it frees), waiting for a card of the seat's own hand; nothing is offered out of turn but
 * the card for sale, and a spectator gets no hand.
 */
import { describe, expect, it } from "vitest";
import type { LiveHit } from "../../src/bot/context.ts";
import { faceOf } from "../../src/games/onze/cards.ts";
import { chooseOnzeMove } from "../../src/games/onze/computer.ts";
import { applyOnze, onzeLegalMoves, onzeView, setupOnze, type OnzeMove, type OnzeState } from "../../src/games/onze/game.ts";
import { onzeDiscardSpot, onzeMeldRects, onzePileRects } from "../../render/onze/table.ts";
import { ONZE_LIVE } from "../../commands/onze/live-table.ts";
import type { OnzeTable } from "../../commands/onze/moves.ts";

const NAMES = ["Ada", "Ben", "Cleo"];
const table = (s: OnzeState): OnzeTable =>
  ({
    game: "onze",
    status: "playing",
    rev: 1,
    state: s,
    seats: NAMES.map((name, i) => ({ userId: `u${i}`, name })),
  }) as unknown as OnzeTable;

/** Every position of a seeded 3-seat game played by the computers, up to `moves` moves. */
function positions(seed: string, moves: number): OnzeState[] {
  const dealt = setupOnze({}, 3, seed);
  if (!dealt.ok) throw new Error(dealt.error.code);
  let s = dealt.value;
  const out = [s];
  for (let i = 0; i < moves && s.phase !== "over"; i++) {
    const r = applyOnze(s, s.turn, chooseOnzeMove(onzeView(s, s.turn), "normal", s.rng));
    if (!r.ok) throw new Error(r.error.code);
    s = r.value;
    out.push(s);
  }
  return out;
}

/** A move as a comparable key; a discard by its face (either copy of a card is the same choice). */
const key = (m: OnzeMove) => JSON.stringify(m.kind === "discard" ? { kind: "discard", face: faceOf(m.card) } : m);
const sameRect = (a: { x: number; y: number; w: number; h: number }, b: LiveHit) =>
  a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

describe("Onze on the live table", () => {
  it("offers each seat exactly the moves the rules allow, each where the picture draws its target", async () => {
    const seen = new Set<string>();
    // The game's positions in play (a finished game's frame has nothing to click: the watcher's check below covers it).
    for (const s of ["onze-live", "onze-live-2"]
      .flatMap((seed) => positions(seed, 2000))
      .filter((x, i) => i % 4 === 0 && x.phase !== "over")) {
      const view = onzeView(s, null);
      const piles = onzePileRects(view);
      for (const seat of [0, 1, 2]) {
        const d = await ONZE_LIVE.draft(table(s), seat, "en");
        const hits = [...d.tableHits, ...(d.hand?.hits ?? [])];
        const offered = [...hits.flatMap((h) => h.moves ?? []), ...d.buttons.flatMap((b) => ("moves" in b ? b.moves : [b]))].map(
          (m) => m.move as OnzeMove,
        );
        const legal = onzeLegalMoves(s, seat, 200);
        expect([...new Set(offered.map(key))].sort()).toEqual([...new Set(legal.map(key))].sort());
        // Each once, but the buy: on the card for sale and as a button.
        const twice = offered.filter((m, i) => offered.findIndex((o) => key(o) === key(m)) !== i);
        expect(twice.every((m) => m.kind === "claim" || m.kind === "unclaim")).toBe(true);
        expect(d.hand, "a seat's own hand picture").not.toBeNull();
        const selects = new Set(d.hand?.hits.map((h) => h.select));
        for (const h of d.tableHits) {
          for (const { move } of h.moves ?? []) {
            seen.add(move.kind);
            if (move.kind === "draw") expect(sameRect(piles.stock ?? { x: -1, y: 0, w: 0, h: 0 }, h)).toBe(true);
            if (move.kind === "take" || move.kind === "claim" || move.kind === "unclaim")
              expect(sameRect(piles.discard ?? { x: -1, y: 0, w: 0, h: 0 }, h)).toBe(true);
            // A discard goes to the pile's place, also when the pile is empty (every card taken or bought).
            if (move.kind === "discard") expect(sameRect(onzeDiscardSpot(view)!, h)).toBe(true);
            if (move.kind === "layoff")
              expect(sameRect(onzeMeldRects(view, move.to.seat)[move.to.meld]?.meld ?? { x: -1, y: 0, w: 0, h: 0 }, h)).toBe(true);
            if (move.kind === "swap")
              expect(
                sameRect(onzeMeldRects(view, move.from.seat)[move.from.meld]?.cards[move.index] ?? { x: -1, y: 0, w: 0, h: 0 }, h),
              ).toBe(true);
            // A card's target waits for that card of the seat's own hand.
            if (move.kind === "discard" || move.kind === "layoff" || move.kind === "swap") {
              expect(h.when).toBe(`face:${faceOf(move.card)}`);
              expect(selects.has(h.when)).toBe(true);
              expect(s.hands[seat]?.map(faceOf)).toContain(faceOf(move.card));
            }
          }
        }
        for (const b of d.buttons) for (const m of "moves" in b ? b.moves : [b]) seen.add(m.move.kind);
        // Out of turn, the hand is only to look at.
        if (seat !== s.turn) expect(d.hand?.hits).toEqual([]);
      }
      const watcher = await ONZE_LIVE.draft(table(s), null, "en");
      expect([watcher.hand, watcher.tableHits, watcher.buttons]).toEqual([null, [], []]);
    }
    // The positions reached every kind of move.
    expect([...seen].sort()).toEqual(["claim", "decline", "discard", "down", "draw", "layoff", "swap", "take"]);
  }, 60_000);
});
