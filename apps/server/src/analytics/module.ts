import type { DomainModule } from "../http/module";
import { sweepActivity } from "./rollup";
import { registerAnalyticsRoutes, rollUpNow } from "./routes";

/** What members do, counted for the admins' analytics: recorded as it happens, rolled up every minute. */
export const analyticsModule: DomainModule = {
  name: "analytics",
  routes: { admin: registerAnalyticsRoutes },
  sockets:
    (ctx) =>
    ({ me }) =>
      ctx.activity.open(me.id),
  jobs: [
    // On each node, one at a time across nodes.
    { name: "analytics roll-up", everyMs: 60_000, run: rollUpNow },
    { name: "old activity", everyMs: 10 * 60_000, run: (ctx) => sweepActivity(ctx.db) },
  ],
};
