/**
 * Expected failures shown to the user ephemerally and never logged as crashes
 * ("not your turn", "no table here"). `code` is stable (`table/none`, `<game>/<reason>`).
 */
import type { GameError } from "../engine/result.ts";

export class UserError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** `info`: not a mistake (said without ❌), e.g. the second click of a double click. */
    readonly tone: "error" | "info" = "error",
    /** The values the words name (a player, a card, a count), so words in another language can be built from the code. */
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(message);
    this.name = "UserError";
  }

  /** Wraps an engine refusal, its code and parameters kept. */
  static from(e: GameError): UserError {
    return new UserError(e.code, e.message, "error", e.params ?? {});
  }
}
