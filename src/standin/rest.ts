/**
 * The stand-in's HTTP side: Discord's REST API as the bot uses it (gateway, users,
 * applications and commands, channels, messages, threads, interaction callbacks and webhooks),
 * with Discord's refusals (401, 404 with its codes, 400/50035 past its limits, 429 with
 * `Retry-After` past a channel's bucket, injected faults), the attachments it serves back, and
 * the local page's files and `/local/…` routes.
 * https://discord.com/developers/docs/reference
 */
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { OAuthError, type Activities } from "./activities.ts";
import type { RestFaults } from "./faults.ts";
import { HttpError } from "./http-error.ts";
import { interactionCallback, webhook, type InteractionHost } from "./interactions.ts";
import { checkCommands, checkEntryPoints, checkMessage, checkMessageEdit, LimitError } from "./limits.ts";
import { scheduledEventRoute, type ScheduledEventsHost } from "./scheduled-events.ts";
import { createMessage, editMessage, publicCopy, type UploadedFiles } from "./messages.ts";
import type { LocalPage } from "./page.ts";
import { botRoleOf, guildRoles, PERMS, userObject } from "./objects.ts";
import { snowflake } from "./snowflake.ts";
import { checkAgainstSpec } from "./spec.ts";
import type { ApiMessage, StandinChannel } from "./types.ts";

/** The local page's files: path -> [file in src/standin/web, content type]. */
const WEB_FILES: Record<string, [string, string]> = {
  "/": ["index.html", "text/html; charset=utf-8"],
  "/app.js": ["app.js", "text/javascript; charset=utf-8"],
  "/app.css": ["app.css", "text/css; charset=utf-8"],
};

/** What the REST routes read and change of the stand-in. */
export interface RestHost extends InteractionHost, ScheduledEventsHost {
  readonly token: string;
  readonly recommendedShards: number;
  readonly commands: Map<string, Record<string, unknown>[]>;
  readonly stats: { restCalls: number; routes: Record<string, number> };
  readonly faults: RestFaults;
  readonly refusals: { method: string; route: string; status: number; code: number; message: string; global?: boolean }[];
  readonly page: LocalPage;
  /** The app's Activity: instances and OAuth2 (src/standin/activities.ts). */
  readonly activities: Activities;
  channel(id: string): StandinChannel;
  channelObject(c: StandinChannel): Record<string, unknown>;
  findMessage(channelId: string, id: string): ApiMessage;
  createThread(parentId: string, name: string, type?: 11 | 12): StandinChannel;
  /** The members of each private thread (the bot and whom it added). */
  readonly threadMembers: Map<string, Set<string>>;
  /** The bot's permissions in a server's channel (a thread: its parent's). */
  botPermissionsIn(channelId: string): bigint;
  /** The bot's server-wide permissions (its roles', before any channel's overwrites). */
  botGuildPermissions(): bigint;
  /** The ids of the messages pinned. */
  readonly pinned: Set<string>;
  /** The roles the bot gave, by `guild/user`. */
  readonly memberRoles: Map<string, Set<string>>;
  readonly users: readonly { readonly id: string }[];
  /** The per-channel bucket of message creates and edits (null: not enforced), and the writes made. */
  readonly messageLimit: { readonly count: number; readonly windowMs: number } | null;
  readonly channelWrites: { channelId: string; at: number; method: string }[];
  /** The global limit on bot-token requests (null: not enforced), and when the last second's were made. */
  readonly globalLimit: { readonly count: number; readonly windowMs: number } | null;
  readonly globalRequests: number[];
  /** When the current global window opened (ms). */
  readonly globalWindow: { start: number };
  /** Bot-token requests received in the last `globalLimit.windowMs` (their times, ms), and the most ever held in one such sliding window. */
  readonly globalBusiest: { readonly times: number[]; most: number };
}

/**
 * The URL of a request's target (`req.url`: a path, from Node's HTTP parser as the client sent it)
 * on the stand-in at `base`. Leading slashes collapse to one (`//` is the page, as most servers
 * read it; `new URL` would take it for a host). Null when no URL parser takes it.
 */
