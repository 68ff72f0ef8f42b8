/**
 * The bench's replay animation rows (issue 24): the animated GIF of a 60-move ONEXENO game and of
 * a whole Onze round (4 players), made as `/replay`'s Animation button makes it (frames drawn and
 * encoded on the picture pool, render/animation.ts), against the targets of 1 s and 2 MB; and
 * the same ONEXENO frames through @napi-rs/canvas's own `GifEncoder`, the encoder looked at first.
 */
import { GifDisposal, GifEncoder } from "@napi-rs/canvas";
import {
  onexeno,
  onexenoView,
  playNow,
  trickPointsOf,
  setupOnexeno,
  type OnexenoMove,
  type OnexenoState,
} from "../src/games/onexeno/game.ts";
import { onzeView, type OnzeState } from "../src/games/onze/game.ts";
import { drawJob, type PictureJob } from "../render/pictures.ts";
import { renderAnimation } from "../render/pool.ts";
import { playOnze } from "../tests/helpers/onze.ts";
import { NAMES } from "../tests/render/scenes.ts";
import { ONEXENO_SCENES } from "../render/onexeno/scenes.ts";
import { ONZE_SCENES } from "../render/onze/scenes.ts";

/** A printed bench row (bench/bench.ts). */
export interface BenchRow {
  what: string;
  median: string;
  p99: string;
  other: string;
  target?: string;
  met?: boolean;
}

/** ONEXENO basic, 4 players: 60 moves (best-scoring placement, else pass) from a fixed deal. */
function onexenoGame(): OnexenoState[] {
  const r = setupOnexeno({ variant: "basic", hands: 2 }, 4, "bench-replay");
  if (!r.ok) throw new Error(r.error.message);
  const states = [r.value];
  let s = r.value;
  while (states.length <= 60 && s.phase === "play") {
    const places = onexeno.legalMoves(s, s.turn).filter((m): m is OnexenoMove & { kind: "place" } => m.kind === "place");
    const best = [...places].sort((a, b) => trickPointsOf(s, b) - trickPointsOf(s, a))[0];
    const next = playNow(s, s.turn, best ?? { kind: "pass" });
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
    states.push(s);
  }
  return states;
}

/** Onze, 4 normal computers: every position of the first round (the deal to the round's end). */
function onzeRound(): OnzeState[] {
  const states: OnzeState[] = [];
  playOnze(["normal", "normal", "normal", "normal"], "bench-replay", (s, _m, _seat, before) => {
    if (before.round !== 1) return;
    if (states.length === 0) states.push(before);
    states.push(s);
  });
  return states;
}

/** Makes the animation of `frames` 5 times through the pool: one row against the targets. */
async function row(what: string, frames: PictureJob[], rows: BenchRow[]): Promise<void> {
  const delays = frames.map((_, i) => (i === 0 ? 1500 : i === frames.length - 1 ? 4000 : 800));
  await renderAnimation({ frames: frames.slice(0, 2), delays: delays.slice(0, 2) }); // start a thread, load fonts
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    bytes = (await renderAnimation({ frames, delays })).length;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const med = times[2] ?? Number.NaN;
  rows.push({
    what,
    median: `${med.toFixed(0)} ms`,
    p99: `${(times[4] ?? Number.NaN).toFixed(0)} ms`,
    other: `${frames.length} frames, ${(bytes / 1024 / 1024).toFixed(2)} MB GIF; ${(med / frames.length).toFixed(1)} ms a frame`,
    target: "<= 1 s, <= 2 MB",
    met: med <= 1000 && bytes <= 2 * 1024 * 1024,
  });
}

/** The replay animation rows, appended to `rows`. */
export async function animationRows(rows: BenchRow[]): Promise<void> {
  const names = NAMES.slice(0, 4);
  const onexenoFrames: PictureJob[] = onexenoGame().map((s) => ONEXENO_SCENES.job("table", { view: onexenoView(s, null), names }));
  await row("replay animation: 60-move ONEXENO game (pool)", onexenoFrames, rows);
  const onze = onzeRound();
  await row(
    "replay animation: a whole Onze round, 4 players (pool)",
    onze.map((s) => ONZE_SCENES.job("table", { view: onzeView(s, null), names })),
    rows,
  );

  // The encoder looked at first: @napi-rs/canvas's GifEncoder (NeuQuant on every full frame), on this thread.
  const t = performance.now();
  const first = drawJob(onexenoFrames[0] as PictureJob);
  const gif = new GifEncoder(first.width, first.height, { repeat: 0, quality: 10 });
  for (const job of onexenoFrames) {
    const c = drawJob(job);
    gif.addFrame(new Uint8Array(c.data()), c.width, c.height, { delay: 800, disposal: GifDisposal.Keep });
  }
  const napi = gif.finish();
  rows.push({
    what: "  the same ONEXENO game through @napi-rs/canvas GifEncoder",
    median: `${(performance.now() - t).toFixed(0)} ms`,
    p99: "",
    other: `${(napi.length / 1024 / 1024).toFixed(2)} MB GIF (quality 10), one run on the main thread`,
  });
}
