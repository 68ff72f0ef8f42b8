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
    const p = spawn(tsx, ["src/index.ts"], { cwd: root, env: { ...baseEnv, STANDIN_PORT: "0", STORE_URL: "memory://" } });
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
    await standin.start();
    const env = { ...baseEnv, DISCORD_TOKEN: standin.token, DISCORD_API_URL: standin.apiUrl };
    const global = await run(["src/deploy-commands.ts"], env);
    expect(global.code, global.out).toBe(0);
    expect(global.out).toContain("globally");
    expect(standin.commands.get("global")?.map((c) => c.name)).toEqual(["onexeno", "onze"]);
    const guild = await run(["src/deploy-commands.ts"], { ...env, DISCORD_GUILD_ID: standin.guildId });
    expect(guild.code, guild.out).toBe(0);
    expect(standin.commands.get(standin.guildId)?.map((c) => c.name)).toEqual(["onexeno", "onze"]);
    const noToken = await run(["src/deploy-commands.ts"], baseEnv);
    expect(noToken.code).toBe(1);
    expect(noToken.out).toContain("DISCORD_TOKEN is not set");
  });
});
