import { createServer, type Server } from "node:http";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";
import { beforeDeadline, TIMED_OUT } from "./deadline";
import type { Metrics } from "./metrics";

/** How long a readiness check waits for the database or Redis before it calls them unreachable. */
export const READINESS_TIMEOUT_MS = 2000;

export const HEALTH_PATHS = { alive: "/healthz", ready: "/readyz", metrics: "/metrics" } as const;

export interface Readiness {
  database: Database;
  /** The shared limits' Redis link (null without REDIS_URL). */
  redis: { ping(): Promise<string> } | null;
  /** True once the node has begun to shut down: the load balancer should send it nothing new. */
  closing(): boolean;
}

type Check = "ok" | "unreachable" | "not used";

/** "ok" when `work` succeeds within the readiness check's time, "unreachable" otherwise. */
const answers = (work: Promise<unknown>): Promise<Check> =>
  beforeDeadline(work, READINESS_TIMEOUT_MS).then(
    (result) => (result === TIMED_OUT ? "unreachable" : "ok"),
    () => "unreachable",
  );

/** Whether each of the node's dependencies answers now. */
export async function checkReadiness(readiness: Readiness): Promise<{ database: Check; redis: Check }> {
  const [database, redis] = await Promise.all([
    answers(readiness.database.db.execute(sql`SELECT 1`)),
    readiness.redis ? answers(readiness.redis.ping()) : Promise.resolve("not used" as const),
  ]);
  return { database, redis };
}

/**
 * GET /healthz: the process answers (a supervisor restarts it when this fails).
 * GET /readyz: it can serve: the database and Redis answer, and it is not shutting down (a load
 * balancer sends traffic only to ready nodes). Both in the open group; neither reads a session.
 */
export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness): void {
  app.get(HEALTH_PATHS.alive, async (_request, reply) => {
    void reply.header("cache-control", "no-store");
    return { status: "alive" };
  });
  app.get(HEALTH_PATHS.ready, async (_request, reply) => {
    void reply.header("cache-control", "no-store");
    if (readiness.closing()) return reply.status(503).send({ status: "closing", message: "This node is shutting down" });
    const checks = await checkReadiness(readiness);
    const down = [checks.database === "unreachable" && "the database", checks.redis === "unreachable" && "Redis"].filter(Boolean);
    if (down.length > 0) return reply.status(503).send({ status: "unavailable", message: `Not ready: ${down.join(" and ")} cannot be reached`, ...checks });
    return { status: "ready", ...checks };
  });
}

/** GET /metrics on the app's port, in the operator group (its token guards it). */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics): void {
  app.get(HEALTH_PATHS.metrics, async (_request, reply) => {
    const { contentType, body } = await metrics.text();
    return reply.header("content-type", contentType).header("cache-control", "no-store").send(body);
  });
}

/** /metrics on a port of its own (METRICS_PORT), for a scraper on the private network; nothing else there. */
export async function listenForMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || (request.url ?? "").split("?")[0] !== HEALTH_PATHS.metrics) {
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "Only GET /metrics is here" }));
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => response.writeHead(200, { "content-type": contentType }).end(body),
      () => response.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ message: "The metrics could not be read" })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
