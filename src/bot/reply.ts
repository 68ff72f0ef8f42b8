/**
 * Answering within Discord's 3-second window
 * (https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction):
 * the payload is built (lock wait, engine, store write, render) while a timer runs; if it is
 * not ready after `deferAfterMs`, the interaction is deferred and the payload sent as an
 * edit. Fast paths answer in one call.
 */
import {
  MessageFlags,
  type BaseMessageOptions,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
} from "discord.js";

/** Default time before deferring, in ms (well inside the 3000 ms deadline). */
export const DEFER_AFTER_MS = 1500;

type Replyable = ChatInputCommandInteraction | MessageComponentInteraction;

/**
 * Sends `build()`'s payload as a new reply (`mode: "reply"`, public or ephemeral) or as an
 * update of the component's message (`mode: "update"`). Errors thrown by `build` propagate
 * to the router's error boundary (which knows about deferred interactions).
 */
export async function respond(
  interaction: Replyable,
  mode: "reply" | "update",
  ephemeral: boolean,
  build: () => Promise<BaseMessageOptions>,
  deferAfterMs = DEFER_AFTER_MS,
): Promise<void> {
  let deferring: Promise<unknown> | null = null;
  const timer = setTimeout(() => {
    deferring =
      mode === "update" && interaction.isMessageComponent()
        ? interaction.deferUpdate()
        : interaction.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
  }, deferAfterMs);
  let payload: BaseMessageOptions;
  try {
    payload = await build();
  } finally {
    clearTimeout(timer);
    if (deferring) await deferring;
  }
  if (interaction.deferred) {
    await interaction.editReply(payload);
  } else if (mode === "update" && interaction.isMessageComponent()) {
    await interaction.update(payload);
  } else {
    await interaction.reply(ephemeral ? { ...payload, flags: MessageFlags.Ephemeral } : payload);
  }
}
