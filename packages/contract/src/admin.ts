import { z } from "zod";
import { plainText } from "./text";
import { REPORT_REASONS } from "./users";

/**
 * The admin area (issue 13; decisions.md, "Admin"): members, the content-audit queue and the audit
 * log. Every route is in the server's admin group (403 for everyone but admins), and every action
 * is stored with its audit entry in one transaction.
 */
export const ADMIN_REASON_MAX_LENGTH = 500;
export const ADMIN_PAGE_SIZE = 50;
/** Suspensions for a time: days; null is for good. */
export const SUSPENSION_DAYS = [1, 3, 7, 30, 90] as const;

const reason = plainText("Reason").trim().min(1, "Give a reason").max(ADMIN_REASON_MAX_LENGTH, `A reason can be at most ${ADMIN_REASON_MAX_LENGTH} characters`);

export const MEMBER_FILTERS = ["all", "suspended", "admins", "reported", "new"] as const;
export const adminMembersQuerySchema = z.strictObject({
  q: plainText("Search").trim().max(100).optional(),
  filter: z.enum(MEMBER_FILTERS, { error: `filter must be one of: ${MEMBER_FILTERS.join(", ")}` }).default("all"),
  page: z.coerce.number().int().min(0).max(1000).default(0),
});

export const adminMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  accountRole: z.enum(["member", "admin"]),
  createdAt: z.string(),
  suspendedAt: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  openReports: z.number().int(),
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
  days: z
    .number({ error: `days must be one of ${SUSPENSION_DAYS.join(", ")}, or null for good` })
    .refine((d) => (SUSPENSION_DAYS as readonly number[]).includes(d), { error: `days must be one of ${SUSPENSION_DAYS.join(", ")}, or null for good` })
    .nullable(),
});
export const restoreSchema = z.strictObject({ reason });
export const adminRoleSchema = z.strictObject({ admin: z.boolean({ error: "admin must be true or false" }), reason });

export const REPORT_KINDS = ["member", "message", "picture", "event", "group"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;

export const adminReportsQuerySchema = z.strictObject({
  status: z.enum(REPORT_STATUSES, { error: `status must be one of: ${REPORT_STATUSES.join(", ")}` }).default("open"),
  kind: z.enum(REPORT_KINDS, { error: `kind must be one of: ${REPORT_KINDS.join(", ")}` }).optional(),
  mine: z.enum(["true", "false"]).optional(),
  page: z.coerce.number().int().min(0).max(1000).default(0),
});

const person = z.object({ id: z.string(), username: z.string(), displayName: z.string().nullable() }).nullable();
const contextMessage = z.object({ id: z.number(), senderId: z.string().nullable(), content: z.string(), pictureUrl: z.string().nullable(), createdAt: z.string(), removed: z.boolean() });

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
    messages: z.array(contextMessage).optional(),
    pictureUrl: z.string().nullable().optional(),
    event: z.object({ id: z.string(), title: z.string(), description: z.string(), cancelledAt: z.string().nullable() }).nullable().optional(),
    group: z.object({ id: z.string(), name: z.string(), description: z.string() }).nullable().optional(),
  }),
  /** Earlier reports on the same target: how many, and the newest 5 of them. */
  earlier: z.number().int(),
  earlierReports: z.array(z.object({ id: z.string(), reason: z.enum(REPORT_REASONS), status: z.enum(REPORT_STATUSES), createdAt: z.string() })).default([]),
  notes: z.array(z.object({ id: z.number(), author: person, text: z.string(), createdAt: z.string() })),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** GET /api/admin/members/:id: the member, his profile and photos, reports against him and by him, his sessions. */
export const adminMemberDetailSchema = z.object({
  member: adminMemberSchema,
  profile: z.object({ bio: z.string().nullable(), age: z.number().nullable(), firstName: z.string().nullable() }).nullable(),
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
  reviewedAt: z.string().nullable(),
});
export type AdminPicture = z.infer<typeof adminPictureSchema>;
export const adminPicturesPageSchema = z.object({ pictures: z.array(adminPictureSchema), more: z.boolean() });
export const REPORT_STATUS_LABELS: Record<(typeof REPORT_STATUSES)[number], string> = { open: "Open", dismissed: "Dismissed", actioned: "Acted on" };

export const REPORT_ACTIONS = ["dismiss", "remove", "warn", "suspend"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/** POST /api/admin/reports/actions: one or more actions on one or more reports (bulk). */
export const reportActionSchema = z.strictObject({
  ids: z.array(z.uuid("not a report id")).min(1, "Select at least one report").max(200, "At most 200 reports at once"),
  actions: z
    .array(z.enum(REPORT_ACTIONS, { error: `actions must be among: ${REPORT_ACTIONS.join(", ")}` }))
    .min(1, "Choose an action")
    .refine((a) => !(a.includes("dismiss") && a.length > 1), { error: "Dismiss goes alone" }),
  reason,
  days: suspendSchema.shape.days.optional(),
});
export const reportNoteSchema = z.strictObject({ text: plainText("Note").trim().min(1, "Write a note").max(2000, "A note can be at most 2000 characters") });
export const reportAssignSchema = z.strictObject({ mine: z.boolean() });
export const pictureRemoveSchema = z.strictObject({ reason });

/** GET /api/admin/pictures: those awaiting review (the default), or every recent one. */
export const PICTURE_FILTERS = ["awaiting", "all"] as const;
export const adminPicturesQuerySchema = z.strictObject({
  show: z.enum(PICTURE_FILTERS, { error: `show must be one of: ${PICTURE_FILTERS.join(", ")}` }).default("awaiting"),
  page: z.coerce.number().int().min(0).max(1000).default(0),
});
/** POST /api/admin/pictures/reviewed: pictures looked at and kept (a page of them at most). */
export const picturesReviewedSchema = z.strictObject({
  ids: z.array(z.uuid("ids must be picture ids"), { error: "ids must be a list of picture ids" }).min(1, "Choose at least one picture").max(ADMIN_PAGE_SIZE, `At most ${ADMIN_PAGE_SIZE} pictures at once`),
});

export const auditQuerySchema = z.strictObject({
  action: z.string().max(40).optional(),
  targetType: z.string().max(20).optional(),
  targetId: z.string().max(60).optional(),
  adminId: z.uuid().optional(),
  page: z.coerce.number().int().min(0).max(1000).default(0),
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
  openReports: z.record(z.enum(REPORT_KINDS), z.number().int()),
  picturesToday: z.number().int(),
  /** Pictures no admin has reviewed or removed yet. */
  picturesAwaitingReview: z.number().int(),
  suspendedThisWeek: z.number().int(),
  signUpsToday: z.number().int(),
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
