/**
 * Many tables in flight (issue 27): N two-player ONEXENO games at once through the Discord
 * stand-in with the real discord.js client, measured on the bot's side.
 *
 * `flight(n, { separate })` runs the stand-in (and the driver playing the people's moves) in the
 * bot's process, or with `separate` in a process of its own (`standin-child.ts`) at the lowest
 * CPU priority, so that the event-loop delay, main-thread busy time and CPU per move are the
 * bot's alone. With `profile`
 * the bot's main thread is sampled (V8's CPU profiler through `node:inspector`) during the run
 * and the entries with the most self time are returned.
 *
 * With `experts`, that many more tables of three `expert` computers
 * play beside the people's (issue 66): stored before the bot starts, moved by its autoplay at the
 * pace a channel allows, each decision searched on the picture threads; the figures then hold the
 * decisions' wall time (queueing behind pictures included). `--level normal` seats normal
 * computers there instead: the same tables and messages without a search, to tell the search's
 * cost from the tables'.
 *
 * `npm run bench:flight` (`-- --tables 16 --in-process --profile --rate 150 --seconds 8 --warm --experts 8`)
 * runs it alone and prints the figures and the profile's top entries (`--seconds`: games back to
 * back for that long; `--warm`: the same run first, unmeasured, so that V8 has compiled the hot
 * code, as in `npm run bench`, whose flights run after its other rows);
 * `FLIGHT_PROFILE=file.cpuprofile` also writes the whole profile (open it in Chrome's DevTools).
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { openBotStores, registerCommands, startBot } from "../src/app.ts";
import { runThought } from "../render/pool.ts";
import { GLOBAL_REQUESTS_PER_SECOND } from "../src/bot/client-options.ts";
import type { TablesOf } from "../src/bot/tables.ts";
import type { ThoughtJob } from "../src/engine/thinking.ts";
import type { ComputerLevel } from "../src/engine/definition.ts";
import { groupedWrites } from "../src/store/store.ts";
import { claimStatements } from "../src/store/claims.ts";
import { onexeno } from "../src/games/onexeno/game.ts";
import { DEFAULT_USERS, DiscordStandin } from "../src/standin/server.ts";
import { benchChannels, type FlightResult, playTables, type TableState } from "./flight-driver.ts";
import { forkRig, type Rig, type RigApi } from "./rig.ts";
import { cpuByThread, NODE_THREADS, splitCpu } from "./thread-cpu.ts";
import { referenceLine, referenceMs } from "./reference.ts";

/** Figures of one run, as the bot's process saw them. */
export interface FlightFigures extends FlightResult {
  /**
   * Per-move latency as the bot adds it (ms, one a move): from the stand-in sending the
   * INTERACTION_CREATE to the bot having sent the whole answer (the callback, or for a deferred
   * answer the edit or follow-up that completes it; undici's `undici:request:bodySent`). The
   * stand-in's own work before the send and after the answer arrives is left out: on Discord
   * that work is Discord's, not on the bot's machine. Both ends read `Date.now()` (ms).
   */
  readonly botLat: number[];
  /**
   * p99 of the bot's event-loop delay (ms): how much later than asked the timer of
   * perf_hooks.monitorEventLoopDelay ran. Node's histogram holds the whole time between two runs
   * of its timer (an idle loop reads about the resolution, 10 ms), so the resolution is taken
   * off, as monitoring tools that read this histogram do.
   */
  readonly loopP99: number;
  /** The same histogram's largest value, resolution taken off (ms). */
  readonly loopMax: number;
  /** The bot's main thread busy per move (ms; event-loop utilisation over the run). */
  readonly mainMsPerMove: number;
  /** CPU of the bot's whole process per move (ms; user + system, picture threads included). */
  readonly cpuMsPerMove: number;
  /**
   * The same CPU a move (ms) by thread (`bench/thread-cpu.ts`, Linux only, else absent): the main
   * thread's, the picture threads' (every thread started after Node's own) and Node's own helper
   * threads' (V8's compiler and collector, libuv's pool where SQLite's statements run). Tenths of
   * a millisecond: `/proc` counts 10 ms ticks, so a short run's figures are rough.
   */
  readonly threadMsPerMove?: { readonly main: number; readonly pictures: number; readonly helpers: number };
  /**
   * With the stand-in in its own process: that process's CPU a move (ms; user + system, the
   * driver's reads included), the rig's share of the machine beside the bot's.
   */
  readonly standinCpuMsPerMove?: number;
  /** The bot's SQLite writes (sets and deletes) and the statements that carried them, a move (store.ts `groupedWrites`). */
  readonly storeWrites: { readonly writes: number; readonly statements: number };
  /** The SQLite statements of the bot's claims (src/store/claims.ts: guilds, interactions, heartbeats), a move. */
  readonly claimStatements: number;
  /** With `experts`: each expert decision's wall time (ms), from asking the picture threads to the move back. */
  readonly decisions?: readonly number[];
  /** With `experts`: moves the expert tables made during the run. */
  readonly expertMoves?: number;
  /**
   * With `experts`: the bot-token requests (Discord's global limit) the bot sent to those tables'
   * channels during the run, counted on the bot's side from the paths it sent.
   */
  readonly expertRequests?: number;
  /** The bot's REST requests during the games, by route shape (`PATCH /channels/{id}/messages/{id}`). */
  readonly routes: Readonly<Record<string, number>>;
  /**
   * With `profile`: the bot's main thread's top entries by self time, by function and by place
   * (package, Node's internals, our folders, native code).
   */
  readonly profile?: { readonly functions: readonly ProfileEntry[]; readonly places: readonly ProfileEntry[] };
}

