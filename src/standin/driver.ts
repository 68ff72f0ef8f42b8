/**
 * The stand-in's test driver: what a person does in a Discord client, as the interactions
 * Discord would send the bot (slash commands with their options and resolved users,
 * autocomplete, button clicks, menu choices), dispatched through the gateway and awaited until
 * the bot's answer is complete, with Discord's 3-second window applied.
 */
import { EventEmitter } from "node:events";
import type { Gateway } from "./gateway.ts";
import { HttpError } from "./http-error.ts";
import { INTERACTION_WINDOW_MS, TOKEN_LIFETIME_MS, type Pending } from "./interactions.ts";
import { componentLabel, type OptionDef } from "./limits.ts";
import { publicCopy } from "./messages.ts";
import { guildRoles, MOD_PERMS, userObject } from "./objects.ts";
import { snowflake, snowflakeAt, snowflakeTime } from "./snowflake.ts";
import type { ApiMessage, ApiOption, InteractionRecord, StandinChannel, StandinPrivateChannel, StandinUser } from "./types.ts";

/** How a driven interaction is sent and awaited. */
export interface DriveOptions {
  /** How long to wait for a complete answer, ms (default 60 000; only ends a failed test). */
  readonly waitMs?: number;
  /** Resolve (rather than reject) when Discord would show "This interaction failed". */
  readonly allowFailure?: boolean;
  /** Make the interaction this many ms old when dispatched (a late delivery). */
  readonly ageMs?: number;
  /**
   * Send what Discord's client would not: a choice the menu does not offer, a click of a button
   * the message never showed enabled, as a modified client could (the bot must still answer it).
   */
  readonly forged?: boolean;
}

/** What the driver reads and changes of the stand-in. */
export interface DriverHost {
  readonly applicationId: string;
  readonly users: StandinUser[];
  readonly pending: Map<string, Pending>;
  readonly interactions: Map<string, InteractionRecord>;
  readonly stats: { interactions: number };
  readonly gateway: Gateway;
  user(id: string): StandinUser;
  channel(id: string): StandinChannel;
  channelObject(c: StandinChannel): Record<string, unknown>;
  guildOf(channelId: string): string;
  /** The guild's language (Discord locale code). */
  guildLocale(guildId: string): string;
  commandByName(name: string, guildId: string): Record<string, unknown> | undefined;
  /** The private channel (DM, group DM) of this id, if it is one. */
  privateChannel(id: string): StandinPrivateChannel | undefined;
  /** The stand-in's clock, ms (Date.now moved on by `advanceTime`): token lifetimes run on it. */
  now(): number;
  /** The bot's permissions in a server's channel (a thread: its parent's), as a bit set. */
  botPermissionsIn(channelId: string): bigint;
  /** The roles a member holds (those the bot gave them). */
  rolesOf(guildId: string, userId: string): string[];
  /** Whether a user sees a channel (a private thread: its members only). */
  canSee(userId: string, channelId: string): boolean;
  /** Time the machine took from this process since `t` (ms since the epoch), ms (src/standin/stalls.ts). */
  stolenSince(t: number): number;
}

/**
 * The app's permissions in a private channel reached by a user install, as Discord sends them
 * in `app_permissions`: Send Messages, Embed Links, Attach Files and Use External Emojis.
 */
export const PRIVATE_APP_PERMS = String((1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 18n));

/** What every interaction payload starts with: its id (made `ageMs` ago), application, type, a fresh token and the version. */
function envelope(host: DriverHost, type: number, ageMs: number): { id: string; token: string } & Record<string, unknown> {
  return {
    id: ageMs > 0 ? snowflakeAt(Date.now() - ageMs) : snowflake(),
    application_id: host.applicationId,
    type,
    token: `itk_${snowflake()}_${Math.random().toString(36).slice(2)}`,
    version: 1,
  };
}

/**
 * The interaction payload of `type` by `userId` in private channel `ch` (a DM or group DM the bot
 * is not in): no guild or member, the user, `context` 2 (a private channel) and the owners who
 * authorised the app there (a user install: `{"1": userId}`), as Discord sends it
 * (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object).
 */
function privateInteraction(
  host: DriverHost,
  type: number,
  u: StandinUser,
  ch: StandinPrivateChannel,
  owners: Readonly<Record<string, string>>,
  ageMs: number,
): Record<string, unknown> & { id: string; token: string } {
  return {
    ...envelope(host, type, ageMs),
    channel_id: ch.id,
    channel: { id: ch.id, type: ch.type, name: ch.name, recipients: ch.recipients.map((id) => userObject(host.user(id))) },
    user: userObject(u),
    app_permissions: PRIVATE_APP_PERMS,
    locale: u.locale ?? "en-US",
    entitlements: [],
    authorizing_integration_owners: owners,
    context: 2,
    attachment_size_limit: 10_485_760,
  };
}

