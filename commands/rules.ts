/**
 * Rules documents (the project's own words: docs/rules/<doc>.md in English, and
 * docs/rules/<locale>/<doc>.md in each other language) as Discord embeds, whole: a field per
 * section, long sections continued, as many pages (messages) as Discord's embed limits need,
 * in the language of the user who asked (they are private answers).
 */
import { readFileSync } from "node:fs";
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  MessageFlags,
  type BaseMessageOptions,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
} from "discord.js";
import { localeOf, t, type Locale } from "../src/i18n/index.ts";
import { encodeId, type ComponentId } from "../src/bot/customid.ts";
import { respond } from "../src/bot/reply.ts";
import { refuse } from "../src/bot/words.ts";

/**
 * A rules document: markdown in the project's own words, `<folder><name>.md` in English and
 * `<folder><locale>/<name>.md` in each other language. A game's module lists its own
 * (`GameModule.rules`); the real games' live in docs/rules/.
 */
export interface RulesDocument {
  readonly name: string;
  /** The folder holding it (a file URL ending in `/`). */
  readonly folder: URL;
}

/** The project's rules folder (docs/rules/). */
const DOCS_RULES = new URL("../docs/rules/", import.meta.url);

/** Rules document `name` of `folder` (default: docs/rules/). */
export function rulesDocument(name: string, folder: URL = DOCS_RULES): RulesDocument {
  return { name, folder };
}

/** The rules of tournaments, which span the games (docs/rules/tournaments.md). */
export const TOURNAMENT_RULES = rulesDocument("tournaments");

/** Rules a command shows: a document in the reader's language (`rulesIn`). */
export type Rules = (locale: Locale) => string;

const read = new Map<string, string>();

/** The text of rules document `doc` in `locale` (read once per process). Throws when the file is missing (a packaging bug). */
export function rulesText(doc: RulesDocument, locale: Locale): string {
  const url = new URL(locale === "en" ? `${doc.name}.md` : `${locale}/${doc.name}.md`, doc.folder);
  let text = read.get(url.href);
  if (text === undefined) read.set(url.href, (text = readFileSync(url, "utf8")));
  return text;
}

/** Documents made readable by `rulesIn`, by name: what a page's ◀ ▶ buttons name (`rulesComponent`). */
const byName = new Map<string, Rules>();
const nameOf = new WeakMap<Rules, string>();

/** The rules of document `doc`, in each reader's language (pageable by its name: `rulesPage`). */
export function rulesIn(doc: RulesDocument): Rules {
  const known = byName.get(doc.name);
  if (known) return known;
  const rules: Rules = (locale) => rulesText(doc, locale);
  byName.set(doc.name, rules);
  nameOf.set(rules, doc.name);
  return rules;
}

/** The customId verb of a rules page's ◀ ▶ buttons: `rulespage`, args the document's name and the page (0-based). */
export const RULES_VERBS: ReadonlySet<string> = new Set(["rulespage"]);

/**
 * Page `n` (0-based, kept within the document) of the rules document named `name`, as a message:
 * the page's embed and, for a document of several pages, a row of ◀ Previous · page n of N ·
 * Next ▶ buttons whose clicks show the page they name in the same message (`rulesComponent`),
 * so a long document is one private message, not one a page. Throws a `component/unknown`
 * refusal for a name no `rulesIn` made.
 */
export function rulesPage(name: string, locale: Locale, n: number): BaseMessageOptions {
  const rules = byName.get(name);
  if (!rules) throw refuse("component/unknown");
  const pages = rulesPages(rules(locale), locale);
  const at = Math.min(Math.max(0, Math.trunc(n) || 0), pages.length - 1);
  if (pages.length === 1) return { embeds: [pages[0]!], components: [] };
  // Each button names the page it shows (the middle one, disabled, the page shown: ids differ).
  const button = (to: number, label: string, enabled: boolean) =>
    new ButtonBuilder()
      .setCustomId(encodeId("rulespage", 0, name, to))
      .setLabel(label)
      .setStyle(enabled ? ButtonStyle.Primary : ButtonStyle.Secondary)
      .setDisabled(!enabled);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    button(at - 1, t(locale, "rules.previous"), at > 0),
    button(at, t(locale, "rules.page_of", { n: at + 1, count: pages.length }), false),
    button(at + 1, t(locale, "rules.next"), at < pages.length - 1),
  );
  return { embeds: [pages[at]!], components: [row] };
}

