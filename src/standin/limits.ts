/**
 * Discord's documented limits, enforced by the stand-in so a test meets here what a user
 * would meet there: a payload Discord refuses is refused with 400 and JSON error code 50035
 * ("Invalid Form Body"), with the path of the first offending field.
 *
 * Sources (Discord API docs):
 * - message components: https://discord.com/developers/docs/components/reference
 *   (at most 5 action rows; a row holds up to 5 buttons or one select; custom_id at most
 *   100 characters; button label 80; select: 1 to 25 options, placeholder 150; option label,
 *   value and description 100);
 * - messages: https://discord.com/developers/docs/resources/message#create-message
 *   (content 2000 characters, at most 10 embeds);
 * - autocomplete: https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-autocomplete
 *   (at most 25 choices; name 1 to 100 characters; a value of the option's type, strings
 *   up to 100 characters);
 * - application commands: https://discord.com/developers/docs/interactions/application-commands
 *   (names 1-32 lower case, descriptions 1-100, at most 25 options and 25 choices).
 */
import type { ApiMessage } from "./types.ts";
import { HttpError } from "./http-error.ts";

/** A refusal as Discord words it: HTTP status, JSON code, message. */
export class LimitError extends Error {
  readonly status = 400;
  readonly code = 50035;
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`Invalid Form Body: ${path}: ${reason}`);
  }
}

/** Application command option types (API numbers). */
export const OPTION_TYPE = {
  SUB_COMMAND: 1,
  SUB_COMMAND_GROUP: 2,
  STRING: 3,
  INTEGER: 4,
  BOOLEAN: 5,
  USER: 6,
  CHANNEL: 7,
  ROLE: 8,
  MENTIONABLE: 9,
  NUMBER: 10,
  ATTACHMENT: 11,
} as const;

type Json = Record<string, unknown>;

const str = (v: unknown) => (typeof v === "string" ? v : "");
function maxLen(path: string, v: unknown, max: number, min = 0): void {
  if (v === undefined || v === null) {
    if (min > 0) throw new LimitError(path, "This field is required");
    return;
  }
  const s = String(v);
  if (s.length > max) throw new LimitError(path, `Must be ${max} or fewer in length.`);
  if (s.length < min) throw new LimitError(path, `Must be ${min} or more in length.`);
}

/** Checks a message body (create, edit, interaction response data). Throws LimitError. */
export function checkMessage(body: Json): void {
  if ((Number(body.flags ?? 0) & COMPONENTS_V2_FLAG) !== 0) {
    checkComponentsV2(body);
    return;
  }
  maxLen("content", body.content, 2000);
  const embeds = body.embeds as unknown[] | undefined;
  if (Array.isArray(embeds) && embeds.length > 10) throw new LimitError("embeds", "Must be 10 or fewer in length.");
  if (Array.isArray(embeds)) checkEmbeds(embeds as Json[]);
  const rows = body.components as Json[] | undefined;
  if (rows === undefined || rows === null) return;
  if (!Array.isArray(rows)) throw new LimitError("components", "Must be an array.");
  if (rows.length > 5) throw new LimitError("components", "Must be 5 or fewer in length.");
  const ids = new Set<string>();
  rows.forEach((row, r) => {
    if (row.type !== 1) throw new LimitError(`components.${r}.type`, "Top-level components must be action rows.");
    checkRow(row, `components.${r}`, ids);
  });
}

/**
 * Checks one action row at `at` (a path such as `components.0`): 1 to 5 buttons or one select,
 * custom ids unique within the message (`ids`), labels, options and placeholders within limits.
 * Throws LimitError.
 */
export function checkRow(row: Json, at: string, ids: Set<string>): void {
  const items = (row.components as Json[] | undefined) ?? [];
  if (items.length === 0) throw new LimitError(`${at}.components`, "Must be 1 or more in length.");
  if (items.length > 5) throw new LimitError(`${at}.components`, "Must be 5 or fewer in length.");
  const selects = items.filter((c) => c.type !== 2);
  if (selects.length > 0 && items.length > 1) throw new LimitError(`${at}.components`, "A select menu fills its row alone.");
  items.forEach((c, i) => checkInteractive(c, `${at}.components.${i}`, ids));
}

