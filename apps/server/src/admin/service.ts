import { and, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { suspendedMessage, type ReportAction, type ReportKind } from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import {
  auditLog,
  bannedMedia,
  events,
  groups,
  media,
  memberWarnings,
  profilePhotos,
  reportNotes,
  reports,
  users,
} from "../db/schema";
import { badRequest, conflict, notFound } from "../http/errors";
import type { AppContext } from "../http/context";
import { sendNotifications } from "../notifications/service";
import { applyPhotoOrder, listPhotos } from "../users/photos";
import { rotateCalendarFeed } from "../events/calendar-feed";
import { dropConversation, removeMessageById } from "../messages/service";

/** The admin acting (his id and name go into every audit entry). */
export interface Actor {
  id: string;
  username: string;
}

/** Anything that runs SQL: the database or a transaction. */
type Tx = Db;

/** One audit entry: written in the same transaction as the action it records. */
export async function audit(
  tx: Tx,
  actor: Actor,
  action: string,
  targetType: string,
  targetId: string,
  reason: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await tx
    .insert(auditLog)
    .values({ adminId: actor.id, adminUsername: actor.username, action, targetType, targetId, reason, data });
}

/** What must happen after the transaction committed (sessions ended, people told). */
interface After {
  suspended: Set<string>;
  warned: Map<string, string>;
  removedMessages: Array<{ conversationId: string; messageId: number }>;
  outcomes: Array<{ reporterId: string; outcome: "dismissed" | "actioned" }>;
  mediaFiles: string[];
  /** Conversations deleted with their group: every node forgets who was in them. */
  droppedConversations: string[];
}
const newAfter = (): After => ({
  suspended: new Set(),
  warned: new Map(),
  removedMessages: [],
  outcomes: [],
  mediaFiles: [],
  droppedConversations: [],
});

async function runAfter(ctx: AppContext, after: After): Promise<void> {
  for (const userId of after.suspended) {
    // His sessions end and his sockets are cut at once, on every node; he leaves the map.
    await ctx.sessions.destroyAllOf(userId);
    ctx.notify.disconnectUser(userId);
    ctx.mapChanges.memberChanged(userId);
  }
  for (const [userId, reason] of after.warned)
    await sendNotifications(ctx.db, ctx.notify, [userId], "warning", { reason });
  for (const removed of after.removedMessages) {
    ctx.notify.toUsers(await ctx.participants.of(removed.conversationId), "messageRemoved", removed);
  }
  for (const { reporterId, outcome } of after.outcomes)
    await sendNotifications(ctx.db, ctx.notify, [reporterId], "report_outcome", { outcome });
  for (const id of after.mediaFiles) await ctx.mediaStore.remove(id).catch(() => undefined);
  for (const id of after.droppedConversations) ctx.participants.changed(id);
}

async function targetUser(tx: Tx, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound("Member not found");
  return user;
}

async function suspendIn(
  tx: Tx,
  actor: Actor,
  userId: string,
  reason: string,
  days: number | null,
  after: After,
): Promise<void> {
  if (userId === actor.id) throw badRequest("You cannot suspend yourself");
  const user = await targetUser(tx, userId);
  if (user.accountRole === "admin") throw conflict("Revoke his admin role before suspending him");
  const until = days === null ? null : new Date(Date.now() + days * 86_400_000);
  await tx
    .update(users)
    .set({ suspendedAt: new Date(), suspendedUntil: until, suspensionReason: reason, updatedAt: new Date() })
    .where(eq(users.id, userId));
  // His calendar feed's URL stops working too (a new one once he is back).
  await rotateCalendarFeed(tx, userId);
  await audit(tx, actor, "suspend", "member", userId, reason, { days, until: until?.toISOString() ?? null });
  after.suspended.add(userId);
}

async function warnIn(tx: Tx, actor: Actor, userId: string, reason: string, after: After): Promise<void> {
  await targetUser(tx, userId);
  await tx.insert(memberWarnings).values({ userId, reason });
  await audit(tx, actor, "warn", "member", userId, reason);
  after.warned.set(userId, reason);
}

export async function suspendMember(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  reason: string,
  days: number | null,
): Promise<void> {
  const after = newAfter();
  await ctx.db.transaction(async (tx) => suspendIn(tx as unknown as Tx, actor, userId, reason, days, after));
  await runAfter(ctx, after);
}

export async function warnMember(ctx: AppContext, actor: Actor, userId: string, reason: string): Promise<void> {
  const after = newAfter();
  await ctx.db.transaction(async (tx) => warnIn(tx as unknown as Tx, actor, userId, reason, after));
  await runAfter(ctx, after);
}

export async function restoreMember(ctx: AppContext, actor: Actor, userId: string, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await targetUser(tx as unknown as Tx, userId);
    if (!user.suspendedAt) throw conflict("This member is not suspended");
    await tx
      .update(users)
      .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await audit(tx as unknown as Tx, actor, "restore", "member", userId, reason);
  });
  ctx.mapChanges.memberChanged(userId);
}

