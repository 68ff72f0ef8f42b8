/**
 * Interaction answers as Discord takes them: the callback within 3 s of the interaction's
 * creation (once), then the webhook of its token (follow-ups, edits of the original) for 15
 * minutes on the stand-in's clock. Refused as Discord refuses (10062 Unknown interaction, 40060
 * already acknowledged, 10015 Unknown Webhook before the answer, 50027 Invalid Webhook Token once
 * the token has expired, 40094 for a 6th follow-up where only a user install authorised the app,
 * 50035 for a message or choices past Discord's limits), and every refusal is recorded on the
 * interaction for tests to read.
 * https://discord.com/developers/docs/interactions/receiving-and-responding
 */
import type { EventEmitter } from "node:events";
import { HttpError } from "./http-error.ts";
import { checkChoices, checkMessage, checkMessageEdit, COMPONENTS_V2_FLAG, LimitError, type OptionDef } from "./limits.ts";
import { createMessage, editMessage, publicCopy, type MessageHost, type UploadedFiles } from "./messages.ts";
import { userObject } from "./objects.ts";
import type { ApiMessage, InteractionRecord, StandinUser } from "./types.ts";

/** Discord's window to acknowledge an interaction, ms from its creation. */
export const INTERACTION_WINDOW_MS = 3000;
/** How long an interaction's token (its webhook) works, ms from its creation. */
export const TOKEN_LIFETIME_MS = 15 * 60_000;
/**
 * Follow-ups one interaction may have when the app is there by a user install only (no `"0"` in
 * its `authorizing_integration_owners`): the 6th is refused with 40094.
 */
export const USER_INSTALL_FOLLOWUPS = 5;

/** An interaction dispatched and not yet forgotten: its record, its message (components), the focused option (autocomplete). */
export type Pending = { record: InteractionRecord; message?: ApiMessage; done: EventEmitter; focused?: OptionDef };

/** What interaction answers read and change of the stand-in. */
export interface InteractionHost extends MessageHost {
  readonly pending: Map<string, Pending>;
  /** The stand-in's clock, ms: token lifetimes run on it. */
  now(): number;
  user(id: string): StandinUser;
  deleteMessage(msg: ApiMessage): void;
  /** Opens the app's Activity for `userId` in `channelId` (an answer of type 12): src/standin/activities.ts. */
  launchActivity(userId: string, channelId: string): void;
  /** Whether the app has Activities enabled: without, Discord refuses an answer of type 12. */
  readonly activitiesEnabled: boolean;
  /** Time the machine took from this process since `t` (ms since the epoch), ms (src/standin/stalls.ts). */
  stolenSince(t: number): number;
}

/** POST /interactions/:id/:token/callback: the interaction's one answer. */
export function interactionCallback(
  host: InteractionHost,
  id: string,
  token: string,
  body: Record<string, unknown>,
  files: UploadedFiles,
  withResponse: boolean,
): unknown {
  const p = host.pending.get(token);
  if (!p || p.record.id !== id) throw new HttpError(404, 10062, "Unknown interaction");
  const rec = p.record;
  if (rec.callbackType !== null) throw new HttpError(400, 40060, "Interaction has already been acknowledged.");
  // Judged by the time the bot had: a machine that stopped every process does not count (src/standin/stalls.ts).
  if (rec.expired || Date.now() - rec.createdAt - host.stolenSince(rec.createdAt) > INTERACTION_WINDOW_MS) {
    rec.refusals.push({ status: 404, code: 10062, message: "Unknown interaction" });
    throw new HttpError(404, 10062, "Unknown interaction");
  }
  const type = Number(body.type);
  const data = (body.data as Record<string, unknown>) ?? {};
  try {
    if (type === 4) checkMessage(data);
    if (type === 7) {
      if (p.message) checkMessageEdit(p.message, data);
      else checkMessage(data);
    }
    if (type === 5 && (Number(data.flags ?? 0) & COMPONENTS_V2_FLAG) !== 0)
      throw new LimitError(
        "data.flags",
        "A deferred answer (type 5) cannot set the IS_COMPONENTS_V2 flag: set it on the edit that follows.",
      );
    if (type === 8) checkChoices(data.choices, p.focused);
    // Only a command or a component may open the Activity; an autocomplete may not.
    if (type === 12 && p.focused) throw new LimitError("type", "LAUNCH_ACTIVITY answers an application command or a component");
    if (type === 12 && !host.activitiesEnabled) throw new LimitError("type", "LAUNCH_ACTIVITY is for apps with Activities enabled");
  } catch (e) {
    if (e instanceof LimitError) rec.refusals.push({ status: 400, code: 50035, message: e.message });
    throw e;
  }
  rec.callbackType = type;
  rec.ackMs = Date.now() - rec.sentAt;
  const interactionMeta = interactionMetadata(host, rec, p.message ? 3 : 2);
  switch (type) {
    case 4:
      rec.original = createMessage(host, rec.channelId, data, files, {
        type: p.message ? 0 : 20,
        visibleTo: rec.userId,
        interaction: interactionMeta,
        clicked: rec.componentLabel,
      });
      break;
    case 5:
      rec.original = createMessage(host, rec.channelId, { ...data, flags: Number(data.flags ?? 0) | 128 }, files, {
        type: p.message ? 0 : 20,
        visibleTo: rec.userId,
        interaction: interactionMeta,
        clicked: rec.componentLabel,
      });
      break;
    case 6:
      if (p.message) rec.original = p.message;
      break;
    case 7:
      if (!p.message) throw new HttpError(400, 50035, "UPDATE_MESSAGE needs a component interaction");
      rec.original = editMessage(host, p.message, data, files);
      break;
    case 8:
      rec.choices = (data.choices as { name: string; value: string | number }[]) ?? [];
      break;
    case 12:
      // LAUNCH_ACTIVITY: the person's client opens the app's Activity in the channel.
      host.launchActivity(rec.userId, rec.channelId);
      break;
    default:
      throw new HttpError(400, 50035, `callback type ${type} not supported by the stand-in`);
  }
  p.done.emit("change");
  if (!withResponse) return undefined;
  return {
    interaction: {
      id: rec.id,
      type: p.message ? 3 : 2,
      response_message_id: rec.original?.id,
      response_message_loading: type === 5,
      response_message_ephemeral: ((rec.original?.flags ?? 0) & 64) !== 0,
    },
    resource: { type, ...(rec.original ? { message: publicCopy(rec.original) } : {}) },
  };
}

