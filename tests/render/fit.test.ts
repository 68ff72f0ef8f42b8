/**
 * Pictures fit every language: each ONEXENO picture scene is drawn in each locale, every piece
 * of text the drawing writes is measured where it is written, and none may leave its box — the
 * board column (header, footer) or the players' panel of the table picture, the picture itself
 * for a hand. Long words are shortened with an ellipsis by the renderer rather than overflowing.
 */
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { afterEach, describe, expect, it } from "vitest";
import { drawOnexenoHand } from "../../render/onexeno/hand.ts";
import { drawOnexenoTable, TABLE_WIDTH } from "../../render/onexeno/table.ts";
import { onexeno, onexenoView, setupOnexeno } from "../../src/games/onexeno/game.ts";
import { LOCALES, t } from "../../src/i18n/index.ts";
import { canastaUntil, GOLDEN_DERIVATION, scenes } from "./scenes.ts";
import { drawCardenoBoard, drawCardenoTable } from "../../render/cardeno/table.ts";
import { cardenoView, type CardenoState } from "../../src/games/cardeno/game.ts";
import { playCardeno } from "../helpers/cardeno.ts";
import { PICTURE_WIDTH } from "../../render/fonts.ts";
import { CANASTA_WIDTH, drawCanastaTable } from "../../render/onexeno/canasta.ts";
import { canasta as canastaDef, canastaLegalMoves, canastaView } from "../../src/games/onexeno/canasta.ts";
import { drawOnzeHand, drawOnzeTable, ONZE_WIDTH } from "../../render/onze/table.ts";
import { onzeView, type OnzeState } from "../../src/games/onze/game.ts";
import { sortHand } from "../../src/games/onze/cards.ts";
import { playOnze } from "../helpers/onze.ts";
import { contractHelp } from "../../commands/onze/index.ts";
import { cardNameIn } from "../../render/onze/words.ts";
import { font } from "../../render/fonts.ts";
import { playUntil } from "./scenes.ts";
import { drawSolitaire } from "../../render/onexeno/solitaire.ts";
import { applySolitaire, setupSolitaire, solitaireView } from "../../src/games/onexeno/solitaire.ts";
import { solve } from "../helpers/solitaire-solver.ts";

/** One piece of text as drawn: its words and where its ink runs from and to, px. */
interface Drawn {
  readonly text: string;
  readonly left: number;
  readonly right: number;
  readonly y: number;
}

const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext("2d")) as SKRSContext2D;
const original = proto.fillText;

/** Draws with `draw` and returns every text it wrote, measured in the font it was written in. */
function drawnTexts(draw: () => unknown): Drawn[] {
  const seen: Drawn[] = [];
  proto.fillText = function (this: SKRSContext2D, text: string, x: number, y: number, maxWidth?: number) {
    const w = this.measureText(text).width;
    const left = this.textAlign === "center" ? x - w / 2 : this.textAlign === "right" || this.textAlign === "end" ? x - w : x;
    seen.push({ text, left, right: left + w, y });
    return maxWidth === undefined ? original.call(this, text, x, y) : original.call(this, text, x, y, maxWidth);
  };
  try {
    draw();
  } finally {
    proto.fillText = original;
  }
  return seen;
}

afterEach(() => {
  proto.fillText = original;
});

/**
 * The table picture's boxes (render/onexeno/table.ts): the board column on the left, the players'
 * panel from `PANEL_LEFT` to the right edge down to `PANEL_BOTTOM`, the footer line under both.
 */
const PANEL_LEFT = 382;
const PANEL_BOTTOM = 440;

