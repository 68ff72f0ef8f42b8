/**
 * A loopback Discord stand-in: REST (API v10 subset) and a WebSocket gateway (v10, JSON,
 * no compression) on 127.0.0.1, so the real discord.js client can run with no network.
 *
 * Implements what a slash-command bot uses (https://discord.com/developers/docs):
 * - gateway: Hello, Identify -> READY (+ GUILD_CREATE per guild), Heartbeat/ACK, Resume ->
 *   RESUMED, INTERACTION_CREATE dispatches, THREAD_CREATE;
 * - REST: GET /gateway(/bot), /users/@me, /applications/@me; command registration (global
 *   and guild); interaction callbacks (types 4-8, multipart attachments, `with_response`);
 *   webhook `@original` get/edit/delete and follow-ups; channel messages, channel fetch,
 *   thread creation; attachments served under /attachments/.
 * Errors answer 4xx as Discord would; Discord's limits are enforced (`limits.ts`): 400/50035
 * for an over-long customId, more than 5 rows or 25 options, a choice value of the wrong
 * type; 404/10062 for an interaction answered more than 3 s after it was created, 10015
 * for its token after 15 min. Faults are injected on demand (`faults.ts`, and the gateway's
 * `pauseGateway`/`resumeGateway`/`dropGateway`, with RESUME replaying missed events).
 *
 * The driver side (`command`, `autocomplete`, `click`, `select`) builds interactions as
 * Discord would and waits for the bot's answer, for end-to-end tests and the local page.
 */
import { EventEmitter } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { RestFaults } from "./faults";
import { Gateway, routes, shardOf, type GatewaySession } from "./gateway";
import { HttpError } from "./http-error";
import { channelObject, guildObject, MEMBER_PERMS, MOD_PERMS, PERMS, userObject } from "./objects";
import { LocalPage } from "./page";
import { checkChoices, checkCommand, checkMessage, LimitError, type OptionDef } from "./limits";
import { snowflake, snowflakeAt, snowflakeTime } from "./snowflake";
import type { ApiAttachment, ApiMessage, ApiOption, InteractionRecord, StandinChannel, StandinGuild, StandinUser } from "./types";

export { PERMS };

/** Options of a stand-in. Everything has a default: four players, a moderator, channels. */
export interface StandinOptions {
  readonly port?: number;
  readonly token?: string;
  readonly guildName?: string;
  readonly users?: readonly StandinUser[];
  readonly channels?: readonly StandinChannel[];
  /**
   * Further guilds beside the first (`guildId`), e.g. from `shardGuilds`. Channels name their
   * guild; a channel without one is in the first guild. Every user is a member of each.
   */
  readonly guilds?: readonly StandinGuild[];
  /** Shard count `GET /gateway/bot` recommends (default 1). */
  readonly shards?: number;
}

/** The first guild's id. */
export const FIRST_GUILD_ID = "400000000000000001";

/**
 * `count` guilds, guild i on shard i of `count` (ids 2^22 apart from the first guild's, whose
 * shard is 0 for every count up to 6), each with one text channel `table-<i+1>`, beside the
 * first guild's default channels: a stand-in whose guilds span every shard.
 */
export { shardOf };

export function shardGuilds(count: number): { guilds: StandinGuild[]; channels: StandinChannel[] } {
  const guilds: StandinGuild[] = [];
  const channels: StandinChannel[] = [...DEFAULT_CHANNELS];
  for (let i = 1; i < count; i++) {
    const id = (BigInt(FIRST_GUILD_ID) + BigInt(i) * (1n << 22n)).toString();
    guilds.push({ id, name: `Local table ${i + 1}` });
    channels.push({
      id: (BigInt("200000000000000101") + BigInt(i)).toString(),
      name: `table-${i + 1}`,
      type: 0,
      parentId: null,
      guildId: id,
    });
  }
  return { guilds, channels };
}

/** Default local users (the moderator has Manage Messages and Manage Server). */
export const DEFAULT_USERS: readonly StandinUser[] = [
  { id: "100000000000000001", username: "ada", globalName: "Ada", permissions: MEMBER_PERMS },
  { id: "100000000000000002", username: "ben", globalName: "Ben", permissions: MEMBER_PERMS },
  { id: "100000000000000003", username: "cleo", globalName: "Cleo", permissions: MEMBER_PERMS },
  { id: "100000000000000004", username: "dev", globalName: "Dev", permissions: MEMBER_PERMS },
  { id: "100000000000000009", username: "mod", globalName: "Moderator", permissions: MOD_PERMS },
];

/** Default channels: two text channels and a thread. */
export const DEFAULT_CHANNELS: readonly StandinChannel[] = [
  { id: "200000000000000001", name: "general", type: 0, parentId: null },
  { id: "200000000000000002", name: "card-room", type: 0, parentId: null },
  { id: "200000000000000003", name: "friday-game", type: 11, parentId: "200000000000000001" },
];

/** Files of the local page (src/standin/web), by URL path. */
const WEB_FILES: Record<string, [string, string]> = {
  "/": ["index.html", "text/html; charset=utf-8"],
  "/app.js": ["app.js", "text/javascript; charset=utf-8"],
  "/app.css": ["app.css", "text/css; charset=utf-8"],
};

/**
 * The per-channel message bucket bots observe on Discord: at most `count` creates and edits of
 * channel messages in any `windowMs` (5 per 5 s). Discord publishes no per-route numbers; a bot
 * reads the `X-RateLimit-*` headers (https://discord.com/developers/docs/topics/rate-limits).
 */
