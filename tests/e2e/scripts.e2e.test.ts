/**
 * The project's entry points as real processes: `npm start`'s bootstrap with no token (it
 * must come up on the local stand-in and serve the page), and `npm run deploy-commands`
 * against a stand-in (global, then guild-scoped registration).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DiscordStandin } from "../../src/standin/server";

const root = join(import.meta.dirname, "..", "..");
const tsx = join(root, "node_modules", ".bin", "tsx");
const baseEnv = { ...process.env, DOTENV_CONFIG_PATH: "/dev/null", DISCORD_TOKEN: "", DISCORD_GUILD_ID: "", DISCORD_APPLICATION_ID: "" };

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(tsx, args, { cwd: root, env });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (out += d));
    p.on("close", (code) => resolve({ code, out }));
  });
}

const standin = new DiscordStandin();
afterAll(async () => {
  await standin.stop();
});

describe("entry points", () => {
  it("npm start with no DISCORD_TOKEN runs the bot on the local stand-in and serves the page", async () => {
    const p = spawn(tsx, ["src/index.ts"], {
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

  it("npm start says clearly when the stand-in's port is taken", async () => {
    const busy = new DiscordStandin();
    await busy.start();
    const port = new URL(busy.url).port;
    const r = await run(["src/index.ts"], { ...baseEnv, STANDIN_PORT: port, STORE_URL: "memory://" });
    await busy.stop();
    expect(r.code).toBe(1);
    expect(r.out).toContain(`Port ${port} on 127.0.0.1 is in use`);
  });

  it("npm run deploy-commands registers globally, or in one guild when DISCORD_GUILD_ID is set", async () => {
    const COMMAND_NAMES = ["onexeno", "onze", "cardeno", "stats", "ratings", "history", "replay", "tournament", "settings"];
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
