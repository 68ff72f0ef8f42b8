/**
 * Bot processes as an operator runs them (`src/index.ts` in a node process of its own) and the
 * table reading the multi-process end-to-end tests share (tests/e2e/shards, tests/e2e/deploys).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import type { DiscordStandin } from "../../src/standin/server.ts";
import type { ApiMessage } from "../../src/standin/types.ts";
import { Harness, takeTurn, until } from "../e2e/harness.ts";
import { said } from "./message.ts";

const root = join(import.meta.dirname, "..", "..");

/** A bot process and everything it printed. */
export interface Proc {
  readonly child: ChildProcess;
  out: string;
  readonly exited: Promise<number | null>;
}

/**
 * Starts `src/index.ts` in a node process of its own (`node --import tsx`, not the `tsx` CLI,
 * whose wrapper process would outlive a SIGKILL of it and keep the bot running), with `env`
 * over this process's environment (no `.env`, one picture thread, warnings only).
 */
export function startProcess(env: NodeJS.ProcessEnv): Proc {
  const child = spawn(process.execPath, ["--import", "tsx", "src/index.ts"], {
    cwd: root,
    env: { ...process.env, DOTENV_CONFIG_PATH: "/dev/null", PICTURE_THREADS: "1", LOG_LEVEL: "warn", ...env },
  });
  const proc: Proc = { child, out: "", exited: new Promise((resolve) => child.on("close", resolve)) };
  child.stdout?.on("data", (d) => (proc.out += d));
  child.stderr?.on("data", (d) => (proc.out += d));
  return proc;
}

/** The revision the newest public table message of a channel was drawn for (its buttons carry it). */
export function revOf(sb: DiscordStandin, channelId: string): number | null {
  const m = sb.visibleMessages(channelId, null).at(-1);
  return m ? messageRev(m) : null;
}

/** The revision a message's buttons were drawn for, or null (no table buttons). */
export function messageRev(m: ApiMessage): number | null {
  const id = Harness.customIds(m).find((x) => x.split("|")[2] !== undefined);
  return id ? Number(id.split("|")[2]) : null;
}

/** Whose turn the newest public message of a channel announces. */
export function moverOf(m: ApiMessage | undefined): string | null {
  return /<@(\d+)>, your turn/.exec(said(m))?.[1] ?? null;
}

/**
 * One ONEXENO turn as a person takes it (the first placeable card at its first place, else a
 * pass); resolves with the revision of the table the move produced.
 */
export async function playTurn(sb: DiscordStandin, channelId: string): Promise<number> {
  const before = revOf(sb, channelId) ?? 0;
  const who = await until("whose turn it is", () => moverOf(sb.visibleMessages(channelId, null).at(-1)));
  await takeTurn(sb, who, channelId);
  return until(`the table after revision ${before} in ${channelId}`, () => {
    const rev = revOf(sb, channelId);
    return rev !== null && rev > before ? rev : null;
  });
}
