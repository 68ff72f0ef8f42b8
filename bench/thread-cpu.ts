/**
 * CPU time of this process's threads, one by one, from Linux's `/proc/self/task/<tid>/stat`
 * (fields 14 and 15, utime and stime, in clock ticks of 10 ms), so that a bench can say which of
 * the bot's threads its CPU went to: `process.cpuUsage()` gives the whole process only, and
 * `performance.eventLoopUtilization()` counts the main thread's busy wall time, preempted time
 * included, which on two busy cores says more about the machine than about the bot.
 *
 * `threadsNow()` is the set of threads there are; threads started after it are told apart from
 * those before (`splitCpu`). Node's own threads (V8's compiler and collector helpers, libuv's
 * pool) start with the process or with its first file or SQLite call; a worker's thread starts
 * with the worker. Off Linux every figure is absent (`threadsNow` and `cpuByThread` empty).
 */
import { readdirSync, readFileSync } from "node:fs";
import { stat } from "node:fs/promises";

/** Milliseconds a clock tick of `/proc`'s stat (USER_HZ, 100 on Linux). */
const MS_A_TICK = 10;

/** One thread's name (`comm`) and its CPU so far (ms, user + system). */
interface ThreadCpu {
  readonly name: string;
  readonly ms: number;
}

/** This process's threads now, by thread id, with their CPU so far; empty where `/proc` is absent. */
export function cpuByThread(): Map<number, ThreadCpu> {
  const out = new Map<number, ThreadCpu>();
  let tids: string[];
  try {
    tids = readdirSync("/proc/self/task");
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const fields = stat.slice(close + 2).split(" "); // from field 3 (state) on
      out.set(Number(tid), {
        name: stat.slice(stat.indexOf("(") + 1, close),
        ms: (Number(fields[11]) + Number(fields[12])) * MS_A_TICK,
      });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

/** The ids of this process's threads now. */
export function threadsNow(): Set<number> {
  return new Set(cpuByThread().keys());
}

/**
 * The threads there were when this module was loaded, once libuv's pool had started (a file's
 * stat starts all its threads): Node's own, before any worker. A bench imports this module
 * before it starts the picture pool.
 */
export const NODE_THREADS: ReadonlySet<number> = await stat(".").then(threadsNow);

/**
 * The CPU (ms) between two readings of `cpuByThread`, split: the main thread (its id is the
 * process's), the threads not in `earlier` (started since: a worker pool's), and the rest (those
 * in `earlier` but the main one). A thread that ended in between is not counted. Null when
 * either reading is empty (no `/proc`).
 */
export function splitCpu(
  before: ReadonlyMap<number, ThreadCpu>,
  after: ReadonlyMap<number, ThreadCpu>,
  earlier: ReadonlySet<number>,
): { main: number; started: number; others: number } | null {
  if (before.size === 0 || after.size === 0) return null;
  const split = { main: 0, started: 0, others: 0 };
  for (const [tid, now] of after) {
    const ms = now.ms - (before.get(tid)?.ms ?? 0);
    if (tid === process.pid) split.main += ms;
    else if (earlier.has(tid)) split.others += ms;
    else split.started += ms;
  }
  return split;
}