export function targetUrl(target: string | undefined, base: string): URL | null {
  try {
    return new URL((target ?? "/").replace(/^\/{2,}/, "/"), base);
  } catch {
    return null;
  }
}

/** Answers one HTTP request (never throws: a refusal is written as Discord's error body). */
export async function handleHttp(host: RestHost, req: IncomingMessage, res: ServerResponse): Promise<void> {
  host.stats.restCalls++;
  const url = targetUrl(req.url, host.url);
  if (!url) {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ code: 0, message: "400: Bad Request (the request's target is not a path)" }));
    return;
  }
  try {
    if (req.method === "GET" && url.pathname.startsWith("/attachments/")) {
      const id = url.pathname.split("/")[2] ?? "";
      const f = host.files.get(id);
      if (!f) throw new HttpError(404, 10008, "Unknown attachment");
      res.writeHead(200, { "content-type": f.type, "content-length": f.bytes.length });
      res.end(f.bytes);
      return;
    }
    if (req.method === "GET" && WEB_FILES[url.pathname]) {
      const [file, type] = WEB_FILES[url.pathname] as [string, string];
      const bytes = readFileSync(new URL(`./web/${file}`, import.meta.url));
      res.writeHead(200, { "content-type": type, "cache-control": "no-store" });
      res.end(bytes);
      return;
    }
    if (url.pathname.startsWith("/local/")) {
      // The Activity's page (served by the bot, another origin) asks as Discord's client would.
      const cors = url.pathname.startsWith("/local/activity") ? { "access-control-allow-origin": "*" } : {};
      if (req.method === "OPTIONS") {
        res.writeHead(204, { ...cors, "access-control-allow-headers": "content-type", "access-control-allow-methods": "GET, POST" });
        res.end();
        return;
      }
      const { body } = await readBody(host, req);
      const result = await host.page.route(req.method ?? "GET", url.pathname, url.searchParams, body);
      res.writeHead(200, { "content-type": "application/json", ...cors });
      res.end(JSON.stringify(result ?? {}));
      return;
    }
    if (req.method === "POST" && /^\/api(?:\/v\d+)?\/oauth2\/token$/.test(url.pathname)) {
      await oauthToken(host, req, res);
      return;
    }
    const m = /^\/api(?:\/v\d+)?(\/.*)$/.exec(url.pathname);
    if (!m) throw new HttpError(404, 0, "Not found");
    const route = decodeURIComponent(m[1] as string);
    const shape = `${req.method ?? "GET"} ${route.replace(/\/\d{5,}/g, "/{id}").replace(/^\/(interactions|webhooks)\/\{id\}\/[^/]+/, "/$1/{id}/{token}")}`;
    host.stats.routes[shape] = (host.stats.routes[shape] ?? 0) + 1;
    const { body, files, present } = await readBody(host, req);
    // Discord's own API description judges the request before anything else (src/standin/spec.ts).
    checkAgainstSpec(req.method ?? "GET", route, present ? body : undefined);
    const fault = host.faults.match(req.method ?? "GET", route);
    if (fault) {
      res.writeHead(fault.status, { "content-type": "application/json", ...fault.headers });
      res.end(JSON.stringify(fault.body));
      return;
    }
    const result = await routeRest(host, req.method ?? "GET", route, url.searchParams, body, files, req.headers.authorization);
    if (result === undefined) {
      res.writeHead(204);
      res.end();
      return;
    }
    const json = JSON.stringify(result);
    res.writeHead(200, { "content-type": "application/json", ...bucketHeaders(host, req.method ?? "GET", route) });
    res.end(json);
  } catch (e) {
    const he =
      e instanceof HttpError
        ? e
        : e instanceof LimitError
          ? new HttpError(400, 50035, e.message)
          : new HttpError(400, 50035, e instanceof Error ? e.message : String(e));
    host.refusals.push({
      method: req.method ?? "GET",
      route: url.pathname,
      status: he.status,
      code: he.code,
      message: he.message,
      ...(he.extra.global === true ? { global: true } : {}),
    });
    host.emit("refusal", host.refusals.at(-1));
    res.writeHead(he.status, { "content-type": "application/json", ...he.headers });
    res.end(
      JSON.stringify({
        code: he.code,
        message: he.message,
        ...he.extra,
        ...(e instanceof LimitError ? { errors: { [e.path]: { _errors: [{ code: "BASE_TYPE_INVALID", message: e.reason }] } } } : {}),
      }),
    );
  }
}

