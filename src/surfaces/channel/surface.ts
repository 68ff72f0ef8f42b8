/**
 * A server's channel as the move flow asks it (`TableSurface`, issue 64): the bot posts its table
 * messages there and edits the newest in place (src/surfaces/channel/live.ts), its computers and
 * clocks move by themselves (src/bot/autoplay.ts, src/bot/clocks.ts) and its own messages say every
 * move, so nothing waits to be said. Its writes are paced by the channel's message budget
 * (src/surfaces/channel/budget.ts: 5 writes in 5 s).
 */
import { editThroughToken } from "../../bot/message-requests.ts";
import type { BaseMessageOptions, WebhookMessageEditOptions } from "discord.js";
import type { AnyTable } from "../../bot/tables.ts";
import { isV2 } from "../../bot/components-v2.ts";
import { recordOf, revOf, withoutRecord } from "../../bot/table-payload.ts";
import type { Answerable, ChannelPoster, OutsideMove, TableSurface } from "../surface.ts";
import type { ChannelBudget } from "./budget.ts";
import type { LiveTables, TokenEdit } from "./live.ts";

/** What a channel's surface writes through: its live messages, its message budget, and a way to run one showing a key at a time. */
export interface ChannelDeps {
  readonly live: Pick<LiveTables, "editLive" | "shown">;
  readonly budget: Pick<ChannelBudget, "take">;
  /** Runs `job` for `key`, a later request for the same key folded into one run (src/bot/coalesce.ts). */
  request(key: string, job: () => Promise<void>): void;
}

/** The channel surface (`TableSurface`) of a running bot. */
export function channelSurface(deps: ChannelDeps): TableSurface {
  const { live } = deps;
  /** Per channel: the live-table moves not yet shown in the chat: the table before the first, the revision after the last. */
  const unshown = new Map<string, { readonly from: AnyTable; readonly rev: number }>();
  /**
   * A sent message carrying a table record becomes the channel's live table message (its id once
   * sent); it answers `interaction` (its answer, `target` `@original`, or a follow-up: its own
   * id), whose token then edits it while it lasts, instead of the bot's.
   */
  const shown = (interaction: Answerable, sending: Promise<string | undefined>, payload: BaseMessageOptions, target?: "@original") => {
    const record = recordOf(payload);
    if (record === undefined) return;
    const via = (messageId: string): TokenEdit => ({
      at: interaction.createdTimestamp,
      edit: async (body) => {
        await editThroughToken(interaction, target ?? messageId, body as WebhookMessageEditOptions);
      },
    });
    void live.shown(
      interaction.channelId,
      sending.catch(() => undefined),
      record,
      revOf(payload),
      isV2(payload),
      via,
    );
  };
  return {
    kind: "channel",
    around: async (_interaction, handle) => handle(),
    answered: (interaction, sending, payload) => shown(interaction, sending, payload, "@original"),
    async publish(interaction: Answerable, payload: BaseMessageOptions, post: ChannelPoster): Promise<void> {
      if (interaction.replied || interaction.deferred) {
        const sending = interaction.followUp(withoutRecord(payload)).then((m) => m.id);
        shown(interaction, sending, payload);
        try {
          await sending;
          return;
        } catch {
          // fall through to a channel message
        }
      }
      await post(interaction.channelId, payload);
    },
    tableInAnswer: async () => null,
    untold: () => [],
    /**
     * Shows live-table moves in the channel within its message budget (5 writes in 5 s), however
     * fast they come: moves made while a write waits are shown together, as the table after the
     * last of them with its note. When someone else moved the table on meanwhile (a button, a
     * computer), their own message shows it and this one is dropped.
     */
    async movedOutside(channelId: string, move: OutsideMove): Promise<void> {
      unshown.set(channelId, { from: unshown.get(channelId)?.from ?? move.before, rev: move.after.rev });
      deps.request(`live-chat:${channelId}`, async () => {
        await deps.budget.take(channelId, 2); // the new table message, and the edit that tidies the one before it
        const batch = unshown.get(channelId);
        unshown.delete(channelId);
        const now = await move.current();
        if (batch && now && now.rev === batch.rev) await move.show(batch.from, now);
      });
    },
    room: (channelId, writes = 1) => deps.budget.take(channelId, writes),
    editTable: (channelId, payload) => live.editLive(channelId, payload),
  };
}
