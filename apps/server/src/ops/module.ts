import { upkeep, UPKEEP_MS } from "../db/upkeep";
import type { DomainModule } from "../http/module";
import { registerHealthRoutes, registerMetricsRoute } from "./routes";

const onPglite = (ctx: { database: { engine: string } }) => ctx.database.engine === "pglite";

/** The node's health for the load balancer, its metrics for the operator, and PGlite's upkeep (it has no autovacuum). */
export const opsModule: DomainModule = {
  name: "ops",
  routes: {
    open: (group, ctx) =>
      registerHealthRoutes(group, { database: ctx.database, redis: ctx.node.redis, closing: ctx.node.closing }),
    operator: (group, ctx) => registerMetricsRoute(group, ctx.metrics),
  },
  async start(ctx) {
    if (onPglite(ctx)) await upkeep(ctx.db);
  },
  jobs: [{ name: "database upkeep", everyMs: UPKEEP_MS, when: onPglite, run: (ctx) => upkeep(ctx.db) }],
};
