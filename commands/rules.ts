/**
 * Rules documents (docs/rules/*.md, the project's own words) as Discord embeds, whole: a field
 * per section, long sections continued, as many pages (messages) as Discord's embed limits need.
 */
import { EmbedBuilder, MessageFlags, type BaseMessageOptions, type ChatInputCommandInteraction } from "discord.js";

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
export function rulesPages(md: string): EmbedBuilder[] {
  const title = /^# (.*)$/m.exec(md)?.[1] ?? "ONEXENO";
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
      return values.map((value, i) => ({ name: `${(name ?? "").trim()}${i ? " (continued)" : ""}`.slice(0, 256), value }));
    });
  const pages: EmbedBuilder[] = [];
  let page = new EmbedBuilder().setTitle(`${title}: how to play`).setColor(0x1d5b3b);
  if (intro) page.setDescription(intro);
  let size = `${title}: how to play`.length + intro.length;
  let count = 0;
  for (const f of fields) {
    if (count === 25 || size + f.name.length + f.value.length > MESSAGE_EMBEDS_MAX) {
      pages.push(page);
      page = new EmbedBuilder().setTitle(`${title}: how to play (${pages.length + 1})`).setColor(0x1d5b3b);
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
export function rulesFrom(md: string): EmbedBuilder {
  return rulesPages(md)[0] as EmbedBuilder;
}

/**
 * Sends a rules document privately, page by page (`rulesPages`): after `lead` when given (it is
 * the reply), else the first page is the reply; every further page is a follow-up.
 */
export async function replyRules(interaction: ChatInputCommandInteraction, md: string, lead?: BaseMessageOptions): Promise<void> {
  const pages = rulesPages(md);
  const rest = lead ? pages : pages.slice(1);
  await interaction.reply({ ...(lead ?? { embeds: pages.slice(0, 1) }), flags: MessageFlags.Ephemeral });
  for (const page of rest) await interaction.followUp({ embeds: [page], flags: MessageFlags.Ephemeral });
}
