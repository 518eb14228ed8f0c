import * as z from "zod/mini";
import { plainText } from "./text";
import { REPORT_REASONS } from "./users";

/**
 * The admin area (decisions.md, "Admin"): members, the content-audit queue and the audit
 * log. Every route is in the server's admin group (403 for everyone but admins), and every action
 * is stored with its audit entry in one transaction.
 */
export const ADMIN_REASON_MAX_LENGTH = 500;
export const ADMIN_PAGE_SIZE = 50;
/** Suspensions for a time: days; null is for good. */
export const SUSPENSION_DAYS = [1, 3, 7, 30, 90] as const;

const reason = plainText("Reason").check(
  z.trim(),
  z.minLength(1, "Give a reason"),
  z.maxLength(ADMIN_REASON_MAX_LENGTH, `A reason can be at most ${ADMIN_REASON_MAX_LENGTH} characters`),
);

export const MEMBER_FILTERS = ["all", "suspended", "admins", "reported", "new"] as const;
export const adminMembersQuerySchema = z.strictObject({
  q: z.optional(plainText("Search").check(z.trim(), z.maxLength(100))),
  filter: z._default(z.enum(MEMBER_FILTERS, { error: `filter must be one of: ${MEMBER_FILTERS.join(", ")}` }), "all"),
  page: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1000)), 0),
});

export const adminMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  displayName: z.nullable(z.string()),
  profileImageUrl: z.nullable(z.string()),
  accountRole: z.enum(["member", "admin"]),
  createdAt: z.string(),
  suspendedAt: z.nullable(z.string()),
  suspendedUntil: z.nullable(z.string()),
  suspensionReason: z.nullable(z.string()),
  openReports: z.int(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;
/** GET /api/admin/members: a page, newest sign-ups first. */
export const adminMembersPageSchema = z.object({ members: z.array(adminMemberSchema), more: z.boolean() });
export const MEMBER_FILTER_LABELS: Record<(typeof MEMBER_FILTERS)[number], string> = {
  all: "All members",
  suspended: "Suspended",
  admins: "Admins",
  reported: "Reported",
  new: "New this week",
};

export const warnSchema = z.strictObject({ reason });
export const suspendSchema = z.strictObject({
  reason,
  /** One of SUSPENSION_DAYS, or null for good. */
  days: z.nullable(
    z.number({ error: `days must be one of ${SUSPENSION_DAYS.join(", ")}, or null for good` }).check(
      z.refine((d) => (SUSPENSION_DAYS as readonly number[]).includes(d), {
        error: `days must be one of ${SUSPENSION_DAYS.join(", ")}, or null for good`,
      }),
    ),
  ),
});
export const restoreSchema = z.strictObject({ reason });
export const adminRoleSchema = z.strictObject({ admin: z.boolean({ error: "admin must be true or false" }), reason });

export const REPORT_KINDS = ["member", "message", "picture", "event", "group"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;

export const adminReportsQuerySchema = z.strictObject({
  status: z._default(
    z.enum(REPORT_STATUSES, { error: `status must be one of: ${REPORT_STATUSES.join(", ")}` }),
    "open",
  ),
  kind: z.optional(z.enum(REPORT_KINDS, { error: `kind must be one of: ${REPORT_KINDS.join(", ")}` })),
  mine: z.optional(z.enum(["true", "false"])),
  page: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1000)), 0),
});

const person = z.nullable(z.object({ id: z.string(), username: z.string(), displayName: z.nullable(z.string()) }));
const contextMessage = z.object({
  id: z.number(),
  senderId: z.nullable(z.string()),
  content: z.string(),
  pictureUrl: z.nullable(z.string()),
  createdAt: z.string(),
  removed: z.boolean(),
});

/** A report with the content it is about, shown to admins. */
export const adminReportSchema = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  status: z.enum(REPORT_STATUSES),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  createdAt: z.string(),
  reporter: person,
  reported: person,
  assignedTo: person,
  /** The content: the message and up to 5 before it in its conversation, the picture, the event, the group. */
  content: z.object({
    messages: z.optional(z.array(contextMessage)),
    pictureUrl: z.optional(z.nullable(z.string())),
    event: z.optional(
      z.nullable(
        z.object({ id: z.string(), title: z.string(), description: z.string(), cancelledAt: z.nullable(z.string()) }),
      ),
    ),
    group: z.optional(z.nullable(z.object({ id: z.string(), name: z.string(), description: z.string() }))),
  }),
  /** Earlier reports on the same target: how many, and the newest 5 of them. */
  earlier: z.int(),
  earlierReports: z._default(
    z.array(
      z.object({
        id: z.string(),
        reason: z.enum(REPORT_REASONS),
        status: z.enum(REPORT_STATUSES),
        createdAt: z.string(),
      }),
    ),
    [],
  ),
  notes: z.array(z.object({ id: z.number(), author: person, text: z.string(), createdAt: z.string() })),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** GET /api/admin/members/:id: the member, his profile and photos, reports against him and by him, his sessions. */
