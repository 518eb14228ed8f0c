import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { beforeDeadline, TIMED_OUT } from "./deadline";

/** How long a readiness check waits for the database or Redis before it calls them unreachable. */
export const READINESS_TIMEOUT_MS = 2000;

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
