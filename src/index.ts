/**
 * Bootstrap only: config -> (stand-in when there is no token) -> store -> bot.
 * `npm start`. With no DISCORD_TOKEN the bot runs against the loopback Discord stand-in so
 * anyone can try it at once.
 */
import "dotenv/config";
import { Status } from "discord.js";
import type { Server } from "node:http";
import { openBotStores, registerCommands, startBot } from "./app";
import { loadConfig } from "./config";
import { createLogger } from "./ops/log";
import { createMetrics, startOpsServer } from "./ops/metrics";
import { DiscordStandin } from "./standin/server";
import { storeEvents } from "./store/store";

const config = loadConfig(process.env);
let standin: DiscordStandin | null = null;
let token = config.token;
let apiUrl = config.apiUrl;

if (!token) {
  standin = new DiscordStandin({ port: config.standinPort });
  try {
    await standin.start();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
  token = standin.token;
  apiUrl = standin.apiUrl;
  console.log(`No DISCORD_TOKEN set: running on the local Discord stand-in at ${standin.url} (API ${apiUrl}).`);
  await registerCommands({ token, apiUrl, applicationId: standin.applicationId, guildId: standin.guildId });
}

const stores = await openBotStores(config.storeUrl);
console.log(`Tables are saved in ${config.storeUrl}.`);
const log = createLogger(config.logLevel);
let stopping = false;
// Metrics read the bot once it exists; until then they report nothing.
let running: Awaited<ReturnType<typeof startBot>> | null = null;
const metrics = createMetrics({
  async tables() {
    const out: { game: string; status: string; count: number }[] = [];
    for (const [game, store] of stores.games) {
      const counts = new Map<string, number>();
      for (const [, rec] of await store.entries()) counts.set(rec.status, (counts.get(rec.status) ?? 0) + 1);
      for (const [status, count] of counts) out.push({ game, status, count });
    }
    return out;
  },
  shards: () => (running ? [...running.client.ws.shards.values()].map((s) => ({ id: s.id, status: s.status, ping: s.ping })) : []),
});
storeEvents.on("error", () => metrics.storeError());
const bot = await startBot({
  token, apiUrl, stores, log,
  observe: (e) => {
    metrics.interaction(e);
    log.interaction(e);
  },
});
running = bot;
let ops: Server | null = null;
if (config.metricsPort !== null) {
  ops = await startOpsServer(config.metricsPort, metrics, () => ({
    ok: !stopping && bot.client.ws.status === Status.Ready,
    detail: { gateway: Status[bot.client.ws.status], stopping },
  }));
  const at = ops.address();
  console.log(`Health and metrics on port ${typeof at === "object" && at ? at.port : config.metricsPort}: /healthz, /metrics.`);
}
await bot.ready;
if (standin) {
  console.log(`Bot ready. Open ${standin.url}/ in a browser to play: pick who you are at the bottom left, type / in the message box.`);
} else {
  console.log("Bot ready on Discord.");
}

/**
 * First SIGTERM/SIGINT: finish the moves in flight (and what they post), save, close, exit 0.
 * A second signal exits at once (code 1).
 */
async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    console.log(`${signal} again: exiting now.`);
    process.exit(1);
  }
  stopping = true;
  console.log(`${signal}: finishing the moves in flight, then stopping (send it again to exit at once).`);
  await bot.stop();
  await stores.close();
  ops?.close();
  await standin?.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
