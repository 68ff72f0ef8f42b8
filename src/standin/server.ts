/**
 * A loopback Discord stand-in on 127.0.0.1, so the real discord.js client runs with no network:
 * this file holds its state (guilds, channels, users, messages, commands, interactions) and its
 * public API; the gateway (gateway.ts: Hello, Identify -> READY + GUILD_CREATE, heartbeats,
 * RESUME, dispatches), REST (rest.ts, with Discord's limits from limits.ts and the refusals
 * Discord sends), interaction answers and webhooks (interactions.ts), messages (messages.ts),
 * the test driver (driver.ts: `command`, `autocomplete`, `click`, `select` build interactions as
 * Discord would and wait for the bot's answer) and fault injection (faults.ts) live beside it.
 * https://discord.com/developers/docs
 */
import { EventEmitter } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  baseInteraction,
  commandData,
  componentInteraction,
  optionDefOf,
  rawCommandData,
  runInteraction,
  type DriveOptions,
} from "./driver.ts";
import { RestFaults } from "./faults.ts";
import { Gateway, readyPayload, routes } from "./gateway.ts";
import { HttpError } from "./http-error.ts";
import { checkButton, checkChoice, DISCORD_LOCALE_CODES } from "./limits.ts";
import type { Pending } from "./interactions.ts";
import { createMessage, publicCopy } from "./messages.ts";
import { rebase, restoreKept, saveKept } from "./keep.ts";
import { StolenTime } from "./stalls.ts";

/** How long after a change the kept channels are written, ms (`StandinOptions.keepIn`). */
const KEEP_AFTER_MS = 1000;
import { handleHttp } from "./rest.ts";
import { Activities } from "./activities.ts";
import { BOT_PERMS, channelObject, guildObject, PERMS, userObject } from "./objects.ts";
import { LocalPage } from "./page.ts";
import { snowflake } from "./snowflake.ts";
import type {
  ApiAttachment,
  ApiMessage,
  ApiOption,
  InteractionRecord,
  StandinChannel,
  StandinGuild,
  StandinPrivateChannel,
  StandinUser,
} from "./types.ts";

import {
  BOT_USER,
  type StandinOptions,
  FIRST_GUILD_ID,
  DEFAULT_USERS,
  DEFAULT_CHANNELS,
  DEFAULT_PRIVATE_CHANNELS,
  type MessageLimit,
  GLOBAL_LIMIT,
} from "./setup.ts";

export * from "./setup.ts";
export { PERMS };
export { INTERACTION_WINDOW_MS, TOKEN_LIFETIME_MS } from "./interactions.ts";
export type { DriveOptions } from "./driver.ts";

