import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import type { Metrics } from "./metrics";
import { checkReadiness, type Readiness } from "./readiness";

export const HEALTH_PATHS = { alive: "/healthz", ready: "/readyz", metrics: "/metrics" } as const;

export { checkReadiness, READINESS_TIMEOUT_MS, type Readiness } from "./readiness";

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
    if (readiness.closing())
      return reply.status(503).send({ status: "closing", message: "This node is shutting down" });
    const checks = await checkReadiness(readiness);
    const down = [
      checks.database === "unreachable" && "the database",
      checks.redis === "unreachable" && "Redis",
    ].filter(Boolean);
    if (down.length > 0)
      return reply
        .status(503)
        .send({ status: "unavailable", message: `Not ready: ${down.join(" and ")} cannot be reached`, ...checks });
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
      response
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ message: "Only GET /metrics is here" }));
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => response.writeHead(200, { "content-type": contentType }).end(body),
      () =>
        response
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify({ message: "The metrics could not be read" })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
