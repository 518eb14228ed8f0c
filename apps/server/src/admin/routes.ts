import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  ADMIN_PAGE_SIZE,
  ADMIN_PATHS,
  adminMembersQuerySchema,
  adminPicturesQuerySchema,
  adminReportsQuerySchema,
  adminRoleSchema,
  auditQuerySchema,
  pictureRemoveSchema,
  picturesReviewedSchema,
  reportActionSchema,
  reportAssignSchema,
  reportNoteSchema,
  restoreSchema,
  suspendSchema,
  warnSchema,
  type AdminMember,
  type AdminReport,
  type ReportKind,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { requireMember } from "../http/context";
import { isUuid, notFound, parseOr400 } from "../http/errors";
import { queryRows, type Db } from "../db/database";
import { auditLog, media, reportNotes, reports, sessions, users } from "../db/schema";
import { listPhotos } from "../users/photos";
import { actOnReports, audit, REPORT_KIND_SQL, removePicture, restoreMember, setAdminRole, suspendMember, warnMember, type Actor } from "./service";

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

function actorOf(request: FastifyRequest): Actor {
  const me = requireMember(request);
  return { id: me.id, username: me.username };
}

function idOf(request: IdRequest, what: string): string {
  if (!isUuid(request.params.id)) throw notFound(`${what} not found`);
  return request.params.id;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

interface MemberRow extends Record<string, unknown> {
  id: string;
  username: string;
  email: string;
  display_name: string | null;
  profile_image_url: string | null;
  account_role: "member" | "admin";
  created_at: string | Date;
  suspended_at: string | Date | null;
  suspended_until: string | Date | null;
  suspension_reason: string | null;
  open_reports: number;
}

const MEMBER_COLUMNS = sql`u.id, u.username, u.email, u.display_name, u.profile_image_url, u.account_role, u.created_at, u.suspended_at, u.suspended_until, u.suspension_reason,
  (SELECT count(*)::int FROM reports r WHERE r.reported_id = u.id AND r.status = 'open') AS open_reports`;

function toMember(r: MemberRow): AdminMember {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    displayName: r.display_name,
    profileImageUrl: r.profile_image_url,
    accountRole: r.account_role,
    createdAt: iso(r.created_at)!,
    suspendedAt: iso(r.suspended_at),
    suspendedUntil: iso(r.suspended_until),
    suspensionReason: r.suspension_reason,
    openReports: Number(r.open_reports),
  };
}

interface ReportRow extends Record<string, unknown> {
  id: string;
  kind: ReportKind;
  status: "open" | "dismissed" | "actioned";
  reason: AdminReport["reason"];
  details: string;
  created_at: string | Date;
  reporter_id: string | null;
  reporter_username: string | null;
  reporter_display_name: string | null;
  reported_id: string;
  reported_username: string;
  reported_display_name: string | null;
  assigned_id: string | null;
  assigned_username: string | null;
  message_id: number | string | null;
  media_id: string | null;
  event_id: string | null;
  group_id: string | null;
  earlier: number;
}

const REPORT_QUERY = sql`
  SELECT r.id, ${REPORT_KIND_SQL} AS kind, r.status, r.reason, r.details, r.created_at,
         rp.id AS reporter_id, rp.username AS reporter_username, rp.display_name AS reporter_display_name,
         rd.id AS reported_id, rd.username AS reported_username, rd.display_name AS reported_display_name,
         a.id AS assigned_id, a.username AS assigned_username,
         r.message_id, r.media_id, r.event_id, r.group_id,
         (SELECT count(*)::int FROM reports e WHERE e.id <> r.id AND e.created_at < r.created_at AND e.reported_id = r.reported_id
            AND e.message_id IS NOT DISTINCT FROM r.message_id AND e.media_id IS NOT DISTINCT FROM r.media_id
            AND e.event_id IS NOT DISTINCT FROM r.event_id AND e.group_id IS NOT DISTINCT FROM r.group_id) AS earlier
  FROM reports r
  LEFT JOIN users rp ON rp.id = r.reporter_id
  JOIN users rd ON rd.id = r.reported_id
  LEFT JOIN users a ON a.id = r.assigned_to_id`;

