/**
 * Real-time ordering: the sequencer applies actions by their timestamps within its window, and
 * the coalescer paces edits. Fake timers: no test waits on the wall clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Sequencer, orderOfSnowflake, orderOfTime } from "../../src/bot/sequencer.ts";
import { Coalescer } from "../../src/bot/coalesce.ts";

const T0 = 1_700_000_000_000;
/** A snowflake made at `at` ms with increment `inc` (https://discord.com/developers/docs/reference#snowflakes). */
const flake = (at: number, inc: number) => (((BigInt(at) - 1420070400000n) << 22n) | BigInt(inc)).toString();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("Sequencer", () => {
  it("100 simultaneous claims of one piece, arriving in random order: exactly one winner, the earliest", async () => {
    for (let trial = 0; trial < 20; trial++) {
      const seq = new Sequencer(250);
      let holder: string | null = null;
      const winners: string[] = [];
      const claims = Array.from({ length: 100 }, (_, i) => ({ user: `u${i}`, at: T0 + Math.floor(Math.random() * 200), inc: i }));
      const arrival = [...claims].sort(() => Math.random() - 0.5);
      const results = arrival.map((c) =>
        seq.run("ch", c.at, orderOfSnowflake(flake(c.at, c.inc)), async () => {
          await Promise.resolve(); // a store write in between
          if (holder !== null) return false;
          holder = c.user;
          winners.push(c.user);
          return true;
        }),
      );
      await vi.advanceTimersByTimeAsync(1000);
      const won = await Promise.all(results);
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(winners).toHaveLength(1);
      const earliest = [...claims].sort((a, b) => a.at - b.at || a.inc - b.inc)[0]!;
      expect(holder).toBe(earliest.user);
    }
  });

  it("holds an action until its time plus the window; a later one made earlier still goes first", async () => {
    const seq = new Sequencer(250);
    const ran: string[] = [];
    const late = seq.run("ch", T0 + 10, orderOfTime(T0 + 10), async () => void ran.push("made second, arrived first"));
    await vi.advanceTimersByTimeAsync(100);
    expect(ran).toEqual([]);
    const early = seq.run("ch", T0 + 5, orderOfTime(T0 + 5), async () => void ran.push("made first, arrived second"));
    await vi.advanceTimersByTimeAsync(150);
    expect(ran).toEqual([]); // T0 + 250: the first is due at T0 + 255
    await vi.advanceTimersByTimeAsync(10);
    await Promise.all([late, early]);
    expect(ran).toEqual(["made first, arrived second", "made second, arrived first"]);
  });

  it("runs an action made before the window at once; holds one from the future at most maxHold", async () => {
    const seq = new Sequencer(250, Date.now, 1000);
    const ran: string[] = [];
    void seq.run("ch", T0 - 5000, 1n, async () => void ran.push("old"));
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual(["old"]);
    void seq.run("ch", T0 + 60_000, 2n, async () => void ran.push("skewed"));
    await vi.advanceTimersByTimeAsync(999);
    expect(ran).toEqual(["old"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual(["old", "skewed"]);
  });

  it("passes a job's failure to its caller only", async () => {
    const seq = new Sequencer(0);
    const bad = seq.run("ch", T0, 1n, async () => {
      throw new Error("refused");
    });
    const good = seq.run("ch", T0, 2n, async () => 7);
    const caught = bad.catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(0);
    expect(await caught).toBe("refused");
    expect(await good).toBe(7);
  });
});

describe("Coalescer", () => {
  it("runs a key at most once a gap, with the newest job; keys are independent", async () => {
    const ran: string[] = [];
    const c = new Coalescer(1200, () => {});
    c.request("a", async () => void ran.push("a1"));
    c.request("b", async () => void ran.push("b1"));
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual(["a1", "b1"]);
    for (let i = 2; i <= 5; i++) c.request("a", async () => void ran.push(`a${i}`));
    await vi.advanceTimersByTimeAsync(1199);
    expect(ran).toEqual(["a1", "b1"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual(["a1", "b1", "a5"]);
    c.drop("a");
    c.request("a", async () => void ran.push("a6"));
    c.drop("a");
    await vi.advanceTimersByTimeAsync(5000);
    expect(ran).toEqual(["a1", "b1", "a5"]);
    await c.stop();
  });
});
