/**
 * Result values for expected failures.
 *
 * Illegal input is a value, never an exception: every engine entry point that can refuse
 * returns `Result<T>`; exceptions are reserved for bugs. Codes are namespaced and stable
 * (`action/not_your_turn`, `onexeno/no_match`) so the bot can map them to messages and
 * tests can assert them. Pattern from boardgame.io's `INVALID_MOVE` and chessops' `Result`.
 */

/** A refusal: `code` is stable and namespaced (`area/reason`); `message` is for people. */
export interface GameError {
  readonly code: string;
  readonly message: string;
}

/** Either `{ ok: true, value }` or `{ ok: false, error }`. */
export type Result<T, E = GameError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** Wraps a success value. */
export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

/** Builds a refusal with a stable `code` and a human `message`. */
export function err(code: string, message: string): Result<never, GameError> {
  return { ok: false, error: { code, message } };
}
