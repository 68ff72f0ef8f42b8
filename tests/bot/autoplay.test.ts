/**
 * Computer moves run one at a time per channel: a kick that arrives while a step is posting (a
 * clock's wake, another interaction) waits for it, so a later table is never posted beside an
 * earlier one still on its way (the earlier could land below it).
 */
import { describe, expect, it } from "vitest";
import { Autoplay } from "../../src/bot/autoplay.ts";
import { RecordingLogger } from "../e2e/harness.ts";

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
    await ap.stop();
  });

  it("stops only once the move under way is saved, and posts nothing after", async () => {
    let saved = false;
    let started = false;
    let release: (() => void) | null = null;
    const posted: string[] = [];
    const ap = new Autoplay(
      () => [
        async () => {
          started = true;
          await new Promise<void>((r) => (release = r)); // the move's store write, still under way
          saved = true;
          return { content: "moved" };
        },
      ],
      async (_ch, payload) => void posted.push(String(payload.content)),
      1,
      () => new RecordingLogger(),
    );
    ap.kick("c");
    while (!started) await new Promise((r) => setTimeout(r, 1));
    let stopped = false;
    const stopping = ap.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false); // the store must stay open for the move
    (release as unknown as () => void)();
    await stopping;
    expect(saved).toBe(true);
    expect(posted).toEqual([]);
    ap.kick("c"); // after the stop, nothing is scheduled
    expect(started && posted.length === 0).toBe(true);
  });
});