/** Checks a button or select at `at`. Throws LimitError. */
export function checkInteractive(c: Json, at: string, ids: Set<string>): void {
  const link = c.type === 2 && c.style === 5;
  if (!link) {
    maxLen(`${at}.custom_id`, c.custom_id, 100, 1);
    if (ids.has(str(c.custom_id))) throw new LimitError(`${at}.custom_id`, "Component custom id cannot be duplicated");
    ids.add(str(c.custom_id));
  }
  if (c.type === 2) maxLen(`${at}.label`, c.label, 80);
  if (c.type === 3) {
    const options = (c.options as Json[] | undefined) ?? [];
    if (options.length < 1 || options.length > 25) throw new LimitError(`${at}.options`, "Must be between 1 and 25 in length.");
    maxLen(`${at}.placeholder`, c.placeholder, 150);
    const values = new Set<string>();
    options.forEach((o, k) => {
      maxLen(`${at}.options.${k}.label`, o.label, 100, 1);
      maxLen(`${at}.options.${k}.value`, o.value, 100, 1);
      maxLen(`${at}.options.${k}.description`, o.description, 100);
      if (values.has(str(o.value))) throw new LimitError(`${at}.options.${k}.value`, "Select option values must be unique");
      values.add(str(o.value));
    });
  }
}

/** The message flag that makes a message's layout its components (Components V2): `IS_COMPONENTS_V2`, 1 << 15. */
export const COMPONENTS_V2_FLAG = 1 << 15;
/** Components V2's limits: components in a message counted with nesting, and characters of text in all text displays. */
export const V2_MAX_COMPONENTS = 40;
export const V2_MAX_TEXT = 4000;
/** Component types of the V2 layout (https://discord.com/developers/docs/components/reference). */
export const V2 = { SECTION: 9, TEXT: 10, THUMBNAIL: 11, GALLERY: 12, FILE: 13, SEPARATOR: 14, CONTAINER: 17 } as const;

/**
 * Checks a message with the `IS_COMPONENTS_V2` flag: no `content`, `embeds`, `poll` or
 * `stickers`; at most 40 components counted with nesting (a container and each of its
 * children, a section, its texts and its accessory); at most 4,000 characters over every text
 * display; rows, buttons and selects as in any message. Throws LimitError.
 * https://discord.com/developers/docs/components/using-message-components#using-components-v2
 */
export function checkComponentsV2(body: Json): void {
  for (const legacy of ["content", "embeds", "poll", "stickers"] as const) {
    const v = body[legacy];
    if (v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0) && v !== "")
      throw new LimitError(
        legacy,
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2: content, embeds, poll and stickers are not allowed with the IS_COMPONENTS_V2 flag",
      );
  }
  const top = (body.components as Json[] | undefined) ?? [];
  if (!Array.isArray(top)) throw new LimitError("components", "Must be an array.");
  let count = 0;
  let text = 0;
  const ids = new Set<string>();
  const walk = (c: Json, at: string): void => {
    count++;
    if (count > V2_MAX_COMPONENTS)
      throw new LimitError("components", `Must be ${V2_MAX_COMPONENTS} or fewer in total (nested components counted).`);
    const children = (c.components as Json[] | undefined) ?? [];
    if (c.type === 1) {
      checkRow(c, at, ids);
      count += children.length;
    } else if (c.type === V2.TEXT) {
      text += String(c.content ?? "").length;
      if (text > V2_MAX_TEXT) throw new LimitError(`${at}.content`, `Text displays must hold ${V2_MAX_TEXT} or fewer characters in total.`);
    } else if (c.type === V2.SECTION) {
      if (children.length < 1 || children.length > 3) throw new LimitError(`${at}.components`, "Must be between 1 and 3 in length.");
      children.forEach((t, i) => walk(t, `${at}.components.${i}`));
      const accessory = c.accessory as Json | undefined;
      if (!accessory) throw new LimitError(`${at}.accessory`, "This field is required");
      if (accessory.type === 2) {
        count++;
        checkInteractive(accessory, `${at}.accessory`, ids);
      } else walk(accessory, `${at}.accessory`);
    } else if (c.type === V2.CONTAINER) {
      children.forEach((t, i) => walk(t, `${at}.components.${i}`));
    } else if (c.type === V2.GALLERY) {
      const items = (c.items as Json[] | undefined) ?? [];
      if (items.length < 1 || items.length > 10) throw new LimitError(`${at}.items`, "Must be between 1 and 10 in length.");
    } else if (c.type === 2 || c.type === 3)
      throw new LimitError(`${at}.type`, "Buttons and selects sit in an action row or a section's accessory.");
  };
  top.forEach((c, i) => walk(c, `components.${i}`));
}

/**
 * Checks an edit of `before` by `body` under Components V2's rules: a message that has the flag
 * keeps it (an edit that sets `flags` without it is refused), and the edited message is checked
 * whole. Throws LimitError.
 */
