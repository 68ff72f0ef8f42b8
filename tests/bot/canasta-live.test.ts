/**
 * Canasta's live table frames (commands/canasta/live-table.ts) over positions the computers reach:
 * the seat to move is offered every draw, take, extension and discard the rules allow (a card's
 * two copies once), and new rows from the legal ones; each where the picture draws its target (a
 * pile card, an end of one of the seat's rows, the face-up pile), waiting for a card of the seat's
 * own hand. Out of turn the hand is only to look at, and a spectator gets no hand.
 */
import { describe, expect, it } from "vitest";
import type { LiveHit } from "../../src/bot/context.ts";
import { chooseCanastaMove } from "../../src/games/onexeno/canasta-computer.ts";
import { canasta, canastaView, idOf, setupCanasta, type CanastaMove, type CanastaState } from "../../src/games/onexeno/canasta.ts";
import { canastaDiscardRect, canastaPileRects, canastaRowRects } from "../../render/onexeno/canasta.ts";
import { CANASTA_LIVE } from "../../commands/canasta/live-table.ts";
import type { CanastaTable } from "../../commands/canasta/rows.ts";

const table = (s: CanastaState): CanastaTable =>
  ({
    game: "canasta",
    status: "playing",
    rev: 1,
    state: s,
    seats: ["Ada", "Ben"].map((name, i) => ({ userId: `u${i}`, name })),
  }) as unknown as CanastaTable;

/** Every position of a seeded 2-seat session played by the computers. */
function positions(seed: string): CanastaState[] {
  const dealt = setupCanasta({ target: 500 }, 2, seed);
  if (!dealt.ok) throw new Error(dealt.error.code);
  let s = dealt.value;
  const out = [s];
  for (let i = 0; i < 3000 && s.phase !== "over"; i++) {
    const r = canasta.apply(s, s.turn, chooseCanastaMove(canastaView(s, s.turn), "normal", s.rng), undefined);
    if (!r.ok) throw new Error(r.error.code);
    s = r.value;
    out.push(s);
  }
  return out;
}

/** A move as a comparable key: a card by its pattern (its two copies are the same choice). */
const key = (m: CanastaMove) =>
  JSON.stringify(
    m.kind === "extend" || m.kind === "discard"
      ? { ...m, card: idOf(m.card) }
      : m.kind === "meld"
        ? { kind: "meld", cards: m.cards.map((c) => ({ ...c, card: idOf(c.card) })) }
        : m,
  );
const at = (h: LiveHit, r: { x: number; y: number; w: number; h: number } | undefined) =>
  !!r && r.x === h.x && r.y === h.y && r.w === h.w && r.h === h.h;

describe("canasta on the live table", () => {
  it("offers the seat to move the moves the rules allow, each where the picture draws its target", async () => {
    const seen = new Set<string>();
    for (const s of ["canasta-live-1", "canasta-live-26"].flatMap(positions)) {
      if (s.phase === "over") continue;
      const view = canastaView(s, null);
      const seat = s.turn;
      const d = await CANASTA_LIVE.draft(table(s), seat, "en");
      const offered = [...d.tableHits.flatMap((h) => h.moves ?? []), ...d.buttons.flatMap((b) => ("moves" in b ? b.moves : [b]))].map(
        (m) => m.move as CanastaMove,
      );
      const legal = new Set(canasta.legalMoves(s, seat).map(key));
      // Nothing the rules refuse; everything they allow but new rows (the best 25 of those, as the chat panel's menu).
      for (const m of offered) expect(legal.has(key(m)), key(m)).toBe(true);
      const wanted = [...legal].filter((k) => !k.startsWith('{"kind":"meld"'));
      expect([...new Set(offered.map(key))].filter((k) => !k.startsWith('{"kind":"meld"')).sort()).toEqual(wanted.sort());
      const selects = new Set(d.hand?.hits.map((h) => h.select));
      const rows = canastaRowRects(view, seat, undefined);
      const pile = canastaPileRects(view);
      for (const h of d.tableHits)
        for (const { move } of h.moves ?? []) {
          seen.add(move.kind);
          if (move.kind === "take") expect(at(h, pile[pile.length - move.count])).toBe(true);
          if (move.kind === "discard") expect(at(h, canastaDiscardRect(view))).toBe(true);
          if (move.kind === "extend") {
            const cards = rows[move.row] ?? [];
            const end = move.end === "left" ? cards[0] : cards.at(-1);
            // A one-card row is split down its middle; else the end card itself.
            expect(cards.length === 1 ? h.y === end?.y && (move.end === "left" ? h.x === end.x : h.x > (end?.x ?? 0)) : at(h, end)).toBe(
              true,
            );
          }
          if (move.kind === "discard" || move.kind === "extend") {
            expect(h.when).toBe(`card:${idOf(move.card)}`);
            expect(selects.has(h.when)).toBe(true);
          }
        }
      for (const b of d.buttons) for (const m of "moves" in b ? b.moves : [b]) seen.add(m.move.kind);
      const other = await CANASTA_LIVE.draft(table(s), 1 - seat, "en");
      expect([other.tableHits, other.buttons, other.hand?.hits]).toEqual([[], [], []]);
      const watcher = await CANASTA_LIVE.draft(table(s), null, "en");
      expect([watcher.hand, watcher.tableHits, watcher.buttons]).toEqual([null, [], []]);
    }
    expect([...seen].sort()).toEqual(["discard", "draw", "extend", "meld", "take"]);
  }, 120_000);
});
