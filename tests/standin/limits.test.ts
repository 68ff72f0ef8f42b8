/**
 * The stand-in refuses what Discord refuses (400/50035, 413/40005, 404/10062, 10015), and injects the
 * faults it is asked to: checked over HTTP as the bot's REST client would meet them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkButton, checkChoices, checkMessage, LimitError } from "../../src/standin/limits.ts";
import { UPLOAD_LIMIT } from "../../src/standin/rest.ts";
import { DiscordStandin } from "../../src/standin/server.ts";
import { takeSpecRefusals } from "../../src/standin/spec.ts";

const sb = new DiscordStandin();
const CHANNEL = "200000000000000001";
beforeAll(async () => {
  await sb.start();
});
afterAll(async () => {
  await sb.stop();
});
// This file sends over-limit payloads on purpose: Discord's API description refuses some of
// them before the stand-in's own limits do (either way a 400/50035, checked below).
afterEach(() => {
  takeSpecRefusals();
});

async function api(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${sb.apiUrl}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${sb.token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : {}, headers: res.headers };
}

const button = (id: string) => ({ type: 2, style: 1, label: "B", custom_id: id });
const row = (...components: unknown[]) => ({ type: 1, components });

describe("the stand-in enforces Discord's limits", () => {
  it("accepts a well-formed message and refuses each over-limit one with 400/50035", async () => {
    expect(
      (await api("POST", `/channels/${CHANNEL}/messages`, { content: "ok", components: [row(button("a"), button("b"))] })).status,
    ).toBe(200);
    const bad: [string, unknown][] = [
      ["customId over 100 characters", { components: [row(button("x".repeat(101)))] }],
      ["six action rows", { components: Array.from({ length: 6 }, (_, i) => row(button(`r${i}`))) }],
      ["six buttons in a row", { components: [row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)))] }],
      [
        "26 select options",
        {
          components: [
            row({ type: 3, custom_id: "s", options: Array.from({ length: 26 }, (_, i) => ({ label: `o${i}`, value: `v${i}` })) }),
          ],
        },
      ],
      [
        "a select and a button in one row",
        { components: [row({ type: 3, custom_id: "s", options: [{ label: "a", value: "a" }] }, button("b"))] },
      ],
      ["duplicate customIds", { components: [row(button("same"), button("same"))] }],
      ["content over 2000 characters", { content: "x".repeat(2001) }],
      ["a button label over 80 characters", { components: [row({ ...button("l"), label: "x".repeat(81) })] }],
    ];
    for (const [what, body] of bad) {
      const r = await api("POST", `/channels/${CHANNEL}/messages`, body);
      expect(r.status, what).toBe(400);
      expect(r.json.code, what).toBe(50035);
    }
  });

  it("sends a click only of a button the message showed enabled, in any of its versions", async () => {
    const posted = await api("POST", `/channels/${CHANNEL}/messages`, {
      content: "buttons",
      components: [row(button("live"), { ...button("grey"), disabled: true })],
    });
    const id = String(posted.json.id);
    const msg = () => sb.visibleMessages(CHANNEL, null).find((m) => m.id === id)!;
    const shown = () => sb.buttonsShown.get(id);
    expect(() => checkButton(msg(), "live", shown())).not.toThrow();
    expect(() => checkButton(msg(), "grey", shown())).toThrow(/only ever shown disabled/);
    expect(() => checkButton(msg(), "made-up", shown())).toThrow(/no button made-up was ever shown/);
    await expect(sb.click("100000000000000001", msg(), "made-up")).rejects.toThrow(/never|ever shown/);
    // An edit takes the buttons away: a client that has not seen it yet may still click "live".
    expect((await api("PATCH", `/channels/${CHANNEL}/messages/${id}`, { components: [] })).status).toBe(200);
    expect(msg().components).toEqual([]);
    expect(() => checkButton(msg(), "live", shown())).not.toThrow();
    expect(() => checkButton(msg(), "grey", shown())).toThrow(/no button grey was ever shown/);
  });

  it("takes an upload up to an unboosted guild's 10 MiB and refuses a larger one with 413/40005", async () => {
    const upload = async (bytes: number) => {
      const form = new FormData();
      form.set("payload_json", JSON.stringify({ content: "a file", attachments: [{ id: "0", filename: "big.gif" }] }));
      form.set("files[0]", new Blob([new Uint8Array(bytes)], { type: "image/gif" }), "big.gif");
      const res = await fetch(`${sb.apiUrl}/v10/channels/${CHANNEL}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${sb.token}` },
        body: form,
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const fits = await upload(UPLOAD_LIMIT);
    expect(fits.json).toEqual(expect.objectContaining({ content: "a file" }));
    expect(fits.status).toBe(200);
    const big = await upload(UPLOAD_LIMIT + 1);
    expect(big.status).toBe(413);
    expect(big.json.code).toBe(40005);
  });

  it("refuses autocomplete choices of the wrong type, too many, or too long", () => {
    const integer = { name: "count", type: 4 };
    const string = { name: "card", type: 3 };
    expect(() => checkChoices([{ name: "Take 2", value: 2 }], integer)).not.toThrow();
    expect(() => checkChoices([{ name: "No game is running", value: "none" }], integer)).toThrow(/Value none is not int/);
    expect(() => checkChoices([{ name: "half", value: 1.5 }], integer)).toThrow(LimitError);
    expect(() => checkChoices([{ name: "two", value: 2 }], string)).toThrow(/is not string/);
    expect(() =>
      checkChoices(
        Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` })),
        string,
      ),
    ).toThrow(/25 or fewer/);
    expect(() => checkChoices([{ name: "x".repeat(101), value: "x" }], string)).toThrow(LimitError);
    expect(() => checkChoices([{ name: "x", value: "x".repeat(101) }], string)).toThrow(LimitError);
    expect(() => checkChoices([{ name: "", value: "x" }], string)).toThrow(LimitError);
    expect(() => checkMessage({ components: [row(button("x".repeat(100)))] })).not.toThrow();
  });

  it("refuses an interaction answered after 3 s (10062) and its token before the answer (10015)", async () => {
    // A gateway client that identifies and records dispatches, like a bot that never answers.
    const { WebSocket } = await import("ws");
    const ws = new WebSocket(`${sb.url.replace("http", "ws")}/gateway`);
    const events: Record<string, unknown>[] = [];
    ws.on("message", (raw) => {
      const msg = JSON.parse(String(raw)) as { op: number; t?: string; d: Record<string, unknown> };
      if (msg.op === 10) ws.send(JSON.stringify({ op: 2, d: { token: sb.token, intents: 1, properties: {} } }));
      if (msg.t === "INTERACTION_CREATE") events.push(msg.d);
    });
    await sb.waitForBot();
    // The stand-in's own record of the interaction: the 3 s window is already over when it is
    // dispatched, so the call settles before the gateway client has necessarily read it.
    const late = await sb.command("100000000000000001", CHANNEL, "anything", {}, { ageMs: 3500, allowFailure: true });
    expect(late.expired).toBe(true);
    const cb = await api("POST", `/interactions/${late.id}/${late.token}/callback`, { type: 4, data: { content: "too late" } });
    expect(cb.status).toBe(404);
    expect(cb.json.code).toBe(10062);
    const follow = await api("POST", `/webhooks/${sb.applicationId}/${late.token}`, { content: "x" });
    expect(follow.status).toBe(404);
    expect(follow.json.code).toBe(10015);
    await expect.poll(() => events.some((e) => e.id === late.id), { timeout: 30_000 }).toBe(true);
    ws.close();
  });

  it("answers a request whose target no URL parser takes, and keeps running: `//` is the page, `http://[x` a 400", async () => {
    const { request } = await import("node:http");
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const r = request({ host: "127.0.0.1", port: new URL(sb.url).port, path, method: "GET" }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        r.on("error", reject);
        r.end();
      });
    expect(await get("//")).toBe(200);
    expect(await get("http://[x")).toBe(400);
    expect((await api("GET", `/channels/${CHANNEL}/messages`)).status).toBe(200);
  });

  it("injects 5xx and 429 faults on chosen routes, a set number of times", async () => {
    sb.faults.add({ method: "POST", route: /^\/channels\/\d+\/messages$/, status: 502, times: 2 });
    expect((await api("POST", `/channels/${CHANNEL}/messages`, { content: "a" })).status).toBe(502);
    expect((await api("GET", `/channels/${CHANNEL}`)).status).toBe(200); // other routes unaffected
    expect((await api("POST", `/channels/${CHANNEL}/messages`, { content: "b" })).status).toBe(502);
    expect((await api("POST", `/channels/${CHANNEL}/messages`, { content: "c" })).status).toBe(200);
    sb.faults.add({ route: /^\/channels\/\d+$/, status: 429, times: 1, retryAfter: 0.2 });
    const limited = await api("GET", `/channels/${CHANNEL}`);
    expect(limited.status).toBe(429);
    expect(limited.json.retry_after).toBe(0.2);
    expect(limited.headers.get("retry-after")).toBe("0.2");
    expect(sb.faults.pending).toBe(0);
  });
});

describe("the stand-in keeps Guild Scheduled Events as Discord does", () => {
  const GUILD = sb.guildId;
  const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
  const external = (extra: Record<string, unknown> = {}) => ({
    name: "Friday cup",
    privacy_level: 2,
    entity_type: 3,
    scheduled_start_time: iso(3_600_000),
    scheduled_end_time: iso(7_200_000),
    entity_metadata: { location: "https://discord.com/channels/1/2" },
    ...extra,
  });

  it("creates, lists and moves an external event scheduled → active → completed, and refuses any other move", async () => {
    const made = await api("POST", `/guilds/${GUILD}/scheduled-events`, external());
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ name: "Friday cup", status: 1, entity_type: 3, guild_id: GUILD, creator_id: sb.botUser.id });
    const id = made.json.id as string;
    expect(((await api("GET", `/guilds/${GUILD}/scheduled-events`)).json as unknown as { id: string }[]).map((e) => e.id)).toContain(id);
    // Scheduled cannot jump to completed; it becomes active, then completed, then nothing.
    expect((await api("PATCH", `/guilds/${GUILD}/scheduled-events/${id}`, { status: 3 })).json.code).toBe(50035);
    expect((await api("PATCH", `/guilds/${GUILD}/scheduled-events/${id}`, { status: 2 })).json.status).toBe(2);
    expect((await api("PATCH", `/guilds/${GUILD}/scheduled-events/${id}`, { status: 4 })).json.code).toBe(50035);
    expect((await api("PATCH", `/guilds/${GUILD}/scheduled-events/${id}`, { status: 3 })).json.status).toBe(3);
    const finished = await api("PATCH", `/guilds/${GUILD}/scheduled-events/${id}`, { name: "Renamed" });
    expect([finished.status, finished.json.code]).toEqual([400, 180000]);
    expect((await api("GET", `/guilds/${GUILD}/scheduled-events/404404404404404404`)).json.code).toBe(10070);
  });

  it("refuses a past start, an end before the start, an external event without a location or an end, a public one, a voice one", async () => {
    for (const [body, path] of [
      [external({ scheduled_start_time: iso(-60_000) }), "scheduled_start_time"],
      [external({ scheduled_end_time: iso(1_800_000) }), "scheduled_end_time"],
      [external({ scheduled_end_time: null }), "scheduled_end_time"],
      [external({ entity_metadata: { location: "" } }), "entity_metadata.location"],
      [external({ privacy_level: 1 }), "privacy_level"],
      [external({ entity_type: 2, entity_metadata: null, channel_id: CHANNEL }), ""],
    ] as const) {
      const res = await api("POST", `/guilds/${GUILD}/scheduled-events`, body);
      expect([res.status, res.json.code], path).toEqual([400, 50035]);
      if (path) expect(JSON.stringify(res.json), path).toContain(path.split(".")[0]!);
    }
  });
});