/** One line of a profile's summary: where, self time (ms) and its share of the run. */
export interface ProfileEntry {
  readonly where: string;
  readonly ms: number;
  readonly share: number;
}

/** How often the event-loop delay is sampled (ms; Node's default). */
const LOOP_RESOLUTION_MS = 10;

/** Top self-time entries of a V8 CPU profile (function, file:line), largest first. */
function topEntries(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}): NonNullable<FlightFigures["profile"]> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const dt = profile.timeDeltas?.[i] ?? 0;
    total += dt;
    const cf = byId.get(id)?.callFrame;
    if (!cf) return;
    const file = cf.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(src|render|bench|commands)\//, "$1/");
    const where = `${cf.functionName || "(anonymous)"} ${file}${file ? `:${cf.lineNumber + 1}` : ""}`;
    self.set(where, (self.get(where) ?? 0) + dt);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(cf.url)?.[1] ??
      (cf.url.startsWith("node:")
        ? "node internals"
        : cf.url
          ? (/\/(src|render|bench|commands)\//.exec(cf.url)?.[1] ?? cf.url)
          : `native: ${cf.functionName}`);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
  });
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 15)
      .map(([where, us]) => ({ where, ms: us / 1000, share: total ? us / total : 0 }));
  return { functions: top(self), places: top(byPackage) };
}

/**
 * Plays `tables` games at once and returns the bot's figures; with `rate`, paced at that many
 * moves a second over all tables (`playTables`), else each table moves as soon as it can; with
 * `seconds`, games back to back for that long, else one game a table.
 * Errors: rejects when a move is refused, a game stalls or the stand-in's process fails.
 */
