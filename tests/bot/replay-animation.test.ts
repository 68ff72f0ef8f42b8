/**
 * A replay's animation (commands/replay-animation.ts, render/animation.ts), for every game: a
 * game played to its end becomes one frame per move (a real-time game: one per second of play),
 * the GIF decodes to exactly those frames with their delays, and its frames composited in order
 * end on the game's final table picture, the one its table message shows.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GAME_SET } from "../../commands/index.ts";
import { chapters } from "../../commands/replay.ts";
import { tableAt } from "../../commands/record-table.ts";
import { END_MS, MAX_FRAMES, MOVE_MS, replayFrames, SECOND_MS } from "../../commands/replay-animation.ts";
import { replayRecord } from "../../src/bot/game-record.ts";
import type { AnyTable } from "../../src/bot/tables.ts";
import { CONFIGS, playToEnd, T0 } from "../helpers/records.ts";
import { writeFileSync } from "node:fs";
import { pixels } from "../helpers/pixels.ts";
import { farPixels, showGif } from "../helpers/gif.ts";

beforeEach(() => {
  process.env.PICTURE_THREADS = "0"; // drawn inline, on this thread
  // Only the date is fixed: the drawing turns the event loop between frames (setImmediate).
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.PICTURE_THREADS;
});

const animated = GAME_SET.views.filter((v) => v.animate);

describe("the animation", () => {
  it("is offered by every game of the list", () => {
    expect(animated.map((v) => v.id).sort()).toEqual(GAME_SET.catalogue.games.map((g) => g.id).sort());
  });
});

/** Each game once, ONEXENO in both of its table variants (partners: four seats). */
const cases = [
  ...animated.map((view) => ({ name: view.id, view, config: CONFIGS[view.id] })),
  { name: "onexeno-partners", view: animated.find((v) => v.id === "onexeno")!, config: { variant: "partners", hands: 1 } },
];

describe.each(cases)("$name's animation", ({ name, view, config }) => {
  it("has one frame per move (real-time: per second of play), decodes, and ends on the final table picture", async () => {
    const rules = GAME_SET.catalogue.game(view.id)!;
    const { records } = await playToEnd(rules, undefined, config);
    const record = records[0]!;
    const tables: AnyTable[] = replayRecord(rules.definition, record).map((p, i) => tableAt(record, p, i));
    const times = tables.map((_, i) => (i === 0 ? undefined : record.moves[i - 1]?.at));
    const realTime = view.timed !== undefined;
    const frames = replayFrames(tables, times, realTime, record.endedAt);
    if (realTime) {
      const first = record.moves.find((m) => m.at !== undefined)!.at!;
      const last = record.moves.at(-1)!.at!;
      expect(frames.length).toBe(Math.ceil((last - first) / 1000) + 1);
      expect(frames.at(-1)!.table).toBe(tables.at(-1));
    } else {
      expect(frames).toHaveLength(Math.min(MAX_FRAMES, record.moves.length + 1));
      // A game longer than MAX_FRAMES is sampled (the next test): its first and last positions are kept.
      if (tables.length <= MAX_FRAMES) expect(frames.map((f) => f.table)).toEqual(tables);
      else expect([frames[0]!.table, frames.at(-1)!.table]).toEqual([tables[0], tables.at(-1)]);
    }
    const gif = await view.animate!(frames);
    // `WRITE_ANIMATIONS=1`: keep each game's animation as the docs show it (docs/animations/).
    if (process.env.WRITE_ANIMATIONS) writeFileSync(new URL(`../../docs/animations/${name}.gif`, import.meta.url), gif);
    expect(gif.subarray(0, 6).toString("latin1")).toBe("GIF89a");
    const shown = showGif(gif);
    expect(shown.count).toBe(frames.length);
    expect(shown.delays.at(-1)).toBe(END_MS);
    expect(shown.delays[1]).toBe(realTime ? SECOND_MS : MOVE_MS);

    // The last frame is the final position: the table message's own picture, within the palette's rounding.
    vi.setSystemTime(frames.at(-1)!.at); // a real-time table draws its clocks at this time
    const message = await view.payload(tables.at(-1)!);
    const file = message.files?.find((f) => typeof f === "object" && f !== null && "attachment" in f) as { attachment: Buffer } | undefined;
    const table = await pixels(file!.attachment);
    // As large as the largest frame: a smaller final picture sits at its top.
    expect(shown.w).toBe(table.w);
    expect(shown.h).toBeGreaterThanOrEqual(table.h);
    expect(farPixels(table.data, shown.last.subarray(0, table.data.length))).toBeLessThan(0.002);
  });
});

describe("replayFrames", () => {
  const t = (n: number) => ({ n }) as unknown as AnyTable;
  it("keeps a long game under MAX_FRAMES, first and last kept, the end held longest", () => {
    const tables = Array.from({ length: 1500 }, (_, i) => t(i));
    const frames = replayFrames(tables, [], false, T0);
    expect(frames).toHaveLength(MAX_FRAMES);
    expect(frames[0]!.table).toBe(tables[0]);
    expect(frames.at(-1)!.table).toBe(tables.at(-1));
    expect(frames.at(-1)!.delay).toBe(END_MS);
    expect(frames[1]!.delay).toBeLessThanOrEqual(1000);
  });
  it("real-time: the position reached by each second of play", () => {
    const tables = [t(0), t(1), t(2), t(3)];
    const frames = replayFrames(tables, [undefined, T0 + 200, T0 + 2100, T0 + 2500], true, T0 + 9000);
    expect(frames.map((f) => [f.at - T0, tables.indexOf(f.table)])).toEqual([
      [200, 1],
      [1200, 1],
      [2200, 2],
      [2500, 3],
    ]);
  });
});

describe("the replay's jump menu", () => {
  const positions = async (id: string) => {
    const rules = GAME_SET.catalogue.game(id)!;
    const { records } = await playToEnd(rules);
    const record = records[0]!;
    return replayRecord(rules.definition, record).map((p, i) => tableAt(record, p, i));
  };

  it("lists each round of a game with rounds from its first position, with its moves", async () => {
    const tables = await positions("onze");
    const list = chapters(GAME_SET.views.find((v) => v.id === "onze")!, tables);
    const roundOf = (t: AnyTable) => (t.state as unknown as { round: number }).round;
    const rounds = new Set(tables.map(roundOf));
    expect(list).toHaveLength(rounds.size);
    expect(list[0]).toEqual({ label: expect.stringMatching(/^Round 1: 2 sets · moves 0-\d+$/), at: 0 });
    for (const c of list.slice(1)) {
      const round = roundOf(tables[c.at]!);
      expect(roundOf(tables[c.at - 1]!)).toBe(round - 1);
      expect(c.label).toMatch(new RegExp(`^Round ${round}: `));
    }
  });

  it("steps by moves in a game without rounds, the deal first and the end last, at most 25", async () => {
    const tables = await positions("solitaire");
    const list = chapters(GAME_SET.views.find((v) => v.id === "solitaire")!, tables);
    expect(list.length).toBeLessThanOrEqual(25);
    expect(list[0]).toEqual({ label: "The deal", at: 0 });
    expect(list.at(-1)!.at).toBe(tables.length - 1);
    expect(list.map((c) => c.at)).toEqual([...list.map((c) => c.at)].sort((a, b) => a - b));
  });
});
