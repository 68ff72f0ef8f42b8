/**
 * Finding English in what a French or German player reads: every text a message shows (its
 * words, embeds, buttons, menus, alt text) and a detector of English words that French and
 * German sentences of ours never use.
 */
import type { ApiMessage } from "../../src/standin/types.ts";
import { said } from "./message.ts";

/**
 * English words that no French or German sentence of ours uses (words a language shares with
 * English, such as `table`, `session`, `Hand`, `Start` or `will`, are left out): one of them in what a player reads
 * means an English sentence reached them.
 */
export const ENGLISH =
  /(?<!\p{L})(the|your|you|is|are|and|with|this|has|have|what|where|who|can|not|turn|cards?|pass|passed|placed|took|player|players|press|join|joined|drew|discarded|round|stock|winner|winners|over|game|seat|seated|left|ready|waiting|thinking|shown|again)(?!\p{L})/iu;

/** Every piece of text a message shows a person: its words, embeds, buttons, menus and alt text. */
export function textsOf(m: ApiMessage): string[] {
  const out = [said(m)];
  for (const e of m.embeds) out.push(String(e.title ?? ""), String(e.description ?? ""));
  const walk = (c: Record<string, unknown>): void => {
    for (const k of ["label", "placeholder", "description"]) if (typeof c[k] === "string") out.push(c[k] as string);
    for (const o of (c.options as Record<string, unknown>[] | undefined) ?? [])
      out.push(String(o.label ?? ""), String(o.description ?? ""));
    for (const item of (c.items as Record<string, unknown>[] | undefined) ?? []) out.push(String(item.description ?? ""));
    for (const child of (c.components as Record<string, unknown>[] | undefined) ?? []) walk(child);
    if (c.accessory) walk(c.accessory as Record<string, unknown>);
  };
  for (const c of m.components) walk(c);
  for (const a of m.attachments) out.push(a.description ?? "");
  return out.filter((t) => t.trim() !== "");
}

/**
 * The texts of `seen` with an English word in them (mentions, command mentions, command names
 * and card codes aside), or a placeholder left unfilled (`{{new}}`: a message given too few values).
 */
export function english(seen: Iterable<string>): string[] {
  // A command mention (`</onze join:123>`) is shown by each client in its reader's language.
  const shown = (t: string) =>
    t
      .replace(/<\/[^:>]+:\d+>/g, "")
      .replace(/<[@#&!]*\d+>/g, "")
      .replace(/`[^`]*`/g, "");
  return [...seen].filter((t) => /\{\{\w+\}\}/.test(t) || ENGLISH.test(shown(t)));
}