/** The stand-in server. Call `start()`, give the bot `apiUrl` and `token`, then drive it. */
export class DiscordStandin extends EventEmitter {
  readonly token: string;
  readonly applicationId = "300000000000000001";
  /** The app's OAuth2 client secret (what `DISCORD_CLIENT_SECRET` holds for the Activity's token exchange). */
  readonly clientSecret = "standin-client-secret";
  /** The app's Activity: its running instances and the OAuth2 its page signs in with (src/standin/activities.ts). */
  readonly activities: Activities = new Activities(this, () => this.now());
  /** Where the app's Activity is served (the developer portal's URL mapping); null: none (the bot serves it when configured). */
  activityUrl: string | null = null;
  /** Whether the app has Activities enabled (the developer portal's switch, `enableActivities`). */
  activitiesEnabled = false;
  readonly guildId = FIRST_GUILD_ID;
  readonly guildName: string;
  /** Every guild, the first one first (copies: a test's locale changes stay with this stand-in, as the users'). */
  readonly guilds: StandinGuild[];
  /** Shard count `GET /gateway/bot` recommends. */
  readonly recommendedShards: number;
  /** The bot's own user (its application's id). */
  readonly botUser = BOT_USER;
  readonly users: StandinUser[];
  readonly channels: StandinChannel[];
  /** DMs and group DMs (the bot is in none of them: the app reaches them by a user install). */
  readonly privateChannels: StandinPrivateChannel[];
  /** Users who installed the app to their own account (a user install): they may use its global commands in private channels. */
  readonly userInstalls: Set<string>;
  /** How far the stand-in's clock runs ahead of real time, ms (`advanceTime`). */
  private clockSkew = 0;
  /** Registered commands by scope ("global" or a guild id). */
  readonly commands = new Map<string, Record<string, unknown>[]>();
  /** Guild Scheduled Events by id (src/standin/scheduled-events.ts). */
  readonly scheduledEvents = new Map<string, Record<string, unknown>>();
  /** Messages by channel id, oldest first (ephemeral ones carry `visibleTo`). */
  readonly messages = new Map<string, ApiMessage[]>();
  /** Every interaction dispatched, by token. */
  readonly interactions = new Map<string, InteractionRecord>();
  /** Counters for tests and benchmarks: counts of what the bot did: gateway identifies and resumes, REST calls (and per route shape, ids as `{id}`), interactions sent. */
  readonly stats = { identifies: 0, resumes: 0, restCalls: 0, interactions: 0, routes: {} as Record<string, number> };
  /** REST faults to inject (5xx, 429) on chosen routes. */
  readonly faults = new RestFaults();
  /** Every message edit (channel route or interaction webhook), newest last: channel, message, when (ms), private or not. */
  readonly edits: { channelId: string; messageId: string; at: number; ephemeral: boolean }[] = [];
  /** The `custom_id`s of the buttons each message has shown enabled, in any of its versions (a click of another is refused). */
  readonly buttonsShown = new Map<string, Set<string>>();
  /** Per-channel bucket of message creates and edits (429 and `Retry-After` past it, as Discord); null: not enforced (the default; pacing tests switch it on). */
  messageLimit: MessageLimit | null = null;
  /** Discord's global limit on bot-token requests (50 a second; interaction endpoints exempt); null: not enforced. */
  globalLimit: MessageLimit | null = GLOBAL_LIMIT;
  /** When each bot-token request of the current global window was made (ms), oldest first. */
  readonly globalRequests: number[] = [];
  /** When the current global window opened (ms; see `spendGlobal`). */
  readonly globalWindow = { start: 0 };
  /**
   * The most bot-token requests received in any sliding window of `globalLimit.windowMs` (Discord:
   * any second), refused ones included, while the limit is enforced; `most` may be reset to 0.
   */
  readonly globalBusiest = { times: [] as number[], most: 0 };
  /** Each channel's message creates and edits through the bot token, newest last (ms). */
  readonly channelWrites: { channelId: string; at: number; method: string }[] = [];
  /** Requests the stand-in refused as Discord would (limits, deadlines), newest last. */
  readonly refusals: { method: string; route: string; status: number; code: number; message: string; global?: boolean }[] = [];
  private server: Server | null = null;
  /** The local page (src/standin/page.ts): its WebSocket events and `/local/…` routes. */
  readonly page: LocalPage = new LocalPage(this);
  /** The gateway (src/standin/gateway.ts): sessions, dispatches, RESUME, stalls. */
  readonly gateway: Gateway;
  /** Stored attachments by id (served at /attachments/:id/:name). */
  readonly files = new Map<string, { bytes: Buffer; type: string }>();
  /** Interactions dispatched and not yet forgotten, by token. */
  readonly pending = new Map<string, Pending>();
  private readonly port: number;
  private baseUrl = "";

