/** The logger every part of the bot writes to (console by default; pino JSON lines in production: src/ops/log.ts). */
export interface Logger {
  info(msg: string): void;
  error(msg: string, err?: unknown): void;
}
