/**
 * `npm run bench:global` (issue 65): the bot's one global budget held by several processes. Three
 * shard processes of the bot (`SHARD_COUNT=3`, `SHARD_IDS=0`, `1`, `2`, each `npm start`'s entry
 * point) share one redis-server; the stand-in holds three guilds, one a shard, with `TABLES`
 * tables (default 24) spread over them, each a ONEXENO basic game of one person (Ada) and three
 * computers at production pace. On two tables in three Ada plays as soon as it is her turn; on
 * every third she never does and her 20-second turn clock plays for her. A finished game is dealt
 * again. The stand-in enforces its global limit per bot token with Discord's answer (429,
 * `global: true`) at `LIMIT` requests a second (default 10, below Discord's 50 so that the
 * tables' demand passes it: what a bot in many servers meets at 50), and the processes are told
 * the same limit (`DISCORD_GLOBAL_LIMIT`).
 *
 * After `SECONDS` (default 60) it prints the 429s with `global: true` (goal 0), the most
 * bot-token requests the stand-in received in any second (the stand-in's sliding count, refused ones included; goal at most the limit), the moves made, and whether every table's
 * newest message shows its latest move once the play stops. With `--own` every process paces
 * itself on a budget of its own (what the bot did before issue 65): the same run then shows
 * the refusals the shared budget avoids. A benchmark that prints its figures, never a test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { registerCommands } from "../src/app.ts";
import type { AnyTable } from "../src/bot/table-record.ts";
import { FIRST_GUILD_ID } from "../src/standin/setup.ts";
import { DEFAULT_USERS, DiscordStandin, shardOf } from "../src/standin/server.ts";
import { openStore } from "../src/store/store.ts";
import { until } from "../tests/e2e/harness.ts";
import { startRedis } from "../tests/helpers/redis.ts";
import { messageRev, moverOf, playTurn, startProcess, type Proc } from "../tests/helpers/processes.ts";

const TABLES = Number(process.env.TABLES ?? 24);
const SECONDS = Number(process.env.SECONDS ?? 60);
const LIMIT = Number(process.env.LIMIT ?? 10);
const SHARDS = 3;
const own = process.argv.includes("--own");

const guilds = Array.from({ length: SHARDS }, (_, i) => ({
  id: (BigInt(FIRST_GUILD_ID) + BigInt(i) * (1n << 22n)).toString(),
  name: `Busy server ${i + 1}`,
}));
const channels = Array.from({ length: TABLES }, (_, i) => ({
  id: `2200000000000${String(i).padStart(5, "0")}`,
  name: `table-${i + 1}`,
  type: 0 as const,
  parentId: null,
  guildId: guilds[i % SHARDS]!.id,
}));
const sb = new DiscordStandin({ guilds: guilds.slice(1), guildName: guilds[0]!.name, channels, users: DEFAULT_USERS, shards: SHARDS });
await sb.start();
for (const g of sb.guilds) await registerCommands({ token: sb.token, apiUrl: sb.apiUrl, applicationId: sb.applicationId, guildId: g.id });
for (const g of sb.guilds) if (shardOf(g.id, SHARDS) !== sb.guilds.indexOf(g)) throw new Error(`guild ${g.id} is not on its own shard`);
sb.globalLimit = { count: LIMIT, windowMs: 1000 };
const redis = await startRedis();
const dir = mkdtempSync(join(tmpdir(), "onexeno-global-"));
const procs: Proc[] = Array.from({ length: SHARDS }, (_, id) =>
  startProcess({
    DISCORD_TOKEN: sb.token,
    DISCORD_API_URL: sb.apiUrl,
    // --own: each process on a store of its own, so each paces itself alone (its tables are its own guild's).
    STORE_URL: own ? `sqlite://${join(dir, `shard-${id}.sqlite`)}` : redis.url,
    SHARD_COUNT: String(SHARDS),
    SHARD_IDS: String(id),
    DISCORD_GLOBAL_LIMIT: String(LIMIT),
    METRICS_PORT: "0",
  }),
);
const stop = async () => {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill("SIGTERM");
  await Promise.all(procs.map((p) => p.exited));
  await sb.stop();
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
};

const ada = DEFAULT_USERS[0]!.id;
/** Tables where Ada plays at once; on the others her turn clock runs out. */
const active = (i: number) => i % 3 !== 2;
/** Opens a table of Ada and three computers (normal) in channel `i` and deals it. */
async function deal(i: number): Promise<void> {
  const ch = channels[i]!.id;
  await sb.command(ada, ch, "onexeno new", { game: "basic", ...(active(i) ? {} : { clock: "20" }) });
  for (let k = 0; k < 3; k++) await sb.command(ada, ch, "onexeno bot add", { level: "normal" });
  await sb.command(ada, ch, "onexeno start");
}

