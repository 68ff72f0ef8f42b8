/**
 * A channel's budget of message writes (src/surfaces/channel/budget.ts): at most 5 in any 5.5 s window,
 * granted in order, each channel on its own; `take(channel, 2)` counts two.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChannelBudget } from "../../src/surfaces/channel/budget.ts";

describe("ChannelBudget", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it("grants at most `count` writes in any window, in order, each channel apart", async () => {
    const budget = new ChannelBudget(5, 5500);
    const granted: { ch: string; i: number; at: number }[] = [];
    const asks = [
      ...Array.from({ length: 12 }, (_, i) => budget.take("a").then(() => granted.push({ ch: "a", i, at: Date.now() }))),
      ...Array.from({ length: 3 }, (_, i) => budget.take("b").then(() => granted.push({ ch: "b", i, at: Date.now() }))),
    ];
    await vi.advanceTimersByTimeAsync(20_000);
    await Promise.all(asks);
    const a = granted.filter((g) => g.ch === "a");
    expect(a.map((g) => g.i)).toEqual([...Array(12).keys()]);
    for (const g of a) expect(a.filter((x) => x.at >= g.at && x.at < g.at + 5500).length).toBeLessThanOrEqual(5);
    // The first five at once, then each as the oldest ages out.
    expect(a.slice(0, 5).every((g) => g.at === 1_000_000)).toBe(true);
    expect(a[5]!.at).toBeGreaterThanOrEqual(1_005_500);
    expect(a[10]!.at).toBeGreaterThanOrEqual(1_011_000);
    // Another channel is not held up.
    expect(granted.filter((g) => g.ch === "b").every((g) => g.at === 1_000_000)).toBe(true);
  });

  it("use: a tidy-up edit takes the grant its move left open, else waits for room like take", async () => {
    const budget = new ChannelBudget(5, 5500);
    await budget.take("d", 2); // a computer's move: its table message and the tidy-up
    budget.note("d"); // the table message is sent
    await budget.use("d"); // the tidy-up uses the second grant: no wait, nothing counted twice
    expect(budget.delay("d", 3)).toBe(0);
    for (let i = 0; i < 3; i++) await budget.use("d"); // edits with no grant: counted as they go
    expect(budget.delay("d")).toBe(5500);
    let done = false;
    void budget.use("d").then(() => (done = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(600);
    expect(done).toBe(true);
  });

  it("counts a write of two (a table message and the tidy edit it brings) as two", async () => {
    const budget = new ChannelBudget(5, 5500);
    for (let i = 0; i < 2; i++) await budget.take("c", 2);
    expect(budget.delay("c")).toBe(0);
    expect(budget.delay("c", 2)).toBe(5500);
    let done = false;
    void budget.take("c", 2).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(600);
    expect(done).toBe(true);
  });

  it("counts the writes it did not pace (a lobby's messages), and a paced write once, not twice", async () => {
    const budget = new ChannelBudget(5, 5500);
    for (let i = 0; i < 4; i++) budget.note("d"); // four unpaced writes
    await budget.take("d"); // the fifth fits
    budget.note("d"); // ... and is sent: it uses its grant
    expect(budget.delay("d")).toBeGreaterThan(0); // five in the window: the sixth waits
    let done = false;
    void budget.take("d").then(() => (done = true));
    await vi.advanceTimersByTimeAsync(5400);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
  });

  it("counts a granted write from when it is sent (a picture drawn in between does not shift the window)", async () => {
    const budget = new ChannelBudget(5, 5500);
    for (let i = 0; i < 5; i++) await budget.take("e");
    // The five writes are sent 400 ms after their grants (the pictures took that long).
    await vi.advanceTimersByTimeAsync(400);
    for (let i = 0; i < 5; i++) budget.note("e");
    expect(budget.delay("e")).toBe(5500);
  });
});
