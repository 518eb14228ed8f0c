import type { ReactNode } from "react";
import { Link } from "react-router";
import type { NearbyUser } from "@vicinity/contract";
import { Avatar, Button, EmptyState, Skeleton } from "@vicinity/ui";
import { avatarUrl, displayNameOf, formatDistance, serverMessageOr } from "@vicinity/features/shared";

export interface SignalRowProps {
  member: NearbyUser;
  /** What he did and when ("🔥 Hot · 5 min ago"). */
  detail: ReactNode;
  /** Actions beside his name (tap back). */
  actions?: ReactNode;
}

/** One member of a signals list: his picture, name, online dot and distance, what he did; his profile on a tap. */
export function SignalRow({ member, detail, actions }: SignalRowProps) {
  const name = displayNameOf(member);
  return (
    <li className="grid gap-2 border-b border-border py-3 last:border-b-0 sm:flex sm:items-center sm:justify-between sm:gap-4">
      <Link
        to={`/members/${encodeURIComponent(member.id)}`}
        className="flex min-w-0 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Avatar
          name={name}
          src={member.profileImageUrl ? avatarUrl(member.profileImageUrl, 112) : undefined}
          online={member.isOnline}
          size="lg"
        />
        <span className="grid min-w-0 gap-0.5">
          <span className="flex items-center gap-2">
            <span className="truncate font-semibold">{name}</span>
            {member.isOnline ? <span className="sr-only">(online)</span> : null}
            <span className="shrink-0 text-xs text-muted-foreground">{formatDistance(member)}</span>
          </span>
          <span className="text-sm text-muted-foreground">{detail}</span>
        </span>
      </Link>
      {actions ? <div className="pl-[4.25rem] sm:pl-0">{actions}</div> : null}
    </li>
  );
}

/** A list's loading rows. */
export function SignalListLoading({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="grid gap-3 py-2">
      <p role="status" className="sr-only">
        {label}
      </p>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-14 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A list that could not be loaded, and its way to try again. */
export function SignalListError({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <EmptyState
      title={title}
      description={<span role="alert">{serverMessageOr(error, "Check your connection and try again.")}</span>}
      action={<Button onClick={retry}>Try again</Button>}
    />
  );
}
