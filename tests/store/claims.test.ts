/**
 * Claims shared by processes on one store (src/store/claims.ts): the first owner to claim a key
 * holds it, another is told no until it lapses, and an owner asking again still holds it. On
 * SQLite (two connections to one file, as two processes have) and on a real Redis.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { openClaims, OwnHeart } from "../../src/store/claims.ts";
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
    // One process asking twice at once (its two asks may go in one statement): taken once, then held.
    const twice = `guild:${kind}-twice`;
    expect([...(await Promise.all([a.claim(twice, 60_000), a.claim(twice, 60_000)]))].sort()).toEqual(["held", "taken"]);
    expect(await b.claim(twice, 60_000)).toBe("refused");
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

  it("a claim asked for past half its time is renewed in the store and stays its holder's", async () => {
    let now = Date.now();
    vi.spyOn(Date, "now").mockImplementation(() => now);
    // a's heart lasts an hour, so that the clock's jumps below leave it alive: only the claim's time counts.
    const [a, b] = [await openClaims(url(), { beatMs: 300, aliveMs: 3_600_000 }), await openClaims(url())];
    const key = `guild:${kind}-renew`;
    expect(await a.claim(key, 10_000)).toBe("taken");
    now += 6_000; // past half: asked of the store, renewed there (Redis: its renewal script)
    expect(await a.claim(key, 10_000)).toBe("held");
    now += 6_000; // past the first claim's end, within the renewal's
    expect(await b.claim(key, 10_000)).toBe("refused");
    expect(await a.claim(key, 10_000)).toBe("held");
    await Promise.all([a.close(), b.close()]);
  });

  it("a claim held is answered from memory only while the holder's heart stays alive: after a stall another process takes it, and the holder learns it", async () => {
    let now = Date.now();
    vi.spyOn(Date, "now").mockImplementation(() => now);
    // c's heart beats once (a beat every hour) and lasts 100 ms; d's lasts a minute.
    const c = await openClaims(url(), { beatMs: 3_600_000, aliveMs: 100 });
    const d = await openClaims(url(), { beatMs: 3_600_000, aliveMs: 60_000 });
    const key = `guild:${kind}-stall`;
    expect(await c.claim(key, 60_000)).toBe("taken");
    expect(await c.claim(key, 60_000)).toBe("held");
    expect(await d.claim(key, 60_000)).toBe("refused");
    // c stalls for a second: no beat; its heart lapses and d takes the guild over.
    now += 1000;
    await until("the stalled holder's claim taken over", async () => (await d.claim(key, 60_000)) === "taken" || null);
    // c's memory of holding the guild is not trusted past its heart's lapse: it reads the store and is refused.
    expect(await c.claim(key, 60_000)).toBe("refused");
    await Promise.all([c.close(), d.close()]);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a process's own heart (OwnHeart)", () => {
  it("answers a claim from memory while the heart lasts and the claim has over half its time, never across a lapse", async () => {
    let now = 1_000;
    const heart = new OwnHeart(1500, 300, () => now);
    await heart.beat(async () => {});
    heart.hold("guild:1", now + 60_000, heart.since);
    expect(heart.holds("guild:1", 60_000)).toBe(true);
    // Beats every 300 ms keep it trusted.
    for (let i = 0; i < 5; i++) {
      now += 300;
      await heart.beat(async () => {});
    }
    expect(heart.holds("guild:1", 60_000)).toBe(true);
    // Past half its time: asked of the store again (to be renewed).
    now += 28_600;
    expect(heart.holds("guild:1", 60_000)).toBe(false);
    // A claim read while the heart then lapses (a stall), even with beats after it, is not trusted.
    await heart.beat(async () => {});
    heart.hold("guild:2", now + 60_000, heart.since);
    now += 1_400; // within 300 ms of the lapse
    await heart.beat(async () => {});
    expect(heart.holds("guild:2", 60_000)).toBe(false);
    // A beat whose write lands after the one before has lapsed distrusts what was read before it.
    heart.hold("guild:3", now + 60_000, heart.since);
    expect(heart.holds("guild:3", 60_000)).toBe(true);
    await heart.beat(async () => {
      now += 2_000;
    });
    expect(heart.holds("guild:3", 60_000)).toBe(false);
    // A claim whose read began before a lapse is not trusted even if noted after it.
    const since = heart.since;
    now += 2_000;
    await heart.beat(async () => {});
    heart.hold("guild:4", now + 60_000, since);
    expect(heart.holds("guild:4", 60_000)).toBe(false);
    heart.hold("guild:5", now + 60_000, heart.since);
    heart.stop();
    expect(heart.holds("guild:5", 60_000)).toBe(false);
  });
});
