import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { NOTIFICATION_KEEP_DAYS, NOTIFICATION_PATHS, type Notification, type NotificationKind } from "@vicinity/contract";
import type { Db } from "../db/database";
import { notifications } from "../db/schema";
import type { AppContext, Notifier } from "../http/context";
import { requireMember, sendOk } from "../http/context";
import { registerWarningRoutes } from "./warnings";

function present(row: typeof notifications.$inferSelect): Notification {
  return { id: row.id, kind: row.kind, data: row.data as Record<string, string>, createdAt: row.createdAt.toISOString(), readAt: row.readAt?.toISOString() ?? null };
}

/** Stores one notification per member and pushes it to their open sockets on every node. */
export async function sendNotifications(db: Db, notify: Notifier, userIds: readonly string[], kind: NotificationKind, data: Record<string, string>): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await db
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, kind, data })))
    .returning();
  for (const row of rows) notify.toUsers([row.userId], "notification", present(row));
}

/** Notifications older than NOTIFICATION_KEEP_DAYS go (called with the session sweep). */
export async function sweepNotifications(db: Db): Promise<void> {
  await db.delete(notifications).where(lt(notifications.createdAt, sql`now() - make_interval(days => ${NOTIFICATION_KEEP_DAYS})`));
}

/** GET /api/notifications (the newest 50 of the last 90 days, and how many are unread); POST .../read; a warning's acknowledgement. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const recent = sql`now() - make_interval(days => ${NOTIFICATION_KEEP_DAYS})`;
  app.get(NOTIFICATION_PATHS.list, async (request) => {
    const me = requireMember(request);
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), gt(notifications.createdAt, recent)))
      .orderBy(desc(notifications.createdAt))
      .limit(50);
    const [unread] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), isNull(notifications.readAt), gt(notifications.createdAt, recent)));
    return { notifications: rows.map(present), unread: Number(unread?.n ?? 0) };
  });
  app.post(NOTIFICATION_PATHS.read, async (request, reply) => {
    const me = requireMember(request);
    await db.update(notifications).set({ readAt: new Date() }).where(and(eq(notifications.userId, me.id), isNull(notifications.readAt)));
    return sendOk(reply);
  });
  registerWarningRoutes(app, db);
}
