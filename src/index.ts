/**
 * Bootstrap only: config -> (stand-in when there is no token) -> shards -> store -> bot.
 * `npm start`. With no DISCORD_TOKEN the bot runs against the loopback Discord stand-in so
 * anyone can try it at once.
 *
 * Shards (https://discord.com/developers/docs/events/gateway#sharding), on discord.js's own
 * machinery:
 * - `SHARD_IDS` and `SHARD_COUNT` set: this process runs those shards (several processes or
 *   machines, each with its own ids, share one `STORE_URL=redis://…`);
 * - otherwise discord.js's `ShardingManager` spawns one process per shard: `SHARD_COUNT` of
 *   them, or as many as `GET /gateway/bot` recommends. When that is 1 the bot runs in this
 *   process, as it always did. Either way `npm start` is one command.
 */
import { dirname, join } from "node:path";
import "dotenv/config";
import { REST, Routes, ShardingManager, Status } from "discord.js";
import { fileURLToPath } from "node:url";
import { holdsGuild, openBotStores, registerCommands, startBot, type ShardSet } from "./app.ts";
import { announceShards, type ShardAddress, startLiveFront, storedShardTables } from "./surfaces/live-table/front.ts";
import type { ActivityOptions, ActivityServer } from "./surfaces/live-table/server.ts";
import { loadConfig } from "./config.ts";
import { createLogger } from "./ops/log.ts";
import { createMetrics, opsRoutes, startOpsServer, type OpsServer } from "./ops/metrics.ts";
import { DiscordStandin, shardGuilds } from "./standin/server.ts";
import { openStore, storeEvents } from "./store/store.ts";

const config = loadConfig(process.env);
/** Spawned by our sharding manager (discord.js passes the shards in `SHARDS`, and an IPC channel). */
const managed = process.env.SHARDING_MANAGER === "true" && process.env.SHARDS !== undefined && typeof process.send === "function";

if (managed) await runShards(config.token ?? "", config.apiUrl, null);
else await main();

async function main(): Promise<void> {
  let standin: DiscordStandin | null = null;
  let token = config.token;
  let apiUrl = config.apiUrl;
  if (!token) {
    // Beside a SQLite store (data/), the local channels are kept across restarts as Discord keeps them.
    const sqlite = /^sqlite:\/\/(.+)$/.exec(config.storeUrl)?.[1];
    standin = new DiscordStandin({
      port: config.standinPort,
      ...shardGuilds(config.standinShards),
      shards: config.standinShards,
      ...(sqlite ? { keepIn: join(dirname(sqlite), "standin.json") } : {}),
    });
    try {
      await standin.start();
    } catch (e) {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    }
    token = standin.token;
    apiUrl = standin.apiUrl;
    console.log(`No DISCORD_TOKEN set: running on the local Discord stand-in at ${standin.url} (API ${apiUrl}).`);
    // Globally, as in production: then they are offered in every guild of the stand-in and, to
    // Ada (who installed the app to her account), in the group DM of Ada, Ben and Cleo. With the
    // live table on, the app has Activities enabled (the portal's switch) and the bot answers its
    // Entry Point command (the App Launcher: **Apps** on the local page).
    if (config.activity) standin.enableActivities();
    await registerCommands({ token, apiUrl, applicationId: standin.applicationId, guildId: null, entryPoint: config.activity !== null });
  }
  if (config.shards) {
    await runShards(token, apiUrl, config.shards, standin);
    return;
  }
  const count = config.shardCount ?? (await recommendedShards(token, apiUrl));
  if (count === 1 && config.shardCount === null) await runShards(token, apiUrl, null, standin);
  else await runManager(token, apiUrl, count, standin);
}

/**
 * The live table's settings for this process (`ACTIVITY_PORT`): its sockets and the tables they
 * move are in one process, the bot's; on the stand-in, signed in through it. A shard process of
 * the manager, or one started by hand with `SHARD_IDS` (front at `frontUrl`), serves its own
 * tables' on an inner address its front passes sockets to. Nothing when not configured.
 */
