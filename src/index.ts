/**
 * Bootstrap only: config -> (stand-in when there is no token) -> store -> bot.
 * `npm start`. With no DISCORD_TOKEN the bot runs against the loopback Discord stand-in so
 * anyone can try it at once.
 */
import "dotenv/config";
import { openBotStores, registerCommands, startBot } from "./app";
import { loadConfig } from "./config";
import { DiscordStandin } from "./standin/server";

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
const bot = await startBot({ token, apiUrl, stores });
await bot.ready;
if (standin) {
  console.log(`Bot ready. Open ${standin.url}/ in a browser to play: pick who you are at the bottom left, type / in the message box.`);
} else {
  console.log("Bot ready on Discord.");
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping.`);
  await bot.stop();
  await stores.close();
  await standin?.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
