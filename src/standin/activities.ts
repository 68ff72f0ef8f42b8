/**
 * What Discord does for an app's Activity (issue 50, its stand-in half): launching it from an
 * interaction (callback type 12, `LAUNCH_ACTIVITY`), the activity instances that launch makes (who
 * is in which channel's Activity, `GET /applications/{app}/activity-instances/{instance}`), and
 * the OAuth2 the Activity's page uses to learn who its player is: the Embedded App SDK's
 * `authorize` gives the page a code (here `authorize`, what Discord's client does), the app's
 * server exchanges it with its client secret (`POST /oauth2/token`, form-encoded), then reads the
 * user with the access token (`GET /users/@me`, `Bearer`).
 * https://discord.com/developers/docs/activities/development-guides,
 * https://discord.com/developers/docs/topics/oauth2#authorization-code-grant
 *
 * As strict as Discord where its documentation says: a code is single-use and lives 10 minutes,
 * a token 7 days (`expires_in` 604800); the token request must be form-encoded and carry the
 * app's id and secret (in the body or as HTTP Basic); `identify` is needed to read the user. The
 * error bodies are OAuth2's (`{"error": "invalid_grant", …}`), as Discord answers them.
 */
import { randomBytes } from "node:crypto";
import { HttpError } from "./http-error.ts";
import { snowflake } from "./snowflake.ts";

/** How long an authorization code may be exchanged, ms (Discord: 10 minutes). */
export const CODE_LIFETIME_MS = 10 * 60_000;
/** An access token's lifetime, s (what Discord's token answer says: 7 days). */
export const ACCESS_TOKEN_LIFETIME_S = 604_800;

/** One running Activity: where it runs and who is in it. */
export interface ActivityInstance {
  readonly instanceId: string;
  readonly launchId: string;
  /** `gc`: a guild channel; `pc`: a private channel (DM or group DM). */
  readonly location: { readonly id: string; readonly kind: "gc" | "pc"; readonly channelId: string; readonly guildId?: string };
  readonly users: string[];
}

/** An OAuth2 error as Discord answers the token endpoint: a status and OAuth2's body. */
export class OAuthError extends HttpError {
  constructor(
    status: number,
    readonly body: { readonly error: string; readonly error_description?: string },
  ) {
    super(status, 0, body.error_description ?? body.error);
  }
}

export class Activities {
  /** Running instances by id. */
  readonly instances = new Map<string, ActivityInstance>();
  private readonly codes = new Map<string, { readonly userId: string; readonly scopes: readonly string[]; readonly at: number }>();
  private readonly tokens = new Map<string, { readonly userId: string; readonly scopes: readonly string[]; readonly until: number }>();

  constructor(
    private readonly app: { readonly applicationId: string; readonly clientSecret: string },
    /** The stand-in's clock, ms. */
    private readonly now: () => number,
  ) {}

  /**
   * Launches the app's Activity for `userId` in `channelId` (an interaction answered with type
   * 12): joins the channel's running instance, or starts one. Returns it.
   */
  launch(userId: string, channelId: string, guildId: string | undefined): ActivityInstance {
    for (const inst of this.instances.values())
      if (inst.location.channelId === channelId) {
        if (!inst.users.includes(userId)) inst.users.push(userId);
        return inst;
      }
    const inst: ActivityInstance = {
      instanceId: `i-${snowflake()}`,
      launchId: snowflake(),
      location: { id: `${guildId ? "gc" : "pc"}-${channelId}`, kind: guildId ? "gc" : "pc", channelId, ...(guildId ? { guildId } : {}) },
      users: [userId],
    };
    this.instances.set(inst.instanceId, inst);
    return inst;
  }

  /** `GET /applications/{app}/activity-instances/{instance}` (bot token): the instance, or a 404 for one not running. */
  instanceObject(app: string, instanceId: string): Record<string, unknown> {
    const inst = this.instances.get(instanceId);
    if (app !== this.app.applicationId || !inst) throw new HttpError(404, 10001, "Unknown Activity Instance");
    return {
      application_id: this.app.applicationId,
      instance_id: inst.instanceId,
      launch_id: inst.launchId,
      location: {
        id: inst.location.id,
        kind: inst.location.kind,
        channel_id: inst.location.channelId,
        ...(inst.location.guildId ? { guild_id: inst.location.guildId } : {}),
      },
      users: [...inst.users],
    };
  }

  /**
   * What Discord's client does for the SDK's `authorize` command inside the Activity: after the
   * person agrees, a one-time code for `userId` with `scopes`, for the app's server to exchange.
   */
  authorize(userId: string, scopes: readonly string[]): string {
    const code = randomBytes(15).toString("base64url");
    this.codes.set(code, { userId, scopes: [...scopes], at: this.now() });
    return code;
  }

  /**
   * `POST /oauth2/token`: `contentType` and the raw `body` of the request, its `authorization`
   * header. An access token for an `authorization_code` grant; throws `OAuthError` as Discord
   * answers: 400 `unsupported_grant_type` for a body that is not form-encoded or another grant,
   * 401 `invalid_client` for a wrong client id or secret, 400 `invalid_grant` for a code unknown,
   * spent or older than 10 minutes.
   */
  exchange(contentType: string, body: string, authorization: string | undefined): Record<string, unknown> {
    const form = contentType.startsWith("application/x-www-form-urlencoded") ? new URLSearchParams(body) : new URLSearchParams();
    const grant = form.get("grant_type");
    if (grant !== "authorization_code")
      throw new OAuthError(400, { error: "unsupported_grant_type", error_description: `Grant type ${grant ?? "None"} is not supported` });
    const basic = authorization?.startsWith("Basic ") ? Buffer.from(authorization.slice(6), "base64").toString("utf8").split(":") : [];
    const [clientId, secret] = basic.length === 2 ? basic : [form.get("client_id"), form.get("client_secret")];
    if (clientId !== this.app.applicationId || secret !== this.app.clientSecret) throw new OAuthError(401, { error: "invalid_client" });
    const code = form.get("code") ?? "";
    const grantOf = this.codes.get(code);
    this.codes.delete(code); // single-use, whatever comes of it
    if (!grantOf || this.now() - grantOf.at > CODE_LIFETIME_MS)
      throw new OAuthError(400, { error: "invalid_grant", error_description: 'Invalid "code" in request.' });
    const accessToken = randomBytes(24).toString("base64url");
    this.tokens.set(accessToken, { userId: grantOf.userId, scopes: grantOf.scopes, until: this.now() + ACCESS_TOKEN_LIFETIME_S * 1000 });
    return {
      token_type: "Bearer",
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      refresh_token: randomBytes(24).toString("base64url"),
      scope: grantOf.scopes.join(" "),
    };
  }

  /** The user id an `Authorization: Bearer …` header speaks for with `identify`, or a 401 as Discord answers. */
  bearerUser(authorization: string | undefined): string {
    const token = authorization?.startsWith("Bearer ") ? this.tokens.get(authorization.slice(7)) : undefined;
    if (!token || this.now() > token.until || !token.scopes.includes("identify")) throw new HttpError(401, 0, "401: Unauthorized");
    return token.userId;
  }
}
