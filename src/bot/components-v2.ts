/**
 * Components V2 for every message the bot draws, written once: a game's message builder says
 * what a message holds in the classic shape (`content`, the picture files with their alt text,
 * rows of buttons and menus) and `asContainer` lays it out as one V2 container: a heading, the
 * picture in a media gallery with its alt text, the text, then the rows. No game builds a V2
 * message itself.
 *
 * Discord's rules (https://discord.com/developers/docs/components/using-message-components#using-components-v2):
 * with the `IS_COMPONENTS_V2` flag (1 << 15) a message has no `content` or `embeds`; attached
 * files show only where a component names them (`attachment://name`); at most 40 components
 * counted with nesting and 4,000 characters of text; the flag is never removed by an edit, and a
 * deferred (type 5) answer may not set it (the edit that follows does).
 */
import {
  type APIActionRowComponent,
  type APIComponentInContainer,
  type APIComponentInMessageActionRow,
  type APIContainerComponent,
  type APIEmbed,
  type APIMediaGalleryItem,
  type BaseMessageOptions,
  ComponentType,
  MessageFlags,
} from "discord.js";

import { t, type Locale } from "../i18n/index.ts";

/** The flag that makes a message's layout its components. */
export const V2_FLAG = MessageFlags.IsComponentsV2;

/** A message payload that may carry message flags (what `asContainer` returns). */
export type FlaggedMessage = BaseMessageOptions & { readonly flags?: number };

/** Does `payload` have the `IS_COMPONENTS_V2` flag? */
export function isV2(payload: BaseMessageOptions): boolean {
  return ((Number((payload as FlaggedMessage).flags ?? 0) & V2_FLAG) as number) !== 0;
}

/** `files` entries the way discord.js takes them: an AttachmentBuilder or `{ attachment, name, description }`. */
interface NamedFile {
  readonly name?: string | null;
  readonly description?: string | null;
}

/** A row as JSON, whether a builder (`toJSON`) or already JSON. */
export function rowJson(row: unknown): APIActionRowComponent<APIComponentInMessageActionRow> {
  const r = row as { toJSON?: () => unknown };
  return (typeof r.toJSON === "function" ? r.toJSON() : row) as APIActionRowComponent<APIComponentInMessageActionRow>;
}

/** An embed as JSON, whether a builder (`toJSON`) or already JSON. */
function embedJson(embed: unknown): APIEmbed {
  const e = embed as { toJSON?: () => unknown };
  return (typeof e.toJSON === "function" ? e.toJSON() : embed) as APIEmbed;
}

/**
 * Lays out `payload` (classic: `content`, `files`, action rows) as one Components V2 container:
 * `heading` (or the first embed's title) as a level-3 heading, the embed's description and
 * colour, every PNG of `files` in one media gallery with its alt text
 * (the file's description), the content as a text display, then the rows. Files and allowed
 * mentions are kept; a payload already in V2 is returned as it is. Pure.
 */
export function asContainer(payload: BaseMessageOptions, heading?: string): FlaggedMessage {
  if (isV2(payload)) return payload;
  const { content, embeds, components, ...rest } = payload;
  const parts: APIComponentInContainer[] = [];
  // An embed (a lobby's) becomes the heading (its title), a text display (its description) and the container's colour.
  const embed = embeds?.[0] ? embedJson(embeds[0]) : undefined;
  const title = heading ?? embed?.title;
  if (title) parts.push({ type: ComponentType.TextDisplay, content: `### ${title}` });
  if (embed?.description) parts.push({ type: ComponentType.TextDisplay, content: embed.description });
  const pictures = ((payload.files ?? []) as readonly unknown[] as readonly NamedFile[]).filter(
    (f) => typeof f.name === "string" && /\.(png|gif|webp)$/i.test(f.name),
  );
  if (pictures.length)
    parts.push({
      type: ComponentType.MediaGallery,
      items: pictures.slice(0, 10).map(
        (f): APIMediaGalleryItem => ({
          media: { url: `attachment://${f.name}` },
          ...(f.description ? { description: f.description.slice(0, 1024) } : {}),
        }),
      ),
    });
  if (content?.trim()) parts.push({ type: ComponentType.TextDisplay, content });
  for (const row of components ?? []) parts.push(rowJson(row));
  if (parts.length === 0) parts.push({ type: ComponentType.TextDisplay, content: "\u200b" });
  const container: APIContainerComponent = {
    type: ComponentType.Container,
    components: parts,
    ...(typeof embed?.color === "number" ? { accent_color: embed.color } : {}),
  };
  return { ...rest, components: [container], flags: V2_FLAG };
}

