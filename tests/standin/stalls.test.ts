/**
 * Time the machine takes from the process (src/standin/stalls.ts), which the stand-in leaves out
 * of Discord's 3 s interaction window: a thread put to sleep (as a busy machine does to a
 * process it does not run) is credited; a thread busy with its own work is not, so a bot that is
 * slow by itself is still refused.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mainThreadCpuMs, StolenTime } from "../../src/standin/stalls.ts";

const sleepThread = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const busy = (ms: number) => {
  const until = mainThreadCpuMs() + ms;
  while (mainThreadCpuMs() < until);
};
const tick = () => new Promise((r) => setTimeout(r, 120));

let clock: StolenTime | null = null;
afterEach(() => clock?.stop());

describe("time taken from the process", () => {
  it("credits a sleep the thread did not choose, never its own work", async () => {
    clock = new StolenTime();
    const t0 = Date.now();
    await tick();
    busy(400);
    await tick();
    // On a busy machine some of that wall time was taken too; never more than it lasted beyond the work.
    const afterWork = clock.since(t0);
    expect(afterWork).toBeLessThan(Date.now() - t0 - 400 + 100);
    const t1 = Date.now();
    sleepThread(400);
    await tick();
    expect(clock.since(t1)).toBeGreaterThan(250);
    expect(clock.since(t1)).toBeLessThanOrEqual(Date.now() - t1);
    // Only what happened after the time asked about.
    expect(clock.since(Date.now())).toBe(0);
  });
});
