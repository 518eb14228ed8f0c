/** What the admin area reads: the overview, members, the report queue, recent pictures, the audit log. */

import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import {
  ADMIN_PAGE_SIZE,
  type AdminMember,
  type AdminReport,
  type MEMBER_FILTERS,
  type PICTURE_FILTERS,
  type REPORT_STATUSES,
  type ReportKind,
} from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { auditLog, sessions, users } from "../db/schema";
import { isUuid, notFound } from "../http/errors";
import { listPhotos } from "../users/photos";
import { REPORT_KIND_SQL } from "./service";

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

/** What a report is about: the message and the few before it, the picture, the event, the group. */
async function contentOf(db: Db, r: ReportRow): Promise<AdminReport["content"]> {
  const content: AdminReport["content"] = {};
  if (r.kind === "message") {
    const rows = await queryRows<{
      id: number | string;
      sender_id: string | null;
      content: string;
      media_id: string | null;
      created_at: string | Date;
      removed_at: string | Date | null;
    }>(
      db,
      sql`SELECT m.id, m.sender_id, m.content, m.media_id, m.created_at, m.removed_at FROM messages m
          WHERE m.conversation_id = (SELECT conversation_id FROM messages WHERE id = ${Number(r.message_id)}) AND m.id <= ${Number(r.message_id)}
          ORDER BY m.id DESC LIMIT 6`,
    );
    content.messages = rows.reverse().map((m) => ({
      id: Number(m.id),
      senderId: m.sender_id,
      content: m.content,
      pictureUrl: m.media_id ? `/media/${m.media_id}` : null,
      createdAt: iso(m.created_at)!,
      removed: m.removed_at !== null,
    }));
  }
  if (r.kind === "picture") content.pictureUrl = r.media_id ? `/media/${r.media_id}` : null;
  if (r.kind === "event" && r.event_id) {
    const [e] = await queryRows<{ id: string; title: string; description: string; cancelled_at: string | Date | null }>(
      db,
      sql`SELECT id, title, description, cancelled_at FROM events WHERE id = ${r.event_id}::uuid`,
    );
    content.event = e
      ? { id: e.id, title: e.title, description: e.description, cancelledAt: iso(e.cancelled_at) }
      : null;
  }
  if (r.kind === "group" && r.group_id) {
    const [g] = await queryRows<{ id: string; name: string; description: string }>(
      db,
      sql`SELECT id, name, description FROM groups WHERE id = ${r.group_id}::uuid`,
    );
    content.group = g ?? null;
  }
  return content;
}

/** A report with what it is about: the message and the few before it, the picture, the event, the group. */
async function withContent(db: Db, r: ReportRow): Promise<AdminReport> {
  const content = await contentOf(db, r);
  const earlierReports =
    Number(r.earlier) > 0
      ? await queryRows<{
          id: string;
          reason: AdminReport["reason"];
          status: AdminReport["status"];
          created_at: string | Date;
        }>(
          db,
          sql`SELECT e.id, e.reason, e.status, e.created_at FROM reports e, reports r WHERE r.id = ${r.id}::uuid AND e.id <> r.id AND e.created_at < r.created_at
                AND e.reported_id = r.reported_id AND e.message_id IS NOT DISTINCT FROM r.message_id AND e.media_id IS NOT DISTINCT FROM r.media_id
                AND e.event_id IS NOT DISTINCT FROM r.event_id AND e.group_id IS NOT DISTINCT FROM r.group_id
              ORDER BY e.created_at DESC LIMIT 5`,
        )
      : [];
  const notes = await queryRows<{
    id: number | string;
    author_id: string | null;
    author_username: string | null;
    text: string;
    created_at: string | Date;
  }>(
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
    reporter: r.reporter_id
      ? { id: r.reporter_id, username: r.reporter_username ?? "", displayName: r.reporter_display_name }
      : null,
    reported: { id: r.reported_id, username: r.reported_username, displayName: r.reported_display_name },
    assignedTo: r.assigned_id ? { id: r.assigned_id, username: r.assigned_username ?? "", displayName: null } : null,
    content,
    earlier: Number(r.earlier),
    earlierReports: earlierReports.map((e) => ({
      id: e.id,
      reason: e.reason,
      status: e.status,
      createdAt: iso(e.created_at)!,
    })),
    notes: notes.map((n) => ({
      id: Number(n.id),
      author: n.author_id ? { id: n.author_id, username: n.author_username ?? "", displayName: null } : null,
      text: n.text,
      createdAt: iso(n.created_at)!,
    })),
  };
}

