/**
 * Discord's component limits (https://discord.com/developers/docs/interactions/message-components):
 * 25 options per select, 100-character values, and for a Components V2 message (every panel is
 * one container) at most 40 components counted with nesting, checked by the stand-in's own V2
 * rules. Panels keep to 5 rows of controls as well. Private panels must keep every action
 * reachable within them, however large the hand.
 */
import { describe, expect, it } from "vitest";
import type { BaseMessageOptions } from "discord.js";
import { isV2 } from "../../src/bot/components-v2.ts";
import { checkComponentsV2 } from "../../src/standin/limits.ts";
import { handPayload } from "../../commands/onexeno/view.ts";
import { canastaHandPayload, decodeRow } from "../../commands/canasta/index.ts";
import { meldSuggestions } from "../../src/games/onexeno/canasta-hints.ts";
import { bigPileState } from "../helpers/canasta.ts";
import { placementChoices } from "../../commands/onexeno/choices.ts";
import type { TableOf } from "../../src/bot/tables.ts";

type TableRecord = TableOf<"onexeno">;
type CanastaTable = TableOf<"canasta">;
import { onexeno, playNow, setupOnexeno, type OnexenoState } from "../../src/games/onexeno/game.ts";
import { canasta as canastaDef, canastaDeck, setupCanasta } from "../../src/games/onexeno/canasta.ts";
import { onzeHandPayload, type OnzeTable } from "../../commands/onze/index.ts";
import { faceFor, ONZE_DECK } from "../../src/games/onze/cards.ts";
import { readRun, type Meld, type RunMeld } from "../../src/games/onze/melds.ts";
import { playsOnTable, setupOnze, type OnzeState } from "../../src/games/onze/game.ts";

type Json = { type: number; components?: { type: number; custom_id?: string; options?: { value: string }[] }[] };
/** The panel as Discord receives it, checked against Components V2's rules; its action rows. */
const rowsOf = (p: BaseMessageOptions): Json[] => {
  const body = JSON.parse(JSON.stringify(p)) as { components: Json[] };
  expect(isV2(p)).toBe(true);
  expect(() => checkComponentsV2(body)).not.toThrow();
  return (body.components[0]?.components ?? []).filter((c): c is Json => c.type === 1);
};

function checkLimits(p: BaseMessageOptions) {
  const rows = rowsOf(p);
  expect(rows.length).toBeLessThanOrEqual(5);
  for (const r of rows) {
    expect((r.components ?? []).length).toBeLessThanOrEqual(5);
    for (const c of r.components ?? []) {
      expect((c.options ?? []).length).toBeLessThanOrEqual(25);
      for (const o of c.options ?? []) expect(o.value.length).toBeLessThanOrEqual(100);
      if (c.custom_id) expect(c.custom_id.length).toBeLessThanOrEqual(100);
    }
  }
  return rows;
}

const table = <T>(state: T, seats: number, game: string) =>
  ({
    schema: 1,
    channelId: "c",
    guildId: "g",
    game,
    config: {},
    hostId: "u0",
    seats: Array.from({ length: seats }, (_, i) => ({ userId: `u${i}`, name: `P${i}` })),
    status: "playing",
    rev: 7,
    seed: "s",
    state,
    moves: [],
    createdAt: 0,
    updatedAt: 0,
  }) as unknown;