/** Grants or revokes admin; never the last admin (nor himself: another admin must). */
export async function setAdminRole(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  admin: boolean,
  reason: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Tx;
    const user = await targetUser(t, userId);
    if (user.suspendedAt && admin) throw conflict("Restore him before making him an admin");
    if (admin && !user.emailVerifiedAt) throw conflict("He must confirm his email address before he can be an admin");
    if ((user.accountRole === "admin") === admin)
      throw conflict(admin ? "He is already an admin" : "He is not an admin");
    if (!admin) {
      if (userId === actor.id) throw badRequest("Another admin must revoke your role");
      const [count] = await queryRows<{ n: number }>(
        t,
        sql`SELECT count(*)::int AS n FROM users WHERE account_role = 'admin' AND suspended_at IS NULL`,
      );
      if (Number(count?.n ?? 0) <= 1) throw conflict("He is the last admin");
    }
    await t
      .update(users)
      .set({ accountRole: admin ? "admin" : "member", updatedAt: new Date() })
      .where(eq(users.id, userId));
    await audit(t, actor, admin ? "grant_admin" : "revoke_admin", "member", userId, reason);
  });
}

/** Temporary suspensions whose time is over end by themselves (at sign-in, and every 10 minutes). */
export async function restoreExpiredSuspensions(db: Db): Promise<number> {
  const gone = await db
    .update(users)
    .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null })
    .where(and(isNotNull(users.suspendedAt), isNotNull(users.suspendedUntil), lt(users.suspendedUntil, new Date())))
    .returning({ id: users.id });
  return gone.length;
}

export { suspendedMessage };

interface ReportRow extends Record<string, unknown> {
  id: string;
  kind: ReportKind;
  reporter_id: string | null;
  reported_id: string;
  message_id: number | string | null;
  media_id: string | null;
  event_id: string | null;
  group_id: string | null;
  status: "open" | "dismissed" | "actioned";
}

export const REPORT_KIND_SQL = sql`CASE WHEN r.event_id IS NOT NULL THEN 'event' WHEN r.message_id IS NOT NULL THEN 'message' WHEN r.media_id IS NOT NULL THEN 'picture' WHEN r.group_id IS NOT NULL THEN 'group' ELSE 'member' END`;

/** Removes a picture for good: its file goes, its bytes are banned, his profile order is mended. */
async function removePictureIn(tx: Tx, actor: Actor, mediaId: string, reason: string, after: After): Promise<void> {
  const [picture] = await tx.select().from(media).where(eq(media.id, mediaId)).limit(1);
  if (!picture) return;
  if (picture.sha256) await tx.insert(bannedMedia).values({ sha256: picture.sha256 }).onConflictDoNothing();
  const wasProfile =
    (await tx.select().from(profilePhotos).where(eq(profilePhotos.mediaId, mediaId)).limit(1)).length > 0;
  await tx.delete(media).where(eq(media.id, mediaId));
  if (wasProfile)
    await applyPhotoOrder(
      tx,
      picture.ownerId,
      (await listPhotos(tx, picture.ownerId)).map((p) => p.id),
    );
  await audit(tx, actor, "remove_picture", "picture", mediaId, reason, { ownerId: picture.ownerId });
  after.mediaFiles.push(mediaId);
}

async function removeContentIn(tx: Tx, actor: Actor, report: ReportRow, reason: string, after: After): Promise<void> {
  switch (report.kind) {
    case "message": {
      const removed = await removeMessageById(tx, Number(report.message_id));
      if (removed) after.removedMessages.push(removed);
      await audit(tx, actor, "remove_message", "message", String(report.message_id), reason);
      return;
    }
    case "picture":
      return removePictureIn(tx, actor, report.media_id!, reason, after);
    case "event":
      await tx
        .update(events)
        .set({ cancelledAt: new Date(), cancelReason: "Removed by our moderators", updatedAt: new Date() })
        .where(and(eq(events.id, report.event_id!), sql`${events.cancelledAt} IS NULL`));
      await audit(tx, actor, "remove_event", "event", report.event_id!, reason);
      return;
    case "group": {
      const [group] = await tx
        .select({ conversationId: groups.conversationId })
        .from(groups)
        .where(eq(groups.id, report.group_id!))
        .limit(1);
      if (group) {
        await tx.delete(groups).where(eq(groups.id, report.group_id!));
        await dropConversation(tx, group.conversationId);
        after.droppedConversations.push(group.conversationId);
      }
      await audit(tx, actor, "remove_group", "group", report.group_id!, reason);
      return;
    }
    case "member":
      throw badRequest("A report on a member has no content to remove: warn or suspend him");
  }
}

