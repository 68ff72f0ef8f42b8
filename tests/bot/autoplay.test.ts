/**
 * Computer moves run one at a time per channel: a kick that arrives while a step is posting (a
 * clock's wake, another interaction) waits for it, so a later table is never posted beside an
 * earlier one still on its way (the earlier could land below it).
 */
import { describe, expect, it } from "vitest";
import { Autoplay } from "../../src/bot/autoplay";
import { RecordingLogger } from "../e2e/harness";

describe("autoplay", () => {
  it("never runs two steps of one channel at once; a kick during a step runs after it", async () => {
    let moves = 3;
    let inFlight = 0;
    let most = 0;
    const order: number[] = [];
    let release: (() => void) | null = null;
    const ap = new Autoplay(
      () => [async () => (moves > 0 ? { content: String(moves--) } : null)],
      async (_ch, payload) => {
        inFlight++;
        most = Math.max(most, inFlight);
        // The first post is slow: it waits until the test has kicked again meanwhile.
        if (payload.content === "3") await new Promise<void>((r) => (release = r));
        order.push(Number(payload.content));
        inFlight--;
      },
      1,
      () => new RecordingLogger(),
    );
    ap.kick("c");
    while (!release) await new Promise((r) => setTimeout(r, 1));
    ap.kick("c"); // a clock's wake while the first post is in flight
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]); // nothing overtook the slow post
    (release as () => void)();
    while (order.length < 3) await new Promise((r) => setTimeout(r, 1));
    expect(order).toEqual([3, 2, 1]);
    expect(most).toBe(1);
    ap.stop();
  });
});
