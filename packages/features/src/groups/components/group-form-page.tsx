import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Trash2 } from "lucide-react";
import { Button, Card, EmptyState } from "@vicinity/ui";
import {
  ApiError,
  serverMessageOr,
  FALLBACK_LOCATION,
  useMemberLocation,
  type MemberLocation,
  FormPageFrame as Frame,
  FormPageWaiting,
} from "@vicinity/features/shared";
import { mayChangeGroupIdentity, type Group } from "@vicinity/contract";
import { useDeleteGroup, useGroup, useSaveGroup } from "../api/groups";
import { emptyGroupForm, groupFormOf, type GroupFormValues } from "../model/form";
import { ConfirmDialog } from "./group-dialogs";
import { GroupForm } from "./group-form";

export const GROUP_NOT_EDITABLE = "Only the group's owner and moderators can change it.";

export interface GroupFormPageProps {
  /** Editing this group; none: creating one. */
  id?: string;
  /** Stories fix the position; the app asks the device (the Jacksonville fallback when refused). */
  location?: MemberLocation | null;
  /** Stories start from filled (or wrongly filled) values. */
  initialValues?: Partial<GroupFormValues>;
  showErrorsAtOnce?: boolean;
}

export interface ModeratorsOnlyProps {
  id: string;
  /** The page's title while loading or refusing ("Edit the group"). */
  title: string;
  /** Why a member who is not a moderator is refused, and the refusal's heading. */
  refusal: string;
  refusalTitle: string;
  children: (group: Group) => ReactNode;
}

/** A page for the group's owner and moderators: loading, not found, refused, or the page itself. */
export function ModeratorsOnly({ id, title, refusal, refusalTitle, children }: ModeratorsOnlyProps) {
  const query = useGroup(id);
  if (query.status === "pending") return <FormPageWaiting title={title} text="Loading the group…" />;
  if (query.status === "success" && (query.data.myRole === "owner" || query.data.myRole === "moderator"))
    return children(query.data);
  const notFound = query.status === "error" && query.error instanceof ApiError && query.error.status === 404;
  const text =
    query.status === "error"
      ? notFound
        ? "Group not found."
        : serverMessageOr(query.error, "The group could not be loaded.")
      : refusal;
  return (
    <Frame title={title}>
      <EmptyState
        title={refusalTitle}
        description={<span role="alert">{text}</span>}
        action={
          <Button asChild variant="outline">
            <Link to={notFound ? "/groups" : `/groups/${id}`}>{notFound ? "All groups" : "Back to the group"}</Link>
          </Button>
        }
      />
    </Frame>
  );
}

/** The owner's last step: the group, its chat and its log go; its events stay, without the group. */
function DeleteGroupCard({ group }: { group: Group }) {
  const navigate = useNavigate();
  const remove = useDeleteGroup(group.id);
  const [asking, setAsking] = useState(false);
  return (
    <Card className="grid gap-3 border-destructive/40 p-4">
      <h2 className="font-display text-lg font-semibold">Delete the group</h2>
      <p className="text-sm text-muted-foreground">
        Its members, its chat and its log are deleted for good. To leave it running without you, hand it over to a
        moderator on the Manage page.
      </p>
      <Button variant="outline" className="justify-self-start text-destructive-text" onClick={() => setAsking(true)}>
        <Trash2 aria-hidden /> Delete the group
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Delete ${group.name}?`}
        description={`Its ${group.memberCount === 1 ? "member" : `${group.memberCount} members`} lose the group and its chat at once. This cannot be undone.`}
        confirm="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={asking ? remove.error : null}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => void navigate("/groups") })}
      />
    </Card>
  );
}

/** /groups/new and /groups/:id/edit (owner and moderators; the owner may delete the group here). */
export function GroupFormPage({ id, location: given, initialValues, showErrorsAtOnce }: GroupFormPageProps) {
  const navigate = useNavigate();
  const asked = useMemberLocation(given === undefined && !id ? undefined : null);
  const location = given === undefined ? asked : given;
  const save = useSaveGroup(id ?? null);
  const serverError = save.isError ? serverMessageOr(save.error, "The group was not saved. Try again.") : null;
  const onSubmit = (input: Parameters<typeof save.mutate>[0]) =>
    save.mutate(input, { onSuccess: (group) => void navigate(`/groups/${group.id}`) });

  if (!id) {
    if (!location && given === undefined)
      return <FormPageWaiting title="Create a group" text="Finding where you are…" />;
    const initial = { ...emptyGroupForm(location ?? FALLBACK_LOCATION), ...initialValues };
    return (
      <Frame title="Create a group">
        <GroupForm
          initial={initial}
          creating
          submitting={save.isPending}
          serverError={serverError}
          onSubmit={onSubmit}
          showErrorsAtOnce={showErrorsAtOnce}
        />
      </Frame>
    );
  }

  return (
    <ModeratorsOnly
      id={id}
      title="Edit the group"
      refusal={GROUP_NOT_EDITABLE}
      refusalTitle="You can't edit this group"
    >
      {(group) => (
        <Frame title="Edit the group">
          <GroupForm
            key={group.id}
            initial={{ ...groupFormOf(group, FALLBACK_LOCATION), ...initialValues }}
            creating={false}
            identityLocked={!mayChangeGroupIdentity(group.myRole)}
            submitting={save.isPending}
            serverError={serverError}
            onSubmit={onSubmit}
            showErrorsAtOnce={showErrorsAtOnce}
          />
          {group.myRole === "owner" ? <DeleteGroupCard group={group} /> : null}
        </Frame>
      )}
    </ModeratorsOnly>
  );
}
