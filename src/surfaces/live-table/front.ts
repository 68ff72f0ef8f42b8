/**
 * The live table's front, for a bot whose shards run in several processes (discord.js's
 * `ShardingManager`: src/index.ts). Discord's URL mapping reaches one address; the tables, their
 * locks and their sockets live in the process of their guild's shard. The front (in the
 * manager's process) serves the page and the token endpoint itself (they hold no table), and
 * passes each `/api/live` socket on to the process of its table's guild: the socket's hello
 * names its Activity instance, the instance its channel (`GET /applications/{app}/activity-instances/{id}`,
 * bot token), the channel its guild (`GET /channels/{id}`), the guild its shard
 * (`(guild_id >> 22) % shard_count`; a DM or group DM: shard 0, as Discord sends them). That
 * process's own live table (on 127.0.0.1) checks the hello as always; the front only carries the
 * messages both ways, and closes either side when the other closes.
 *
 * Processes started by hand (`SHARD_IDS`, on one machine or several) each run a front too, on
 * `ACTIVITY_PORT` (Discord's URL mapping may point at any of them, or at a load balancer over
 * them), and find the shards' live tables in the store they share: each announces its own
 * (`announceShards`, read with `storedShardTables`).
 * https://discord.com/developers/docs/events/gateway#sharding
 */
import { type REST, ShardClientUtil } from "discord.js";
import { WebSocket } from "ws";
import type { RecordStore } from "../../store/store.ts";
import { type ActivityOptions, type ActivityServer, Hello, HELLO_WITHIN_MS, type LiveRoute, startPage } from "./server.ts";

/** Where the front finds the shards' own live tables: their number, and the address of shard `id`'s (undefined while it is not up). */
export interface ShardTables {
  readonly count: number;
  url(id: number): string | undefined | Promise<string | undefined>;
}

/**
 * A shard's live table as its process announced it in the store every process shares
 * (`announceShards`): its address, and until when (ms since the epoch) the announcement holds
 * unless renewed.
 */
export interface ShardAddress {
  readonly url: string;
  readonly until: number;
}

/** How often a process renews its shards' addresses, ms. */
export const ADDRESS_RENEW_MS = 5000;
/** How long an address holds unless renewed, ms: a process killed is forgotten this long after. */
export const ADDRESS_LIFETIME_MS = 15_000;

/**
 * The shards' live tables as processes started by hand (`SHARD_IDS`, on one machine or several)
 * announce them in the shared store (keys `shard:<id>`): read afresh for every socket (another
 * process wrote them), an address past its `until` is not up.
 */
export function storedShardTables(store: RecordStore<ShardAddress>, count: number, now: () => number = Date.now): ShardTables {
  return {
    count,
    async url(id) {
      store.forget?.();
      const a = await store.get(`shard:${id}`);
      return a && a.until > now() ? a.url : undefined;
    },
  };
}

/**
 * Announces that shards `ids` have their live table at `url` (this process's own, reachable by the
 * others), renewed every `ADDRESS_RENEW_MS`. `stop` ends the renewals and withdraws the addresses
 * still this process's (a later process for the same shards may have announced its own). Rejects
 * when the first announcement cannot be written; a failed renewal is logged and tried again.
 */
export async function announceShards(
  store: RecordStore<ShardAddress>,
  ids: readonly number[],
  url: string,
  log: (message: string, e: unknown) => void,
): Promise<{ stop(): Promise<void> }> {
  const write = () => Promise.all(ids.map((id) => store.set(`shard:${id}`, { url, until: Date.now() + ADDRESS_LIFETIME_MS })));
  await write();
  const timer = setInterval(() => void write().catch((e: unknown) => log("could not renew the live table's address", e)), ADDRESS_RENEW_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      store.forget?.();
      for (const id of ids) if ((await store.get(`shard:${id}`))?.url === url) await store.delete(`shard:${id}`);
    },
  };
}

/** Starts the front on `opts` (its port, public URL, client secret), reading instances and channels with the bot's `rest`. */
export function startLiveFront(opts: ActivityOptions, rest: REST, shards: ShardTables): Promise<ActivityServer> {
  return startPage(opts, frontRoute(opts, rest, shards));
}

/** The shard of the table an Activity instance shows, or null when Discord knows no such instance. */
async function shardOfInstance(opts: ActivityOptions, rest: REST, instanceId: string, count: number): Promise<number | null> {
  const inst = (await rest
    .get(`/applications/${opts.applicationId}/activity-instances/${encodeURIComponent(instanceId)}`)
    .catch(() => null)) as { location?: { channel_id?: string } } | null;
  const channelId = inst?.location?.channel_id;
  if (!channelId) return null;
  const channel = (await rest.get(`/channels/${channelId}`).catch(() => null)) as { guild_id?: string } | null;
  if (!channel) return null;
  // A DM or group DM (no guild): shard 0, as Discord sends them.
  return channel.guild_id ? ShardClientUtil.shardIdForGuildId(channel.guild_id, count) : 0;
}

/**
 * Sockets passed on: the hello is read (a bad one, or an unknown instance: closed 4001; the
 * instance's shard not up: closed 1013, try again), then a socket to that shard's live table is
 * opened with the page's origin, the hello sent, and every message carried both ways.
 */
function frontRoute(opts: ActivityOptions, rest: REST, shards: ShardTables): LiveRoute {
  return (socket, headers) => {
    let upstream: WebSocket | null = null;
    let greeted = false;
    const silent = setTimeout(() => socket.close(4001, "no hello"), HELLO_WITHIN_MS);
    socket.on("message", (data) => {
      const text = String(data);
      if (upstream) {
        if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
        return;
      }
      if (greeted) return; // still finding its table: nothing before that counts
      greeted = true;
      clearTimeout(silent);
      void (async () => {
        let instance: string;
        try {
          instance = Hello.parse(JSON.parse(text)).instance;
        } catch {
          socket.close(4001, "not signed in");
          return;
        }
        const shard = await shardOfInstance(opts, rest, instance, shards.count);
        if (shard === null) return socket.close(4001, "not signed in");
        const url = await shards.url(shard);
        if (!url) return socket.close(1013, "that table's shard is starting: try again");
        if (socket.readyState !== socket.OPEN) return;
        const pass = Object.fromEntries(
          (["origin", "sec-fetch-site"] as const).flatMap((k) => (typeof headers[k] === "string" ? [[k, headers[k]]] : [])),
        );
        const up = new WebSocket(`${url.replace(/^http/, "ws")}/api/live`, { headers: pass });
        upstream = up;
        up.on("open", () => up.send(text));
        up.on("message", (d) => socket.readyState === socket.OPEN && socket.send(String(d)));
        up.on("close", (code, reason) => socket.readyState === socket.OPEN && socket.close(closable(code), String(reason)));
        up.on("error", () => socket.readyState === socket.OPEN && socket.close(1011, "the table's shard did not answer"));
      })();
    });
    socket.on("close", () => {
      clearTimeout(silent);
      upstream?.close();
    });
  };
}

/** A close code a server may send on (1005 and 1006 say no code was sent or the connection dropped: 1011 in their place). */
const closable = (code: number) => (code === 1005 || code === 1006 ? 1011 : code);
