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
   * Picture worker threads (`PICTURE_THREADS`): null = one a core, 0 = draw on the main thread.
   * The picture pool (render/pool.ts) reads the variable itself; it is checked here so that a
   * bad value stops the start-up rather than the first picture.
   */
  readonly pictureThreads: number | null;
  /** Port of `/healthz` and `/metrics` (`METRICS_PORT`); null: not served. */
  readonly metricsPort: number | null;
  /** pino level (`LOG_LEVEL`): default `info` on Discord, `warn` on the local stand-in. */
  readonly logLevel: string;
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
  if (threads !== null && !/^\d+$/.test(threads)) throw new Error(`PICTURE_THREADS must be a whole number 0 or more (empty: one a core), got ${threads}`);
  const metrics = str("METRICS_PORT");
  const metricsPort = metrics === null ? null : Number(metrics);
  if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535)) throw new Error(`METRICS_PORT must be a port number, got ${metrics}`);
  const logLevel = str("LOG_LEVEL") ?? (str("DISCORD_TOKEN") ? "info" : "warn");
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel)) throw new Error(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got ${logLevel}`);
  return {
    pictureThreads: threads === null ? null : Number(threads),
    metricsPort,
    logLevel,
    token: str("DISCORD_TOKEN"),
    apiUrl: (str("DISCORD_API_URL") ?? DISCORD_API).replace(/\/+$/, ""),
    applicationId: str("DISCORD_APPLICATION_ID"),
    guildId: str("DISCORD_GUILD_ID"),
    storeUrl: str("STORE_URL") ?? "sqlite://data/onexeno.sqlite",
    standinPort: port,
  };
}
