/**
 * The local page's side of the stand-in (what the Discord app is to Discord): the guild's
 * state, a channel's messages as one user sees them, and the user's actions (a slash command,
 * autocomplete, a click or a menu choice, dismissing a private message), which become real
 * interactions sent to the bot over the gateway. Pages are told *that* a channel changed over
 * a WebSocket, never what an ephemeral message says; they fetch what their user may see.
 */
import { guildRoles } from "./objects.ts";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { HttpError } from "./http-error.ts";
import type { ApiMessage, InteractionRecord, StandinChannel, StandinPrivateChannel, StandinUser } from "./types.ts";
import type { Activities } from "./activities.ts";

type Options = Record<string, string | number | boolean>;

/** What the page needs of the stand-in: its guild, users, channels, commands, and its driver. */
export interface PageHost {
  readonly guildId: string;
  readonly guildName: string;
  readonly botUser: Record<string, unknown>;
  readonly users: readonly StandinUser[];
  readonly channels: readonly StandinChannel[];
  /** DMs and group DMs (the bot is in none: the app reaches them by a user install). */
  readonly privateChannels: readonly StandinPrivateChannel[];
  /** Users who installed the app to their account: only they are offered its commands in a private channel. */
  readonly userInstalls: ReadonlySet<string>;
  readonly commands: ReadonlyMap<string, Record<string, unknown>[]>;
  /** The app's Activity: its instances and the OAuth2 codes its page signs in with. */
  readonly activities: Activities;
  /**
   * Where the app's Activity is served (the developer portal's URL mapping for `/`); null: the
   * app has none. The page opens it outside Discord's frame, where it runs on the SDK's mock.
   */
  readonly activityUrl: string | null;
  user(id: string): StandinUser;
  channel(id: string): StandinChannel;
  visibleMessages(channelId: string, userId: string | null): ApiMessage[];
  publicCopy(m: ApiMessage): Omit<ApiMessage, "visibleTo" | "clicked">;
  deleteMessage(m: ApiMessage): void;
  /** A member's own chat message in a channel, as they post it in Discord's client. */
  say(userId: string, channelId: string, content: string): ApiMessage;
  setLocale(target: { readonly user: string }, locale: string): void;
  command(userId: string, channelId: string, path: string, options: Options, opts?: { allowFailure?: boolean }): Promise<InteractionRecord>;
  autocomplete(
    userId: string,
    channelId: string,
    path: string,
    options: Options,
    focused: string,
  ): Promise<{ name: string; value: string | number }[]>;
  click(userId: string, message: ApiMessage, customId: string, opts?: { allowFailure?: boolean }): Promise<InteractionRecord>;
  select(
    userId: string,
    message: ApiMessage,
    customId: string,
    values: string[],
    opts?: { allowFailure?: boolean },
  ): Promise<InteractionRecord>;
  /** The App Launcher: runs the app's Entry Point command (null: Discord launched the Activity itself, handler 2). */
  launch(userId: string, channelId: string, opts?: { allowFailure?: boolean }): Promise<InteractionRecord | null>;
}

export class LocalPage {
  private readonly pages = new Set<WebSocket>();
  private readonly wss = new WebSocketServer({ noServer: true });

  constructor(private readonly host: PageHost) {}

  /** Takes over an HTTP upgrade to `/local/events`. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.pages.add(ws);
      ws.on("close", () => this.pages.delete(ws));
      ws.on("error", () => this.pages.delete(ws));
    });
  }

  /** Tells every open page that something changed (`{ type: "messages", channelId }`, `channels`, `commands`). */
  notify(event: Record<string, unknown>): void {
    const text = JSON.stringify(event);
    for (const p of this.pages) if (p.readyState === p.OPEN) p.send(text);
  }

