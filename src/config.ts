/**
 * Typed configuration, parsed once at start-up from the environment (and `.env` via dotenv,
 * loaded by the entry points). Every variable is documented in `.env.example`.
 */

/** Parsed configuration. */
export interface Config {
  /** Bot token; absent means "run on the local Discord stand-in". */
  readonly token: string | null;
  /** Base of Discord's REST API (discord.js appends /v10); the gateway URL comes from it. */
  readonly apiUrl: string;
  /** Application id, needed by the deploy script with a real token (read from the API if absent). */
  readonly applicationId: string | null;
  /** Guild for guild-scoped command registration (development); absent = global. */
  readonly guildId: string | null;
  /** keyv store: sqlite://file (default sqlite://data/onexeno.sqlite), redis://..., memory:// */
  readonly storeUrl: string;
  /** Port of the local stand-in when there is no token (0 = any free port). */
  readonly standinPort: number;
  /**
   * Picture worker threads (`PICTURE_THREADS`): null = one a core but one (at least 1), 0 = draw on the main thread.
   * The picture pool (render/pool.ts) reads the variable itself; it is checked here so that a
   * bad value stops the start-up rather than the first picture.
   */
  readonly pictureThreads: number | null;
  /** Port of `/healthz` and `/metrics` (`METRICS_PORT`); null: not served. */
  readonly metricsPort: number | null;
  /**
   * Bot-token requests a second all the bot's processes together send (`DISCORD_GLOBAL_LIMIT`,
   * Discord's global limit for the bot: 50, raised for large bots on request), less a tenth of
   * margin for requests that reach Discord later than they left: 45 by default.
   * https://discord.com/developers/docs/topics/rate-limits#global-rate-limit
   */
  readonly requestsPerSecond: number;
  /** pino level (`LOG_LEVEL`): default `info` on Discord, `warn` on the local stand-in. */
  readonly logLevel: string;
  /**
   * Shards of this process (`SHARD_IDS` of `SHARD_COUNT`), or null: the sharding manager
   * decides (`SHARD_COUNT` alone: that many shard processes; neither: the count Discord
   * recommends, in this one process when that is 1).
   */
  readonly shards: { readonly ids: readonly number[]; readonly count: number } | null;
  /** `SHARD_COUNT` when set without `SHARD_IDS`: how many shard processes the manager spawns. */
  readonly shardCount: number | null;
  /** Guilds (one per shard) the local stand-in has and shards it recommends (`STANDIN_SHARDS`, default 1). */
  readonly standinShards: number;
  /**
   * The live table (the app's Activity, src/surfaces/live-table/server.ts): `ACTIVITY_PORT` (0: any free
   * port), `ACTIVITY_PUBLIC_URL` (where Discord's URL mapping points; locally: the server's own
   * address) and `DISCORD_CLIENT_SECRET` (the OAuth2 client secret; the stand-in has its own);
   * with `SHARD_IDS`, `ACTIVITY_INTERNAL_URL`: where the other processes reach this one's shards'
   * live table (null: on this machine, at a free port). Null: not served.
   */
  readonly activity: {
    readonly port: number;
    readonly publicUrl: string | null;
    readonly clientSecret: string | null;
    readonly internalUrl: string | null;
  } | null;
}

/**
 * Checks `ACTIVITY_INTERNAL_URL`: an http URL with a port (the port this process's live table
 * listens on), no path. Throws on anything else.
 */
function internalUrl(text: string | null): string | null {
  if (text === null) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`ACTIVITY_INTERNAL_URL must be a URL such as http://10.0.0.5:8090, got ${text}`);
  }
  if (url.protocol !== "http:" || !url.port || url.pathname !== "/")
    throw new Error(`ACTIVITY_INTERNAL_URL must be http://host:port (no path), got ${text}`);
  return url.origin;
}

/**
 * Parses `SHARD_IDS`: shard ids and ranges, comma-separated (`0,2`, `0-3`), each below `count`.
 * Throws a readable error otherwise.
 */
export function parseShardIds(text: string, count: number): number[] {
  const ids = new Set<number>();
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new Error(`SHARD_IDS must list shard ids or ranges such as 0,1 or 0-3, got ${text}`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) throw new Error(`SHARD_IDS: the range ${part} runs backwards`);
    if (to >= count) throw new Error(`SHARD_IDS: shard ${to} does not exist with SHARD_COUNT=${count} (ids run 0 to ${count - 1})`);
    for (let i = from; i <= to; i++) ids.add(i);
  }
  if (ids.size === 0) throw new Error("SHARD_IDS is set but lists no shard");
  return [...ids].sort((a, b) => a - b);
}

