/**
 * The shapes of Discord's objects as the stand-in sends them (https://discord.com/developers/docs/resources):
 * users, channels and threads, guilds; and the permission bits of the default users. Pure.
 */
import type { StandinChannel, StandinGuild, StandinUser } from "./types.ts";

/** Permission bits used by the default users. */
export const PERMS = {
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  MANAGE_MESSAGES: 1n << 13n,
  MANAGE_GUILD: 1n << 5n,
  USE_APPLICATION_COMMANDS: 1n << 31n,
  EMBED_LINKS: 1n << 14n,
  ATTACH_FILES: 1n << 15n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  USE_EXTERNAL_EMOJIS: 1n << 18n,
  MANAGE_ROLES: 1n << 28n,
  CREATE_PUBLIC_THREADS: 1n << 35n,
  CREATE_PRIVATE_THREADS: 1n << 36n,
  SEND_MESSAGES_IN_THREADS: 1n << 38n,
  MANAGE_EVENTS: 1n << 33n,
  CREATE_EVENTS: 1n << 44n,
  PIN_MESSAGES: 1n << 51n,
} as const;

/**
 * The bot's own permissions in a server's channel unless a test takes some away
 * (`DiscordStandin.denyBot`): what docs/running.md's invite asks for, sent to it as an
 * interaction's `app_permissions`
 * (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object).
 */
export const BOT_PERMS =
  PERMS.VIEW_CHANNEL |
  PERMS.SEND_MESSAGES |
  PERMS.EMBED_LINKS |
  PERMS.ATTACH_FILES |
  PERMS.READ_MESSAGE_HISTORY |
  PERMS.USE_EXTERNAL_EMOJIS |
  PERMS.USE_APPLICATION_COMMANDS |
  PERMS.CREATE_PUBLIC_THREADS |
  PERMS.CREATE_PRIVATE_THREADS |
  PERMS.SEND_MESSAGES_IN_THREADS |
  PERMS.CREATE_EVENTS |
  PERMS.PIN_MESSAGES;

export const MEMBER_PERMS = (PERMS.VIEW_CHANNEL | PERMS.SEND_MESSAGES | PERMS.USE_APPLICATION_COMMANDS).toString();
export const MOD_PERMS = (BigInt(MEMBER_PERMS) | PERMS.MANAGE_MESSAGES | PERMS.MANAGE_GUILD).toString();

/** A user object as the API returns it (a person, never a bot). */
export function userObject(u: StandinUser): Record<string, unknown> {
  return { id: u.id, username: u.username, global_name: u.globalName, discriminator: "0", avatar: null, bot: false, flags: 0 };
}
/** Channel object as the API returns it. */
export function channelObject(c: StandinChannel, defaultGuildId: string, ownerId: string | undefined): Record<string, unknown> {
  const base = {
    id: c.id,
    type: c.type,
    guild_id: c.guildId ?? defaultGuildId,
    name: c.name,
    position: 0,
    permission_overwrites: [],
    nsfw: false,
    rate_limit_per_user: 0,
    last_message_id: null,
    flags: 0,
  };
  if (c.type === 11 || c.type === 12) {
    return {
      ...base,
      parent_id: c.parentId,
      owner_id: ownerId,
      member_count: 1,
      message_count: 0,
      thread_metadata: {
        archived: false,
        auto_archive_duration: 1440,
        archive_timestamp: new Date().toISOString(),
        locked: false,
        ...(c.type === 12 ? { invitable: false } : {}),
      },
    };
  }
  return { ...base, parent_id: null, topic: null };
}
/**
 * A guild's roles as the API returns them: @everyone (its id the guild's, members' permissions)
 * and two roles a community has, "Organisers" and "Card players" (no permissions of their own),
 * whose ids are the guild's plus 1000 and 1001, so pickers and `resolved` data name real roles.
 */
export function guildRoles(guildId: string): Record<string, unknown>[] {
  const role = (id: string, name: string, position: number, permissions: string, botId?: string) => ({
    id,
    name,
    permissions,
    position,
    color: 0,
    hoist: false,
    managed: botId !== undefined,
    mentionable: position > 0 && botId === undefined,
    flags: 0,
    ...(botId ? { tags: { bot_id: botId } } : {}),
  });
  return [
    role(guildId, "@everyone", 0, String(MEMBER_PERMS)),
    role(String(BigInt(guildId) + 1000n), "Organisers", 2, "0"),
    role(String(BigInt(guildId) + 1001n), "Card players", 1, "0"),
    role(botRoleOf(guildId), "ONEXENO", 3, "0", BOT_USER_ID),
    role(String(BigInt(guildId) + 1003n), "Moderators", 4, "0"),
  ];
}

/** The bot user's id on the stand-in. */
export const BOT_USER_ID = "300000000000000001";

/** The role Discord made for the bot when it joined guild `guildId` (managed, held by the bot alone). */
export const botRoleOf = (guildId: string): string => String(BigInt(guildId) + 1002n);

/**
 * A GUILD_CREATE payload: the guild with its channels and threads, its roles (`guildRoles`), and the bot as its only listed member (https://discord.com/developers/docs/events/gateway-events#guild-create).
 */
export function guildObject(
  g: StandinGuild,
  world: {
    readonly channels: readonly StandinChannel[];
    readonly users: readonly StandinUser[];
    readonly botUser: unknown;
    readonly defaultGuildId: string;
  },
): Record<string, unknown> {
  const now = new Date().toISOString();
  const mine = world.channels.filter((c) => (c.guildId ?? world.defaultGuildId) === g.id);
  return {
    id: g.id,
    name: g.name,
    icon: null,
    owner_id: world.users[0]?.id,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: guildRoles(g.id),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    system_channel_id: null,
    system_channel_flags: 0,
    premium_tier: 0,
    preferred_locale: g.locale ?? "en-US",
    nsfw_level: 0,
    joined_at: now,
    large: false,
    unavailable: false,
    member_count: world.users.length + 1,
    voice_states: [],
    members: [{ user: world.botUser, roles: [botRoleOf(g.id)], joined_at: now, deaf: false, mute: false, flags: 0 }],
    channels: mine.filter((c) => c.type === 0).map((c) => channelObject(c, world.defaultGuildId, world.users[0]?.id)),
    threads: mine.filter((c) => c.type !== 0).map((c) => channelObject(c, world.defaultGuildId, world.users[0]?.id)),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
  };
}
