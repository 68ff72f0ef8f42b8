/**
 * The public table message as the bot layer handles it (src/bot/live.ts keeps one live per
 * channel): a `TablePayload` is a message plus the one-line `record` it leaves behind once a
 * newer table message is posted, and `rev`, where it stands in the channel's history. Pure:
 * builders of that payload (`tableMessage`, `asTable`, `quiet`) and of what an older one is
 * edited down to (`recordPayload`, `joinRecords`); `withoutRecord` is what goes to Discord.
 */
import { type BaseMessageOptions, ComponentType, type MessageEditOptions } from "discord.js";
import { t, type Locale } from "../i18n/index.ts";
import { restartNote } from "./restart.ts";
import { asContainer, V2_FLAG } from "./components-v2.ts";
import { tableLocale } from "./words.ts";

/** A public table message and the line it leaves behind once a newer one is posted. */
export type TablePayload = BaseMessageOptions & { readonly record?: string; readonly rev?: TableOrder };

/**
 * Where a table picture stands in the channel's history: the table's last change (ms) and its
 * revision. Compared as a pair, so a later table (after `/end` and `/new`) counts as newer even
 * though its revisions start again.
 */
export type TableOrder = readonly [updatedAt: number, rev: number];

/**
 * What a superseded table message becomes: its record, in small type. A Components V2 message
 * (`v2`) keeps its flag, which Discord never lets an edit remove: the record is its one text
 * display; a classic message (posted before V2) keeps its content.
 */
export function recordPayload(record: string, v2 = false): MessageEditOptions {
  if (v2)
    return {
      components: [{ type: ComponentType.TextDisplay, content: `-# ${record}` }],
      flags: V2_FLAG,
      files: [],
      attachments: [],
    } as MessageEditOptions;
  return { content: `-# ${record}`, components: [], embeds: [], files: [], attachments: [] };
}

/**
 * Marks `payload` as a table message whose record is `note` (the move or change it shows),
 * or a plain line for its status when there is no note (in `locale`, the table's).
 */
export function asTable(
  payload: BaseMessageOptions,
  note: string | undefined,
  status: "lobby" | "playing" | "over",
  rev?: TableOrder,
  locale: Locale = "en",
): TablePayload {
  const fallback = t(locale, status === "lobby" ? "table.record_lobby" : status === "over" ? "table.record_over" : "table.record_shown");
  const line = (note ?? "")
    .split("\n")
    .find((l) => l.trim() !== "")
    ?.trim();
  return { ...payload, record: line ? line.slice(0, 300) : fallback, ...(rev !== undefined ? { rev } : {}) };
}

/**
 * The same message without pinging anyone (mentions still show as names): for a table shown
 * again (`table`, a restart), so a player is mentioned once a turn, by the move that began it.
 */
export function quiet<T extends BaseMessageOptions>(payload: T): T {
  return { ...payload, allowedMentions: { parse: [] } };
}

/** Records of one message's steps on one line, at most 300 characters (the end cut with …). */
export function joinRecords(records: readonly string[]): string {
  const line = records.filter((r) => r.trim() !== "").join(" · ");
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** The record of a payload, if it is a table message. */
export function recordOf(payload: BaseMessageOptions): string | undefined {
  return (payload as TablePayload).record;
}

/** Without the `record` field (what is sent to Discord). */
export function withoutRecord(payload: BaseMessageOptions): BaseMessageOptions {
  if (!("record" in payload)) return payload;
  const { record: _r, rev: _v, ...rest } = payload as TablePayload;
  return rest;
}

/**
 * A table game's public message builder made whole: `message(rec, note)` draws the game's own
 * message (classic shape: content, picture files, rows) and `heading(rec)` its heading (the
 * game, round and whose turn); the result is one Components V2 container (src/bot/components-v2.ts) and
 * carries the restart note (said once per table after a restart, above `note`;
 * src/bot/restart.ts) and the marks of a live table message (`asTable`), so no game writes
 * that part itself.
 */
export function tableMessage<
  R extends {
    readonly game: string;
    readonly createdAt: number;
    readonly updatedAt: number;
    readonly rev: number;
    readonly status: "lobby" | "playing" | "over";
    readonly locale?: Locale;
  },
>(
  message: (rec: R, note?: string) => Promise<BaseMessageOptions> | BaseMessageOptions,
  heading?: (rec: R) => string | undefined,
): (rec: R, note?: string) => Promise<TablePayload> {
  return async (rec, note) => {
    const said = restartNote(rec, rec.game, note);
    const drawn = await message(rec, said);
    const title = rec.status === "lobby" ? undefined : heading?.(rec);
    return asTable(asContainer(drawn, title), said, rec.status, [rec.updatedAt, rec.rev], tableLocale(rec));
  };
}
