// The admin area's client (issue 13): the overview and the audit log; the members and the content
// audit pages are still to come (their routes show placeholders).
export { AdminOverviewPage, REPORT_KIND_LABELS } from "./components/admin-overview-page";
export { AuditLogPage, NO_AUDIT_ENTRIES, actionLabel, type AuditLogPageProps } from "./components/audit-log-page";
export { adminKeys, auditUrl, useAdminOverview, useAuditLog, type AuditParams } from "./api/admin";
