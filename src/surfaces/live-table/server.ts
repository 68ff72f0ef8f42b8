/**
 * The live table's web server (issue 50), in the bot's process: the Activity's page, its token
 * endpoint and one WebSocket a player. Off unless configured (`ACTIVITY_PORT`,
 * `ACTIVITY_PUBLIC_URL`, `DISCORD_CLIENT_SECRET`).
 *
 * - `GET /`: the page (src/surfaces/live-table/web/), `GET /app.js` its script bundled with the Embedded
 *   App SDK (src/surfaces/live-table/bundle.ts: by `npm run build`, or on demand from source). Inside Discord's frame it talks to Discord's client;
 *   outside it (no `frame_id`) it runs on the SDK's own `DiscordSDKMock`, its player chosen by
 *   `?user=` and its code asked of the local stand-in (`?standin=`).
 * - `POST /api/token` `{ code }`: OAuth2's authorization-code exchange with the app's client
 *   secret (`POST /oauth2/token`, form-encoded), answering `{ access_token }`.
 *   https://discord.com/developers/docs/activities/development-guides#authenticating-users
 * - `GET /api/live` (WebSocket): the first message `{ t: "hello", token, instance }` binds the
 *   socket to the user the token speaks for (`GET /users/@me`, Bearer) and to the channel of
 *   the Activity instance (`GET /applications/{app}/activity-instances/{id}`, bot token), only
 *   when that user is in that instance; then src/surfaces/live-table/hub.ts pushes frames and takes moves.
 *   A socket that has not said hello within 10 s, or says anything else first, is closed.
 *
 * Both API routes are served under `/.proxy/api/…` too: the page calls them so, as the SDK's guide
 * does from inside Discord's frame (https://github.com/discord/embedded-app-sdk#usage).
 *
 * Both API routes check the request's `Origin`: the public URL's, or Discord's proxy for the
 * app (`https://{app id}.discordsays.com`).
 */
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { REST } from "discord.js";
import type { WebSocket } from "ws";
import type { BotContext } from "../../bot/context.ts";
import { localeOf } from "../../i18n/index.ts";
import { serveLiveButton } from "./button.ts";
import { ActivityHub } from "./hub.ts";
import { pageScript } from "./bundle.ts";

/** The live table's settings (src/config.ts reads them from the environment). */
export interface ActivityOptions {
  /** Port to listen on (0: any free one). */
  readonly port: number;
  /** Address to listen on (default 0.0.0.0; the local stand-in: 127.0.0.1). */
  readonly host?: string;
  /** Where Discord's URL mapping (or a browser, locally) reaches this server; its origin may call the API. Absent: the address it listens on (local use). */
  readonly publicUrl?: string;
  readonly applicationId: string;
  /** The app's OAuth2 client secret (developer portal → OAuth2). */
  readonly clientSecret: string;
  /** Discord's API base, without version (`https://discord.com/api`, or the stand-in's). */
  readonly apiUrl: string;
  /** The local stand-in's URL: the page may run on the SDK's mock, asking it for codes. Absent: inside Discord only. */
  readonly standinUrl?: string;
  /** More routes on this server (the operator's `/healthz` and `/metrics` when `METRICS_PORT` is `ACTIVITY_PORT`: src/ops/metrics.ts `opsRoutes`). */
  readonly routes?: (app: FastifyInstance) => void;
}

/** What the server needs of the bot: the instance an Activity runs as, read with the bot token. */
export interface ActivityBot {
  instance(instanceId: string): Promise<{ readonly channelId: string; readonly users: readonly string[] } | null>;
}

/** Where the API routes are served: as mapped, and under Discord's proxy prefix (`/.proxy/api/…`, the page's own calls). */
export const API_PREFIXES = ["/api", "/.proxy/api"] as const;

/** How long a socket may stay silent before it says who it is, ms. */
export const HELLO_WITHIN_MS = 10_000;

export const Hello = z.object({ t: z.literal("hello"), token: z.string().min(1).max(200), instance: z.string().min(1).max(40) }).strict();
const TokenBody = z.object({ code: z.string().min(1).max(200) }).strict();

/** The running server: where it listens, and how to stop it. */
export interface ActivityServer {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * The live table of a running bot: its hub on the bot's tables and its server, the Activity's
 * instances read with the bot's `rest` (`GET /applications/{app}/activity-instances/{id}`:
 * where it runs and who is in it; null when Discord knows no such instance).
 * https://discord.com/developers/docs/activities/development-guides#instance-validation
 */
export async function serveLiveTable(
  ctx: BotContext,
  rest: REST,
  opts: ActivityOptions,
  /** Whether this process may act on a guild now (src/app.ts `leaseGuild`; see `ActivityHub`). */
  holdsGuild: (guildId: string | null) => Promise<boolean>,
): Promise<ActivityServer & { readonly hub: ActivityHub }> {
  const hub = new ActivityHub(ctx, holdsGuild);
  const server = await startActivity(opts, hub, {
    async instance(instanceId) {
      const inst = (await rest
        .get(`/applications/${opts.applicationId}/activity-instances/${encodeURIComponent(instanceId)}`)
        .catch(() => null)) as {
        location?: { channel_id?: string };
        users?: string[];
      } | null;
      const channelId = inst?.location?.channel_id;
      return channelId ? { channelId, users: inst?.users ?? [] } : null;
    },
  });
  serveLiveButton(true);
  return {
    ...server,
    hub,
    async stop() {
      serveLiveButton(false);
      await server.stop();
    },
  };
}

