/**
 * `npm run backup [FILE]` writes a consistent copy of the SQLite store (STORE_URL) while the bot
 * runs, by default to `data/backups/onexeno-<time>.sqlite`; `npm run restore FILE` puts a backup's
 * records back, with the bot stopped (src/store/backup.ts). Exits 1 with the reason on failure.
 */
import "dotenv/config";
import { join } from "node:path";
import { loadConfig } from "./config.ts";
import { backupStore, restoreStore } from "./store/backup.ts";

const [verb, file] = process.argv.slice(2);
const { storeUrl } = loadConfig(process.env);
try {
  if (verb === "backup") {
    const to = file ?? join("data", "backups", `onexeno-${new Date().toISOString().replace(/[:.]/g, "-")}.sqlite`);
    const done = await backupStore(storeUrl, to);
    console.log(`Backed up ${done.records} record(s) to ${done.file} (${done.bytes} bytes).`);
  } else if (verb === "restore" && file) {
    const done = await restoreStore(storeUrl, file);
    console.log(`Restored ${done.records} record(s) from ${file}. Start the bot again.`);
  } else {
    console.error("Use: npm run backup [FILE], or with the bot stopped: npm run restore FILE");
    process.exit(1);
  }
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
