/**
 * Time the machine took from this process: how long its main thread was ready to run but not
 * running (the operating system gave the cores to something else, as a busy CI machine does),
 * as opposed to time it spent working or waiting for input. Discord's clock is not stopped by
 * the bot's machine; the stand-in's own clock is, so the stand-in judges Discord's 3 s
 * interaction window by the time the bot had (`since`): an answer late because the bot was
 * slow is refused, one late only because the whole machine stopped is not.
 *
 * A ticker every `TICK_MS` notes how late it fired; of that lateness, what the main thread did
 * not spend on its CPU (Linux: /proc/self/task/<pid>/stat; elsewhere the process's CPU, which
 * also counts other threads, so less is credited) was taken from it.
 */
import { readFileSync } from "node:fs";

/** The ticker's period, ms. */
const TICK_MS = 50;
/** Lateness below this is the timer's own jitter, never credited, ms. */
const JITTER_MS = 20;
/** Marks kept, by age (ms): longer than any interaction's window. */
const KEEP_MS = 120_000;
/** Linux clock ticks a second (`getconf CLK_TCK`). */
const CLOCK_TICKS = 100;

/** The main thread's CPU time so far, ms (Linux), or the process's (elsewhere). */
export function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
}

export class StolenTime {
  /** Each stall credited: when it was noticed (ms since the epoch) and the total so far, oldest first. */
  private readonly marks: { readonly at: number; readonly total: number }[] = [];
  private total = 0;
  /** The total before the oldest mark kept. */
  private base = 0;
  private last = Date.now();
  private lastCpu = mainThreadCpuMs();
  private readonly timer = setInterval(() => this.settle(), TICK_MS).unref();

  /** Credits the stall since the last look (called by the ticker, and before each judgement). */
  settle(): void {
    const now = Date.now();
    const cpu = mainThreadCpuMs();
    const late = now - this.last - TICK_MS;
    const stolen = late > JITTER_MS ? Math.max(0, late - (cpu - this.lastCpu)) : 0;
    this.last = now;
    this.lastCpu = cpu;
    if (stolen <= 0) return;
    this.total += stolen;
    this.marks.push({ at: now, total: this.total });
    while (this.marks.length && this.marks[0]!.at < now - KEEP_MS) this.base = this.marks.shift()!.total;
  }

  /**
   * Time taken from this process since `t` (ms since the epoch), ms. Looks at the clock itself
   * only when the ticker is overdue (a stall may be under way): on time, there is nothing to
   * credit, and reading the thread's CPU at every request cost the stand-in about 4 % of its work.
   */
  since(t: number): number {
    if (Date.now() - this.last > TICK_MS + JITTER_MS) this.settle();
    const before = this.marks.findLast((m) => m.at <= t);
    return this.total - (before ? before.total : this.base);
  }

  /** Stops the ticker. */
  stop(): void {
    clearInterval(this.timer);
  }
}
