/**
 * The bench's Discord stand-in in a process of its own (issue 27), so that the bot's figures in
 * the many-tables row are the bot's alone. Started by `bench/flight.ts` with `fork`; speaks over
 * the IPC channel (arguments: the number of tables, then `no-global-limit` to lift Discord's global limit):
 * - sends `{ kind: "ready", apiUrl, token, applicationId, guildId }` once listening;
 * - on `{ kind: "play", store, rate?, seconds?, clock? }` plays a 2-player ONEXENO game in each channel at once, as
 *   the driver in `flight-driver.ts` describes (paced at `rate` moves a second when given, games back
 *   to back for `seconds` when given), reading each table's state from the bot's SQLite file
 *   `store` (read-only use: the bot is its only writer), and answers
 *   `{ kind: "played", lat, sent, moves, wallMs, routes, standinCpuMsPerMove }` (latencies in ms, one per move;
 *   each move's interaction; REST requests by route shape; this process's CPU a move, driver included) or `{ kind: "failed", error }`;
 * - on `{ kind: "command", id, user, channel, path, options }` sends that slash command as `user`
 *   (the soak's people opening tables) and answers `{ kind: "done", id }` or `{ kind: "failed", id, error }`;
 * - on `{ kind: "prune", id }` forgets what the stand-in logged of the games so far (`prune`) and
 *   answers `{ kind: "done", id }`;
 * - on `{ kind: "stop" }` stops the stand-in and exits.
 */
import KeyvSqlite from "@keyv/sqlite";
import { DiscordStandin, DEFAULT_USERS, TOKEN_LIFETIME_MS } from "../src/standin/server.ts";
import { onexeno } from "../src/games/onexeno/game.ts";
import { benchChannels, playTables, type TableState } from "./flight-driver.ts";

const tables = Number(process.argv[2] ?? "16");
// `extra=N`: N more channels, after the played ones, for tables the bot moves itself (bench/flight.ts `experts`).
const extra = Number(process.argv.find((a) => a.startsWith("extra="))?.slice(6) ?? "0");
const channels = benchChannels(tables);
const sb = new DiscordStandin({ channels: benchChannels(tables + extra), users: DEFAULT_USERS });
// `no-global-limit`: Discord's global limit (50 requests a second) lifted, as Discord lifts it for a large bot on request.
if (process.argv.includes("no-global-limit")) sb.globalLimit = null;
await sb.start();
const send = (m: unknown) => process.send?.(m);
send({ kind: "ready", apiUrl: sb.apiUrl, token: sb.token, applicationId: sb.applicationId, guildId: sb.guildId });

/**
 * Drops what the stand-in keeps of the games played so far: every interaction, attachment and
 * write it logged, each channel's messages but its newest few (the bot's live table is the newest)
 * and the round's interaction tokens. A long soak calls it between rounds, so that the rig stays
 * small as a real Discord client's memory does. Without it the rig's own history was most of
 * the soak's growth: a run of 160 games grew 76 MiB of RSS and 15 MiB of heap per 40 games with
 * the rig keeping everything, its PNG attachments most of it.
 */
function prune(): void {
  sb.interactions.clear();
  sb.files.clear();
  for (const list of [sb.edits, sb.globalRequests, sb.channelWrites, sb.refusals] as unknown[][]) list.length = 0;
  for (const [id, list] of sb.messages) sb.messages.set(id, list.slice(-5));
  // The round's tokens are spent: the stand-in's clock moves past their lifetime (twice 15
  // minutes), so it forgets them at the next interaction, as an hour of real play would.
  sb.advanceTime(2 * TOKEN_LIFETIME_MS + 1000);
}

/** A request from the bench's process (see the file's comment for each kind). */
interface Request {
  kind: string;
  id?: number;
  store?: string;
  rate?: number;
  seconds?: number;
  clock?: string;
  user?: string;
  channel?: string;
  path?: string;
  options?: Record<string, string | number>;
}

process.on("message", async (m: Request) => {
  if (m.kind === "stop") {
    await sb.stop();
    process.exit(0);
  }
  if (m.kind === "command" || m.kind === "prune") {
    try {
      if (m.kind === "prune") prune();
      else await sb.command(m.user!, m.channel!, m.path!, m.options ?? {});
      send({ kind: "done", id: m.id });
    } catch (e) {
      send({ kind: "failed", id: m.id, error: String((e as Error).stack ?? e) });
    }
    return;
  }
  if (m.kind !== "play" || !m.store) return;
  const db = new KeyvSqlite({ uri: `sqlite://${m.store}`, table: "tables", busyTimeout: 10_000 });
  /** The table's record as the bot last saved it (a fresh read: no cache). */
  const read = async (channelId: string): Promise<TableState | undefined> => {
    const rows = (await db.query("SELECT value FROM tables WHERE key = ?", `tables:${channelId}`)) as { value: string }[];
    const raw = rows[0]?.value;
    return raw ? (JSON.parse(raw.slice(1)) as { value: TableState }).value : undefined;
  };
  try {
    const before = { ...sb.stats.routes };
    const cpu0 = process.cpuUsage();
    const r = await playTables(sb, channels, read, onexeno, m);
    const cpu = process.cpuUsage(cpu0);
    const routes = Object.fromEntries(Object.entries(sb.stats.routes).map(([k, v]) => [k, v - (before[k] ?? 0)]));
    send({ kind: "played", ...r, routes, standinCpuMsPerMove: (cpu.user + cpu.system) / 1000 / r.moves });
  } catch (e) {
    send({ kind: "failed", error: String((e as Error).stack ?? e) });
  } finally {
    await db.close();
  }
});