export async function flight(
  tables: number,
  opts: { separate: boolean; profile?: boolean; rate?: number; seconds?: number; experts?: number; level?: ComputerLevel },
): Promise<FlightFigures> {
  const dir = mkdtempSync(join(tmpdir(), "onexeno-flight-"));
  const file = join(dir, "flight.sqlite");
  const experts = opts.experts ?? 0;
  const all = benchChannels(tables + experts);
  const channels = all.slice(0, tables);
  let sb: DiscordStandin | null = null;
  let rig: Rig | null = null;
  let api: RigApi;
  if (opts.separate) {
    rig = await forkRig(tables, { extra: experts });
    api = rig.api;
  } else {
    sb = new DiscordStandin({ channels: all, users: DEFAULT_USERS });
    await sb.start();
    api = { apiUrl: sb.apiUrl, token: sb.token, applicationId: sb.applicationId, guildId: sb.guildId };
  }
  await registerCommands(api);
  const stores = await openBotStores(`sqlite://${file}`);
  const expertChannels = all.slice(tables).map((c) => c.id);
  const decisions: number[] = [];
  const think = async (job: ThoughtJob) => {
    const t0 = performance.now();
    const move = await runThought(job);
    decisions.push(performance.now() - t0);
    return move;
  };
  const bot = await startBot({
    token: api.token,
    apiUrl: api.apiUrl,
    stores,
    log: { info() {}, error: (m, e) => console.error(m, e) },
    tableOptions: { think },
  });
  await bot.ready;
  await seatExperts(bot.service("onexeno"), expertChannels, api.guildId, opts.level ?? "expert");
  const expertMovesAt = async () => {
    let n = 0;
    for (const ch of expertChannels) n += (await bot.service("onexeno").get(ch))?.moves.length ?? 0;
    return n;
  };
  const expertMoves0 = await expertMovesAt();
  decisions.length = 0; // those made while the bot started are not the run's

  const session = opts.profile ? new Session() : null;
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 200 });
    await session.post("Profiler.start");
  }
  // When the bot finished sending each interaction's answer (the first callback and the first
  // webhook request under its token).
  const answered = new Map<string, { callback?: number; webhook?: number }>();
  const expertSet = new Set(expertChannels);
  let expertRequests = 0;
  const onBodySent = (m: unknown) => {
    const at = Date.now();
    const path = String((m as { request: { path?: string } }).request.path ?? "");
    if (expertSet.has(/\/channels\/(\d+)/.exec(path)?.[1] ?? "")) expertRequests++;
    const cb = /\/interactions\/\d+\/([^/?]+)\/callback/.exec(path)?.[1];
    const wh = cb ? undefined : /\/webhooks\/\d+\/([^/?]+)/.exec(path)?.[1];
    const token = cb ?? wh;
    if (!token) return;
    const a = answered.get(token) ?? {};
    if (cb) a.callback ??= at;
    else a.webhook ??= at;
    answered.set(token, a);
  };
  subscribe("undici:request:bodySent", onBodySent);
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const threads0 = cpuByThread();
  const writes0 = groupedWrites();
  const claims0 = claimStatements();
  let result: FlightResult & { routes: Record<string, number>; standinCpuMsPerMove?: number };
  if (rig) result = await rig.play(file, opts);
  else {
    const service = bot.service("onexeno");
    const before = { ...sb!.stats.routes };
    const played = await playTables(sb!, channels, async (id) => (await service.get(id)) as TableState | undefined, onexeno, opts);
    const routes = Object.fromEntries(Object.entries(sb!.stats.routes).map(([k, v]) => [k, v - (before[k] ?? 0)]));
    result = { ...played, routes };
  }
  const expertMoves = (await expertMovesAt()) - expertMoves0;
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = process.cpuUsage(cpu0);
  const threads = splitCpu(threads0, cpuByThread(), NODE_THREADS);
  const writes1 = groupedWrites();
  const claims1 = claimStatements();
  loop.disable();
  unsubscribe("undici:request:bodySent", onBodySent);
  const botLat = result.sent.map((x) => {
    const a = answered.get(x.token);
    const done = x.callbackType === 5 || x.callbackType === 6 ? a?.webhook : a?.callback;
    if (done === undefined) throw new Error(`no answer sent for interaction ${x.token}`);
    return done - x.sentAt;
  });
  let profile: FlightFigures["profile"];
  if (session) {
    const { profile: p } = await session.post("Profiler.stop");
    profile = topEntries(p);
    if (process.env.FLIGHT_PROFILE) writeFileSync(process.env.FLIGHT_PROFILE, JSON.stringify(p));
    session.disconnect();
  }
  await bot.stop();
  await stores.close();
  if (rig) await rig.stop();
  else await sb!.stop();
  rmSync(dir, { recursive: true, force: true });
  return {
    ...result,
    botLat,
    loopP99: Math.max(0, loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS),
    loopMax: Math.max(0, loop.max / 1e6 - LOOP_RESOLUTION_MS),
    mainMsPerMove: elu.active / result.moves,
    cpuMsPerMove: (cpu.user + cpu.system) / 1000 / result.moves,
    ...(threads
      ? {
          threadMsPerMove: {
            main: threads.main / result.moves,
            pictures: threads.started / result.moves,
            helpers: threads.others / result.moves,
          },
        }
      : {}),
    storeWrites: {
      writes: (writes1.writes - writes0.writes) / result.moves,
      statements: (writes1.statements - writes0.statements) / result.moves,
    },
    claimStatements: (claims1 - claims0) / result.moves,
    ...(profile ? { profile } : {}),
    ...(experts > 0 ? { decisions: [...decisions], expertMoves, expertRequests } : {}),
  };
}

