import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { ArrowLeft, Check, Crown, EllipsisVertical, ShieldCheck, UserMinus, UserPlus, X } from "lucide-react";
import type { Group, GroupMember } from "@vicinity/contract";
import {
  Alert,
  Avatar,
  Badge,
  Button,
  CountBadge,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  EmptyState,
  FormField,
  Input,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "@vicinity/ui";
import { serverMessageOr, avatarUrl, useAuth, FormPageFrame } from "@vicinity/features/shared";
import {
  useAnswerRequest,
  useGroupLog,
  useGroupMembers,
  useGroupRequests,
  useHandOver,
  useInviteMember,
  useRemoveMember,
  useSetRole,
} from "../api/groups";
import { logEntryText } from "../model/log";
import { ROLE_LABELS } from "./group-card";
import { ConfirmDialog } from "./group-dialogs";
import { ModeratorsOnly } from "./group-form-page";

export const GROUP_NOT_MANAGED = "Only the group's owner and moderators can manage it.";
export const NO_REQUESTS = "No requests waiting";

export type ManageTab = "requests" | "members" | "invite" | "log";

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const DAY_TIME = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const day = (iso: string) => DAY.format(new Date(iso));

function Person({
  person,
  detail,
}: {
  person: { id: string; username: string; displayName: string | null; profileImageUrl: string | null };
  detail?: React.ReactNode;
}) {
  const name = person.displayName ?? person.username;
  return (
    <span className="flex min-w-0 items-center gap-3">
      <span aria-hidden>
        <Avatar
          name={name}
          src={person.profileImageUrl ? avatarUrl(person.profileImageUrl, 40) : undefined}
          size="md"
        />
      </span>
      <span className="grid min-w-0">
        <Link to={`/members/${person.id}`} className="truncate font-semibold hover:underline">
          {name}
        </Link>
        <span className="truncate text-sm text-muted-foreground">
          @{person.username}
          {detail ? <> · {detail}</> : null}
        </span>
      </span>
    </span>
  );
}

function PanelError({ error, fallback }: { error: unknown; fallback: string }) {
  return <Alert variant="quiet">{serverMessageOr(error, fallback)}</Alert>;
}

function ListSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <Skeleton className="h-12" />
      <Skeleton className="h-12" />
      <Skeleton className="h-12" />
    </div>
  );
}

