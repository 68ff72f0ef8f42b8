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
 * https://discord.com/developers/docs/events/gateway#sharding
 */
import { type REST, ShardClientUtil } from "discord.js";
import { WebSocket } from "ws";
import { type ActivityOptions, type ActivityServer, Hello, HELLO_WITHIN_MS, type LiveRoute, startPage } from "./server.ts";

/** Where the front finds the shards' own live tables: their number, and the address of shard `id`'s (undefined while it is not up). */
export interface ShardTables {
  readonly count: number;
  url(id: number): string | undefined;
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
        const url = shards.url(shard);
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