  constructor(opts: StandinOptions = {}) {
    super();
    this.setMaxListeners(100);
    for (const e of ["message", "messageUpdate", "messageDelete"])
      this.on(e, (m: ApiMessage) => this.page.notify({ type: "messages", channelId: m.channel_id }));
    this.on("channel", () => this.page.notify({ type: "channels" }));
    this.on("commands", () => this.page.notify({ type: "commands" }));
    this.port = opts.port ?? 0;
    this.token = opts.token ?? "standin.bot.token";
    this.gateway = new Gateway({
      token: this.token,
      stats: this.stats,
      ready: (session) =>
        readyPayload(session, {
          user: this.botUser,
          guilds: this.guilds.filter((g) => routes(session, g.id)),
          url: this.baseUrl,
          applicationId: this.applicationId,
        }),
      guildCreates: (session) => this.guilds.filter((g) => routes(session, g.id)).map((g) => this.guildPayload(g)),
    });
    this.guildName = opts.guildName ?? "Local table";
    this.guilds = [{ id: this.guildId, name: this.guildName }, ...(opts.guilds ?? []).map((g) => ({ ...g }))];
    this.recommendedShards = opts.shards ?? 1;
    this.users = (opts.users ?? DEFAULT_USERS).map((u) => ({ ...u }));
    this.channels = [...(opts.channels ?? DEFAULT_CHANNELS)];
    for (const c of this.channels)
      if (c.guildId !== undefined && !this.guilds.some((g) => g.id === c.guildId))
        throw new Error(`channel ${c.id} names unknown guild ${c.guildId}`);
    this.privateChannels = [...(opts.privateChannels ?? DEFAULT_PRIVATE_CHANNELS)];
    this.userInstalls = new Set(opts.userInstalls ?? [DEFAULT_USERS[0]!.id]);
    for (const c of [...this.channels, ...this.privateChannels]) this.messages.set(c.id, []);
    this.keepIn = opts.keepIn ?? null;
    if (this.keepIn) {
      const file = this.keepIn;
      const defaults = new Set(this.channels.map((c) => c.id));
      this.keptBase = restoreKept(file, this);
      // Kept a moment after each change (and on stop): a killed bot loses at most that moment.
      const keep = () => {
        clearTimeout(this.keepTimer);
        this.keepTimer = setTimeout(() => saveKept(file, this, defaults), KEEP_AFTER_MS);
        this.keepTimer.unref();
      };
      for (const e of ["message", "messageUpdate", "messageDelete", "channel"]) this.on(e, keep);
      this.saveNow = () => {
        clearTimeout(this.keepTimer);
        saveKept(file, this, defaults);
      };
    }
  }

  /** Where the channels are kept across restarts (`StandinOptions.keepIn`), or null. */
  private readonly keepIn: string | null;
  /** The address the kept messages' attachment URLs start with (src/standin/keep.ts `rebase`, at start). */
  private keptBase: string | null = null;
  private keepTimer: NodeJS.Timeout | undefined;
  /** Writes the kept channels at once (on stop); nothing when none are kept. */
  private saveNow: () => void = () => {};

  /** The stand-in's clock, ms: real time moved on by `advanceTime`. Interaction tokens' 15 minutes run on it. */
  now(): number {
    return Date.now() + this.clockSkew;
  }

  /**
   * Moves the stand-in's clock `ms` ahead, as if that much time had passed for interaction tokens
   * (15 minutes, then 401/50027); the 3-second window to answer keeps real time.
   */
  advanceTime(ms: number): void {
    this.clockSkew += ms;
  }

  /**
   * Enables the app's Activities, as the developer portal's switch does: callback type 12 and
   * Entry Point commands are accepted from then on, and Discord creates the default Entry Point
   * command, `launch` (type 4, handler 2: Discord launches the Activity itself), globally, unless
   * the app has one. https://discord.com/developers/docs/interactions/application-commands#default-entry-point-command
   */
  enableActivities(): void {
    this.activitiesEnabled = true;
    const global = this.commands.get("global") ?? [];
    if (global.some((c) => c.type === 4)) return;
    const launch = {
      name: "launch",
      description: "Launch an activity",
      type: 4,
      handler: 2,
      integration_types: [0, 1],
      contexts: [0, 1, 2],
      id: snowflake(),
      application_id: this.applicationId,
      version: snowflake(),
    };
    this.commands.set("global", [...global, launch]);
    this.emit("commands", "global");
  }

  /** The app's Entry Point command (type 4, global), if it has one. */
  get entryPoint(): Record<string, unknown> | undefined {
    return (this.commands.get("global") ?? []).find((c) => c.type === 4);
  }

