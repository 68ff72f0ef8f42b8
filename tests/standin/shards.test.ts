/**
 * The stand-in's gateway shards as Discord's do (https://discord.com/developers/docs/events/gateway#sharding):
 * IDENTIFY's `shard` field picks which guilds a session gets (`(guild_id >> 22) % num_shards`),
 * READY and GUILD_CREATE list only those, each interaction goes to its guild's shard alone, an
 * invalid shard is closed with 4010, and `GET /gateway/bot` recommends the configured count.
 * Driven with raw WebSocket sessions, as a gateway client sees them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DiscordStandin, shardGuilds, shardOf } from "../../src/standin/server.ts";

const sb = new DiscordStandin({ ...shardGuilds(3), shards: 3 });
beforeAll(async () => {
  await sb.start();
});
afterAll(async () => {
  await sb.stop();
});

interface Session {
  readonly ws: WebSocket;
  readonly events: { t: string; d: Record<string, unknown> }[];
  readonly closed: Promise<number>;
}

/** Opens a gateway session and identifies with `shard` (omitted: no shard field). */
async function identify(shard?: unknown): Promise<Session> {
  const ws = new WebSocket(`${sb.url.replace("http", "ws")}/gateway?v=10&encoding=json`);
  const events: Session["events"] = [];
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  ws.on("message", (raw) => {
    const msg = JSON.parse(String(raw)) as { op: number; t?: string; d: Record<string, unknown> };
    if (msg.op === 10)
      ws.send(JSON.stringify({ op: 2, d: { token: sb.token, intents: 1, properties: {}, ...(shard === undefined ? {} : { shard }) } }));
    if (msg.op === 0 && msg.t) events.push({ t: msg.t, d: msg.d });
  });
  return { ws, events, closed };
}

async function until<T>(pred: () => T | null | undefined | false, what: string): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = pred();
    if (v) return v;
    if (Date.now() - t0 > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("the stand-in's shards", () => {
  it("routes each guild to shard (guild_id >> 22) % num_shards, in READY, GUILD_CREATE and interactions", async () => {
    expect(sb.guilds.map((g) => shardOf(g.id, 3))).toEqual([0, 1, 2]);
    const sessions = await Promise.all([0, 1, 2].map((i) => identify([i, 3])));
    try {
      for (const [i, s] of sessions.entries()) {
        const ready = await until(() => s.events.find((e) => e.t === "READY"), `READY on shard ${i}`);
        expect(ready.d.shard).toEqual([i, 3]);
        expect((ready.d.guilds as { id: string }[]).map((g) => g.id)).toEqual([sb.guilds[i]!.id]);
        const created = await until(() => s.events.find((e) => e.t === "GUILD_CREATE"), `GUILD_CREATE on shard ${i}`);
        expect(created.d.id).toBe(sb.guilds[i]!.id);
        // The guild's own channels only.
        expect((created.d.channels as { guild_id: string }[]).every((c) => c.guild_id === sb.guilds[i]!.id)).toBe(true);
      }
      // Each session answers what it gets; only the guild's shard may get it.
      for (const [i, s] of sessions.entries()) {
        s.ws.on("message", (raw) => {
          const msg = JSON.parse(String(raw)) as { t?: string; d: { id: string; token: string } };
          if (msg.t !== "INTERACTION_CREATE") return;
          void fetch(`${sb.apiUrl}/v10/interactions/${msg.d.id}/${msg.d.token}/callback`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ type: 4, data: { content: `shard ${i}` } }),
          });
        });
      }
      const channelOf = (guildId: string) => sb.channels.find((c) => (c.guildId ?? sb.guildId) === guildId && c.type === 0)!.id;
      for (const [i, g] of sb.guilds.entries()) {
        const rec = await sb.command("100000000000000001", channelOf(g.id), "ping");
        expect(rec.original?.content).toBe(`shard ${i}`);
        expect(rec.original?.guild_id).toBe(g.id);
      }
      for (const [i, s] of sessions.entries()) {
        const got = s.events.filter((e) => e.t === "INTERACTION_CREATE").map((e) => e.d.guild_id);
        expect(got).toEqual([sb.guilds[i]!.id]);
      }
    } finally {
      for (const s of sessions) s.ws.close();
    }
  });

  it("closes an invalid shard with 4010, and recommends the configured count at GET /gateway/bot", async () => {
    for (const bad of [[3, 3], [-1, 2], [0, 0], [0], "0,1"]) {
      const s = await identify(bad);
      expect(await s.closed).toBe(4010);
    }
    const res = await fetch(`${sb.apiUrl}/v10/gateway/bot`, { headers: { authorization: `Bot ${sb.token}` } });
    expect(((await res.json()) as { shards: number }).shards).toBe(3);
  });

  it("gives a session without a shard field every guild (shard 0 of 1)", async () => {
    const s = await identify();
    try {
      await until(() => s.events.filter((e) => e.t === "GUILD_CREATE").length === 3, "three GUILD_CREATEs");
      expect(s.events.find((e) => e.t === "READY")?.d.shard).toEqual([0, 1]);
    } finally {
      s.ws.close();
    }
  });
});
