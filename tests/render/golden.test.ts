/**
 * Golden-image tests: each scene is rendered and compared pixel by pixel with the committed
 * PNG (tolerance: at most 0.2% of pixels may differ by more than 24 in a channel, which
 * absorbs anti-aliasing differences between machines). `npm run golden:update` rewrites the
 * goldens (look at them before committing); a failing render is written to
 * tests/__failures__/ for inspection.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pixels } from "../helpers/pixels.ts";
import { onexenoView, onexeno } from "../../src/games/onexeno/game.ts";
import { handSize } from "../../render/onexeno/hand.ts";
import { cellOrigin, tableLayout, TABLE_HEIGHT, TABLE_WIDTH, BOARD_X, BOARD_Y, BOARD_CELLS, CELL } from "../../render/onexeno/table.ts";
import { canastaUntil, GOLDEN_DERIVATION, scenes } from "./scenes.ts";
import { canastaView } from "../../src/games/onexeno/canasta.ts";
import { applySolitaire, setupSolitaire, solitaireView } from "../../src/games/onexeno/solitaire.ts";
import { solve } from "../helpers/solitaire-solver.ts";
import { onzeView, type OnzeState } from "../../src/games/onze/game.ts";
import { sortHand } from "../../src/games/onze/cards.ts";
import { playOnze } from "../helpers/onze.ts";
import { contractHelp } from "../../commands/onze/index.ts";
import { cardenoView, type CardenoState } from "../../src/games/cardeno/game.ts";
import { playCardeno } from "../helpers/cardeno.ts";
import { encodeJob, type PictureJob } from "../../render/pictures.ts";
import { begun, joined, newEvent, seated, tablesInPlay, withResult, withThread } from "../../src/bot/tournament-rules.ts";
import { bracketSections } from "../../commands/tournament/messages.ts";
import { GAME_SET } from "../../commands/index.ts";
const CATALOGUE = GAME_SET.catalogue;
import { seedRng, shuffle } from "../../src/engine/rng.ts";
import { ONEXENO_SCENES } from "../../render/onexeno/scenes.ts";
import { ONZE_SCENES } from "../../render/onze/scenes.ts";
import { CARDENO_SCENES } from "../../render/cardeno/scenes.ts";
import { renderDescribed, renderPicture } from "../../render/pool.ts";
import { onexenoPicture, type TableRecord } from "../../commands/onexeno/view.ts";
import { canastaPicture } from "../../commands/canasta/table.ts";
import type { CanastaTable } from "../../commands/canasta/rows.ts";

const dir = join(import.meta.dirname, "golden");
const failures = join(import.meta.dirname, "..", "__failures__");
const update = process.env.UPDATE_GOLDEN === "1";

async function compare(name: string, png: Buffer): Promise<void> {
  const file = join(dir, `${name}.png`);
  if (update || !existsSync(file)) {
    if (!update) throw new Error(`missing golden ${name}.png: run npm run golden:update and look at it`);
    writeFileSync(file, png);
    return;
  }
  const [a, b] = await Promise.all([pixels(png), pixels(readFileSync(file))]);
  let differing = 0;
  if (a.w === b.w && a.h === b.h) {
    for (let i = 0; i < a.data.length; i += 4) {
      const d = Math.max(...[0, 1, 2, 3].map((k) => Math.abs((a.data[i + k] as number) - (b.data[i + k] as number))));
      if (d > 24) differing++;
    }
  }
  const ratio = a.w === b.w && a.h === b.h ? differing / (a.w * a.h) : 1;
  if (ratio > 0.002) {
    mkdirSync(failures, { recursive: true });
    writeFileSync(join(failures, `${name}.actual.png`), png);
  }
  expect(ratio, `${name}: ${(ratio * 100).toFixed(3)}% of pixels differ (actual written to tests/__failures__)`).toBeLessThanOrEqual(0.002);
}

describe("table pictures", () => {
  const all = scenes();
  for (const [name, { state, names }] of Object.entries(all)) {
    it(`matches the golden image: ${name}`, async () => {
      const png = await renderPicture(ONEXENO_SCENES.job("table", { view: onexenoView(state, null), names }));
      expect(png.readUInt32BE(16)).toBe(TABLE_WIDTH);
      expect(png.readUInt32BE(20)).toBe(TABLE_HEIGHT);
      await compare(`table-${name}`, png);
    });
  }

  it("hand picture matches its golden image", async () => {
    const { state } = all.trick!;
    const seat = state.turn;
    const playable = new Set(onexeno.legalMoves(state, seat).flatMap((m) => (m.kind === "place" ? [m.card] : [])));
    const png = await renderPicture(
      ONEXENO_SCENES.job("hand", { hand: state.hands[seat]!, playable: [...playable], title: "Your hand · Ada" }),
    );
    expect(png.readUInt32BE(16)).toBe(handSize(state.hands[seat]!.length).width);
    await compare("hand-trick", png);
  });

  it("spectator pictures are the same whoever's hand differs (no hidden card reaches them)", async () => {
    const { state, names } = all.fresh!;
    // swap the hands of the two players who are not to move (same hand size, different cards)
    const [p, q] = [0, 1, 2].filter((i) => i !== state.turn) as [number, number];
    expect(state.hands[p]).not.toEqual(state.hands[q]);
    const swapped = { ...state, hands: state.hands.map((h, i) => (i === p ? [...state.hands[q]!] : i === q ? [...state.hands[p]!] : h)) };
    const a = await renderPicture(ONEXENO_SCENES.job("table", { view: onexenoView(state, null), names }));
    const b = await renderPicture(ONEXENO_SCENES.job("table", { view: onexenoView(swapped, null), names }));
    expect(a.equals(b)).toBe(true);
  });
});

describe("table pictures in the table's language", () => {
  const all = scenes();
  // French for every scene of the game's table and its hand; German where its longer words meet the narrow panel.
  const cases = [
    ["fr", "trick"],
    ["fr", "over"],
    ["de", "closed"],
    ["pt-BR", "fresh"],
  ] as const;
  for (const [locale, name] of cases) {
    it(`matches the golden image: ${name} in ${locale}`, async () => {
      const { state, names } = all[name]!;
      const png = await renderPicture(ONEXENO_SCENES.job("table", { view: onexenoView(state, null), names, locale }));
      await compare(`table-${name}.${locale}`, png);
    });
  }

  it("the hand picture names the cards in the reader's language", async () => {
    const { state } = all.trick!;
    const seat = state.turn;
    const playable = new Set(onexeno.legalMoves(state, seat).flatMap((m) => (m.kind === "place" ? [m.card] : [])));
    const png = await renderPicture(
      ONEXENO_SCENES.job("hand", { hand: state.hands[seat]!, playable: [...playable], title: "Deine Hand · Ada", locale: "de" }),
    );
    await compare("hand-trick.de", png);
  });
});

describe("solitaire pictures", () => {
  it("match their golden images: mid-game and a won 8x8", async () => {
    const start = setupSolitaire("seed-9", GOLDEN_DERIVATION);
    const moves = solve(start, 3000).moves;
    let s = start;
    for (const [i, m] of moves.entries()) {
      const r = applySolitaire(s, m);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value;
      if (i === 59) {
        await compare("solitaire-mid", await renderPicture(ONEXENO_SCENES.job("solitaire", { view: solitaireView(s), owner: "Ada" })));
        await compare(
          "solitaire-mid.fr",
          await renderPicture(ONEXENO_SCENES.job("solitaire", { view: solitaireView(s), owner: "Ada", hint: null, locale: "fr" })),
        );
      }
    }
    expect(s.end).toBe("won");
    await compare("solitaire-won", await renderPicture(ONEXENO_SCENES.job("solitaire", { view: solitaireView(s), owner: "Ada" })));
    await compare(
      "solitaire-won.de",
      await renderPicture(ONEXENO_SCENES.job("solitaire", { view: solitaireView(s), owner: "Ada", hint: null, locale: "de" })),
    );
  });
});

describe("canasta pictures", () => {
  it("match their golden images: a hand under way (5 players, two decks) and a finished session", async () => {
    const mid = canastaUntil(5, "golden-canasta", 500, (s) => s.rows.flat().length >= 3 && s.phase === "draw");
    await compare(
      "canasta-mid",
      await renderPicture(ONEXENO_SCENES.job("canasta", { view: canastaView(mid, null), names: ["Ada", "Ben", "Cleo", "Dev", "Émile"] })),
    );
    const over = canastaUntil(3, "golden-canasta-over", 150, () => false);
    expect(over.phase).toBe("over");
    await compare(
      "canasta-over",
      await renderPicture(ONEXENO_SCENES.job("canasta", { view: canastaView(over, null), names: ["Ada", "Ben", "Cleo"] })),
    );
    // The same hand at a German table, with the clock's time beside the player to move.
    const names = ["Ada", "Ben", "Cleo", "Dev", "Émile"];
    await compare(
      "canasta-mid.de",
      await renderPicture(ONEXENO_SCENES.job("canasta", { view: canastaView(mid, null), names, clock: "bis 14:05 UTC", locale: "de" })),
    );
    await compare(
      "canasta-over.fr",
      await renderPicture(ONEXENO_SCENES.job("canasta", { view: canastaView(over, null), names: ["Ada", "Ben", "Cleo"], locale: "fr" })),
    );
  });
});

describe("tables closed before their end (`end`, or an organiser)", () => {
  // The fields a table's picture reads, with a clock running on the turn: as the table was, and as closed.
  const record = <R>(state: unknown, names: readonly string[], status: "playing" | "over", locale: "en" | "de") =>
    ({
      channelId: "closed-table",
      status,
      state,
      locale,
      seats: names.map((name, i) => ({ userId: `u${i}`, name })),
      turnClock: { seat: 0, since: 1, due: Date.UTC(2026, 11, 5, 14, 5), warnAt: null, warned: false },
      ...(status === "over" ? { closedBy: "u0" } : {}),
    }) as unknown as R;

  it("ONEXENO and canasta: no turn, no open cells, no clock; the alt text says the table was closed", async () => {
    const { state, names } = scenes().trick!;
    const playing = onexenoPicture(record<TableRecord>(state, names, "playing", "en"))!;
    const closed = onexenoPicture(record<TableRecord>(state, names, "over", "en"))!;
    expect(playing.data.closed).toBeUndefined();
    expect(playing.data.clock).toBe("until 14:05 UTC");
    expect(closed.data.closed).toBe(true);
    expect(closed.data.clock).toBeUndefined();
    const [before, after] = await Promise.all([renderDescribed(playing), renderDescribed(closed)]);
    expect(before.alt).toContain(`${names[state.turn]} to play`);
    expect(after.alt).toMatch(/^ONEXENO basic, closed before its end; the scores as they stood\. /);
    expect(after.alt).not.toContain("to play");
    await compare("table-ended", after.png);

    const mid = canastaUntil(5, "golden-canasta", 500, (x) => x.rows.flat().length >= 3 && x.phase === "draw");
    const seated = ["Ada", "Ben", "Cleo", "Dev", "Émile"];
    const canasta = canastaPicture(record<CanastaTable>(mid, seated, "over", "de"))!;
    expect(canasta.data.closed).toBe(true);
    expect(canasta.data.clock).toBeUndefined();
    const shown = await renderDescribed(canasta);
    expect(shown.alt).toMatch(/^ONEXENO Canasta, vor dem Ende geschlossen; Punkte wie sie standen\. /);
    await compare("canasta-ended.de", shown.png);
  });
});

describe("table layout (no pixels)", () => {
  it("centres the display window in the board area and keeps every cell inside it", () => {
    for (const { state } of Object.values(scenes())) {
      const l = tableLayout(state.table);
      for (const p of state.table) {
        const [x, y] = cellOrigin(l, p.x, p.y);
        expect(x).toBeGreaterThanOrEqual(BOARD_X);
        expect(y).toBeGreaterThanOrEqual(BOARD_Y);
        expect(x + CELL).toBeLessThanOrEqual(BOARD_X + BOARD_CELLS * CELL);
        expect(y + CELL).toBeLessThanOrEqual(BOARD_Y + BOARD_CELLS * CELL);
      }
    }
  });
});

describe("onze pictures", () => {
  it("match their golden images: a round with melds down and a discard for sale, the final score sheet, a hand", async () => {
    const names = ["Ada", "Ben", "Computer 1 (normal)", "Computer 2 (easy)"];
    let mid: OnzeState | null = null;
    const out = playOnze(
      ["easy", "easy", "easy", "easy"],
      "golden-onze",
      (s) => {
        if (!mid && s.melds.flat().length >= 4 && s.forSale !== null) mid = s;
      },
      GOLDEN_DERIVATION,
    );
    const m = mid as OnzeState | null;
    if (!m) throw new Error("no position with melds and a sale");
    await compare("onze-mid", await renderPicture(ONZE_SCENES.job("table", { view: onzeView(m, null), names, clock: "until 14:05 UTC" })));
    await compare("onze-final", await renderPicture(ONZE_SCENES.job("table", { view: onzeView(out.final, null), names })));
    await compare(
      "onze-hand",
      await renderPicture(
        ONZE_SCENES.job("hand", {
          hand: sortHand(m.hands[0]!),
          title: `Your hand · Ada · ${m.hands[0]!.length} cards`,
          help: contractHelp(m, 0),
          fresh: [],
        }),
      ),
    );
    // Spectators see no hidden card: Ben's hand traded for as many stock cards leaves the picture unchanged.
    const n = m.hands[1]!.length;
    const swapped = {
      ...m,
      hands: m.hands.map((h, i) => (i === 1 ? m.stock.slice(0, n) : h)),
      stock: [...m.hands[1]!, ...m.stock.slice(n)],
    };
    expect(swapped.hands[1]).not.toEqual(m.hands[1]);
    expect(
      (await renderPicture(ONZE_SCENES.job("table", { view: onzeView(swapped, null), names }))).equals(
        await renderPicture(ONZE_SCENES.job("table", { view: onzeView(m, null), names })),
      ),
    ).toBe(true);
    // In a French table, cards read R/D/V (roi, dame, valet); in a German hand, K/D/B (König, Dame, Bube).
    const fr = ["Ada", "Ben", "Ordinateur 1 (normal)", "Ordinateur 2 (facile)"];
    await compare(
      "onze-mid.fr",
      await renderPicture(ONZE_SCENES.job("table", { view: onzeView(m, null), names: fr, clock: "jusqu'à 14:05 UTC", locale: "fr" })),
    );
    // Two new cards, each marked "nouvelle" under its name, neither cut.
    const mine = sortHand(m.hands[0]!);
    await compare(
      "onze-hand.fr-new",
      await renderPicture(
        ONZE_SCENES.job("hand", {
          hand: mine,
          title: `Votre main · Ada · ${mine.length} cartes`,
          help: contractHelp(m, 0, "fr"),
          fresh: [mine[1]!, mine[3]!],
          locale: "fr",
        }),
      ),
    );
    await compare(
      "onze-final.fr",
      await renderPicture(ONZE_SCENES.job("table", { view: onzeView(out.final, null), names: fr, locale: "fr" })),
    );
    const hand = sortHand(m.hands[0]!);
    const help = contractHelp(m, 0, "de");
    await compare(
      "onze-hand.de",
      await renderPicture(
        ONZE_SCENES.job("hand", { hand, title: `Deine Hand · Ada · ${hand.length} Karten`, help, fresh: [], locale: "de" }),
      ),
    );
  });
});

describe("cardeno pictures", () => {
  it("match their golden images: the race after CARDENO, a board panel in the reveal, the score sheet; the pile's order never shows", async () => {
    const names = ["Ada", "Ben", "Computer 1 (easy)", "Dana"];
    let mid: CardenoState | null = null;
    let reveal: CardenoState | null = null;
    let rest: CardenoState | null = null;
    const s = playCardeno(
      { rounds: 2 },
      ["normal", "normal", "easy", "normal"],
      "golden-cardeno",
      (x) => {
        if (!mid && x.phase === "race" && x.cardeno !== null && x.centre.length >= 4) mid = x;
        if (!reveal && x.phase === "reveal") reveal = x;
        if (!rest && x.phase === "break") rest = x;
      },
      "golden",
      GOLDEN_DERIVATION,
    );
    const m = mid as CardenoState | null;
    const v = reveal as CardenoState | null;
    const b = rest as CardenoState | null;
    if (!m || !v || !b) throw new Error("no race after CARDENO, no reveal or no break");
    const draw = (job: PictureJob) => Promise.resolve(encodeJob(job));
    await compare("cardeno-mid", await draw(CARDENO_SCENES.job("table", { view: cardenoView(m, null), names })));
    await compare("cardeno-panel", await draw(CARDENO_SCENES.job("board", { view: cardenoView(v, 0), seat: 0, names })));
    // The break: each board's revealed poker hand stands out, the winner's in gold, named in the status.
    await compare("cardeno-break", await draw(CARDENO_SCENES.job("table", { view: cardenoView(b, null), names })));
    await compare("cardeno-final", await draw(CARDENO_SCENES.job("table", { view: cardenoView(s, null), names })));
    // French pieces read D/R/V (dame, roi, valet); a German board panel in the reveal.
    const fr = ["Ada", "Ben", "Ordinateur 1 (facile)", "Dana"];
    await compare("cardeno-mid.fr", await draw(CARDENO_SCENES.job("table", { view: cardenoView(m, null), names: fr, locale: "fr" })));
    await compare("cardeno-break.fr", await draw(CARDENO_SCENES.job("table", { view: cardenoView(b, null), names: fr, locale: "fr" })));
    await compare("cardeno-panel.de", await draw(CARDENO_SCENES.job("board", { view: cardenoView(v, 0), seat: 0, names, locale: "de" })));
    // The pile is face down: shuffling it leaves the picture unchanged.
    const shuffled = { ...m, pile: [...m.pile].reverse() };
    expect(
      encodeJob(CARDENO_SCENES.job("table", { view: cardenoView(shuffled, null), names })).equals(
        encodeJob(CARDENO_SCENES.job("table", { view: cardenoView(m, null), names })),
      ),
    ).toBe(true);
  });
});

describe("computer seats keep their level", () => {
  it("match their golden images: where a name has no room for its level, the level shows on the seat's other line (canasta, Onze, Cardeno)", async () => {
    const cpu = ["Ada", "Computer 1 (expert)", "Computer 2 (expert)", "Computer 3 (normal)", "Computer 4 (easy)", "Computer 5 (expert)"];
    const fr = ["Ada", "Ordinateur 1 (expert)", "Ordinateur 2 (facile)", "Ordinateur 3 (normal)"];
    const draw = (job: PictureJob) => Promise.resolve(encodeJob(job));
    const c = canastaUntil(4, "golden-levels", 500, (x) => x.results.length >= 1 && x.phase === "draw");
    await compare("levels-canasta.fr", await draw(ONEXENO_SCENES.job("canasta", { view: canastaView(c, null), names: fr, locale: "fr" })));
    let round3: OnzeState | null = null;
    let k = 0;
    playOnze(
      ["normal", "normal", "normal", "normal", "normal", "normal"],
      "golden-levels",
      (x) => {
        if (++k === 150) round3 = x;
      },
      GOLDEN_DERIVATION,
    );
    const o = round3 as OnzeState | null;
    if (!o) throw new Error("no Onze state");
    await compare("levels-onze", await draw(ONZE_SCENES.job("table", { view: onzeView(o, null), names: cpu })));
    let race: CardenoState | null = null;
    let j = 0;
    playCardeno(
      { pace: 3 },
      ["normal", "normal", "normal", "normal"],
      "golden-levels",
      (x) => {
        if (++j === 20) race = x;
      },
      "golden-levels",
      GOLDEN_DERIVATION,
    );
    const r = race as CardenoState | null;
    if (!r) throw new Error("no Cardeno state");
    await compare("levels-cardeno", await draw(CARDENO_SCENES.job("table", { view: cardenoView(r, null), names: cpu.slice(0, 4) })));
  });
});

describe("the /stats picture", () => {
  it("matches its golden image: an established rating with a long history, a provisional one, a long name cut short", async () => {
    // A deterministic rating walk: rises and falls around a climb.
    const walk = (n: number, f: number) => {
      const out = [1500];
      for (let i = 0; i < n; i++) out.push(out.at(-1)! + Math.round(Math.sin(i * f) * 30 + (i % 3 === 0 ? 12 : -4)));
      return out;
    };
    const a = walk(45, 0.7);
    const b = walk(6, 1.3);
    const job: PictureJob = {
      kind: "stats",
      title: "Émilie-Françoise Wolfeschlegelsteinhausen: ratings in this server",
      blocks: [
        {
          game: "ONEXENO basic",
          rating: a.at(-1)!,
          provisional: false,
          rank: 2,
          of: 14,
          games: 45,
          wins: 19,
          peak: Math.max(...a),
          points: a,
        },
        { game: "Onze", rating: b.at(-1)!, provisional: true, rank: 5, of: 6, games: 6, wins: 1, peak: Math.max(...b), points: b },
      ],
    };
    await compare("stats", encodeJob(job));
  });
});

describe("the bracket picture", () => {
  it("matches its golden image: 16 entrants in double elimination, three rounds in, long names cut short", async () => {
    let t = newEvent(
      CATALOGUE,
      {
        guildId: "g",
        channelId: "c",
        organiserId: "m",
        name: "Winter Cup",
        game: "onexeno-basic",
        format: "double-elimination",
        rounds: 3,
        tableSize: 2,
        clock: null,
        fill: "computer",
        checkInMinutes: 0,
        autoNext: true,
      },
      "cup",
      0,
    );
    const names = ["Ana", "Bertrand-Alexandre", "Chloé", "Dmitri", "Eve", "Farouk", "Gisela", "Hiroshi"];
    for (let i = 1; i <= 16; i++) t = joined(t, { id: `p${i}`, name: `${names[i % 8]} ${i}` });
    t = begun(CATALOGUE, t, 0)!;
    let thread = 0;
    for (let wave = 0; wave < 3; wave++) {
      t = seated(CATALOGUE, t) ?? t;
      for (const { round, index } of tablesInPlay(t)) t = withThread(t, round.number, index, `th${++thread}`);
      for (const { table } of tablesInPlay(t)) {
        const order = shuffle(seedRng(table.threadId!), table.players)[0];
        const places = table.players.map((p) => order.indexOf(p) + 1);
        t = withResult(t, table.threadId!, { players: [...table.players], places, points: places.map(() => 0) }) ?? t;
      }
    }
    t = seated(CATALOGUE, t) ?? t;
    const { sections, earlier } = bracketSections(t);
    expect(earlier).toBe(true);
    const png = encodeJob({
      kind: "bracket",
      title: "Winter Cup: the bracket",
      subtitle: "double elimination · tables of 2",
      sections,
      note: "Earlier rounds: /tournament export",
    });
    await compare("bracket-double", png);
  });
});