export interface MessageLimit {
  readonly count: number;
  readonly windowMs: number;
}

/** The bucket seen for a channel's messages on Discord: 5 per 5 s. */
export const CHANNEL_MESSAGE_LIMIT: MessageLimit = { count: 5, windowMs: 5000 };

/** Discord's answer window for an interaction (ms from its creation). */
export const INTERACTION_WINDOW_MS = 3000;
/** How long an interaction token stays valid for follow-ups and edits (ms). */
export const TOKEN_LIFETIME_MS = 15 * 60_000;

type Pending = { record: InteractionRecord; message?: ApiMessage; done: EventEmitter; focused?: OptionDef };

/** How a driven interaction is sent and awaited. */
export interface DriveOptions {
  /** Create it this many ms in the past (as a stalled gateway delivers it late). */
  readonly ageMs?: number;
  /** Resolve, instead of failing, when Discord would show "This interaction failed". */
  readonly allowFailure?: boolean;
  /** Longest wait for a deferred answer to be completed, ms (default 60 s). */
  readonly waitMs?: number;
}

/** The stand-in server. Call `start()`, give the bot `apiUrl` and `token`, then drive it. */
export class DiscordStandin extends EventEmitter {
  readonly token: string;
  readonly applicationId = "300000000000000001";
  readonly guildId = FIRST_GUILD_ID;
  readonly guildName: string;
  /** Every guild, the first one first. */
  readonly guilds: StandinGuild[];
  /** Shard count `GET /gateway/bot` recommends. */
  readonly recommendedShards: number;
  readonly botUser = {
    id: "300000000000000001",
    username: "onexeno",
    global_name: "ONEXENO",
    discriminator: "0",
    avatar: null,
    bot: true,
    flags: 0,
  };
  readonly users: StandinUser[];
  readonly channels: StandinChannel[];
  /** Registered commands by scope ("global" or a guild id). */
  readonly commands = new Map<string, Record<string, unknown>[]>();
  /** Messages by channel id, oldest first (ephemeral ones carry `visibleTo`). */
  readonly messages = new Map<string, ApiMessage[]>();
  /** Every interaction dispatched, by token. */
  readonly interactions = new Map<string, InteractionRecord>();
  /** Counters for tests and benchmarks. */
  readonly stats = { identifies: 0, resumes: 0, restCalls: 0, interactions: 0 };
  /** REST faults to inject (5xx, 429) on chosen routes. */
  readonly faults = new RestFaults();
  /** Every message edit (channel route or interaction webhook), newest last: channel, message, when (ms), private or not. */
  readonly edits: { channelId: string; messageId: string; at: number; ephemeral: boolean }[] = [];
  /**
   * The per-channel bucket of message creates and edits (POST and PATCH on a channel's
   * messages), answered with 429 and `Retry-After` past it, as Discord does; null: not
   * enforced. Off by default until the bot paces every channel (turn-based tests run computers
   * every 20 ms); tests of real-time tables switch it on.
   */
  messageLimit: MessageLimit | null = null;
  /** Each channel's message creates and edits through the bot token, newest last (ms). */
  readonly channelWrites: { channelId: string; at: number; method: string }[] = [];
  /** Requests the stand-in refused as Discord would (limits, deadlines), newest last. */
  readonly refusals: { method: string; route: string; status: number; code: number; message: string }[] = [];
  private server: Server | null = null;
  /** The local page (src/standin/page.ts): its WebSocket events and `/local/…` routes. */
  private readonly page: LocalPage = new LocalPage(this);
  /** The gateway (src/standin/gateway.ts): sessions, dispatches, RESUME, stalls. */
  private readonly gateway: Gateway;
  private files = new Map<string, { bytes: Buffer; type: string }>();
  private pending = new Map<string, Pending>();
  private readonly port: number;
  private baseUrl = "";

  constructor(opts: StandinOptions = {}) {
    super();
    this.setMaxListeners(100);
    for (const e of ["message", "messageUpdate", "messageDelete"]) {
      this.on(e, (m: ApiMessage) => this.page.notify({ type: "messages", channelId: m.channel_id }));
    }
    this.on("channel", () => this.page.notify({ type: "channels" }));
    this.on("commands", () => this.page.notify({ type: "commands" }));
    this.port = opts.port ?? 0;
    this.token = opts.token ?? "standin.bot.token";
    this.gateway = new Gateway({
      token: this.token,
      stats: this.stats,
      ready: (session) => this.readyPayload(session),
      guildCreates: (session) => this.guilds.filter((g) => routes(session, g.id)).map((g) => this.guildPayload(g)),
    });
    this.guildName = opts.guildName ?? "Local table";
    this.guilds = [{ id: this.guildId, name: this.guildName }, ...(opts.guilds ?? [])];
    this.recommendedShards = opts.shards ?? 1;
    this.users = [...(opts.users ?? DEFAULT_USERS)];
    this.channels = [...(opts.channels ?? DEFAULT_CHANNELS)];
    for (const c of this.channels)
      if (c.guildId !== undefined && !this.guilds.some((g) => g.id === c.guildId))
        throw new Error(`channel ${c.id} names unknown guild ${c.guildId}`);
    for (const c of this.channels) this.messages.set(c.id, []);
  }

