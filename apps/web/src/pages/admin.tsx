import { ComingSoonPage } from "@vicinity/features/shell";
import { useParams } from "react-router";
import { AdminMemberPage, AdminMembersPage, AdminOverviewPage, AuditLogPage } from "@vicinity/features/admin";

// The admin layout route (AdminPages) draws the page's <main> and the admin sections' links.

/** /admin (issue 13): what waits for the team. */
export function AdminOverviewRoute() {
  return <AdminOverviewPage />;
}
/** /admin/members: search, filters, pages. */
export function AdminMembersRoute() {
  return <AdminMembersPage />;
}
/** /admin/members/:id: his page and the actions on him. */
export function AdminMemberRoute() {
  const { id = "" } = useParams();
  return <AdminMemberPage key={id} id={id} />;
}
/** /admin/content: still to come. */
export function AdminContentRoute() {
  return <ComingSoonPage title="Content audit" inLayout />;
}
/** /admin/audit */
export function AdminAuditRoute() {
  return <AuditLogPage />;
}