/**
 * What `GET /api/live` does with a socket whose origin passed: bind it to a seat of a table of
 * this process (`hubRoute`), or pass it on to the process of its table's guild (src/surfaces/live-table/front.ts).
 * `headers` are the upgrade request's.
 */
export type LiveRoute = (socket: WebSocket, headers: Readonly<Record<string, string | string[] | undefined>>) => void;

/** Starts the live table's server with the hub of this process. Throws when the port is taken. */
export async function startActivity(opts: ActivityOptions, hub: ActivityHub, bot: ActivityBot): Promise<ActivityServer> {
  const server = await startPage(opts, hubRoute(opts, hub, bot));
  return {
    url: server.url,
    async stop() {
      hub.closeAll();
      await server.stop();
    },
  };
}

/**
 * The live table's web server: the page, the token endpoint and `/api/live`, whose sockets go to
 * `route`. Throws when the port is taken; the page's script that cannot be bundled is a 500 for
 * its request.
 */
export async function startPage(opts: ActivityOptions, route: LiveRoute): Promise<ActivityServer> {
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 4096 });
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const origins = new Set([`https://${opts.applicationId}.discordsays.com`]);
  // A browser names the page's origin (Chromium leaves it out of a same-origin fetch, and says so in Sec-Fetch-Site).
  const allowed = (headers: { origin?: string | undefined; "sec-fetch-site"?: string | string[] | undefined }) =>
    headers.origin ? origins.has(headers.origin) : headers["sec-fetch-site"] === "same-origin";
  opts.routes?.(app);
  const page = pageHtml(opts);
  app.get("/", async (_req, reply) => reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(page));
  app.get("/app.js", async (_req, reply) => reply.type("text/javascript; charset=utf-8").send(await pageScript()));
  // Every API route is also served under `/.proxy`, the prefix the Embedded App SDK's guide calls
  // it by from inside Discord's frame (Discord's proxy may pass it on to the URL mapping as is).
  for (const prefix of API_PREFIXES)
    app.post(`${prefix}/token`, async (req, reply) => {
      if (!allowed(req.headers)) return reply.code(403).send({ error: "origin" });
      const body = TokenBody.safeParse(req.body);
      if (!body.success) return reply.code(400).send({ error: "code" });
      const answer = await fetch(`${opts.apiUrl}/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          client_id: opts.applicationId,
          client_secret: opts.clientSecret,
          grant_type: "authorization_code",
          code: body.data.code,
        }),
      });
      if (!answer.ok) return reply.code(401).send({ error: "code" });
      const { access_token } = (await answer.json()) as { access_token: string };
      return { access_token };
    });
  app.register(async (scoped) => {
    for (const prefix of API_PREFIXES)
      scoped.get(`${prefix}/live`, { websocket: true }, (socket, req) => {
        if (!allowed(req.headers)) socket.close(4003, "origin");
        else route(socket, req.headers);
      });
  });
  const address = await app.listen({ port: opts.port, host: opts.host ?? "0.0.0.0" });
  origins.add(new URL(opts.publicUrl ?? address).origin);
  return { url: address, stop: () => app.close() };
}

/**
 * Sockets bound here: the first message `{ t: "hello", token, instance }` (within
 * `HELLO_WITHIN_MS`) names the user and the instance (`hello`); then the hub pushes that seat's
 * frames and takes its moves. A socket that is not signed in is closed (4001).
 */
function hubRoute(opts: ActivityOptions, hub: ActivityHub, bot: ActivityBot): LiveRoute {
  return (socket) => {
    const sink = {
      send: (text: string) => socket.readyState === socket.OPEN && socket.send(text),
      close: (c: number, r: string) => socket.close(c, r),
    };
    let bound: { message(text: string): void; closed(): void } | null = null;
    let greeted = false;
    const silent = setTimeout(() => socket.close(4001, "no hello"), HELLO_WITHIN_MS);
    socket.on("message", (data) => {
      const text = String(data);
      if (bound) return bound.message(text);
      if (greeted) return; // still checking who it is: nothing before that counts
      greeted = true;
      clearTimeout(silent);
      void hello(opts, bot, text).then(
        (who) => {
          if (socket.readyState !== socket.OPEN) return;
          bound = hub.attach(who.channelId, who.userId, who.locale, sink, who.name);
        },
        () => socket.close(4001, "not signed in"),
      );
    });
    socket.on("close", () => {
      clearTimeout(silent);
      bound?.closed();
    });
  };
}

/** Who a socket's hello speaks for, and where: throws when the token or the instance does not hold. */
async function hello(
  opts: ActivityOptions,
  bot: ActivityBot,
  text: string,
): Promise<{ userId: string; name: string; channelId: string; locale: ReturnType<typeof localeOf> }> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("not JSON");
  }
  const { token, instance } = Hello.parse(json);
  const me = await fetch(`${opts.apiUrl}/v10/users/@me`, { headers: { authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`users/@me: ${me.status}`);
  const user = (await me.json()) as { id: string; username?: string; global_name?: string | null; locale?: string };
  const inst = await bot.instance(instance);
  if (!inst?.users.includes(user.id)) throw new Error("not in that instance");
  return { userId: user.id, name: user.global_name ?? user.username ?? user.id, channelId: inst.channelId, locale: localeOf(user.locale) };
}

/** The page, its settings inlined (what the script reads before it talks to Discord). */
function pageHtml(opts: ActivityOptions): string {
  const html = readFileSync(fileURLToPath(new URL("./web/index.html", import.meta.url)), "utf8");
  const config = JSON.stringify({ clientId: opts.applicationId, standin: opts.standinUrl ?? null }).replace(/</g, "\\u003c");
  return html.replace("<!--config-->", `<script id="config" type="application/json">${config}</script>`);
}
