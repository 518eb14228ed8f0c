import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { deleteSharesBetween } from "../albums/service";
import type { BlockedMember } from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { blocks, users } from "../db/schema";
import { deleteNotificationsBetween } from "../notifications/service";
import { onlineNowSql } from "../presence/presence";
import { activeSql, distanceHiddenSql } from "../policy/members";
import type { MemberRow } from "./nearby";

/** A member's profile row as a viewer sees it, with the blocks between them either way. */
export type ProfileRow = MemberRow & { i_blocked: boolean; blocked_me: boolean } & Record<string, unknown>;

/**
 * A member's columns as a viewer sees him (MemberRow: his profile, distance from the viewer, online),
 * with the blocks either way; `u` is his users row. Used with memberJoinsSql (his profile, the signals' lists).
 */
export function memberColumnsSql(viewerId: string): SQL {
  return sql`u.id, u.username, u.display_name, u.first_name, u.age, u.bio, u.interests, u.body_type, u.position,
             u.profile_image_url, ${distanceHiddenSql()} AS distance_hidden, u.right_now_note, u.right_now_until,
             ${onlineNowSql()} AS is_online,
             CASE WHEN l.user_id IS NULL OR v.user_id IS NULL THEN NULL
                  ELSE earth_distance(l.snapped_earth, v.snapped_earth) END AS meters,
             EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${viewerId}::uuid AND b.blocked_id = u.id) AS i_blocked,
             EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ${viewerId}::uuid) AS blocked_me`;
}

/** The joins memberColumnsSql reads: his presence, his position and the viewer's. */
export function memberJoinsSql(viewerId: string): SQL {
  return sql`LEFT JOIN presence p ON p.user_id = u.id
      LEFT JOIN locations l ON l.user_id = u.id
      LEFT JOIN locations v ON v.user_id = ${viewerId}::uuid`;
}

/** The member's profile row (active members only), his distance from the viewer, and the blocks either way. */
export async function findProfileRow(db: Db, viewerId: string, id: string): Promise<ProfileRow | undefined> {
  const [row] = await queryRows<ProfileRow>(
    db,
    sql`SELECT ${memberColumnsSql(viewerId)} FROM users u ${memberJoinsSql(viewerId)}
        WHERE u.id = ${id}::uuid AND ${activeSql()}`,
  );
  return row;
}

/** The members he blocked, the latest first. */
export async function listBlocked(db: Db, userId: string): Promise<BlockedMember[]> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      profileImageUrl: users.profileImageUrl,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(desc(blocks.createdAt));
  return rows.map((r): BlockedMember => ({ ...r, blockedAt: r.blockedAt.toISOString() }));
}

/** Blocks a member; answers whether the block is new. */
export async function blockMember(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  // A block hides each from the other: the taps, matches and shared albums in either's notifications go with it...
  await deleteNotificationsBetween(db, blockerId, blockedId, ["tap", "match", "album_shared"]);
  // ...and the private albums either shared with the other (unblocking does not share them again).
  await deleteSharesBetween(db, blockerId, blockedId);
  const added = await db
    .insert(blocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ id: blocks.blockerId });
  return added.length > 0;
}

export async function unblockMember(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}