describe("pictures fit every language", () => {
  // Onze: a round with melds down and a discard for sale, and the final score sheet.
  let mid: OnzeState | null = null;
  const onze = playOnze(
    ["easy", "easy", "easy", "easy"],
    "golden-onze",
    (s) => {
      if (!mid && s.melds.flat().length >= 4 && s.forSale !== null) mid = s;
    },
    GOLDEN_DERIVATION,
  );
  const onzeNames = ["Ada", "Maximiliane-Friederike von Hohenzollern", "Ordinateur 1 (normal)", "Computer 2 (easy)"];
  const canastaMid = canastaUntil(5, "golden-canasta", 500, (s) => s.rows.flat().length >= 3 && s.phase === "draw");
  const canastaOver = canastaUntil(3, "golden-canasta-over", 150, () => false);
  // Cardeno: the race after CARDENO, a board in the reveal, the break with the poker hands.
  const race: (CardenoState | undefined)[] = [undefined, undefined, undefined];
  playCardeno(
    { rounds: 2 },
    ["normal", "normal", "easy", "normal"],
    "golden-cardeno",
    (x) => {
      if (!race[0] && x.phase === "race" && x.cardeno !== null && x.centre.length >= 4) race[0] = x;
      if (!race[1] && x.phase === "reveal") race[1] = x;
      if (!race[2] && x.phase === "break") race[2] = x;
    },
    "golden",
    GOLDEN_DERIVATION,
  );
  for (const locale of LOCALES) {
    it(`Cardeno pictures in ${locale}: every text stays inside the picture`, () => {
      expect(race.every((x) => x !== undefined)).toBe(true);
      const long = ["Ada", "Maximiliane-Friederike von Hohenzollern", "Ordinateur 1 (facile)", "Dana"];
      const pictures = [
        () => drawCardenoTable(cardenoView(race[0]!, null), long, undefined, locale),
        () => drawCardenoTable(cardenoView(race[2]!, null), long, undefined, locale),
        () => drawCardenoBoard(cardenoView(race[1]!, 1), 1, long, undefined, undefined, locale),
      ];
      for (const draw of pictures)
        for (const d of drawnTexts(draw)) {
          expect(d.left, `"${d.text}"`).toBeGreaterThanOrEqual(0);
          expect(d.right, `"${d.text}" (${Math.round(d.right - d.left)} px wide)`).toBeLessThanOrEqual(PICTURE_WIDTH);
        }
    });

    it(`canasta pictures in ${locale}: every text stays inside the picture`, () => {
      const long = ["Ada", "Maximiliane-Friederike von Hohenzollern", "Cleo", "Dev", "Émile"];
      for (const s of [canastaMid, canastaOver])
        for (const d of drawnTexts(() => drawCanastaTable(canastaView(s, null), long, undefined, "bis 23:59 UTC", locale))) {
          expect(d.left, `"${d.text}"`).toBeGreaterThanOrEqual(0);
          expect(d.right, `"${d.text}" (${Math.round(d.right - d.left)} px wide)`).toBeLessThanOrEqual(CANASTA_WIDTH - 6);
        }
    });

    it(`Onze pictures in ${locale}: every text stays inside the picture`, () => {
      const m = mid as OnzeState | null;
      if (!m) throw new Error("no position with melds and a sale");
      const pictures = [
        () => drawOnzeTable(onzeView(m, null), onzeNames, undefined, "bis 23:59 UTC", locale),
        () => drawOnzeTable(onzeView(onze.final, null), onzeNames, undefined, undefined, locale),
      ];
      for (const draw of pictures)
        for (const d of drawnTexts(draw)) {
          expect(d.left, `"${d.text}"`).toBeGreaterThanOrEqual(0);
          expect(d.right, `"${d.text}" (${Math.round(d.right - d.left)} px wide)`).toBeLessThanOrEqual(ONZE_WIDTH - 6);
        }
      const hand = sortHand(m.hands[0]!);
      let width = 0;
      const texts = drawnTexts(() => {
        width = drawOnzeHand(hand, "Maximiliane", contractHelp(m, 0, locale), [hand[0]!], undefined, locale).width;
      });
      for (const d of texts) expect(d.right, `"${d.text}"`).toBeLessThanOrEqual(width);
      // Every card's name, and a new card's mark under it, drawn whole (French "nouv." was cut: "9♠ no…").
      const drawn = new Set(texts.map((d) => d.text));
      for (const c of hand) expect(drawn.has(cardNameIn(locale, c)), cardNameIn(locale, c)).toBe(true);
      expect(drawn.has(t(locale, "onze.pic.new"))).toBe(true);
    });
  }

  const all = scenes();
  // The longest names players use get shortened too: one seat has a long name in every scene.
  for (const locale of LOCALES) {
    it(`table pictures in ${locale}: every text stays in its column`, () => {
      let count = 0;
      for (const [name, { state, names }] of Object.entries(all)) {
        const long = names.map((n, i) => (i === 1 ? "Maximiliane-Friederike von Hohenzollern" : n));
        const texts = drawnTexts(() => drawOnexenoTable(onexenoView(state, null), long, undefined, "bis 23:59 UTC", locale));
        for (const d of texts) {
          const inPanel = d.left >= PANEL_LEFT - 1;
          const box = d.y > PANEL_BOTTOM ? [0, TABLE_WIDTH - 10] : inPanel ? [PANEL_LEFT, TABLE_WIDTH - 10] : [0, PANEL_LEFT - 4];
          const [min, max] = box as [number, number];
          expect(d.left, `${name}: "${d.text}"`).toBeGreaterThanOrEqual(min - 0.5);
          expect(d.right, `${name}: "${d.text}" (${Math.round(d.right - d.left)} px wide)`).toBeLessThanOrEqual(max + 0.5);
        }
        count += texts.length;
      }
      expect(count).toBeGreaterThan(100);
    });

    it(`the hand picture in ${locale}: every card's name fits under it`, () => {
      const { state } = all.trick!;
      const hand = [...new Set([...state.hands.flat(), 0, 255, 15, 90, 165])].slice(0, 12);
      const playable = new Set(onexeno.legalMoves(state, state.turn).flatMap((m) => (m.kind === "place" ? [m.card] : [])));
      const title = t(locale, "onexeno.hand_title", { name: "Maximiliane", cards: t(locale, "table.cards", { count: hand.length }) });
      let width = 0;
      const texts = drawnTexts(() => {
        width = drawOnexenoHand(hand, playable, title, undefined, undefined, locale).width;
      });
      expect(texts.length).toBeGreaterThan(hand.length * 2);
      for (const d of texts) {
        expect(d.left, `"${d.text}"`).toBeGreaterThanOrEqual(0);
        expect(d.right, `"${d.text}"`).toBeLessThanOrEqual(width);
      }
      // The header is drawn whole, on two lines where one is too narrow (French "▶ encadrées :
      // jouables main…" was cut on a hand of few cards): issue 63.
      const framed = `${title} · ${t(locale, "onexeno.framed")}`;
      for (const few of [hand.slice(0, 2), hand])
        for (const d of drawnTexts(() => drawOnexenoHand(few, playable, framed, undefined, undefined, locale)).filter((x) => x.y < 36))
          expect(d.text.endsWith("…"), `header "${d.text}" (${few.length} cards)`).toBe(false);
      // Under each card, its label (one line or two) and code share the card's column: no two
      // texts on one line overlap.
      const labels = texts.slice(1).filter((d) => !/^\d$/.test(d.text)); // (a face's value is drawn on its own canvas, once)
      for (const y of new Set(labels.map((d) => d.y))) {
        const line = labels.filter((d) => d.y === y).sort((a, b) => a.left - b.left);
        for (let i = 0; i + 1 < line.length; i++)
          expect(line[i]!.right, `"${line[i]!.text}" runs into "${line[i + 1]!.text}"`).toBeLessThanOrEqual(line[i + 1]!.left);
      }
      // No label is cut: one too wide takes two lines.
      expect(labels.filter((d) => d.text.endsWith("…")).map((d) => d.text)).toEqual([]);
    });
  }
});

