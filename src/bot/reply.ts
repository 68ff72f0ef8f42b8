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
import { type BaseMessageOptions, type ChatInputCommandInteraction, type MessageComponentInteraction, MessageFlags } from "discord.js";
import { surfaceAt, type ChannelPoster } from "../surfaces/surface.ts";
import { withoutRecord } from "./table-payload.ts";
import { fitLayout, withFlags } from "./components-v2.ts";
import { answerInteraction } from "./message-requests.ts";

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
  // An update edits the component's message: one in V2's layout takes only V2 (src/bot/components-v2.ts).
  const onV2 = mode === "update" && interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.IsComponentsV2);
  const body = fitLayout(onV2, withoutRecord(payload));
  const privateMessage =
    ephemeral || (mode === "update" && interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.Ephemeral));
  const sending = (async (): Promise<string | undefined> => {
    if (deferFailed) throw deferFailed;
    if (interaction.deferred) return (await interaction.editReply(body)).id;
    if (mode === "update" && interaction.isMessageComponent()) {
      await answerInteraction(interaction, "update", body);
      return interaction.message.id;
    }
    if (ephemeral) return answerInteraction(interaction, "private", { ...body, flags: withFlags(body, MessageFlags.Ephemeral) });
    return answerInteraction(interaction, "public", body);
  })();
  // Its surface notes a public answer (src/surfaces/surface.ts `answered`): a channel's table message
  // becomes its live one; the answer chain notes the table it shows and tidies the one before it.
  if (!privateMessage) surfaceAt(interaction.client, interaction)?.answered(interaction, sending, payload);
  try {
    await sending;
  } catch (e) {
    throw new ReplyFailed(payload, privateMessage, e);
  }
}

/**
 * Publishes `payload` (a public table) after an interaction was answered privately, as its
 * surface does (`TableSurface.publish`: in a server's channel a follow-up, or when that fails a
 * channel message; in a DM a counted follow-up or nothing). Throws only when both ways fail.
 */
export async function publish(interaction: Replyable, post: ChannelPoster, payload: BaseMessageOptions): Promise<void> {
  const surface = surfaceAt(interaction.client, interaction);
  if (surface) await surface.publish(interaction, payload, post);
  else await post(interaction.channelId, payload);
}