function liveTableOptions(
  shards: ShardSet | null,
  standin: DiscordStandin | null,
  frontUrl: string | null,
  routes?: ActivityOptions["routes"],
): { activity?: Omit<ActivityOptions, "apiUrl"> } {
  const a = config.activity;
  if (!a) return {};
  if (managed) {
    // A shard process of the manager: its own live table on this machine, reached through the
    // manager's front (src/surfaces/live-table/front.ts), which set the app's settings for it.
    return {
      activity: {
        port: 0,
        host: "127.0.0.1",
        applicationId: config.applicationId ?? "",
        clientSecret: a.clientSecret ?? "",
        publicUrl: a.publicUrl ?? "",
      },
    };
  }
  if (shards) {
    // Started by hand: its own live table for its shards, reached through the fronts
    // (`handFront`) at the address it announces, with the front's public URL as the page's origin.
    const internal = a.internalUrl ? new URL(a.internalUrl) : null;
    return {
      activity: {
        ...activitySettings(a, standin),
        port: internal ? Number(internal.port) : 0,
        host: internal ? "0.0.0.0" : "127.0.0.1",
        ...(frontUrl && !a.publicUrl ? { publicUrl: frontUrl } : {}),
      },
    };
  }
  return { activity: { ...activitySettings(a, standin), ...(routes ? { routes } : {}) } };
}

/**
 * The live table of a process started by hand (`SHARD_IDS`, `ACTIVITY_PORT`): a front on
 * `ACTIVITY_PORT` that passes each socket on to the live table of its guild's shard, wherever the
 * processes sharing the store announced it (src/surfaces/live-table/front.ts); `announce` tells them where
 * this process's own is (`ACTIVITY_INTERNAL_URL`, else its address on this machine), `stop`
 * withdraws that and stops the front.
 */
async function handFront(
  a: NonNullable<typeof config.activity>,
  { token, apiUrl, shards, standin, who }: { token: string; apiUrl: string; shards: ShardSet; standin: DiscordStandin | null; who: string },
) {
  const addresses = await openStore<ShardAddress>(config.storeUrl, "live-shards");
  const server = await startLiveFront(
    { ...activitySettings(a, standin), apiUrl },
    new REST({ api: apiUrl }).setToken(token),
    storedShardTables(addresses, shards.count),
  );
  console.log(`${who}Live table front (the app's Activity) served at ${server.url}: each socket goes on to its table's shard.`);
  let announced: { stop(): Promise<void> } | null = null;
  return {
    url: server.url,
    async announce(ownUrl: string, log: (m: string, e: unknown) => void) {
      announced = await announceShards(addresses, shards.ids, a.internalUrl ?? ownUrl, log);
    },
    async stop() {
      await announced?.stop().catch(() => {});
      await server.stop();
      await addresses.close();
    },
  };
}

/**
 * Where the live table listens and the app's settings it signs players in with (`ACTIVITY_*`,
 * `DISCORD_APPLICATION_ID`, `DISCORD_CLIENT_SECRET`); on the stand-in, its own app and its
 * address (the page runs on the SDK's mock there), on 127.0.0.1.
 */
function activitySettings(
  a: NonNullable<typeof config.activity>,
  standin: DiscordStandin | null,
): Omit<ActivityOptions, "apiUrl"> & { readonly publicUrl?: string } {
  return standin
    ? {
        port: a.port,
        host: "127.0.0.1",
        applicationId: standin.applicationId,
        clientSecret: standin.clientSecret,
        standinUrl: standin.url,
        ...(a.publicUrl ? { publicUrl: a.publicUrl } : {}),
      }
    : { port: a.port, applicationId: config.applicationId ?? "", clientSecret: a.clientSecret ?? "", publicUrl: a.publicUrl ?? "" };
}

/**
 * The live table's front in the sharding manager's process (src/surfaces/live-table/front.ts), when
 * `ACTIVITY_PORT` is set: it serves the page and passes each socket on to the live table of the
 * shard process holding its table's guild (`shards`: each shard's address, as its process tells
 * it). The shard processes get the app's settings from this one's environment (on the stand-in:
 * its client secret, and the front's address as the page's origin).
 */
