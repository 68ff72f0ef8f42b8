/**
 * The words the bot says when it refuses something that is not a game rule (rules refusals
 * come from the engines with their codes): one table, used by every game, so the same
 * mistake always gets the same words. Keys are the stable codes of `UserError`; a few take
 * parameters (the player to wait for, the action only the host may take).
 */
import { UserError } from "./errors";

type Params = { readonly [k: string]: string | undefined };

const REFUSALS = {
  "command/unknown": "This command is not known to the bot (is it deployed?).",
  "component/unknown": "This control belongs to an older version of the bot. Use the game's `table` command for a fresh table.",
  "component/no_action": "That control does nothing here. Use the buttons and menus of the newest table message.",
  "interaction/late": "⌛ Discord delivered that too late to act on, so nothing was changed. Please try again.",
  "bot/failed": "Something went wrong on our side. Use the game's `table` command to see the table as it stands.",
  "table/none": (p: Params) =>
    p.command
      ? `There is no table here yet. Start one with \`/${p.command} new\` (pick a game); others then join with \`/${p.command} join\` or the Join button.`
      : "There is no table here yet. Start one with a game's `new` command; others then join with its `join` command or the Join button.",
  "table/stale":
    "This table has moved on since that message. Use the newest table message (the bot's last one), or the game's `table` command.",
  "table/already_done": "✅ Already done: your first click counted.",
  "table/exists": "A table is already open here. Join it, or open yours in another channel or thread.",
  "table/started": "This game has already started.",
  "table/already_seated": "You already have a seat at this table.",
  "table/full": "This table is full.",
  "table/not_seated": "You are not seated at this table.",
  "table/in_play": "The game is under way: seats cannot be left mid-game. The host can end the table.",
  "table/over": "This game is over. Start a new one with the game's `new` command.",
  "table/not_host": (p: Params) => `Only the host can ${p.what ?? "do that"}.`,
  "table/not_started": "No game is running here yet.",
  "table/no_computers": "This game has no computer players yet.",
  "table/no_computer": "There is no computer player at this table.",
  "table/kick_not_seated": "That person has no seat at this table.",
  "table/kick_solitaire": "A solitaire game has one player: there is nobody to remove.",
  "table/kick_computer": "That seat holds a computer player: remove computers in the lobby with `bot remove`.",
  "table/other_game": (p: Params) =>
    p.command
      ? `This channel's table is ${p.what ?? "another game"}: use \`/${p.command}\` here (for example \`/${p.command} join\`).`
      : `This channel's table is ${p.what ?? "another game"}: use that game's command here.`,
  "table/gone": "This game is over or its table was closed. Start a new one with the game's `new` command.",
  "clock/not_away": "You are not marked away: your seat is yours.",
  "action/not_your_turn": (p: Params) => `It is not your turn: ${p.name ?? "someone else"} is playing.`,
} as const;

/** A refusal's stable code. */
export type RefusalCode = keyof typeof REFUSALS;

/** Codes that are not errors: said without the ❌ (a double click, for example). */
const CALM: ReadonlySet<RefusalCode> = new Set(["table/already_done", "interaction/late", "clock/not_away"]);

/** The words for a refusal code. */
export function refusal(code: RefusalCode, params: Params = {}): string {
  const w = REFUSALS[code];
  return typeof w === "function" ? w(params) : w;
}

/** The `UserError` for a refusal code, with its words (throw it). */
export function refuse(code: RefusalCode, params: Params = {}): UserError {
  const named = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return new UserError(code, refusal(code, params), CALM.has(code) ? "info" : "error", named);
}
