import { describe, expect, it } from "vitest";
import { positionLabel } from "../../src/games/onexeno/board.ts";
import { randInt, seedRng } from "../../src/engine/rng.ts";
import { onexenoView } from "../../src/games/onexeno/game.ts";
import { describeOnexenoTable, lastMoveText } from "../../render/onexeno/words.ts";
import { cardName } from "../../src/games/onexeno/cards.ts";
import { onexeno, playNow, setupOnexeno, trickPointsOf } from "../../src/games/onexeno/game.ts";
import { UserError } from "../../src/bot/errors.ts";
import { sayError } from "../../src/bot/words.ts";
import { cardChoices, placementChoices, readCard, readPlacement } from "../../commands/onexeno/choices.ts";
import { scenario, fillCells } from "../helpers/onexeno.ts";

const fresh = () => {
  const r = setupOnexeno({ variant: "basic", hands: 1 }, 3, "choices");
  if (!r.ok) throw new Error();
  return r.value;
};

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof UserError) return e.code;
    throw e;
  }
  return "no error";
};

describe("hand and placement choices", () => {
  it("lists the hand with playable cards first and counts match the engine", () => {
    const s = fresh();
    const choices = cardChoices(s, s.turn);
    expect(choices.map((c) => c.card).sort()).toEqual([...s.hands[s.turn]!].sort());
    const legal = onexeno.legalMoves(s, s.turn);
    for (const c of choices) expect(c.placements).toBe(legal.filter((m) => m.kind === "place" && m.card === c.card).length);
    const firstUnplayable = choices.findIndex((c) => c.placements === 0);
    if (firstUnplayable >= 0) expect(choices.slice(firstUnplayable).every((c) => c.placements === 0)).toBe(true);
  });

  it("labels placements in picture coordinates, trick-takers first, and every value plays", () => {
    const cells = [0, 1, 2, 3, 4].map((x) => ({ x, y: 0 }));
    const row = fillCells(cells);
    const last = row[4]!;
    const s = scenario({ seats: 2, table: row.slice(0, 4), hands: [[last.card], []] });
    const places = placementChoices(s, 0, last.card);
    expect(places[0]!.points).toBeGreaterThan(0);
    expect(places[0]!.label).toContain("takes a trick");
    expect(places[0]!.points).toBe(trickPointsOf(s, places[0]!.move));
    for (const p of places) {
      expect(p.label.startsWith(positionLabel(p.move.x, p.move.y))).toBe(true);
      const parsed = readPlacement(p.value, s, 0, last.card);
      expect(parsed).toEqual(p.move);
      expect(playNow(s, 0, parsed).ok).toBe(true);
    }
  });
});

