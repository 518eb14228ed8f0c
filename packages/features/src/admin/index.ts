// The admin area's client (issue 13): the overview, the members list, a member's page with its
// actions, and the audit log; the content audit is still to come (its route shows a placeholder).
export { AdminOverviewPage, REPORT_KIND_LABELS } from "./components/admin-overview-page";
export { AuditLogPage, NO_AUDIT_ENTRIES, actionLabel, type AuditLogPageProps } from "./components/audit-log-page";
export { AdminMemberPage } from "./components/admin-member-page";
export { AdminMembersPage, MemberStatus, NO_MEMBERS_FOUND } from "./components/admin-members-page";
export { adminKeys, auditUrl, membersUrl, useAdminMember, useAdminMembers, useMemberAction, type MemberAction, useAdminOverview, useAuditLog, type AuditParams, type MembersParams } from "./api/admin";
