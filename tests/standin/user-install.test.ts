/**
 * The stand-in is as strict as Discord about user installs (issue 49): a group DM where the bot
 * is not, a command offered there only as a global command for user installs with context 2 and
 * only to someone who installed the app, interactions that carry `context` and
 * `authorizing_integration_owners` and no guild, Missing Access for anything the bot token does
 * there, at most 5 follow-ups to an interaction the app reached by a user install (40094), and
 * tokens that expire after 15 minutes of the stand-in's clock (401/50027) while a click brings a
 * fresh one. Driven through a real discord.js client on the stand-in's gateway.
 */
import { Client, Events, GatewayIntentBits, Routes, type Interaction } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal, standinWithRest } from "../helpers/refusal.ts";
import { until } from "../e2e/harness.ts";
import { commandBodies } from "../../src/app.ts";
import { takeSpecRefusals } from "../../src/standin/spec.ts";
import { checkCommands } from "../../src/standin/limits.ts";

const stand = standinWithRest();
const sb = stand.sb;
const GROUP_DM = "200000000000000010";
const GENERAL = "200000000000000001";
const [ADA, BEN, DEV] = ["100000000000000001", "100000000000000002", "100000000000000004"];

/** What the client saw of each interaction, by id. */
const seen = new Map<string, Interaction>();
let client: Client;

beforeAll(async () => {
  const app = sb.applicationId;
  const anywhere = { integration_types: [0, 1], contexts: [0, 1, 2] };
  await stand.rest.put(Routes.applicationCommands(app), {
    body: [
      { name: "look", description: "Looks", ...anywhere },
      { name: "many", description: "Answers with follow-ups", ...anywhere },
      { name: "server", description: "Server only", integration_types: [0], contexts: [0] },
    ],
  });
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: sb.apiUrl, retries: 0 } });
  client.on(Events.InteractionCreate, async (i) => {
    seen.set(i.id, i);
    if (i.isChatInputCommand() && i.commandName === "many") {
      await i.reply({ content: "first" });
      for (let n = 1; n <= 6; n++) await refusal(() => i.followUp({ content: `follow-up ${n}` }));
      return;
    }
    if (i.isChatInputCommand())
      await i.reply({ content: "a table", components: [{ type: 1, components: [{ type: 2, style: 1, label: "Go", custom_id: "go" }] }] });
    if (i.isButton()) await i.update({ content: `clicked by ${i.user.id}` });
  });
  await client.login(sb.token);
  await until("the client to be ready", () => client.isReady());
});
afterAll(async () => {
  await client.destroy();
});

describe("a user install in a group DM", () => {
  it("is offered only global commands for user installs with context 2, to someone there who installed the app", async () => {
    await expect(sb.command(BEN, GROUP_DM, "look")).rejects.toThrow(/have not installed the app/);
    await expect(sb.command(ADA, GROUP_DM, "server")).rejects.toThrow(/not offered in a private channel/);
    await expect(sb.command(DEV, GROUP_DM, "look")).rejects.toThrow(/not in private channel/);
    // A server-only command is still offered in the server.
    expect((await sb.command(ADA, GENERAL, "server")).original?.content).toBe("a table");
  });

  it("sends an interaction with its context and owners and no guild; the answer is a message of the group DM", async () => {
    const rec = await sb.command(ADA, GROUP_DM, "look");
    const i = seen.get(rec.id)!;
    expect(i.guildId).toBeNull();
    expect(i.context).toBe(2);
    expect(i.authorizingIntegrationOwners.user?.id).toBe(ADA);
    expect(i.authorizingIntegrationOwners.guildId).toBeNull();
    expect(rec.original?.content).toBe("a table");
    expect(rec.original?.guild_id).toBeUndefined();
    expect(sb.visibleMessages(GROUP_DM, BEN).map((m) => m.id)).toContain(rec.original!.id);
  });

  it("refuses the bot token there with Missing Access, as the bot is not in the channel", async () => {
    const posted = await refusal(() => stand.rest.post(Routes.channelMessages(GROUP_DM), { body: { content: "hello" } }));
    expect([posted?.status, posted?.code]).toEqual([403, 50001]);
    const read = await refusal(() => stand.rest.get(Routes.channel(GROUP_DM)));
    expect(read?.code).toBe(50001);
  });

  it("takes 5 follow-ups to an interaction of a user install and refuses the 6th with 40094; a guild install has no such cap", async () => {
    const dm = await sb.command(ADA, GROUP_DM, "many");
    await until("six follow-ups tried", () => dm.followups.length + dm.refusals.length === 6);
    expect(dm.followups.map((m) => m.content)).toEqual([1, 2, 3, 4, 5].map((n) => `follow-up ${n}`));
    expect(dm.refusals.map((r) => [r.status, r.code])).toEqual([[400, 40094]]);
    const guild = await sb.command(ADA, GENERAL, "many");
    await until("six follow-ups in the server", () => guild.followups.length === 6);
    expect(guild.refusals).toEqual([]);
  });

  it("expires a token after 15 minutes of the stand-in's clock (401/50027); a click by anyone there brings a fresh one", async () => {
    const rec = await sb.command(ADA, GROUP_DM, "look");
    const i = seen.get(rec.id)!;
    sb.advanceTime(16 * 60_000);
    const late = await refusal(() =>
      stand.rest.patch(Routes.webhookMessage(i.applicationId, i.token), { body: { content: "late" }, auth: false }),
    );
    expect([late?.status, late?.code]).toEqual([401, 50027]);
    expect(rec.refusals.at(-1)?.code).toBe(50027);
    // Ben did not install the app, but may click what it posted; the app is there by Ada's install.
    const click = await sb.click(BEN, rec.original!, "go");
    expect(click.refusals).toEqual([]);
    expect(click.original?.content).toBe(`clicked by ${BEN}`);
    expect(seen.get(click.id)!.authorizingIntegrationOwners.user?.id).toBe(ADA);
  });
});

describe("the bot's own commands", () => {
  it("say where they are offered (games, history and replays in DMs too, by a user install; what needs a server only there), and Discord's rules accept them", async () => {
    const bodies = commandBodies() as { name: string; integration_types: number[]; contexts: number[] }[];
    const anywhere = [
      [0, 1],
      [0, 1, 2],
    ];
    const servers = [[0], [0]];
    expect(Object.fromEntries(bodies.map((b) => [b.name, [b.integration_types, b.contexts]]))).toEqual({
      ...{ onexeno: anywhere, onze: anywhere, cardeno: anywhere, history: anywhere, replay: anywhere, help: anywhere },
      // The queue is offered in DMs to say there why it needs a server.
      queue: anywhere,
      ...{ stats: servers, ratings: servers, tournament: servers, season: servers, settings: servers },
    });
    expect(() => checkCommands(bodies)).not.toThrow();
    const bad = await refusal(() =>
      stand.rest.put(Routes.applicationCommands(sb.applicationId), { body: [{ name: "x", description: "x", contexts: [0, 3] }] }),
    );
    expect(bad?.code).toBe(50035);
    // Discord's own description refuses it first (src/standin/spec.ts); the stand-in's rules agree.
    expect(takeSpecRefusals().map((r) => r.route)).toEqual([`/applications/${sb.applicationId}/commands`]);
    expect(() => checkCommands([{ name: "x", description: "x", contexts: [0, 3] }])).toThrow(/contexts/);
    expect(() => checkCommands([{ name: "x", description: "x", integration_types: [] }])).toThrow(/integration_types/);
  });
});