/** The interaction payload of `type` by `userId` in `channelId`, created `ageMs` ago. */
export function baseInteraction(
  host: DriverHost,
  type: number,
  userId: string,
  channelId: string,
  ageMs = 0,
  owners?: Readonly<Record<string, string>>,
): Record<string, unknown> & { id: string; token: string } {
  const u = host.user(userId);
  const dm = host.privateChannel(channelId);
  if (dm) return privateInteraction(host, type, u, dm, owners ?? { "1": userId }, ageMs);
  const ch = host.channel(channelId);
  // A private thread is not in the client of someone who is not its member: a test bug.
  if (!host.canSee(userId, ch.id)) throw new Error(`user ${userId} does not see private thread ${ch.id}`);
  const guildId = host.guildOf(ch.id);
  return {
    ...envelope(host, type, ageMs),
    guild_id: guildId,
    channel_id: channelId,
    channel: host.channelObject(ch),
    member: {
      user: userObject(u),
      roles: host.rolesOf(guildId, userId),
      permissions: u.permissions,
      joined_at: new Date().toISOString(),
      nick: null,
      avatar: null,
      flags: 0,
      pending: false,
      deaf: false,
      mute: false,
    },
    app_permissions: String(host.botPermissionsIn(channelId)),
    locale: u.locale ?? "en-US",
    guild_locale: host.guildLocale(guildId),
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
export async function runInteraction(
  host: DriverHost,
  payload: Record<string, unknown> & { id: string; token: string },
  userId: string,
  channelId: string,
  message: ApiMessage | undefined,
  opts: DriveOptions = {},
  commandPath?: string,
  focused?: OptionDef,
  componentLabel?: string,
): Promise<InteractionRecord> {
  const createdAt = snowflakeTime(payload.id);
  const record: InteractionRecord = {
    id: payload.id,
    token: payload.token,
    userId,
    channelId,
    sentAt: Date.now(),
    createdAt,
    tokenStart: host.now(),
    owners: (payload.authorizing_integration_owners as Record<string, string> | undefined) ?? {},
    expired: false,
    refusals: [],
    callbackType: null,
    ackMs: null,
    original: null,
    followups: [],
    choices: null,
    ...(commandPath ? { commandPath } : {}),
    ...(componentLabel ? { componentLabel } : {}),
  };
  const done = new EventEmitter();
  const pend: Pending = { record, done, ...(message ? { message } : {}), ...(focused ? { focused } : {}) };
  forgetDeadTokens(host);
  host.pending.set(record.token, pend);
  host.interactions.set(record.token, record);
  host.stats.interactions++;
  const waitMs = opts.waitMs ?? 60_000;
  const settled = new Promise<void>((resolve, reject) => {
    // Discord's window, less any time the machine took from this process (src/standin/stalls.ts).
    const left = () => createdAt + INTERACTION_WINDOW_MS + host.stolenSince(createdAt) - Date.now();
    let deadline: NodeJS.Timeout;
    const expireWhenDue = () => {
      if (record.callbackType !== null) return;
      if (left() > 0) {
        deadline = setTimeout(expireWhenDue, left());
        return;
      }
      record.expired = true;
      done.emit("change");
    };
    deadline = setTimeout(expireWhenDue, Math.max(0, left()));
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
        t === 12 || // the Activity opened: nothing more is sent
        ((t === 5 || t === 6) && (record.followups.length > 0 || (record.original !== null && record.original.edited_timestamp !== null)));
      if (complete) finish();
    };
    done.on("change", check);
  });
  const guildId = host.guildOf(channelId);
  if (!host.gateway.broadcast("INTERACTION_CREATE", payload, guildId)) {
    host.pending.delete(record.token);
    throw new Error(`no bot is connected to the stand-in on the shard of guild ${guildId}`);
  }
  await settled;
  return record;
}

/**
 * Drops the interactions whose tokens died long ago (twice their 15 minutes, on the stand-in's
 * clock): until then a late call on one is refused as Discord refuses it (50027), after that it is
 * unknown (10015). Without it a stand-in running for days (the local page, a soak) keeps every
 * interaction's record and listeners. `pending` is in the order the interactions were made.
 */
function forgetDeadTokens(host: DriverHost): void {
  const dead = host.now() - 2 * TOKEN_LIFETIME_MS;
  for (const [token, p] of host.pending) {
    if (p.record.tokenStart >= dead) break;
    host.pending.delete(token);
  }
}

/** The registered definition of option `name` of command `path` (`name`, `name sub`, `name group sub`). */
export function optionDefOf(host: DriverHost, path: string, name: string, guildId: string): OptionDef | undefined {
  const [cmdName, ...rest] = path.split(" ");
  let node = host.commandByName(cmdName as string, guildId) as unknown as OptionDef | undefined;
  for (const part of rest) node = node?.options?.find((o) => o.name === part);
  return node?.options?.find((o) => o.name === name);
}

/** The `data` of a slash command for `path` with raw leaf options exactly as given (names, types, values). */
export function rawCommandData(host: DriverHost, path: string, leaf: ApiOption[], guildId: string): Record<string, unknown> {
  const data = commandData(host, path, {}, null, guildId);
  const wrap = (o: Record<string, unknown>[]): Record<string, unknown>[] =>
    o.map((x) =>
      x.type === 1 ? { ...x, options: leaf } : x.type === 2 ? { ...x, options: wrap(x.options as Record<string, unknown>[]) } : x,
    );
  return { ...data, options: path.includes(" ") ? wrap(data.options as Record<string, unknown>[]) : leaf };
}

/** The `data` of a slash command or autocomplete interaction for `path` with leaf `options`. */
export function commandData(
  host: DriverHost,
  path: string,
  options: Record<string, string | number | boolean>,
  focused: string | null,
  guildId: string,
): Record<string, unknown> {
  const [name, first, second] = path.split(" ") as [string, string | undefined, string | undefined];
  const cmd = host.commandByName(name, guildId);
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
    if (!host.users.some((u) => u.id === o.value)) throw new HttpError(400, 50035, `options.${o.name}: unknown user ${String(o.value)}`);
  // CHANNEL and ROLE options arrive with their objects in `resolved` likewise.
  const channels = leaf.filter((o) => o.type === 7 && typeof o.value === "string" && o.focused !== true);
  const roles = leaf.filter((o) => o.type === 8 && typeof o.value === "string" && o.focused !== true);
  const more = {
    ...(channels.length
      ? {
          channels: Object.fromEntries(
            channels.map((o) => [o.value, { ...host.channelObject(host.channel(String(o.value))), permissions: String(MOD_PERMS) }]),
          ),
        }
      : {}),
    ...(roles.length
      ? {
          roles: Object.fromEntries(
            roles.map((o) => {
              const role = guildRoles(guildId).find((r) => r.id === o.value);
              if (!role) throw new HttpError(400, 50035, `options.${o.name}: unknown role ${String(o.value)}`);
              return [o.value, role];
            }),
          ),
        }
      : {}),
  };
  const resolved = picked.length
    ? {
        resolved: {
          ...more,
          users: Object.fromEntries(picked.map((o) => [o.value, userObject(host.user(String(o.value)))])),
          members: Object.fromEntries(
            picked.map((o) => [
              o.value,
              {
                roles: [],
                permissions: host.user(String(o.value)).permissions,
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
    : Object.keys(more).length
      ? { resolved: more }
      : {};
  return {
    id: (cmd?.id as string | undefined) ?? "0",
    name,
    type: 1,
    ...(host.commandByName(name, guildId)?.guild_id ? { guild_id: guildId } : {}),
    ...resolved,
    options: second
      ? [{ name: first, type: 2, options: [{ name: sub, type: 1, options: leaf }] }]
      : sub
        ? [{ name: sub, type: 1, options: leaf }]
        : leaf,
  };
}

/**
 * A component interaction (`data`: a button's `custom_id` and type 2, or a menu's with its
 * `values`) by `userId` on `message`, run to its answer; the page is told the component's label.
 */
export function componentInteraction(
  host: DriverHost,
  userId: string,
  message: ApiMessage,
  data: { readonly custom_id: string; readonly component_type: 2 | 3; readonly values?: readonly string[] },
  opts: DriveOptions = {},
): Promise<InteractionRecord> {
  // In a private channel anyone there may click; the app is authorised there as it was for the message.
  const dm = host.privateChannel(message.channel_id);
  if (dm && !dm.recipients.includes(userId)) throw new Error(`user ${userId} is not in private channel ${dm.id}`);
  const owners = message.interaction_metadata?.authorizing_integration_owners as Record<string, string> | undefined;
  const payload = baseInteraction(host, 3, userId, message.channel_id, opts.ageMs, owners);
  payload.message = publicCopy(message);
  payload.data = data;
  const label = componentLabel(message, data.custom_id);
  return runInteraction(host, payload, userId, message.channel_id, message, opts, undefined, undefined, label);
}