/** Discord's own API base. */
export const DISCORD_API = "https://discord.com/api";

/** Parses `env`; throws with a readable message on a malformed value. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const str = (k: string) => {
    const v = env[k]?.trim();
    return v ? v : null;
  };
  const port = Number(str("STANDIN_PORT") ?? "8975");
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`STANDIN_PORT must be a port number, got ${env.STANDIN_PORT}`);
  const threads = str("PICTURE_THREADS");
  if (threads !== null && !/^\d+$/.test(threads))
    throw new Error(`PICTURE_THREADS must be a whole number 0 or more (empty: one a core but one), got ${threads}`);
  const metrics = str("METRICS_PORT");
  const metricsPort = metrics === null ? null : Number(metrics);
  if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535))
    throw new Error(`METRICS_PORT must be a port number, got ${metrics}`);
  const globalText = str("DISCORD_GLOBAL_LIMIT") ?? "50";
  const globalLimit = Number(globalText);
  if (!Number.isInteger(globalLimit) || globalLimit < 2)
    throw new Error(
      `DISCORD_GLOBAL_LIMIT must be a whole number of requests a second, 2 or more (Discord's default: 50), got ${globalText}`,
    );
  const countText = str("SHARD_COUNT");
  const shardCount = countText === null ? null : Number(countText);
  if (shardCount !== null && (!Number.isInteger(shardCount) || shardCount < 1))
    throw new Error(`SHARD_COUNT must be a whole number 1 or more, got ${countText}`);
  const idsText = str("SHARD_IDS");
  if (idsText !== null && shardCount === null) throw new Error("SHARD_IDS needs SHARD_COUNT (the bot's shards in all processes)");
  const standinShards = Number(str("STANDIN_SHARDS") ?? "1");
  if (!Number.isInteger(standinShards) || standinShards < 1 || standinShards > 6)
    throw new Error(`STANDIN_SHARDS must be a whole number from 1 to 6, got ${env.STANDIN_SHARDS}`);
  const activityText = str("ACTIVITY_PORT");
  const activityPort = activityText === null ? null : Number(activityText);
  if (activityPort !== null && (!Number.isInteger(activityPort) || activityPort < 0 || activityPort > 65535))
    throw new Error(`ACTIVITY_PORT must be a port number, got ${activityText}`);
  if (
    activityPort !== null &&
    str("DISCORD_TOKEN") &&
    !(str("ACTIVITY_PUBLIC_URL") && str("DISCORD_CLIENT_SECRET") && str("DISCORD_APPLICATION_ID"))
  )
    throw new Error(
      "ACTIVITY_PORT with a DISCORD_TOKEN needs ACTIVITY_PUBLIC_URL, DISCORD_CLIENT_SECRET and DISCORD_APPLICATION_ID (README: the live table)",
    );
  const logLevel = str("LOG_LEVEL") ?? (str("DISCORD_TOKEN") ? "info" : "warn");
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel))
    throw new Error(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got ${logLevel}`);
  return {
    shards: idsText !== null && shardCount !== null ? { ids: parseShardIds(idsText, shardCount), count: shardCount } : null,
    shardCount: idsText === null ? shardCount : null,
    standinShards,
    pictureThreads: threads === null ? null : Number(threads),
    metricsPort,
    requestsPerSecond: Math.floor(globalLimit * 0.9),
    logLevel,
    token: str("DISCORD_TOKEN"),
    apiUrl: (str("DISCORD_API_URL") ?? DISCORD_API).replace(/\/+$/, ""),
    applicationId: str("DISCORD_APPLICATION_ID"),
    guildId: str("DISCORD_GUILD_ID"),
    storeUrl: str("STORE_URL") ?? "sqlite://data/onexeno.sqlite",
    standinPort: port,
    activity:
      activityPort === null
        ? null
        : {
            port: activityPort,
            publicUrl: str("ACTIVITY_PUBLIC_URL"),
            clientSecret: str("DISCORD_CLIENT_SECRET"),
            internalUrl: internalUrl(str("ACTIVITY_INTERNAL_URL")),
          },
  };
}
