/**
 * The stand-in judges every REST request by Discord's published API description (issue 26,
 * src/standin/spec.ts): wrong payloads sent on purpose through discord.js's own REST client (the
 * one the bot uses) are refused as Discord refuses them, with the field's path; a route Discord
 * does not have is a 404. The refusals are taken here, so the set-up's guard passes.
 */
import { Routes } from "discord.js";
import { refusal, standinWithRest } from "../helpers/refusal.ts";
import { describe, expect, it } from "vitest";
import { specChecks, takeSpecRefusals } from "../../src/standin/spec.ts";

const stand = standinWithRest();
const _sb = stand.sb;
const CHANNEL = "200000000000000001";

const button = (over: Record<string, unknown>) => ({ type: 2, style: 1, label: "Play", custom_id: "play", ...over });

describe("Discord's API description judges the bot's requests", () => {
  it("accepts a well-formed message, and counts the check under its operation", async () => {
    const before = specChecks["POST /channels/{channel_id}/messages"] ?? 0;
    const sent = await stand.rest.post(Routes.channelMessages(CHANNEL), {
      body: { content: "ok", components: [{ type: 1, components: [button({})] }] },
    });
    expect((sent as { id: string }).id).toMatch(/^\d+$/);
    expect(specChecks["POST /channels/{channel_id}/messages"]).toBe(before + 1);
    expect(takeSpecRefusals()).toEqual([]);
  });

  it("refuses a button of style 9 with 400/50035 and the path of the field", async () => {
    const e = await refusal(() =>
      stand.rest.post(Routes.channelMessages(CHANNEL), { body: { components: [{ type: 1, components: [button({ style: 9 })] }] } }),
    );
    expect(e?.status).toBe(400);
    expect(e?.code).toBe(50035);
    const errors = (e?.rawError as { errors?: Record<string, unknown> }).errors;
    expect(JSON.stringify(errors)).toMatch(/"components":\{"0":\{"components":\{"0":\{"style":\{"_errors":\[\{"code":"BASE_TYPE_CHOICES"/);
    expect(takeSpecRefusals()).toHaveLength(1);
  });

  it("refuses a customId of 101 characters, in a multipart upload's payload_json too", async () => {
    const long = button({ custom_id: "x".repeat(101) });
    const plain = await refusal(() =>
      stand.rest.post(Routes.channelMessages(CHANNEL), { body: { components: [{ type: 1, components: [long] }] } }),
    );
    expect(plain?.code).toBe(50035);
    const upload = await refusal(() =>
      stand.rest.post(Routes.channelMessages(CHANNEL), {
        body: { components: [{ type: 1, components: [long] }], attachments: [{ id: 0, filename: "table.png" }] },
        files: [{ name: "table.png", data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), contentType: "image/png" }],
      }),
    );
    expect(upload?.code).toBe(50035);
    expect(JSON.stringify((upload?.rawError as { errors?: unknown }).errors)).toContain('"custom_id"');
    expect(takeSpecRefusals()).toHaveLength(2);
  });

  it("refuses content of 2,001 characters (Discord's own limit for a bot, below the description's 4,000)", async () => {
    const e = await refusal(() => stand.rest.post(Routes.channelMessages(CHANNEL), { body: { content: "x".repeat(2001) } }));
    expect(e?.code).toBe(50035);
    takeSpecRefusals();
  });

  it("refuses an interaction callback of an unknown type and a route Discord does not have", async () => {
    const callback = await refusal(() =>
      stand.rest.post(Routes.interactionCallback("300000000000000009", "not-a-token"), { body: { type: 99 }, auth: false }),
    );
    expect(callback?.status).toBe(400);
    const unknown = await refusal(() => stand.rest.post(`/channels/${CHANNEL}/nonsense`, { body: { content: "hi" } }));
    expect(unknown?.status).toBe(404);
    const refused = takeSpecRefusals();
    expect(refused.map((r) => r.status)).toEqual([400, 404]);
    expect(refused[1]?.message).toContain("no POST /channels/200000000000000001/nonsense");
  });
});
