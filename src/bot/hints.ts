/**
 * Hint suggestions of autocomplete: a line of help shown as the list's only entry ("Choose a card
 * from your hand first", "This card fits nowhere now: pick another or pass"). Discord lets a
 * person pick such a line like any choice and send the command with its value, so a hint's value
 * is a marker nobody types (`HINT_VALUE`), and the words last shown to each person for each option
 * are kept (`rememberHints`): a command sent with the marker is answered with those words
 * (`pickedHint`), not with a refusal of the marker as a card, a place or a clock.
 *
 * Source: Discord API, "Application Commands › Autocomplete" (a choice's name is 1–100
 * characters, its value of the option's type) and "Receiving and Responding › Autocomplete".
 */
import type { ApplicationCommandOptionChoiceData, ChatInputCommandInteraction, CommandInteractionOption } from "discord.js";
import { UserError } from "./errors.ts";
import { inputError } from "./words.ts";

/**
 * The value of a hint choice: one invisible separator (U+2063), which fits any string option's
 * `max_length` (some take as few as 3 characters) and which nobody types. For string options only.
 */
export const HINT_VALUE = "\u2063";

/** A hint shown as the only suggestion ("No game is running here"); dropped for number options. */
export function hint(text: string): ApplicationCommandOptionChoiceData<string>[] {
  return [{ name: text, value: HINT_VALUE }];
}

/** Hints kept at most (one a person, command and option); all are dropped when full. */
const KEPT = 2_000;
/** The last hint shown, by `user command-path option`. */
const shown = new Map<string, string>();
const keyOf = (userId: string, path: string, option: string) => `${userId}\u0001${path}\u0001${option}`;

/**
 * Keeps the hint among `choices` (the suggestions as answered, names already fitted to 100
 * characters), if any, as what `userId` was last told for `option` of the command `path`
 * (`onexeno play`). Suggestions without a hint leave the last one kept.
 */
export function rememberHints(
  userId: string,
  path: string,
  option: string,
  choices: readonly ApplicationCommandOptionChoiceData<string | number>[],
): void {
  const said = choices.find((c) => c.value === HINT_VALUE);
  if (!said) return;
  if (shown.size >= KEPT) shown.clear();
  shown.set(keyOf(userId, path, option), said.name);
}

/** The first option (at any depth under subcommands) sent with the hint marker as its value. */
function markedOption(options: readonly CommandInteractionOption[]): CommandInteractionOption | undefined {
  for (const o of options) {
    if (o.value === HINT_VALUE) return o;
    const inner = o.options ? markedOption(o.options) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The refusal for a command sent with a hint picked as an option's value: the hint's own words
 * as shown to this person (code `input/hint`, already in their language), or, when this process
 * did not show it (a restart in between), `input/hint_picked` naming the option. Null when no
 * option carries the marker. `path` is the command's path (`onexeno play`).
 */
export function pickedHint(interaction: Pick<ChatInputCommandInteraction, "user" | "options">, path: string): UserError | null {
  const marked = markedOption(interaction.options.data);
  if (!marked) return null;
  const said = shown.get(keyOf(interaction.user.id, path, marked.name));
  return said
    ? new UserError("input/hint", said)
    : inputError("input/hint_picked", { option: marked.name, path: `${path} ${marked.name}` });
}
