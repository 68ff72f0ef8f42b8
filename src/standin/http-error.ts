/** An answer the stand-in gives as Discord would: HTTP status, Discord's JSON error code, message, and extra headers and body fields (a 429's `Retry-After`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