/** The game records of every table, read from one of the processes' stores, none cached. */
const records = await openStore<AnyTable>(own ? `sqlite://${join(dir, "shard-0.sqlite")}` : redis.url, "tables");
const recordOf = async (i: number): Promise<AnyTable | undefined> => {
  records.forget?.();
  if (!own) return records.get(channels[i]!.id);
  const store = await openStore<AnyTable>(`sqlite://${join(dir, `shard-${i % SHARDS}.sqlite`)}`, "tables");
  try {
    return await store.get(channels[i]!.id);
  } finally {
    await store.close();
  }
};

/** The revision the newest table message of channel `i` was drawn for (a clock's warning may be newer). */
const shownRev = (i: number): number | null =>
  sb
    .visibleMessages(channels[i]!.id, null)
    .map(messageRev)
    .findLast((r) => r !== null) ?? null;

const botToken = () =>
  Object.entries(sb.stats.routes)
    .filter(([route]) => !/ \/(interactions|webhooks)\//.test(route))
    .reduce((n, [, k]) => n + k, 0);

try {
  await until("the three shard processes ready", () => procs.every((p) => /Bot ready/.test(p.out)), 180_000);
  for (let i = 0; i < TABLES; i++) await deal(i);
  const from = { at: Date.now(), refusals: sb.refusals.length };
  sb.globalBusiest.most = 0;
  const requestsFrom = botToken();
  const moves = { person: 0, computer: 0, games: 0 };
  const countMoves = (rec: AnyTable) => {
    for (const m of rec.moves) moves[rec.seats[m.seat]?.userId === ada ? "person" : "computer"]++;
  };
  const playing = channels.map(async (c, i) => {
    while (Date.now() - from.at < SECONDS * 1000) {
      const rec = await recordOf(i);
      if (rec?.status === "over") {
        countMoves(rec);
        moves.games++;
        await deal(i);
      } else if (active(i) && moverOf(sb.visibleMessages(c.id, null).at(-1)) === ada) await playTurn(sb, c.id);
      else await new Promise((r) => setTimeout(r, 200)); // the computers' turn, or a clock running: look again shortly
    }
  });
  await Promise.all(playing);
  const played = { requests: botToken() - requestsFrom, most: sb.globalBusiest.most, seconds: (Date.now() - from.at) / 1000 };
  for (let i = 0; i < TABLES; i++) {
    const rec = await recordOf(i);
    if (rec?.status === "playing") countMoves(rec);
  }
  // Every move shown: once the people stop, each table's newest table message is drawn, at Ada's
  // turn, for its record's newest revision (a table of a finished game counts as shown).
  const seen = new Set<number>();
  const shown = await until(
    "every table's newest message showing its latest move",
    async () => {
      for (let i = 0; i < TABLES; i++) {
        if (seen.has(i)) continue;
        const rec = await recordOf(i);
        const turn = (rec?.state as { turn?: number } | null)?.turn ?? -1;
        if (rec?.status !== "playing" || (rec.seats[turn]?.userId === ada && shownRev(i) === rec.rev)) seen.add(i);
      }
      return seen.size === TABLES;
    },
    60_000,
  ).catch(async () => {
    for (let i = 0; i < TABLES; i++)
      if (!seen.has(i)) {
        const rec = await recordOf(i);
        const last = sb.visibleMessages(channels[i]!.id, null).at(-1);
        console.log(
          `  table ${i + 1}: record rev ${rec?.rev} (${rec?.status}), newest message rev ${shownRev(i)}: ${JSON.stringify(last?.content ?? "").slice(0, 120)}`,
        );
      }
    return false;
  });
  const refused = sb.refusals.slice(from.refusals).filter((r) => r.status === 429);
  console.log(
    `${SHARDS} shard processes ${own ? "each on a budget of its own" : "on one Redis, one budget"}, ${TABLES} tables (one person, three computers; every third on a 20 s clock) for ${played.seconds.toFixed(0)} s, the stand-in's global limit ${LIMIT} a second:`,
  );
  console.log(
    `  429s with global: true: ${refused.filter((r) => r.global).length} (other 429s: ${refused.filter((r) => !r.global).length})`,
  );
  console.log(
    `  most bot-token requests the stand-in received in any second (sliding): ${played.most} (limit ${LIMIT}); ${played.requests} in all, ${(played.requests / played.seconds).toFixed(1)} a second`,
  );
  console.log(
    `  moves: ${moves.computer} by computers, ${moves.person} by the person's seat (her clock's timeouts included); ${moves.games} games finished`,
  );
  console.log(`  every table's newest message shows its latest move: ${shown ? "yes" : "NO"}`);
} finally {
  await records.close();
  await stop();
}
