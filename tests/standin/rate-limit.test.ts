/**
 * The stand-in's per-channel message bucket, as bots observe it on Discord (5 creates and edits
 * of a channel's messages in any 5 s; https://discord.com/developers/docs/topics/rate-limits):
 * past it a 429 with `Retry-After` and the `X-RateLimit-*` headers, which discord.js's REST
 * client waits out. Another channel has its own bucket.
 */
import { REST, Routes } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNEL_MESSAGE_LIMIT, DiscordStandin } from "../../src/standin/server";
import { CARD_ROOM, GENERAL } from "../e2e/harness";

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

  it("discord.js waits out the 429 and every message arrives", async () => {
    const rest = new REST({ api: sb.apiUrl }).setToken(sb.token);
    const before = sb.refusals.length;
    for (let i = 0; i < 7; i++) await rest.post(Routes.channelMessages(CARD_ROOM), { body: { content: `queued ${i}` } });
    expect(sb.messages.get(CARD_ROOM)!.filter((m) => m.content.startsWith("queued"))).toHaveLength(7);
    // No window of 5 s held more than five writes.
    const times = sb.channelWrites.filter((w) => w.channelId === CARD_ROOM).map((w) => w.at);
    for (const t of times) expect(times.filter((x) => x >= t && x < t + 5000).length).toBeLessThanOrEqual(5);
    // Eight writes in that channel (one from before): discord.js met at least one 429 and retried.
    expect(sb.refusals.slice(before).filter((r) => r.status === 429).length).toBeGreaterThan(0);
  });
});
