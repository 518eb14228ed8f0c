import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { CalendarDays, Flag, Lock, MapPin, MessagesSquare, Pencil, Settings2, Users } from "lucide-react";
import { GROUP_JOIN_POLICY_LABELS, GROUP_MEMBERS_PRIVATE, seesGroupMembers, type Group } from "@vicinity/contract";
import { Avatar, Badge, Button, CountBadge, Skeleton, toast } from "@vicinity/ui";
import {
  serverMessageOr,
  avatarUrl,
  optimizedImageUrl,
  useAuth,
  CoverPageFailed,
  CoverPageLoading,
} from "@vicinity/features/shared";
import {
  useGroup,
  useGroupEvents,
  useGroupMembers,
  useGroupSettings,
  useJoinGroup,
  useLeaveGroup,
} from "../api/groups";
import { membersText, ROLE_LABELS } from "./group-card";
import { ConfirmDialog, ReportGroupDialog } from "./group-dialogs";

export const GROUP_NOT_FOUND = "Group not found";

/** /groups/:id: the group, and what the viewer can do with it. */
export function GroupPage({ id }: { id: string }) {
  const query = useGroup(id);
  if (query.status === "pending")
    return <CoverPageLoading label="Loading the group…" width="max-w-5xl" coverClassName="aspect-[16/5]" />;
  if (query.status === "error") {
    return (
      <CoverPageFailed
        error={query.error}
        width="max-w-5xl"
        notFound={{
          title: GROUP_NOT_FOUND,
          description: "It may have been deleted.",
          to: "/groups",
          label: "All groups",
        }}
        failedTitle="The group could not be loaded"
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <GroupDetails group={query.data} />;
}

function MembershipPanel({ group }: { group: Group }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const join = useJoinGroup(group.id);
  const leave = useLeaveGroup(group.id);
  const settings = useGroupSettings(group.id);
  const [leaving, setLeaving] = useState(false);

  if (auth.status === "loading") return <Skeleton className="h-28 rounded-lg" data-testid="group-membership" />;
  if (auth.status !== "member") {
    return (
      <div className="bg-card grid gap-2 rounded-lg border p-4" data-testid="group-membership">
        <p className="text-sm text-muted-foreground">Members join groups and chat with them.</p>
        <Button asChild>
          <Link to="/join">Sign Up for Full Access</Link>
        </Button>
      </div>
    );
  }
  const failed = join.error ?? leave.error ?? settings.error;
  const error = failed ? (
    <p role="alert" className="text-sm text-destructive-text">
      {serverMessageOr(failed, "That did not work. Try again.")}
    </p>
  ) : null;

  if (!group.myRole) {
    let body;
    if (group.pending === "request") {
      body = (
        <>
          <p role="status" className="font-semibold text-accent-text">
            Request sent: a moderator will answer.
          </p>
          <Button variant="outline" onClick={() => leave.mutate()} busy={leave.isPending} busyLabel="Withdrawing...">
            Withdraw request
          </Button>
        </>
      );
    } else if (group.pending === "invitation") {
      body = (
        <>
          <p role="status" className="font-semibold text-accent-text">
            You are invited to this group.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() =>
                join.mutate(undefined, {
                  onSuccess: () => toast({ title: `Welcome to ${group.name}`, variant: "success" }),
                })
              }
              busy={join.isPending}
              busyLabel="Joining..."
            >
              Accept invitation
            </Button>
            <Button variant="ghost" onClick={() => leave.mutate()} busy={leave.isPending} busyLabel="Declining...">
              Decline
            </Button>
          </div>
        </>
      );
    } else if (group.joinPolicy === "invite") {
      body = (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Lock className="size-4" aria-hidden /> This group is by invitation only.
        </p>
      );
    } else {
      const asking = group.joinPolicy === "request";
      body = (
        <>
          {asking ? <p className="text-sm text-muted-foreground">A moderator approves each new member.</p> : null}
          <Button
            onClick={() =>
              join.mutate(undefined, {
                onSuccess: (now) =>
                  toast(
                    now.myRole
                      ? {
                          title: `Welcome to ${group.name}`,
                          description: "The group chat is in your messages.",
                          variant: "success",
                        }
                      : { title: "Request sent", description: "A moderator will answer." },
                  ),
              })
            }
            busy={join.isPending}
            busyLabel={asking ? "Asking..." : "Joining..."}
          >
            {asking ? "Request to join" : "Join"}
          </Button>
        </>
      );
    }
    return (
      <div className="bg-card grid gap-3 rounded-lg border p-4" data-testid="group-membership">
        {body}
        {error}
      </div>
    );
  }

  const moderator = group.myRole === "owner" || group.myRole === "moderator";
  return (
    <div className="bg-card grid gap-3 rounded-lg border p-4" data-testid="group-membership">
      <p role="status" className="font-semibold">
        You are {group.myRole === "member" ? "a member" : group.myRole === "owner" ? "the owner" : "a moderator"}.
      </p>
      <div className="flex flex-wrap gap-2">
        {group.conversationId ? (
          <Button onClick={() => void navigate(`/messages/${group.conversationId}`)}>
            <MessagesSquare aria-hidden /> Group chat
          </Button>
        ) : null}
        {moderator ? (
          <Button asChild variant="outline">
            <Link to={`/groups/${group.id}/manage`}>
              <Settings2 aria-hidden /> Manage
              {group.pendingRequests > 0 ? <CountBadge count={group.pendingRequests} label="waiting" /> : null}
            </Link>
          </Button>
        ) : null}
        {moderator ? (
          <Button asChild variant="ghost">
            <Link to={`/groups/${group.id}/edit`}>
              <Pencil aria-hidden /> Edit
            </Link>
          </Button>
        ) : null}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={group.listed}
          disabled={settings.isPending}
          onChange={(e) => settings.mutate({ listed: e.target.checked })}
          className="size-4 accent-[var(--color-accent)]"
        />
        Show me in the group&apos;s member list
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={group.muted}
          disabled={settings.isPending}
          onChange={(e) => settings.mutate({ muted: e.target.checked })}
          className="size-4 accent-[var(--color-accent)]"
        />
        Mute the group chat
      </label>
      {group.myRole !== "owner" ? (
        <Button variant="ghost" className="justify-self-start text-destructive-text" onClick={() => setLeaving(true)}>
          Leave the group
        </Button>
      ) : null}
      {error}
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={`Leave ${group.name}?`}
        description="You stop receiving its chat at once. To come back you join again."
        confirm="Leave"
        busyLabel="Leaving..."
        busy={leave.isPending}
        error={leaving ? leave.error : null}
        onConfirm={() => leave.mutate(undefined, { onSuccess: () => setLeaving(false) })}
      />
    </div>
  );
}

function GroupDetails({ group }: { group: Group }) {
  const auth = useAuth();
  const member = auth.status === "member";
  // A group by request or invitation shows its members to its members only (the server's rule too).
  const seesMembers = seesGroupMembers(group.joinPolicy, group.myRole);
  const members = useGroupMembers(group.id, seesMembers);
  const events = useGroupEvents(group.id, Boolean(group.myRole));
  const [reporting, setReporting] = useState(false);
  const ownerName = group.owner.displayName ?? group.owner.username;

  return (
    <main className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-6 px-3 py-6 sm:px-6">
      <div className="overflow-hidden rounded-xl bg-muted">
        {group.coverUrl ? (
          <img
            src={optimizedImageUrl(group.coverUrl, { w: 1200, h: 375 })}
            alt=""
            width={1200}
            height={375}
            className="aspect-[16/5] w-full object-cover"
          />
        ) : (
          <div className="aspect-[16/5] w-full bg-gradient-to-br from-accent/40 to-muted" aria-hidden />
        )}
      </div>
      <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-5">
          <div className="grid gap-2">
            <h1 className="font-display text-3xl font-bold">{group.name}</h1>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1.5" data-testid="group-member-count">
                <Users className="size-4" aria-hidden /> {membersText(group.memberCount)}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <Lock className="size-4" aria-hidden /> {GROUP_JOIN_POLICY_LABELS[group.joinPolicy]}
              </span>
              {group.distance !== null ? (
                <span className="inline-flex items-center gap-1.5">
                  <MapPin className="size-4" aria-hidden /> {group.distance} km away
                </span>
              ) : null}
            </p>
            <p className="text-sm text-muted-foreground">
              Started by{" "}
              {member ? (
                <Link to={`/members/${group.owner.id}`} className="font-semibold text-foreground hover:underline">
                  {ownerName}
                </Link>
              ) : (
                <span className="font-semibold text-foreground">{ownerName}</span>
              )}
            </p>
            {group.interests.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Interests">
                {group.interests.map((interest) => (
                  <li key={interest}>
                    <Badge variant="outline" className="font-normal">
                      {interest}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {group.description ? <p className="whitespace-pre-line">{group.description}</p> : null}
          {group.rules ? (
            <section aria-labelledby="group-rules" className="bg-card grid gap-1 rounded-lg border p-4">
              <h2 id="group-rules" className="font-semibold">
                Rules
              </h2>
              <p className="text-sm whitespace-pre-line">{group.rules}</p>
            </section>
          ) : null}
          {group.myRole ? (
            <section aria-labelledby="group-events" className="grid gap-2">
              <h2 id="group-events" className="flex items-center gap-2 font-semibold">
                <CalendarDays className="size-4 text-accent-text" aria-hidden /> Upcoming events
              </h2>
              {events.status === "pending" ? (
                <Skeleton className="h-14" />
              ) : events.status === "error" ? (
                <p role="alert" className="text-sm text-destructive-text">
                  {serverMessageOr(events.error, "The group's events could not be loaded.")}
                </p>
              ) : events.data.length === 0 ? (
                <p className="text-sm text-muted-foreground">No events planned yet.</p>
              ) : (
                <ul className="grid gap-2">
                  {events.data.map((event) => (
                    <li key={event.id} className="bg-card rounded-lg border px-3 py-2">
                      <Link to={`/events/${event.id}`} className="font-semibold hover:underline">
                        {event.title}
                      </Link>
                      <p className="text-xs text-muted-foreground">
                        {new Date(event.startsAt).toLocaleString("en-US", {
                          timeZone: event.timeZone,
                          weekday: "short",
                          month: "short",
                          day: "numeric",
                          hour: "numeric",
                          minute: "2-digit",
                        })}{" "}
                        · {event.venueName}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
        </div>

        <aside className="grid content-start gap-4" aria-label="Membership">
          <MembershipPanel group={group} />
          <section aria-labelledby="group-members" className="grid gap-2">
            <h2 id="group-members" className="text-sm font-semibold">
              Members
            </h2>
            {!seesMembers ? (
              <p className="text-sm text-muted-foreground" data-testid="group-members-private">
                {GROUP_MEMBERS_PRIVATE}.
              </p>
            ) : members.status === "pending" ? (
              <Skeleton className="h-10" />
            ) : members.status === "error" ? (
              <p role="alert" className="text-sm text-destructive-text">
                {serverMessageOr(members.error, "The members could not be loaded.")}
              </p>
            ) : (
              <>
                <ul className="grid gap-2" data-testid="group-members">
                  {members.data.map((person) => {
                    const name = person.displayName ?? person.username;
                    return (
                      <li key={person.id} className="flex items-center gap-2 text-sm">
                        <span aria-hidden>
                          <Avatar
                            name={name}
                            src={person.profileImageUrl ? avatarUrl(person.profileImageUrl, 32) : undefined}
                            size="sm"
                          />
                        </span>
                        {member ? (
                          <Link to={`/members/${person.id}`} className="hover:underline">
                            {name}
                          </Link>
                        ) : (
                          <span>{name}</span>
                        )}
                        {person.role !== "member" ? <Badge variant="outline">{ROLE_LABELS[person.role]}</Badge> : null}
                      </li>
                    );
                  })}
                </ul>
                <p className="text-xs text-muted-foreground">Members are listed only if they choose to be.</p>
              </>
            )}
          </section>
          {member && group.myRole !== "owner" ? (
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start text-muted-foreground"
              onClick={() => setReporting(true)}
            >
              <Flag aria-hidden /> Report this group
            </Button>
          ) : null}
        </aside>
      </div>
      {member ? <ReportGroupDialog group={group} open={reporting} onOpenChange={setReporting} /> : null}
    </main>
  );
}
