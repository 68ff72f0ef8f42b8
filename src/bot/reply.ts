/**
 * Answering within Discord's 3-second window
 * (https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction):
 * the payload is built (lock wait, engine, store write, render) while a timer runs; if it is
 * not ready in time, the interaction is deferred and the payload sent as an edit. The clock
 * starts when Discord created the interaction (its snowflake), not when it reached us, so an
 * interaction delivered late is deferred sooner.
 *
 * Once `build` has returned, whatever it changed is saved: a failure to deliver the answer
 * is then a `ReplyFailed` carrying the payload, so the router can post it in the channel
 * instead of telling the player that nothing happened.
 */
import { MessageFlags, type BaseMessageOptions, type ChatInputCommandInteraction, type MessageComponentInteraction } from "discord.js";
import { answersFor, answersOnly } from "./answers.ts";
import { liveFor } from "./live.ts";
import { recordOf, revOf, withoutRecord } from "./table-payload.ts";
import { fitLayout, isV2, withFlags } from "./components-v2.ts";

/** Discord's window to acknowledge an interaction, in ms from its creation. */
export const INTERACTION_WINDOW_MS = 3000;
/** Default time before deferring, in ms after the interaction's creation. */
export const DEFER_AFTER_MS = 1500;
/**
 * An interaction older than this (ms) when it reaches the bot is not acted on: an answer
 * could no longer arrive in time, and a move nobody is told about is worse than none.
 * Leaves 500 ms for the round trip and for clock skew between Discord and this host.
 */
export const LATE_AFTER_MS = 2500;

const DISCORD_EPOCH = 1420070400000n;

/**
 * Age of an interaction in ms: now minus its creation time, read from its snowflake id
 * (https://discord.com/developers/docs/reference#snowflakes). Never negative.
 */
export function interactionAge(id: string, now: number = Date.now()): number {
  try {
    return Math.max(0, now - Number((BigInt(id) >> 22n) + DISCORD_EPOCH));
  } catch {
    return 0;
  }
}

type Replyable = ChatInputCommandInteraction | MessageComponentInteraction;

/**
 * The answer was built (and any change saved) but could not be delivered. `payload` is what
 * the player should have seen; `ephemeral` says whether it was private (never posted publicly).
 */
export class ReplyFailed extends Error {
  constructor(
    readonly payload: BaseMessageOptions,
    readonly ephemeral: boolean,
    override readonly cause: unknown,
  ) {
    super(`the reply could not be delivered: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "ReplyFailed";
  }
}

/**
 * Sends `build()`'s payload as a new reply (`mode: "reply"`, public or ephemeral) or as an
 * update of the component's message (`mode: "update"`). Errors thrown by `build` propagate
 * unchanged (nothing was saved); a delivery failure after `build` returned is a `ReplyFailed`.
 */
export async function respond(
  interaction: Replyable,
  mode: "reply" | "update",
  ephemeral: boolean,
  build: () => Promise<BaseMessageOptions>,
  deferAfterMs = DEFER_AFTER_MS,
): Promise<void> {
  let deferring: Promise<unknown> | null = null;
  let deferFailed: unknown = null;
  const wait = Math.max(0, deferAfterMs - interactionAge(interaction.id));
  const timer = setTimeout(() => {
    deferring = (
      mode === "update" && interaction.isMessageComponent()
        ? interaction.deferUpdate()
        : interaction.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {})
    ).catch((e: unknown) => {
      deferFailed = e;
    });
  }, wait);
  let payload: BaseMessageOptions;
  try {
    payload = await build();
  } finally {
    clearTimeout(timer);
    if (deferring) await deferring;
  }
  const record = ephemeral ? undefined : recordOf(payload);
  // An update edits the component's message: one in V2's layout takes only V2 (src/bot/components-v2.ts).
  const onV2 = mode === "update" && interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.IsComponentsV2);
  const body = fitLayout(onV2, withoutRecord(payload));
  const privateMessage =
    ephemeral || (mode === "update" && interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.Ephemeral));
  const sending = (async (): Promise<string | undefined> => {
    if (deferFailed) throw deferFailed;
    if (interaction.deferred) return (await interaction.editReply(body)).id;
    if (mode === "update" && interaction.isMessageComponent()) {
      await interaction.update(body);
      return interaction.message.id;
    }
    if (ephemeral) {
      await interaction.reply({ ...body, flags: withFlags(body, MessageFlags.Ephemeral) });
      return undefined;
    }
    return (await interaction.reply({ ...body, withResponse: true })).resource?.message?.id;
  })();
  // Where the bot reaches people only by answering (a DM by a user install), the bot's token may
  // not edit this message: the chain of answers notes the table it shows, and tidies it through
  // this interaction's token once a newer one is shown (src/bot/answers.ts `tableShown`).
  const answers = answersOnly(interaction) ? answersFor(interaction.client) : undefined;
  if (record !== undefined && !privateMessage && !answersOnly(interaction)) {
    void liveFor(interaction.client)?.shown(
      interaction.channelId,
      sending.catch(() => undefined),
      record,
      revOf(payload),
      isV2(payload),
    );
  }
  let sent: string | undefined;
  try {
    sent = await sending;
  } catch (e) {
    throw new ReplyFailed(payload, privateMessage, e);
  }
  if (!privateMessage) answers?.shown(interaction, revOf(payload));
  if (!privateMessage && sent) answers?.tableShown(interaction, sent, "@original", payload);
}

/** Posts a public message in a channel (not as an interaction answer). */
export type ChannelPoster = (channelId: string, payload: BaseMessageOptions) => Promise<void>;

/**
 * Publishes `payload` (a public table) after an interaction was answered privately: as a
 * follow-up, or, when that fails, as a plain channel message. Throws only when both fail. In a
 * channel reached only by answers (src/bot/answers.ts) it is a counted follow-up or nothing.
 */
export async function publish(interaction: Replyable, post: ChannelPoster, payload: BaseMessageOptions): Promise<void> {
  // A DM by a user install: a follow-up is the only way in (src/bot/answers.ts), never a channel message.
  if (answersOnly(interaction)) {
    await answersFor(interaction.client)?.followUp(interaction, payload);
    return;
  }
  if (interaction.replied || interaction.deferred) {
    const sending = interaction.followUp(withoutRecord(payload)).then((m) => m.id);
    const record = recordOf(payload);
    if (record !== undefined)
      void liveFor(interaction.client)?.shown(
        interaction.channelId,
        sending.catch(() => undefined),
        record,
        revOf(payload),
        isV2(payload),
      );
    try {
      await sending;
      return;
    } catch {
      // fall through to a channel message
    }
  }
  await post(interaction.channelId, payload);
}
