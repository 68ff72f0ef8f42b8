/**
 * `npm run bench:soak`: a long soak of one bot process through the Discord stand-in: `GAMES` whole
 * games (default 10,000), every game in turn, `TABLES` channels at once (default 8). ONEXENO basic
 * is played the way two people would (`playTables`, bench/flight-driver.ts; no turn clock: one
 * running 50 times faster would race a move late under load); partners, canasta,
 * Onze and Cardeno are opened, filled with computers and started by a person through the slash
 * commands, who then leaves the game to them: her turn clock runs out (the table clock runs
 * `RATE` times faster than real time, default 50), the computer moves for her, and the game plays
 * to its end through the bot's own clocks, computer turns, pictures and channel writes, paced by
 * each channel's write budget as on Discord, its window shortened `RATE` times as the clock is. Every
 * 1,000 games (and at the end) it prints the process's RSS, V8 heap and external memory (Buffers
 * and native objects the heap holds) after a full collection,
 * and the number of keys in each store namespace. What it checks (printed as met / MISS, never a
 * timed test): memory grows at most 1 MiB per 1,000 games after the first 1,000, and no namespace
 * but the game records (one per finished game, by design) grows with the games played.
 *
 * The stand-in and the driver playing the people's moves run in a process of their own
 * (`forkRig`), so the figures are the bot's alone: in one process, the rig's messages and
 * buffers were counted as the bot's growth.
 *
 * Solitaire is left out: it has no computer player to leave it to, and a person's whole game of
 * it needs a solver (tests/helpers/solitaire-solver.ts is a test's, too slow for thousands).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { writeHeapSnapshot } from "node:v8";
import { join } from "node:path";
import { openBotStores, registerCommands, startBot } from "../src/app.ts";
import { CHANNEL_WINDOW_MS } from "../src/surfaces/channel/budget.ts";
import type { GameId } from "../src/games/catalogue.ts";
import { DEFAULT_USERS } from "../src/standin/server.ts";
import { benchChannels } from "./flight-driver.ts";
import { forkRig } from "./rig.ts";

const GAMES = Number(process.env.GAMES ?? 10_000);
const TABLES = Number(process.env.TABLES ?? 8);
const EVERY = Number(process.env.EVERY ?? 1000);
const RATE = Number(process.env.RATE ?? 50);
/**
 * With `SNAPSHOTS` (a folder), a V8 heap snapshot is written there at every figure line, to diff
 * what grew. Writing one takes memory the process may keep: read RSS from a run without it (with
 * it, RSS rose 162 MiB between 200 and 400 games while the heap rose 2.7 MiB).
 */
const SNAPSHOTS = process.env.SNAPSHOTS;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc (npm run bench:soak)");

/** A game left to computers: the service its tables are in, and the commands a person opens, fills and starts it with. */
interface LeftToComputers {
  readonly name: string;
  readonly service: GameId;
  readonly open: readonly (readonly [string, Record<string, string | number>])[];
}
const bots = (cmd: string, n: number) => Array.from({ length: n }, () => [`${cmd} bot add`, {}] as const);
const LEFT: readonly LeftToComputers[] = [
  {
    name: "partners",
    service: "onexeno",
    open: [["onexeno new", { game: "partners", clock: "20" }], ...bots("onexeno", 3), ["onexeno start", {}]],
  },
  {
    name: "canasta",
    service: "canasta",
    open: [["onexeno new", { game: "canasta", clock: "20", target: 100 }], ...bots("onexeno", 1), ["onexeno start", {}]],
  },
  { name: "onze", service: "onze", open: [["onze new", { clock: "20" }], ...bots("onze", 2), ["onze start", {}]] },
  { name: "cardeno", service: "cardeno", open: [["cardeno new", { pace: 1, rounds: 1 }], ...bots("cardeno", 2), ["cardeno start", {}]] },
];
/** The games played in turn (`KINDS`, comma-separated: basic, partners, canasta, onze, cardeno; default all). */
const KINDS = (process.env.KINDS ?? ["basic", ...LEFT.map((g) => g.name)].join(",")).split(",");

/**
 * `GLOBAL_LIMIT=off`: the stand-in without Discord's global limit of 50 requests a second. With
 * it, 32 tables played no faster than 8 (160 games in 999 s against 200 in about 1,300 s): the
 * bot waited on the limit, not on its CPU. The memory figures do not depend on it.
 */
