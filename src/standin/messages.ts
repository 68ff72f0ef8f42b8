/**
 * The stand-in's messages as Discord keeps them: created (by the bot's REST calls or an
 * interaction's answer) with their attachments stored and served back, edited, as the API
 * returns them. Free functions over the stand-in's state (`MessageHost`), used by its REST
 * routes (src/standin/rest.ts) and interactions (src/standin/interactions.ts).
 */
import { interactiveComponents } from "./limits.ts";
import { snowflake } from "./snowflake.ts";
import type { ApiAttachment, ApiMessage } from "./types.ts";

/** Files of a multipart request by their form key: bytes, name, type. */
export type UploadedFiles = Map<string, { bytes: Buffer; name: string; type: string }>;

/** What the message functions read and change of the stand-in. */
export interface MessageHost {
  readonly files: Map<string, { bytes: Buffer; type: string }>;
  readonly messages: Map<string, ApiMessage[]>;
  readonly edits: { channelId: string; messageId: string; at: number; ephemeral: boolean }[];
  /** The `custom_id`s of the buttons each message (by id) has shown enabled, in any of its versions (`noteButtons`). */
  readonly buttonsShown: Map<string, Set<string>>;
  readonly botUser: Record<string, unknown>;
  readonly applicationId: string;
  readonly url: string;
  guildOf(channelId: string): string;
  /** Whether the channel is a DM or group DM (its messages carry no guild). */
  privateChannel(channelId: string): unknown;
  emit(event: string, ...args: unknown[]): boolean;
}

/** A message as the API returns it (without stand-in-only fields). */
export function publicCopy(m: ApiMessage): Omit<ApiMessage, "visibleTo" | "clicked"> {
  const { visibleTo: _v, clicked: _c, ...rest } = m;
  return rest;
}

