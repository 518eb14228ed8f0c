import { useParams } from "react-router";
import {
  AdminMemberPage,
  AdminMembersPage,
  AdminOverviewPage,
  AuditLogPage,
  ContentAuditPage,
} from "@vicinity/features/admin";

// The admin layout route (AdminPages) draws the page's <main> and the admin sections' links.

/** /admin: what waits for the team. */
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
/** /admin/content: the report queue and the recent pictures. */
export function AdminContentRoute() {
  return <ContentAuditPage />;
}
/** /admin/audit */
export function AdminAuditRoute() {
  return <AuditLogPage />;
}