/** A report with what it is about: the message and the few before it, the picture, the event, the group. */
async function withContent(ctx: AppContext, r: ReportRow): Promise<AdminReport> {
  const { db } = ctx;
  const content: AdminReport["content"] = {};
  if (r.kind === "message") {
    const rows = await queryRows<{ id: number | string; sender_id: string | null; content: string; media_id: string | null; created_at: string | Date; removed_at: string | Date | null }>(
      db,
      sql`SELECT m.id, m.sender_id, m.content, m.media_id, m.created_at, m.removed_at FROM messages m
          WHERE m.conversation_id = (SELECT conversation_id FROM messages WHERE id = ${Number(r.message_id)}) AND m.id <= ${Number(r.message_id)}
          ORDER BY m.id DESC LIMIT 6`,
    );
    content.messages = rows.reverse().map((m) => ({ id: Number(m.id), senderId: m.sender_id, content: m.content, pictureUrl: m.media_id ? `/media/${m.media_id}` : null, createdAt: iso(m.created_at)!, removed: m.removed_at !== null }));
  }
  if (r.kind === "picture") content.pictureUrl = r.media_id ? `/media/${r.media_id}` : null;
  if (r.kind === "event" && r.event_id) {
    const [e] = await queryRows<{ id: string; title: string; description: string; cancelled_at: string | Date | null }>(db, sql`SELECT id, title, description, cancelled_at FROM events WHERE id = ${r.event_id}::uuid`);
    content.event = e ? { id: e.id, title: e.title, description: e.description, cancelledAt: iso(e.cancelled_at) } : null;
  }
  if (r.kind === "group" && r.group_id) {
    const [g] = await queryRows<{ id: string; name: string; description: string }>(db, sql`SELECT id, name, description FROM groups WHERE id = ${r.group_id}::uuid`);
    content.group = g ?? null;
  }
  const earlierReports =
    Number(r.earlier) > 0
      ? await queryRows<{ id: string; reason: AdminReport["reason"]; status: AdminReport["status"]; created_at: string | Date }>(
          db,
          sql`SELECT e.id, e.reason, e.status, e.created_at FROM reports e, reports r WHERE r.id = ${r.id}::uuid AND e.id <> r.id AND e.created_at < r.created_at
                AND e.reported_id = r.reported_id AND e.message_id IS NOT DISTINCT FROM r.message_id AND e.media_id IS NOT DISTINCT FROM r.media_id
                AND e.event_id IS NOT DISTINCT FROM r.event_id AND e.group_id IS NOT DISTINCT FROM r.group_id
              ORDER BY e.created_at DESC LIMIT 5`,
        )
      : [];
  const notes = await queryRows<{ id: number | string; author_id: string | null; author_username: string | null; text: string; created_at: string | Date }>(
    db,
    sql`SELECT n.id, u.id AS author_id, u.username AS author_username, n.text, n.created_at FROM report_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.report_id = ${r.id}::uuid ORDER BY n.id`,
  );
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    details: r.details,
    createdAt: iso(r.created_at)!,
    reporter: r.reporter_id ? { id: r.reporter_id, username: r.reporter_username ?? "", displayName: r.reporter_display_name } : null,
    reported: { id: r.reported_id, username: r.reported_username, displayName: r.reported_display_name },
    assignedTo: r.assigned_id ? { id: r.assigned_id, username: r.assigned_username ?? "", displayName: null } : null,
    content,
    earlier: Number(r.earlier),
    earlierReports: earlierReports.map((e) => ({ id: e.id, reason: e.reason, status: e.status, createdAt: iso(e.created_at)! })),
    notes: notes.map((n) => ({ id: Number(n.id), author: n.author_id ? { id: n.author_id, username: n.author_username ?? "", displayName: null } : null, text: n.text, createdAt: iso(n.created_at)! })),
  };
}

