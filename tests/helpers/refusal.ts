/**
 * Helpers for tests of refusals: the stand-in's, through discord.js's own REST client (the one the
 * bot uses), and the bot's own (`UserError` codes).
 */
import { DiscordAPIError, REST } from "discord.js";
import { UserError } from "../../src/bot/errors.ts";
import { afterAll, beforeAll } from "vitest";
import { DiscordStandin } from "../../src/standin/server.ts";

/**
 * What Discord (here the stand-in) answered a request with: the `DiscordAPIError` discord.js's
 * REST client raised for `send`, or null when it was accepted. Any other error is rethrown.
 */
export async function refusal(send: () => Promise<unknown>): Promise<DiscordAPIError | null> {
  try {
    await send();
    return null;
  } catch (e) {
    if (e instanceof DiscordAPIError) return e;
    throw e;
  }
}

/**
 * A stand-in started before the file's tests and stopped after them, with discord.js's REST
 * client on its API (no retries: a refusal reaches the test as it came).
 */
export function standinWithRest(): { readonly sb: DiscordStandin; readonly rest: REST } {
  const sb = new DiscordStandin();
  let client: REST | null = null;
  beforeAll(async () => {
    await sb.start();
    client = new REST({ api: sb.apiUrl, retries: 0 }).setToken(sb.token);
  });
  afterAll(async () => {
    await sb.stop();
  });
  return {
    sb,
    get rest(): REST {
      if (!client) throw new Error("the stand-in is not started yet");
      return client;
    },
  };
}

/** The stable code of the refusal (`UserError`) `f` throws, null when it returns; another error in words. */
export function codeOf(f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (e) {
    return e instanceof UserError ? e.code : String(e);
  }
}
