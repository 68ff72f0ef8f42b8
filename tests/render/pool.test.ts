/**
 * Pictures made on the worker pool are the very bytes made inline, whatever the job; an
 * animation made in parts on its threads shows the same frames as one made inline; and the
 * pool's size is read from PICTURE_THREADS with a clear error for a bad value; the bot starts it
 * with its kept threads, and threads join it when pictures are asked for at once.
 */
import { afterAll, describe, expect, it } from "vitest";
import { availableParallelism } from "node:os";
import { threadId } from "node:worker_threads";
import { onexeno, onexenoView, playNow, setupOnexeno } from "../../src/games/onexeno/game.ts";
import { encodeAnimation, splitAnimation } from "../../render/animation.ts";
import { farPixels, showGif } from "../helpers/gif.ts";
import { solitaireView, setupSolitaire } from "../../src/games/onexeno/solitaire.ts";
import { encodeJob, type PictureJob } from "../../render/pictures.ts";
import {
  closePictures,
  pictureThreads,
  renderAnimation,
  renderDescribed,
  renderPicture,
  runningPictureThreads,
  runThought,
  startPictures,
} from "../../render/pool.ts";
import { think } from "../../src/engine/thinking.ts";
import { seedRng } from "../../src/engine/rng.ts";
import { chooseComputerMove } from "../../src/games/onexeno/computer.ts";
import { ONEXENO_THOUGHTS } from "../../src/games/onexeno/expert.ts";
import type { OnexenoMove } from "../../src/games/onexeno/game.ts";
import { RACE_THOUGHTS } from "../fixtures/race/thought.ts";
import { GOLDEN_DERIVATION, scenes } from "./scenes.ts";
import { RACE_SCENES } from "../fixtures/race/scene.ts";
import { ONEXENO_SCENES } from "../../render/onexeno/scenes.ts";
import { describeOnexenoTable } from "../../render/onexeno/words.ts";
import { CARDENO_SCENES } from "../../render/cardeno/scenes.ts";
import { describeCardeno } from "../../render/cardeno/words.ts";
import { cardenoView, type CardenoState } from "../../src/games/cardeno/game.ts";
import { pieceOf } from "../../src/games/cardeno/pieces.ts";
import { playCardeno } from "../helpers/cardeno.ts";

afterAll(async () => {
  delete process.env.PICTURE_THREADS;
  await closePictures();
});

