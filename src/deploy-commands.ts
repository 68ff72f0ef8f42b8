/**
 * `npm run deploy-commands`: registers the slash commands with Discord (guild-scoped when
 * DISCORD_GUILD_ID is set, else global). Never done at login. Globally with `ACTIVITY_PORT` set,
 * the bot's own Entry Point command (the App Launcher's, answered with the live table) takes
 * the place of the app's; without, the app's Entry Point command is kept as it is.
 */
import "dotenv/config";
import { REST, Routes } from "discord.js";
import { registerCommands } from "./app.ts";
import { loadConfig } from "./config.ts";

const config = loadConfig(process.env);
if (!config.token) {
  console.error("DISCORD_TOKEN is not set. (`npm start` without a token registers commands on the local stand-in by itself.)");
  process.exit(1);
}
let applicationId = config.applicationId;
if (!applicationId) {
  const app = (await new REST({ api: config.apiUrl }).setToken(config.token).get(Routes.currentApplication())) as { id: string };
  applicationId = app.id;
}
const n = await registerCommands({
  token: config.token,
  apiUrl: config.apiUrl,
  applicationId,
  guildId: config.guildId,
  entryPoint: config.activity !== null,
});
console.log(`Registered ${n} command(s) ${config.guildId ? `in guild ${config.guildId}` : "globally (may take up to an hour to appear)"}.`);