/** Bytes of files one request may upload: an unboosted guild's `attachment_size_limit` (10 MiB). */
export const UPLOAD_LIMIT = 10_485_760;

/**
 * A request's body: the JSON (or a multipart upload's `payload_json`), its files, and whether
 * there was a body at all.
 */
export async function readBody(
  host: RestHost,
  req: IncomingMessage,
): Promise<{ body: Record<string, unknown>; files: UploadedFiles; present: boolean }> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks);
  const files = new Map<string, { bytes: Buffer; name: string; type: string }>();
  if (raw.length === 0) return { body: {}, files, present: false };
  const type = req.headers["content-type"] ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await new Request("http://standin/", { method: "POST", headers: { "content-type": type }, body: raw }).formData();
    let body: Record<string, unknown> = {};
    for (const [k, v] of form.entries()) {
      if (k === "payload_json" && typeof v === "string") body = JSON.parse(v);
      else if (typeof v !== "string") {
        const idx = /files\[(\d+)\]/.exec(k)?.[1] ?? k;
        files.set(idx, { bytes: Buffer.from(await v.arrayBuffer()), name: v.name, type: v.type || "application/octet-stream" });
      }
    }
    // An unboosted guild's upload cap (https://discord.com/developers/docs/reference#uploading-files):
    // Discord refuses a larger request with 413 and code 40005.
    const total = [...files.values()].reduce((n, f) => n + f.bytes.length, 0);
    if (total > UPLOAD_LIMIT) throw new HttpError(413, 40005, "Request entity too large");
    return { body, files, present: true };
  }
  return { body: JSON.parse(raw.toString("utf8")), files, present: true };
}

