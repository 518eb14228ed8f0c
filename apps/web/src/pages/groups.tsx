import { useParams } from "react-router";
import { GroupFormPage, GroupManagePage, GroupPage, GroupsPage } from "@vicinity/features/groups";

/** /groups: his groups first, then search, near him or popular. */
export function GroupsRoute() {
  return <GroupsPage />;
}
/** /groups/:id */
export function GroupRoute() {
  const { id = "" } = useParams();
  return <GroupPage key={id} id={id} />;
}
/** /groups/new */
export function NewGroupRoute() {
  return <GroupFormPage />;
}
/** /groups/:id/edit (owner and moderators; the owner may delete the group). */
export function EditGroupRoute() {
  const { id = "" } = useParams();
  return <GroupFormPage key={id} id={id} />;
}
/** /groups/:id/manage (owner and moderators: requests, members, invitations, the log). */
export function ManageGroupRoute() {
  const { id = "" } = useParams();
  return <GroupManagePage key={id} id={id} />;
}
