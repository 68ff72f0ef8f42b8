/**
 * A machine that stops every process for a while (a busy CI machine) against Discord's 3 s window
 * (src/standin/stalls.ts): the stand-in leaves out the time the machine took, so an interaction
 * the bot answers at once after such a stall stands; an interaction the bot's own process was too
 * busy to answer in 3 s is still refused, as Discord refuses it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mainThreadCpuMs } from "../../src/standin/stalls.ts";
import { ADA, GENERAL, Harness } from "./harness.ts";

const h = new Harness();
beforeAll(async () => {
  await h.start();
}, 60_000);
afterAll(async () => {
  await h.close();
});

/** The main thread put to sleep for `ms` without using its CPU, as a descheduled process is. */
const stall = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
/** The main thread busy with its own work until it has spent `ms` of its CPU (however long a busy machine makes that). */
const busy = (ms: number) => {
  const until = mainThreadCpuMs() + ms;
  while (mainThreadCpuMs() < until);
};

describe("the 3 s window on a busy machine", () => {
  it("takes an answer late only because the machine stopped; refuses one late because the process was busy", async () => {
    const sb = h.standin;
    // The interaction reaches the bot after a 3.5 s stall of the whole process.
    sb.pauseGateway();
    const stalled = sb.command(ADA, GENERAL, "onexeno rules");
    await h.until("the interaction dispatched", () => sb.stats.interactions > 0);
    stall(3500);
    sb.resumeGateway();
    const answered = await stalled;
    expect(answered.callbackType).toBe(4);
    expect(JSON.stringify(answered.original)).toContain("ONEXENO");

    // The same wait spent working: the bot's own slowness, which Discord does not forgive.
    const before = sb.stats.interactions;
    sb.pauseGateway();
    const slow = sb.command(ADA, GENERAL, "onexeno rules", {}, { allowFailure: true });
    await h.until("the interaction dispatched", () => sb.stats.interactions > before);
    busy(3500);
    sb.resumeGateway();
    const r = await slow;
    expect(r.callbackType).toBeNull();
    expect(r.expired).toBe(true);
  }, 60_000);
});