/** The overview's counts: open reports by kind, pictures, suspensions and sign-ups. */
export async function adminOverview(db: Db) {
  const byKind = await queryRows<{ kind: ReportKind; n: number }>(
    db,
    sql`SELECT ${REPORT_KIND_SQL} AS kind, count(*)::int AS n FROM reports r WHERE r.status = 'open' GROUP BY 1`,
  );
  const [counts] = await queryRows<{ pictures: number; awaiting: number; suspended: number; signups: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM media WHERE created_at > now() - interval '1 day') AS pictures,
               (SELECT count(*)::int FROM media WHERE reviewed_at IS NULL) AS awaiting,
               (SELECT count(*)::int FROM users WHERE suspended_at > now() - interval '7 days') AS suspended,
               (SELECT count(*)::int FROM users WHERE created_at > date_trunc('day', now())) AS signups`,
  );
  const openReports = { member: 0, message: 0, picture: 0, event: 0, group: 0 } as Record<ReportKind, number>;
  for (const row of byKind) openReports[row.kind] = Number(row.n);
  return {
    openReports,
    picturesToday: Number(counts?.pictures ?? 0),
    picturesAwaitingReview: Number(counts?.awaiting ?? 0),
    suspendedThisWeek: Number(counts?.suspended ?? 0),
    signUpsToday: Number(counts?.signups ?? 0),
  };
}

export interface MembersQuery {
  q?: string | undefined;
  filter: (typeof MEMBER_FILTERS)[number];
  page: number;
}

/** A page of members, newest sign-ups first: searched by id, name or address, and filtered. */
export async function listMembers(db: Db, query: MembersQuery): Promise<{ members: AdminMember[]; more: boolean }> {
  const where: SQL[] = [sql`TRUE`];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      isUuid(query.q)
        ? sql`u.id = ${query.q}::uuid`
        : sql`(u.username ILIKE ${pattern} OR u.email ILIKE ${pattern} OR u.display_name ILIKE ${pattern})`,
    );
  }
  if (query.filter === "suspended") where.push(sql`u.suspended_at IS NOT NULL`);
  if (query.filter === "admins") where.push(sql`u.account_role = 'admin'`);
  if (query.filter === "reported")
    where.push(sql`EXISTS (SELECT 1 FROM reports r WHERE r.reported_id = u.id AND r.status = 'open')`);
  if (query.filter === "new") where.push(sql`u.created_at > now() - interval '7 days'`);
  const rows = await queryRows<MemberRow>(
    db,
    sql`SELECT ${MEMBER_COLUMNS} FROM users u WHERE ${sql.join(where, sql` AND `)} ORDER BY u.created_at DESC, u.id LIMIT ${ADMIN_PAGE_SIZE + 1} OFFSET ${query.page * ADMIN_PAGE_SIZE}`,
  );
  return { members: rows.slice(0, ADMIN_PAGE_SIZE).map(toMember), more: rows.length > ADMIN_PAGE_SIZE };
}

/** A member as admins see him: his profile and photos, the reports against him and by him, his sessions. */
export async function memberDetail(db: Db, id: string) {
  const [row] = await queryRows<MemberRow>(db, sql`SELECT ${MEMBER_COLUMNS} FROM users u WHERE u.id = ${id}::uuid`);
  if (!row) throw notFound("Member not found");
  const [profile] = await db
    .select({ bio: users.bio, age: users.age, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, id));
  const against = await queryRows<ReportRow>(
    db,
    sql`${REPORT_QUERY} WHERE r.reported_id = ${id}::uuid ORDER BY r.created_at DESC LIMIT 20`,
  );
  const by = await queryRows<ReportRow>(
    db,
    sql`${REPORT_QUERY} WHERE r.reporter_id = ${id}::uuid ORDER BY r.created_at DESC LIMIT 20`,
  );
  const live = await db
    .select({ createdAt: sessions.createdAt, lastActiveAt: sessions.lastActiveAt })
    .from(sessions)
    .where(eq(sessions.userId, id))
    .orderBy(desc(sessions.lastActiveAt));
  return {
    member: toMember(row),
    profile: profile ?? null,
    photos: await listPhotos(db, id),
    reportsAgainst: await Promise.all(against.map((r) => withContent(db, r))),
    reportsBy: await Promise.all(by.map((r) => withContent(db, r))),
    sessions: live.map((s) => ({ createdAt: s.createdAt.toISOString(), lastActiveAt: s.lastActiveAt.toISOString() })),
  };
}

export interface ReportsQuery {
  status: (typeof REPORT_STATUSES)[number];
  kind?: ReportKind | undefined;
  mine?: "true" | "false" | undefined;
  page: number;
}

/** A page of the report queue, oldest first; `mine` keeps those assigned to `adminId`. */
export async function listReports(
  db: Db,
  query: ReportsQuery,
  adminId: string,
): Promise<{ reports: AdminReport[]; more: boolean }> {
  const where: SQL[] = [sql`r.status = ${query.status}`];
  if (query.kind) where.push(sql`${REPORT_KIND_SQL} = ${query.kind}`);
  if (query.mine === "true") where.push(sql`r.assigned_to_id = ${adminId}::uuid`);
  const rows = await queryRows<ReportRow>(
    db,
    sql`${REPORT_QUERY} WHERE ${sql.join(where, sql` AND `)} ORDER BY r.created_at, r.id LIMIT ${ADMIN_PAGE_SIZE + 1} OFFSET ${query.page * ADMIN_PAGE_SIZE}`,
  );
  return {
    reports: await Promise.all(rows.slice(0, ADMIN_PAGE_SIZE).map((r) => withContent(db, r))),
    more: rows.length > ADMIN_PAGE_SIZE,
  };
}

/** One report with its content, or a 404. */
export async function reportDetail(db: Db, id: string): Promise<AdminReport> {
  const [row] = await queryRows<ReportRow>(db, sql`${REPORT_QUERY} WHERE r.id = ${id}::uuid`);
  if (!row) throw notFound("Report not found");
  return withContent(db, row);
}

/** A page of the newest pictures: those awaiting review, or all of them. */
export async function listPictures(db: Db, { page, show }: { page: number; show: (typeof PICTURE_FILTERS)[number] }) {
  const rows = await queryRows<{
    id: string;
    owner_id: string;
    username: string;
    kind: string;
    created_at: string | Date;
    reviewed_at: string | Date | null;
  }>(
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
}

export interface AuditQuery {
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  adminId?: string | undefined;
  page: number;
}

/** A page of the audit log, newest first, filtered by action, target and admin. */
export async function listAuditEntries(db: Db, query: AuditQuery) {
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
    entries: rows.slice(0, ADMIN_PAGE_SIZE).map((e) => ({
      id: e.id,
      admin: { id: e.adminId, username: e.adminUsername },
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      reason: e.reason,
      data: e.data as Record<string, unknown>,
      createdAt: e.createdAt.toISOString(),
    })),
    more: rows.length > ADMIN_PAGE_SIZE,
  };
}
