/**
 * Pixel reads are counted, and once enough have been read V8 collects its young generation,
 * where the dead reads lie (render/surface.ts `collectReadPixels`): a picture thread allocates
 * too little on V8's heap for its own collections to free them in time.
 */
import { createCanvas } from "@napi-rs/canvas";
import { constants, PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { collectReadPixels, readPixels } from "../../render/surface.ts";

describe("pixel reads", () => {
  it("have V8 collect its young generation once enough pixels were read, and not before", async () => {
    const minor: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor.push(e);
    });
    observer.observe({ entryTypes: ["gc"] });
    try {
      collectReadPixels(1); // whatever earlier tests read
      const canvas = createCanvas(640, 490);
      const pixels = readPixels(canvas);
      expect(pixels.length).toBe(640 * 490 * 4);
      expect(collectReadPixels(2 * pixels.length)).toBe(false); // one read is less than two
      expect(readPixels(canvas).length).toBe(pixels.length);
      const before = performance.now();
      expect(collectReadPixels(2 * pixels.length)).toBe(true); // two reads
      const after = performance.now();
      expect(collectReadPixels(1)).toBe(false); // counted from zero again
      // The collection is V8's minor one, made within the call (entries arrive asynchronously).
      await expect.poll(() => minor.some((e) => e.startTime >= before && e.startTime <= after), { timeout: 60_000 }).toBe(true);
    } finally {
      observer.disconnect();
    }
  });
});