  /** http://127.0.0.1:PORT */
  get url(): string {
    return this.baseUrl;
  }

  /** What DISCORD_API_URL should be for the bot (discord.js appends /v10). */
  get apiUrl(): string {
    return `${this.baseUrl}/api`;
  }

  /** Starts listening on 127.0.0.1. */
  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handleHttp(req, res));
    this.server.on("upgrade", (req, socket, head) => {
      if ((req.url ?? "").startsWith("/local/events")) {
        this.page.accept(req, socket, head);
        return;
      }
      if (!(req.url ?? "").startsWith("/gateway")) {
        socket.destroy();
        return;
      }
      this.gateway.accept(req, socket, head);
    });
    await new Promise<void>((resolve, reject) => {
      const server = this.server as Server;
      server.once("error", (e: NodeJS.ErrnoException) =>
        reject(
          e.code === "EADDRINUSE"
            ? new Error(`Port ${this.port} on 127.0.0.1 is in use: set STANDIN_PORT to another port (0 picks a free one).`)
            : e,
        ),
      );
      server.listen(this.port, "127.0.0.1", resolve);
    });
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  /** Closes every gateway connection and the HTTP server. */
  async stop(): Promise<void> {
    await this.page.close();
    await this.gateway.close();
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  /** Number of identified gateway connections (a connected bot, or one per shard). */
  get connectedBots(): number {
    return this.gateway.connected;
  }

  /** The shards `[id, count]` of the connected, identified sessions, by session order. */
  get connectedShards(): [number, number][] {
    return this.gateway.shards;
  }

  /** Resolves when a bot has identified (with a timeout). */
  async waitForBot(timeoutMs = 15_000): Promise<void> {
    const t0 = Date.now();
    while (this.connectedBots === 0) {
      if (Date.now() - t0 > timeoutMs) throw new Error("no bot connected to the stand-in");
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** The guild of a channel (its own, else the first guild). */
  guildOf(channelId: string): string {
    return this.channels.find((c) => c.id === channelId)?.guildId ?? this.guildId;
  }

  /**
   * Drops every gateway connection abruptly (a network cut). Sessions stay resumable: what
   * is dispatched meanwhile is replayed when the client RESUMEs.
   */
  dropGateway(): void {
    this.gateway.drop();
  }

  /** Stalls the gateway: dispatches are held (interactions age) until `resumeGateway`. */
  pauseGateway(): void {
    this.gateway.pause();
  }

  /** Ends a stall: sends every held dispatch, in order. */
  resumeGateway(): void {
    this.gateway.resume();
  }

  // ---------------------------------------------------------------- gateway payloads

  private readyPayload(s: GatewaySession): Record<string, unknown> {
    return {
      v: 10,
      user: this.botUser,
      guilds: this.guilds.filter((g) => routes(s, g.id)).map((g) => ({ id: g.id, unavailable: true })),
      session_id: s.sessionId,
      resume_gateway_url: `${this.baseUrl.replace("http", "ws")}/gateway`,
      shard: s.shard,
      application: { id: this.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
    };
  }

  /** Channel object as the API returns it. */
  channelObject(c: StandinChannel): Record<string, unknown> {
    return channelObject(c, this.guildId, this.users[0]?.id);
  }

  private guildPayload(g: StandinGuild): Record<string, unknown> {
    return guildObject(g, { channels: this.channels, users: this.users, botUser: this.botUser, defaultGuildId: this.guildId });
  }

  // ---------------------------------------------------------------- REST

  private async handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.stats.restCalls++;
    const url = new URL(req.url ?? "/", this.baseUrl);
    try {
      if (req.method === "GET" && url.pathname.startsWith("/attachments/")) {
        const id = url.pathname.split("/")[2] ?? "";
        const f = this.files.get(id);
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
        const { body } = await this.readBody(req);
        const result = await this.page.route(req.method ?? "GET", url.pathname, url.searchParams, body);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(result ?? {}));
        return;
      }
      const m = /^\/api(?:\/v\d+)?(\/.*)$/.exec(url.pathname);
      if (!m) throw new HttpError(404, 0, "Not found");
      const route = decodeURIComponent(m[1] as string);
      const { body, files } = await this.readBody(req);
      const fault = this.faults.match(req.method ?? "GET", route);
      if (fault) {
        res.writeHead(fault.status, { "content-type": "application/json", ...fault.headers });
        res.end(JSON.stringify(fault.body));
        return;
      }
      const result = await this.route(req.method ?? "GET", route, url.searchParams, body, files, req.headers.authorization);
      if (result === undefined) {
        res.writeHead(204);
        res.end();
        return;
      }
      const json = JSON.stringify(result);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(json);
    } catch (e) {
      const he =
        e instanceof HttpError
          ? e
          : e instanceof LimitError
            ? new HttpError(400, 50035, e.message)
            : new HttpError(400, 50035, e instanceof Error ? e.message : String(e));
      this.refusals.push({ method: req.method ?? "GET", route: url.pathname, status: he.status, code: he.code, message: he.message });
      this.emit("refusal", this.refusals.at(-1));
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

  private async readBody(
    req: IncomingMessage,
  ): Promise<{ body: Record<string, unknown>; files: Map<string, { bytes: Buffer; name: string; type: string }> }> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const files = new Map<string, { bytes: Buffer; name: string; type: string }>();
    if (raw.length === 0) return { body: {}, files };
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
      return { body, files };
    }
    return { body: JSON.parse(raw.toString("utf8")), files };
  }

  private checkAuth(auth: string | undefined): void {
    if (auth !== `Bot ${this.token}`) throw new HttpError(401, 0, "401: Unauthorized");
  }

  private async route(
    method: string,
    route: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
    files: Map<string, { bytes: Buffer; name: string; type: string }>,
    auth: string | undefined,
  ): Promise<unknown> {
    const seg = route.split("/").filter(Boolean);
    const is = (pattern: string) => {
      const p = pattern.split("/").filter(Boolean);
      return p.length === seg.length && p.every((x, i) => x.startsWith(":") || x === seg[i]);
    };
    // Interaction callbacks and webhooks authenticate by token, not by bot token.
    if (method === "POST" && is("/interactions/:id/:token/callback")) {
      return this.interactionCallback(seg[1] as string, seg[2] as string, body, files, query.get("with_response") === "true");
    }
    if (seg[0] === "webhooks") return this.webhook(method, seg, body, files);

    this.checkAuth(auth);
    if (method === "GET" && (is("/gateway/bot") || is("/gateway"))) {
      return {
        url: `${this.baseUrl.replace("http", "ws")}/gateway`,
        shards: this.recommendedShards,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: 1 },
      };
    }
    if (method === "GET" && is("/users/@me")) return this.botUser;
    if (method === "GET" && is("/applications/@me")) return { id: this.applicationId, name: "ONEXENO", flags: 0, bot: this.botUser };
    if (is("/applications/:app/commands") || is("/applications/:app/guilds/:guild/commands")) {
      const scope = seg.length === 3 ? "global" : (seg[3] as string);
      if (method === "PUT") {
        (body as unknown as Record<string, unknown>[]).forEach((c, i) => checkCommand(c, String(i)));
        const list = (body as unknown as Record<string, unknown>[]).map((c) => ({
          ...c,
          id: snowflake(),
          application_id: this.applicationId,
          version: snowflake(),
          ...(scope === "global" ? {} : { guild_id: scope }),
        }));
        this.commands.set(scope, list);
        this.emit("commands", scope);
        return list;
      }
      if (method === "GET") return this.commands.get(scope) ?? [];
    }
    if (method === "GET" && is("/channels/:id")) return this.channelObject(this.channel(seg[1] as string));
    if ((method === "POST" && is("/channels/:id/messages")) || (method === "PATCH" && is("/channels/:id/messages/:mid")))
      this.spendMessage(seg[1] as string, method);
    if (is("/channels/:id/messages")) {
      const ch = this.channel(seg[1] as string);
      if (method === "POST") {
        checkMessage(body);
        return this.publicCopy(this.createMessage(ch.id, body, files, { type: 0 }));
      }
      if (method === "GET") {
        const limit = Number(query.get("limit") ?? 50);
        return (this.messages.get(ch.id) ?? [])
          .filter((x) => !x.visibleTo)
          .slice(-limit)
          .reverse()
          .map((x) => this.publicCopy(x));
      }
    }
    if (is("/channels/:id/messages/:mid")) {
      const msg = this.findMessage(seg[1] as string, seg[3] as string);
      if (method === "GET") return this.publicCopy(msg);
      if (method === "PATCH") {
        checkMessage(body);
        return this.publicCopy(this.editMessage(msg, body, files));
      }
      if (method === "DELETE") {
        this.deleteMessage(msg);
        return undefined;
      }
    }
    if (method === "POST" && (is("/channels/:id/threads") || is("/channels/:id/messages/:mid/threads"))) {
      return this.channelObject(this.createThread(seg[1] as string, String(body.name ?? "thread")));
    }
    throw new HttpError(404, 0, `stand-in: ${method} ${route} is not implemented`);
  }

  /** A channel by id. Errors: `HttpError` 404/10003 for an unknown one. */
  channel(id: string): StandinChannel {
    const c = this.channels.find((x) => x.id === id);
    if (!c) throw new HttpError(404, 10003, "Unknown Channel");
    return c;
  }

  private findMessage(channelId: string, id: string): ApiMessage {
    const msg = this.messages.get(channelId)?.find((m) => m.id === id);
    if (!msg) throw new HttpError(404, 10008, "Unknown Message");
    return msg;
  }

  /** A message as the API returns it (without stand-in-only fields). */
  publicCopy(m: ApiMessage): Omit<ApiMessage, "visibleTo"> {
    const { visibleTo: _v, ...rest } = m;
    return rest;
  }

  private buildAttachments(
    body: Record<string, unknown>,
    files: Map<string, { bytes: Buffer; name: string; type: string }>,
    existing: ApiAttachment[],
    ephemeral: boolean,
  ): ApiAttachment[] {
    const listed = body.attachments as { id: string | number; filename?: string; description?: string }[] | undefined;
    const make = (key: string, meta?: { filename?: string; description?: string }): ApiAttachment | null => {
      const f = files.get(key);
      if (!f) return null;
      const id = snowflake();
      const filename = meta?.filename ?? f.name;
      this.files.set(id, { bytes: f.bytes, type: f.type });
      const dims = f.type === "image/png" || filename.endsWith(".png") ? pngSize(f.bytes) : undefined;
      return {
        id,
        filename,
        content_type: filename.endsWith(".png") ? "image/png" : f.type,
        size: f.bytes.length,
        url: `${this.baseUrl}/attachments/${id}/${encodeURIComponent(filename)}`,
        proxy_url: `${this.baseUrl}/attachments/${id}/${encodeURIComponent(filename)}`,
        ...(meta?.description !== undefined ? { description: meta.description } : {}),
        ...(dims ?? {}),
        ...(ephemeral ? { ephemeral: true } : {}),
      };
    };
    if (listed === undefined) {
      const added = [...files.keys()].map((k) => make(k)).filter((a): a is ApiAttachment => a !== null);
      return [...existing, ...added];
    }
    const out: ApiAttachment[] = [];
    for (const a of listed) {
      const keep = existing.find((e) => e.id === String(a.id));
      if (keep) out.push(keep);
      else {
        const made = make(String(a.id), a);
        if (made) out.push(made);
      }
    }
    return out;
  }

  private createMessage(
    channelId: string,
    body: Record<string, unknown>,
    files: Map<string, { bytes: Buffer; name: string; type: string }>,
    extra: { type: number; visibleTo?: string; interaction?: Record<string, unknown> },
  ): ApiMessage {
    const flags = Number(body.flags ?? 0);
    const ephemeral = (flags & 64) !== 0;
    const msg: ApiMessage = {
      id: snowflake(),
      channel_id: channelId,
      guild_id: this.guildOf(channelId),
      author: this.botUser,
      content: String(body.content ?? ""),
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: this.buildAttachments(body, files, [], ephemeral),
      embeds: (body.embeds as Record<string, unknown>[]) ?? [],
      components: (body.components as Record<string, unknown>[]) ?? [],
      pinned: false,
      type: extra.type,
      flags,
      ...(extra.interaction
        ? { interaction_metadata: extra.interaction, webhook_id: this.applicationId, application_id: this.applicationId }
        : {}),
      ...(ephemeral && extra.visibleTo ? { visibleTo: extra.visibleTo } : {}),
    };
    this.messages.get(channelId)?.push(msg);
    this.emit("message", msg);
    return msg;
  }

  private editMessage(
    msg: ApiMessage,
    body: Record<string, unknown>,
    files: Map<string, { bytes: Buffer; name: string; type: string }>,
  ): ApiMessage {
    this.edits.push({ channelId: msg.channel_id, messageId: msg.id, at: Date.now(), ephemeral: !!msg.visibleTo });
    if ("content" in body) msg.content = String(body.content ?? "");
    if ("embeds" in body) msg.embeds = (body.embeds as Record<string, unknown>[]) ?? [];
    if ("components" in body) msg.components = (body.components as Record<string, unknown>[]) ?? [];
    if ("attachments" in body || files.size > 0)
      msg.attachments = this.buildAttachments(body, files, msg.attachments, (msg.flags & 64) !== 0);
    if ("flags" in body) msg.flags = (msg.flags & 64) | (Number(body.flags ?? 0) & ~64 & ~128);
    msg.flags &= ~128; // no longer loading
    msg.edited_timestamp = new Date().toISOString();
    this.emit("messageUpdate", msg);
    return msg;
  }

  /** Deletes a message (the API's DELETE, or a user dismissing their ephemeral message). */
  deleteMessage(msg: ApiMessage): void {
    const list = this.messages.get(msg.channel_id);
    if (list) {
      const i = list.indexOf(msg);
      if (i >= 0) list.splice(i, 1);
    }
    this.emit("messageDelete", msg);
  }

  // ---------------------------------------------------------------- interactions

  private interactionCallback(
    id: string,
    token: string,
    body: Record<string, unknown>,
    files: Map<string, { bytes: Buffer; name: string; type: string }>,
    withResponse: boolean,
  ): unknown {
    const p = this.pending.get(token);
    if (!p || p.record.id !== id) throw new HttpError(404, 10062, "Unknown interaction");
    const rec = p.record;
    if (rec.callbackType !== null) throw new HttpError(400, 40060, "Interaction has already been acknowledged.");
    if (rec.expired || Date.now() - rec.createdAt > INTERACTION_WINDOW_MS) {
      rec.refusals.push({ status: 404, code: 10062, message: "Unknown interaction" });
      throw new HttpError(404, 10062, "Unknown interaction");
    }
    const type = Number(body.type);
    const data = (body.data as Record<string, unknown>) ?? {};
    try {
      if (type === 4 || type === 7) checkMessage(data);
      if (type === 8) checkChoices(data.choices, p.focused);
    } catch (e) {
      if (e instanceof LimitError) rec.refusals.push({ status: 400, code: 50035, message: e.message });
      throw e;
    }
    rec.callbackType = type;
    rec.ackMs = Date.now() - rec.sentAt;
    const interactionMeta = this.interactionMetadata(rec, p.message ? 3 : 2);
    switch (type) {
      case 4:
        rec.original = this.createMessage(rec.channelId, data, files, {
          type: p.message ? 0 : 20,
          visibleTo: rec.userId,
          interaction: interactionMeta,
        });
        break;
      case 5:
        rec.original = this.createMessage(rec.channelId, { ...data, flags: Number(data.flags ?? 0) | 128 }, files, {
          type: p.message ? 0 : 20,
          visibleTo: rec.userId,
          interaction: interactionMeta,
        });
        break;
      case 6:
        if (p.message) rec.original = p.message;
        break;
      case 7:
        if (!p.message) throw new HttpError(400, 50035, "UPDATE_MESSAGE needs a component interaction");
        rec.original = this.editMessage(p.message, data, files);
        break;
      case 8:
        rec.choices = (data.choices as { name: string; value: string | number }[]) ?? [];
        break;
      default:
        throw new HttpError(400, 50035, `callback type ${type} not supported by the stand-in`);
    }
    p.done.emit("change");
    if (!withResponse) return undefined;
    return {
      interaction: {
        id: rec.id,
        type: p.message ? 3 : 2,
        response_message_id: rec.original?.id,
        response_message_loading: type === 5,
        response_message_ephemeral: ((rec.original?.flags ?? 0) & 64) !== 0,
      },
      resource: { type, ...(rec.original ? { message: this.publicCopy(rec.original) } : {}) },
    };
  }

  private webhook(
    method: string,
    seg: string[],
    body: Record<string, unknown>,
    files: Map<string, { bytes: Buffer; name: string; type: string }>,
  ): unknown {
    const token = seg[2] as string;
    const p = this.pending.get(token);
    if (!p) throw new HttpError(404, 10015, "Unknown Webhook");
    const rec = p.record;
    // The token works only after the interaction was acknowledged, and for 15 minutes.
    if (rec.callbackType === null || Date.now() - rec.createdAt > TOKEN_LIFETIME_MS) {
      rec.refusals.push({ status: 404, code: 10015, message: "Unknown Webhook" });
      throw new HttpError(404, 10015, "Unknown Webhook");
    }
    if (method === "POST" || method === "PATCH") {
      try {
        checkMessage(body);
      } catch (e) {
        if (e instanceof LimitError) rec.refusals.push({ status: 400, code: 50035, message: e.message });
        throw e;
      }
    }
    if (seg.length === 3 && method === "POST") {
      const msg = this.createMessage(rec.channelId, body, files, {
        type: 0,
        visibleTo: rec.userId,
        interaction: this.interactionMetadata(rec, p.message ? 3 : 2),
      });
      rec.followups.push(msg);
      p.done.emit("change");
      return this.publicCopy(msg);
    }
    if (seg[3] === "messages" && seg[4]) {
      const target = seg[4] === "@original" ? rec.original : ([rec.original, ...rec.followups].find((x) => x?.id === seg[4]) ?? null);
      if (!target) throw new HttpError(404, 10008, "Unknown Message");
      if (method === "GET") return this.publicCopy(target);
      if (method === "PATCH") {
        const edited = this.editMessage(target, body, files);
        p.done.emit("change");
        return this.publicCopy(edited);
      }
      if (method === "DELETE") {
        this.deleteMessage(target);
        p.done.emit("change");
        return undefined;
      }
    }
    throw new HttpError(404, 0, "stand-in: webhook route not implemented");
  }

  /** `interaction_metadata` of a message answering `rec` (discord.js needs the owners map). */
  private interactionMetadata(rec: InteractionRecord, type: number): Record<string, unknown> {
    return {
      id: rec.id,
      type,
      user: userObject(this.user(rec.userId)),
      authorizing_integration_owners: { "0": this.guildOf(rec.channelId) },
      ...(rec.commandPath ? { name: rec.commandPath } : {}),
    };
  }

  /** The user with this id (throws for an unknown id: a test bug). */
  user(id: string): StandinUser {
    const u = this.users.find((x) => x.id === id);
    if (!u) throw new Error(`unknown stand-in user ${id}`);
    return u;
  }

  /**
   * Takes one message create or edit from `channelId`'s bucket, or refuses with 429 and the
   * headers Discord sends (`Retry-After` in seconds, `X-RateLimit-*`) when it is empty.
   */
  private spendMessage(channelId: string, method: string): void {
    const now = Date.now();
    const limit = this.messageLimit;
    if (limit) {
      const recent = this.channelWrites.filter((w) => w.channelId === channelId && w.at > now - limit.windowMs);
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
    this.channelWrites.push({ channelId, at: now, method });
  }

  /**
   * A public thread under `parentId` (as the bot's POST /channels/:id/threads makes, or a user
   * in the client): stored, announced to the bot with THREAD_CREATE and to the local page.
   */
  createThread(parentId: string, name: string): StandinChannel {
    const parent = this.channel(parentId);
    const thread: StandinChannel = {
      id: snowflake(),
      name: name.slice(0, 100),
      type: 11,
      parentId: parent.id,
      ...(parent.guildId ? { guildId: parent.guildId } : {}),
    };
    this.channels.push(thread);
    this.messages.set(thread.id, []);
    this.gateway.broadcast("THREAD_CREATE", { ...this.channelObject(thread), newly_created: true }, this.guildOf(parent.id));
    this.emit("channel", thread);
    return thread;
  }

  private baseInteraction(
    type: number,
    userId: string,
    channelId: string,
    ageMs = 0,
  ): Record<string, unknown> & { id: string; token: string } {
    const u = this.user(userId);
    const ch = this.channel(channelId);
    const guildId = this.guildOf(ch.id);
    return {
      id: ageMs > 0 ? snowflakeAt(Date.now() - ageMs) : snowflake(),
      application_id: this.applicationId,
      type,
      token: `itk_${snowflake()}_${Math.random().toString(36).slice(2)}`,
      version: 1,
      guild_id: guildId,
      channel_id: channelId,
      channel: this.channelObject(ch),
      member: {
        user: userObject(u),
        roles: [],
        permissions: u.permissions,
        joined_at: new Date().toISOString(),
        nick: null,
        avatar: null,
        flags: 0,
        pending: false,
        deaf: false,
        mute: false,
      },
      app_permissions: MOD_PERMS,
      locale: "en-US",
      guild_locale: "en-US",
      entitlements: [],
      authorizing_integration_owners: { "0": guildId },
      context: 0,
      attachment_size_limit: 10_485_760,
    };
  }

  /**
   * Dispatches an interaction and waits for the bot's answer: a message, an update or
   * choices, or a deferral completed by an edit or a follow-up. Discord's window applies: with
   * no acknowledgement 3 s after the interaction's creation it has failed ("This interaction
   * failed"), which rejects unless `allowFailure` is set.
   */
  private async run(
    payload: Record<string, unknown> & { id: string; token: string },
    userId: string,
    channelId: string,
    message: ApiMessage | undefined,
    opts: DriveOptions = {},
    commandPath?: string,
    focused?: OptionDef,
  ): Promise<InteractionRecord> {
    const createdAt = snowflakeTime(payload.id);
    const record: InteractionRecord = {
      id: payload.id,
      token: payload.token,
      userId,
      channelId,
      sentAt: Date.now(),
      createdAt,
      expired: false,
      refusals: [],
      callbackType: null,
      ackMs: null,
      original: null,
      followups: [],
      choices: null,
      ...(commandPath ? { commandPath } : {}),
    };
    const done = new EventEmitter();
    const pend: Pending = { record, done, ...(message ? { message } : {}), ...(focused ? { focused } : {}) };
    this.pending.set(record.token, pend);
    this.interactions.set(record.token, record);
    this.stats.interactions++;
    const waitMs = opts.waitMs ?? 60_000;
    const settled = new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(
        () => {
          if (record.callbackType !== null) return;
          record.expired = true;
          done.emit("change");
        },
        Math.max(0, createdAt + INTERACTION_WINDOW_MS - Date.now()),
      );
      const timer = setTimeout(() => finish(new Error(`interaction ${record.id} got no complete answer within ${waitMs} ms`)), waitMs);
      const finish = (e?: Error) => {
        clearTimeout(timer);
        clearTimeout(deadline);
        done.off("change", check);
        if (e) reject(e);
        else resolve();
      };
      const check = () => {
        const t = record.callbackType;
        if (record.expired && t === null) {
          const why = record.refusals.at(-1);
          finish(
            opts.allowFailure
              ? undefined
              : new Error(
                  `interaction ${record.id} failed: no answer within ${INTERACTION_WINDOW_MS} ms${why ? ` (the bot's answer was refused: ${why.status} ${why.code} ${why.message})` : ""}`,
                ),
          );
          return;
        }
        const complete =
          t === 4 ||
          t === 7 ||
          t === 8 ||
          ((t === 5 || t === 6) &&
            (record.followups.length > 0 || (record.original !== null && record.original.edited_timestamp !== null)));
        if (complete) finish();
      };
      done.on("change", check);
    });
    const guildId = this.guildOf(channelId);
    if (!this.gateway.broadcast("INTERACTION_CREATE", payload, guildId)) {
      this.pending.delete(record.token);
      throw new Error(`no bot is connected to the stand-in on the shard of guild ${guildId}`);
    }
    await settled;
    return record;
  }

  /**
   * Waits until `record` has at least `n` follow-up messages (the bot sends some after its
   * first answer, e.g. a public table after an ephemeral update).
   */
  async waitForFollowups(record: InteractionRecord, n: number, timeoutMs = 10_000): Promise<ApiMessage[]> {
    const p = this.pending.get(record.token);
    const t0 = Date.now();
    while (record.followups.length < n) {
      if (Date.now() - t0 > timeoutMs) throw new Error(`expected ${n} follow-ups, got ${record.followups.length}`);
      await new Promise((r) => (p ? p.done.once("change", r) : setTimeout(r, 20)));
    }
    return record.followups;
  }

  /** Registered command by name (the guild's scope first, then global; default: the first guild). */
  commandByName(name: string, guildId: string = this.guildId): Record<string, unknown> | undefined {
    return [...(this.commands.get(guildId) ?? []), ...(this.commands.get("global") ?? [])].find((c) => c.name === name);
  }

  /**
   * Runs a slash command as `userId` in `channelId`. `path` is `name` or `name sub`;
   * `options` are the leaf options (strings, integers, booleans).
   */
  async command(
    userId: string,
    channelId: string,
    path: string,
    options: Record<string, string | number | boolean> = {},
    opts: DriveOptions = {},
  ): Promise<InteractionRecord> {
    const payload = this.baseInteraction(2, userId, channelId, opts.ageMs);
    payload.data = this.commandData(path, options, null, this.guildOf(channelId));
    return this.run(payload, userId, channelId, undefined, opts, path);
  }

  /**
   * Sends a slash command with raw leaf options exactly as given (names, types, values),
   * for what the API allows a client to send that the registration would not produce.
   */
  async rawCommand(
    userId: string,
    channelId: string,
    path: string,
    leaf: ApiOption[],
    opts: DriveOptions = {},
  ): Promise<InteractionRecord> {
    const payload = this.baseInteraction(2, userId, channelId, opts.ageMs);
    const data = this.commandData(path, {}, null, this.guildOf(channelId));
    const wrap = (o: Record<string, unknown>[]): Record<string, unknown>[] =>
      o.map((x) =>
        x.type === 1 ? { ...x, options: leaf } : x.type === 2 ? { ...x, options: wrap(x.options as Record<string, unknown>[]) } : x,
      );
    payload.data = { ...data, options: path.includes(" ") ? wrap(data.options as Record<string, unknown>[]) : leaf };
    return this.run(payload, userId, channelId, undefined, opts, path);
  }

  /** Asks the bot for autocomplete choices of option `focused` while typing `options[focused]`. */
  async autocomplete(
    userId: string,
    channelId: string,
    path: string,
    options: Record<string, string | number | boolean>,
    focused: string,
    opts: DriveOptions = {},
  ): Promise<{ name: string; value: string | number }[]> {
    const payload = this.baseInteraction(4, userId, channelId, opts.ageMs);
    payload.data = this.commandData(path, options, focused, this.guildOf(channelId));
    const rec = await this.run(
      payload,
      userId,
      channelId,
      undefined,
      opts,
      undefined,
      this.optionDef(path, focused, this.guildOf(channelId)),
    );
    return rec.choices ?? [];
  }

  /** The registered definition of option `name` of command `path` (`name`, `name sub`, `name group sub`). */
  optionDef(path: string, name: string, guildId: string = this.guildId): OptionDef | undefined {
    const [cmdName, ...rest] = path.split(" ");
    let node = this.commandByName(cmdName as string, guildId) as unknown as OptionDef | undefined;
    for (const part of rest) node = node?.options?.find((o) => o.name === part);
    return node?.options?.find((o) => o.name === name);
  }

  private commandData(
    path: string,
    options: Record<string, string | number | boolean>,
    focused: string | null,
    guildId: string,
  ): Record<string, unknown> {
    const [name, first, second] = path.split(" ") as [string, string | undefined, string | undefined];
    const cmd = this.commandByName(name, guildId);
    const childOf = (parent: Record<string, unknown> | undefined, n: string) =>
      ((parent?.options as Record<string, unknown>[] | undefined) ?? []).find((o) => o.name === n);
    const group = second ? childOf(cmd, first as string) : undefined;
    const sub = second ?? first;
    const subDef = second ? childOf(group, second) : first ? childOf(cmd, first) : cmd;
    const optDefs = (subDef?.options as { name: string; type: number }[] | undefined) ?? [];
    const leaf: ApiOption[] = Object.entries(options).map(([k, v]) => {
      const def = optDefs.find((o) => o.name === k);
      const type = def?.type ?? (typeof v === "number" ? 4 : typeof v === "boolean" ? 5 : 3);
      return { name: k, type, value: v, ...(focused === k ? { focused: true } : {}) };
    });
    // USER options arrive with the user and member objects in `resolved`, as Discord sends them
    // (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-resolved-data-structure).
    const picked = leaf.filter((o) => o.type === 6 && typeof o.value === "string" && o.focused !== true);
    for (const o of picked)
      if (!this.users.some((u) => u.id === o.value)) throw new HttpError(400, 50035, `options.${o.name}: unknown user ${String(o.value)}`);
    const resolved = picked.length
      ? {
          resolved: {
            users: Object.fromEntries(picked.map((o) => [o.value, userObject(this.user(String(o.value)))])),
            members: Object.fromEntries(
              picked.map((o) => [
                o.value,
                {
                  roles: [],
                  permissions: this.user(String(o.value)).permissions,
                  joined_at: new Date(0).toISOString(),
                  nick: null,
                  avatar: null,
                  flags: 0,
                  pending: false,
                },
              ]),
            ),
          },
        }
      : {};
    return {
      id: (cmd?.id as string | undefined) ?? "0",
      name,
      type: 1,
      guild_id: guildId,
      ...resolved,
      options: second
        ? [{ name: first, type: 2, options: [{ name: sub, type: 1, options: leaf }] }]
        : sub
          ? [{ name: sub, type: 1, options: leaf }]
          : leaf,
    };
  }

  /** Clicks button `customId` on `message` as `userId`. */
  async click(userId: string, message: ApiMessage, customId: string, opts: DriveOptions = {}): Promise<InteractionRecord> {
    const payload = this.baseInteraction(3, userId, message.channel_id, opts.ageMs);
    payload.message = this.publicCopy(message);
    payload.data = { custom_id: customId, component_type: 2 };
    return this.run(payload, userId, message.channel_id, message, opts);
  }

  /** Chooses `values` in select menu `customId` on `message` as `userId`. */
  async select(
    userId: string,
    message: ApiMessage,
    customId: string,
    values: string[],
    opts: DriveOptions = {},
  ): Promise<InteractionRecord> {
    const payload = this.baseInteraction(3, userId, message.channel_id, opts.ageMs);
    payload.message = this.publicCopy(message);
    payload.data = { custom_id: customId, component_type: 3, values };
    return this.run(payload, userId, message.channel_id, message, opts);
  }

  /** Messages of a channel as `userId` sees them (public plus their own ephemeral ones). */
  visibleMessages(channelId: string, userId: string | null): ApiMessage[] {
    return (this.messages.get(channelId) ?? []).filter((m) => !m.visibleTo || m.visibleTo === userId);
  }

  /** Bytes of a stored attachment. */
  attachmentBytes(a: ApiAttachment): Buffer | undefined {
    return this.files.get(a.id)?.bytes;
  }
}

/** Width and height from a PNG header, if it is one. */
function pngSize(b: Buffer): { width: number; height: number } | undefined {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47) return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}
