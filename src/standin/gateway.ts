/**
 * The stand-in's gateway (https://discord.com/developers/docs/events/gateway): Hello,
 * Identify -> READY and a GUILD_CREATE per guild of the session's shard, Heartbeat/ACK,
 * Resume -> RESUMED with the missed events replayed, dispatches routed to the shard Discord
 * would route each guild to, and faults on demand (drop every connection, stall and resume).
 * What READY and GUILD_CREATE hold comes from the stand-in (`GatewayHost`).
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { snowflake } from "./snowflake.ts";

/** One gateway connection (kept across a RESUME). */
export interface GatewaySession {
  ws: WebSocket;
  seq: number;
  sessionId: string;
  identified: boolean;
  /** `[shard_id, num_shards]` from IDENTIFY (default [0, 1]). */
  shard: [number, number];
  /** False between a dropped connection and its RESUME. */
  connected: boolean;
  /** Recent dispatches, replayed after a RESUME from the client's last seq. */
  sent: { s: number; text: string }[];
}

/** What the gateway needs from the stand-in. */
export interface GatewayHost {
  readonly token: string;
  readonly stats: { identifies: number; resumes: number };
  /** READY's payload for `session`. */
  ready(session: GatewaySession): Record<string, unknown>;
  /** The GUILD_CREATE payloads `session` gets after READY (the guilds of its shard). */
  guildCreates(session: GatewaySession): Record<string, unknown>[];
}

/**
 * The shard Discord routes a guild to: `(guild_id >> 22) % shard_count`
 * (https://discord.com/developers/docs/events/gateway#sharding). DMs (no guild) go to shard 0.
 */
export function shardOf(guildId: string | null, shardCount: number): number {
  return guildId === null ? 0 : Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** Whether a session's shard receives the events of `guildId` (Discord's routing). */
export function routes(s: GatewaySession, guildId: string): boolean {
  return shardOf(guildId, s.shard[1]) === s.shard[0];
}

export class Gateway {
  private readonly sessions = new Set<GatewaySession>();
  private readonly wss = new WebSocketServer({ noServer: true });
  /** While true, dispatches wait (a stalled connection); `resume` sends them. */
  private paused = false;
  private held: { session: GatewaySession; text: string }[] = [];

  constructor(private readonly host: GatewayHost) {}

  /** Takes over an HTTP upgrade to `/gateway`. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onGatewayConnection(ws));
  }

  /** Number of identified, connected sessions (a bot, or one per shard). */
  get connected(): number {
    return [...this.sessions].filter((s) => s.identified && s.connected).length;
  }

  /** The shards `[id, count]` of the identified, connected sessions, by session order. */
  get shards(): [number, number][] {
    return [...this.sessions].filter((s) => s.identified && s.connected).map((s) => s.shard);
  }

  /** Drops every connection abruptly (a network cut); sessions stay resumable. */
  drop(): void {
    for (const s of this.sessions) s.ws.terminate();
  }

  /** Stalls: dispatches are held until `resume`. */
  pause(): void {
    this.paused = true;
  }

  /** Ends a stall: sends every held dispatch, in order. */
  resume(): void {
    this.paused = false;
    const held = this.held;
    this.held = [];
    for (const h of held) if (h.session.connected && h.session.ws.readyState === h.session.ws.OPEN) h.session.ws.send(h.text);
  }

