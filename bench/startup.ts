/**
 * `npm run bench:startup`: the bot run from its TypeScript through tsx (`npm run dev`) against
 * the compiled JavaScript of `npm run build` (`npm start`), each started 3 times as a real
 * process on the local stand-in with an in-memory store: the time from spawn to "Bot ready",
 * the process's resident memory (RSS) once ready and after a table was shown 30 times, and the
 * CPU time (user + system, every thread: the picture threads draw in the same process) per
 * table shown (`/onexeno table` of a running basic game: a picture drawn and sent) and per move
 * of a two-person basic game (a `/onexeno play` of the first legal placement, or a pass, with its
 * two autocompletes, and the page reading the channel once to see whose turn it is). Prints a table of medians;
 * builds first when dist/ is missing. Linux (reads /proc).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const RUNS = Number(process.env.RUNS ?? 3);
const SHOWS = Number(process.env.SHOWS ?? 30);
const MOVES = Number(process.env.MOVES ?? 12);
const MODES = [
  { name: "tsx (npm run dev)", args: ["--import", "tsx", "src/index.ts"] },
  { name: "compiled (npm start)", args: ["--enable-source-maps", "dist/src/index.js"] },
] as const;

/** Resident memory of process `pid`, MiB. */
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
/** CPU time (user + system, all threads) of process `pid`, ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

async function once(
  args: readonly string[],
): Promise<{ readyMs: number; rssReady: number; rssAfter: number; cpuPerShow: number; cpuPerMove: number }> {
  const started = performance.now();
  const env = {
    ...process.env,
    DOTENV_CONFIG_PATH: "/dev/null",
    DISCORD_TOKEN: "",
    STANDIN_PORT: "0",
    STORE_URL: "memory://",
    METRICS_PORT: "0",
  };
  const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env });
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready:\n${out}`)), 120_000);
    const seen = (d: Buffer) => {
      out += d;
      const m = /Open (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout?.on("data", seen);
    child.stderr?.on("data", seen);
  });
  const readyMs = performance.now() - started;
  const pid = child.pid!;
  const rssReady = rssMiB(pid);
  const state = (await (await fetch(`${url}/local/state`)).json()) as { users: { id: string }[]; channels: { id: string; type: number }[] };
  const user = state.users[0]!.id;
  const channel = state.channels.find((c) => c.type === 0)!.id;
  const command = (path: string, options: Record<string, unknown> = {}) =>
    fetch(`${url}/local/command`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user, channel, path, options }),
    });
  for (const [path, options] of [
    ["onexeno new", { game: "basic" }],
    ["onexeno bot add", {}],
    ["onexeno start", {}],
  ] as const)
    await command(path, options);
  await command("onexeno table"); // the first picture loads the scene module on a thread
  const cpu0 = cpuMs(pid);
  for (let i = 0; i < SHOWS; i++) await command("onexeno table");
  const cpuPerShow = (cpuMs(pid) - cpu0) / SHOWS;
  const rssAfter = rssMiB(pid);
  // Moves: Ada and Ben at a second table, each move answered before the next is sent (no computer to wait for).
  const [ada, ben] = [state.users[0]!.id, state.users[1]!.id];
  const room = state.channels.filter((c) => c.type === 0)[1]!.id;
  const as =
    (who: string) =>
    (path: string, options: Record<string, unknown> = {}, focused?: string) =>
      fetch(`${url}/local/${focused ? "autocomplete" : "command"}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ user: who, channel: room, path, options, ...(focused ? { focused } : {}) }),
      }).then((r) => r.json() as Promise<{ name: string; value: string }[]>);
  await as(ada)("onexeno new", { game: "basic" });
  await as(ben)("onexeno join");
  await as(ada)("onexeno start");
  const mover = async () => {
    const seen = (await (await fetch(`${url}/local/messages?user=${ada}&channel=${room}`)).json()) as unknown[];
    return /<@(\d+)>, your turn/.exec(JSON.stringify(seen.at(-1) ?? {}))?.[1] ?? null;
  };
  const cpu1 = cpuMs(pid);
  let moves = 0;
  for (let who = await mover(); who && moves < MOVES; who = await mover()) {
    const cards = await as(who)("onexeno play", { card: "" }, "card");
    const card = cards.find((c) => /\d+ places?/.test(c.name));
    if (card) {
      const at = await as(who)("onexeno play", { card: card.value, at: "" }, "at");
      await as(who)("onexeno play", { card: card.value, at: at[0]!.value });
    } else await as(who)("onexeno pass");
    moves++;
  }
  const cpuPerMove = (cpuMs(pid) - cpu1) / Math.max(1, moves);
  const exited = new Promise((r) => child.on("close", r));
  child.kill("SIGTERM");
  await exited;
  return { readyMs, rssReady, rssAfter, cpuPerShow, cpuPerMove };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

if (!existsSync(join(root, "dist/src/index.js"))) execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
console.log(`start-up and CPU, ${RUNS} runs each, ${SHOWS} tables shown a run (medians)`);
console.log("mode                  ready (ms)  RSS ready (MiB)  RSS after (MiB)  CPU a table shown (ms)  CPU a move (ms)");
for (const mode of MODES) {
  const runs: Awaited<ReturnType<typeof once>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(mode.args));
  const m = (k: keyof Awaited<ReturnType<typeof once>>) => median(runs.map((r) => r[k]));
  console.log(
    `${mode.name.padEnd(22)}${m("readyMs").toFixed(0).padStart(10)}${m("rssReady").toFixed(0).padStart(17)}${m("rssAfter").toFixed(0).padStart(17)}${m("cpuPerShow").toFixed(1).padStart(24)}${m("cpuPerMove").toFixed(1).padStart(17)}`,
  );
}