describe("the picture pool", () => {
  it("makes the same PNG on a worker thread as on this one, for jobs sent at once", async () => {
    process.env.PICTURE_THREADS = "2";
    const { closed, trick } = scenes();
    const jobs: PictureJob[] = [
      ONEXENO_SCENES.job("table", { view: onexenoView(closed!.state, null), names: closed!.names, clock: "until 14:05 UTC" }),
      ONEXENO_SCENES.job("hand", {
        hand: trick!.state.hands[0]!,
        playable: [trick!.state.hands[0]![0]!],
        title: "Your hand",
        captions: trick!.state.hands[0]!.map((_, i) => `card ${i}`),
      }),
      ONEXENO_SCENES.job("solitaire", { view: solitaireView(setupSolitaire("pool")), owner: "Ada", hint: { x: 0, y: 0 } }),
      // The fixture game's table: its scene module (tests/fixtures/race/scene.ts) loads on the thread with its first picture.
      RACE_SCENES.job("table", { total: 14, turn: 1, names: ["Ada", "Ben", "Cleo"], handSizes: [3, 4, 4], stock: 9, winner: null }),
    ];
    const pooled = await Promise.all(jobs.map((j) => renderPicture(j)));
    jobs.forEach((j, i) => expect(pooled[i]!.equals(encodeJob(j)), j.kind === "scene" ? j.scene : j.kind).toBe(true));
    expect(threadId).toBe(0); // this test runs on the main thread; the pool's threads are others
  });

  it("makes a table's picture and its alt text on a worker thread, the same as made here; a scene without words has none", async () => {
    const { closed } = scenes();
    const view = onexenoView(closed!.state, null);
    const table = ONEXENO_SCENES.job("table", { view, names: closed!.names, locale: "fr" });
    const hand = ONEXENO_SCENES.job("hand", { hand: closed!.state.hands[0]!, playable: [], title: "Main" });
    for (const threads of ["2", "0"]) {
      process.env.PICTURE_THREADS = threads;
      const [described, bare] = await Promise.all([renderDescribed(table), renderDescribed(hand)]);
      expect(described.png.equals(encodeJob(table)), `${threads} threads`).toBe(true);
      expect(described.alt).toBe(describeOnexenoTable(view, closed!.names, "fr"));
      expect(described.alt).toMatch(/^ONEXENO/);
      expect(bare.png.equals(encodeJob(hand))).toBe(true);
      expect(bare.alt).toBeUndefined();
    }
  });

  it("a picture thread has every word a game's alt text needs: a Cardeno race names its pieces' suits, with only Cardeno's scenes loaded there", async () => {
    process.env.PICTURE_THREADS = "2";
    await closePictures(); // fresh threads: no other game's words loaded
    let race: CardenoState | undefined;
    playCardeno({ rounds: 1 }, ["normal", "normal", "normal"], "pool-words", (x) => {
      if (x.phase === "race" && x.centre.filter((f) => pieceOf(f.piece).suit).length >= 2) race = x;
      return race !== undefined;
    });
    for (const locale of ["en", "fr"] as const) {
      const job = CARDENO_SCENES.job("table", { view: cardenoView(race!, null), names: ["Ada", "Ben", "Cleo"], locale });
      const { alt } = await renderDescribed(job);
      expect(alt).toBe(describeCardeno(cardenoView(race!, null), ["Ada", "Ben", "Cleo"], locale));
      expect(alt).toMatch(locale === "en" ? /of (clubs|diamonds|hearts|spades)/ : /de (trèfle|carreau|cœur|pique)/);
      expect(alt, "a message key left untranslated").not.toMatch(/\b[a-z]+\.[a-z]+_[a-z0-9_]+\b/);
    }
  });

  it("runs a computer's search on a worker thread, loading its module by URL there, and finds the move found inline", async () => {
    process.env.PICTURE_THREADS = "2";
    // The fixture's search names the thread it ran on: not this one, and seeded as here.
    const where = (await runThought(RACE_THOUGHTS.job("where", { total: 14 }, "seed-1"))) as {
      thread: number;
      total: number;
      draw: number;
    };
    expect(where.thread).not.toBe(threadId);
    expect(where).toEqual({ ...((await think(RACE_THOUGHTS.job("where", { total: 14 }, "seed-1"))) as object), thread: where.thread });
    // The ONEXENO expert along a seeded game: the pool's moves are the inline computer's.
    let s = setupOnexeno({ variant: "basic", hands: 1 }, 3, "pool-thought", GOLDEN_DERIVATION);
    if (!s.ok) throw new Error(s.error.message);
    let state = s.value;
    for (let k = 0; k < 6 && state.phase === "play"; k++) {
      const view = onexenoView(state, state.turn);
      const seed = `pool-thought:${state.version}`;
      const pooled = (await runThought(ONEXENO_THOUGHTS.job("expert", view, seed))) as OnexenoMove;
      expect(pooled).toEqual(chooseComputerMove(view, "expert", seedRng(seed)));
      s = playNow(state, state.turn, pooled);
      if (!s.ok) throw new Error(s.error.message);
      state = s.value;
    }
    expect(state.version).toBeGreaterThanOrEqual(6);
  });

  it("makes an animation in parts on its threads that shows every frame as the one made inline", async () => {
    process.env.PICTURE_THREADS = "2";
    const start = setupOnexeno({ variant: "basic", hands: 1 }, 3, "pool-animation", GOLDEN_DERIVATION);
    if (!start.ok) throw new Error(start.error.message);
    const states = [start.value];
    for (let s = start.value; states.length < 24 && s.phase === "play"; states.push(s)) {
      const next = playNow(s, s.turn, onexeno.legalMoves(s, s.turn)[0]!);
      if (!next.ok) throw new Error(next.error.message);
      s = next.value;
    }
    const job = {
      frames: states.map((s): PictureJob => ONEXENO_SCENES.job("table", { view: onexenoView(s, null), names: ["Ada", "Ben", "Cleo"] })),
      delays: states.map(() => 500),
    };
    expect(splitAnimation(job, 2)).toHaveLength(2);
    const inline: Uint8ClampedArray[] = [];
    showGif(await encodeAnimation(job), (rgba) => inline.push(rgba.slice()));
    const pooled = showGif(await renderAnimation(job), (rgba, i) => expect(farPixels(rgba, inline[i]!), `frame ${i}`).toBeLessThan(0.002));
    expect(pooled.count).toBe(states.length);
    expect(inline).toHaveLength(states.length);
  });

  it("starts with its kept threads before any picture, adds threads up to its size for pictures asked at once", async () => {
    await closePictures();
    process.env.PICTURE_THREADS = "0";
    startPictures();
    expect(runningPictureThreads()).toBe(0); // inline pictures: no pool
    process.env.PICTURE_THREADS = "1";
    startPictures();
    expect(runningPictureThreads()).toBe(1); // never more than the pool's size
    await closePictures();
    process.env.PICTURE_THREADS = "3";
    startPictures();
    expect(runningPictureThreads()).toBe(2); // the two kept threads, loading the drawing code already
    startPictures(); // a second call changes nothing
    expect(runningPictureThreads()).toBe(2);
    const { closed } = scenes();
    const job: PictureJob = ONEXENO_SCENES.job("table", { view: onexenoView(closed!.state, null), names: closed!.names });
    const made = await Promise.all(Array.from({ length: 9 }, () => renderPicture(job)));
    expect(runningPictureThreads()).toBe(3);
    const inline = encodeJob(job);
    for (const bytes of made) expect(bytes.equals(inline)).toBe(true);
    await closePictures();
    expect(runningPictureThreads()).toBe(0);
  });

  it("reads its size from PICTURE_THREADS: unset leaves the event loop a core, 0 is inline, nonsense is refused", async () => {
    delete process.env.PICTURE_THREADS;
    expect(pictureThreads()).toBe(Math.max(1, availableParallelism() - 1));
    process.env.PICTURE_THREADS = "0";
    expect(pictureThreads()).toBe(0);
    const { fresh } = scenes();
    const job: PictureJob = ONEXENO_SCENES.job("table", { view: onexenoView(fresh!.state, null), names: fresh!.names });
    expect((await renderPicture(job)).equals(encodeJob(job))).toBe(true);
    process.env.PICTURE_THREADS = "two";
    expect(() => pictureThreads()).toThrow(/PICTURE_THREADS/);
  });
});