export const adminMemberDetailSchema = z.object({
  member: adminMemberSchema,
  profile: z.nullable(
    z.object({ bio: z.nullable(z.string()), age: z.nullable(z.number()), firstName: z.nullable(z.string()) }),
  ),
  photos: z.array(z.object({ id: z.string(), url: z.string(), width: z.number(), height: z.number() })),
  reportsAgainst: z.array(adminReportSchema),
  reportsBy: z.array(adminReportSchema),
  sessions: z.array(z.object({ createdAt: z.string(), lastActiveAt: z.string() })),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;

/** GET /api/admin/reports: a page of the queue, oldest first (the longest waiting on top). */
export const adminReportsPageSchema = z.object({ reports: z.array(adminReportSchema), more: z.boolean() });
/** GET /api/admin/pictures: the newest pictures, for review before anyone reports them. */
export const adminPictureSchema = z.object({
  id: z.string(),
  url: z.string(),
  kind: z.string(),
  owner: z.object({ id: z.string(), username: z.string() }),
  createdAt: z.string(),
  /** When an admin marked it reviewed (null: awaiting review). */
  reviewedAt: z.nullable(z.string()),
});
export type AdminPicture = z.infer<typeof adminPictureSchema>;
export const adminPicturesPageSchema = z.object({ pictures: z.array(adminPictureSchema), more: z.boolean() });
export const REPORT_STATUS_LABELS: Record<(typeof REPORT_STATUSES)[number], string> = {
  open: "Open",
  dismissed: "Dismissed",
  actioned: "Acted on",
};

export const REPORT_ACTIONS = ["dismiss", "remove", "warn", "suspend"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/** POST /api/admin/reports/actions: one or more actions on one or more reports (bulk). */
export const reportActionSchema = z.strictObject({
  ids: z
    .array(z.uuid("not a report id"))
    .check(z.minLength(1, "Select at least one report"), z.maxLength(200, "At most 200 reports at once")),
  actions: z.array(z.enum(REPORT_ACTIONS, { error: `actions must be among: ${REPORT_ACTIONS.join(", ")}` })).check(
    z.minLength(1, "Choose an action"),
    z.refine((a) => !(a.includes("dismiss") && a.length > 1), { error: "Dismiss goes alone" }),
  ),
  reason,
  days: z.optional(suspendSchema.shape.days),
});
export const reportNoteSchema = z.strictObject({
  text: plainText("Note").check(
    z.trim(),
    z.minLength(1, "Write a note"),
    z.maxLength(2000, "A note can be at most 2000 characters"),
  ),
});
export const reportAssignSchema = z.strictObject({ mine: z.boolean() });
export const pictureRemoveSchema = z.strictObject({ reason });

/** GET /api/admin/pictures: those awaiting review (the default), or every recent one. */
export const PICTURE_FILTERS = ["awaiting", "all"] as const;
export const adminPicturesQuerySchema = z.strictObject({
  show: z._default(
    z.enum(PICTURE_FILTERS, { error: `show must be one of: ${PICTURE_FILTERS.join(", ")}` }),
    "awaiting",
  ),
  page: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1000)), 0),
});
/** POST /api/admin/pictures/reviewed: pictures looked at and kept (a page of them at most). */
export const picturesReviewedSchema = z.strictObject({
  ids: z
    .array(z.uuid("ids must be picture ids"), { error: "ids must be a list of picture ids" })
    .check(
      z.minLength(1, "Choose at least one picture"),
      z.maxLength(ADMIN_PAGE_SIZE, `At most ${ADMIN_PAGE_SIZE} pictures at once`),
    ),
});

export const auditQuerySchema = z.strictObject({
  // Plain text: a control character (a NUL) in a filter is refused, not sent to the database.
  action: z.optional(plainText("action").check(z.maxLength(40, "action can be at most 40 characters"))),
  targetType: z.optional(plainText("targetType").check(z.maxLength(20, "targetType can be at most 20 characters"))),
  targetId: z.optional(plainText("targetId").check(z.maxLength(60, "targetId can be at most 60 characters"))),
  adminId: z.optional(z.uuid()),
  page: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1000)), 0),
});
/** What each audit action is called on the audit log (the server writes these; an unknown one shows as written). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  warn: "Warned",
  suspend: "Suspended",
  restore: "Restored",
  grant_admin: "Made admin",
  revoke_admin: "Revoked admin",
  remove_picture: "Removed a picture",
  review_picture: "Reviewed a picture",
  remove_message: "Removed a message",
  remove_event: "Removed an event",
  remove_group: "Removed a group",
  dismiss_report: "Dismissed a report",
  resolve_report: "Acted on a report",
  create_ad: "Created a campaign",
  edit_ad: "Edited a campaign",
  duplicate_ad: "Duplicated a campaign",
  ad_active: "Started a campaign",
  ad_paused: "Paused a campaign",
  ad_ended: "Ended a campaign",
};
/** What an audit entry can be about. */
export const AUDIT_TARGET_TYPES = ["member", "picture", "message", "event", "group", "report", "ad"] as const;

export const auditEntrySchema = z.object({
  id: z.number(),
  admin: z.object({ id: z.string(), username: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), more: z.boolean() });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const adminOverviewSchema = z.object({
  openReports: z.record(z.enum(REPORT_KINDS), z.int()),
  picturesToday: z.int(),
  /** Pictures no admin has reviewed or removed yet. */
  picturesAwaitingReview: z.int(),
  suspendedThisWeek: z.int(),
  signUpsToday: z.int(),
});

export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** What a suspended member is told at sign-in. */
export function suspendedMessage(reasonText: string | null, until: Date | null): string {
  const when = until ? ` until ${until.toISOString().slice(0, 10)}` : "";
  return `This account is suspended${when}${reasonText ? `: ${reasonText}` : ""}`;
}

/** The admin area's calls (all in the server's admin route group). */
export const ADMIN_PATHS = {
  overview: "/api/admin/overview",
  members: "/api/admin/members",
  member: (id: string) => `/api/admin/members/${encodeURIComponent(id)}`,
  reports: "/api/admin/reports",
  report: (id: string) => `/api/admin/reports/${encodeURIComponent(id)}`,
  reportActions: "/api/admin/reports/actions",
  pictures: "/api/admin/pictures",
  picturesReviewed: "/api/admin/pictures/reviewed",
  audit: "/api/admin/audit",
} as const;