async function liveFront(
  token: string,
  apiUrl: string,
  count: number,
  standin: DiscordStandin | null,
): Promise<{ server: ActivityServer; shards: Map<number, string> } | null> {
  const a = config.activity;
  if (!a) return null;
  const shards = new Map<number, string>();
  const opts = activitySettings(a, standin);
  const server = await startLiveFront({ ...opts, apiUrl }, new REST({ api: apiUrl }).setToken(token), {
    count,
    url: (id) => shards.get(id),
  });
  Object.assign(process.env, {
    ACTIVITY_PUBLIC_URL: opts.publicUrl ?? server.url,
    DISCORD_CLIENT_SECRET: opts.clientSecret,
    DISCORD_APPLICATION_ID: opts.applicationId,
  });
  if (standin) standin.activityUrl = server.url;
  console.log(`Live table (the app's Activity) served at ${server.url}: each socket goes on to its table's shard process.`);
  return { server, shards };
}

/** The shard count Discord recommends for the bot (`GET /gateway/bot`, field `shards`). */
async function recommendedShards(token: string, apiUrl: string): Promise<number> {
  const rest = new REST({ api: apiUrl }).setToken(token);
  const { shards } = (await rest.get(Routes.gatewayBot())) as { shards: number };
  return Math.max(1, shards);
}

/**
 * Runs `count` shard processes, one per shard, with discord.js's `ShardingManager` (each is this
 * file again, with discord.js's `SHARDS`/`SHARD_COUNT` set). A process that dies is spawned
 * again. SIGTERM/SIGINT: every shard is asked to stop (SIGTERM), then this process exits.
 */
