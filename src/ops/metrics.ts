/**
 * Prometheus metrics (prom-client) and the operator's HTTP endpoints: `GET /healthz` (200 when
 * the gateway session is ready, else 503, with a JSON body saying why) and `GET /metrics` (the
 * text exposition format), served on `METRICS_PORT` by fastify, or on the live table's own server
 * when `METRICS_PORT` is `ACTIVITY_PORT` (one HTTP server a process: `opsRoutes`).
 *
 * Metrics: `onexeno_interactions_total{kind,name,outcome}`, `onexeno_interaction_seconds`
 * (histogram of handling time), `onexeno_tables{game,status}` (stored tables, counted at most
 * once a minute), `onexeno_store_errors_total`, `onexeno_shard_status{shard}` (discord.js's
 * WebSocket status: 0 ready) and `onexeno_shard_ping_seconds{shard}`, plus Node's defaults.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { InteractionEvent } from "../bot/router.ts";

/** What the metrics read from the running bot at scrape time. */
export interface MetricsSources {
  /** Stored tables by game and status (`playing`, `lobby`, `over`). */
  tables(): Promise<{ game: string; status: string; count: number }[]>;
  /** Each shard's id, discord.js WebSocket status (0 = ready) and heartbeat ping in ms. */
  shards(): { id: number; status: number; ping: number }[];
}

/** The bot's metrics registry and the hooks that feed it. */
export interface Metrics {
  readonly registry: Registry;
  interaction(e: InteractionEvent): void;
  storeError(): void;
}

/** Creates the registry. `sources` is read on each scrape (tables at most once a minute). */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const interactions = new Counter({
    name: "onexeno_interactions_total",
    help: "Interactions handled, by kind, name and outcome.",
    labelNames: ["kind", "name", "outcome"] as const,
    registers: [registry],
  });
  const seconds = new Histogram({
    name: "onexeno_interaction_seconds",
    help: "Time from an interaction's arrival to the end of its handling.",
    labelNames: ["kind"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const storeErrors = new Counter({
    name: "onexeno_store_errors_total",
    help: "Errors reported by the store backend.",
    registers: [registry],
  });
  let tableCounts: { at: number; value: { game: string; status: string; count: number }[] } | null = null;
  new Gauge({
    name: "onexeno_tables",
    help: "Stored tables by game and status (counted at most once a minute).",
    labelNames: ["game", "status"] as const,
    registers: [registry],
    async collect() {
      if (!tableCounts || Date.now() - tableCounts.at > 60_000) tableCounts = { at: Date.now(), value: await sources.tables() };
      this.reset();
      for (const t of tableCounts.value) this.set({ game: t.game, status: t.status }, t.count);
    },
  });
  new Gauge({
    name: "onexeno_shard_status",
    help: "discord.js WebSocket status of each shard (0 = ready).",
    labelNames: ["shard"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const s of sources.shards()) this.set({ shard: String(s.id) }, s.status);
    },
  });
  new Gauge({
    name: "onexeno_shard_ping_seconds",
    help: "Gateway heartbeat round trip of each shard.",
    labelNames: ["shard"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const s of sources.shards()) if (s.ping >= 0) this.set({ shard: String(s.id) }, s.ping / 1000);
    },
  });
  return {
    registry,
    interaction(e) {
      interactions.inc({ kind: e.kind, name: e.name, outcome: e.outcome });
      seconds.observe({ kind: e.kind }, e.ms / 1000);
    },
    storeError: () => storeErrors.inc(),
  };
}

/** The health answer: ready or not, and a word on each part. */
export interface Health {
  readonly ok: boolean;
  readonly detail: Record<string, unknown>;
}

/**
 * The operator's routes on a fastify server: `GET /healthz` (200 when `health()` is ok, else 503,
 * its detail as JSON) and `GET /metrics` (the registry in Prometheus's text format; 500 when a
 * collector fails). For `startOpsServer`, or the live table's server (src/surfaces/live-table/server.ts
 * `ActivityOptions.routes`).
 */
export function opsRoutes(metrics: Metrics, health: () => Health): (app: FastifyInstance) => void {
  return (app) => {
    app.get("/healthz", async (_req, reply) => {
      const h = health();
      return reply
        .code(h.ok ? 200 : 503)
        .type("application/json")
        .send(JSON.stringify({ status: h.ok ? "ok" : "unavailable", ...h.detail }));
    });
    app.get("/metrics", async (_req, reply) => {
      try {
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      } catch (e) {
        return reply
          .code(500)
          .type("text/plain")
          .send(`metrics failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  };
}

/** A running server of the operator's routes. */
export interface OpsServer {
  /** The port it listens on. */
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Serves `/healthz` and `/metrics` (`opsRoutes`) on `port` (0: a free one) at `host`; resolves
 * once listening. Anything else is a 404 that names the two.
 */
export async function startOpsServer(port: number, metrics: Metrics, health: () => Health, host = "0.0.0.0"): Promise<OpsServer> {
  const app = Fastify({ logger: false });
  opsRoutes(metrics, health)(app);
  app.setNotFoundHandler(async (_req, reply) => reply.code(404).type("text/plain").send("not found: try /healthz or /metrics"));
  await app.listen({ port, host });
  const at = app.server.address();
  return { port: typeof at === "object" && at ? at.port : port, close: () => app.close() };
}
