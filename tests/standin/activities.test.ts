/**
 * The stand-in's half of an Activity (issue 50, first step): a command or a button answered with
 * LAUNCH_ACTIVITY (callback type 12, through discord.js's own `launchActivity`) opens the app's
 * Activity in that channel, a running instance the bot can look up; the Activity's page signs in
 * with OAuth2 as Discord's: a one-time code (what Discord's client gives the SDK's `authorize`),
 * exchanged form-encoded with the app's id and secret for a 7-day token, which reads the user at
 * `/users/@me`. Everything Discord refuses there is refused with OAuth2's own error bodies. The
 * app's Entry Point command (the App Launcher's): created by Discord when Activities are enabled,
 * kept through bulk updates (50240), global only, one; with APP_HANDLER the bot answers it.
 */
import { Client, Events, GatewayIntentBits, REST, Routes, type Interaction } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_LIFETIME_MS } from "../../src/standin/activities.ts";
import { until } from "../e2e/harness.ts";
import { refusal, standinWithRest } from "../helpers/refusal.ts";

const stand = standinWithRest();
const sb = stand.sb;
const GENERAL = "200000000000000001";
const GROUP_DM = "200000000000000010";
const [ADA, BEN, CLEO] = ["100000000000000001", "100000000000000002", "100000000000000003"];
let client: Client;
const seen = new Map<string, Interaction>();

beforeAll(async () => {
  const anywhere = { integration_types: [0, 1], contexts: [0, 1, 2] };
  await stand.rest.put(Routes.applicationCommands(sb.applicationId), {
    body: [
      { name: "live", description: "Opens the live table", ...anywhere },
      { name: "pick", description: "Autocompletes", options: [{ type: 3, name: "x", description: "x", autocomplete: true }], ...anywhere },
    ],
  });
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: sb.apiUrl, retries: 0 } });
  client.on(Events.InteractionCreate, async (i) => {
    seen.set(i.id, i);
    if (i.isAutocomplete()) {
      await refusal(() => i.client.rest.post(Routes.interactionCallback(i.id, i.token), { body: { type: 12 }, auth: false }));
      await i.respond([]);
    } else if (i.isChatInputCommand() || i.isButton() || i.isPrimaryEntryPointCommand())
      // Refused while the app's Activities are off: the test reads the refusal on the stand-in.
      await refusal(() => i.launchActivity());
  });
  await client.login(sb.token);
  await until("the client to be ready", () => client.isReady());
});
afterAll(async () => {
  await client.destroy();
});