async function runManager(token: string, apiUrl: string, count: number, standin: DiscordStandin | null): Promise<void> {
  process.env.DISCORD_API_URL = apiUrl; // the shards talk to the same API (the stand-in's, locally)
  process.env.LOG_LEVEL = config.logLevel; // as quiet as this process (a token is set for them)
  const manager = new ShardingManager(fileURLToPath(import.meta.url), {
    token,
    totalShards: count,
    respawn: true,
    mode: "process",
    execArgv: process.execArgv,
  });
  const front = await liveFront(token, apiUrl, count, standin);
  manager.on("shardCreate", (shard) => {
    console.log(`Shard ${shard.id} of ${count}: starting a process.`);
    shard.on("message", (m: unknown) => {
      if (front && m && typeof m === "object" && "liveTable" in m) front.shards.set(shard.id, String(m.liveTable));
    });
    shard.on("death", (child) => {
      front?.shards.delete(shard.id);
      const how =
        "signalCode" in child && child.signalCode
          ? `killed by ${child.signalCode}`
          : `exit code ${"exitCode" in child ? child.exitCode : "?"}`;
      if (!stopping) console.log(`Shard ${shard.id}: its process ended (${how}); starting it again.`);
    });
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      console.log(`${signal} again: exiting now.`);
      for (const shard of manager.shards.values()) shard.process?.kill("SIGKILL");
      process.exit(1);
    }
    stopping = true;
    manager.respawn = false;
    console.log(`${signal}: asking every shard to finish its moves in flight and stop (send it again to exit at once).`);
    await Promise.all(
      [...manager.shards.values()].map(
        (shard) =>
          new Promise<void>((resolve) => {
            const child = shard.process;
            if (!child || child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      ),
    );
    await front?.server.stop();
    await standin?.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  // Discord lets a bot identify once per 5 s (max_concurrency 1); the stand-in does not limit it.
  await manager.spawn({ amount: count, delay: standin ? 0 : 5500, timeout: -1 });
  console.log(`${count} shard processes started; each says when it is ready.`);
  if (standin) console.log(`Open ${standin.url}/ in a browser to play.`);
}

/**
 * Runs a bot in this process: `shards` (null: shard 0 of 1, or what the sharding manager gave
 * this process). Serves /healthz and /metrics at `METRICS_PORT` (a managed shard process at
 * `METRICS_PORT` + its first shard id, so shards on one machine do not collide).
 */
async function runShards(token: string, apiUrl: string, shards: ShardSet | null, standin: DiscordStandin | null = null): Promise<void> {
  const stores = await openBotStores(config.storeUrl);
  const firstShard = shards?.ids[0] ?? (managed ? ([JSON.parse(process.env.SHARDS ?? "0") as number | number[]].flat()[0] ?? 0) : 0);
  const who = managed || shards ? `Shard ${shards ? shards.ids.join(",") : firstShard}: ` : "";
  console.log(`${who}Tables are saved in ${config.storeUrl}.`);
  const log = createLogger(config.logLevel);
  let stopping = false;
  // Metrics read the bot once it exists; until then they report nothing.
  let running: Awaited<ReturnType<typeof startBot>> | null = null;
  const metrics = createMetrics({
    // This process's guilds only, so the shards' figures add up to the whole.
    async tables() {
      const out: { game: string; status: string; count: number }[] = [];
      const client = running?.client;
      if (!client) return out;
      for (const [game, store] of stores.games) {
        const counts = new Map<string, number>();
        for (const [, rec] of await store.entries())
          if (holdsGuild(client, rec.guildId ?? null)) counts.set(rec.status, (counts.get(rec.status) ?? 0) + 1);
        for (const [status, count] of counts) out.push({ game, status, count });
      }
      return out;
    },
    shards: () => (running ? [...running.client.ws.shards.values()].map((s) => ({ id: s.id, status: s.status, ping: s.ping })) : []),
  });
  storeEvents.on("error", () => metrics.storeError());
  const hand = shards && config.activity ? await handFront(config.activity, { token, apiUrl, shards, standin, who }) : null;
  const health = () => {
    const status = running?.client.ws.status ?? Status.Idle;
    // `claims`: this process's name in the store's claims (`claims:guild:<id>` names the process acting on a guild).
    return { ok: !stopping && status === Status.Ready, detail: { gateway: Status[status], stopping, claims: stores.claims.owner } };
  };
  // One HTTP server: `METRICS_PORT` set to `ACTIVITY_PORT` puts /healthz and /metrics on the live table's.
  const oneServer = !shards && !managed && config.activity !== null && config.metricsPort === config.activity.port;
  const bot = await startBot({
    token,
    apiUrl,
    stores,
    log,
    requestsPerSecond: config.requestsPerSecond,
    ...(shards ? { shards } : {}),
    ...liveTableOptions(shards, standin, hand?.url ?? null, oneServer ? opsRoutes(metrics, health) : undefined),
    observe: (e) => {
      metrics.interaction(e);
      log.interaction(e);
    },
  });
  running = bot;
  if (bot.liveTable) {
    if (standin) standin.activityUrl = bot.liveTable.url;
    // A shard process tells the manager where its live table is: the front passes its guilds' sockets there.
    if (managed) process.send?.({ liveTable: bot.liveTable.url });
    await hand?.announce(bot.liveTable.url, (m, e) => log.error(m, e));
    console.log(`${who}Live table (the app's Activity) served at ${bot.liveTable.url}.`);
  }
  let ops: OpsServer | null = null;
  if (oneServer) console.log(`${who}Health and metrics on the live table's server: /healthz, /metrics.`);
  else if (config.metricsPort !== null) {
    const port = managed && config.metricsPort !== 0 ? config.metricsPort + firstShard : config.metricsPort;
    ops = await startOpsServer(port, metrics, health);
    console.log(`${who}Health and metrics on port ${ops.port}: /healthz, /metrics.`);
  }

  /**
   * First SIGTERM/SIGINT: finish the moves in flight (and what they post), save, close, exit 0.
   * A second signal exits at once (code 1). A managed shard stops on its manager's SIGTERM (a
   * Ctrl-C reaches it through the manager), or when the manager is gone.
   */
  async function shutdown(signal: string): Promise<void> {
    if (stopping) {
      console.log(`${who}${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${who}${signal}: finishing the moves in flight, then stopping (send it again to exit at once).`);
    await hand?.stop();
    await bot.stop();
    await stores.close();
    await ops?.close();
    await standin?.stop();
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  if (managed) {
    process.on("SIGINT", () => {}); // the manager forwards it as SIGTERM
    process.on("disconnect", () => void shutdown("manager gone"));
  } else process.on("SIGINT", () => void shutdown("SIGINT"));

  await bot.ready;
  if (standin) {
    console.log(`Bot ready. Open ${standin.url}/ in a browser to play: pick who you are at the bottom left, type / in the message box.`);
  } else {
    console.log(
      `${who}Bot ready on ${managed || shards ? `shard${(shards?.ids.length ?? 1) > 1 ? "s" : ""} ${shards ? shards.ids.join(",") : firstShard} of ${shards?.count ?? process.env.SHARD_COUNT}` : "Discord"}.`,
    );
  }
}