describe("private panels stay inside Discord's limits", () => {
  it("ONEXENO: placements are paged (shown here with pages of 4) and every page stays within limits", async () => {
    const r = setupOnexeno({ variant: "basic", hands: 1 }, 2, "paging");
    if (!r.ok) throw new Error();
    let s: OnexenoState = r.value;
    let card: number | undefined;
    for (let i = 0; i < 60 && card === undefined; i++) {
      card = (s.hands[s.turn] ?? []).find((c) => placementChoices(s, s.turn, c).length > 8);
      if (card !== undefined) break;
      const legal = onexeno.legalMoves(s, s.turn);
      const next = playNow(s, s.turn, legal.find((m) => m.kind === "place") ?? legal[0]!);
      if (next.ok) s = next.value;
    }
    expect(card).toBeDefined();
    const rec = table(s, 2, "onexeno") as TableRecord;
    const total = placementChoices(s, s.turn, card!).length;
    const seen = new Set<string>();
    const pages = Math.ceil(total / 4);
    for (let page = 0; page < pages; page++) {
      const rows = checkLimits(await handPayload(rec, `u${s.turn}`, card, page, undefined, 4));
      const comps = rows.flatMap((x) => x.components ?? []);
      const place = comps.find((c) => c.custom_id?.includes("|place|"));
      expect((place?.options ?? []).length).toBeLessThanOrEqual(4);
      for (const o of place?.options ?? []) seen.add(o.value);
      const pagers = comps.filter((c) => c.custom_id?.includes("|page|"));
      expect(pagers).toHaveLength(2);
    }
    expect(seen.size).toBe(total);
  });

  it("canasta: a 40-card hand still offers every discard, within 5 rows", async () => {
    const r = setupCanasta({ target: 500 }, 2, "big");
    if (!r.ok) throw new Error();
    const s0 = r.value;
    const deck = canastaDeck(1);
    const hand = deck.slice(0, 40);
    const rest = deck.slice(40);
    const s = {
      ...s0,
      turn: 0,
      phase: "meld" as const,
      hands: [hand, rest.slice(0, 15)],
      stack: rest.slice(15, 29),
      pile: [rest[29]!],
      mustMeld: null,
    };
    const p = await canastaHandPayload(table(s, 2, "canasta") as CanastaTable, "u0");
    const rows = checkLimits(p);
    const discards = rows
      .flatMap((x) => x.components ?? [])
      .filter((c) => c.custom_id?.includes("|cdisc|"))
      .flatMap((c) => c.options ?? [])
      .map((o) => Number(o.value));
    expect(new Set(discards)).toEqual(new Set(hand));
    expect(rows.flatMap((x) => x.components ?? []).some((c) => c.custom_id?.includes("|cmeld|"))).toBe(true);
  });

  it("canasta: meld suggestions read differently, one per set of cards, rows with the taken card first and marked", async () => {
    let owedSeen = 0;
    for (let i = 0; i < 40; i++) {
      const s0 = bigPileState(`suggest-${i}`, 4 + (i % 20));
      const took = canastaDef.apply(s0, s0.turn, { kind: "take", count: s0.pile.length }, undefined);
      const s = took.ok
        ? { ...took.value, version: s0.version + 1 }
        : { ...s0, phase: "meld" as const, hands: s0.hands.map((h, k) => (k === s0.turn ? [...h, ...s0.pile] : h)) };
      const rec = table(s, 8, "canasta") as CanastaTable;
      const user = `u${s.turn}`;
      const p = await canastaHandPayload(rec, user);
      const menu = checkLimits(p)
        .flatMap((x) => x.components ?? [])
        .find((c) => c.custom_id?.includes("|cmeld|")) as
        | { options?: { label: string; description?: string; value: string }[] }
        | undefined;
      const options = menu?.options ?? [];
      const texts = options.map((o) => `${o.label} | ${o.description}`);
      expect(new Set(texts).size, texts.join("\n")).toBe(texts.length);
      const sets = options.map((o) =>
        decodeRow(o.value)!
          .map((c) => c.card & 0xff)
          .sort((a, b) => a - b)
          .join("."),
      );
      expect(new Set(sets).size).toBe(sets.length);
      // ★ marks exactly the rows that lay the owed card, and they come first.
      const owed = options.map((o) => decodeRow(o.value)!.some((c) => c.card === s.mustMeld));
      options.forEach((o, k) => expect(o.label.startsWith("★")).toBe(owed[k]));
      const firstOther = owed.indexOf(false);
      if (firstOther >= 0) expect(owed.slice(firstOther).every((o) => !o)).toBe(true);
      if (s.mustMeld !== null && options.length) {
        expect(owed[0]).toBe(true);
        owedSeen++;
      }
      expect(meldSuggestions(s, s.turn).length).toBeGreaterThanOrEqual(options.length > 0 ? 1 : 0);
    }
    expect(owedSeen).toBeGreaterThan(10);
  });
});

describe("Onze panel", () => {
  it("pages a long lay-off menu (24 a page and More…), every page within limits, all lay-offs reachable", async () => {
    const base = setupOnze({}, 4, "panel");
    if (!base.ok) throw new Error();
    // Ada (seat 0) is down and holds cards that fit many melds: runs of every suit on every seat.
    const runs = (seat: number): Meld[] =>
      [0, 1, 2, 3]
        .map((suit) => readRun([5, 6, 7, 8].map((rank) => faceFor(suit, rank) + 52 * seat)))
        .filter((m): m is RunMeld => typeof m !== "string");
    const melds = [0, 1].map(runs);
    const hand = [
      faceFor(0, 4),
      faceFor(1, 4),
      faceFor(2, 4),
      faceFor(3, 4),
      faceFor(0, 9),
      faceFor(1, 9),
      faceFor(2, 9),
      faceFor(3, 9),
      104,
      2 + 52,
    ];
    const used = new Set([...hand, ...melds.flat().flatMap((m) => m.cards)]);
    const state: OnzeState = {
      ...base.value,
      turn: 0,
      phase: "play",
      hands: [hand, [], [], []],
      melds: [melds[0]!, melds[1]!, [], []],
      down: [true, true, false, false],
      stock: ONZE_DECK.filter((c) => !used.has(c)),
    };
    const rec = table(state, 4, "onze") as OnzeTable;
    const all = playsOnTable(state, 0).filter((m) => m.kind === "layoff");
    expect(all.length).toBeGreaterThan(25);
    const seen = new Set<string>();
    for (let page = 0; page < 5; page++) {
      const rows = checkLimits(await onzeHandPayload(rec, "u0", undefined, { zlay: page }));
      const lay = rows.flatMap((r) => r.components ?? []).find((c) => c.custom_id?.split("|")[1] === "zlay")!;
      const opts = lay.options ?? [];
      expect(opts.at(-1)?.value).toMatch(/^more:/);
      for (const o of opts.slice(0, -1)) seen.add(o.value);
    }
    expect(seen.size).toBe(all.length);
  });
});
