import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/database";

/**
 * Prometheus metrics of one node, in a registry of its own (tests build several
 * servers in one process). Read at /metrics on METRICS_PORT, or on the app's port with
 * `Authorization: Bearer METRICS_TOKEN` (ops/routes.ts).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requestSeconds = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route (the route's pattern, not the URL)",
    labelNames: ["method", "route", "status_code"] as const,
    // From a cached answer (about 1 ms) to a slow upload.
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly messages = new Counter({
    name: "messages_sent_total",
    help: "Messages stored and sent to their conversation (rate() gives messages a second)",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });
  private readonly deliverySeconds = new Histogram({
    name: "message_delivery_seconds",
    help: "From a message's arrival on this node to its being stored and handed to every recipient's sockets",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  private readonly mapDeliveries = new Histogram({
    name: "map_delivery_seconds",
    help: "One delivery of changed map tiles to this node's viewers (each flush, and each change told by another node)",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly mapStatements = new Counter({
    name: "map_delivery_statements_total",
    help: "Database statements of the live map's deliveries (one a changed tile, two for the viewers, two an over-cap viewer)",
    registers: [this.registry],
  });
  private readonly mapPushes = new Counter({
    name: "map_pushes_total",
    help: "Live map pushes sent to viewers (mapChanges or mapTiles)",
    registers: [this.registry],
  });

  constructor(options: { sockets: () => number; database: Database }) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: "socketio_sockets_open",
      help: "Sockets open on this node",
      registers: [this.registry],
      collect() {
        this.set(options.sockets());
      },
    });
    const pool = options.database.pool;
    new Gauge({
      name: "db_pool_connections",
      help: "The database pool's connections by state (PostgreSQL); PGlite has one in-process connection",
      labelNames: ["state"] as const,
      registers: [this.registry],
      collect() {
        const stats = pool?.() ?? { total: 1, idle: 0, waiting: 0 };
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "in_use" }, stats.total - stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
    const reads = options.database.reads;
    if (reads.hasReplicas) {
      new Gauge({
        name: "db_replica_lag_seconds",
        help: "How far each read replica is behind the primary (NaN: down or not a replica; it is skipped)",
        labelNames: ["replica"] as const,
        registers: [this.registry],
        collect() {
          for (const s of reads.status()) this.set({ replica: s.name }, s.lagMs === null ? NaN : s.lagMs / 1000);
        },
      });
      new Gauge({
        name: "db_reads",
        help: "Read-only queries of the hot paths since start, by where they ran (a replica, or the primary)",
        labelNames: ["on"] as const,
        registers: [this.registry],
        collect() {
          for (const [name, count] of Object.entries(reads.readsBy())) this.set({ on: name }, count);
          this.set({ on: "primary" }, reads.primaryReads);
        },
      });
    }
  }

  /** Times every request by its route pattern (unknown URLs count as one "no route"). */
  instrument(app: FastifyInstance): void {
    app.addHook("onResponse", async (request, reply) => {
      const route = request.routeOptions.url ?? "(no route)";
      this.requestSeconds.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  }

  /** A message was stored and handed to its recipients `seconds` after it arrived. */
  messageDelivered(kind: "direct" | "group", seconds: number): void {
    this.messages.inc({ kind });
    this.deliverySeconds.observe(seconds);
  }

  /** The live map delivered changed tiles (map/live.ts). */
  mapDelivered(stats: { statements: number; pushes: number; seconds: number }): void {
    this.mapDeliveries.observe(stats.seconds);
    this.mapStatements.inc(stats.statements);
    this.mapPushes.inc(stats.pushes);
  }

  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
