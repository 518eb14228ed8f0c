import { and, eq, isNull, sql } from "drizzle-orm";
import { canSeeAlbumPicture } from "../policy/albums";
import type { REPORT_REASONS } from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { media, reports, users } from "../db/schema";
import type { AppContext } from "../http/context";
import { conflict, notFound, tooManyRequests } from "../http/errors";

/** Reports per member a day, of each kind: enough for real abuse, too few to flood the queue. */
export const REPORTS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60_000;

/** What a report is about; `reportedId` is the member it names (the admin queue is per member). */
export type ReportTarget =
  /** A member, or a message he sent the reporter, or one of his pictures. */
  | { kind: "member"; reportedId: string; messageId?: number | undefined; mediaId?: string | undefined }
  /** An event: about its host. */
  | { kind: "event"; reportedId: string; eventId: string }
  /** A group (about its owner), or a message of its chat (about its sender). */
  | { kind: "group"; reportedId: string; groupId: string; messageId?: number | undefined };

export interface ReportInput {
  reason: (typeof REPORT_REASONS)[number];
  details: string;
}

/**
 * How each kind is limited. The figure is the same for all; each kind counts on its own, and answers
 * with its own words. Only reports about a member (or his message or picture) refuse a second one
 * while the first is open.
 */
const RULES: Record<ReportTarget["kind"], { limiter: string; tooMany: string; refusesDuplicates: boolean }> = {
  member: {
    limiter: "reports",
    tooMany: "You have sent many reports today. Our team is on them; try again tomorrow.",
    refusesDuplicates: true,
  },
  event: {
    limiter: "event-reports",
    tooMany: "You have sent many reports today. Try again tomorrow.",
    refusesDuplicates: false,
  },
  group: {
    limiter: "group-reports",
    tooMany: "You have sent many reports today. Try again tomorrow.",
    refusesDuplicates: false,
  },
};

/** The report's columns besides reporter, reason and details (null: not about one). */
function columnsOf(target: ReportTarget) {
  return {
    reportedId: target.reportedId,
    eventId: target.kind === "event" ? target.eventId : null,
    groupId: target.kind === "group" ? target.groupId : null,
    messageId: target.kind === "event" ? null : (target.messageId ?? null),
    mediaId: target.kind === "member" ? (target.mediaId ?? null) : null,
  };
}

function nounOf(target: ReportTarget): string {
  if (target.kind === "event") return "event";
  if (target.messageId !== undefined) return "message";
  if (target.kind === "member" && target.mediaId !== undefined) return "picture";
  return target.kind;
}

/**
 * Files a report in the admin queue (members, messages, pictures, events and groups alike): refused
 * (409) while the same reporter's report of the same thing is still open, where the kind says so;
 * then counted against the day's limit (429); then stored.
 */
export async function fileReport(
  ctx: Pick<AppContext, "db" | "limits" | "activity">,
  reporterId: string,
  target: ReportTarget,
  input: ReportInput,
): Promise<void> {
  const { db } = ctx;
  const rule = RULES[target.kind];
  const columns = columnsOf(target);
  if (rule.refusesDuplicates) {
    const [open] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporterId),
          eq(reports.reportedId, columns.reportedId),
          eq(reports.status, "open"),
          columns.messageId !== null ? eq(reports.messageId, columns.messageId) : isNull(reports.messageId),
          columns.mediaId !== null ? eq(reports.mediaId, columns.mediaId) : isNull(reports.mediaId),
          columns.eventId !== null ? eq(reports.eventId, columns.eventId) : isNull(reports.eventId),
          columns.groupId !== null ? eq(reports.groupId, columns.groupId) : isNull(reports.groupId),
        ),
      )
      .limit(1);
    if (open) throw conflict(`You already reported this ${nounOf(target)}. Our team is looking into it.`);
  }
  const { allowed, retryAfter } = await ctx.limits.get(rule.limiter, REPORTS_PER_DAY, DAY_MS).take(reporterId);
  if (!allowed) throw tooManyRequests(rule.tooMany, retryAfter);
  await db.insert(reports).values({ reporterId, ...columns, reason: input.reason, details: input.details });
  ctx.activity.record("report", reporterId);
}

/**
 * The member a report names, and what of his it is about: a message he sent in a conversation the
 * reporter is in, or a picture of his. A member who blocked the reporter can still be reported, so
 * he is looked up without that rule. 404 for each that is not so.
 */
export async function checkMemberReport(
  db: Db,
  reporterId: string,
  memberId: string,
  about: { messageId?: number | undefined; mediaId?: string | undefined },
): Promise<string> {
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, memberId)).limit(1);
  if (!target) throw notFound("Member not found");
  if (about.messageId !== undefined) {
    const [message] = await queryRows<{ ok: number }>(
      db,
      sql`SELECT 1 AS ok FROM messages m JOIN conversation_participants cp ON cp.conversation_id = m.conversation_id AND cp.user_id = ${reporterId}::uuid
          WHERE m.id = ${about.messageId} AND m.sender_id = ${target.id}::uuid`,
    );
    if (!message) throw notFound("Message not found");
  }
  if (about.mediaId !== undefined) {
    const [picture] = await db
      .select({ ownerId: media.ownerId, kind: media.kind })
      .from(media)
      .where(eq(media.id, about.mediaId))
      .limit(1);
    if (picture?.ownerId !== target.id) throw notFound("Picture not found");
    // A private album's picture: by a member it is shared with (who else could have seen it?).
    if (picture.kind === "album" && !(await canSeeAlbumPicture(db, about.mediaId, reporterId)))
      throw notFound("Picture not found");
  }
  return target.id;
}
