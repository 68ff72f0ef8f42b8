import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cpuByThread, NODE_THREADS, splitCpu } from "../../bench/thread-cpu.ts";

const linux = existsSync("/proc/self/task");

describe("bench/thread-cpu", () => {
  it("splits CPU between the main thread, threads started since and Node's own", () => {
    const main = process.pid;
    const before = new Map([
      [main, { name: "node", ms: 100 }],
      [main + 1, { name: "node", ms: 50 }],
      [main + 9, { name: "node", ms: 0 }],
    ]);
    const after = new Map([
      [main, { name: "node", ms: 130 }],
      [main + 1, { name: "node", ms: 70 }],
      [main + 9, { name: "node", ms: 40 }],
      [main + 12, { name: "node", ms: 5 }], // started between the readings
    ]);
    const earlier = new Set([main, main + 1]);
    expect(splitCpu(before, after, earlier)).toEqual({ main: 30, started: 45, others: 20 });
    expect(splitCpu(new Map(), after, earlier)).toBeNull();
  });

  it.runIf(linux)("reads the main thread's CPU as it spends it", () => {
    expect(NODE_THREADS.has(process.pid)).toBe(true);
    const before = cpuByThread();
    const spent0 = process.cpuUsage();
    let x = 0;
    // Spin until the process has spent 200 ms of CPU: on this thread, however busy the machine is.
    while (process.cpuUsage(spent0).user < 200_000) x += Math.sqrt(x + 1);
    const split = splitCpu(before, cpuByThread(), NODE_THREADS);
    expect(x).toBeGreaterThan(0);
    expect(split?.main).toBeGreaterThanOrEqual(100);
  });
});