  /** Closes every page's connection. */
  async close(): Promise<void> {
    for (const p of this.pages) p.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /** Answers a `/local/…` request (`path` with its leading slash). Errors: `HttpError` 404 for an unknown route or message. */
  async route(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): Promise<unknown> {
    const str = (k: string) => String(body[k] ?? "");
    const userOf = (id: string) => this.host.user(id);
    if (method === "GET" && path === "/local/state") {
      return {
        guild: { id: this.host.guildId, name: this.host.guildName },
        bot: this.host.botUser,
        users: this.host.users.map((u) => ({ id: u.id, name: u.globalName, locale: u.locale ?? "en-US" })),
        channels: this.host.channels.map((c) => ({ id: c.id, name: c.name, type: c.type, parentId: c.parentId })),
        // What the client's role picker offers: the guild's roles but @everyone.
        roles: guildRoles(this.host.guildId)
          .slice(1)
          .map((r) => ({ id: r.id, name: r.name })),
        commands: [...(this.host.commands.get(this.host.guildId) ?? []), ...(this.host.commands.get("global") ?? [])],
        // The group DM and who may use the app's commands there (those who installed it), and
        // which: global commands for user installs offered in private channels (context 2).
        privateChannels: this.host.privateChannels.map((c) => ({ id: c.id, name: c.name, type: c.type, recipients: c.recipients })),
        userInstalls: [...this.host.userInstalls],
        activityUrl: this.host.activityUrl,
        privateCommands: (this.host.commands.get("global") ?? []).filter(
          (c) =>
            ((c.integration_types as number[] | undefined) ?? [0]).includes(1) &&
            ((c.contexts as number[] | null | undefined) ?? [0, 1, 2]).includes(2),
        ),
      };
    }
    if (method === "GET" && path === "/local/messages") {
      const user = query.get("user") ?? "";
      userOf(user);
      const id = query.get("channel") ?? "";
      const channelId = this.host.privateChannels.find((c) => c.id === id)?.id ?? this.host.channel(id).id;
      return this.host.visibleMessages(channelId, user).map((m) => ({
        ...this.host.publicCopy(m),
        ephemeral: m.visibleTo !== undefined,
        ...(m.clicked ? { clicked: m.clicked } : {}),
      }));
    }
    if (method === "POST" && path === "/local/say") {
      // A member's own chat message, as friends talk in a Discord channel (at most 2,000 characters).
      const text = str("content").trim();
      if (!text || text.length > 2000) throw new HttpError(400, 50035, "A message has 1 to 2,000 characters.");
      userOf(str("user"));
      const channelId = this.host.privateChannels.find((c) => c.id === str("channel"))?.id ?? this.host.channel(str("channel")).id;
      return { ok: true, id: this.host.say(str("user"), channelId, text).id };
    }
    if (method === "POST" && path === "/local/command") {
      userOf(str("user"));
      const rec = await this.host.command(
        str("user"),
        str("channel"),
        str("path"),
        (body.options as Record<string, string | number | boolean>) ?? {},
        { allowFailure: true },
      );
      return outcome(rec);
    }
    if (method === "POST" && path === "/local/autocomplete") {
      userOf(str("user"));
      return this.host.autocomplete(
        str("user"),
        str("channel"),
        str("path"),
        (body.options as Record<string, string | number | boolean>) ?? {},
        str("focused"),
      );
    }
    if (method === "POST" && path === "/local/component") {
      const user = str("user");
      userOf(user);
      const msg = this.host.visibleMessages(str("channel"), user).find((m) => m.id === str("message"));
      if (!msg) throw new HttpError(404, 10008, "Unknown Message");
      const values = body.values as string[] | undefined;
      const rec = values
        ? await this.host.select(user, msg, str("customId"), values, { allowFailure: true })
        : await this.host.click(user, msg, str("customId"), { allowFailure: true });
      return outcome(rec);
    }
    if (path === "/local/launch" || path.startsWith("/local/activity")) return this.activityRoute(method, path, query, body);
    if (method === "POST" && path === "/local/locale") {
      // The language of the acting user's Discord client: commands show their localized names, and
      // the bot hears it as `interaction.locale`.
      this.host.setLocale({ user: userOf(str("user")).id }, str("locale"));
      return { ok: true };
    }
    if (method === "POST" && path === "/local/dismiss") {
      const msg = this.host
        .visibleMessages(str("channel"), str("user"))
        .find((m) => m.id === str("message") && m.visibleTo === str("user"));
      if (msg) this.host.deleteMessage(msg);
      return { ok: true };
    }
    throw new HttpError(404, 0, `stand-in: ${method} ${path} is not a local route`);
  }

  /**
   * What Discord's client does for the app's Activity: the App Launcher (`POST /local/launch`:
   * the Entry Point command), where a launched Activity opens (`GET /local/activity`), and the
   * SDK's `authorize` inside an instance (`POST /local/activity/authorize`: a code). Errors:
   * `HttpError` 403 for a person not in that instance, 404 for another route.
   */
  private async activityRoute(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): Promise<unknown> {
    const str = (k: string) => String(body[k] ?? "");
    const userOf = (id: string) => this.host.user(id);
    if (method === "POST" && path === "/local/launch") {
      // The App Launcher's entry: the app's Entry Point command.
      userOf(str("user"));
      const rec = await this.host.launch(str("user"), str("channel"), { allowFailure: true });
      return rec ? outcome(rec) : { ok: true, id: "", failed: false, launched: true };
    }
    if (method === "GET" && path === "/local/activity") {
      // Where the person's client opens the Activity it was launched into (callback type 12).
      const user = userOf(query.get("user") ?? "").id;
      const inst = [...this.host.activities.instances.values()].find(
        (i) => i.location.channelId === query.get("channel") && i.users.includes(user),
      );
      return { url: this.host.activityUrl, instance: inst?.instanceId ?? null, guild: inst?.location.guildId ?? null };
    }
    if (method === "POST" && path === "/local/activity/authorize") {
      // What Discord's client does for the SDK's `authorize` inside an instance the person is in.
      const user = userOf(str("user")).id;
      const inst = this.host.activities.instances.get(str("instance"));
      if (!inst?.users.includes(user)) throw new HttpError(403, 0, "not in that Activity");
      const scopes = Array.isArray(body.scopes) ? body.scopes.map(String) : ["identify"];
      return { code: this.host.activities.authorize(user, scopes) };
    }
    throw new HttpError(404, 0, `stand-in: ${method} ${path} is not a local route`);
  }
}

/**
 * What the page shows after an interaction: `failed` when Discord's client would say "This
 * interaction failed" (no complete answer within 3 s, or the bot's answer refused with a 400 or
 * 429), with the stand-in's reason for whoever is developing the bot (`why`).
 */
function outcome(rec: InteractionRecord): { ok: true; id: string; failed: boolean; launched: boolean; why?: string } {
  const failed = rec.expired && rec.callbackType === null;
  const why = rec.refusals.at(-1);
  return {
    ...{ ok: true as const, id: rec.id, failed, launched: rec.callbackType === 12 },
    ...(failed && why ? { why: `${why.status} ${why.code} ${why.message}` } : {}),
  };
}
