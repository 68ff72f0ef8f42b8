/**
 * The stand-in's per-channel message bucket, as bots observe it on Discord (5 creates and edits
 * of a channel's messages in any 5 s; https://discord.com/developers/docs/topics/rate-limits):
 * past it a 429 with `Retry-After` and the `X-RateLimit-*` headers, which discord.js's REST
 * client waits out. Another channel has its own bucket.
 */
import { REST, Routes } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNEL_MESSAGE_LIMIT, DiscordStandin, GLOBAL_LIMIT } from "../../src/standin/server.ts";
import { CARD_ROOM, GENERAL } from "../e2e/harness.ts";

const sb = new DiscordStandin();
beforeAll(async () => {
  await sb.start();
  sb.messageLimit = CHANNEL_MESSAGE_LIMIT;
});
afterAll(async () => {
  await sb.stop();
});

const post = (channelId: string, content: string) =>
  fetch(`${sb.apiUrl}/v10/channels/${channelId}/messages`, {
    method: "POST",
    headers: { authorization: `Bot ${sb.token}`, "content-type": "application/json" },
    body: JSON.stringify({ content }),
  });

describe("the stand-in's channel message bucket", () => {
  it("tells each accepted write what is left of its bucket", async () => {
    const first = await post(CARD_ROOM, "counted");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-limit")).toBe("5");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("4");
    expect(Number(first.headers.get("x-ratelimit-reset-after"))).toBeGreaterThan(0);
    expect(first.headers.get("x-ratelimit-bucket")).toBe(`channel-messages-${CARD_ROOM}`);
  });

  it("answers the sixth write within 5 s with 429, Retry-After and the rate-limit headers; other channels are not affected", async () => {
    for (let i = 0; i < 5; i++) expect((await post(GENERAL, `m${i}`)).status).toBe(200);
    const refused = await post(GENERAL, "one too many");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("x-ratelimit-limit")).toBe("5");
    const body = (await refused.json()) as { retry_after: number; global: boolean };
    expect(body.global).toBe(false);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(5);
    expect(sb.messages.get(GENERAL)!.map((m) => m.content)).not.toContain("one too many");
    expect((await post(CARD_ROOM, "another channel")).status).toBe(200);
    expect(sb.refusals.filter((r) => r.status === 429)).toHaveLength(1);
  });

  it("an accepted write carries the bucket's headers, so discord.js waits before the bucket is empty: every message arrives, no 429", async () => {
    const rest = new REST({ api: sb.apiUrl }).setToken(sb.token);
    const before = sb.refusals.length;
    for (let i = 0; i < 7; i++) await rest.post(Routes.channelMessages(CARD_ROOM), { body: { content: `queued ${i}` } });
    expect(sb.messages.get(CARD_ROOM)!.filter((m) => m.content.startsWith("queued"))).toHaveLength(7);
    // No window of 5 s held more than five writes.
    const times = sb.channelWrites.filter((w) => w.channelId === CARD_ROOM).map((w) => w.at);
    for (const t of times) expect(times.filter((x) => x >= t && x < t + 5000).length).toBeLessThanOrEqual(5);
    // Eight writes in that channel (one from before), yet no 429: discord.js read
    // X-RateLimit-Remaining 0 and waited X-RateLimit-Reset-After, as it does on Discord.
    expect(sb.refusals.slice(before).filter((r) => r.status === 429)).toEqual([]);
  });
});

describe("the stand-in's global limit", () => {
  it("answers a bot-token request past 50 in a second with a global 429; interaction callbacks are exempt", async () => {
    const get = () => fetch(`${sb.apiUrl}/v10/channels/${GENERAL}`, { headers: { authorization: `Bot ${sb.token}` } });
    const callback = () =>
      fetch(`${sb.apiUrl}/v10/interactions/300000000000000009/no-such-token/callback`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: 4, data: { content: "hi" } }),
      });
    // Discord's 50 in a second, here over a minute, so that a busy machine still sends every
    // request inside one window.
    sb.globalLimit = { count: 50, windowMs: 60_000 };
    sb.globalRequests.length = 0;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) statuses.push((await get()).status);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const refused = await get();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("x-ratelimit-global")).toBe("true");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { global: boolean }).global).toBe(true);
      // The interaction endpoints do not count: an unknown token is a 404, not a 429.
      expect((await callback()).status).toBe(404);
    } finally {
      sb.globalLimit = GLOBAL_LIMIT;
      sb.globalRequests.length = 0;
    }
  });
});
