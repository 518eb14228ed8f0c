// The admin area's client: the overview, the members list, a member's page with its
// actions, the content audit (the report queue and the recent pictures) and the audit log.
export { AdminOverviewPage, REPORT_KIND_LABELS } from "./components/admin-overview-page";
export { AuditLogPage, NO_AUDIT_ENTRIES, actionLabel, type AuditLogPageProps } from "./components/audit-log-page";
export { AdminMemberPage } from "./components/admin-member-page";
export { ContentAuditPage, QUEUE_EMPTY } from "./components/content-audit-page";
export { ReportCard, KIND_NAMES } from "./components/report-card";
export { ReportOutcomeDialog } from "./components/report-outcome-dialog";
export { AdminMembersPage, MemberStatus, NO_MEMBERS_FOUND } from "./components/admin-members-page";
export {
  adminKeys,
  auditUrl,
  membersUrl,
  useAdminMember,
  useAdminMembers,
  useMemberAction,
  type MemberAction,
  useAdminOverview,
  useAuditLog,
  type AuditParams,
  type MembersParams,
} from "./api/admin";
// Analytics: its page pulls in the charts (recharts), so only its own route loads it.
export { AnalyticsPage, AnalyticsView, NO_ACTIVITY } from "./components/analytics/analytics-page";
