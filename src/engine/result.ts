/**
 * Result values for expected failures.
 *
 * Illegal input is a value, never an exception: every engine entry point that can refuse
 * returns `Result<T>`; exceptions are reserved for bugs. Codes are namespaced and stable
 * (`action/not_your_turn`, `<game>/<reason>`) so the bot can map them to messages and
 * tests can assert them. Pattern from boardgame.io's `INVALID_MOVE` and chessops' `Result`.
 */

/**
 * A refusal: `code` is stable and namespaced (`area/reason`); `message` is for people (in
 * English); `params` are the values the words name (a card, a count), so words in another
 * language can be looked up by code and filled in without parsing the message.
 */
export interface GameError {
  readonly code: string;
  readonly message: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** Either `{ ok: true, value }` or `{ ok: false, error }`. */
export type Result<T, E = GameError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** Wraps a success value. */
export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

/** Builds a refusal with a stable `code`, a human `message` and the `params` it names. */
export function err(code: string, message: string, params?: Readonly<Record<string, string | number>>): Result<never, GameError> {
  return { ok: false, error: params ? { code, message, params } : { code, message } };
}
