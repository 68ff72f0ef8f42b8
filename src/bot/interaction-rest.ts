/**
 * An interaction's own REST requests (its answer, an edit through its token) sent as discord.js
 * sends them, with Discord's answer read as JSON: discord.js builds a Message object from each
 * answer (its fields, its author, a cache entry), and here only the message's id is needed, if
 * anything. Those objects were about 3 % of the main thread's work a move in `npm run
 * bench:flight`.
 */
import {
  type BaseMessageOptions,
  type ChatInputCommandInteraction,
  InteractionResponseType,
  type MessageComponentInteraction,
  MessagePayload,
  type MessageTarget,
  type RESTPostAPIInteractionCallbackWithResponseResult,
  Routes,
  type WebhookMessageEditOptions,
} from "discord.js";

/**
 * Answers `interaction` with the public message `body` and resolves to that message's id (a
 * snowflake; undefined when Discord's answer names none): the request discord.js's
 * `reply({ withResponse: true })` sends (the interaction callback, type 4, with `with_response`;
 * https://discord.com/developers/docs/interactions/receiving-and-responding#create-interaction-response),
 * its answer read as JSON, without the Message object discord.js would build from it (about 3 %
 * of the main thread's work a move in `npm run bench:flight`). Marks the interaction replied, as
 * `reply` does. Errors: the REST client's (an answer refused, or too late).
 */
export async function replyForId(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  body: BaseMessageOptions,
): Promise<string | undefined> {
  if (interaction.deferred || interaction.replied) return (await interaction.reply(body)).id; // refused by discord.js, with its error
  const { body: data, files } = await MessagePayload.create(interaction as MessageTarget, body)
    .resolveBody()
    .resolveFiles();
  const answer = (await interaction.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
    body: { type: InteractionResponseType.ChannelMessageWithSource, data },
    files: files ?? undefined,
    auth: false,
    query: new URLSearchParams({ with_response: "true" }),
  })) as RESTPostAPIInteractionCallbackWithResponseResult | undefined;
  interaction.ephemeral = false;
  interaction.replied = true;
  return answer?.resource?.message?.id;
}

/**
 * Edits message `messageId` (a follow-up's snowflake, or `@original` for the answer) through
 * `interaction`'s token: the request discord.js's `interaction.webhook.editMessage` sends (PATCH
 * /webhooks/{application.id}/{token}/messages/{id};
 * https://discord.com/developers/docs/interactions/receiving-and-responding#edit-followup-message),
 * without the Message built from Discord's answer. Errors: the REST client's (the token expired
 * after 15 minutes, the message deleted).
 */
export async function editThroughToken(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  messageId: string,
  body: WebhookMessageEditOptions,
): Promise<void> {
  const { body: data, files } = await MessagePayload.create(interaction.webhook, body).resolveBody().resolveFiles();
  await interaction.client.rest.patch(Routes.webhookMessage(interaction.applicationId, interaction.token, messageId), {
    body: data,
    files: files ?? undefined,
    auth: false,
  });
}
