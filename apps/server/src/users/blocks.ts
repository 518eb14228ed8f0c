import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/database";

/**
 * "Blocked either way", written once (issue 9, item 9; issue 18, item 4): a block hides each member
 * from the other everywhere a member can be identified. `a` and `b` are SQL expressions of user ids.
 */
export function blockedEitherWay(a: SQL, b: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM blocks bl WHERE (bl.blocker_id = ${a} AND bl.blocked_id = ${b}) OR (bl.blocker_id = ${b} AND bl.blocked_id = ${a}))`;
}

/** The members in a block relationship with `userId`, either way. */
export async function blockedPeersOf(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows<{ peer: string }>(
    db,
    sql`SELECT CASE WHEN blocker_id = ${userId}::uuid THEN blocked_id ELSE blocker_id END AS peer
        FROM blocks WHERE blocker_id = ${userId}::uuid OR blocked_id = ${userId}::uuid`,
  );
  return rows.map((r) => r.peer);
}

/** `others` without those in a block relationship with `userId` (who is told of typing, read marks). */
export async function withoutBlocked(db: Db, userId: string, others: readonly string[]): Promise<string[]> {
  if (others.length === 0) return [];
  const hidden = new Set(await blockedPeersOf(db, userId));
  return others.filter((id) => !hidden.has(id));
}