/** The flags of `payload` with `extra` (e.g. Ephemeral) added: a V2 message keeps its flag. */
export function withFlags(payload: BaseMessageOptions, extra: number): number {
  return Number((payload as FlaggedMessage).flags ?? 0) | extra;
}

/**
 * A table message's heading from its parts (the game, the round, whose turn), the empty ones
 * left out: `heading(["Rummy", "round 3 of 7", "Ben to play"])` is "Rummy · round 3 of 7 · Ben to play".
 */
export function heading(parts: readonly (string | false | null | undefined)[]): string {
  return parts.filter((p): p is string => typeof p === "string" && p !== "").join(" · ");
}

/** "Ben to play" (a computer marked 🤖) in `locale`, for a heading; undefined without a seat. */
export function toPlay(
  seat: { readonly name: string; readonly computer?: unknown } | undefined,
  locale: Locale = "en",
): string | undefined {
  return seat ? t(locale, "table.to_play", { name: `${seat.computer ? "🤖 " : ""}${seat.name}` }) : undefined;
}

/**
 * A private panel builder (a hand, a board) made V2: what `build` draws in the classic shape is
 * laid out as one container under `title` (`asContainer`). Same arguments, same errors.
 */
export function panelMessage<A extends unknown[]>(
  build: (...args: A) => Promise<BaseMessageOptions>,
  title: string | ((...args: A) => string),
): (...args: A) => Promise<FlaggedMessage> {
  return async (...args) => asContainer(await build(...args), typeof title === "string" ? title : title(...args));
}

/**
 * The component id (Discord's optional numeric `id` of a V2 component) of a table message's line
 * about its deal (src/bot/table-payload.ts `dealLine`), so that a change of the message's words
 * keeps it. https://discord.com/developers/docs/components/reference#anatomy-of-a-component
 */
export const DEAL_LINE_ID = 62;

/**
 * `payload` with its words replaced by `text`: a classic message's content, or a V2 container's
 * text displays (its heading kept, the new text placed where the first text stood, after the
 * picture). `bare`: nothing else either (no picture, no rows). For a table closed with `end`,
 * whose last picture stays under the closing words. The deal's line (`DEAL_LINE_ID`) is kept
 * unless `dropDeal` (a replay says it its own way).
 */
export function retext(payload: BaseMessageOptions, text: string, bare = false, dropDeal = false): FlaggedMessage {
  if (!isV2(payload)) return bare ? { ...payload, content: text, files: [], embeds: [], components: [] } : { ...payload, content: text };
  const container = (payload.components?.[0] ?? { components: [] }) as APIContainerComponent;
  const isHeading = (c: APIComponentInContainer) => c.type === ComponentType.TextDisplay && c.content.startsWith("### ");
  const kept: APIComponentInContainer[] = [];
  let placed = false;
  for (const c of container.components) {
    if (c.id === DEAL_LINE_ID) {
      if (!dropDeal) kept.push(c);
    } else if (isHeading(c)) kept.push(c);
    else if (c.type === ComponentType.TextDisplay || (bare && !placed)) {
      if (!placed) kept.push({ type: ComponentType.TextDisplay, content: text });
      placed = true;
    } else if (!bare) kept.push(c);
  }
  if (!placed) kept.push({ type: ComponentType.TextDisplay, content: text });
  return {
    ...payload,
    components: [{ ...container, components: kept }],
    ...(bare ? { files: [] } : {}),
    flags: V2_FLAG,
  };
}

/**
 * `payload` fit to edit a message whose layout is V2 (`onV2`): Discord refuses `content` on such
 * a message and never lets an edit remove the flag, so a classic payload is laid out as a
 * container (`asContainer`); anything else is returned as it is.
 */
export function fitLayout(onV2: boolean, payload: BaseMessageOptions): BaseMessageOptions {
  return onV2 && !isV2(payload) ? asContainer(payload) : payload;
}
