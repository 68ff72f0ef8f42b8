/**
 * The stand-in enforces Components V2's rules as Discord does (issue 26): a message with the
 * `IS_COMPONENTS_V2` flag is its components (no content or embeds beside them), holds at most 40
 * components counted with nesting and 4,000 characters of text, keeps the flag through every
 * edit, and cannot start as a deferred answer; an attachment shows where a component refers to
 * it (`attachment://name`, resolved to its URL as Discord returns it). Sent through discord.js's
 * own REST client and, for the interaction answer, a real discord.js client on the gateway.
 */
import { Client, Events, GatewayIntentBits, Routes } from "discord.js";
import { refusal, standinWithRest } from "../helpers/refusal.ts";
import { afterEach, describe, expect, it } from "vitest";
import { COMPONENTS_V2_FLAG } from "../../src/standin/limits.ts";
import { takeSpecRefusals } from "../../src/standin/spec.ts";
import { until } from "../e2e/harness.ts";

const stand = standinWithRest();
const sb = stand.sb;
const CHANNEL = "200000000000000001";
const ADA = "100000000000000001";
// Wrong payloads are sent on purpose; Discord's description may refuse some before the V2 rules do.
afterEach(() => {
  takeSpecRefusals();
});

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000200000001008060000001f15c489", "hex");
const text = (content: string) => ({ type: 10, content });
const row = (...ids: string[]) => ({ type: 1, components: ids.map((id) => ({ type: 2, style: 1, label: id, custom_id: id })) });
/** A table message as a V2 container: heading, picture, players' line, buttons. */
const table = (extra: Record<string, unknown>[] = []) => ({
  flags: COMPONENTS_V2_FLAG,
  components: [
    {
      type: 17,
      accent_color: 0x2f7d4f,
      components: [
        text("## ONEXENO · round 1 · Ada to play"),
        { type: 12, items: [{ media: { url: "attachment://table.png" }, description: "The table: 3 cards on the field" }] },
        text("Ada 0 · Ben 0"),
        row("play", "pass"),
        ...extra,
      ],
    },
  ],
  attachments: [{ id: "0", filename: "table.png" }],
});
const files = [{ name: "table.png", data: PNG, contentType: "image/png" }];

describe("Components V2 in the stand-in", () => {
  it("accepts a table message as one container and resolves its picture to the uploaded file", async () => {
    const sent = (await stand.rest.post(Routes.channelMessages(CHANNEL), { body: table(), files })) as {
      id: string;
      flags: number;
      components: { components: { items?: { media: { url: string; width?: number } }[] }[] }[];
      attachments: { url: string }[];
    };
    expect(sent.flags & COMPONENTS_V2_FLAG).toBe(COMPONENTS_V2_FLAG);
    const gallery = sent.components[0]!.components[1]!;
    expect(gallery.items![0]!.media.url).toBe(sent.attachments[0]!.url);
    expect(gallery.items![0]!.media.width).toBe(32);
  });

  it("refuses content beside the flag, a 41st component and text past 4,000 characters", async () => {
    const withContent = await refusal(() =>
      stand.rest.post(Routes.channelMessages(CHANNEL), { body: { ...table(), content: "Ada to play" }, files }),
    );
    expect(withContent?.code).toBe(50035);
    expect(withContent?.message).toContain("IS_COMPONENTS_V2");
    // The container, its 4 children and the 2 buttons are 7; 34 more texts make 41.
    const many = await refusal(() =>
      stand.rest.post(Routes.channelMessages(CHANNEL), { body: table(Array.from({ length: 34 }, (_, i) => text(`line ${i}`))), files }),
    );
    expect(many?.code).toBe(50035);
    expect(many?.message).toContain("40 or fewer");
    const fits = await refusal(() =>
      stand.rest.post(Routes.channelMessages(CHANNEL), { body: table(Array.from({ length: 33 }, (_, i) => text(`line ${i}`))), files }),
    );
    expect(fits).toBeNull();
    const long = await refusal(() => stand.rest.post(Routes.channelMessages(CHANNEL), { body: table([text("x".repeat(3990))]), files }));
    expect(long?.code).toBe(50035);
    expect(long?.message).toContain("4000 or fewer characters");
  });

  it("keeps the flag through edits: removing it or adding content is refused", async () => {
    const sent = (await stand.rest.post(Routes.channelMessages(CHANNEL), { body: table(), files })) as { id: string };
    const route = Routes.channelMessage(CHANNEL, sent.id);
    const drop = await refusal(() => stand.rest.patch(route, { body: { flags: 0, content: "plain again" } }));
    expect(drop?.message).toContain("cannot be removed");
    const content = await refusal(() => stand.rest.patch(route, { body: { content: "beside" } }));
    expect(content?.code).toBe(50035);
    // An edit that keeps to V2 (a record line instead of the table) is accepted.
    const record = await refusal(() =>
      stand.rest.patch(route, { body: { flags: COMPONENTS_V2_FLAG, components: [text("-# Ada played 12")], attachments: [] } }),
    );
    expect(record).toBeNull();
    expect(sb.findMessage(CHANNEL, sent.id).components).toEqual([{ type: 10, content: "-# Ada played 12" }]);
  });

  it("refuses the flag on a deferred answer (type 5), and takes it on the edit that follows", async () => {
    await stand.rest.put(Routes.applicationGuildCommands(sb.applicationId, sb.guildId), {
      body: [{ name: "look", description: "Shows the table", type: 1 }],
    });
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: sb.apiUrl } });
    const seen: number[] = [];
    client.on(Events.InteractionCreate, async (i) => {
      if (!i.isChatInputCommand()) return;
      const callback = Routes.interactionCallback(i.id, i.token);
      const deferV2 = await refusal(() =>
        client.rest.post(callback, { body: { type: 5, data: { flags: COMPONENTS_V2_FLAG } }, auth: false }),
      );
      seen.push(deferV2?.status ?? 200);
      await client.rest.post(callback, { body: { type: 5 }, auth: false });
      await client.rest.patch(Routes.webhookMessage(i.applicationId, i.token), {
        body: { flags: COMPONENTS_V2_FLAG, components: [text("Ada to play")] },
        auth: false,
      });
      seen.push(200);
    });
    await client.login(sb.token);
    try {
      await until("the client to be ready", () => client.isReady());
      const rec = await sb.command(ADA, CHANNEL, "look");
      await until("the client's edit to be answered", () => seen.length === 2);
      expect(seen).toEqual([400, 200]);
      expect((rec.original?.flags ?? 0) & COMPONENTS_V2_FLAG).toBe(COMPONENTS_V2_FLAG);
      expect(rec.original?.components).toEqual([{ type: 10, content: "Ada to play" }]);
      expect(rec.refusals.map((r) => r.code)).toEqual([50035]);
    } finally {
      await client.destroy();
    }
  });
});
