/**
 * The stand-in's channels kept across restarts, as Discord keeps them: the threads opened, every
 * channel's messages (the newest `KEPT_MESSAGES` of each) and the attachments they show, in one
 * JSON file (`npm start` keeps it beside its SQLite store, data/standin.json). Written a moment
 * after each change and on stop, through a temporary file renamed over the old one, so that a
 * stopped or killed bot loses at most that moment.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { ApiMessage, StandinChannel } from "./types.ts";

/** Messages kept of each channel, newest last: a long evening's play, not an archive. */
export const KEPT_MESSAGES = 400;

/** What the file holds (plain, versioned JSON). */
interface Kept {
  readonly schema: 1;
  readonly threads: readonly StandinChannel[];
  readonly messages: Readonly<Record<string, readonly ApiMessage[]>>;
  /** Attachments the kept messages show: bytes as base64. */
  readonly files: Readonly<Record<string, { readonly type: string; readonly data: string }>>;
  /** The stand-in's address when it wrote the file: its messages' attachment URLs start with it (`rebase`). */
  readonly base?: string;
  /** Each private thread's members (user ids): it stays private after a restart. */
  readonly members?: Readonly<Record<string, readonly string[]>>;
}

/** The part of the stand-in that is kept. */
export interface KeptHost {
  readonly channels: StandinChannel[];
  readonly messages: Map<string, ApiMessage[]>;
  readonly files: Map<string, { bytes: Buffer; type: string }>;
  /** Each private thread's members. */
  readonly threadMembers: Map<string, Set<string>>;
  /** Its address (`http://127.0.0.1:port`), once it listens. */
  readonly url: string;
}

/** The attachment ids a message shows (its `attachments`; a V2 message's media URLs point to them too). */
const attachmentIds = (m: ApiMessage) => m.attachments.map((a) => a.id);

/**
 * Restores what `file` kept into `host`: threads whose parent channel still exists, and the
 * messages of every channel it knows. Nothing when there is no file; a file that does not read
 * as kept channels is left alone (a fresh start), never thrown on. Returns the address the
 * messages' attachment URLs start with (null: none known), for `rebase` once the host listens.
 */
export function restoreKept(file: string, host: Omit<KeptHost, "url">): string | null {
  if (!existsSync(file)) return null;
  let kept: Kept;
  try {
    kept = JSON.parse(readFileSync(file, "utf8")) as Kept;
  } catch {
    return null;
  }
  if (kept?.schema !== 1) return null;
  for (const t of kept.threads ?? [])
    if (host.channels.some((c) => c.id === t.parentId) && !host.channels.some((c) => c.id === t.id)) {
      host.channels.push(t);
      host.messages.set(t.id, []);
    }
  for (const [channelId, list] of Object.entries(kept.messages ?? {}))
    if (host.messages.has(channelId)) host.messages.set(channelId, [...list]);
  for (const [id, f] of Object.entries(kept.files ?? {})) host.files.set(id, { type: f.type, bytes: Buffer.from(f.data, "base64") });
  for (const [id, members] of Object.entries(kept.members ?? {}))
    if (host.channels.some((c) => c.id === id)) host.threadMembers.set(id, new Set(members));
  return typeof kept.base === "string" ? kept.base : null;
}

/**
 * Points the kept messages' attachment URLs (and a V2 message's media URLs) from `from`, the
 * address they were kept at, to `host.url`, where the restarted stand-in serves the same files
 * (a stand-in on a port chosen at start listens elsewhere each time). Nothing when they match.
 */
export function rebase(host: KeptHost, from: string | null): void {
  if (!from || from === host.url) return;
  for (const [channelId, list] of host.messages)
    host.messages.set(
      channelId,
      list.map((m) => JSON.parse(JSON.stringify(m).replaceAll(`${from}/attachments/`, `${host.url}/attachments/`)) as ApiMessage),
    );
}

/** Writes what `host` keeps to `file` (see the module's comment). */
export function saveKept(file: string, host: KeptHost, defaultChannels: ReadonlySet<string>): void {
  const messages: Record<string, ApiMessage[]> = {};
  const shown = new Set<string>();
  for (const [channelId, list] of host.messages) {
    const last = list.slice(-KEPT_MESSAGES);
    messages[channelId] = last;
    for (const m of last) for (const id of attachmentIds(m)) shown.add(id);
  }
  const files: Record<string, { type: string; data: string }> = {};
  for (const id of shown) {
    const f = host.files.get(id);
    if (f) files[id] = { type: f.type, data: f.bytes.toString("base64") };
  }
  const members = Object.fromEntries([...host.threadMembers].map(([id, m]) => [id, [...m]]));
  const kept: Kept = {
    schema: 1,
    threads: host.channels.filter((c) => !defaultChannels.has(c.id)),
    messages,
    files,
    base: host.url,
    members,
  };
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(kept));
  renameSync(tmp, file);
}