const GLOBAL_LIMIT = process.env.GLOBAL_LIMIT !== "off";
const channels = benchChannels(TABLES);
const rig = await forkRig(TABLES, { globalLimit: GLOBAL_LIMIT });
await registerCommands(rig.api);
const file = join(mkdtempSync(join(tmpdir(), "onexeno-soak-")), "soak.sqlite");
const stores = await openBotStores(`sqlite://${file}`);
const base = Date.now();
const bot = await startBot({
  token: rig.api.token,
  apiUrl: rig.api.apiUrl,
  stores,
  log: { info() {}, error: (m, e) => console.error(m, e) },
  tableOptions: { now: () => base + (Date.now() - base) * RATE, clockRate: RATE },
  computerDelayMs: 0,
  // Paced as on Discord, on the table clock: unpaced, a channel busy with the next game's writes
  // never had room for a Cardeno announcement waiting in its budget (380 waiting at 1,000 games).
  channelWindowMs: CHANNEL_WINDOW_MS / RATE,
  // The client paces itself under the global limit too: lifted with the stand-in's.
  ...(GLOBAL_LIMIT ? {} : { requestsPerSecond: Number.POSITIVE_INFINITY }),
});
await bot.ready;
const ADA = DEFAULT_USERS[0]!.id;

/** One game of `kind` in `channelId`, opened by Ada and left to the computers; resolves when it is over. */
async function leftToComputers(g: LeftToComputers, channelId: string): Promise<void> {
  for (const [path, options] of g.open) await rig.command(ADA, channelId, path, options);
  for (;;) {
    const rec = await bot.service(g.service).get(channelId);
    if (!rec || rec.status === "over") return;
    // Read every 200 ms: at every 20 ms, 8 tables' reads took 16 s of the bot's thread in a 176 s run of Onze.
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Keys in each store namespace (the game records apart: they grow by one a game, by design). */
async function keyCounts(): Promise<Record<string, number>> {
  const named: Record<string, { keys(): Promise<string[]> }> = {
    ...Object.fromEntries([...stores.games].map(([id, s]) => [`tables:${id}`, s])),
    live: stores.live,
    clocks: stores.clocks,
    ratings: stores.ratings,
    leaderboards: stores.leaderboards,
    tournaments: stores.tournaments,
    settings: stores.settings,
    records: stores.records,
  };
  const out: Record<string, number> = {};
  // Keys only: reading every record (`entries`) parsed every game's record at each row, work
  // that grows with the games played, in the process whose memory the row measures.
  for (const [name, s] of Object.entries(named)) out[name] = (await s.keys()).length;
  return out;
}

const mib = (n: number) => n / 1024 / 1024;
const rows: { games: number; rss: number; heap: number; keys: Record<string, number> }[] = [];
let played = 0;
let next = EVERY;
const t0 = performance.now();
console.log(
  `soak: ${GAMES} games (${KINDS.join(", ")} in turn), ${TABLES} tables at once, figures every ${EVERY} games${GLOBAL_LIMIT ? "" : ", no global limit"}`,
);
for (let turn = 0; played < GAMES; turn++) {
  const kind = KINDS[turn % KINDS.length]!;
  const left = LEFT.find((g) => g.name === kind);
  if (left) await Promise.all(channels.map((c) => leftToComputers(left, c.id)));
  else await rig.play(file, { clock: "off" });
  played += TABLES;
  // What the rig keeps of the round (messages, files, tokens) is dropped, as a client's memory is.
  await rig.prune();
  if (played >= next || played >= GAMES) {
    next += EVERY;
    gc();
    const m = process.memoryUsage();
    const keys = await keyCounts();
    if (SNAPSHOTS) writeHeapSnapshot(join(SNAPSHOTS, `soak-${played}.heapsnapshot`));
    rows.push({ games: played, rss: mib(m.rss), heap: mib(m.heapUsed), keys });
    const others = Object.entries(keys)
      .filter(([k]) => k !== "records")
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
    console.log(
      `${String(played).padStart(6)} games  ${((performance.now() - t0) / 1000).toFixed(0).padStart(6)} s  RSS ${mib(m.rss).toFixed(1)} MiB  heap ${mib(m.heapUsed).toFixed(1)} MiB  external ${mib(m.external).toFixed(1)} MiB  records ${keys.records}  ${others}`,
    );
  }
}
const first = rows.find((r) => r.games >= EVERY) ?? rows[0]!;
const last = rows.at(-1)!;
const per = (x: number) => (last.games > first.games ? (x * EVERY) / (last.games - first.games) : 0);
const rssGrowth = per(last.rss - first.rss);
const heapGrowth = per(last.heap - first.heap);
const grown = Object.keys(last.keys).filter((k) => k !== "records" && (last.keys[k] ?? 0) > (first.keys[k] ?? 0));
console.log(
  `growth after the first ${first.games} games, per ${EVERY}: RSS ${rssGrowth.toFixed(2)} MiB, heap ${heapGrowth.toFixed(2)} MiB (target <= 1 MiB): ${rssGrowth <= 1 && heapGrowth <= 1 ? "met" : "MISS"}`,
);
console.log(
  `store keys left behind by finished games (beyond their records): ${grown.length ? `MISS (${grown.join(", ")})` : "none: met"}; records ${last.keys.records} for ${last.games} games`,
);
await bot.stop();
await stores.close();
await rig.stop();
