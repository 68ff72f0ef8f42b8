/**
 * The live table's parts a game's table uses: **Open live table**, the button a table message
 * carries while the bot serves its live table (src/surfaces/live-table/server.ts; its click is answered with
 * callback type 12, `LAUNCH_ACTIVITY`: the person's Discord client opens the app's Activity in
 * that channel).
 * https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type
 */
import { ButtonBuilder, ButtonStyle } from "discord.js";
import { encodeId } from "../../bot/customid.ts";
import { sayAt } from "../../bot/words.ts";
import type { Locale } from "../../i18n/index.ts";
import { refuse } from "../../bot/words.ts";

let served = 0;

/** Tells table messages that this process serves (on) or stopped serving (off) its live table. */
export function serveLiveButton(on: boolean): void {
  served = Math.max(0, served + (on ? 1 : -1));
}

/** Whether this process serves the live table now. */
export const liveTableServed = (): boolean => served > 0;

/**
 * Opens the app's Activity for the person who clicked **Open live table** or ran the app's
 * Entry Point command: the answer of type 12 (LAUNCH_ACTIVITY); the Activity finds the table of
 * its channel (src/surfaces/live-table/hub.ts). Errors: `live/off` while this process does not serve the
 * live table (its answer would open a page nobody serves).
 */
export async function launchLiveTable(interaction: { launchActivity(): Promise<unknown> }): Promise<void> {
  if (!liveTableServed()) throw refuse("live/off");
  await interaction.launchActivity();
}

/**
 * The **Open live table** button of a lobby or a running table (none while the live table is not
 * served, or once the game is over): the live table seats people and computers and starts the
 * game as the lobby's buttons do.
 */
export function liveButtons(rec: { readonly status: string; readonly locale?: Locale | undefined }): ButtonBuilder[] {
  if (!liveTableServed() || (rec.status !== "playing" && rec.status !== "lobby")) return [];
  return [
    new ButtonBuilder().setCustomId(encodeId("live", 0)).setLabel(sayAt(rec, "live.open")).setStyle(ButtonStyle.Secondary).setEmoji("🖥️"),
  ];
}
