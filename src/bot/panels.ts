/**
 * Live private panels, for any game: each player's latest private panel of a channel is the reply
 * of an interaction, and its token lets the bot edit that reply for 15 minutes (Discord:
 * https://discord.com/developers/docs/interactions/receiving-and-responding, "Interaction tokens
 * are valid for 15 minutes"). A game keeps a player's panel when it answers them with one, and
 * refreshes a channel's panels when its table changes, so no panel goes on offering a card that
 * left the hand or a sale that ended. A panel replaced by a newer one is edited down to a line;
 * one older than `PANEL_LIFE_MS` says plainly that it is no longer kept up to date. Edits are
 * coalesced per panel (`BotContext.coalescer`) and sent in the order they were asked for.
 */
import { MessageFlags, type ChatInputCommandInteraction, type MessageComponentInteraction } from "discord.js";
import type { BotContext, PanelKind } from "./context.ts";
import { asContainer } from "./components-v2.ts";
import { viewerOf } from "./words.ts";
import { t } from "../i18n/index.ts";
import { TOKEN_SPENT_MS } from "../surfaces/surface.ts";

/** How long a panel is kept up to date, ms: under the token's 15 minutes, so its last edit still lands. */
export const PANEL_LIFE_MS = 14 * 60_000;

/** A player's open panel: the interaction whose reply it is (its token edits it). */
export interface Panel {
  readonly interaction: ChatInputCommandInteraction | MessageComponentInteraction;
  /** When its token began, ms on `BotContext.discordNow`. */
  readonly openedAt: number;
  /** What the player's last action did (`✅ Q♥ β → C3`), kept on the panel for the kind's `noteMs`. */
  readonly note?: string | undefined;
  readonly noteAt: number;
}

const byCtx = new WeakMap<BotContext, Map<string, Map<string, Panel>>>();

/** The open panels of `kind` in a channel, by user id. */
export function panelsOf(ctx: BotContext, kind: PanelKind, channelId: string): Map<string, Panel> {
  let byChannel = byCtx.get(ctx);
  if (!byChannel) byCtx.set(ctx, (byChannel = new Map()));
  const key = `${kind.key}:${channelId}`;
  let m = byChannel.get(key);
  if (!m) byChannel.set(key, (m = new Map()));
  return m;
}

/** The last edit sent for each panel's reply, so edits land in the order they were asked for. */
const lastEdit = new WeakMap<Panel["interaction"], Promise<unknown>>();

/**
 * Edits a panel's reply after every edit asked for before it has been answered: a panel drawn
 * before a newer one opened must not land after the line that tidies it (discord.js resolves a
 * payload's files before it queues the request, so two edits asked for in one order can be sent
 * in the other). Rejects as the edit does.
 */
function editInOrder(interaction: Panel["interaction"], payload: Parameters<Panel["interaction"]["editReply"]>[0]): Promise<unknown> {
  const before = lastEdit.get(interaction) ?? Promise.resolve();
  const edit = before.catch(() => {}).then(() => interaction.editReply(payload));
  lastEdit.set(interaction, edit);
  return edit;
}

/** A panel edited down to one line: no picture, no timestamp, no buttons. */
const line = (text: string) => ({ ...asContainer({ content: text, files: [] }), attachments: [] });

/**
 * Remembers an interaction's reply as the user's live panel of `kind` in its channel. An older
 * panel it replaces is edited down to one line, so no old panel keeps buttons that look live.
 */
export function keepPanel(ctx: BotContext, kind: PanelKind, interaction: Panel["interaction"], note?: string): void {
  const panels = panelsOf(ctx, kind, interaction.channelId);
  const old = panels.get(interaction.user.id);
  // A click on the panel itself updates that same message; anything else opens a new one.
  const inPlace = interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.Ephemeral);
  const now = ctx.discordNow();
  if (old && old.interaction.id !== interaction.id && !inPlace && now - old.openedAt < TOKEN_SPENT_MS)
    void editInOrder(old.interaction, line(kind.newer(viewerOf(old.interaction)))).catch(() => {}); // an expired token: it stays as it was
  // Its token's 15 minutes start now (a click on the panel itself brings a fresh one for it).
  panels.set(interaction.user.id, { interaction, openedAt: now, note, noteAt: Date.now() });
}

/**
 * Refreshes every open panel of `kind` in a channel (coalesced per panel): redrawn as the table
 * stands, forgotten when the game is over (`final`) or its player has no seat any more (then
 * edited down to one line saying so), and stopped (one plain line) once older than `PANEL_LIFE_MS`.
 */
export function refreshPanels(ctx: BotContext, kind: PanelKind, channelId: string): void {
  const panels = panelsOf(ctx, kind, channelId);
  for (const [userId, panel] of panels) {
    ctx.coalescer.request(`${kind.key}-panel:${channelId}:${userId}`, async () => {
      if (panels.get(userId) !== panel) return; // replaced by a newer panel
      const viewer = viewerOf(panel.interaction);
      const age = ctx.discordNow() - panel.openedAt;
      if (age > PANEL_LIFE_MS) {
        panels.delete(userId);
        // Said while its token still takes an edit; past that the panel stays as it was.
        if (age < TOKEN_SPENT_MS) await editInOrder(panel.interaction, line(kind.stopped(viewer)));
        return;
      }
      const note = panel.note !== undefined && Date.now() - panel.noteAt < kind.noteMs ? panel.note : undefined;
      const payload = await kind.draw(ctx, channelId, viewer, note);
      if (!payload) {
        panels.delete(userId);
        // Its player has no seat there any more (left, removed, the table gone): said while its
        // token still takes an edit, so no panel keeps buttons that look live.
        if (age < TOKEN_SPENT_MS) await editInOrder(panel.interaction, line(t(viewer.locale, "table.panel_no_seat")));
        return;
      }
      // A newer panel may have opened while the picture was drawn: that tidied this one down to a
      // line, and a late full panel must not land over it (no await between check and edit).
      if (panels.get(userId) !== panel) return;
      const { final, ...shown } = payload;
      await editInOrder(panel.interaction, { ...shown, attachments: [] });
      if (final) panels.delete(userId);
    });
  }
}