/** The admin area's calls (issue 13): registered in the admin group, so every one answers 403 to anyone but an admin. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get("/api/admin/overview", async () => {
    const byKind = await queryRows<{ kind: ReportKind; n: number }>(db, sql`SELECT ${REPORT_KIND_SQL} AS kind, count(*)::int AS n FROM reports r WHERE r.status = 'open' GROUP BY 1`);
    const [counts] = await queryRows<{ pictures: number; awaiting: number; suspended: number; signups: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM media WHERE created_at > now() - interval '1 day') AS pictures,
                 (SELECT count(*)::int FROM media WHERE reviewed_at IS NULL) AS awaiting,
                 (SELECT count(*)::int FROM users WHERE suspended_at > now() - interval '7 days') AS suspended,
                 (SELECT count(*)::int FROM users WHERE created_at > date_trunc('day', now())) AS signups`,
    );
    const openReports = { member: 0, message: 0, picture: 0, event: 0, group: 0 } as Record<ReportKind, number>;
    for (const row of byKind) openReports[row.kind] = Number(row.n);
    return { openReports, picturesToday: Number(counts?.pictures ?? 0), picturesAwaitingReview: Number(counts?.awaiting ?? 0), suspendedThisWeek: Number(counts?.suspended ?? 0), signUpsToday: Number(counts?.signups ?? 0) };
  });

  app.get("/api/admin/members", async (request) => {
    const query = parseOr400(adminMembersQuerySchema, request.query);
    const where: SQL[] = [sql`TRUE`];
    if (query.q) {
      const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(isUuid(query.q) ? sql`u.id = ${query.q}::uuid` : sql`(u.username ILIKE ${pattern} OR u.email ILIKE ${pattern} OR u.display_name ILIKE ${pattern})`);
    }
    if (query.filter === "suspended") where.push(sql`u.suspended_at IS NOT NULL`);
    if (query.filter === "admins") where.push(sql`u.account_role = 'admin'`);
    if (query.filter === "reported") where.push(sql`EXISTS (SELECT 1 FROM reports r WHERE r.reported_id = u.id AND r.status = 'open')`);
    if (query.filter === "new") where.push(sql`u.created_at > now() - interval '7 days'`);
    const rows = await queryRows<MemberRow>(
      db,
      sql`SELECT ${MEMBER_COLUMNS} FROM users u WHERE ${sql.join(where, sql` AND `)} ORDER BY u.created_at DESC, u.id LIMIT ${ADMIN_PAGE_SIZE + 1} OFFSET ${query.page * ADMIN_PAGE_SIZE}`,
    );
    return { members: rows.slice(0, ADMIN_PAGE_SIZE).map(toMember), more: rows.length > ADMIN_PAGE_SIZE };
  });

  app.get<{ Params: { id: string } }>("/api/admin/members/:id", async (request) => {
    const id = idOf(request, "Member");
    const [row] = await queryRows<MemberRow>(db, sql`SELECT ${MEMBER_COLUMNS} FROM users u WHERE u.id = ${id}::uuid`);
    if (!row) throw notFound("Member not found");
    const [profile] = await db.select({ bio: users.bio, age: users.age, firstName: users.firstName }).from(users).where(eq(users.id, id));
    const against = await queryRows<ReportRow>(db, sql`${REPORT_QUERY} WHERE r.reported_id = ${id}::uuid ORDER BY r.created_at DESC LIMIT 20`);
    const by = await queryRows<ReportRow>(db, sql`${REPORT_QUERY} WHERE r.reporter_id = ${id}::uuid ORDER BY r.created_at DESC LIMIT 20`);
    const live = await db.select({ createdAt: sessions.createdAt, lastActiveAt: sessions.lastActiveAt }).from(sessions).where(eq(sessions.userId, id)).orderBy(desc(sessions.lastActiveAt));
    return {
      member: toMember(row),
      profile: profile ?? null,
      photos: await listPhotos(db, id),
      reportsAgainst: await Promise.all(against.map((r) => withContent(ctx, r))),
      reportsBy: await Promise.all(by.map((r) => withContent(ctx, r))),
      sessions: live.map((s) => ({ createdAt: s.createdAt.toISOString(), lastActiveAt: s.lastActiveAt.toISOString() })),
    };
  });

  app.post<{ Params: { id: string } }>("/api/admin/members/:id/warn", async (request) => {
    const { reason } = parseOr400(warnSchema, request.body);
    await warnMember(ctx, actorOf(request), idOf(request, "Member"), reason);
    return { ok: true };
  });
  app.post<{ Params: { id: string } }>("/api/admin/members/:id/suspend", async (request) => {
    const { reason, days } = parseOr400(suspendSchema, request.body);
    await suspendMember(ctx, actorOf(request), idOf(request, "Member"), reason, days);
    return { ok: true };
  });
  app.post<{ Params: { id: string } }>("/api/admin/members/:id/restore", async (request) => {
    const { reason } = parseOr400(restoreSchema, request.body);
    await restoreMember(ctx, actorOf(request), idOf(request, "Member"), reason);
    return { ok: true };
  });
  app.post<{ Params: { id: string } }>("/api/admin/members/:id/admin", async (request) => {
    const { admin, reason } = parseOr400(adminRoleSchema, request.body);
    await setAdminRole(ctx, actorOf(request), idOf(request, "Member"), admin, reason);
    return { ok: true };
  });

  app.get("/api/admin/reports", async (request) => {
    const query = parseOr400(adminReportsQuerySchema, request.query);
    const me = actorOf(request);
    const where: SQL[] = [sql`r.status = ${query.status}`];
    if (query.kind) where.push(sql`${REPORT_KIND_SQL} = ${query.kind}`);
    if (query.mine === "true") where.push(sql`r.assigned_to_id = ${me.id}::uuid`);
    const rows = await queryRows<ReportRow>(
      db,
      sql`${REPORT_QUERY} WHERE ${sql.join(where, sql` AND `)} ORDER BY r.created_at, r.id LIMIT ${ADMIN_PAGE_SIZE + 1} OFFSET ${query.page * ADMIN_PAGE_SIZE}`,
    );
    return { reports: await Promise.all(rows.slice(0, ADMIN_PAGE_SIZE).map((r) => withContent(ctx, r))), more: rows.length > ADMIN_PAGE_SIZE };
  });

  app.get<{ Params: { id: string } }>("/api/admin/reports/:id", async (request) => {
    const id = idOf(request, "Report");
    const [row] = await queryRows<ReportRow>(db, sql`${REPORT_QUERY} WHERE r.id = ${id}::uuid`);
    if (!row) throw notFound("Report not found");
    return withContent(ctx, row);
  });

  app.post("/api/admin/reports/actions", async (request) => {
    const body = parseOr400(reportActionSchema, request.body);
    return actOnReports(ctx, actorOf(request), body.ids, body.actions, body.reason, body.days);
  });

  app.post<{ Params: { id: string } }>("/api/admin/reports/:id/assign", async (request) => {
    const id = idOf(request, "Report");
    const { mine } = parseOr400(reportAssignSchema, request.body);
    const me = actorOf(request);
    const [done] = await db.update(reports).set({ assignedToId: mine ? me.id : null }).where(eq(reports.id, id)).returning({ id: reports.id });
    if (!done) throw notFound("Report not found");
    return { ok: true };
  });

  app.post<{ Params: { id: string } }>("/api/admin/reports/:id/notes", async (request, reply) => {
    const id = idOf(request, "Report");
    const { text } = parseOr400(reportNoteSchema, request.body);
    const [report] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, id)).limit(1);
    if (!report) throw notFound("Report not found");
    await db.insert(reportNotes).values({ reportId: id, authorId: actorOf(request).id, text });
    return reply.status(201).send({ ok: true });
  });

  app.get("/api/admin/pictures", async (request) => {
    const { page, show } = parseOr400(adminPicturesQuerySchema, request.query);
    const rows = await queryRows<{ id: string; owner_id: string; username: string; kind: string; created_at: string | Date; reviewed_at: string | Date | null }>(
      db,
      sql`SELECT m.id, m.owner_id, u.username, m.kind, m.created_at, m.reviewed_at FROM media m JOIN users u ON u.id = m.owner_id
          ${show === "awaiting" ? sql`WHERE m.reviewed_at IS NULL` : sql``}
          ORDER BY m.created_at DESC, m.id LIMIT ${ADMIN_PAGE_SIZE + 1} OFFSET ${page * ADMIN_PAGE_SIZE}`,
    );
    return {
      pictures: rows.slice(0, ADMIN_PAGE_SIZE).map((r) => ({
        id: r.id,
        url: `/media/${r.id}`,
        kind: r.kind,
        owner: { id: r.owner_id, username: r.username },
        createdAt: iso(r.created_at),
        reviewedAt: iso(r.reviewed_at),
      })),
      more: rows.length > ADMIN_PAGE_SIZE,
    };
  });

  // Pictures looked at and kept: they leave the queue, each with its audit entry.
  app.post(ADMIN_PATHS.picturesReviewed, async (request) => {
    const { ids } = parseOr400(picturesReviewedSchema, request.body);
    const actor = actorOf(request);
    const reviewed = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const marked = await t
        .update(media)
        .set({ reviewedAt: new Date() })
        .where(and(inArray(media.id, [...new Set(ids)]), isNull(media.reviewedAt)))
        .returning({ id: media.id });
      for (const { id } of marked) await audit(t, actor, "review_picture", "picture", id, "Reviewed and kept");
      return marked.length;
    });
    return { ok: true, reviewed };
  });

  app.post<{ Params: { id: string } }>("/api/admin/pictures/:id/remove", async (request) => {
    const { reason } = parseOr400(pictureRemoveSchema, request.body);
    await removePicture(ctx, actorOf(request), idOf(request, "Picture"), reason);
    return { ok: true };
  });

  app.get("/api/admin/audit", async (request) => {
    const query = parseOr400(auditQuerySchema, request.query);
    const where: SQL[] = [sql`TRUE`];
    if (query.action) where.push(sql`action = ${query.action}`);
    if (query.targetType) where.push(sql`target_type = ${query.targetType}`);
    if (query.targetId) where.push(sql`target_id = ${query.targetId}`);
    if (query.adminId) where.push(sql`admin_id = ${query.adminId}::uuid`);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(...where))
      .orderBy(desc(auditLog.id))
      .limit(ADMIN_PAGE_SIZE + 1)
      .offset(query.page * ADMIN_PAGE_SIZE);
    return {
      entries: rows.slice(0, ADMIN_PAGE_SIZE).map((e) => ({ id: e.id, admin: { id: e.adminId, username: e.adminUsername }, action: e.action, targetType: e.targetType, targetId: e.targetId, reason: e.reason, data: e.data as Record<string, unknown>, createdAt: e.createdAt.toISOString() })),
      more: rows.length > ADMIN_PAGE_SIZE,
    };
  });
}