export function checkEditV2(before: { flags?: number }, body: Json): void {
  const had = ((before.flags ?? 0) & COMPONENTS_V2_FLAG) !== 0;
  if (!had) return;
  if (body.flags !== undefined && body.flags !== null && (Number(body.flags) & COMPONENTS_V2_FLAG) === 0)
    throw new LimitError("flags", "The IS_COMPONENTS_V2 flag cannot be removed from a message.");
  checkComponentsV2(body);
}

/** Checks an edit of message `before` by `body`: under V2's rules when `before` has the flag, else as a message body. Throws LimitError. */
export function checkMessageEdit(before: { flags?: number }, body: Json): void {
  if (((before.flags ?? 0) & COMPONENTS_V2_FLAG) !== 0) checkEditV2(before, body);
  else checkMessage(body);
}

/** An option definition as registered (the parts the checks read). */
export interface OptionDef {
  readonly name: string;
  readonly type: number;
  readonly required?: boolean;
  readonly autocomplete?: boolean;
  readonly choices?: readonly { name: string; value: string | number }[];
  readonly options?: readonly OptionDef[];
  readonly min_value?: number;
  readonly max_value?: number;
  readonly min_length?: number;
  readonly max_length?: number;
}

/** Does `value` have the type of an option of `type`? */
export function valueFitsType(type: number, value: unknown): boolean {
  if (type === OPTION_TYPE.STRING) return typeof value === "string";
  if (type === OPTION_TYPE.INTEGER) return typeof value === "number" && Number.isInteger(value);
  if (type === OPTION_TYPE.NUMBER) return typeof value === "number" && Number.isFinite(value);
  if (type === OPTION_TYPE.BOOLEAN) return typeof value === "boolean";
  return typeof value === "string";
}

/** Checks an autocomplete answer against the focused option's definition. */
export function checkChoices(choices: unknown, def: OptionDef | undefined): void {
  if (!Array.isArray(choices)) throw new LimitError("data.choices", "Must be an array.");
  if (choices.length > 25) throw new LimitError("data.choices", "Must be 25 or fewer in length.");
  choices.forEach((c: Json, i) => {
    maxLen(`data.choices.${i}.name`, c.name, 100, 1);
    if (def && !valueFitsType(def.type, c.value)) {
      const kind = def.type === OPTION_TYPE.INTEGER ? "int" : def.type === OPTION_TYPE.NUMBER ? "number" : "string";
      throw new LimitError(`data.choices.${i}.value`, `Value ${String(c.value)} is not ${kind}.`);
    }
    if (typeof c.value === "string") maxLen(`data.choices.${i}.value`, c.value, 100);
  });
}

/** Discord's locale codes (https://discord.com/developers/docs/reference#locales). */
export const DISCORD_LOCALE_CODES: ReadonlySet<string> = new Set(
  "id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el bg ru uk hi th zh-CN ja zh-TW ko".split(" "),
);
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/**
 * Checks a node's `name_localizations` / `description_localizations`: known locale codes only,
 * names by the name rule (lower case where the script has case, at most 32), descriptions 1-100
 * (`choice`: a choice's names, 1-100 characters of any kind).
 */
function checkLocalizations(node: Json, at: string, choice = false): void {
  for (const field of ["name_localizations", "description_localizations"] as const) {
    const map = node[field];
    if (map === undefined || map === null) continue;
    for (const [code, v] of Object.entries(map as Json)) {
      if (!DISCORD_LOCALE_CODES.has(code)) throw new LimitError(`${at}.${field}.${code}`, `Invalid locale ${code}.`);
      if (field === "name_localizations" && !choice && (typeof v !== "string" || !NAME.test(v) || v !== v.toLowerCase()))
        throw new LimitError(`${at}.${field}.${code}`, "Command name is invalid");
      else maxLen(`${at}.${field}.${code}`, v, 100, 1);
    }
  }
}

/** Refuses two siblings with one name, in the default names or in any one language. */
function checkUniqueNames(nodes: readonly Json[], at: string): void {
  const seen = new Map<string, number>();
  nodes.forEach((n, i) => {
    const names: [string, unknown][] = [["", n.name], ...Object.entries((n.name_localizations as Json | undefined) ?? {})];
    for (const [code, v] of names) {
      const key = `${code}:${String(v)}`;
      if (seen.has(key))
        throw new LimitError(
          `${at ? `${at}.` : ""}${i}.name${code ? `_localizations.${code}` : ""}`,
          "Application command names must be unique",
        );
      seen.set(key, i);
    }
  });
}

