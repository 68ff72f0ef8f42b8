/**
 * What Discord (here the stand-in) answered a request with: the `DiscordAPIError` discord.js's
 * REST client raised for `send`, or null when it was accepted. Any other error is rethrown.
 */
import { DiscordAPIError } from "discord.js";

export async function refusal(send: () => Promise<unknown>): Promise<DiscordAPIError | null> {
  try {
    await send();
    return null;
  } catch (e) {
    if (e instanceof DiscordAPIError) return e;
    throw e;
  }
}
