/**
 * The words the bot says when it refuses something that is not a game rule (those come from
 * the engines with their codes): one table, used by every game, so the same mistake always
 * gets the same words. Keys are the stable codes of `UserError`.
 */
const REFUSALS = {
  "command/unknown": "This command is not known to the bot (is it deployed?).",
  "component/unknown": "This control belongs to an older version of the bot. Use the game's `table` command for a fresh table.",
  "component/no_action": "That control does nothing here. Use the buttons and menus of the newest table message.",
  "interaction/late": "⌛ Discord delivered that too late to act on, so nothing was changed. Please try again.",
  "bot/failed": "Something went wrong on our side. Use the game's `table` command to see the table as it stands.",
} as const;

/** A refusal's stable code. */
export type RefusalCode = keyof typeof REFUSALS;

/** The words for a refusal code. */
export function refusal(code: RefusalCode): string {
  return REFUSALS[code];
}
