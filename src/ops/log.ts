/**
 * Structured logs: one JSON line per event (pino), with guild, channel, game and latency where
 * they apply, for an operator's log pipeline. `LOG_LEVEL` sets the level (default `info`).
 */
import { pino, type Logger as Pino } from "pino";
import type { InteractionEvent, Logger } from "../bot/router.ts";

/** The bot's logger (the `Logger` the router and services take) backed by pino. */
export interface OpsLogger extends Logger {
  readonly pino: Pino;
  /** Logs one handled interaction as `{event: "interaction", kind, name, guild, channel, game, outcome, code, ms}`. */
  interaction(e: InteractionEvent): void;
}

/**
 * A pino logger writing JSON lines to `destination` (default stdout). Errors carry their stack
 * under `err`. Interactions are logged at `info`, refusals included, failures at `error`.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? "info", destination?: NodeJS.WritableStream): OpsLogger {
  const log = destination ? pino({ level, base: { app: "onexeno-bot" } }, destination) : pino({ level, base: { app: "onexeno-bot" } });
  return {
    pino: log,
    info: (msg) => log.info(msg),
    error: (msg, err) => (err === undefined ? log.error(msg) : log.error({ err }, msg)),
    interaction(e) {
      const fields = {
        event: "interaction",
        kind: e.kind,
        name: e.name,
        guild: e.guildId,
        channel: e.channelId,
        game: e.name.split(" ")[0],
        outcome: e.outcome,
        ...(e.code ? { code: e.code } : {}),
        ms: Math.round(e.ms * 10) / 10,
      };
      if (e.outcome === "failed") log.error(fields, "interaction failed");
      else log.info(fields, "interaction");
    },
  };
}