/** Checks a whole registration (PUT of every command): each command, and no two with one name. */
export function checkCommands(cmds: readonly Json[]): void {
  cmds.forEach((c, i) => checkCommand(c, String(i)));
  checkUniqueNames(cmds, "");
}

/**
 * The Entry Point rules of a bulk overwrite of `scope`'s commands (`PUT
 * /applications/{app}/commands`, or a guild's): an Entry Point command (type 4) only globally,
 * one at most, only for an app with Activities enabled; and a global overwrite must carry the
 * app's Entry Point command (by name) or Discord refuses it whole with 50240. `existing`: the
 * scope's commands now.
 * https://discord.com/developers/docs/interactions/application-commands#entry-point-commands
 * Errors: `LimitError` (400/50035); `HttpError` 400/50240.
 */
export function checkEntryPoints(scope: string, cmds: readonly Json[], existing: readonly Json[], activitiesEnabled: boolean): void {
  const entries = cmds.flatMap((c, i) => (c.type === 4 ? [i] : []));
  if (entries.length > 0 && scope !== "global")
    throw new LimitError(`${entries[0]}.type`, "An Entry Point command can only be a global command.");
  if (entries.length > 1) throw new LimitError(`${entries[1]}.type`, "An app can have only one Entry Point command.");
  if (entries.length > 0 && !activitiesEnabled)
    throw new LimitError(`${entries[0]}.type`, "Entry Point commands are for apps with Activities enabled.");
  const kept = existing.find((c) => c.type === 4);
  if (kept && !cmds.some((c) => c.type === 4 && c.name === kept.name))
    throw new HttpError(
      400,
      50240,
      "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
    );
}

/** Checks one command registration body. */
export function checkCommand(cmd: Json, at = "0"): void {
  const name = str(cmd.name);
  if (!/^[-_\p{Ll}\p{N}]{1,32}$/u.test(name)) throw new LimitError(`${at}.name`, "Command name is invalid");
  const type = cmd.type ?? 1;
  // CHAT_INPUT (1) and PRIMARY_ENTRY_POINT (4) commands carry a description of 1-100 characters.
  if (type === 1 || type === 4) maxLen(`${at}.description`, cmd.description, 100, 1);
  if (cmd.handler !== undefined && cmd.handler !== null) {
    if (type !== 4) throw new LimitError(`${at}.handler`, "Only an Entry Point command (type 4) has a handler.");
    if (cmd.handler !== 1 && cmd.handler !== 2) throw new LimitError(`${at}.handler`, "Value must be one of (1, 2).");
  }
  if (type === 4 && Array.isArray(cmd.options) && cmd.options.length > 0)
    throw new LimitError(`${at}.options`, "An Entry Point command takes no options.");
  checkLocalizations(cmd, at);
  // Where it may be used: installation types (0 guild, 1 user) and contexts (0 guild, 1 the
  // bot's DM, 2 other private channels), each a non-empty list of distinct known values.
  for (const [field, known] of [
    ["integration_types", [0, 1]],
    ["contexts", [0, 1, 2]],
  ] as const) {
    const v = cmd[field];
    if (v === undefined || v === null) continue;
    if (!Array.isArray(v) || v.length === 0 || new Set(v).size !== v.length || v.some((x) => !(known as readonly unknown[]).includes(x)))
      throw new LimitError(`${at}.${field}`, `Must be distinct values of ${known.join(", ")}.`);
  }
  const walk = (options: readonly OptionDef[] | undefined, path: string) => {
    if (!options) return;
    if (options.length > 25) throw new LimitError(`${path}.options`, "Must be 25 or fewer in length.");
    checkUniqueNames(options as unknown as Json[], `${path}.options`);
    options.forEach((o, i) => {
      const p = `${path}.options.${i}`;
      if (!/^[-_\p{Ll}\p{N}]{1,32}$/u.test(o.name)) throw new LimitError(`${p}.name`, "Option name is invalid");
      maxLen(`${p}.description`, (o as unknown as Json).description, 100, 1);
      checkLocalizations(o as unknown as Json, p);
      if (o.choices && o.choices.length > 25) throw new LimitError(`${p}.choices`, "Must be 25 or fewer in length.");
      if (o.choices && o.autocomplete) throw new LimitError(`${p}.autocomplete`, "Autocomplete cannot be set with choices.");
      o.choices?.forEach((c, k) => {
        maxLen(`${p}.choices.${k}.name`, c.name, 100, 1);
        checkLocalizations(c as unknown as Json, `${p}.choices.${k}`, true);
        if (!valueFitsType(o.type, c.value)) throw new LimitError(`${p}.choices.${k}.value`, "Choice value has the wrong type.");
      });
      walk(o.options, p);
    });
  };
  walk(cmd.options as OptionDef[] | undefined, at);
}