  /**
   * Runs the app's Entry Point command as `userId` in `channelId`, as Discord's App Launcher does:
   * with handler 1 (APP_HANDLER) the bot gets the interaction (command type 4) and answers it,
   * with type 12 to launch the Activity; with handler 2 (DISCORD_LAUNCH_ACTIVITY) Discord
   * launches it without the bot (null is returned). Throws when the app has no Entry Point
   * command or it is not offered there (a test's mistake: Discord's client would not show it).
   */
  async launch(userId: string, channelId: string, opts: DriveOptions = {}): Promise<InteractionRecord | null> {
    const entry = this.entryPoint;
    if (!this.activitiesEnabled || !entry) throw new Error("the app has no Entry Point command (Activities are not enabled)");
    const name = String(entry.name);
    this.offered(userId, channelId, name);
    if (entry.handler === 2) {
      this.launchActivity(userId, channelId);
      return null;
    }
    const payload = baseInteraction(this, 2, userId, channelId, opts.ageMs);
    payload.data = { id: entry.id, name, type: 4 };
    return runInteraction(this, payload, userId, channelId, undefined, opts, name);
  }

  /** Opens the app's Activity for `userId` in `channelId` (an interaction answered with type 12). */
  launchActivity(userId: string, channelId: string): void {
    this.activities.launch(userId, channelId, this.privateChannel(channelId) ? undefined : this.guildOf(channelId));
  }

  /** The private channel (DM, group DM) of this id, if it is one. */
  privateChannel(id: string): StandinPrivateChannel | undefined {
    return this.privateChannels.find((c) => c.id === id);
  }

  /**
   * Refuses (an Error, as Discord's client does not offer it) command `name` for `userId` in
   * `channelId` where Discord would not offer it: in a private channel, only a global command
   * whose `integration_types` include 1 (user install) and `contexts` include 2, to someone
   * there who installed the app; in a guild, a command whose `contexts`, if given, include 0.
   * Returns the scope to look the command up in.
   */
  private offered(userId: string, channelId: string, name: string): string {
    const dm = this.privateChannel(channelId);
    if (!dm) {
      const scope = this.guildOf(channelId);
      const contexts = this.commandByName(name, scope)?.contexts as number[] | null | undefined;
      if (contexts && !contexts.includes(0)) throw new Error(`/${name} is not offered in a server (its contexts: ${contexts.join(", ")})`);
      return scope;
    }
    if (!dm.recipients.includes(userId)) throw new Error(`user ${userId} is not in private channel ${dm.id}`);
    if (!this.userInstalls.has(userId))
      throw new Error(`/${name} is not offered to ${userId} in ${dm.name}: they have not installed the app`);
    const cmd = this.commandByName(name, "dm");
    const types = (cmd?.integration_types as number[] | undefined) ?? [0];
    const contexts = (cmd?.contexts as number[] | null | undefined) ?? [0, 1, 2];
    if (!cmd || !types.includes(1) || !contexts.includes(2))
      throw new Error(`/${name} is not offered in a private channel (a global command for user installs, contexts with 2)`);
    return "dm";
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
    this.server = createServer((req, res) => void handleHttp(this, req, res));
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
    rebase(this, this.keptBase);
  }

