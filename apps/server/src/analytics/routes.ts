import type { FastifyInstance } from "fastify";
import { ANALYTICS_PATH, analyticsQuerySchema } from "@vicinity/contract/analytics";
import { isSerializationFailure } from "../db/errors";
import type { AppContext } from "../http/context";
import { parseOr400 } from "../http/errors";
import { analyticsReport } from "./report";
import { rollUp } from "./rollup";

/**
 * Counts what is waiting, so that the page shows what just happened; a roll-up elsewhere is not
 * waited for, nor the weekly and monthly actives' recount (the minute's run does it).
 */
export async function rollUpNow(ctx: AppContext): Promise<void> {
  await ctx.activity.flush();
  try {
    await rollUp(ctx.db, { recount: false });
  } catch (error) {
    // Another node's roll-up committed first (a serialization failure): its counts are in. Any
    // other failure is told; the report then shows what was counted before.
    if (!isSerializationFailure(error)) console.warn("analytics roll-up:", error);
  }
}

/** How long the report waits for a replica to replay the roll-up before it asks the primary. */
const ANALYTICS_REPLICA_WAIT_MS = 1000;

/** GET /api/admin/analytics: in the admin group, so only admins get an answer. */
export function registerAnalyticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(ANALYTICS_PATH, async (request) => {
    const query = parseOr400(analyticsQuerySchema, request.query);
    await rollUpNow(ctx);
    // The report's aggregates are heavy: a replica answers once it has the roll-up just made.
    return ctx.database.reads.read(Date.now(), (db) => analyticsReport(db, query), ANALYTICS_REPLICA_WAIT_MS);
  });
}