/** The attachments of a new or edited message: kept ones, and new files stored to be served back. */
export function buildAttachments(
  host: MessageHost,
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
    host.files.set(id, { bytes: f.bytes, type: f.type });
    const dims = f.type === "image/png" || filename.endsWith(".png") ? pngSize(f.bytes) : undefined;
    return {
      id,
      filename,
      content_type: filename.endsWith(".png") ? "image/png" : f.type,
      size: f.bytes.length,
      url: `${host.url}/attachments/${id}/${encodeURIComponent(filename)}`,
      proxy_url: `${host.url}/attachments/${id}/${encodeURIComponent(filename)}`,
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

/**
 * The users a new message pings, as Discord reports them in its `mentions`: every `<@id>` of its
 * content and of its V2 text displays, unless `allowed_mentions` leaves users out (its `parse`
 * without "users", and no `users` listed); https://discord.com/developers/docs/resources/message#allowed-mentions-object
 */
function pinged(body: Record<string, unknown>): string[] {
  const texts: string[] = [String(body.content ?? "")];
  const walk = (c: Record<string, unknown>) => {
    if (typeof c.content === "string") texts.push(c.content);
    for (const x of (c.components as Record<string, unknown>[] | undefined) ?? []) walk(x);
  };
  for (const c of (body.components as Record<string, unknown>[] | undefined) ?? []) walk(c);
  const ids = [...new Set(texts.join("\n").matchAll(/<@!?(\d+)>/g))].map((m) => m[1]!);
  const allowed = body.allowed_mentions as { parse?: string[]; users?: string[] } | undefined;
  if (!allowed) return [...new Set(ids)];
  const users = new Set(allowed.users ?? []);
  return [...new Set(ids)].filter((id) => allowed.parse?.includes("users") || users.has(id));
}

export function createMessage(
  host: MessageHost,
  channelId: string,
  body: Record<string, unknown>,
  files: Map<string, { bytes: Buffer; name: string; type: string }>,
  extra: {
    type: number;
    visibleTo?: string;
    interaction?: Record<string, unknown>;
    clicked?: string | undefined;
    /** A member's own message (the local page's chat): its author instead of the bot. */
    author?: Record<string, unknown>;
  },
): ApiMessage {
  const flags = Number(body.flags ?? 0);
  const ephemeral = (flags & 64) !== 0;
  const msg: ApiMessage = {
    id: snowflake(),
    channel_id: channelId,
    ...(host.privateChannel(channelId) ? {} : { guild_id: host.guildOf(channelId) }),
    author: extra.author ?? host.botUser,
    content: String(body.content ?? ""),
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: pinged(body).map((id) => ({ id })),
    mention_roles: [],
    attachments: buildAttachments(host, body, files, [], ephemeral),
    embeds: (body.embeds as Record<string, unknown>[]) ?? [],
    components: (body.components as Record<string, unknown>[]) ?? [],
    pinned: false,
    type: extra.type,
    flags,
    ...(extra.interaction
      ? { interaction_metadata: extra.interaction, webhook_id: host.applicationId, application_id: host.applicationId }
      : {}),
    ...(ephemeral && extra.visibleTo ? { visibleTo: extra.visibleTo } : {}),
    ...(extra.clicked ? { clicked: extra.clicked } : {}),
  };
  if (isV2(flags)) msg.components = resolveMedia(msg.components, msg.attachments);
  noteButtons(host, msg);
  host.messages.get(channelId)?.push(msg);
  host.emit("message", msg);
  return msg;
}

/**
 * A V2 message's components with every `attachment://name` (a gallery item's or a thumbnail's
 * `media`, a file component's `file`) resolved to the stored attachment's URL, size and type,
 * as Discord returns them; an attachment no component refers to is kept in `attachments` but
 * not shown by clients.
 * https://discord.com/developers/docs/components/reference#unfurled-media-item-structure
 */
export function resolveMedia(
  components: readonly Record<string, unknown>[],
  attachments: ApiMessage["attachments"],
): Record<string, unknown>[] {
  const media = (m: unknown): unknown => {
    const item = m as { url?: string } | undefined;
    const name = item?.url?.startsWith("attachment://") ? item.url.slice("attachment://".length) : null;
    const a = name === null ? undefined : attachments.find((x) => x.filename === name);
    return a
      ? { ...item, url: a.url, proxy_url: a.proxy_url, width: a.width, height: a.height, content_type: a.content_type, attachment_id: a.id }
      : m;
  };
  const walk = (c: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = { ...c };
    if (Array.isArray(c.components)) out.components = (c.components as Record<string, unknown>[]).map(walk);
    if (c.accessory) out.accessory = walk(c.accessory as Record<string, unknown>);
    if (Array.isArray(c.items)) out.items = (c.items as Record<string, unknown>[]).map((it) => ({ ...it, media: media(it.media) }));
    if (c.media) out.media = media(c.media);
    if (c.file) out.file = media(c.file);
    return out;
  };
  return components.map(walk);
}

const isV2 = (flags: number) => (flags & (1 << 15)) !== 0;

/** Applies an edit (PATCH of a message, or an interaction's update) to `msg`, as Discord does. */
export function editMessage(
  host: MessageHost,
  msg: ApiMessage,
  body: Record<string, unknown>,
  files: Map<string, { bytes: Buffer; name: string; type: string }>,
): ApiMessage {
  host.edits.push({ channelId: msg.channel_id, messageId: msg.id, at: Date.now(), ephemeral: !!msg.visibleTo });
  if ("content" in body) msg.content = String(body.content ?? "");
  if ("embeds" in body) msg.embeds = (body.embeds as Record<string, unknown>[]) ?? [];
  if ("components" in body) msg.components = (body.components as Record<string, unknown>[]) ?? [];
  if ("attachments" in body || files.size > 0)
    msg.attachments = buildAttachments(host, body, files, msg.attachments, (msg.flags & 64) !== 0);
  if ("flags" in body) msg.flags = (msg.flags & 64) | (Number(body.flags ?? 0) & ~64 & ~128);
  msg.flags &= ~128; // no longer loading
  if (isV2(msg.flags)) msg.components = resolveMedia(msg.components, msg.attachments);
  msg.edited_timestamp = new Date().toISOString();
  noteButtons(host, msg);
  host.emit("messageUpdate", msg);
  return msg;
}

/**
 * Adds the buttons `msg` shows enabled now to those it ever showed (`MessageHost.buttonsShown`):
 * a client that has not seen an edit yet still shows, and may click, a button the edit took away
 * or greyed out, so any of them may still come as a click (`checkButton`).
 */
function noteButtons(host: MessageHost, msg: ApiMessage): void {
  const ids = interactiveComponents(msg.components)
    .filter((c) => c.type === 2 && c.disabled !== true && typeof c.custom_id === "string")
    .map((c) => c.custom_id as string);
  if (ids.length === 0) return;
  let shown = host.buttonsShown.get(msg.id);
  if (!shown) host.buttonsShown.set(msg.id, (shown = new Set()));
  for (const id of ids) shown.add(id);
}

/** Width and height from a PNG header, if it is one. */
function pngSize(b: Buffer): { width: number; height: number } | undefined {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47) return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}
