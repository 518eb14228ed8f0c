import { ComingSoonPage } from "@vicinity/features/shell";

/** /admin (issue 13). Placeholders until the admin client lands. */
export function AdminOverviewRoute() {
  return <ComingSoonPage title="Admin Panel" />;
}
/** /admin/members */
export function AdminMembersRoute() {
  return <ComingSoonPage title="Members" />;
}
/** /admin/members/:id */
export function AdminMemberRoute() {
  return <ComingSoonPage title="Member" />;
}
/** /admin/content */
export function AdminContentRoute() {
  return <ComingSoonPage title="Content audit" />;
}
/** /admin/audit */
export function AdminAuditRoute() {
  return <ComingSoonPage title="Audit log" />;
}