describe("names are never cut where they fit whole", () => {
  it("a finished table names computer winners and the last hand without cutting a name: the level goes, then the line wraps", () => {
    const over = scenes().over!;
    const names = ["Computer 1 (normal)", "Computer 2 (normal)"];
    const drawn = drawnTexts(() => drawOnexenoTable(onexenoView(over.state, null), names));
    const panel = drawn.filter((d) => d.left >= PANEL_LEFT && d.y < PANEL_BOTTOM).map((d) => d.text);
    expect(panel.some((x) => /^Won by Computer [12] \(\d+\)$/.test(x))).toBe(true);
    // The last hand's lines: every player's name and score whole, none ending in an ellipsis.
    expect(panel.filter((x) => x.endsWith("…"))).toEqual([]);
    expect(panel.join(" ")).toMatch(/Computer 1 [+-]\d+/);
    expect(panel.join(" ")).toMatch(/Computer 2 [+-]\d+/);
  });
});

describe("a computer's seat keeps its level (issue 66)", () => {
  it("ONEXENO's panel: a level with no room beside the dealer's badge follows the name in the plain font; the player to play is named whole, without it", () => {
    const r = setupOnexeno({ variant: "basic", hands: 1 }, 3, "fit-levels");
    if (!r.ok) throw new Error(r.error.message);
    const names = ["Ada", "Computer 1 (normal)", "Computer 2 (expert)"];
    for (const dealer of [1, 2]) {
      const view = { ...onexenoView(r.value, null), dealer, turn: 1 };
      const panel = drawnTexts(() => drawOnexenoTable(view, names, undefined, "until 11:07 UTC", "en"))
        .filter((d) => d.left >= PANEL_LEFT && d.y < PANEL_BOTTOM)
        .map((d) => d.text);
      for (const [seat, level] of [
        [1, "normal"],
        [2, "expert"],
      ] as const)
        expect(
          panel.some((x) => x === `${seat + 1}. ${names[seat]}`) || panel.includes(level),
          `seat ${seat + 1}'s level with the dealer at ${dealer}: ${panel.join(" | ")}`,
        ).toBe(true);
      expect(panel).toContain("▶ Computer 1 to play");
      expect(panel.filter((x) => x.endsWith("…"))).toEqual([]);
    }
  });
});