/**
 * Acts on reports, many at once: dismiss, or any of remove the content, warn,
 * suspend. One transaction for all of it and its audit entries; each target is acted on once
 * however many reports name it; the reporters are told the outcome (not who decided).
 */
export async function actOnReports(
  ctx: AppContext,
  actor: Actor,
  ids: readonly string[],
  actions: readonly ReportAction[],
  reason: string,
  days: number | null | undefined,
): Promise<{ acted: number }> {
  if (actions.includes("suspend") && days === undefined)
    throw badRequest("Choose how long to suspend for (days, or null for good)");
  const after = newAfter();
  const acted = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Tx;
    const rows = await queryRows<ReportRow>(
      t,
      sql`SELECT r.id, ${REPORT_KIND_SQL} AS kind, r.reporter_id, r.reported_id, r.message_id, r.media_id, r.event_id, r.group_id, r.status
          FROM reports r WHERE r.id IN (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) FOR UPDATE`,
    );
    if (rows.length !== new Set(ids).size) throw notFound("A report was not found");
    if (rows.some((r) => r.status !== "open")) throw conflict("A report was already closed: reload the queue");
    const done = new Set<string>();
    const once = (key: string) => (done.has(key) ? false : (done.add(key), true));
    for (const report of rows) {
      if (
        actions.includes("remove") &&
        once(
          `remove:${report.kind}:${report.message_id ?? report.media_id ?? report.event_id ?? report.group_id ?? report.reported_id}`,
        )
      ) {
        await removeContentIn(t, actor, report, reason, after);
      }
      if (actions.includes("warn") && once(`warn:${report.reported_id}`))
        await warnIn(t, actor, report.reported_id, reason, after);
      if (actions.includes("suspend") && once(`suspend:${report.reported_id}`))
        await suspendIn(t, actor, report.reported_id, reason, days ?? null, after);
      const outcome = actions.includes("dismiss") ? "dismissed" : "actioned";
      await t
        .update(reports)
        .set({ status: outcome, resolvedAt: new Date(), resolvedById: actor.id })
        .where(eq(reports.id, report.id));
      await audit(
        t,
        actor,
        outcome === "dismissed" ? "dismiss_report" : "resolve_report",
        "report",
        report.id,
        reason,
        { actions: [...actions], kind: report.kind },
      );
      if (report.reporter_id) after.outcomes.push({ reporterId: report.reporter_id, outcome });
    }
    return rows.length;
  });
  await runAfter(ctx, after);
  return { acted };
}

/** A picture removed from the recent-pictures grid (proactive review). */
export async function removePicture(ctx: AppContext, actor: Actor, mediaId: string, reason: string): Promise<void> {
  const after = newAfter();
  await ctx.db.transaction(async (tx) => {
    const [picture] = await tx.select({ id: media.id }).from(media).where(eq(media.id, mediaId)).limit(1);
    if (!picture) throw notFound("Picture not found");
    await removePictureIn(tx as unknown as Tx, actor, mediaId, reason, after);
    // Open reports on it are resolved with it.
    await tx
      .update(reports)
      .set({ status: "actioned", resolvedAt: new Date(), resolvedById: actor.id })
      .where(and(eq(reports.mediaId, mediaId), eq(reports.status, "open")));
  });
  await runAfter(ctx, after);
}

/** Assigns a report to an admin, or unassigns it (null). */
export async function assignReport(db: Db, reportId: string, assignedToId: string | null): Promise<void> {
  const [done] = await db
    .update(reports)
    .set({ assignedToId })
    .where(eq(reports.id, reportId))
    .returning({ id: reports.id });
  if (!done) throw notFound("Report not found");
}

/** An admin's note on a report, for the other admins. */
export async function addReportNote(db: Db, reportId: string, authorId: string, text: string): Promise<void> {
  const [report] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId)).limit(1);
  if (!report) throw notFound("Report not found");
  await db.insert(reportNotes).values({ reportId, authorId, text });
}

/** Pictures looked at and kept: they leave the queue, each with its audit entry. Answers how many were marked. */
export async function markPicturesReviewed(db: Db, actor: Actor, ids: readonly string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const marked = await t
      .update(media)
      .set({ reviewedAt: new Date() })
      .where(and(inArray(media.id, [...new Set(ids)]), isNull(media.reviewedAt)))
      .returning({ id: media.id });
    for (const { id } of marked) await audit(t, actor, "review_picture", "picture", id, "Reviewed and kept");
    return marked.length;
  });
}