  /** Closes every connection and the socket server. */
  async close(): Promise<void> {
    for (const s of this.sessions) s.ws.terminate();
    this.sessions.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /** Dispatches to every identified session whose shard the guild routes to; false when none took it. */
  broadcast(t: string, d: unknown, guildId: string): boolean {
    let sent = false;
    for (const s of this.sessions) {
      if (!s.identified || !routes(s, guildId)) continue;
      this.dispatch(s, t, d);
      sent = true;
    }
    return sent;
  }

  private send(s: GatewaySession, payload: Record<string, unknown>): void {
    this.sendRaw(s, JSON.stringify(payload));
  }

  private sendRaw(s: GatewaySession, text: string): void {
    if (s.ws.readyState === s.ws.OPEN) s.ws.send(text);
  }

  private dispatch(s: GatewaySession, t: string, d: unknown): void {
    s.seq += 1;
    const text = JSON.stringify({ op: 0, t, s: s.seq, d });
    s.sent.push({ s: s.seq, text });
    if (s.sent.length > 2000) s.sent.splice(0, s.sent.length - 2000);
    if (!s.connected) return; // replayed on RESUME
    if (this.paused) this.held.push({ session: s, text });
    else if (s.ws.readyState === s.ws.OPEN) s.ws.send(text);
  }

  private onGatewayConnection(ws: WebSocket): void {
    let session: GatewaySession = { ws, seq: 0, sessionId: snowflake(), identified: false, connected: true, sent: [], shard: [0, 1] };
    this.sessions.add(session);
    const lost = () => {
      if (session.ws !== ws) return;
      session.connected = false;
      if (!session.identified) this.sessions.delete(session);
    };
    ws.on("close", lost);
    ws.on("error", lost);
    this.send(session, { op: 10, d: { heartbeat_interval: 41_250 } });
    ws.on("message", (raw) => {
      let msg: { op: number; d: Record<string, unknown> | number | null };
      try {
        msg = JSON.parse(String(raw));
      } catch {
        ws.close(4002, "Decode error");
        return;
      }
      switch (msg.op) {
        case 1: // heartbeat
          this.send(session, { op: 11 });
          break;
        case 2: {
          const d = msg.d as { token?: string; shard?: unknown };
          if (d.token !== this.host.token && d.token !== `Bot ${this.host.token}`) {
            ws.close(4004, "Authentication failed");
            return;
          }
          // https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-close-event-codes
          const shard = d.shard ?? [0, 1];
          if (
            !Array.isArray(shard) ||
            shard.length !== 2 ||
            !shard.every((x) => Number.isInteger(x)) ||
            shard[1] < 1 ||
            shard[0] < 0 ||
            shard[0] >= shard[1]
          ) {
            ws.close(4010, "Invalid shard");
            return;
          }
          session.shard = [shard[0], shard[1]];
          this.host.stats.identifies++;
          // A fresh IDENTIFY replaces the same shard's sessions that were never resumed.
          for (const old of this.sessions) if (old !== session && !old.connected && old.shard[0] === shard[0]) this.sessions.delete(old);
          session.identified = true;
          this.dispatch(session, "READY", this.host.ready(session));
          for (const guild of this.host.guildCreates(session)) this.dispatch(session, "GUILD_CREATE", guild);
          break;
        }
        case 6: {
          // RESUME: re-attach the old session and replay what it missed after `seq`.
          const d = msg.d as { session_id?: string; seq?: number; token?: string };
          const old = [...this.sessions].find((x) => x.sessionId === d.session_id && x !== session);
          if (!old || (d.token !== this.host.token && d.token !== `Bot ${this.host.token}`)) {
            this.send(session, { op: 9, d: false }); // invalid session: identify again
            break;
          }
          this.host.stats.resumes++;
          this.sessions.delete(session);
          old.ws = ws;
          old.connected = true;
          session = old;
          const from = Number(d.seq ?? 0);
          for (const e of old.sent) if (e.s > from) this.sendRaw(old, e.text);
          this.dispatch(old, "RESUMED", {});
          break;
        }
        default:
          break; // presence, voice, request members: ignored
      }
    });
  }
}

/**
 * The READY payload of a session: the bot's user, its shard's guilds (unavailable until their
 * GUILD_CREATE), where to resume (https://discord.com/developers/docs/events/gateway-events#ready).
 */
export function readyPayload(
  s: GatewaySession,
  opts: {
    readonly user: Record<string, unknown>;
    readonly guilds: readonly { readonly id: string }[];
    readonly url: string;
    readonly applicationId: string;
  },
): Record<string, unknown> {
  return {
    v: 10,
    user: opts.user,
    guilds: opts.guilds.map((g) => ({ id: g.id, unavailable: true })),
    session_id: s.sessionId,
    resume_gateway_url: `${opts.url.replace("http", "ws")}/gateway`,
    shard: s.shard,
    application: { id: opts.applicationId, flags: 0 },
    private_channels: [],
    relationships: [],
    presences: [],
  };
}