/** One REST route, after faults: its result (undefined: 204), or throws `HttpError`. */
export async function routeRest(
  host: RestHost,
  method: string,
  route: string,
  query: URLSearchParams,
  body: Record<string, unknown>,
  files: UploadedFiles,
  auth: string | undefined,
): Promise<unknown> {
  const seg = route.split("/").filter(Boolean);
  const is = (pattern: string) => {
    const p = pattern.split("/").filter(Boolean);
    return p.length === seg.length && p.every((x, i) => x.startsWith(":") || x === seg[i]);
  };
  // Interaction callbacks and webhooks authenticate by token, not by bot token.
  if (method === "POST" && is("/interactions/:id/:token/callback")) {
    return interactionCallback(host, seg[1] as string, seg[2] as string, body, files, query.get("with_response") === "true");
  }
  if (seg[0] === "webhooks") return webhook(host, method, seg, body, files);

  // An Activity's server reads its player with the access token its page's code was exchanged for.
  if (method === "GET" && is("/users/@me") && auth?.startsWith("Bearer ")) return userObject(host.user(host.activities.bearerUser(auth)));
  if (auth !== `Bot ${host.token}`) throw new HttpError(401, 0, "401: Unauthorized");
  spendGlobal(host);
  // A DM or group DM reached by a user install: the bot is not there, its token may not touch it.
  if (seg[0] === "channels" && seg[1] && host.privateChannel(seg[1])) throw new HttpError(403, 50001, "Missing Access");
  if (method === "GET" && (is("/gateway/bot") || is("/gateway"))) {
    return {
      url: `${host.url.replace("http", "ws")}/gateway`,
      shards: host.recommendedShards,
      session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: 1 },
    };
  }
  if (method === "GET" && is("/users/@me")) return host.botUser;
  if (method === "GET" && is("/applications/:app/activity-instances/:instance"))
    return host.activities.instanceObject(seg[1] as string, seg[3] as string);
  if (method === "GET" && is("/applications/@me")) return { id: host.applicationId, name: "ONEXENO", flags: 0, bot: host.botUser };
  if (is("/applications/:app/commands") || is("/applications/:app/guilds/:guild/commands")) {
    const scope = seg.length === 3 ? "global" : (seg[3] as string);
    if (method === "PUT") {
      checkCommands(body as unknown as Record<string, unknown>[]);
      checkEntryPoints(scope, body as unknown as Record<string, unknown>[], host.commands.get(scope) ?? [], host.activitiesEnabled);
      const list = (body as unknown as Record<string, unknown>[]).map((c) => ({
        ...c,
        id: snowflake(),
        application_id: host.applicationId,
        version: snowflake(),
        ...(scope === "global" ? {} : { guild_id: scope }),
      }));
      host.commands.set(scope, list);
      host.emit("commands", scope);
      return list;
    }
    if (method === "GET") return host.commands.get(scope) ?? [];
  }
  if (method === "GET" && is("/channels/:id")) return host.channelObject(host.channel(seg[1] as string));
  if ((method === "POST" && is("/channels/:id/messages")) || (method === "PATCH" && is("/channels/:id/messages/:mid")))
    spendMessage(host, seg[1] as string, method);
  if (is("/channels/:id/messages")) {
    const ch = host.channel(seg[1] as string);
    if (method === "POST") {
      checkMessage(body);
      return publicCopy(createMessage(host, ch.id, body, files, { type: 0 }));
    }
    if (method === "GET") {
      const limit = Number(query.get("limit") ?? 50);
      return (host.messages.get(ch.id) ?? [])
        .filter((x) => !x.visibleTo)
        .slice(-limit)
        .reverse()
        .map((x) => publicCopy(x));
    }
  }
  if (is("/channels/:id/messages/:mid")) {
    const msg = host.findMessage(seg[1] as string, seg[3] as string);
    if (method === "GET") return publicCopy(msg);
    if (method === "PATCH") {
      checkMessageEdit(msg, body);
      return publicCopy(editMessage(host, msg, body, files));
    }
    if (method === "DELETE") {
      host.deleteMessage(msg);
      return undefined;
    }
  }
  if ((method === "PUT" || method === "DELETE") && permissionRoute(host, method, seg, is)) return undefined;
  const scheduled = scheduledEventRoute(host, method, seg, body);
  if (scheduled) return scheduled.answer ?? undefined;
  const thread = threadRoute(host, method, seg, body, is);
  if (thread) return thread.answer;
  throw new HttpError(404, 0, `stand-in: ${method} ${route} is not implemented`);
}

/**
 * The global limit: past `globalLimit.count` bot-token requests in one window, a 429 with
 * `X-RateLimit-Global` and `global: true`, as Discord answers (interaction callbacks and the
 * interaction's webhook are exempt and never reach here). The window is fixed: it opens at the
 * first request after the last one closed and lasts `windowMs` less 50 ms, the way discord.js
 * counts its own requests a second; a bot whose client keeps a margin under 50 (ours: 45) is
 * never refused, one that sends as fast as it can is.
 * https://discord.com/developers/docs/topics/rate-limits#global-rate-limit
 */
export function spendGlobal(host: RestHost): void {
  const limit = host.globalLimit;
  if (!limit) return;
  const now = Date.now();
  const busiest = host.globalBusiest;
  busiest.times.push(now);
  while ((busiest.times[0] ?? now) <= now - limit.windowMs) busiest.times.shift();
  busiest.most = Math.max(busiest.most, busiest.times.length);
  if (now >= host.globalWindow.start + limit.windowMs - GLOBAL_NETWORK_MS) {
    host.globalWindow.start = now;
    host.globalRequests.length = 0;
  }
  const seen = host.globalRequests;
  if (seen.length >= limit.count) {
    const after = Math.max(0.001, (host.globalWindow.start + limit.windowMs - GLOBAL_NETWORK_MS - now) / 1000);
    throw new HttpError(
      429,
      0,
      "You are being rate limited.",
      { "retry-after": String(Math.ceil(after)), "x-ratelimit-global": "true", "x-ratelimit-scope": "global" },
      { retry_after: after, global: true },
    );
  }
  seen.push(now);
}