/** A rules page's ◀ ▶ button: the page it names, in place of the one shown. */
export async function rulesComponent(interaction: MessageComponentInteraction, id: ComponentId): Promise<void> {
  const [name = "", page = "0"] = id.args;
  await respond(interaction, "update", interaction.message.flags.has(MessageFlags.Ephemeral), async () =>
    rulesPage(name, localeOf(interaction.locale), Number(page)),
  );
}

/** Longest field value Discord takes, and most characters of embeds in one message (with room to spare). */
const FIELD_MAX = 1024;
const MESSAGE_EMBEDS_MAX = 5800;

/** `text` in parts of at most `max` characters, cut after a sentence (else a word) where it can. */
function parts(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const head = rest.slice(0, max);
    const cut = Math.max(head.lastIndexOf(". ") + 1, head.lastIndexOf("; ") + 1);
    const at = cut > max / 2 ? cut : head.lastIndexOf(" ") > 0 ? head.lastIndexOf(" ") : max;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * A rules document (markdown: `# title`, intro, `## sections`) as embeds, whole: a field per
 * section, a long section continued in further fields ("Formats (continued)"), and as many
 * pages as Discord's embed limits need (https://discord.com/developers/docs/resources/message#embed-object-embed-limits:
 * 1024 characters a field, 25 fields, 6000 characters of embeds a message). Each page is sent as
 * its own message; the short rules of the games fit one.
 */
export function rulesPages(md: string, locale: Locale = "en"): EmbedBuilder[] {
  const title = /^# (.*)$/m.exec(md)?.[1] ?? "";
  const intro = (md.split(/^## /m)[0] ?? "")
    .replace(/^# .*\n/, "")
    .trim()
    .slice(0, 4096);
  const fields = md
    .split(/^## /m)
    .slice(1)
    .flatMap((s) => {
      const [name, ...body] = s.split("\n");
      const values = parts(body.join(" ").replace(/\s+/g, " ").trim(), FIELD_MAX);
      const title = (name ?? "").trim();
      return values.map((value, i) => ({ name: (i ? t(locale, "rules.continued", { name: title }) : title).slice(0, 256), value }));
    });
  const pages: EmbedBuilder[] = [];
  const heading = t(locale, "rules.how_to_play", { title });
  let page = new EmbedBuilder().setTitle(heading).setColor(0x1d5b3b);
  if (intro) page.setDescription(intro);
  let size = heading.length + intro.length;
  let count = 0;
  for (const f of fields) {
    if (count === 25 || size + f.name.length + f.value.length > MESSAGE_EMBEDS_MAX) {
      pages.push(page);
      page = new EmbedBuilder().setTitle(t(locale, "rules.page", { title: heading, n: pages.length + 1 })).setColor(0x1d5b3b);
      size = page.data.title?.length ?? 0;
      count = 0;
    }
    page.addFields(f);
    size += f.name.length + f.value.length;
    count++;
  }
  pages.push(page);
  return pages;
}

/** The first page of a rules document (`rulesPages`): the games' rules fit one. */
export function rulesFrom(md: string, locale: Locale = "en"): EmbedBuilder {
  return rulesPages(md, locale)[0] as EmbedBuilder;
}

/**
 * Sends a rules document privately (`rulesPages`): after `lead` when given (it is the reply),
 * else as the reply. A document of several pages made by `rulesIn` is one message showing its
 * first page, with ◀ ▶ buttons to the others (`rulesPage`); any other, every page a message.
 */
export async function replyRules(interaction: ChatInputCommandInteraction, rules: Rules, lead?: BaseMessageOptions): Promise<void> {
  const locale = localeOf(interaction.locale);
  const pages = rulesPages(rules(locale), locale);
  const name = nameOf.get(rules);
  if (name !== undefined && pages.length > 1) {
    // One message with ◀ ▶ buttons, after the lead when there is one.
    const first = rulesPage(name, locale, 0);
    if (!lead) return void (await interaction.reply({ ...first, flags: MessageFlags.Ephemeral }));
    await interaction.reply({ ...lead, flags: MessageFlags.Ephemeral });
    await interaction.followUp({ ...first, flags: MessageFlags.Ephemeral });
    return;
  }
  const rest = lead ? pages : pages.slice(1);
  await interaction.reply({ ...(lead ?? { embeds: pages.slice(0, 1) }), flags: MessageFlags.Ephemeral });
  for (const page of rest) await interaction.followUp({ embeds: [page], flags: MessageFlags.Ephemeral });
}