describe("reading typed input", () => {
  it("reads cards by id or name, and refuses others' cards and nonsense", () => {
    const s = fresh();
    const mine = s.hands[s.turn]![0]!;
    const theirs = s.hands[(s.turn + 1) % 3]![0]!;
    expect(readCard(String(mine), s, s.turn)).toBe(mine);
    expect(readCard(cardName(mine).toLowerCase(), s, s.turn)).toBe(mine);
    expect(code(() => readCard(cardName(theirs), s, s.turn))).toBe("onexeno/card_not_in_hand");
    expect(code(() => readCard("ace of spades", s, s.turn))).toBe("input/bad_card");
  });

  it("reads typed coordinates with or without a rotation", () => {
    const s = fresh();
    const seat = s.turn;
    const card = s.hands[seat]!.find((c) => placementChoices(s, seat, c).length > 0);
    if (card === undefined) return;
    const opts = placementChoices(s, seat, card);
    const first = opts[0]!;
    const label = positionLabel(first.move.x, first.move.y);
    const sameCell = opts.filter((o) => o.move.x === first.move.x && o.move.y === first.move.y);
    if (sameCell.length === 1) expect(readPlacement(label, s, seat, card)).toEqual(first.move);
    else expect(code(() => readPlacement(label, s, seat, card))).toBe("input/which_rotation");
    const rotWord = ["0", "90", "180", "270"][first.move.rot]!;
    expect(readPlacement(`${label} ${rotWord}`, s, seat, card)).toEqual(first.move);
    expect(code(() => readPlacement("Z9", s, seat, card))).toBe("input/bad_position");
    expect(code(() => readPlacement("A1", s, seat, card))).toBe("input/bad_position"); // left of and above the picture
    expect(code(() => readPlacement("hello", s, seat, card))).toBe("input/bad_position");
    expect(code(() => readPlacement(`${label} sideways`, s, seat, card))).toBe("input/bad_rotation");
  });

  it("says what was wrong with a typed card or place in the player's language, naming what they typed", () => {
    const s = fresh();
    const seat = s.turn;
    const card = s.hands[seat]![0]!;
    const theirs = s.hands[(seat + 1) % 3]![0]!;
    const said = (f: () => unknown, locale: string) => {
      try {
        f();
      } catch (e) {
        if (e instanceof UserError) return sayError(e, locale);
        throw e;
      }
      return "no error";
    };
    expect(said(() => readCard("ace", s, seat), "en-US")).toBe(
      "`ace` is not a card. Pick one from the list, or type its name like `BWB/W4B/BWW`.",
    );
    expect(said(() => readCard("ace", s, seat), "fr")).toBe(
      "`ace` n'est pas une carte. Choisissez-en une dans la liste, ou tapez son nom, comme `NBN/B4N/NBB`.",
    );
    expect(said(() => readCard(cardName(theirs), s, seat), "de")).toBe(`\`${cardName(theirs)}\` ist nicht in deiner Hand.`);
    expect(said(() => readPlacement("hello", s, seat, card), "es")).toMatch(
      /^`hello` no es una posición\. .*\(columnas [A-Z]–[A-Z], filas \d+–\d+\)/,
    );
    expect(said(() => readPlacement("A1", s, seat, card), "pt-BR")).toMatch(/^`A1` não é uma posição da imagem da mesa \(colunas/);
    const placeable = s.hands[seat]!.find((c) => placementChoices(s, seat, c).length > 0)!;
    const at = positionLabel(placementChoices(s, seat, placeable)[0]!.move.x, placementChoices(s, seat, placeable)[0]!.move.y);
    expect(said(() => readPlacement(`${at} sideways`, s, seat, placeable), "fr")).toBe(
      "`sideways` n'est pas une rotation : utilisez 90, 180 ou 270.",
    );
  });
});

describe("cell names", () => {
  /** Cell name -> card value, read from a picture's alt text. */
  const cellsOf = (alt: string) => new Map([...alt.matchAll(/\b([A-Za-z]\d+)=(\d)\b/g)].map((m) => [m[1]!, m[2]!]));

  it("stay fixed while the field grows: the name chosen is the name announced, and no card changes its name", () => {
    let announced = 0;
    for (let g = 0; g < 30; g++) {
      const r = setupOnexeno({ variant: "basic", hands: 1 }, 2 + (g % 5), `names-${g}`);
      if (!r.ok) throw new Error(r.error.message);
      let s = r.value;
      let rng = seedRng(`names-${g}`);
      const names = Array.from({ length: s.seats }, (_, i) => `P${i}`);
      for (let step = 0; step < 300 && s.phase === "play"; step++) {
        const before = cellsOf(describeOnexenoTable(onexenoView(s, null), names));
        const choices = s.hands[s.turn]!.flatMap((c) => placementChoices(s, s.turn, c));
        let move;
        let label = "";
        if (choices.length) {
          let i: number;
          [i, rng] = randInt(rng, 0, choices.length - 1);
          move = choices[i]!.move;
          label = choices[i]!.label.split(" · ")[0]!;
        } else move = { kind: "pass" as const };
        const next = playNow(s, s.turn, move);
        if (!next.ok) throw new Error(next.error.code);
        const after = next.value;
        if (label && after.hand === s.hand) {
          expect(lastMoveText(onexenoView(after, null), names)).toContain(` at ${label}`);
          announced++;
        }
        if (after.hand === s.hand && after.phase === "play") {
          const now = cellsOf(describeOnexenoTable(onexenoView(after, null), names));
          const taken = new Set((after.last?.trick?.cards ?? []).map((p) => positionLabel(p.x, p.y)));
          for (const [cell, value] of before) if (!taken.has(cell)) expect(now.get(cell), `${cell} moved`).toBe(value);
        }
        s = after;
      }
    }
    expect(announced).toBeGreaterThan(200);
  });
});
