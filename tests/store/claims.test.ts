/**
 * Claims shared by processes on one store (src/store/claims.ts): the first owner to claim a key
 * holds it, another is told no until it lapses, and an owner asking again still holds it. On
 * SQLite (two connections to one file, as two processes have) and on a real Redis.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openClaims } from "../../src/store/claims.ts";
import { redisForFile } from "../helpers/redis.ts";
import { until } from "../e2e/harness.ts";

const dir = mkdtempSync(join(tmpdir(), "onexeno-claims-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const redis = redisForFile();

describe.each(["sqlite", ...(redis.on ? ["redis"] : [])])("claims on %s", (kind) => {
  const url = () => (kind === "sqlite" ? `sqlite://${join(dir, "claims.sqlite")}` : redis.url);

  it("go to the first owner only, stay with it (renewed), pass to another once they lapse, and are released on a stop", async () => {
    const [a, b] = [await openClaims(url()), await openClaims(url())];
    expect(a.owner).not.toBe(b.owner);
    const key = `guild:${kind}-1`;
    // Both ask at once: exactly one holds it.
    const both = await Promise.all([a.claim(key, 60_000), b.claim(key, 60_000)]);
    expect([...both].sort()).toEqual(["refused", "taken"]);
    const holder = both[0] === "taken" ? a : b;
    const other = holder === a ? b : a;
    expect(await holder.claim(key, 60_000)).toBe("held");
    expect(await other.claim(key, 60_000)).toBe("refused");
    // A short claim lapses; then the other may take it.
    const short = `guild:${kind}-2`;
    expect(await a.claim(short, 30)).toBe("taken");
    await new Promise((r) => setTimeout(r, 80));
    expect(await b.claim(short, 60_000)).toBe("taken");
    expect(await a.claim(short, 60_000)).toBe("refused");
    // A holder whose heart stops (killed: no release) is taken over once its beat lapses, long before its claim would.
    const [c, d] = [await openClaims(url(), { beatMs: 20, aliveMs: 100 }), await openClaims(url(), { beatMs: 20, aliveMs: 100 })];
    const dead = `guild:${kind}-3`;
    expect(await c.claim(dead, 60_000)).toBe("taken");
    expect(await d.claim(dead, 60_000)).toBe("refused");
    await c.close();
    await until("the killed holder's claim taken over", async () => (await d.claim(dead, 60_000)) === "taken" || null);
    await d.close();
    // Work claimed once and settled stays done when its holder stops: nobody redoes it.
    const done = `interaction:${kind}-4`;
    const heart = { beatMs: 20, aliveMs: 100 };
    const [e, f] = [await openClaims(url(), heart), await openClaims(url(), heart)];
    expect(await e.once(done, 60_000)).toBe("taken");
    expect(await e.once(done, 60_000)).toBe("taken");
    expect(await f.once(done, 60_000)).toBe("refused");
    await e.settle(done, 60_000);
    await e.release("guild:");
    await e.close();
    expect(await f.once(done, 60_000)).toBe("refused");
    // Work whose holder is killed before settling it is finished by exactly one other process, once its heart stops.
    const cut = `interaction:${kind}-5`;
    const [g, h2] = [await openClaims(url(), heart), await openClaims(url(), heart)];
    expect(await g.once(cut, 60_000)).toBe("taken");
    expect(await f.once(cut, 60_000)).toBe("refused");
    await g.close();
    const takers = await until("the killed holder's work taken over", async () => {
      const got = await Promise.all([f.once(cut, 60_000), h2.once(cut, 60_000)]);
      return got.some((r) => r !== "refused") ? got : null;
    });
    expect([...takers].sort()).toEqual(["refused", "resumed"]);
    await Promise.all([f.close(), h2.close()]);
    // A graceful stop gives up every claim at once.
    await holder.release("guild:");
    expect(await other.claim(key, 60_000)).toBe("taken");
    await Promise.all([a.close(), b.close()]);
  });
});
