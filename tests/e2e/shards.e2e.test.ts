/**
 * Scale-out as an operator runs it: two shard processes (`SHARD_COUNT=2`, `SHARD_IDS=0` and
 * `1`, each `npm start`'s entry point) sharing one redis-server, on a stand-in whose two guilds
 * Discord would route to different shards. Games run in both guilds at once; one shard process
 * is SIGKILLed mid-game and started again, and its game carries on from the last accepted move
 * while the other shard's game never stops. Then `npm start` alone with a stand-in that
 * recommends two shards: discord.js's sharding manager runs a process per shard.
 *
 * Runs when redis-server is installed; REDIS_REQUIRED=1 (CI) makes a missing server a failure.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCommands } from "../../src/app.ts";
import { DiscordStandin, shardGuilds, shardOf } from "../../src/standin/server.ts";
import { hasRedisServer, redisRequired, startRedis, type RedisServer } from "../helpers/redis.ts";
import WebSocket from "ws";
import { buttonMove, type LiveFrame } from "../../src/surfaces/live-table/hub.ts";
import { ADA, BEN, GENERAL, until } from "./harness.ts";
import { said } from "../helpers/message.ts";
import { playTurn, revOf, startProcess, type Proc } from "../helpers/processes.ts";
const run = hasRedisServer() || redisRequired;
const TABLE_2 = shardGuilds(2).channels.at(-1)!.id; // the text channel of the second guild

describe.runIf(run)("shards across processes", () => {
  let redis: RedisServer;
  let standin: DiscordStandin;
  const procs: Proc[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    standin = new DiscordStandin({ ...shardGuilds(2), shards: 2 });
    await standin.start();
    for (const g of standin.guilds)
      await registerCommands({ token: standin.token, apiUrl: standin.apiUrl, applicationId: standin.applicationId, guildId: g.id });
  }, 60_000);
  /** The environment of shard process `id` of 2, started by hand on the stand-in and the shared Redis. */
  const handStarted = (id: number) => ({
    DISCORD_TOKEN: standin.token,
    DISCORD_API_URL: standin.apiUrl,
    STORE_URL: redis.url,
    SHARD_COUNT: "2",
    SHARD_IDS: String(id),
  });
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill("SIGKILL");
    await standin?.stop();
    await redis?.stop();
  });

  it("two shard processes on one Redis play in both guilds at once; a SIGKILLed shard resumes with no accepted move lost", async () => {
    expect(shardOf(standin.guildOf(GENERAL), 2)).toBe(0);
    expect(shardOf(standin.guildOf(TABLE_2), 2)).toBe(1);
    const shardEnv = (id: number) => ({ ...handStarted(id), METRICS_PORT: "0" });
    const shard0 = startProcess(shardEnv(0));
    let shard1 = startProcess(shardEnv(1));
    procs.push(shard0, shard1);
    const both = () =>
      standin.connectedShards
        .map((s) => s.join("/"))
        .sort()
        .join(" ") === "0/2 1/2";
    try {
      await until("both shards to connect", both);
      await until("both shard processes ready", () => /Bot ready/.test(shard0.out) && /Bot ready/.test(shard1.out));
      // A table in each guild, set up at once (each goes to its own shard process).
      await Promise.all(
        [GENERAL, TABLE_2].map(async (ch) => {
          await standin.command(ADA, ch, "onexeno new", { game: "basic" });
          await standin.command(BEN, ch, "onexeno join");
          await standin.command(ADA, ch, "onexeno start");
        }),
      );
      // Both games move at once: four turns in each.
      const playFour = async (ch: string) => {
        let rev = 0;
        for (let i = 0; i < 4; i++) rev = await playTurn(standin, ch);
        return rev;
      };
      const [, accepted] = await Promise.all([playFour(GENERAL), playFour(TABLE_2)]);
      const movesOnShard1 = standin.visibleMessages(TABLE_2, null).length;
      // Each shard's metrics count its own guilds' tables (so the shards add up): one running game each.
      for (const p of [shard0, shard1]) {
        const port = /Health and metrics on port (\d+)/.exec(p.out)?.[1];
        const scrape = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        expect(scrape).toMatch(/onexeno_tables\{game="onexeno",status="playing"\} 1\n/);
      }

      // Shard 1 dies mid-game. Shard 0's game goes on meanwhile.
      shard1.child.kill("SIGKILL");
      await shard1.exited;
      const during = playFour(GENERAL);
      // Meanwhile Discord holds shard 1's events for a resume that never comes: the command fails.
      const lost = await standin.command(ADA, TABLE_2, "onexeno table", {}, { allowFailure: true });
      expect(lost.callbackType).toBeNull();
      shard1 = startProcess(shardEnv(1));
      procs.push(shard1);
      await until("shard 1 to connect again", both);
      await until("shard 1 ready again", () => /Bot ready/.test(shard1.out));
      await during;

      // The restarted shard shows the game at the last accepted move, says it restarted, and plays on.
      await standin.command(ADA, TABLE_2, "onexeno table");
      const shown = await until("the resumed table", () => {
        const m = standin.visibleMessages(TABLE_2, null).at(-1);
        return standin.visibleMessages(TABLE_2, null).length > movesOnShard1 && revOf(standin, TABLE_2) !== null ? m : null;
      });
      expect(revOf(standin, TABLE_2)).toBe(accepted);
      expect(said(shown)).toContain("The bot restarted");
      const after = await Promise.all([playFour(GENERAL), playFour(TABLE_2)]);
      expect(after[1]).toBeGreaterThan(accepted);
      // Each guild's interactions went only to its own shard: neither process logged a failure.
      for (const p of [shard0, shard1]) expect(p.out).not.toMatch(/"level":(50|60)/);
    } catch (e) {
      throw withOutput(e, shard0, shard1);
    }
    await stopBoth(shard0, shard1);
  }, 480_000);

  it("processes started by hand each serve the live table's front: a socket at either reaches its table's shard, a restarted shard is found again", async () => {
    standin.enableActivities();
    // Discord's proxy names the app's origin; each process's public URL is the one Discord maps.
    const origin = `https://${standin.applicationId}.discordsays.com`;
    const shardEnv = (id: number) => ({
      ...handStarted(id),
      ACTIVITY_PORT: "0",
      ACTIVITY_PUBLIC_URL: "https://table.example",
      DISCORD_CLIENT_SECRET: standin.clientSecret,
      DISCORD_APPLICATION_ID: standin.applicationId,
    });
    const frontOf = (p: Proc) => /Live table front \(the app's Activity\) served at (http:\/\/[\d.]+:\d+)/.exec(p.out)?.[1];
    const shard0 = startProcess(shardEnv(0));
    let shard1 = startProcess(shardEnv(1));
    procs.push(shard0, shard1);
    // A table of its own in each guild: a thread of each guild's text channel.
    const tables = [standin.createThread(GENERAL, "live front 1").id, standin.createThread(TABLE_2, "live front 2").id];
    try {
      await until(
        "both processes' live tables",
        () => /Shard 0: Live table \(/.test(shard0.out) && /Shard 1: Live table \(/.test(shard1.out),
      );
      await until("both processes ready", () => /Bot ready/.test(shard0.out) && /Bot ready/.test(shard1.out));
      for (const ch of tables) {
        await standin.command(ADA, ch, "onexeno new", { game: "basic" });
        await standin.command(BEN, ch, "onexeno join");
        await standin.command(ADA, ch, "onexeno start");
      }
      /** Ada's page at `channel`, signed in through `front` (under the `/.proxy` prefix, as the page calls it): the frames it receives. */
      const live = async (front: string, channel: string) => {
        standin.launchActivity(ADA, channel);
        const inst = [...standin.activities.instances.values()].find((i) => i.location.channelId === channel)!;
        const code = standin.activities.authorize(ADA, ["identify"]);
        const exchange = await fetch(`${front}/.proxy/api/token`, {
          method: "POST",
          headers: { "content-type": "application/json", origin },
          body: JSON.stringify({ code }),
        });
        expect(exchange.status).toBe(200);
        const { access_token } = (await exchange.json()) as { access_token: string };
        const ws = new WebSocket(`${front.replace(/^http/, "ws")}/.proxy/api/live`, { origin });
        const frames: LiveFrame[] = [];
        let closed: number | null = null;
        ws.on("message", (d) => {
          const m = JSON.parse(String(d)) as LiveFrame;
          if (m.t === "frame") frames.push(m);
        });
        ws.on("close", (c) => (closed = c));
        await new Promise((resolve) => ws.once("open", resolve));
        ws.send(JSON.stringify({ t: "hello", token: access_token, instance: inst.instanceId }));
        await until(`a frame of ${channel} through ${front}`, () => frames.length > 0 || closed !== null);
        return { ws, frames, closed: () => closed };
      };
      const fronts = [await until("shard 0's front", () => frontOf(shard0)), await until("shard 1's front", () => frontOf(shard1))];
      // Each table through the other process's front, and through its own.
      for (const [i, ch] of tables.entries())
        for (const front of [fronts[1 - i]!, fronts[i]!]) {
          const { ws, frames } = await live(front, ch);
          expect(frames[0]).toMatchObject({ game: "onexeno", status: "playing" });
          ws.close();
        }

      // Shard 1's process is killed and started again: at a new address, which shard 0's front finds.
      shard1.child.kill("SIGKILL");
      await shard1.exited;
      shard1 = startProcess(shardEnv(1));
      procs.push(shard1);
      await until("shard 1's live table again", () => /Shard 1: Live table \(/.test(shard1.out));
      await until("shard 1 ready again", () => /Bot ready/.test(shard1.out));
      const again = await live(fronts[0]!, tables[1]!);
      expect(again.closed()).toBeNull();
      expect(again.frames[0]).toMatchObject({ game: "onexeno", status: "playing" });
      again.ws.close();
    } catch (e) {
      throw withOutput(e, shard0, shard1);
    }
    await stopBoth(shard0, shard1);
  }, 240_000);
});

describe("the sharding manager", () => {
  it("npm start with a stand-in that recommends two shards runs a process per shard, its live table's front passes each socket to its guild's shard, and SIGTERM stops them all", async () => {
    const p = startProcess({ DISCORD_TOKEN: "", STANDIN_PORT: "0", STANDIN_SHARDS: "2", STORE_URL: "memory://", ACTIVITY_PORT: "0" });
    try {
      const url = await until("the stand-in's address", () => /Open (http:\/\/127\.0\.0\.1:\d+)\//.exec(p.out)?.[1]);
      await until(
        "both shards ready",
        () => /Shard 0: Bot ready on shard 0 of 2/.test(p.out) && /Shard 1: Bot ready on shard 1 of 2/.test(p.out),
      );
      const state = (await (await fetch(`${url}/local/state`)).json()) as { channels: { id: string; name: string }[] };
      const post = (path: string, body: unknown) =>
        fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      // A lobby in a channel of each guild: each answered by its own shard process.
      for (const ch of [GENERAL, TABLE_2]) {
        expect(state.channels.map((c) => c.id)).toContain(ch);
        expect((await post("/local/command", { user: ADA, channel: ch, path: "onexeno new", options: { game: "basic" } })).status).toBe(
          200,
        );
        const seen = (await (await fetch(`${url}/local/messages?user=${ADA}&channel=${ch}`)).json()) as { content: string }[];
        expect(said(seen.at(-1))).toMatch(/A table of ONEXENO is open here/);
      }
      // The live table through the manager's front: a game in each guild, each socket reaching its own shard's table.
      const front = await until(
        "the live table's front",
        () => /Live table \(the app's Activity\) served at (http:\/\/[\d.:]+): each/.exec(p.out)?.[1],
      );
      await until("both shards' live tables", () => /Shard 0: Live table/.test(p.out) && /Shard 1: Live table/.test(p.out));
      for (const ch of [GENERAL, TABLE_2]) {
        await post("/local/command", { user: BEN, channel: ch, path: "onexeno join", options: {} });
        await post("/local/command", { user: ADA, channel: ch, path: "onexeno start", options: {} });
      }
      const live = async (user: string, channel: string) => {
        expect(await (await post("/local/launch", { user, channel })).json()).toMatchObject({ launched: true });
        const { instance } = (await (await fetch(`${url}/local/activity?user=${user}&channel=${channel}`)).json()) as { instance: string };
        const { code } = (await (await post("/local/activity/authorize", { user, instance })).json()) as { code: string };
        const origin = new URL(front).origin;
        const exchange = await fetch(`${front}/api/token`, {
          method: "POST",
          headers: { "content-type": "application/json", origin },
          body: JSON.stringify({ code }),
        });
        const { access_token } = (await exchange.json()) as { access_token: string };
        const ws = new WebSocket(`${front.replace(/^http/, "ws")}/api/live`, { origin });
        const frames: LiveFrame[] = [];
        ws.on("message", (d) => {
          const m = JSON.parse(String(d)) as LiveFrame;
          if (m.t === "frame") frames.push(m);
        });
        await new Promise((resolve) => ws.once("open", resolve));
        ws.send(JSON.stringify({ t: "hello", token: access_token, instance }));
        await until(`${channel}'s first frame`, () => frames.length > 0);
        return { ws, frames };
      };
      const sockets = await Promise.all([ADA, BEN].flatMap((u) => [GENERAL, TABLE_2].map((ch) => live(u, ch))));
      for (const { frames } of sockets) expect(frames[0]).toMatchObject({ game: "onexeno", status: "playing" });
      // The player to move at the second guild's table makes a move on its picture: it reaches shard 1's table, and both sockets there see it.
      const there = sockets.filter((_, i) => i % 2 === 1); // Ada's and Ben's in TABLE_2
      const first = there[0]?.frames.at(-1)?.rev ?? -1;
      const mover = there.find(({ frames }) => frames.at(-1)?.table?.hits.some((x) => x.moves?.length) || frames.at(-1)?.buttons.length);
      const frame = mover?.frames.at(-1);
      const id = frame?.table?.hits.find((x) => x.moves?.length)?.moves?.[0]?.id ?? buttonMove(frame?.buttons[0]);
      mover?.ws.send(JSON.stringify({ t: "act", rev: frame?.rev, id }));
      for (const { frames } of there) await until("the move on both pages", () => (frames.at(-1)?.rev ?? -1) > first);
      // The first guild's table did not move.
      for (const { frames } of sockets.filter((_, i) => i % 2 === 0)) expect(frames.map((f) => f.rev)).toEqual([frames[0]?.rev]);
      for (const { ws } of sockets) ws.close();

      const pids = await until("two shard processes", () => {
        const kids = spawnSyncChildren(p.child.pid!);
        return kids.length >= 2 ? kids : null;
      });
      expect(pids.length).toBeGreaterThanOrEqual(2);
    } catch (e) {
      p.child.kill("SIGKILL");
      throw new Error(`${(e as Error).message}\n--- output:\n${p.out}`);
    }
    p.child.kill("SIGTERM");
    expect(await p.exited).toBe(0);
    expect(p.out).toMatch(/Shard 0: SIGTERM: finishing/);
    expect(p.out).toMatch(/Shard 1: SIGTERM: finishing/);
  }, 240_000);
});

/** A failure with what both shard processes printed. */
function withOutput(e: unknown, shard0: Proc, shard1: Proc): Error {
  return new Error(`${(e as Error).message}\n--- shard 0:\n${shard0.out}\n--- shard 1:\n${shard1.out}`);
}

/** SIGTERM to both shard processes: each finishes its moves in flight and exits 0. */
async function stopBoth(shard0: Proc, shard1: Proc): Promise<void> {
  shard0.child.kill("SIGTERM");
  shard1.child.kill("SIGTERM");
  expect(await shard0.exited).toBe(0);
  expect(await shard1.exited).toBe(0);
}

/** Pids of the processes under `pid` that run the bot's entry point (the shard processes). */
function spawnSyncChildren(pid: number): number[] {
  const text = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" });
  const rows = text
    .trim()
    .split("\n")
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const under = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (under.has(r.ppid) && !under.has(r.pid)) under.add(r.pid), (grew = true);
  }
  // The manager and each shard are node processes running src/index.ts; the shards are the ones
  // with no such process under them. (A process may have other children: with a cold tsx cache
  // each one starts an esbuild service, so "no children at all" does not find the shards.)
  const bot = (r: { args: string }) => /src\/index\.ts/.test(r.args);
  return rows.filter((r) => under.has(r.pid) && r.pid !== pid && bot(r) && !rows.some((c) => c.ppid === r.pid && bot(c))).map((r) => r.pid);
}
