// The admin area's client (issue 13): the overview, the members list and the audit log; a member's
// page and the content audit are still to come (their routes show placeholders).
export { AdminOverviewPage, REPORT_KIND_LABELS } from "./components/admin-overview-page";
export { AuditLogPage, NO_AUDIT_ENTRIES, actionLabel, type AuditLogPageProps } from "./components/audit-log-page";
export { AdminMembersPage, MemberStatus, NO_MEMBERS_FOUND } from "./components/admin-members-page";
export { adminKeys, auditUrl, membersUrl, useAdminMembers, useAdminOverview, useAuditLog, type AuditParams, type MembersParams } from "./api/admin";
