import { and, asc, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { NOTIFICATION_KEEP_DAYS, type Notification, type NotificationKind, type SessionUser } from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { memberWarnings, notifications } from "../db/schema";
import type { Notifier } from "../http/context";

function present(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    kind: row.kind,
    data: row.data as Record<string, string>,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

const recent = () => sql`now() - make_interval(days => ${NOTIFICATION_KEEP_DAYS})`;

/** Stores one notification per member and pushes it to their open sockets on every node. */
export async function sendNotifications(
  db: Db,
  notify: Notifier,
  userIds: readonly string[],
  kind: NotificationKind,
  data: Record<string, string>,
): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await db
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, kind, data })))
    .returning();
  for (const row of rows) notify.toUsers([row.userId], "notification", present(row));
}

/** Notifications older than NOTIFICATION_KEEP_DAYS go (called with the session sweep). */
/**
 * Deletes the notifications of these kinds that each of two members holds about the other (`data.memberId`): a block
 * takes the taps and matches between them out of both bells.
 */
export async function deleteNotificationsBetween(
  db: Db,
  a: string,
  b: string,
  kinds: readonly NotificationKind[],
): Promise<void> {
  await queryRows(
    db,
    sql`DELETE FROM notifications n WHERE n.kind = ANY(${`{${kinds.join(",")}}`}::notification_kind[])
        AND ((n.user_id = ${a}::uuid AND n.data->>'memberId' = ${b})
          OR (n.user_id = ${b}::uuid AND n.data->>'memberId' = ${a}))`,
  );
}

export async function sweepNotifications(db: Db): Promise<void> {
  await db.delete(notifications).where(lt(notifications.createdAt, recent()));
}

/** His newest 50 notifications of the last NOTIFICATION_KEEP_DAYS, and how many are unread. */
export async function notificationsOf(
  db: Db,
  userId: string,
): Promise<{ notifications: Notification[]; unread: number }> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.createdAt, recent())))
    .orderBy(desc(notifications.createdAt))
    .limit(50);
  const [unread] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), gt(notifications.createdAt, recent())));
  return { notifications: rows.map(present), unread: Number(unread?.n ?? 0) };
}

export async function markNotificationsRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** The oldest warning he has not acknowledged (he sees it at his next visit), or null. */
export async function pendingWarning(db: Db, userId: string): Promise<SessionUser["warning"]> {
  const [row] = await db
    .select()
    .from(memberWarnings)
    .where(and(eq(memberWarnings.userId, userId), isNull(memberWarnings.acknowledgedAt)))
    .orderBy(asc(memberWarnings.createdAt))
    .limit(1);
  return row ? { id: row.id, reason: row.reason, at: row.createdAt.toISOString() } : null;
}

/** Acknowledges his own warning (twice is fine); false when he has no warning of that id. */
export async function acknowledgeWarning(db: Db, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ acknowledgedAt: memberWarnings.acknowledgedAt })
    .from(memberWarnings)
    .where(and(eq(memberWarnings.id, id), eq(memberWarnings.userId, userId)))
    .limit(1);
  if (!row) return false;
  if (!row.acknowledgedAt)
    await db.update(memberWarnings).set({ acknowledgedAt: new Date() }).where(eq(memberWarnings.id, id));
  return true;
}
