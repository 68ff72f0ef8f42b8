/**
 * How a stand-in is set up: its options and their defaults (four players and a moderator, a
 * guild with its channels), guilds spread over shards, and the per-channel message bucket
 * Discord applies (5 creates or edits per 5 s).
 */
import { shardOf } from "./gateway.ts";
import { MEMBER_PERMS, MOD_PERMS } from "./objects.ts";
import type { StandinChannel, StandinGuild, StandinPrivateChannel, StandinUser } from "./types.ts";

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
  /** DMs and group DMs (default: `DEFAULT_PRIVATE_CHANNELS`). */
  readonly privateChannels?: readonly StandinPrivateChannel[];
  /** Users who installed the app to their account (default: Ada). */
  readonly userInstalls?: readonly string[];
  /**
   * A file that keeps the channels' threads, messages and attachments across restarts
   * (src/standin/keep.ts), as Discord keeps them; absent: they live as long as the process.
   */
  readonly keepIn?: string;
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

/** Default private channels: a group DM of Ada, Ben and Cleo, where the bot is not. */
export const DEFAULT_PRIVATE_CHANNELS: readonly StandinPrivateChannel[] = [
  {
    id: "200000000000000010",
    name: "Ada, Ben, Cleo",
    type: 3,
    recipients: ["100000000000000001", "100000000000000002", "100000000000000003"],
  },
];

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

/**
 * Discord's global limit: 50 requests a second for a bot token, across every route except the
 * interaction endpoints (callbacks and the interaction's webhook), which are exempt.
 * https://discord.com/developers/docs/topics/rate-limits#global-rate-limit
 */
export const GLOBAL_LIMIT: MessageLimit = { count: 50, windowMs: 1000 };

/** The bot's user as Discord describes it (id: the application's). */
export const BOT_USER = {
  id: "300000000000000001",
  username: "onexeno",
  global_name: "ONEXENO",
  discriminator: "0",
  avatar: null,
  bot: true,
  flags: 0,
};