/** How much shorter the stand-in's global window is than the client's, for the time a request takes to arrive (ms). */
const GLOBAL_NETWORK_MS = 50;

/**
 * The `X-RateLimit-*` headers Discord sends with a channel message write that it accepted
 * (what discord.js reads to wait before the bucket is empty rather than after a 429); none for
 * other routes or when the bucket is not enforced.
 */
function bucketHeaders(host: RestHost, method: string, route: string): Record<string, string> {
  const limit = host.messageLimit;
  const channelId = /^\/channels\/(\d+)\/messages(?:\/\d+)?$/.exec(route)?.[1];
  if (!limit || !channelId || (method !== "POST" && method !== "PATCH")) return {};
  const now = Date.now();
  const recent = host.channelWrites.filter((w) => w.channelId === channelId && w.at > now - limit.windowMs);
  const resetMs = recent.length ? recent[Math.max(0, recent.length - limit.count)]!.at + limit.windowMs - now : limit.windowMs;
  return {
    "x-ratelimit-limit": String(limit.count),
    "x-ratelimit-remaining": String(Math.max(0, limit.count - recent.length)),
    "x-ratelimit-reset": String((now + resetMs) / 1000),
    "x-ratelimit-reset-after": (resetMs / 1000).toFixed(3),
    "x-ratelimit-bucket": `channel-messages-${channelId}`,
  };
}

/**
 * Takes one message create or edit from `channelId`'s bucket, or refuses with 429 and the
 * headers Discord sends (`Retry-After` in seconds, `X-RateLimit-*`) when it is empty.
 */
export function spendMessage(host: RestHost, channelId: string, method: string): void {
  const now = Date.now();
  const limit = host.messageLimit;
  if (limit) {
    const recent = host.channelWrites.filter((w) => w.channelId === channelId && w.at > now - limit.windowMs);
    if (recent.length >= limit.count) {
      const resetMs = recent[recent.length - limit.count]!.at + limit.windowMs - now;
      const after = Math.max(0.001, resetMs / 1000);
      throw new HttpError(
        429,
        0,
        "You are being rate limited.",
        {
          "retry-after": String(Math.ceil(after)),
          "x-ratelimit-limit": String(limit.count),
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": String((now + resetMs) / 1000),
          "x-ratelimit-reset-after": after.toFixed(3),
          "x-ratelimit-bucket": `channel-messages-${channelId}`,
          "x-ratelimit-scope": "user",
        },
        { retry_after: after, global: false },
      );
    }
  }
  host.channelWrites.push({ channelId, at: now, method });
}

/**
 * `POST /oauth2/token` (src/standin/activities.ts): answered outside the bot API's rules (no bot
 * token, a form body, OAuth2's error bodies), as Discord does.
 */
async function oauthToken(host: RestHost, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const answer = host.activities.exchange(
      req.headers["content-type"] ?? "",
      Buffer.concat(chunks).toString("utf8"),
      req.headers.authorization,
    );
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(answer));
  } catch (e) {
    if (!(e instanceof OAuthError)) throw e;
    host.refusals.push({ method: "POST", route: "/oauth2/token", status: e.status, code: 0, message: e.body.error });
    res.writeHead(e.status, { "content-type": "application/json" });
    res.end(JSON.stringify(e.body));
  }
}

/**
 * Adds (PUT) or removes (DELETE) role `roleId` of member `userId`, with Discord's refusals
 * (https://discord.com/developers/docs/resources/guild#add-guild-member-role and
 * https://discord.com/developers/docs/topics/permissions#permission-hierarchy): 404 10004 for an
 * unknown guild, 10011 for an unknown role, 10007 for someone not in it; 403 50013 without Manage
 * Roles, or for @everyone, a managed role, or a role at or above the bot's highest.
 */