describe("a computer named in a picture's header is named whole", () => {
  it("Cardeno's break: a poker line too long with the levels names the computers bare, uncut", () => {
    let brk: CardenoState | undefined;
    playCardeno({ rounds: 2 }, ["normal", "normal", "normal", "normal"], "brk-9", (x) => {
      if (x.phase === "break") brk = x;
      return brk !== undefined;
    });
    const names = ["Ada", "Computer 1 (normal)", "Computer 2 (normal)", "Computer 3 (normal)"];
    const header = drawnTexts(() => drawCardenoTable(cardenoView(brk!, null), names, undefined, "en")).find((d) =>
      d.text.includes("POKER"),
    );
    expect(header?.text).toMatch(/^Round 1 over · POKER: Computer \d, full house, \w+ over \w+$/);
  });
});

describe("canasta's header names computers bare when a line does not fit with their levels", () => {
  it("the turn line, to draw, to meld and to meld the pile card owed: whole in every language", () => {
    const toDraw = canastaUntil(
      3,
      "owed-look",
      500,
      (x) => x.phase === "draw" && x.turn === 1 && x.results.length > 0 && canastaLegalMoves(x, 1, 5).some((m) => m.kind === "take"),
    );
    const after = (move: "take" | "draw") => {
      const m = canastaLegalMoves(toDraw, 1, 5).find((x) => x.kind === move)!;
      const next = canastaDef.apply(toDraw, 1, m, undefined);
      if (!next.ok) throw new Error(next.error.message);
      return next.value;
    };
    const owed = after("take");
    expect(owed.mustMeld).not.toBeNull();
    const toMeld = after("draw");
    expect(toMeld.mustMeld).toBeNull();
    for (const locale of LOCALES)
      for (const [state, key] of [
        [toDraw, "to_draw"],
        [toMeld, "melds"],
        [owed, "melds_owed"],
      ] as const) {
        const line = drawnTexts(() =>
          drawCanastaTable(canastaView(state, null), ["Ada", "Computer 1 (normal)", "Computer 2 (expert)"], undefined, undefined, locale),
        ).find((d) => d.text.startsWith("▶"));
        // Until 2026-12-04 the owed meld was cut in every language ("▶ Computer 1 melds (owes the
        // pile card), t…"), and German's turn to draw too ("…oder offener St…").
        // Whole, with the level where it fits (it is on the seat's block in any case).
        expect(
          [t(locale, `canasta.pic.${key}`, { name: "Computer 1 (normal)" }), t(locale, `canasta.pic.${key}`, { name: "Computer 1" })],
          `${locale} ${key}`,
        ).toContain(line?.text);
      }
  });

  it("the last hand's result line", () => {
    const c = canastaUntil(4, "golden-levels", 500, (x) => x.results.length >= 1 && x.phase === "draw");
    const names = ["Ada", "Computer 1 (normal)", "Computer 2 (expert)", "Computer 3 (easy)"];
    const result = drawnTexts(() => drawCanastaTable(canastaView(c, null), names, undefined, undefined, "en")).find((d) =>
      /^Hand 1\b/.test(d.text),
    );
    expect(result?.text).toMatch(/Computer \d [+-]\d/);
    expect(result?.text).not.toMatch(/\((normal|expert|easy)/);
    // Below the pile, the line has the picture's width: every player's score, uncut.
    expect(result?.text).toMatch(/Computer 3 [+-]\d+$/);
    expect(result!.right).toBeLessThanOrEqual(CANASTA_WIDTH - 12);
  });

  it("the dealer's badge leaves a seat's name whole: it goes on the first line with room for it", () => {
    const c = canastaUntil(4, "golden-levels", 500, (x) => x.results.length >= 1 && x.phase === "draw");
    const view = canastaView(c, null);
    const names = ["Ada", "Computer 1 (normal)", "Computer 2 (expert)", "Computer 3 (easy)"];
    let badges = 0;
    const texts = drawnTexts(() => {
      const arc = proto.roundRect;
      proto.roundRect = function (this: SKRSContext2D, ...a: Parameters<SKRSContext2D["roundRect"]>) {
        badges++;
        return arc.apply(this, a);
      };
      try {
        drawCanastaTable(view, names, undefined, undefined, "en");
      } finally {
        proto.roundRect = arc;
      }
    });
    const dealerName = `${view.dealer + 1}. ${names[view.dealer]!.replace(/ \(.*\)$/, "")}`;
    expect(texts.map((d) => d.text)).toContain(dealerName);
    expect(texts.some((d) => d.text.includes("…") && /^\d\. /.test(d.text))).toBe(false);
    expect(badges).toBe(1); // the one dealer's, drawn whatever the line
  });
});

describe("one wording for every player (issue 63)", () => {
  it('the players\' numbers in the panel read alike: never "6 in hand" in one row and "5 held" in the next', () => {
    for (const [name, { state, names }] of Object.entries(scenes())) {
      const long = names.map((n, i) => (i === 1 ? "Maximiliane-Friederike von Hohenzollern" : n));
      const rows = drawnTexts(() => drawOnexenoTable(onexenoView(state, null), long, undefined, "until 23:59 UTC", "en"))
        .filter((d) => d.left >= PANEL_LEFT && / · took /.test(d.text))
        .map((d) => d.text.replace(/\d+/g, "N"));
      expect(rows.length, name).toBe(state.seats);
      expect(new Set(rows).size, `${name}: ${rows.join(" | ")}`).toBe(1);
    }
  });

  it("the wording is the longest whose lines all fit beside their totals, measured in the line's own font", () => {
    // A two-player game from its deal on: the wording falls back only when a longer one would
    // not fit in the row's plain 14 px font. Until 2026-12-04 the first seat's longest line was
    // measured in the bold 16 px font left from the turn line, and the panel fell back a wording
    // too soon ("6 in hand · took 0 +0" from the first move).
    const measure = createCanvas(1, 1).getContext("2d");
    measure.font = font(14);
    const wordings = [1, 2, 3, 4].map((i) => t("en", `onexeno.pic.line_${i}`, { h: "H", t: "T", p: "P" }));
    const start = setupOnexeno({ variant: "basic", hands: 1 }, 2, "wording-fit", GOLDEN_DERIVATION);
    if (!start.ok) throw new Error(start.error.message);
    let checked = 0;
    let longest = 0;
    for (let moves = 4; moves <= 60; moves += 4) {
      const state = playUntil(start.value, (s) => s.version >= moves);
      const view = onexenoView(state, null);
      const drawn = drawnTexts(() => drawOnexenoTable(view, ["Ada", "Ben"], undefined, "until 23:59 UTC", "en"));
      const lines = drawn.filter((d) => d.left >= PANEL_LEFT && / · took /.test(d.text));
      const totals = drawn.filter((d) => d.left >= PANEL_LEFT && /^total /.test(d.text));
      expect(lines.length).toBe(2);
      const line = lines[0]!.text;
      const used = wordings.findIndex((w) =>
        new RegExp(`^${w.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/[HTP]/g, "\\d+")}$`).test(line),
      );
      expect(used, line).toBeGreaterThanOrEqual(0);
      if (used === 0) longest++;
      // Each seat's room ends 10 px before its total (render/onexeno/table.ts `roomOf`).
      const fits = (wording: number, s: number) => {
        const text = t("en", `onexeno.pic.line_${wording + 1}`, {
          h: view.handSizes[s]!,
          t: view.takenCounts[s]!,
          p: view.takenPoints[s]!,
        });
        return lines[s]!.left + measure.measureText(text).width <= totals[s]!.left - 10;
      };
      expect(
        [0, 1].every((s) => fits(used, s)),
        line,
      ).toBe(true);
      if (used > 0)
        expect(
          [0, 1].every((s) => fits(used - 1, s)),
          `${line}: a longer wording fits`,
        ).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
    expect(longest, "some positions use the longest wording").toBeGreaterThan(0);
  });
});

describe("no word is cut in an ordinary game, in any language", () => {
  // Whole games (every 7th to 40th position) with a person's and computers' usual names, drawn in
  // every language; a text ending in "…" is one cut short. Until 2026-12-04 this found over 40 kinds:
  // Onze's stock ("Stapel …"), hand counts ("5 auf de…"), who asked ("asked: Comp…"), rules and
  // score-sheet contracts; Cardeno's header and its joker ("Co…"); ONEXENO's winner and German and
  // Spanish last moves; canasta's XENO mark and a level ("· nor…"); a third of the hands' card
  // labels ("5 · white corner…"), Onze's joker ("Como…") and help, solitaire's panel.
  const names = ["Ada", "Computer 1 (normal)", "Computer 2 (expert)", "Ben"];
  const onze: OnzeState[] = [];
  playOnze(["normal", "normal", "normal", "normal"], "scan-onze", (s) => {
    onze.push(s);
  });
  const race: CardenoState[] = [];
  playCardeno({}, ["normal", "normal", "easy", "normal"], "scan", (x) => {
    race.push(x);
  });
  const canasta = [] as Parameters<typeof canastaView>[0][];
  canastaUntil(4, "scan-canasta", 500, (s) => {
    canasta.push(s);
    return canasta.length > 400;
  });
  const deal = setupSolitaire("seed-9", GOLDEN_DERIVATION);
  const solitaire = [deal];
  for (const m of solve(deal, 3000).moves) {
    const next = applySolitaire(solitaire.at(-1)!, m);
    if (!next.ok) throw new Error(next.error.message);
    solitaire.push(next.value);
  }
  const start = setupOnexeno({ variant: "basic", hands: 2 }, 4, "scan-ox", GOLDEN_DERIVATION);
  if (!start.ok) throw new Error(start.error.message);
  const onexenoPositions = Array.from({ length: 40 }, (_, i) => playUntil(start.value, (s) => s.version >= 2 + i * 5));
  const every = <T>(xs: readonly T[], n: number) => xs.filter((_, i) => i % n === 0);
  for (const locale of LOCALES)
    it(`in ${locale}`, () => {
      const pictures = [
        ...[...every(onze, 7), ...onze.filter((s) => s.forSale !== null && s.claims.length >= 2).slice(0, 4)].map(
          (s) => () => drawOnzeTable(onzeView(s, null), names, undefined, "until 14:05 UTC", locale),
        ),
        ...every(race, 20).map((s) => () => drawCardenoTable(cardenoView(s, null), names, undefined, locale)),
        ...every(race, 40).map((s) => () => drawCardenoBoard(cardenoView(s, 1), 1, names, undefined, undefined, locale)),
        ...every(canasta, 5).map((s) => () => drawCanastaTable(canastaView(s, null), names, undefined, undefined, locale)),
        ...onexenoPositions.map((s) => () => drawOnexenoTable(onexenoView(s, null), names, undefined, "until 14:05 UTC", locale)),
        // The private pictures: hands with their help and captions, and a solitaire from its deal to its win.
        ...every(onze, 9).flatMap((s) =>
          [0, 1].map((seat) => () => {
            const hand = sortHand(s.hands[seat] ?? []);
            return drawOnzeHand(hand, "Computer 1", contractHelp(s, seat, locale), hand.slice(0, 1), undefined, locale);
          }),
        ),
        ...onexenoPositions.map((s) => () => {
          const hand = s.hands[0] ?? [];
          return drawOnexenoHand(hand, new Set(hand.slice(0, 2)), "Ada", undefined, undefined, locale);
        }),
        ...every(solitaire, 5).map((s) => () => drawSolitaire(solitaireView(s), "Computer 1", undefined, undefined, locale)),
      ];
      const cut = new Set<string>();
      for (const draw of pictures)
        for (const d of drawnTexts(draw)) if (d.text.endsWith("…") || d.text.endsWith("… ")) cut.add(d.text.replace(/\d+/g, "N"));
      expect([...cut]).toEqual([]);
    });
});
