/**
 * The benches' Discord stand-in in a process of its own (`standin-child.ts`), and the calls that
 * drive it over the IPC channel. With the rig apart, the bench's process holds the bot alone, so
 * its CPU, latency and memory figures are the bot's (issue 27 for bench:flight, issue 48 for the
 * soak's memory rows).
 */
import { fork } from "node:child_process";
import { setPriority } from "node:os";
import type { FlightResult, PlayOptions } from "./flight-driver.ts";

/**
 * The stand-in's process's nice value: the lowest priority. With it at 0 (before 2026-11-26
 * 14:00) it took cores from the bot, and the bot-alone rows read the rig's load as the bot's:
 * latency p99 130-145 against 88-100 ms, event-loop delay p99 13-21 against 9-10 ms (saturated),
 * 8-9 against 5.2-5.6 ms (paced at 150 moves/s), back to back.
 */
const RIG_PRIORITY = 19;

/** Where the bot finds the rig's stand-in: its REST/gateway address and the app it plays. */
export interface RigApi {
  readonly apiUrl: string;
  readonly token: string;
  readonly applicationId: string;
  readonly guildId: string;
}

/** What the rig's `play` answers: the driver's figures, REST requests by route shape, and the rig's CPU a move (ms). */
export type RigPlayed = FlightResult & { routes: Record<string, number>; standinCpuMsPerMove: number };

/** A running rig: its stand-in's address and the requests `standin-child.ts` answers. */
export interface Rig {
  readonly api: RigApi;
  /** Plays a 2-player ONEXENO game in every channel (`playTables`), reading tables from the bot's SQLite `store`. Rejects when the driver fails. */
  play(store: string, opts?: PlayOptions): Promise<RigPlayed>;
  /** Sends slash command `path` (with `options`) as `user` in `channel`. Rejects when the stand-in refuses it. */
  command(user: string, channel: string, path: string, options?: Record<string, string | number>): Promise<void>;
  /** Forgets what the stand-in logged of the games so far (its messages but the newest few, files, tokens). */
  prune(): Promise<void>;
  /** Stops the stand-in; resolves when its process has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the stand-in with `tables` bench channels (`benchChannels`) in a process of its own at the
 * lowest CPU priority. `globalLimit` false: without Discord's global limit of 50 requests a
 * second (the soak's memory rows, when many tables would wait on it). `extra`: that many more
 * channels after the played ones, for tables the bot moves itself. Resolves once it listens.
 * Errors: rejects when the process exits first.
 */
export async function forkRig(
  tables: number,
  { globalLimit = true, extra = 0 }: { readonly globalLimit?: boolean; readonly extra?: number } = {},
): Promise<Rig> {
  const args = [String(tables), ...(globalLimit ? [] : ["no-global-limit"]), ...(extra > 0 ? [`extra=${extra}`] : [])];
  const child = fork(new URL("./standin-child.ts", import.meta.url), args, { execArgv: ["--import", "tsx/esm"] });
  // On Discord the rig's work runs on Discord's machines: here it takes a core only when the
  // bot's threads leave one free.
  setPriority(child.pid!, RIG_PRIORITY);
  const api = await new Promise<RigApi>((resolve, reject) => {
    child.once("message", (m) => resolve(m as RigApi));
    child.once("exit", (code) => reject(new Error(`the stand-in's process exited (${code})`)));
  });
  let seq = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  child.on("message", (m: { kind: string; id?: number; error?: string }) => {
    const w = m.id === undefined ? undefined : waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id!);
    if (m.kind === "done") w.resolve();
    else w.reject(new Error(m.error ?? m.kind));
  });
  const ask = (req: Record<string, unknown>) =>
    new Promise<void>((resolve, reject) => {
      const id = ++seq;
      waiting.set(id, { resolve, reject });
      child.send({ ...req, id });
    });
  return {
    api,
    play: (store, opts = {}) =>
      new Promise((resolve, reject) => {
        const onMessage = (m: { kind: string; id?: number; error?: string } & RigPlayed) => {
          if (m.id !== undefined) return;
          child.off("message", onMessage);
          if (m.kind === "played") resolve(m);
          else reject(new Error(m.error ?? m.kind));
        };
        child.on("message", onMessage);
        child.send({ kind: "play", store, rate: opts.rate, seconds: opts.seconds, clock: opts.clock });
      }),
    command: (user, channel, path, options = {}) => ask({ kind: "command", user, channel, path, options }),
    prune: () => ask({ kind: "prune" }),
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.send({ kind: "stop" });
      }),
  };
}
