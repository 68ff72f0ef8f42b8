/**
 * Which surface a table or an interaction is on, and what each surface declares about itself
 * (issue 64): the one place that tells a server's channel from a DM or group DM. Everything else
 * asks the surface (`traitsOf`, or the `TableSurface` a running bot gives for it) instead of
 * checking for a guild. A leaf module: it imports nothing, so every layer may ask it.
 */

/**
 * The surfaces a table is shown on: `channel`, a server's channel, where the bot posts its table
 * messages and edits them (src/surfaces/channel/); `answers`, a DM or group DM reached by a
 * person's user install, where every message is an answer to a click (src/surfaces/answers/).
 * The live table (src/surfaces/live-table/) shows a table of either beside its chat.
 */
export type Surface = "channel" | "answers";

/**
 * Which surface an interaction comes from, or a table lives on: `answers` without a guild
 * (Discord leaves `guild_id` out in a DM or group DM,
 * https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object),
 * else `channel` (a table stored before tables kept their guild has none recorded: a server's). The
 * one place that decides it.
 */
export function surfaceOf(x: { readonly guildId?: string | null }): Surface {
  return x.guildId === null ? "answers" : "channel";
}

/** One thing to try that `/help` offers on a surface: its words (`help.<key>`, with `{{cmd}}`) and the command they name. */
export interface HelpTry {
  readonly key: string;
  readonly command: string;
}

/** What a surface declares about itself, for the code that shows tables and answers commands there. */
export interface SurfaceTraits {
  /**
   * Whether its tables move by themselves: computers take their turns after a delay and turn
   * clocks fire on time (a channel); else they move only inside a click there (the answer chain:
   * nothing may be posted there later, so a click plays what is due and a clock is claimed).
   */
  readonly movesAlone: boolean;
  /**
   * Whose finished games are read there: the server's (`guild`) or only the asker's own games and
   * the games of this channel (`own`: records there are kept per player, not per server).
   */
  readonly records: "guild" | "own";
  /**
   * How a click on a lobby's button answers: with a new message (`reply`: the channel tidies the
   * old lobby message) or by updating the clicked message (`update`: nothing may tidy it later).
   */
  readonly lobbyClick: "reply" | "update";
  /**
   * The ending of its own variant of a text said differently there (`wordOn`): "" (the text as
   * it is) or `_private` (where only the buttons reach a table, a DM: every locale file then has
   * `<key>_private` beside `<key>`).
   */
  readonly wordEnding: "" | "_private";
  /** The two things `/help` offers to try after the games, in order (what can be done there). */
  readonly helpTries: readonly HelpTry[];
}

const TRAITS: Readonly<Record<Surface, SurfaceTraits>> = {
  channel: {
    movesAlone: true,
    records: "guild",
    lobbyClick: "reply",
    wordEnding: "",
    helpTries: [
      { key: "try_tournament", command: "tournament create" },
      { key: "try_stats", command: "stats" },
    ],
  },
  answers: {
    movesAlone: false,
    records: "own",
    lobbyClick: "update",
    // Only the app's installer has its commands there: the buttons are the way in; a clock is claimed by the next click.
    wordEnding: "_private",
    helpTries: [
      { key: "try_replay", command: "replay" },
      { key: "try_history", command: "history" },
    ],
  },
};

/** What the surface of `x` (an interaction or a table) declares about itself (see `SurfaceTraits`). */
export function traitsOf(x: { readonly guildId?: string | null }): SurfaceTraits {
  return TRAITS[surfaceOf(x)];
}

/**
 * The locale key `key` as the surface of `x` says it (`SurfaceTraits.wordEnding`): `key` itself
 * in a server's channel, `<key>_private` in a DM. Only for keys that have both in every locale.
 */
export function wordOn(x: { readonly guildId?: string | null }, key: string): string {
  return `${key}${traitsOf(x).wordEnding}`;
}