/** /webhooks/:app/:token…: follow-ups and edits of an answered interaction. */
export function webhook(
  host: InteractionHost,
  method: string,
  seg: string[],
  body: Record<string, unknown>,
  files: UploadedFiles,
): unknown {
  const token = seg[2] as string;
  const p = host.pending.get(token);
  if (!p) throw new HttpError(404, 10015, "Unknown Webhook");
  const rec = p.record;
  // The token works only after the interaction was acknowledged, and for 15 minutes.
  if (rec.callbackType === null) {
    rec.refusals.push({ status: 404, code: 10015, message: "Unknown Webhook" });
    throw new HttpError(404, 10015, "Unknown Webhook");
  }
  if (host.now() - rec.tokenStart > TOKEN_LIFETIME_MS) {
    rec.refusals.push({ status: 401, code: 50027, message: "Invalid Webhook Token" });
    throw new HttpError(401, 50027, "Invalid Webhook Token");
  }
  if (seg.length === 3 && method === "POST" && !("0" in rec.owners) && rec.followups.length >= USER_INSTALL_FOLLOWUPS) {
    const message = "This interaction has hit the maximum number of follow up messages";
    rec.refusals.push({ status: 400, code: 40094, message });
    throw new HttpError(400, 40094, message);
  }
  if (method === "POST" || method === "PATCH") {
    const edited =
      method === "PATCH" && seg[3] === "messages"
        ? seg[4] === "@original"
          ? rec.original
          : [rec.original, ...rec.followups].find((x) => x?.id === seg[4])
        : null;
    try {
      // The deferred original (flag 128, loading) is the first edit's to shape: V2 may start there.
      if (edited && (edited.flags & 128) === 0) checkMessageEdit(edited, body);
      else checkMessage(body);
    } catch (e) {
      if (e instanceof LimitError) rec.refusals.push({ status: 400, code: 50035, message: e.message });
      throw e;
    }
  }
  if (seg.length === 3 && method === "POST") {
    const msg = createMessage(host, rec.channelId, body, files, {
      type: 0,
      visibleTo: rec.userId,
      interaction: interactionMetadata(host, rec, p.message ? 3 : 2),
      clicked: rec.componentLabel,
    });
    rec.followups.push(msg);
    p.done.emit("change");
    return publicCopy(msg);
  }
  if (seg[3] === "messages" && seg[4]) {
    const target = seg[4] === "@original" ? rec.original : ([rec.original, ...rec.followups].find((x) => x?.id === seg[4]) ?? null);
    if (!target) throw new HttpError(404, 10008, "Unknown Message");
    if (method === "GET") return publicCopy(target);
    if (method === "PATCH") {
      const edited = editMessage(host, target, body, files);
      p.done.emit("change");
      return publicCopy(edited);
    }
    if (method === "DELETE") {
      host.deleteMessage(target);
      p.done.emit("change");
      return undefined;
    }
  }
  throw new HttpError(404, 0, "stand-in: webhook route not implemented");
}

/** `interaction_metadata` of a message answering `rec` (discord.js needs the owners map). */
export function interactionMetadata(host: InteractionHost, rec: InteractionRecord, type: number): Record<string, unknown> {
  return {
    id: rec.id,
    type,
    user: userObject(host.user(rec.userId)),
    authorizing_integration_owners: rec.owners,
    ...(rec.commandPath ? { name: rec.commandPath } : {}),
  };
}
