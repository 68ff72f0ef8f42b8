/**
 * Asking once before what cannot be undone (ending a table for everyone, resigning): a
 * private question with Confirm and Cancel, drawn for the table revision it was asked at, so
 * a confirmation that arrives after the table moved on changes nothing. Generic: the action
 * is a short word the game's component handler acts on.
 * Components: https://discord.com/developers/docs/components/reference#button
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type BaseMessageOptions } from "discord.js";
import { encodeId } from "./customid.ts";
import { t, type Locale } from "../i18n/index.ts";
import { tableLocale } from "./words.ts";

/** The private question: `question`, then Confirm (danger; `confirmLabel`) and Cancel, in `locale` (the asker's). */
export function confirmPayload(
  question: string,
  action: string,
  rev: number,
  confirmLabel?: string,
  locale: Locale = "en",
): BaseMessageOptions {
  return {
    content: `⚠️ ${question}`,
    components: [
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(encodeId("confirm", rev, action))
          .setLabel(confirmLabel ?? t(locale, "table.btn_confirm"))
          .setStyle(ButtonStyle.Danger),
        new ButtonBuilder()
          .setCustomId(encodeId("cancel", rev, action))
          .setLabel(t(locale, "table.btn_cancel"))
          .setStyle(ButtonStyle.Secondary),
      ),
    ],
    files: [],
    embeds: [],
  };
}

/** What the question turns into once answered. */
export function answeredPayload(text: string): BaseMessageOptions {
  return { content: text, components: [], files: [], embeds: [] };
}

/**
 * The buttons under a finished table: Play again and New table (`againRow`), except at a
 * tournament's table, which ends with its event (the result is recorded there; no buttons).
 */
export function endRows(rec: {
  readonly rev: number;
  readonly event?: string;
  readonly locale?: Locale;
}): ActionRowBuilder<ButtonBuilder>[] {
  return rec.event ? [] : [againRow(rec.rev, tableLocale(rec))];
}

/**
 * Ways forward under a finished session's table: Play again (same seats and options, a fresh
 * deal) and New table (same options, the clicker alone). Generic over the game.
 */
export function againRow(rev: number, locale: Locale = "en"): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId("again", rev, "same"))
      .setLabel(t(locale, "table.btn_again"))
      .setStyle(ButtonStyle.Success),
    new ButtonBuilder()
      .setCustomId(encodeId("again", rev, "new"))
      .setLabel(t(locale, "table.btn_new"))
      .setStyle(ButtonStyle.Secondary),
  );
}
