import { useParams } from "react-router";
import { ComingSoonPage } from "@vicinity/features/shell";
import { GroupPage, GroupsPage } from "@vicinity/features/groups";

/** /groups (issue 12): his groups first, then search, near him or popular. */
export function GroupsRoute() {
  return <GroupsPage />;
}
/** /groups/:id */
export function GroupRoute() {
  const { id = "" } = useParams();
  return <GroupPage key={id} id={id} />;
}
/** /groups/new: the group form is still to come (issue 12). */
export function NewGroupRoute() {
  return <ComingSoonPage title="Create a group" />;
}
/** /groups/:id/edit (owner and moderators: settings): still to come. */
export function EditGroupRoute() {
  return <ComingSoonPage title="Group settings" />;
}
/** /groups/:id/manage (owner and moderators: requests, members, log): still to come. */
export function ManageGroupRoute() {
  return <ComingSoonPage title="Manage group" />;
}