/**
 * Opens, in `channels` of guild `guildId`, a playing ONEXENO basic table of five hands whose three
 * seats are computers at `level` (`expert` unless compared with another; the host's seat made a computer after the start, as no lobby
 * seats one), through the bot's own table service: the save tells its clocks, and its autoplay
 * moves the table from then on.
 */
async function seatExperts(
  service: TablesOf<"onexeno">,
  channels: readonly string[],
  guildId: string,
  level: ComputerLevel,
): Promise<void> {
  const host = { userId: "bench-host", name: "Host" };
  for (const ch of channels) {
    await service.open(ch, guildId, host, { variant: "basic", hands: 5 });
    await service.addComputer(ch, host.userId, level);
    await service.addComputer(ch, host.userId, level);
    await service.start(ch, host.userId);
    await service.update(ch, (rec) =>
      rec
        ? { ...rec, seats: rec.seats.map((s, i) => (i === 0 ? { ...s, name: `Computer 0 (${level})`, computer: level } : s)) }
        : undefined,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const arg = (name: string) => process.argv.indexOf(name);
  const tables = arg("--tables") > 0 ? Number(process.argv[arg("--tables") + 1]) : 16;
  const rate = arg("--rate") > 0 ? Number(process.argv[arg("--rate") + 1]) : undefined;
  const seconds = arg("--seconds") > 0 ? Number(process.argv[arg("--seconds") + 1]) : undefined;
  const experts = arg("--experts") > 0 ? Number(process.argv[arg("--experts") + 1]) : undefined;
  const level = arg("--level") > 0 ? (process.argv[arg("--level") + 1] as ComputerLevel) : undefined;
  // --warm: the same run first, unmeasured, so that V8 has compiled the hot code (the bench's rows
  // run after others, in a warm process).
  if (arg("--warm") > 0) await flight(tables, { separate: arg("--in-process") < 0, rate, seconds, experts, level });
  const referenceBefore = referenceMs(); // the machine's speed now (bench/reference.ts), before and after
  const f = await flight(tables, { separate: arg("--in-process") < 0, profile: arg("--profile") > 0, rate, seconds, experts, level });
  const referenceAfter = referenceMs();
  const sorted = [...f.lat].sort((x, y) => x - y);
  const botSorted = [...f.botLat].sort((x, y) => x - y);
  const q = (v: number[], p: number) => v[Math.min(v.length - 1, Math.floor(p * v.length))] ?? Number.NaN;
  console.log(
    `${tables} tables${rate ? ` paced at ${rate} moves/s` : ""}${seconds ? ` for ${seconds} s` : ""}, stand-in ${arg("--in-process") < 0 ? "in its own process" : "in the bot's process"}: ${f.moves} moves, ` +
      `${(f.moves / (f.wallMs / 1000)).toFixed(1)} moves/s; latency median ${q(sorted, 0.5).toFixed(1)} ms, p99 ${q(sorted, 0.99).toFixed(1)} ms ` +
      `(the bot's part: median ${q(botSorted, 0.5).toFixed(1)} ms, p99 ${q(botSorted, 0.99).toFixed(1)} ms); ` +
      `event-loop delay p99 ${f.loopP99.toFixed(1)} ms (largest ${f.loopMax.toFixed(1)}); main thread ${f.mainMsPerMove.toFixed(2)} ms a move; ` +
      `process CPU ${f.cpuMsPerMove.toFixed(2)} ms a move` +
      `${f.standinCpuMsPerMove === undefined ? "" : ` (the stand-in's process: ${f.standinCpuMsPerMove.toFixed(2)})`}; ` +
      `SQLite ${f.storeWrites.writes.toFixed(2)} writes in ${f.storeWrites.statements.toFixed(2)} statements a move, ` +
      `and ${f.claimStatements.toFixed(2)} statements of claims`,
  );
  const t = f.threadMsPerMove;
  if (t)
    console.log(
      `its CPU a move by thread: main ${t.main.toFixed(2)} ms, picture threads ${t.pictures.toFixed(2)}, ` +
        `Node's helpers (V8's compiler and collector, libuv's pool: SQLite) ${t.helpers.toFixed(2)}`,
    );
  // The machine's cores shared with the stand-in and the driver cannot show "the bot alone": what the
  // bot's own work a move allows, were the cores its own (its busiest thread, then all its threads).
  // The main thread's busy time counts the time it waited for a core the stand-in held: its CPU,
  // where /proc tells it, is what it needs of a core of its own.
  const cores = availableParallelism();
  console.log(
    `the bot alone on ${cores} cores, at this work a move: at most ${(1000 / f.mainMsPerMove).toFixed(0)} moves/s by its main thread's busy time` +
      `${t ? `, ${(1000 / t.main).toFixed(0)} by its CPU` : ""}; ` +
      `${((1000 * cores) / f.cpuMsPerMove).toFixed(0)} by the process's CPU (issue 65's goal: 300 on two cores, p99 <= 100 ms)`,
  );
  console.log(referenceLine(referenceBefore, referenceAfter));
  if (f.decisions) {
    const d = [...f.decisions].sort((x, y) => x - y);
    console.log(
      `\n${experts} tables of three ${level ?? "expert"} computers beside them: ${f.expertMoves} moves` +
        (d.length
          ? `, ${d.length} decisions on the picture threads; decision time median ${q(d, 0.5).toFixed(1)} ms, p99 ${q(d, 0.99).toFixed(1)} ms, largest ${(d.at(-1) ?? Number.NaN).toFixed(1)} ms`
          : " (no search at this level)"),
    );
    // A computer's move is a bot-token request or less (issue 65): the whole bot's ceiling in
    // computer moves a second is the global budget over that.
    const perMove = (f.expertRequests ?? 0) / Math.max(1, f.expertMoves ?? 0);
    console.log(
      `REST requests a computer move at those tables: ${perMove.toFixed(3)} with the bot's token (goal <= 1); ` +
        `the whole bot's ceiling under the default global budget (${GLOBAL_REQUESTS_PER_SECOND}/s): ` +
        `${perMove > 0 ? (GLOBAL_REQUESTS_PER_SECOND / perMove).toFixed(0) : "unbounded"} computer moves a second (goal >= 40)`,
    );
  }
  // Discord's global limit counts the bot's token only: the interaction endpoints are left out (issue 65).
  const byKind = { bot: 0, interaction: 0 };
  for (const [route, n] of Object.entries(f.routes)) byKind[/ \/(interactions|webhooks)\//.test(route) ? "interaction" : "bot"] += n;
  console.log(
    `\nREST requests a person's move: ${(byKind.bot / f.moves).toFixed(3)} with the bot's token (its global limit), ` +
      `${(byKind.interaction / f.moves).toFixed(3)} through the interaction (answers, follow-ups, their edits)`,
  );
  console.log("\nREST requests a move, by route:");
  for (const [route, n] of Object.entries(f.routes).sort((x, y) => y[1] - x[1]))
    console.log(`${(n / f.moves).toFixed(2).padStart(7)}  ${route}`);
  const show = (title: string, entries: readonly ProfileEntry[]) => {
    console.log(`\n${title}`);
    for (const e of entries) console.log(`${e.ms.toFixed(0).padStart(7)} ms ${(100 * e.share).toFixed(1).padStart(5)} %  ${e.where}`);
  };
  if (f.profile) {
    show("the bot's main thread, top functions by self time:", f.profile.functions);
    show("the same by place:", f.profile.places);
  }
}
