/**
 * How the bot's discord.js client is set up: the gateway intents it needs, the caches it keeps
 * and its REST client's pacing. https://discord.js.org/docs/packages/discord.js/main/ClientOptions:Interface
 */
import { type ClientOptions, DefaultRestOptions, GatewayIntentBits, Options } from "discord.js";
import { type Priority, priorityOf } from "../store/global-budget.ts";

/**
 * Requests a second the bot's REST client allows itself across every route but the interaction
 * endpoints: Discord's global limit is 50, counted on Discord's clock
 * (https://discord.com/developers/docs/topics/rate-limits#global-rate-limit); 45 leaves room for
 * requests that reach Discord later than they left.
 */
export const GLOBAL_REQUESTS_PER_SECOND = 45;

/**
 * Whether a REST request counts towards the bot's global limit: every one but the interaction
 * endpoints (`/interactions/{id}/{token}/callback` and the interaction's webhook,
 * `/webhooks/{application}/{token}…`), which Discord leaves out of it.
 * https://discord.com/developers/docs/interactions/receiving-and-responding#endpoints
 */
export function countsGlobally(url: string): boolean {
  const path = new URL(url).pathname;
  return !/\/(interactions|webhooks)\//.test(path);
}

/** What the REST client waits on before a bot-token request: a budget shared by every process of the bot (src/store/global-budget.ts). */
export interface GlobalBudget {
  take(p?: Priority): Promise<void>;
}

/**
 * The client's options for REST base URL `apiUrl` and, with `shards`, the shard ids this process
 * runs out of `count`: the Guilds intent only (interactions need no other); no message or
 * reaction cache (the bot addresses messages by id and never reads one back, and discord.js
 * would keep 200 a channel, each patched on every edit); REST paced under the global limit,
 * `requestsPerSecond` requests a second (default `GLOBAL_REQUESTS_PER_SECOND`; Discord raises a
 * large bot's limit on request); with `budget`, every bot-token request (`countsGlobally`) first
 * takes its share of the budget every process of the bot spends together, then goes out as
 * discord.js sends it (`DefaultRestOptions.makeRequest`).
 */
export function clientOptions(
  apiUrl: string,
  shards?: { ids: readonly number[]; count: number },
  requestsPerSecond = GLOBAL_REQUESTS_PER_SECOND,
  budget?: GlobalBudget,
): ClientOptions {
  const send = DefaultRestOptions.makeRequest;
  return {
    intents: [GatewayIntentBits.Guilds],
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0, ReactionManager: 0 }),
    rest: {
      api: apiUrl,
      globalRequestsPerSecond: requestsPerSecond,
      ...(budget
        ? {
            makeRequest: async (url: string, init: Parameters<typeof send>[1]) => {
              // The store unreachable: sent anyway, on this process's own pacing (and discord.js's handling of a 429).
              if (countsGlobally(url)) await budget.take(priorityOf(url)).catch(() => {});
              return send(url, init);
            },
          }
        : {}),
    },
    ...(shards ? { shards: [...shards.ids], shardCount: shards.count } : {}),
  };
}
