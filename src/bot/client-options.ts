/**
 * How the bot's discord.js client is set up: the gateway intents it needs, the caches it keeps
 * and its REST client's pacing. https://discord.js.org/docs/packages/discord.js/main/ClientOptions:Interface
 */
import { type ClientOptions, GatewayIntentBits, Options } from "discord.js";

/**
 * Requests a second the bot's REST client allows itself across every route but the interaction
 * endpoints: Discord's global limit is 50, counted on Discord's clock
 * (https://discord.com/developers/docs/topics/rate-limits#global-rate-limit); 45 leaves room for
 * requests that reach Discord later than they left.
 */
export const GLOBAL_REQUESTS_PER_SECOND = 45;

/**
 * The client's options for REST base URL `apiUrl` and, with `shards`, the shard ids this process
 * runs out of `count`: the Guilds intent only (interactions need no other); no message or
 * reaction cache (the bot addresses messages by id and never reads one back, and discord.js
 * would keep 200 a channel, each patched on every edit); REST paced under the global limit,
 * `requestsPerSecond` requests a second (default `GLOBAL_REQUESTS_PER_SECOND`; Discord raises a
 * large bot's limit on request).
 */
export function clientOptions(
  apiUrl: string,
  shards?: { ids: readonly number[]; count: number },
  requestsPerSecond = GLOBAL_REQUESTS_PER_SECOND,
): ClientOptions {
  return {
    intents: [GatewayIntentBits.Guilds],
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0, ReactionManager: 0 }),
    rest: { api: apiUrl, globalRequestsPerSecond: requestsPerSecond },
    ...(shards ? { shards: [...shards.ids], shardCount: shards.count } : {}),
  };
}