function memberRole(host: RestHost, method: string, guildId: string, userId: string, roleId: string): void {
  if (!host.guilds.some((g) => g.id === guildId)) throw new HttpError(404, 10004, "Unknown Guild");
  const roles = guildRoles(guildId) as { id: string; position: number; managed: boolean }[];
  const role = roles.find((r) => r.id === roleId);
  if (!role) throw new HttpError(404, 10011, "Unknown Role");
  if (!host.users.some((u) => u.id === userId)) throw new HttpError(404, 10007, "Unknown Member");
  const mine = roles.find((r) => r.id === botRoleOf(guildId))?.position ?? 0;
  const manage = (host.botGuildPermissions() & PERMS.MANAGE_ROLES) !== 0n;
  if (!manage || role.id === guildId || role.managed || role.position >= mine) throw new HttpError(403, 50013, "Missing Permissions");
  const key = `${guildId}/${userId}`;
  const held = host.memberRoles.get(key) ?? new Set<string>();
  if (method === "PUT") held.add(roleId);
  else held.delete(roleId);
  host.memberRoles.set(key, held);
}

/**
 * The routes Discord guards by one of the bot's own permissions (answered 204, or refused as
 * Discord refuses them): a message pinned or unpinned (Pin Messages), a member's role given or
 * taken (`memberRole`). False for another route.
 */
/**
 * Threads: POST /channels/:id/threads (and from a message), and a thread's members: PUT and
 * DELETE /channels/:id/thread-members/:user, GET /channels/:id/thread-members
 * (https://discord.com/developers/docs/resources/channel#add-thread-member). Only private
 * threads keep a list here (a public one is open to everyone who sees its parent); the user
 * must be known. Null for another route.
 */
function threadRoute(
  host: RestHost,
  method: string,
  seg: readonly string[],
  body: Record<string, unknown>,
  is: (pattern: string) => boolean,
): { answer: unknown } | null {
  if (method === "POST" && (is("/channels/:id/threads") || is("/channels/:id/messages/:mid/threads"))) {
    // https://discord.com/developers/docs/resources/channel#start-thread-without-message: a
    // private thread (type 12, never from a message) needs Create Private Threads, a public one
    // Create Public Threads; threads are made in a text channel, never in a thread.
    const parent = host.channel(seg[1] as string);
    const type = body.type === 12 && seg.length === 3 ? 12 : 11;
    if (parent.type !== 0) throw new HttpError(400, 50024, "Cannot execute action on this channel type");
    const needs = type === 12 ? PERMS.CREATE_PRIVATE_THREADS : PERMS.CREATE_PUBLIC_THREADS;
    if (!(host.botPermissionsIn(parent.id) & needs)) throw new HttpError(403, 50013, "Missing Permissions");
    return { answer: host.channelObject(host.createThread(parent.id, String(body.name ?? "thread"), type)) };
  }
  if (!is("/channels/:id/thread-members/:uid") && !is("/channels/:id/thread-members")) return null;
  const thread = host.channel(seg[1] as string);
  if (thread.type === 0) throw new HttpError(400, 50024, "Cannot execute action on this channel type");
  const members = host.threadMembers.get(thread.id);
  if (method === "GET" && seg.length === 3)
    return {
      answer: [...(members ?? [])].map((user_id) => ({ id: thread.id, user_id, join_timestamp: new Date().toISOString(), flags: 0 })),
    };
  const userId = seg[3] as string;
  if (!host.users.some((u) => u.id === userId)) throw new HttpError(404, 10013, "Unknown User");
  if (method === "PUT") members?.add(userId);
  else if (method === "DELETE") members?.delete(userId);
  else return null;
  return { answer: undefined };
}

function permissionRoute(host: RestHost, method: string, seg: readonly string[], is: (pattern: string) => boolean): boolean {
  if (is("/channels/:id/messages/pins/:mid")) {
    // https://discord.com/developers/docs/resources/message#pin-message: Pin Messages (split from Manage Messages).
    const msg = host.findMessage(seg[1] as string, seg[4] as string);
    if (!(host.botPermissionsIn(seg[1] as string) & PERMS.PIN_MESSAGES)) throw new HttpError(403, 50013, "Missing Permissions");
    if (method === "PUT") host.pinned.add(msg.id);
    else host.pinned.delete(msg.id);
    return true;
  }
  if (is("/guilds/:id/members/:uid/roles/:rid")) {
    memberRole(host, method, seg[1] as string, seg[3] as string, seg[5] as string);
    return true;
  }
  return false;
}
