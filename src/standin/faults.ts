/**
 * Fault injection for the stand-in: Discord's everyday misbehaviour on demand, so tests of
 * what the bot does under it run on every CI.
 *
 * - REST: answer the next `times` requests matching a method and a route pattern with a
 *   5xx (`{"message":"...","code":0}`) or a 429 with `retry_after` and the `Retry-After`
 *   and `X-RateLimit-*` headers (https://discord.com/developers/docs/topics/rate-limits).
 * - Gateway faults live on the server (`pauseGateway`, `resumeGateway`, `closeGateway`):
 *   they need the sessions.
 */

/** One REST fault rule. */
export interface RestFault {
  /** HTTP method to match (any when omitted). */
  readonly method?: string;
  /** Route after `/api/v10`, e.g. `/channels/:id/messages` as a RegExp. */
  readonly route: RegExp;
  /** 500, 502, 503 or 429. */
  readonly status: number;
  /** How many matching requests fail (then the rule is spent). */
  readonly times: number;
  /** For 429: seconds the client must wait (default 0.05). */
  readonly retryAfter?: number;
}

/** What to answer instead of the real route. */
export interface FaultAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown>;
}

/** The active REST faults of a stand-in, consumed as requests match. */
export class RestFaults {
  private readonly rules: { rule: RestFault; left: number }[] = [];
  /** Requests answered with a fault so far. */
  injected = 0;

  /** Adds a rule; returns a function that removes it. */
  add(rule: RestFault): () => void {
    const entry = { rule, left: rule.times };
    this.rules.push(entry);
    return () => {
      const i = this.rules.indexOf(entry);
      if (i >= 0) this.rules.splice(i, 1);
    };
  }

  /** Removes every rule. */
  clear(): void {
    this.rules.length = 0;
  }

  /** Matching requests still to fail. */
  get pending(): number {
    return this.rules.reduce((n, r) => n + r.left, 0);
  }

  /** The fault to answer for this request, if a rule matches (and spends one use). */
  match(method: string, route: string): FaultAnswer | null {
    for (const entry of this.rules) {
      const { rule } = entry;
      if (entry.left <= 0 || (rule.method && rule.method !== method) || !rule.route.test(route)) continue;
      entry.left--;
      this.injected++;
      if (rule.status === 429) {
        const after = rule.retryAfter ?? 0.05;
        return {
          status: 429,
          headers: {
            "retry-after": String(after),
            "x-ratelimit-limit": "5",
            "x-ratelimit-remaining": "0",
            "x-ratelimit-reset-after": String(after),
            "x-ratelimit-bucket": "standin-fault",
            "x-ratelimit-scope": "user",
          },
          body: { message: "You are being rate limited.", retry_after: after, global: false, code: 0 },
        };
      }
      return { status: rule.status, headers: {}, body: { message: `${rule.status}: injected by the stand-in`, code: 0 } };
    }
    return null;
  }
}
