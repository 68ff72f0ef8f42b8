/**
 * `npm run bench`: prints the figures we track, as a table with their targets (issue 14) and
 * marks the ones missed. Never run by the tests.
 * - every game's busiest table picture through the bot's path (draw + palette PNG) and through
 *   plain canvas.encode("png"), with the ratio; each table game's positions in order as a
 *   table's frames (render/png-frames.ts) beside each encoded whole; the hand picture (through
 *   the picture pool);
 * - legal-move enumeration time; canasta's take check on a 41-card two-deck pile (worst case);
 * - store get/set time (SQLite, WAL; reads cached and cold); turn clocks' start-up over 10,000 tables;
 * - interaction-to-reply latency through the loopback stand-in with the real discord.js
 *   client, with 1 and 16 tables in flight (median, p99, moves per second).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openBotStores, registerCommands, startBot } from "../src/app.ts";
import { TableService } from "../src/bot/tables.ts";
import { onexenoGame } from "../src/games/onexeno/table-games.ts";
import { canastaView } from "../src/games/onexeno/canasta.ts";
import { applySolitaire, setupSolitaire, solitaireView } from "../src/games/onexeno/solitaire.ts";
import { onzeView, type OnzeState } from "../src/games/onze/game.ts";
import { cardenoView, type CardenoState } from "../src/games/cardeno/game.ts";
import { playCardeno } from "../tests/helpers/cardeno.ts";
import { encodeSkia } from "../render/encode.ts";
import { canastaUntil, GOLDEN_DERIVATION, NAMES, playUntil } from "../tests/render/scenes.ts";
import { solve } from "../tests/helpers/solitaire-solver.ts";
import { playOnze } from "../tests/helpers/onze.ts";
import type { TableRecord } from "../commands/onexeno/view.ts";
import { applyAction } from "../src/engine/definition.ts";
import { canasta, canastaLegalMoves, meldsWith, type CanastaState } from "../src/games/onexeno/canasta.ts";
import { onexeno, onexenoView, setupOnexeno, type OnexenoState } from "../src/games/onexeno/game.ts";
import { DiscordStandin } from "../src/standin/server.ts";
import { openStore } from "../src/store/store.ts";
import { DueIndex, type DueStore } from "../src/store/due.ts";
import { Clocks } from "../src/bot/clocks.ts";
import { DEFAULT_CLOCK } from "../src/bot/clock.ts";
import { scenes } from "../tests/render/scenes.ts";
import { bigPileState } from "../tests/helpers/canasta.ts";
import { closePictures } from "../render/pool.ts";
import { flight } from "./flight.ts";
import { animationRows } from "./animation.ts";
import { openClaims } from "../src/store/claims.ts";
import { drawJob, type PictureJob } from "../render/pictures.ts";
import { pictureTask } from "../render/picture-tasks.ts";
import { encodePalettePng } from "../render/png.ts";
import { forgetFrames, frameStats } from "../render/png-frames.ts";
import { reusingCanvases } from "../render/surface.ts";
import { ONEXENO_SCENES } from "../render/onexeno/scenes.ts";
import { ONZE_SCENES } from "../render/onze/scenes.ts";
import { CARDENO_SCENES } from "../render/cardeno/scenes.ts";
import { renderPicture } from "../render/pool.ts";
import { referenceLine, referenceMs } from "./reference.ts";

/** One printed row; `target` and `met` when the figure has a target (issue 14's table). */
const rows: { what: string; median: string; p99: string; other: string; target?: string; met?: boolean }[] = [];
/** The machine reference (bench/reference.ts) at the run's start; `printRows` takes it again at the end. */
const referenceAtStart = referenceMs();
const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};
const ms = (x: number) => `${x.toFixed(2)} ms`;
async function time(n: number, f: () => Promise<unknown> | unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * Makes each of `jobs` once, in order, through `pictureTask`, as a table's pictures come: each job
 * with a `frame` (one table's key, as the bot's table pictures carry their channel's), so that the
 * bands a move left as they were are not encoded again (render/png-frames.ts); and beside it the
 * same picture on its own (no `frame`: encoded whole). The two are timed position by position,
 * which of them goes first alternating (the second draw of a position finds the drawing's kept
 * parts as that position left them), so that the machine's drift and that advantage fall on both
 * alike. Adds a row against the 3 ms goal, with the second figure and the share of bands written
 * in its notes. Before it, the positions are made WARM_PICTURES times or more in all, untimed, as
 * a picture row's picture is (`pictureRow`).
 */
async function inOrderRow(what: string, jobs: readonly PictureJob[]): Promise<void> {
  const timed = async (job: PictureJob, into: number[]): Promise<void> => {
    const t = performance.now();
    await pictureTask(job);
    into.push(performance.now() - t);
  };
  // Warms the drawing's caches (card faces, sprites) and the scene as a picture row is warmed:
  // passes over the positions, WARM_PICTURES pictures or more in all.
  for (let made = 0; made < WARM_PICTURES; made += jobs.length) for (const job of jobs) await pictureTask(job);
  forgetFrames();
  const times: number[] = [];
  const alone: number[] = [];
  for (const [i, job] of jobs.entries()) {
    const framed = job.kind === "scene" ? { ...job, frame: "bench-table" } : job;
    if (i % 2 === 0) {
      await timed(framed, times);
      await timed(job, alone);
    } else {
      await timed(job, alone);
      await timed(framed, times);
    }
  }
  const { bandsWritten, bands, whole } = frameStats();
  rows.push({
    what,
    median: ms(q(times, 0.5)),
    p99: ms(q(times, 0.99)),
    other: `each position once, as a table's moves come; ${Math.round((100 * bandsWritten) / bands)} % of bands encoded, ${whole} pictures whole; each encoded whole: median ${ms(q(alone, 0.5))}, p99 ${ms(q(alone, 0.99))}`,
    target: "median <= 3 ms",
    met: q(times, 0.5) <= 3,
  });
}

const all = scenes();
const closed = all.closed!;
const names = closed.names;
await renderPicture(ONEXENO_SCENES.job("table", { view: onexenoView(closed.state, null), names })); // warm fonts and face caches

/**
 * Pictures made before a picture row is timed. A scene's first hundred or so pictures in a process
 * run slower than the rest: timed in runs of 20 right after two warm pictures, the Onze table
 * picture read 3.4-3.8 ms for its first 120 or so, then 2.6-3.0 (canasta's first 80 read
 * 2.6-3.3, then 2.1-2.3), and those made most of the 200's median. Why is not pinned down: not
 * page faults (they stop within the first 40 pictures), and not V8's optimising compilers alone
 * (with Maglev and TurboFan off it settled alike, 2.9 to 2.55 ms). A picture thread draws
 * thousands in its life; what a new thread pays is the row "from a new picture thread" below.
 */
const WARM_PICTURES = 150;

/**
 * Makes a picture 200 times through the bot's path (`pictureTask`, what a picture thread runs
 * for each picture: the pixels of the one before given back, the scene drawn on its reused
 * canvas, the palette PNG; the job has no `frame`, so each is encoded whole: a table's first
 * picture), then 100 times through plain `canvas.encode("png")` on a fresh
 * canvas and 100 times drawn alone. Rows: the bot's path against the picture targets (median
 * <= 3 ms, <= 40 KB; issue 65), and the plain path beside it with the ratio (target >= 3x); the
 * draw alone and node's zlib at level 3 in place of the rows' deflate are in the first row's
 * notes.
 *
 * Until 2026-12-03 the bot's path was timed interleaved with the plain one and without the
 * pixels given back between pictures, as no picture thread runs: each read then landed on fresh
 * pages (render/surface.ts `pixelsReturned`), and the medians read 1.0-1.3 ms above what a
 * picture thread spends.
 *
 * Since 2026-12-04 each row first makes its picture WARM_PICTURES times, untimed.
 */
async function pictureRow(what: string, job: PictureJob): Promise<void> {
  const draw = () => drawJob(job);
  for (let i = 0; i < WARM_PICTURES; i++) await pictureTask(job);
  const bytes = (await pictureTask(job)).length;
  const ours = await time(200, () => pictureTask(job));
  const zlibBytes = reusingCanvases(() => {
    const c = draw();
    return encodePalettePng(c.data(), c.width, c.height, 3).length;
  });
  let plainBytes = 0;
  const plain: number[] = [];
  const drawOnly: number[] = [];
  for (let i = 0; i < 100; i++) {
    let t = performance.now();
    plainBytes = (await encodeSkia(draw())).length;
    plain.push(performance.now() - t);
    t = performance.now();
    reusingCanvases(() => draw().getContext("2d").getImageData(0, 0, 1, 1)); // forces the drawing, encodes nothing
    drawOnly.push(performance.now() - t);
  }
  const med = q(ours, 0.5);
  const ratio = q(plain, 0.5) / med;
  const c = draw();
  rows.push({
    what,
    median: ms(med),
    p99: ms(q(ours, 0.99)),
    other: `${(bytes / 1024).toFixed(1)} KiB palette PNG (${(zlibBytes / 1024).toFixed(1)} KiB with zlib level 3), ${c.width}x${c.height}; drawing alone ${ms(q(drawOnly, 0.5))}`,
    target: "median <= 3 ms, <= 40 KB",
    met: med <= 3 && bytes <= 40 * 1024,
  });
  rows.push({
    what: '  the same through plain canvas.encode("png")',
    median: ms(q(plain, 0.5)),
    p99: ms(q(plain, 0.99)),
    other: `${(plainBytes / 1024).toFixed(1)} KiB RGBA PNG; ours is ${ratio.toFixed(1)}x faster`,
    target: ">= 3x slower than ours",
    met: ratio >= 3,
  });
}

// Every game's busiest table picture (each one a table's first picture: encoded whole), and its
// game's positions in order as the bot makes them (a table's next pictures).
await pictureRow(
  "ONEXENO table picture (6 players, closed 5x5)",
  ONEXENO_SCENES.job("table", { view: onexenoView(closed.state, null), names }),
);
{
  const dealt = setupOnexeno({ variant: "partners", hands: 1 }, 6, "golden-closed", GOLDEN_DERIVATION);
  if (!dealt.ok) throw new Error(dealt.error.message);
  const positions: OnexenoState[] = [];
  playUntil(dealt.value, (st) => {
    positions.push(st);
    return false;
  });
  await inOrderRow(
    `  ONEXENO table pictures of that 6-player game, its ${positions.length} positions in order`,
    positions.map((st) => ONEXENO_SCENES.job("table", { view: onexenoView(st, null), names })),
  );
}
const canastaPositions: CanastaState[] = [];
const canasta8 = canastaUntil(8, "bench-canasta-d", 500, (st) => {
  canastaPositions.push(st);
  return st.rows.flat().length >= 4;
}); // 8 seats, rows down at four, a 4-card pile
await pictureRow(
  "canasta table picture (8 players, two decks)",
  ONEXENO_SCENES.job("canasta", { view: canastaView(canasta8, null), names: [...NAMES, "Hana"] }),
);
await inOrderRow(
  `  canasta table pictures of that 8-player game up to it, its ${canastaPositions.length} positions in order`,
  canastaPositions.map((st) => ONEXENO_SCENES.job("canasta", { view: canastaView(st, null), names: [...NAMES, "Hana"] })),
);
{
  const start = setupSolitaire("seed-9", GOLDEN_DERIVATION);
  let sol = start;
  const positions = [sol];
  for (const m of solve(start, 3000).moves) {
    const r = applySolitaire(sol, m);
    if (!r.ok) throw new Error(r.error.message);
    sol = r.value;
    positions.push(sol);
  }
  await pictureRow("solitaire picture (won 8x8)", ONEXENO_SCENES.job("solitaire", { view: solitaireView(sol), owner: "Ada" }));
  await inOrderRow(
    `  solitaire pictures of that game, its ${positions.length} positions in order`,
    positions.map((st) => ONEXENO_SCENES.job("solitaire", { view: solitaireView(st), owner: "Ada" })),
  );
}
{
  let busy: OnzeState | null = null;
  const positions: OnzeState[] = [];
  playOnze(["normal", "normal", "normal", "normal", "normal", "normal", "normal"], "bench-onze", (st) => {
    positions.push(st);
    if (!busy && st.melds.flat().length >= 12 && st.forSale !== null) busy = st;
  });
  const b = busy as OnzeState | null;
  if (b)
    await pictureRow(
      "Onze table picture (7 players, 12+ melds, a sale)",
      ONZE_SCENES.job("table", { view: onzeView(b, null), names: NAMES, clock: "until 14:05 UTC" }),
    );
  else rows.push({ what: "Onze table picture", median: "", p99: "", other: "no busy state found", target: "a scene", met: false });
  // The row above draws one picture again and again, so every seat block comes from its sprite
  // (render/onze/table.ts `seatBlocks`); a game's positions in order redraw the blocks each
  // move changes, as the bot does.
  const inOrder = positions.slice(positions.length >> 1);
  await inOrderRow(
    `  Onze table pictures of a 7-player game's second half, its ${inOrder.length} positions in order`,
    inOrder.map((st) => ONZE_SCENES.job("table", { view: onzeView(st, null), names: NAMES, clock: "until 14:05 UTC" })),
  );
}

{
  // Cardeno: the race picture with 6 boards and a full centre, and a board panel (each is
  // redrawn at most every 1.2 s per message while a race runs).
  // The busiest race state: the most pieces face up (computers grab fast: four at most in this
  // seeded game), after CARDENO when there is one. A missing scene is a MISS row, never a skip.
  let full: CardenoState | null = null;
  const race: CardenoState[] = [];
  const busier = (x: CardenoState, y: CardenoState | null) =>
    !y || x.centre.length > y.centre.length || (x.centre.length === y.centre.length && x.cardeno !== null && y.cardeno === null);
  playCardeno({}, ["normal", "normal", "easy", "normal", "easy", "normal"], "bench", (x) => {
    if (x.phase === "race") race.push(x);
    if (x.phase === "race" && busier(x, full)) full = x;
  });
  const f = full as CardenoState | null;
  if (f) {
    const what = `6 boards, ${f.centre.length} pieces face up`;
    await pictureRow(`Cardeno race picture (${what})`, CARDENO_SCENES.job("table", { view: cardenoView(f, null), names: NAMES }));
    // As for Onze: the row above reuses every board's sprite (render/cardeno/pieces.ts
    // `boardSprites`); a race's states in order change a board at each grab.
    await inOrderRow(
      `  Cardeno race pictures, the race's ${race.length} states in order (a grab apart)`,
      race.map((x) => CARDENO_SCENES.job("table", { view: cardenoView(x, null), names: NAMES })),
    );
    await pictureRow(
      `Cardeno board panel (one player's board, large; ${what})`,
      CARDENO_SCENES.job("board", { view: cardenoView(f, 0), seat: 0, names: NAMES }),
    );
  } else rows.push({ what: "Cardeno pictures", median: "", p99: "", other: "no race state found", target: "a scene", met: false });
}

const seat = closed.state.turn;
const hand = closed.state.hands[seat]!;
let hbytes = 0;
const handPicture = async () => {
  hbytes = (await renderPicture(ONEXENO_SCENES.job("hand", { hand, playable: [...new Set(hand)], title: "Your hand · Farah · 5 cards" })))
    .length;
};
// This thread's heap starts clean (the rows above leave Skia's encodes to collect), and both
// kept threads draw a few hands first (a thread's first pictures of a kind run
// before V8 has compiled their code: the "new picture thread" row below measures that).
(globalThis as { gc?: () => void }).gc?.();
for (let i = 0; i < 5; i++) await Promise.all([handPicture(), handPicture()]);
const handTimes = await time(1000, handPicture); // p99 is then the 10th worst, not the 2nd
const threads = process.env.PICTURE_THREADS;
process.env.PICTURE_THREADS = "0";
const handInline = await time(1000, handPicture);
if (threads === undefined) delete process.env.PICTURE_THREADS;
else process.env.PICTURE_THREADS = threads;
rows.push({
  what: `hand picture (${hand.length} cards), through the picture pool`,
  median: ms(q(handTimes, 0.5)),
  p99: ms(q(handTimes, 0.99)),
  other: `${(hbytes / 1024).toFixed(1)} KiB PNG`,
  target: "median <= 1.5 ms, p99 <= 5 ms",
  met: q(handTimes, 0.5) <= 1.5 && q(handTimes, 0.99) <= 5,
});
rows.push({
  what: "  the same drawn on the calling thread (PICTURE_THREADS=0)",
  median: ms(q(handInline, 0.5)),
  p99: ms(q(handInline, 0.99)),
  other: "",
});
{
  // Back to back: 16 hands at a time through the pool, as a busy server asks for them. Each
  // picture reads 1.25 MB of pixels that are given back only from the event loop
  // (render/surface.ts `pixelsReturned`); kept alive, they made every read slow and the process
  // grow to about 1.9 GB.
  const rssBefore = process.memoryUsage().rss;
  const burst = await time(60, async () => {
    await Promise.all(Array.from({ length: 16 }, handPicture));
  });
  rows.push({
    what: "hand pictures back to back, 16 at a time through the pool (960), a picture",
    median: ms(q(burst, 0.5) / 16),
    p99: ms(q(burst, 0.99) / 16),
    other: `process RSS ${(rssBefore / 2 ** 20).toFixed(0)} -> ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB, peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
    target: "median <= 2 ms a picture, peak RSS <= 600 MiB",
    met: q(burst, 0.5) / 16 <= 2 && process.resourceUsage().maxRSS / 1024 <= 600,
  });
}

{
  // A new picture thread (render/pool.ts keeps two for the process's life; the others leave after
  // a quiet minute): its first picture waits for the thread to load the drawing code, and its
  // next ones run before V8 has compiled it. Before threads were kept, a table whose moves
  // came more than a minute apart paid this on every move. Measured on a pool of one thread
  // (PICTURE_THREADS=1), so that every picture of the row is the new thread's; the default pool
  // comes back after the row.
  const poolSize = process.env.PICTURE_THREADS;
  process.env.PICTURE_THREADS = "1";
  await closePictures();
  const view = onexenoView(closed.state, null);
  let t = performance.now();
  await renderPicture(ONEXENO_SCENES.job("table", { view, names }));
  const first = performance.now() - t;
  const next: number[] = [];
  for (let i = 0; i < 8; i++) {
    t = performance.now();
    await renderPicture(ONEXENO_SCENES.job("table", { view, names }));
    next.push(performance.now() - t);
  }
  const warm = await time(50, () => renderPicture(ONEXENO_SCENES.job("table", { view, names })));
  rows.push({
    what: "ONEXENO table picture from a new picture thread: its first, and its next 8",
    median: ms(first),
    p99: "",
    other: `next 8: median ${ms(q(next, 0.5))}, worst ${ms(Math.max(...next))}; the 50 after them: median ${ms(q(warm, 0.5))} (through the pool)`,
  });
  await closePictures();
  if (poolSize === undefined) delete process.env.PICTURE_THREADS;
  else process.env.PICTURE_THREADS = poolSize;
}

// `npm run bench -- --pictures`: the picture rows alone (a minute, for work on the pictures).
if (process.argv.includes("--pictures")) {
  await printRows();
  process.exit(0);
}

await animationRows(rows);

let nmoves = 0;
const enumTimes = await time(2000, () => {
  nmoves = onexeno.legalMoves(closed.state, seat).length;
});
rows.push({
  what: "legal-move enumeration (closed field)",
  median: ms(q(enumTimes, 0.5)),
  p99: ms(q(enumTimes, 0.99)),
  other: `${nmoves} moves`,
});

// Canasta: 1,000 seeded 8-player two-deck states with a 41-card face-up pile, taken whole.
// "take" = decide the take and list every allowed count (what the draw reply needs) plus the
// suggested rows for the owed card; "all moves" = the whole legal-move list after the take.
{
  const takeTimes: number[] = [];
  const allTimes: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const s = bigPileState(`bench-${i}`);
    let t = performance.now();
    const draw = canastaLegalMoves(s, s.turn);
    const whole = draw.find((m) => m.kind === "take" && m.count === s.pile.length);
    if (!whole) throw new Error(`bench-${i}: the whole pile could not be taken`);
    const took = applyAction(canasta, s, { seat: s.turn, move: whole, version: s.version });
    if (!took.ok) throw new Error(took.error.code);
    meldsWith(took.value.hands[s.turn]!, took.value.mustMeld, 25);
    takeTimes.push(performance.now() - t);
    t = performance.now();
    canastaLegalMoves(took.value, s.turn);
    allTimes.push(performance.now() - t);
  }
  const worst = (xs: number[]) => Math.max(...xs);
  rows.push({
    what: "canasta 41-card pile: take check + counts + owed-card rows",
    median: ms(q(takeTimes, 0.5)),
    p99: ms(q(takeTimes, 0.99)),
    other: `worst of 1,000: ${ms(worst(takeTimes))} (target <= 50 ms)`,
  });
  rows.push({
    what: "canasta 41-card pile: every legal move after the take",
    median: ms(q(allTimes, 0.5)),
    p99: ms(q(allTimes, 0.99)),
    other: `worst of 1,000: ${ms(worst(allTimes))}`,
  });
}

const dir = mkdtempSync(join(tmpdir(), "onexeno-bench-"));
const store = await openStore<TableRecord>(`sqlite://${join(dir, "bench.sqlite")}`, "tables");
const rec = { schema: 1, state: closed.state, seats: [], moves: [] } as unknown as TableRecord;
const setTimes = await time(500, () => store.set(`k${Math.floor(Math.random() * 50)}`, rec));
const getTimes = await time(500, () => store.get(`k${Math.floor(Math.random() * 50)}`));
const par = performance.now();
await Promise.all(Array.from({ length: 256 }, (_, i) => store.set(`p${i % 16}`, rec)));
const parMs = performance.now() - par;
rows.push({
  what: "store set (SQLite WAL, one game state)",
  median: ms(q(setTimes, 0.5)),
  p99: ms(q(setTimes, 0.99)),
  other: `${(JSON.stringify(rec).length / 1024).toFixed(1)} KiB JSON; 256 concurrent sets on 16 keys in ${parMs.toFixed(0)} ms`,
});
rows.push({ what: "store get (the read cache: what a move sees)", median: ms(q(getTimes, 0.5)), p99: ms(q(getTimes, 0.99)), other: "" });
await store.close();
{
  // Cold reads: a fresh store each time, so every get reaches SQLite.
  const cold: number[] = [];
  for (let i = 0; i < 50; i++) {
    const fresh = await openStore<TableRecord>(`sqlite://${join(dir, "bench.sqlite")}`, "tables");
    const t = performance.now();
    await fresh.get(`k${i % 50}`);
    cold.push(performance.now() - t);
    await fresh.close();
  }
  rows.push({ what: "store get, cold (SQLite, no cache)", median: ms(q(cold, 0.5)), p99: ms(q(cold, 0.99)), other: "" });
}

// Turn clocks at start-up: the due index of 10,000 clocked tables (a record each), listed and armed.
{
  const dueStore: DueStore = await openStore(`sqlite://${join(dir, "bench.sqlite")}`, "clocks");
  const writing = new DueIndex(dueStore);
  const now = Date.now();
  let t = performance.now();
  await Promise.all(
    Array.from({ length: 10_000 }, (_, i) => writing.set(`onexeno:${200000000000000000n + BigInt(i)}`, now + 60_000 + i * 10)),
  );
  await writing.flush();
  const setMs = performance.now() - t;
  const size = (await dueStore.keys()).length;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  t = performance.now();
  const clocks = new Clocks(
    [],
    new DueIndex(dueStore),
    async () => {},
    () => {},
    { info() {}, error() {} },
  );
  await clocks.start();
  const startMs = performance.now() - t;
  gc?.();
  const heap = process.memoryUsage().heapUsed - heap0;
  const armed = clocks.armed;
  await clocks.stop();
  await dueStore.close();
  rows.push({
    what: "clock start-up: read the due index of 10,000 tables, arm timers",
    median: ms(startMs),
    p99: "",
    other: `${armed} armed from ${size} records; +${(heap / 1024 / 1024).toFixed(1)} MiB heap; 10,000 concurrent set() saved in ${setMs.toFixed(0)} ms`,
  });
}

// Claims before an interaction (src/store/claims.ts, src/app.ts holdGuild): the guild's claim
// (held: read, renewed past half its time) and the interaction's own, on the store's SQLite file.
{
  const url = `sqlite://${join(dir, "bench.sqlite")}`;
  const claims = await openClaims(url);
  let i = 0;
  const times = await time(2000, async () => {
    await claims.claim("guild:1", 60_000);
    await claims.once(`interaction:bench-${i++}`, 20 * 60_000);
  });
  await claims.release("guild:");
  await claims.close();
  rows.push({
    what: "claims before an interaction (guild + the interaction, SQLite)",
    median: ms(q(times, 0.5)),
    p99: ms(q(times, 0.99)),
    other: "2,000 interactions; what every interaction costs so that one process acts on a guild",
  });
}

// Tables in flight (bench/flight.ts): one table with the stand-in in the bot's process; 16 with
// it in the bot's process (the rig's figure) and in a process of its own (the bot's figure). The
// 16 tables play games back to back for FLIGHT_SECONDS, so that all of them are in flight the
// whole run, first each as fast as the bot answers (flat out: the bot's capacity), then paced at
// the targets' 150 moves/s.
//
// The event-loop delay's target is read at the targets' load, 150 moves/s, not flat out. Flat out,
// a closed loop keeps both cores full (2026-11-26, warm, 250 moves/s: a move costs the bot's main
// thread 2.5 ms, its picture thread 2.8, V8's threads about 1 and the rig 2), and in the 10 ms
// samples whose delay passed 5 ms the main thread had waited 4.6-9.3 ms on average for a core (its
// run-queue time, /proc/self/task/<pid>/schedstat) and 0-2 ms in a collection: that row measures
// the machine's cores, and is printed without a target (load generators such as wrk2 likewise
// hold latency targets at a given rate). docs/testing.md, "The event-loop delay", has the runs.
const FLIGHT_SECONDS = 8;
for (const [n, separate] of [
  [1, false],
  [16, false],
  [16, true],
] as const) {
  const r = await flight(n, { separate, ...(n > 1 ? { seconds: FLIGHT_SECONDS } : {}) });
  const rate = r.moves / (r.wallMs / 1000);
  const p99 = q(r.lat, 0.99);
  const where = separate ? "stand-in in its own process: the bot alone" : "stand-in in the bot's process";
  rows.push({
    what: `interaction -> reply, ${n} table${n > 1 ? `s in flight flat out for ${FLIGHT_SECONDS} s` : " in flight"} (${where})`,
    median: ms(q(r.lat, 0.5)),
    p99: ms(p99),
    other:
      `${r.moves} moves, ${rate.toFixed(1)} moves/s; the bot's part (INTERACTION_CREATE sent -> answer sent, whole ms) median ${q(r.botLat, 0.5)} ms, ` +
      `p99 ${q(r.botLat, 0.99)} ms; bot main thread ${r.mainMsPerMove.toFixed(1)} ms a move, bot CPU ${r.cpuMsPerMove.toFixed(1)} ms a move` +
      (r.standinCpuMsPerMove === undefined ? "" : `, the stand-in's process ${r.standinCpuMsPerMove.toFixed(1)} ms`),
    // The 16-table targets are the bot's alone (issue 27): with the stand-in in the bot's process
    // the row is the rig's figure, printed beside it without a target, as its delay row is.
    ...(n === 1
      ? { target: "p99 <= 30 ms", met: p99 <= 30 }
      : separate
        ? { target: ">= 150 moves/s, p99 <= 150 ms", met: rate >= 150 && p99 <= 150 }
        : {}),
  });
  if (n === 16)
    rows.push({
      what: `  event-loop delay of the bot, the 16 tables flat out (${where})`,
      median: "",
      p99: ms(r.loopP99),
      other: `perf_hooks.monitorEventLoopDelay, its 10 ms resolution taken off; largest ${ms(r.loopMax)}; no target: flat out, the cores are full`,
    });
}
// The same 16 tables paced at the targets' 150 moves/s (each table moves every 107 ms, on a fixed
// schedule), the bot alone: the latency and event-loop delay at the targets' load.
{
  const r = await flight(16, { separate: true, rate: 150, seconds: FLIGHT_SECONDS });
  const p99 = q(r.lat, 0.99);
  rows.push({
    what: `interaction -> reply, 16 tables paced at 150 moves/s for ${FLIGHT_SECONDS} s (the bot alone)`,
    median: ms(q(r.lat, 0.5)),
    p99: ms(p99),
    other:
      `${r.moves} moves, ${(r.moves / (r.wallMs / 1000)).toFixed(1)} moves/s (each new game's three lobby commands not counted); ` +
      `the bot's part median ${q(r.botLat, 0.5)} ms, p99 ${q(r.botLat, 0.99)} ms; bot main thread ${r.mainMsPerMove.toFixed(1)} ms a move`,
    target: "p99 <= 150 ms",
    met: p99 <= 150,
  });
  rows.push({
    what: "  event-loop delay of the bot, the 16 tables paced at 150 moves/s (the bot alone)",
    median: "",
    p99: ms(r.loopP99),
    other: `perf_hooks.monitorEventLoopDelay, its 10 ms resolution taken off; largest ${ms(r.loopMax)}`,
    target: "p99 <= 5 ms",
    met: r.loopP99 <= 5,
  });
}

// Start-up with 10,000 live tables (each with a turn clock) and 100,000 finished ones in the
// store (issue 15): rows are
// written straight into SQLite in one transaction; then the bot starts twice on the file: the
// first start after an upgrade scans every table into the due index once, later starts read the
// index alone. Nothing may be posted into any channel.
{
  const file = join(dir, "startup.sqlite");
  const url = `sqlite://${file}`;
  const seedStores = await openBotStores(url);
  await seedStores.close();
  const sample = new TableService(await openStore<TableRecord>("memory://", "sample"), onexenoGame.definition, {}, onexenoGame.seats);
  await sample.open("c", "g", { userId: "u0", name: "Ada" }, { variant: "basic", hands: 1 }, "startup", DEFAULT_CLOCK);
  for (const u of ["u1", "u2", "u3"]) await sample.join("c", { userId: u, name: u });
  await sample.start("c", "u0");
  const live = (await sample.get("c"))!;
  const over = { ...live, status: "over" as const };
  const { default: KeyvSqlite } = await import("@keyv/sqlite");
  const raw = new KeyvSqlite({ uri: url, table: "tables" });
  const t0 = performance.now();
  await raw.query("BEGIN");
  for (let i = 0; i < 110_000; i++) {
    const rec = i < 10_000 ? { ...live, channelId: `ch${i}` } : { ...over, channelId: `ch${i}` };
    await raw.query(
      "INSERT OR REPLACE INTO tables (key, value) VALUES (?, ?)",
      `tables:ch${i}`,
      `J${JSON.stringify({ value: rec, expires: null })}`,
    );
  }
  await raw.query("COMMIT");
  await raw.close();
  const seedMs = performance.now() - t0;
  const starts: { ms: number; heap: number; posts: number }[] = [];
  for (let run = 0; run < 2; run++) {
    const sb = new DiscordStandin();
    await sb.start();
    await registerCommands({ token: sb.token, apiUrl: sb.apiUrl, applicationId: sb.applicationId, guildId: sb.guildId });
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    const t = performance.now();
    const st = await openBotStores(url);
    const bot = await startBot({
      token: sb.token,
      apiUrl: sb.apiUrl,
      stores: st,
      log: { info() {}, error: (m, e) => console.error(m, e) },
    });
    await bot.ready;
    const ms = performance.now() - t;
    gc?.();
    starts.push({
      ms,
      heap: process.memoryUsage().heapUsed - heap0,
      posts: sb.channels.reduce((n, c) => n + sb.visibleMessages(c.id, null).length, 0),
    });
    await bot.stop();
    await st.close();
    await sb.stop();
  }
  const [first, later] = starts as [(typeof starts)[number], (typeof starts)[number]];
  rows.push({
    what: "start-up, 10,000 live + 100,000 finished tables: first start (one-time scan)",
    median: ms(first.ms),
    p99: "",
    other: `${first.heap >= 0 ? "+" : ""}${(first.heap / 1024 / 1024).toFixed(1)} MiB heap; ${first.posts} messages posted; rows written in ${(seedMs / 1000).toFixed(1)} s`,
  });
  rows.push({
    what: "start-up, the same store: every later start (the due index only)",
    median: ms(later.ms),
    p99: "",
    other: `${later.heap >= 0 ? "+" : ""}${(later.heap / 1024 / 1024).toFixed(1)} MiB heap; ${later.posts} messages posted; 10,000 clocks armed`,
    target: "ready < 2 s, nothing posted",
    met: later.ms < 2000 && later.posts === 0,
  });
}

// Memory: 1,000 live ONEXENO tables (4 players, dealt) held by one table service.
{
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const liveStore = await openStore<TableRecord>("memory://", "heap");
  const service = new TableService(liveStore, onexenoGame.definition, {}, onexenoGame.seats);
  for (let i = 0; i < 1000; i++) {
    const ch = `c${i}`;
    await service.open(ch, "g", { userId: "u0", name: "Ada" }, { variant: "basic", hands: 1 }, `heap-${i}`);
    for (const u of ["u1", "u2", "u3"]) await service.join(ch, { userId: u, name: u });
    await service.start(ch, "u0");
  }
  gc?.();
  const perTable = (process.memoryUsage().heapUsed - heap0) / 1000;
  rows.push({
    what: "heap per live table (1,000 live 4-player tables)",
    median: `${(perTable / 1024).toFixed(1)} KiB`,
    p99: "",
    other: gc ? "after gc" : "no --expose-gc: an upper bound",
    target: "<= 50 KB",
    met: perTable <= 50 * 1024,
  });
  await liveStore.close();
}
rmSync(dir, { recursive: true, force: true });

await printRows();

/**
 * Prints the rows as a table with their targets, and how many were missed; then the machine
 * reference at the run's start and end beside its quiet reading, to tell a busy hour from a change.
 */
async function printRows(): Promise<void> {
  const referenceAtEnd = referenceMs();
  const w = [Math.max(...rows.map((r) => r.what.length)), 10, 10];
  const mark = (r: (typeof rows)[number]) => (r.target === undefined ? "" : `${r.met ? "ok" : "MISS"} (${r.target})`);
  console.log(`\n| ${"measure".padEnd(w[0]!)} | ${"median".padEnd(w[1]!)} | ${"p99".padEnd(w[2]!)} | target | other`);
  console.log(`|${"-".repeat(w[0]! + 2)}|${"-".repeat(w[1]! + 2)}|${"-".repeat(w[2]! + 2)}|--------|------`);
  for (const r of rows)
    console.log(`| ${r.what.padEnd(w[0]!)} | ${r.median.padEnd(w[1]!)} | ${r.p99.padEnd(w[2]!)} | ${mark(r)} | ${r.other}`);
  const misses = rows.filter((r) => r.target !== undefined && !r.met).length;
  console.log(
    `\n${misses} of ${rows.filter((r) => r.target !== undefined).length} targets missed. node ${process.version}, ${(await import("node:os")).cpus().length} cores`,
  );
  console.log(referenceLine(referenceAtStart, referenceAtEnd));
}