/** POST /oauth2/token as an Activity's server sends it (form-encoded); the status and the JSON answer. */
async function token(
  form: Record<string, string>,
  opts: { json?: boolean; basic?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${sb.apiUrl}/v10/oauth2/token`, {
    method: "POST",
    headers: {
      "content-type": opts.json ? "application/json" : "application/x-www-form-urlencoded",
      ...(opts.basic ? { authorization: `Basic ${Buffer.from(opts.basic).toString("base64")}` } : {}),
    },
    body: opts.json ? JSON.stringify(form) : new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("launching the Activity", () => {
  it("a command answered with type 12 opens the channel's instance; a second person joins it; an autocomplete may not launch", async () => {
    // Until the app's Activities are enabled (the portal's switch), Discord refuses the answer.
    const early = await sb.command(ADA, GENERAL, "live", {}, { allowFailure: true });
    expect(early.refusals.map((r) => [r.status, r.code])).toEqual([[400, 50035]]);
    expect(sb.activities.instances.size).toBe(0);
    sb.enableActivities();
    const launched = await sb.command(ADA, GENERAL, "live");
    expect(launched.callbackType).toBe(12);
    expect(launched.refusals).toEqual([]);
    const [inst] = [...sb.activities.instances.values()];
    const looked = (await stand.rest.get(`/applications/${sb.applicationId}/activity-instances/${inst!.instanceId}`)) as Record<
      string,
      unknown
    >;
    expect(looked).toMatchObject({
      application_id: sb.applicationId,
      location: { kind: "gc", channel_id: GENERAL, guild_id: sb.guildId },
      users: [ADA],
    });
    await sb.command(BEN, GENERAL, "live");
    expect(sb.activities.instances.size).toBe(1);
    expect(
      ((await stand.rest.get(`/applications/${sb.applicationId}/activity-instances/${inst!.instanceId}`)) as { users: string[] }).users,
    ).toEqual([ADA, BEN]);
    // In the group DM, through Ada's user install: a private channel's instance.
    await sb.command(ADA, GROUP_DM, "live");
    expect([...sb.activities.instances.values()].map((i) => i.location.kind)).toEqual(["gc", "pc"]);
    const unknown = await refusal(() => stand.rest.get(`/applications/${sb.applicationId}/activity-instances/i-nothing`));
    expect(unknown?.status).toBe(404);
    const before = sb.refusals.length;
    await sb.autocomplete(ADA, GENERAL, "pick", { x: "" }, "x");
    expect(sb.refusals.slice(before).map((r) => [r.status, r.code])).toEqual([[400, 50035]]);
  });
});

describe("the Activity's sign-in (OAuth2 authorization code)", () => {
  it("exchanges a code once, form-encoded, for a 7-day Bearer token that reads the user with identify", async () => {
    const code = sb.activities.authorize(BEN, ["identify"]);
    const ok = await token({ client_id: sb.applicationId, client_secret: sb.clientSecret, grant_type: "authorization_code", code });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: "Bearer", expires_in: 604_800, scope: "identify" });
    const bearer = new REST({ api: sb.apiUrl, authPrefix: "Bearer", retries: 0 }).setToken(String(ok.body.access_token));
    expect(await bearer.get(Routes.user("@me"))).toMatchObject({ id: BEN });
    // Spent: the same code again is refused.
    const again = await token({ client_id: sb.applicationId, client_secret: sb.clientSecret, grant_type: "authorization_code", code });
    expect(again).toEqual({ status: 400, body: { error: "invalid_grant", error_description: 'Invalid "code" in request.' } });
    // HTTP Basic carries the app's credentials too.
    const basic = await token(
      { grant_type: "authorization_code", code: sb.activities.authorize(ADA, ["identify"]) },
      { basic: `${sb.applicationId}:${sb.clientSecret}` },
    );
    expect(basic.status).toBe(200);
  });

  it("refuses what Discord refuses: a JSON body, a wrong secret, an old code, a token without identify or none", async () => {
    const form = (code: string) => ({
      client_id: sb.applicationId,
      client_secret: sb.clientSecret,
      grant_type: "authorization_code",
      code,
    });
    expect((await token(form(sb.activities.authorize(ADA, ["identify"])), { json: true })).body.error).toBe("unsupported_grant_type");
    expect(await token({ ...form(sb.activities.authorize(ADA, ["identify"])), client_secret: "guess" })).toEqual({
      status: 401,
      body: { error: "invalid_client" },
    });
    const old = sb.activities.authorize(ADA, ["identify"]);
    sb.advanceTime(CODE_LIFETIME_MS + 1000);
    expect((await token(form(old))).body.error).toBe("invalid_grant");
    const noIdentify = await token(form(sb.activities.authorize(ADA, ["guilds"])));
    const without = new REST({ api: sb.apiUrl, authPrefix: "Bearer", retries: 0 }).setToken(String(noIdentify.body.access_token));
    expect((await refusal(() => without.get(Routes.user("@me"))))?.status).toBe(401);
    const forged = new REST({ api: sb.apiUrl, authPrefix: "Bearer", retries: 0 }).setToken("not-a-token");
    expect((await refusal(() => forged.get(Routes.user("@me"))))?.status).toBe(401);
  });
});

describe("the app's Entry Point command", () => {
  const live = { name: "live", description: "Opens the live table", integration_types: [0, 1], contexts: [0, 1, 2] };
  const ours = { name: "launch", description: "Open the live table", type: 4, handler: 1, integration_types: [0, 1], contexts: [0, 1, 2] };
  const codeOf = async (send: () => Promise<unknown>) => {
    const e = await refusal(send);
    return e && [e.status, e.code];
  };

  it("is made by Discord (handler 2) once Activities are on, which launches the Activity itself; a bulk update must keep it", async () => {
    sb.enableActivities();
    const entry = sb.entryPoint;
    expect(entry).toMatchObject({ name: "launch", type: 4, handler: 2 });
    const before = sb.interactions.size;
    expect(await sb.launch(CLEO, GENERAL)).toBeNull();
    expect(sb.interactions.size, "no interaction reaches the bot").toBe(before);
    expect([...sb.activities.instances.values()].find((i) => i.location.channelId === GENERAL)?.users).toContain(CLEO);
    // Dropped from a bulk overwrite: refused whole (50240), nothing changed.
    const global = Routes.applicationCommands(sb.applicationId);
    expect(await codeOf(() => stand.rest.put(global, { body: [live] }))).toEqual([400, 50240]);
    expect(sb.entryPoint).toEqual(entry);
    // Global only, one, no options; a handler belongs to an Entry Point command only.
    const guild = Routes.applicationGuildCommands(sb.applicationId, sb.guildId);
    expect(await codeOf(() => stand.rest.put(guild, { body: [live, ours] }))).toEqual([400, 50035]);
    expect(await codeOf(() => stand.rest.put(global, { body: [ours, { ...ours, name: "other" }] }))).toEqual([400, 50035]);
    expect(
      await codeOf(() => stand.rest.put(global, { body: [{ ...ours, options: [{ type: 3, name: "x", description: "x" }] }] })),
    ).toEqual([400, 50035]);
    expect(await codeOf(() => stand.rest.put(global, { body: [{ ...live, handler: 1 }, ours] }))).toEqual([400, 50035]);
    expect(sb.entryPoint).toEqual(entry);
  });

  it("with APP_HANDLER reaches the bot as command type 4, answered with type 12", async () => {
    await stand.rest.put(Routes.applicationCommands(sb.applicationId), { body: [live, ours] });
    expect(sb.entryPoint).toMatchObject({ name: "launch", handler: 1 });
    const rec = await sb.launch(BEN, GENERAL);
    expect(rec?.callbackType).toBe(12);
    expect(rec?.refusals).toEqual([]);
    const got = seen.get(rec?.id ?? "");
    expect(got?.isPrimaryEntryPointCommand()).toBe(true);
  });
});
