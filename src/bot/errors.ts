/**
 * Expected failures shown to the user ephemerally and never logged as crashes
 * ("not your turn", "no table here"). `code` is stable (`table/none`, `onexeno/no_match`).
 */
import type { GameError } from "../engine/result";

export class UserError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = "UserError";
  }

  /** Wraps an engine refusal. */
  static from(e: GameError): UserError {
    return new UserError(e.code, e.message);
  }
}
