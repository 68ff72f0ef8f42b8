/**
 * The project's entry points as real processes: `npm start`'s bootstrap with no token, as
 * production runs it (the compiled JavaScript of `npm run build`, built here first): it must
 * come up on the local stand-in, serve the page, answer commands and draw a table on its picture
 * threads from the compiled scene modules; and `npm run deploy-commands` against a stand-in
 * (global, then guild-scoped registration).
 */
import { execFile, spawn } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandin } from "../../src/standin/server.ts";

const root = join(import.meta.dirname, "..", "..");
const tsx = join(root, "node_modules", ".bin", "tsx");
const baseEnv = { ...process.env, DOTENV_CONFIG_PATH: "/dev/null", DISCORD_TOKEN: "", DISCORD_GUILD_ID: "", DISCORD_APPLICATION_ID: "" };

function run(args: string[], env: NodeJS.ProcessEnv, command = tsx): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(command, args, { cwd: root, env });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (out += d));
    p.on("close", (code) => resolve({ code, out }));
  });
}

/** `npm start`'s command (package.json: `node --enable-source-maps dist/src/index.js`), run as it is. */
const START = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start.split(" ");

beforeAll(async () => {
  // `npm start` builds first (`prestart`): the same build, once for the tests below.
  await promisify(execFile)("npm", ["run", "build"], { cwd: root });
}, 600_000);

const standin = new DiscordStandin();
afterAll(async () => {
  await standin.stop();
});

