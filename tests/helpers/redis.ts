/**
 * A throwaway redis-server for the store suite: Debian's `redis-server` binary on a free
 * loopback port, nothing saved to disk. When the binary is missing the suite is skipped, unless
 * REDIS_REQUIRED=1 (as `.ci/run` sets), which makes it a failure.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, beforeAll } from "vitest";

/** Whether a redis-server binary is on PATH. */
export function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/** Whether the Redis suites must run (a missing server fails them). */
export const redisRequired = process.env.REDIS_REQUIRED === "1";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** A running server: its URL and a stop function. */
export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts redis-server and resolves once it accepts connections (its "Ready" log line). */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    const onData = (b: Buffer) => {
      out += String(b);
      if (out.includes("Ready to accept connections")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${out}`)));
    child.once("error", reject);
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * A real Redis for a test file when its server is installed (always when REDIS_REQUIRED=1, as in
 * CI): started before the file's tests, stopped after them. `on` says whether it runs; `url` is
 * its address once started.
 */
export function redisForFile(): { readonly on: boolean; readonly url: string } {
  const on = hasRedisServer() || redisRequired;
  let server: RedisServer | null = null;
  beforeAll(async () => {
    if (on) server = await startRedis();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  return {
    on,
    get url(): string {
      if (!server) throw new Error("no Redis started for this file");
      return server.url;
    },
  };
}
