/**
 * The bench's Discord stand-in in a process of its own (issue 27), so that the bot's figures in
 * the many-tables row are the bot's alone. Started by `bench/flight.ts` with `fork`; speaks over
 * the IPC channel:
 * - sends `{ kind: "ready", apiUrl, token, applicationId, guildId }` once listening;
 * - on `{ kind: "play", store, rate?, seconds? }` plays a 2-player ONEXENO game in each channel at once, as
 *   the driver in `flight-driver.ts` describes (paced at `rate` moves a second when given, games back
 *   to back for `seconds` when given), reading each table's state from the bot's SQLite file
 *   `store` (read-only use: the bot is its only writer), and answers
 *   `{ kind: "played", lat, sent, moves, wallMs, routes, standinCpuMsPerMove }` (latencies in ms, one per move;
 *   each move's interaction; REST requests by route shape; this process's CPU a move, driver included) or `{ kind: "failed", error }`;
 * - on `{ kind: "stop" }` stops the stand-in and exits.
 */
import KeyvSqlite from "@keyv/sqlite";
import { DiscordStandin, DEFAULT_USERS } from "../src/standin/server.ts";
import { onexeno } from "../src/games/onexeno/game.ts";
import { benchChannels, playTables, type TableState } from "./flight-driver.ts";

const tables = Number(process.argv[2] ?? "16");
const channels = benchChannels(tables);
const sb = new DiscordStandin({ channels, users: DEFAULT_USERS });
await sb.start();
const send = (m: unknown) => process.send?.(m);
send({ kind: "ready", apiUrl: sb.apiUrl, token: sb.token, applicationId: sb.applicationId, guildId: sb.guildId });

process.on("message", async (m: { kind: string; store?: string; rate?: number; seconds?: number }) => {
  if (m.kind === "stop") {
    await sb.stop();
    process.exit(0);
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
