/**
 * The public table message as the bot layer handles it (src/surfaces/channel/live.ts keeps one live per
 * channel): a `TablePayload` is a message plus the one-line `record` it leaves behind once a
 * newer table message is posted, and `rev`, where it stands in the channel's history. Pure:
 * builders of that payload (`tableMessage`, `asTable`, `quiet`) and of what an older one is
 * edited down to (`recordPayload`, `joinRecords`); `withoutRecord` is what goes to Discord.
 */
import { type APIContainerComponent, type BaseMessageOptions, ComponentType, type MessageEditOptions } from "discord.js";
import { COMMITMENT_SHOWN, dealCommitment } from "../engine/rng.ts";
import { t, type Locale } from "../i18n/index.ts";
import { restartNote } from "./restart.ts";
import { asContainer, DEAL_LINE_ID, V2_FLAG } from "./components-v2.ts";
import { tableLocale } from "./words.ts";
import { type SurfaceShown, surfaceButtons, withButtons } from "../surfaces/buttons.ts";

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
 * or a plain line for its status when there is no note (in `locale`, the table's). A finished
 * table's record is every line of its note (the last move, the hand's result, who won), so that
 * the game's result stays readable in the channel once Play again posts the next table.
 */
export function asTable(
  payload: BaseMessageOptions,
  note: string | undefined,
  status: "lobby" | "playing" | "over",
  rev?: TableOrder,
  locale: Locale = "en",
): TablePayload {
  const fallback = t(locale, status === "lobby" ? "table.record_lobby" : status === "over" ? "table.record_over" : "table.record_shown");
  const lines = (note ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  const line = status === "over" ? (lines.length ? joinRecords(lines) : undefined) : lines[0];
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

/** Whether `payload` is a table message: it carries its record or its place in the channel's history. */
export function isTablePayload(payload: BaseMessageOptions): payload is TablePayload {
  return "record" in payload || "rev" in payload;
}

/** The record of a payload, if it is a table message. */
export function recordOf(payload: BaseMessageOptions): string | undefined {
  return isTablePayload(payload) ? payload.record : undefined;
}

/** Where a payload stands in its channel's history, if it is a table message that says (`TablePayload.rev`). */
export function revOf(payload: BaseMessageOptions): TableOrder | undefined {
  return isTablePayload(payload) ? payload.rev : undefined;
}

/** Without the `record` field (what is sent to Discord). */
export function withoutRecord(payload: BaseMessageOptions): BaseMessageOptions {
  if (!isTablePayload(payload)) return payload;
  const { record: _r, rev: _v, ...rest } = payload;
  return rest;
}

/** What a table message needs to say about its deal. */
export interface DealShown {
  readonly seed: string;
  readonly namedSeed?: true;
  readonly seats: readonly unknown[];
  readonly state: unknown;
  readonly status: "lobby" | "playing" | "over";
}

/**
 * The line a dealt table's message carries about its deal, in `locale` (docs/rules/tournaments.md,
 * "Fair deals"): while a game of two or more seats runs, the commitment (the first
 * `COMMITMENT_SHOWN` hex digits of SHA-256 of its secret seed); once it is over, the seed itself,
 * which anyone can hash to check it (docs/game-record.md, "Verifying a deal"). A named deal says
 * it is one. Undefined for a lobby and for a one-seat game (its seed is meant to be shared).
 */
export function dealLine(rec: DealShown, locale: Locale = "en"): string | undefined {
  if (rec.status === "lobby" || rec.state === null || rec.seats.length < 2) return undefined;
  const hash = dealCommitment(rec.seed).slice(0, COMMITMENT_SHOWN);
  if (rec.namedSeed) return t(locale, "table.deal_named", { seed: rec.seed });
  return rec.status === "over" ? t(locale, "table.deal_seed", { seed: rec.seed, hash }) : t(locale, "table.deal_sealed", { hash });
}

/** `payload` (one V2 container) with `line` in small type under its heading (or first, without one). */
function withLine(payload: BaseMessageOptions, line: string | undefined): BaseMessageOptions {
  const container = payload.components?.[0] as APIContainerComponent | undefined;
  if (!line || container?.type !== ComponentType.Container) return payload;
  const parts = [...container.components];
  const first = parts[0];
  const at = first?.type === ComponentType.TextDisplay && first.content.startsWith("### ") ? 1 : 0;
  parts.splice(at, 0, { type: ComponentType.TextDisplay, content: `-# ${line}`, id: DEAL_LINE_ID });
  return { ...payload, components: [{ ...container, components: parts }] };
}

/**
 * A table game's public message builder made whole: `message(rec, note)` draws the game's own
 * message (classic shape: content, picture files, rows) and `heading(rec)` its heading (the
 * game, round and whose turn); the result is one Components V2 container (src/bot/components-v2.ts) and
 * carries the restart note (said once per table after a restart, above `note`;
 * src/bot/restart.ts) and the marks of a live table message (`asTable`), so no game writes
 * that part itself, nor its deal's line (`dealLine`).
 */
export function tableMessage<
  R extends {
    readonly game: string;
    readonly createdAt: number;
    readonly updatedAt: number;
    readonly rev: number;
    readonly status: "lobby" | "playing" | "over";
    readonly locale?: Locale;
  } & Partial<DealShown> &
    Pick<SurfaceShown, "guildId" | "turnClock">,
>(
  message: (rec: R, note?: string) => Promise<BaseMessageOptions> | BaseMessageOptions,
  heading?: (rec: R) => string | undefined,
): (rec: R, note?: string) => Promise<TablePayload> {
  return async (rec, note) => {
    const said = restartNote(rec, rec.game, note);
    // The surface's own buttons (Claim the turn, Open live table) join the game's rows.
    const drawn = withButtons(await message(rec, said), surfaceButtons(rec));
    const title = rec.status === "lobby" ? undefined : heading?.(rec);
    const { seed, seats, namedSeed, state = null, status } = rec;
    const deal =
      seed !== undefined && seats !== undefined
        ? dealLine({ seed, seats, state, status, ...(namedSeed ? { namedSeed } : {}) }, tableLocale(rec))
        : undefined;
    // A finished game's record keeps its result (who won, the final scores) with the last move's
    // note: the line it leaves once a newer message (Play again's lobby) tidies it.
    const recordOf = rec.status === "over" && typeof drawn.content === "string" && drawn.content.trim() ? drawn.content : said;
    return asTable(withLine(asContainer(drawn, title), deal), recordOf, rec.status, [rec.updatedAt, rec.rev], tableLocale(rec));
  };
}