  /** Closes every gateway connection and the HTTP server (writing the kept channels first). */
  async stop(): Promise<void> {
    this.stolen.stop();
    this.saveNow();
    await this.page.close();
    await this.gateway.close();
    const server = this.server;
    // A stand-in never started has nothing to close (`close` would never call back).
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
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
    for (const t0 = Date.now(); this.connectedBots === 0; await new Promise((r) => setTimeout(r, 20)))
      if (Date.now() - t0 > timeoutMs) throw new Error("no bot connected to the stand-in");
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

  /** Channel object as the API returns it. */
  channelObject(c: StandinChannel): Record<string, unknown> {
    return channelObject(c, this.guildId, this.users[0]?.id);
  }

  private guildPayload(g: StandinGuild): Record<string, unknown> {
    return guildObject(g, { channels: this.channels, users: this.users, botUser: this.botUser, defaultGuildId: this.guildId });
  }

  /** A channel by id. Errors: `HttpError` 404/10003 for an unknown one. */
  channel(id: string): StandinChannel {
    const c = this.channels.find((x) => x.id === id);
    if (!c) throw new HttpError(404, 10003, "Unknown Channel");
    return c;
  }

  /** A message of a channel by id. Errors: `HttpError` 404/10008. */
  findMessage(channelId: string, id: string): ApiMessage {
    const msg = this.messages.get(channelId)?.find((m) => m.id === id);
    if (!msg) throw new HttpError(404, 10008, "Unknown Message");
    return msg;
  }

  /** A message as the API returns it (without stand-in-only fields). */
  publicCopy(m: ApiMessage): Omit<ApiMessage, "visibleTo"> {
    return publicCopy(m);
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

  /** Permissions taken from the bot, by channel id (`denyBot`); and given to it in every channel (`grantBot`). */
  private readonly botDenied = new Map<string, bigint>();
  private botGranted = 0n;
  /**
   * The members of each private thread, by thread id (the bot, and whom it added with PUT
   * /channels/:id/thread-members/:user): nobody else sees it or can use a command in it.
   */
  readonly threadMembers = new Map<string, Set<string>>();

  /** Time the machine took from this process (src/standin/stalls.ts): Discord's 3 s window leaves it out. */
  private readonly stolen = new StolenTime();

  /** Time the machine took from this process since `t` (ms since the epoch), ms. */
  stolenSince(t: number): number {
    return this.stolen.since(t);
  }

  /** Whether user `userId` sees channel `channelId`: every channel but a private thread they are not a member of. */
  canSee(userId: string, channelId: string): boolean {
    const members = this.threadMembers.get(channelId);
    return !members || members.has(userId);
  }

  /** The ids of the messages pinned (PUT /channels/:id/messages/pins/:message). */
  readonly pinned = new Set<string>();
  /** The roles given to members by the bot, by `guild/user` (PUT /guilds/:id/members/:user/roles/:role). */
  readonly memberRoles = new Map<string, Set<string>>();

  /** Gives the bot `perms` (bits of `PERMS`, e.g. Manage Roles) in every channel, as a server's admins do. */
  grantBot(perms: bigint): void {
    this.botGranted |= perms;
    this.botRevoked &= ~perms;
  }

  /** Takes `perms` from the bot in every channel (its role lost them), until `grantBot` gives them back. */
  revokeBot(perms: bigint): void {
    this.botRevoked |= perms;
  }

  private botRevoked = 0n;

  /** The bot's server-wide permissions: `BOT_PERMS` and what `grantBot` gave. */
  botGuildPermissions(): bigint {
    return (BOT_PERMS | this.botGranted) & ~this.botRevoked;
  }

  /** The roles member `userId` of `guildId` holds (the ones the bot gave). */
  rolesOf(guildId: string, userId: string): string[] {
    return [...(this.memberRoles.get(`${guildId}/${userId}`) ?? [])];
  }

  /**
   * Takes `perms` (bits of `PERMS`) from the bot in `channelId`, as a channel's permission
   * overwrite does; `allowBot` gives them back. Its threads follow their parent.
   */
  denyBot(channelId: string, perms: bigint): void {
    this.botDenied.set(channelId, (this.botDenied.get(channelId) ?? 0n) | perms);
  }

  /** Gives back what `denyBot` took in `channelId`. */
  allowBot(channelId: string): void {
    this.botDenied.delete(channelId);
  }

  /** The bot's permissions in a server's channel (a thread: its parent's): `BOT_PERMS` less what `denyBot` took. */
  botPermissionsIn(channelId: string): bigint {
    const c = this.channels.find((x) => x.id === channelId);
    const at = c && c.type !== 0 && c.parentId ? c.parentId : channelId;
    return this.botGuildPermissions() & ~(this.botDenied.get(at) ?? 0n);
  }

  /** The guild's language (a Discord locale code), as Discord sends it in `guild_locale`. */
  guildLocale(guildId: string = this.guildId): string {
    return this.guilds.find((g) => g.id === guildId)?.locale ?? "en-US";
  }

  /** Sets a user's client language or a guild's (`fr`, `de`, `es-ES`, `pt-BR`…) for later interactions; throws for a code Discord lacks. */
  setLocale(target: { readonly user: string } | { readonly guild: string }, locale: string): void {
    if (!DISCORD_LOCALE_CODES.has(locale)) throw new Error(`Discord has no locale ${locale}`);
    const holder = "user" in target ? this.user(target.user) : this.guilds.find((x) => x.id === target.guild);
    if (!holder) throw new Error("unknown stand-in guild");
    holder.locale = locale;
  }

  /** The user with this id (throws for an unknown id: a test bug). */
  user(id: string): StandinUser {
    const u = this.users.find((x) => x.id === id);
    if (!u) throw new Error(`unknown stand-in user ${id}`);
    return u;
  }

  /**
   * A thread under `parentId` (as the bot's POST /channels/:id/threads makes, or a user in the
   * client): public (11), or private (12: seen by its members only, the bot first, as its
   * creator; `threadMembers`). Stored, announced to the bot with THREAD_CREATE and to the local page.
   */
  /**
   * A new group DM of `recipients` (user ids), as a person makes one in their client: the bot is
   * not in it (no gateway event reaches the bot), and reaches it only through a user install's
   * interactions. https://discord.com/developers/docs/resources/channel#channel-object-channel-types
   */
  createGroupDm(name: string, recipients: readonly string[]): StandinPrivateChannel {
    const dm: StandinPrivateChannel = { id: snowflake(), name: name.slice(0, 100), type: 3, recipients: [...recipients] };
    this.privateChannels.push(dm);
    this.messages.set(dm.id, []);
    return dm;
  }

  createThread(parentId: string, name: string, type: 11 | 12 = 11): StandinChannel {
    const parent = this.channel(parentId);
    const thread: StandinChannel = {
      id: snowflake(),
      name: name.slice(0, 100),
      type,
      parentId: parent.id,
      ...(parent.guildId ? { guildId: parent.guildId } : {}),
    };
    this.channels.push(thread);
    this.messages.set(thread.id, []);
    if (type === 12) this.threadMembers.set(thread.id, new Set([this.botUser.id]));
    this.gateway.broadcast("THREAD_CREATE", { ...this.channelObject(thread), newly_created: true }, this.guildOf(parent.id));
    this.emit("channel", thread);
    return thread;
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
    const scope = this.offered(userId, channelId, path.split(" ")[0] ?? path);
    const payload = baseInteraction(this, 2, userId, channelId, opts.ageMs);
    payload.data = commandData(this, path, options, null, scope);
    return runInteraction(this, payload, userId, channelId, undefined, opts, path);
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
    const payload = baseInteraction(this, 2, userId, channelId, opts.ageMs);
    payload.data = rawCommandData(this, path, leaf, this.guildOf(channelId));
    return runInteraction(this, payload, userId, channelId, undefined, opts, path);
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
    const scope = this.offered(userId, channelId, path.split(" ")[0] ?? path);
    const payload = baseInteraction(this, 4, userId, channelId, opts.ageMs);
    payload.data = commandData(this, path, options, focused, scope);
    const rec = await runInteraction(this, payload, userId, channelId, undefined, opts, undefined, optionDefOf(this, path, focused, scope));
    return rec.choices ?? [];
  }

  /**
   * Clicks button `customId` on `message` as `userId`. As Discord's client, only a button the
   * message showed enabled, now or before an edit its viewer may not have seen yet
   * (`checkButton`; `forged` sends it anyway).
   */
  async click(userId: string, message: ApiMessage, customId: string, opts: DriveOptions = {}): Promise<InteractionRecord> {
    if (!opts.forged) checkButton(message, customId, this.buttonsShown.get(message.id));
    return componentInteraction(this, userId, message, { custom_id: customId, component_type: 2 }, opts);
  }

  /**
   * Chooses `values` in select menu `customId` on `message` as `userId`. As Discord's client, it
   * sends only what the menu offers: values among its options, between its `min_values` and
   * `max_values` (default 1 and 1); anything else throws (a test's mistake, never sent).
   */
  async select(
    userId: string,
    message: ApiMessage,
    customId: string,
    values: string[],
    opts: DriveOptions = {},
  ): Promise<InteractionRecord> {
    if (!opts.forged) checkChoice(message, customId, values);
    return componentInteraction(this, userId, message, { custom_id: customId, component_type: 3, values }, opts);
  }

  /**
   * A member's own message in `channelId` (the local page's chat): authored by `userId`, seen by
   * everyone there. The bot reads no message content (it has no such intent), so it changes nothing.
   */
  say(userId: string, channelId: string, content: string): ApiMessage {
    return createMessage(this, channelId, { content }, new Map(), { type: 0, author: userObject(this.user(userId)) });
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