describe("entry points", () => {
  it("npm start with no DISCORD_TOKEN runs the compiled bot on the local stand-in and serves the page", async () => {
    const p = spawn(START[0]!, START.slice(1), {
      cwd: root,
      env: { ...baseEnv, STANDIN_PORT: "0", STORE_URL: "memory://", METRICS_PORT: "0", LOG_LEVEL: "info" },
    });
    let out = "";
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line; output:\n${out}`)), 45_000);
      const onData = (d: Buffer) => {
        out += d;
        const m = /Open (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1] as string);
        }
      };
      p.stdout.on("data", onData);
      p.stderr.on("data", onData);
    });
    expect(out).toContain("No DISCORD_TOKEN set");
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Type / for commands");
    const state = (await (await fetch(`${url}/local/state`)).json()) as { commands: { name: string }[] };
    expect(state.commands.map((c) => c.name)).toContain("onexeno");
    // Operations: health, a command through the page's API, its metric and its JSON log line.
    const ops = `http://127.0.0.1:${/Health and metrics on port (\d+)/.exec(out)?.[1]}`;
    const health = await fetch(`${ops}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", gateway: "Ready" });
    const user = (state as unknown as { users: { id: string }[] }).users[0]!.id;
    const channel = (state as unknown as { channels: { id: string; type: number }[] }).channels.find((c) => c.type === 0)!.id;
    const sent = await fetch(`${url}/local/command`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user, channel, path: "onexeno rules", options: {} }),
    });
    expect(sent.status).toBe(200);
    // A command with a subcommand group is counted under its whole path (`onexeno bot add`).
    await fetch(`${url}/local/command`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user, channel, path: "onexeno new", options: { game: "basic" } }),
    });
    await fetch(`${url}/local/command`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user, channel, path: "onexeno bot add", options: { level: "easy" } }),
    });
    await expect
      .poll(async () => await (await fetch(`${ops}/metrics`)).text(), { timeout: 30_000 })
      .toMatch(/onexeno_interactions_total\{kind="command",name="onexeno bot add",outcome="ok"\} 1/);
    await expect
      .poll(async () => await (await fetch(`${ops}/metrics`)).text(), { timeout: 30_000 })
      .toMatch(/onexeno_interactions_total\{kind="command",name="onexeno rules",outcome="ok"\} 1/);
    // The table is drawn on a picture thread, from the compiled scene module of its game.
    await fetch(`${url}/local/command`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user, channel, path: "onexeno start", options: {} }),
    });
    let png = "";
    await expect
      .poll(
        async () => {
          const list = (await (await fetch(`${url}/local/messages?channel=${channel}&user=${user}`)).json()) as {
            attachments: { filename: string; url: string }[];
          }[];
          png = list.flatMap((m) => m.attachments).find((a) => a.filename === "table.png")?.url ?? "";
          return png;
        },
        { timeout: 60_000 },
      )
      .not.toBe("");
    const bytes = Buffer.from(await (await fetch(png)).arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(bytes.readUInt32BE(16)).toBe(640); // the table scene's width (IHDR)
    const scrape = await (await fetch(`${ops}/metrics`)).text();
    expect(scrape).toMatch(/onexeno_interaction_seconds_bucket/);
    expect(scrape).toMatch(/onexeno_shard_status\{shard="0"\} 0/);
    expect(scrape).toMatch(/onexeno_store_errors_total 0/);
    await expect.poll(() => out, { timeout: 30_000 }).toMatch(/"event":"interaction".*"name":"onexeno rules"/);
    const line = JSON.parse(out.split("\n").find((l) => l.includes('"event":"interaction"'))!) as Record<string, unknown>;
    expect(line).toMatchObject({ kind: "command", name: "onexeno rules", channel, game: "onexeno", outcome: "ok" });
    expect(typeof line.ms).toBe("number");
    expect((await fetch(`${ops}/nothing`)).status).toBe(404);
    const exited = new Promise<number | null>((resolve) => p.on("close", resolve));
    p.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(out).toContain("stopping");
  });

  it("npm start with METRICS_PORT set to ACTIVITY_PORT: one HTTP server carries the live table's page, /healthz and /metrics (issue 64)", async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, "127.0.0.1", resolve));
    const port = String((free.address() as AddressInfo).port);
    await new Promise<void>((resolve) => free.close(() => resolve()));
    const p = spawn(START[0]!, START.slice(1), {
      cwd: root,
      env: { ...baseEnv, STANDIN_PORT: "0", STORE_URL: "memory://", METRICS_PORT: port, ACTIVITY_PORT: port, LOG_LEVEL: "info" },
    });
    let out = "";
    p.stdout.on("data", (d: Buffer) => (out += d));
    p.stderr.on("data", (d: Buffer) => (out += d));
    const exited = new Promise<number | null>((resolve) => p.on("close", resolve));
    try {
      await expect.poll(() => out, { timeout: 45_000 }).toContain("Health and metrics on the live table's server");
      const live = /Live table \(the app's Activity\) served at (http:\/\/[^\s]+?)\.?\s/.exec(out)?.[1] ?? "";
      expect(new URL(live).port).toBe(port);
      const base = `http://127.0.0.1:${port}`;
      expect(await (await fetch(`${base}/`)).text()).toContain("<html");
      await expect.poll(async () => (await fetch(`${base}/healthz`)).status, { timeout: 30_000 }).toBe(200);
      expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/onexeno_store_errors_total 0/);
      expect(out).not.toMatch(/Health and metrics on port/);
    } finally {
      p.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });

  it("npm start says clearly when the stand-in's port is taken", async () => {
    const busy = new DiscordStandin();
    await busy.start();
    const port = new URL(busy.url).port;
    const r = await run(START.slice(1), { ...baseEnv, STANDIN_PORT: port, STORE_URL: "memory://" }, START[0]);
    await busy.stop();
    expect(r.code).toBe(1);
    expect(r.out).toContain(`Port ${port} on 127.0.0.1 is in use`);
  });

  it("npm run build again with nothing changed compiles nothing (npm start's prestart: incremental, issue 63)", async () => {
    const compiled = join(root, "dist", "src", "index.js");
    const before = statSync(compiled).mtimeMs;
    await promisify(execFile)("npm", ["run", "build"], { cwd: root });
    expect(statSync(compiled).mtimeMs).toBe(before);
    expect(existsSync(join(root, "dist", ".tsbuildinfo"))).toBe(true);
    // The live table's page is bundled by the build (issue 64), with the Embedded App SDK in it:
    // the compiled bot serves that file and needs neither esbuild nor the SDK at run time.
    const bundled = join(root, "dist", "src", "surfaces", "live-table", "web", "app.bundle.js");
    expect(readFileSync(bundled, "utf8")).toContain("discordapp.com"); // the SDK's allowed origins, not in the page's own script
    const compiledBundle = (await import(pathToFileURL(join(root, "dist", "src", "surfaces", "live-table", "bundle.js")).href)) as {
      pageScript(): Promise<string>;
    };
    expect(await compiledBundle.pageScript()).toBe(readFileSync(bundled, "utf8"));
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies)).not.toEqual(expect.arrayContaining(["esbuild"]));
    expect(Object.keys(pkg.dependencies)).not.toEqual(expect.arrayContaining(["@discord/embedded-app-sdk"]));
  }, 600_000);

  it("npm run verify-deal checks a published record: the seal and the replay; a record whose seed was changed fails", async () => {
    const { playToEnd } = await import("../helpers/records.ts");
    const { GAME_SET } = await import("../../commands/index.ts");
    const { gameRecord } = await import("../../src/bot/game-record.ts");
    const onze = GAME_SET.catalogue.game("onze")!;
    const { final } = await playToEnd(onze);
    const record = gameRecord(final, "rules", final.updatedAt, onze.definition.outcome(final.state!));
    const dir = mkdtempSync(join(tmpdir(), "onexeno-verify-"));
    const good = join(dir, "record.json");
    writeFileSync(good, JSON.stringify(record));
    const verify = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts[
      "verify-deal"
    ]!.split(" ");
    const ok = await run([...verify.slice(1), good], baseEnv, join(root, "node_modules", ".bin", verify[0]!));
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain("is the commitment shown at the deal ✓");
    expect(ok.out).toContain("replays to its end");
    // Another seed than the one committed to: both checks fail, and the exit code says so.
    const bad = join(dir, "tampered.json");
    writeFileSync(bad, JSON.stringify({ ...record, seed: `${record.seed}x` }));
    const refused = await run([...verify.slice(1), bad], baseEnv, join(root, "node_modules", ".bin", verify[0]!));
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("is NOT the commitment");
  });

  it("npm run deploy-commands registers globally, or in one guild when DISCORD_GUILD_ID is set", async () => {
    // Every command of the list of games (GAMES: a game's own, then the shared ones), as registered.
    const { GAME_SET } = await import("../../commands/index.ts");
    const COMMAND_NAMES = GAME_SET.commands.map((c) => c.data.name);
    expect(COMMAND_NAMES).toContain("help");
    await standin.start();
    const env = { ...baseEnv, DISCORD_TOKEN: standin.token, DISCORD_API_URL: standin.apiUrl };
    const global = await run(["src/deploy-commands.ts"], env);
    expect(global.code, global.out).toBe(0);
    expect(global.out).toContain("globally");
    expect(standin.commands.get("global")?.map((c) => c.name)).toEqual(COMMAND_NAMES);
    const guild = await run(["src/deploy-commands.ts"], { ...env, DISCORD_GUILD_ID: standin.guildId });
    expect(guild.code, guild.out).toBe(0);
    expect(standin.commands.get(standin.guildId)?.map((c) => c.name)).toEqual(COMMAND_NAMES);
    const noToken = await run(["src/deploy-commands.ts"], baseEnv);
    expect(noToken.code).toBe(1);
    expect(noToken.out).toContain("DISCORD_TOKEN is not set");
  });
});
