import { ComingSoonPage } from "@vicinity/features/shell";
import { AdminMembersPage, AdminOverviewPage, AuditLogPage } from "@vicinity/features/admin";

// The admin layout route (AdminPages) draws the page's <main> and the admin sections' links.

/** /admin (issue 13): what waits for the team. */
export function AdminOverviewRoute() {
  return <AdminOverviewPage />;
}
/** /admin/members: search, filters, pages. */
export function AdminMembersRoute() {
  return <AdminMembersPage />;
}
/** /admin/members/:id: still to come. */
export function AdminMemberRoute() {
  return <ComingSoonPage title="Member" inLayout />;
}
/** /admin/content: still to come. */
export function AdminContentRoute() {
  return <ComingSoonPage title="Content audit" inLayout />;
}
/** /admin/audit */
export function AdminAuditRoute() {
  return <AuditLogPage />;
}
