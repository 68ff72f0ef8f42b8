/**
 * The one place component customIds are built and read. Format (max 100 chars, Discord's
 * limit: https://discord.com/developers/docs/interactions/message-components#custom-id):
 *
 *     ox1|<verb>|<rev>|<arg>...
 *
 * `ox1` names this codec and its version; `rev` is the table revision the component was
 * drawn for, so a click on an older table message is recognised and answered politely.
 * `decode` returns null for ids it does not own (other codecs, old formats). Each feature and
 * game claims its verbs at the component front door (commands/components.ts).
 */

/** A component verb: 2 to 12 lowercase letters. */
export type ComponentVerb = string;
const VERB = /^[a-z]{2,12}$/;

/** A decoded customId. */
export interface ComponentId {
  readonly verb: ComponentVerb;
  readonly rev: number;
  readonly args: readonly string[];
}

const PREFIX = "ox1";
const MAX = 100;

/** Builds a customId; throws if it would exceed 100 characters or holds a `|` (bugs). */
export function encodeId(verb: ComponentVerb, rev: number, ...args: (string | number)[]): string {
  if (!VERB.test(verb)) throw new Error(`bad component verb ${verb}`);
  const parts = [PREFIX, verb, String(rev), ...args.map(String)];
  if (parts.some((p, i) => i > 0 && p.includes("|"))) throw new Error("customId part contains |");
  const id = parts.join("|");
  if (id.length > MAX) throw new Error(`customId too long (${id.length})`);
  return id;
}

/** Reads a customId built by `encodeId`; null for foreign or malformed ids. */
export function decodeId(id: string): ComponentId | null {
  const parts = id.split("|");
  if (parts[0] !== PREFIX || parts.length < 3) return null;
  const verb = parts[1] as ComponentVerb;
  if (!VERB.test(verb)) return null;
  const rev = Number(parts[2]);
  if (!Number.isSafeInteger(rev) || rev < 0) return null;
  return { verb, rev, args: parts.slice(3) };
}