/**
 * Every button and select of a message's components, in the order they are shown: in action
 * rows at the top (classic) or inside containers, and as sections' accessories (Components V2).
 */
export function interactiveComponents(components: readonly unknown[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (c: Record<string, unknown>): void => {
    if (c.type === 2 || (typeof c.type === "number" && c.type >= 3 && c.type <= 8)) {
      out.push(c);
      return;
    }
    for (const child of (c.components as Record<string, unknown>[] | undefined) ?? []) walk(child);
    if (c.accessory) walk(c.accessory as Record<string, unknown>);
  };
  for (const c of components) walk(c as Record<string, unknown>);
  return out;
}

/**
 * Throws unless `values` is a choice Discord's client could send from select menu `customId` of
 * `message`: each value one of its options, once, and as many as its `min_values`..`max_values`
 * (https://discord.com/developers/docs/components/reference#string-select).
 */
export function checkChoice(message: ApiMessage, customId: string, values: readonly string[]): void {
  const menus = interactiveComponents(message.components);
  const menu = menus.find((c) => c.custom_id === customId && c.type === 3);
  if (!menu) throw new Error(`no select menu ${customId} on message ${message.id}`);
  const offered = new Set(((menu.options as { value: string }[] | undefined) ?? []).map((o) => o.value));
  const min = typeof menu.min_values === "number" ? menu.min_values : 1;
  const max = typeof menu.max_values === "number" ? menu.max_values : 1;
  if (values.length < min || values.length > max) throw new Error(`menu ${customId} takes ${min} to ${max} values, not ${values.length}`);
  if (new Set(values).size !== values.length || values.some((v) => !offered.has(v)))
    throw new Error(`menu ${customId} does not offer ${values.filter((v) => !offered.has(v)).join(", ") || "a value twice"}`);
}

/**
 * Throws unless a click of button `customId` on `message` is one Discord's client could send:
 * a button with that `custom_id` that the message showed enabled in one of its versions
 * (`shown`: every enabled button it ever showed; a client that has not seen an edit yet still
 * shows the button the edit took away or greyed out), or that `message` (the viewer's copy)
 * shows enabled (https://discord.com/developers/docs/components/reference#button). A click of a
 * button no client ever showed never reaches a bot: a test that sends one has made a mistake.
 */
export function checkButton(message: ApiMessage, customId: string, shown: ReadonlySet<string> | undefined): void {
  if (shown?.has(customId)) return;
  const button = interactiveComponents(message.components).find((c) => c.custom_id === customId && c.type === 2);
  if (!button) throw new Error(`no button ${customId} was ever shown on message ${message.id}`);
  if (button.disabled === true) throw new Error(`button ${customId} on message ${message.id} was only ever shown disabled`);
}

/** The label of button `customId` on `message`, or its menu's placeholder ("a menu" without one); for the page's "clicked" line. */
export function componentLabel(message: ApiMessage, customId: string): string | undefined {
  const c = interactiveComponents(message.components).find((x) => x.custom_id === customId);
  if (!c) return undefined;
  if (c.type === 2) return typeof c.label === "string" ? c.label : undefined;
  return typeof c.placeholder === "string" ? c.placeholder : "a menu";
}

/**
 * Discord's embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits):
 * title 256, description 4096, at most 25 fields, field name 256 and value 1024, footer text
 * 2048, author name 256; and all of these together, over every embed of the message, 6000.
 */
function checkEmbeds(embeds: readonly Json[]): void {
  let total = 0;
  const text = (path: string, v: unknown, max: number) => {
    if (v === undefined || v === null) return;
    maxLen(path, v, max);
    total += String(v).length;
  };
  embeds.forEach((e, i) => {
    text(`embeds.${i}.title`, e.title, 256);
    text(`embeds.${i}.description`, e.description, 4096);
    text(`embeds.${i}.footer.text`, (e.footer as Json | undefined)?.text, 2048);
    text(`embeds.${i}.author.name`, (e.author as Json | undefined)?.name, 256);
    const fields = (e.fields as Json[] | undefined) ?? [];
    if (fields.length > 25) throw new LimitError(`embeds.${i}.fields`, "Must be 25 or fewer in length.");
    fields.forEach((f, j) => {
      text(`embeds.${i}.fields.${j}.name`, f.name, 256);
      text(`embeds.${i}.fields.${j}.value`, f.value, 1024);
    });
  });
  if (total > 6000) throw new LimitError("embeds", "Embed size exceeds maximum size of 6000");
}