/** Requests to join (approve or refuse) and the invitations still unanswered. */
function RequestsPanel({ group }: { group: Group }) {
  const requests = useGroupRequests(group.id, true);
  const answer = useAnswerRequest(group.id);
  if (requests.status === "pending") return <ListSkeleton />;
  if (requests.status === "error")
    return <PanelError error={requests.error} fallback="The requests could not be loaded." />;
  const asked = requests.data.filter((r) => r.kind === "request");
  const invited = requests.data.filter((r) => r.kind === "invitation");
  const answering = answer.isPending ? answer.variables?.userId : undefined;
  return (
    <div className="grid gap-5">
      {answer.isError ? <PanelError error={answer.error} fallback="That did not work. Try again." /> : null}
      {asked.length === 0 ? (
        <EmptyState
          title={NO_REQUESTS}
          description={
            group.joinPolicy === "request"
              ? "When a member asks to join, he appears here."
              : "Members ask to join only when the group is set to requests (Edit the group)."
          }
        />
      ) : (
        <ul className="grid gap-2" aria-label="Requests to join">
          {asked.map((r) => (
            <li key={r.user.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
              <Person person={r.user} detail={`asked ${day(r.createdAt)}`} />
              <span className="flex gap-2">
                <Button
                  size="sm"
                  busy={answering === r.user.id && answer.variables?.approve === true}
                  busyLabel="Approving..."
                  disabled={answering !== undefined}
                  onClick={() => answer.mutate({ userId: r.user.id, approve: true })}
                  aria-label={`Approve ${r.user.username}`}
                >
                  <Check aria-hidden /> Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  busy={answering === r.user.id && answer.variables?.approve === false}
                  busyLabel="Refusing..."
                  disabled={answering !== undefined}
                  onClick={() => answer.mutate({ userId: r.user.id, approve: false })}
                  aria-label={`Refuse ${r.user.username}`}
                >
                  <X aria-hidden /> Refuse
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {invited.length > 0 ? (
        <section aria-labelledby="group-invited" className="grid gap-2">
          <h2 id="group-invited" className="text-sm font-semibold">
            Invited, not answered yet
          </h2>
          <ul className="grid gap-2">
            {invited.map((r) => (
              <li key={r.user.id} className="rounded-lg border p-3">
                <Person person={r.user} detail={`invited ${day(r.createdAt)}`} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

type MemberStep = { kind: "remove" | "handOver"; member: GroupMember } | null;

/** Every member (listed or not, as moderators see them), with what the viewer's role lets him do. */
function MembersPanel({ group }: { group: Group }) {
  const { user } = useAuth();
  const members = useGroupMembers(group.id);
  const setRole = useSetRole(group.id);
  const remove = useRemoveMember(group.id);
  const handOver = useHandOver(group.id);
  const [step, setStep] = useState<MemberStep>(null);
  const owner = group.myRole === "owner";
  if (members.status === "pending") return <ListSkeleton />;
  if (members.status === "error")
    return <PanelError error={members.error} fallback="The members could not be loaded." />;

  const canRemove = (m: GroupMember) => m.role === "member" || (m.role === "moderator" && owner);
  return (
    <div className="grid gap-3">
      {setRole.isError ? <PanelError error={setRole.error} fallback="The role was not changed. Try again." /> : null}
      <p className="text-sm text-muted-foreground">
        {group.memberCount.toLocaleString("en-US")} {group.memberCount === 1 ? "member" : "members"}, listed or not.{" "}
        {owner
          ? "You can make moderators, remove anyone, or hand the group over."
          : "Moderators remove members; the owner makes moderators."}
      </p>
      <ul className="grid gap-2" aria-label="Members">
        {members.data.map((m) => {
          const name = m.displayName ?? m.username;
          const actions = m.id !== user?.id && m.role !== "owner" && (owner || canRemove(m));
          return (
            <li key={m.id} className="flex items-center justify-between gap-3 rounded-lg border p-3">
              <Person person={m} detail={`${m.id === user?.id ? "you, " : ""}joined ${day(m.joinedAt)}`} />
              <span className="flex items-center gap-2">
                {m.role !== "member" ? <Badge variant="outline">{ROLE_LABELS[m.role]}</Badge> : null}
                {actions ? (
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Options for ${name}`}
                        busy={setRole.isPending && setRole.variables?.userId === m.id}
                        busyLabel="Saving..."
                      >
                        <EllipsisVertical aria-hidden />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      {owner && m.role === "member" ? (
                        <DropdownMenuItem onSelect={() => setRole.mutate({ userId: m.id, role: "moderator" })}>
                          <ShieldCheck aria-hidden /> Make moderator
                        </DropdownMenuItem>
                      ) : null}
                      {owner && m.role === "moderator" ? (
                        <DropdownMenuItem onSelect={() => setRole.mutate({ userId: m.id, role: "member" })}>
                          <ShieldCheck aria-hidden /> Make member
                        </DropdownMenuItem>
                      ) : null}
                      {owner ? (
                        <DropdownMenuItem onSelect={() => setStep({ kind: "handOver", member: m })}>
                          <Crown aria-hidden /> Hand over ownership
                        </DropdownMenuItem>
                      ) : null}
                      {canRemove(m) ? (
                        <DropdownMenuItem variant="destructive" onSelect={() => setStep({ kind: "remove", member: m })}>
                          <UserMinus aria-hidden /> Remove from the group
                        </DropdownMenuItem>
                      ) : null}
                    </DropdownMenuContent>
                  </DropdownMenu>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={step?.kind === "remove"}
        onOpenChange={(open) => !open && setStep(null)}
        title={`Remove ${step?.member.username ?? ""}?`}
        description="He stops receiving the group chat at once and cannot read what comes after. He can ask to join again unless the group is by invitation."
        confirm="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        error={step?.kind === "remove" ? remove.error : null}
        onConfirm={() => step && remove.mutate(step.member.id, { onSuccess: () => setStep(null) })}
      />
      <ConfirmDialog
        open={step?.kind === "handOver"}
        onOpenChange={(open) => !open && setStep(null)}
        title={`Hand ${group.name} over to ${step?.member.username ?? ""}?`}
        description="He becomes the owner; you stay as a moderator. Only he can give it back."
        confirm="Hand over"
        busyLabel="Handing over..."
        busy={handOver.isPending}
        error={step?.kind === "handOver" ? handOver.error : null}
        onConfirm={() => step && handOver.mutate(step.member.id, { onSuccess: () => setStep(null) })}
      />
    </div>
  );
}

/** A moderator invites a member by his username; the member sees it on the group's page. */
function InvitePanel({ group }: { group: Group }) {
  const invite = useInviteMember(group.id);
  const [username, setUsername] = useState("");
  const [empty, setEmpty] = useState(false);
  function submit(e: FormEvent) {
    e.preventDefault();
    const name = username.trim().replace(/^@/, "");
    setEmpty(name === "");
    if (name) invite.mutate({ username: name }, { onSuccess: () => setUsername("") });
  }
  const refused = invite.isError ? serverMessageOr(invite.error, "The invitation was not sent. Try again.") : undefined;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Invite a member">
      <FormField
        label="Username"
        required
        error={empty ? "Type a username" : refused}
        hint="As it shows on his profile, after the @. He sees the invitation on the group's page and can accept or decline it."
      >
        <Input
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
      </FormField>
      {invite.isSuccess ? (
        <p role="status" className="text-sm text-success dark:text-online">
          Invitation sent to @{"username" in invite.variables ? invite.variables.username : ""}.
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start" busy={invite.isPending} busyLabel="Inviting...">
        <UserPlus aria-hidden /> Invite
      </Button>
    </form>
  );
}

/** Every change of membership, newest first, for moderators. */
function LogPanel({ group }: { group: Group }) {
  const log = useGroupLog(group.id, true);
  if (log.status === "pending") return <ListSkeleton />;
  if (log.status === "error") return <PanelError error={log.error} fallback="The log could not be loaded." />;
  return (
    <ol className="grid gap-1" aria-label="The group's log">
      {log.data.map((entry) => (
        <li
          key={entry.id}
          className="flex flex-wrap items-baseline justify-between gap-x-4 border-b py-2 text-sm last:border-b-0"
        >
          <span>{logEntryText(entry)}</span>
          <time dateTime={entry.createdAt} className="text-muted-foreground">
            {DAY_TIME.format(new Date(entry.createdAt))}
          </time>
        </li>
      ))}
    </ol>
  );
}

export interface GroupManagePageProps {
  id: string;
  /** The tab shown first (default: requests when some wait, else members). */
  initialTab?: ManageTab;
}

/** /groups/:id/manage: the owner's and moderators' page: requests, members, invitations, the log. */
export function GroupManagePage({ id, initialTab }: GroupManagePageProps) {
  return (
    <ModeratorsOnly
      id={id}
      title="Manage the group"
      refusal={GROUP_NOT_MANAGED}
      refusalTitle="You can't manage this group"
    >
      {(group) => <ManageTabs group={group} initialTab={initialTab} />}
    </ModeratorsOnly>
  );
}

function ManageTabs({ group, initialTab }: { group: Group; initialTab?: ManageTab }) {
  return (
    <FormPageFrame title={`Manage ${group.name}`}>
      <Link
        to={`/groups/${group.id}`}
        className="-mt-4 inline-flex items-center gap-1 justify-self-start text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to the group
      </Link>
      <Tabs defaultValue={initialTab ?? (group.pendingRequests > 0 ? "requests" : "members")} className="grid gap-4">
        <TabsList aria-label="Managing the group" className="max-w-full overflow-x-auto">
          <TabsTrigger value="requests">
            Requests
            {group.pendingRequests > 0 ? <CountBadge count={group.pendingRequests} label="waiting" /> : null}
          </TabsTrigger>
          <TabsTrigger value="members">Members</TabsTrigger>
          <TabsTrigger value="invite">Invite</TabsTrigger>
          <TabsTrigger value="log">Log</TabsTrigger>
        </TabsList>
        <TabsContent value="requests">
          <RequestsPanel group={group} />
        </TabsContent>
        <TabsContent value="members">
          <MembersPanel group={group} />
        </TabsContent>
        <TabsContent value="invite">
          <InvitePanel group={group} />
        </TabsContent>
        <TabsContent value="log">
          <LogPanel group={group} />
        </TabsContent>
      </Tabs>
    </FormPageFrame>
  );
}
