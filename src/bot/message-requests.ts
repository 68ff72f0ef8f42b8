/**
 * The bot's requests that write a message (an interaction's answer, an edit through its token, a
 * channel message posted or edited with the bot's token) sent as discord.js sends them, with
 * Discord's answer read as JSON: discord.js builds a Message object from each answer (its fields,
 * its author, a cache entry), and here only the message's id is needed, if anything. Those
 * objects were about 3 % of the main thread's work a move in `npm run bench:flight`. A request
 * with files goes as one multipart Buffer (`multipartBody`), not through @discordjs/rest's
 * FormData of Blobs, which undici writes through web streams: building and writing those was
 * about 10 % of the main thread's work a move. Every request still goes through the client's REST
 * manager: its buckets, its retries and the bot's global budget (src/bot/client-options.ts).
 */
import { randomBytes } from "node:crypto";
import {
  type InteractionReplyOptions,
  type MessageCreateOptions,
  type MessageEditOptions,
  type ChatInputCommandInteraction,
  InteractionResponseType,
  type MessageComponentInteraction,
  MessagePayload,
  type MessageTarget,
  type RawFile,
  type SendableChannels,
  type TextBasedChannel,
  type RequestData,
  type RESTPostAPIInteractionCallbackWithResponseResult,
  Routes,
  type WebhookMessageEditOptions,
} from "discord.js";

/**
 * Answers `interaction` with `body` (https://discord.com/developers/docs/interactions/receiving-and-responding#create-interaction-response),
 * the request discord.js's `reply` and `update` send, Discord's answer read as JSON without the
 * Message object discord.js would build from it: `public`, a new message (type 4), asked back
 * (`with_response`) for its id, which it resolves to (undefined when Discord's answer names none);
 * `private`, a new message whose `body` carries the Ephemeral flag (type 4, nothing asked back);
 * `update`, the component's message edited (type 7). Marks the interaction replied (and
 * ephemeral or not), as discord.js does. Errors: discord.js's when the interaction was answered
 * already; the REST client's (an answer refused, or too late).
 */
export async function answerInteraction(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  how: "public" | "private" | "update",
  body: InteractionReplyOptions,
): Promise<string | undefined> {
  if (interaction.deferred || interaction.replied) return (await interaction.reply(body)).id; // refused by discord.js, with its error
  const { body: data, files } = await MessagePayload.create(interaction as MessageTarget, body)
    .resolveBody()
    .resolveFiles();
  const type = how === "update" ? InteractionResponseType.UpdateMessage : InteractionResponseType.ChannelMessageWithSource;
  const answer = (await interaction.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
    ...withFiles({ type, data }, files),
    auth: false,
    ...(how === "public" ? { query: new URLSearchParams({ with_response: "true" }) } : {}),
  })) as RESTPostAPIInteractionCallbackWithResponseResult | undefined;
  if (how !== "update") interaction.ephemeral = how === "private";
  interaction.replied = true;
  return how === "public" ? answer?.resource?.message?.id : undefined;
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
    ...withFiles(data, files),
    auth: false,
  });
}

/**
 * Posts `payload` in `channel` with the bot's token (POST /channels/{id}/messages;
 * https://discord.com/developers/docs/resources/message#create-message), as `channel.send` does,
 * and resolves to the new message's id. Errors: the REST client's (missing access, an unknown
 * channel, a refused body).
 */
export async function postMessage(channel: SendableChannels, payload: MessageCreateOptions): Promise<string> {
  const { body, files } = await MessagePayload.create(channel, payload).resolveBody().resolveFiles();
  const sent = (await channel.client.rest.post(Routes.channelMessages(channel.id), withFiles(body, files))) as { readonly id: string };
  return sent.id;
}

/**
 * Edits message `messageId` of `channel` with the bot's token (PATCH /channels/{id}/messages/{id};
 * https://discord.com/developers/docs/resources/message#edit-message), as `channel.messages.edit`
 * does. Errors: the REST client's (an unknown message, a refused body).
 */
export async function editMessage(channel: TextBasedChannel, messageId: string, payload: MessageEditOptions): Promise<void> {
  const { body, files } = await MessagePayload.create(channel.messages, payload).resolveBody().resolveFiles();
  await channel.client.rest.patch(Routes.channelMessage(channel.id, messageId), withFiles(body, files));
}

/**
 * A request's body and files as @discordjs/rest sends them: JSON alone without files, else one
 * multipart Buffer (`multipartBody`) passed through as it is, with its content type.
 */
function withFiles(body: unknown, files: readonly RawFile[] | null | undefined): Pick<RequestData, "body" | "headers" | "passThroughBody"> {
  if (!files?.length) return { body };
  const multipart = multipartBody(body, files);
  return { body: multipart.body, passThroughBody: true, headers: { "Content-Type": multipart.contentType } };
}

/** Characters a multipart part's quoted name or file name may not hold, as browsers escape them (WHATWG HTML, multipart/form-data encoding). */
const ESCAPED: Readonly<Record<string, string>> = { '"': "%22", "\r": "%0D", "\n": "%0A" };
const quoted = (name: string) => `"${name.replace(/["\r\n]/g, (c) => ESCAPED[c] ?? c)}"`;

/** A file's bytes without a copy (a string or a number as its UTF-8 text, as @discordjs/rest sends it). */
function bytesOf(data: RawFile["data"]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return data instanceof Uint8Array ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(String(data));
}

/** The content type of a file's bytes by their signature: the pictures this bot sends, else `application/octet-stream`. */
function typeOf(data: Buffer): string {
  if (data.subarray(0, 4).equals(PNG_SIGNATURE)) return "image/png";
  if (data.subarray(0, 4).toString("latin1") === "GIF8") return "image/gif";
  return "application/octet-stream";
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** The boundaries' random part (hex), drawn once, and the bodies made so far. */
const BOUNDARY_PREFIX = randomBytes(8).toString("hex");
let boundaries = 0;

/**
 * A multipart/form-data body (RFC 7578) of `payload`, as its `payload_json` part (JSON), and
 * `files`, each a part named `files[n]` (or the file's own `key`) with its file name and content
 * type (the file's own, else read from its first bytes: `typeOf`): an upload as Discord reads it
 * (https://discord.com/developers/docs/reference#uploading-files), in one Buffer. The boundary is
 * 16 hex digits drawn at random once a process and a count of the bodies made (a random draw a
 * body cost more than the rest of the body). Returns the body and its Content-Type header.
 */
export function multipartBody(payload: unknown, files: readonly RawFile[]): { readonly body: Buffer; readonly contentType: string } {
  const boundary = `----onexeno-${BOUNDARY_PREFIX}${(++boundaries).toString(16).padStart(8, "0")}`;
  const parts: Buffer[] = [];
  const head = (disposition: string, type: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: ${type}\r\n\r\n`);
  files.forEach((file, i) => {
    const data = bytesOf(file.data);
    parts.push(
      head(`name=${quoted(file.key ?? `files[${i}]`)}; filename=${quoted(file.name)}`, file.contentType ?? typeOf(data)),
      data,
      Buffer.from("\r\n"),
    );
  });
  if (payload !== undefined && payload !== null)
    parts.push(head('name="payload_json"', "application/json"), Buffer.from(JSON.stringify(payload)), Buffer.from("\r\n"));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
