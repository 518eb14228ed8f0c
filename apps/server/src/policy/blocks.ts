import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/database";

/**
 * "Blocked either way", written once: a block hides each member from the other everywhere a member
 * can be identified (nearby, profile, map, presence, typing, receipts, events, groups, pictures).
 * `a` and `b` are SQL expressions of user ids.
 */
export function blockedEitherWaySql(a: SQL, b: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM blocks bl WHERE (bl.blocker_id = ${a} AND bl.blocked_id = ${b}) OR (bl.blocker_id = ${b} AND bl.blocked_id = ${a}))`;
}

/** `TRUE` unless `other` is in a block with `viewerId` either way (no viewer: nobody is hidden). */
export function notBlockedWithSql(viewerId: string | null, other: SQL): SQL {
  return viewerId ? sql`NOT ${blockedEitherWaySql(sql`${viewerId}::uuid`, other)}` : sql`TRUE`;
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

/** The plain-function side of the rule: `others` without those in a block with `userId` (who is told of typing, read marks, presence). */
export async function withoutBlocked(db: Db, userId: string, others: readonly string[]): Promise<string[]> {
  if (others.length === 0) return [];
  const hidden = new Set(await blockedPeersOf(db, userId));
  return others.filter((id) => !hidden.has(id));
}

/** Whether two members are in a block, either way. */
export async function isBlockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await queryRows<{ blocked: boolean }>(
    db,
    sql`SELECT ${blockedEitherWaySql(sql`${a}::uuid`, sql`${b}::uuid`)} AS blocked`,
  );
  return Boolean(row?.blocked);
}

/** blockedPeersOf for many members at once (the live map's viewers of a flush): one query. */
export async function blockedPeersOfMany(db: Db, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const peers = new Map<string, string[]>();
  if (userIds.length === 0) return peers;
  // One parameter, a uuid[] literal (ids come from sessions; a malformed one fails the cast, it is not SQL).
  const ids = sql`${`{${userIds.join(",")}}`}::uuid[]`;
  const rows = await queryRows<{ blocker_id: string; blocked_id: string }>(
    db,
    sql`SELECT blocker_id, blocked_id FROM blocks WHERE blocker_id = ANY(${ids}) OR blocked_id = ANY(${ids})`,
  );
  const add = (a: string, b: string) => {
    const list = peers.get(a);
    if (list) list.push(b);
    else peers.set(a, [b]);
  };
  for (const r of rows) {
    add(r.blocker_id, r.blocked_id);
    add(r.blocked_id, r.blocker_id);
  }
  return peers;
}
