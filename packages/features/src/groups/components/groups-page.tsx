import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { Plus, Search, UsersRound } from "lucide-react";
import { Button, EmptyState, Input, Skeleton, Spinner } from "@vicinity/ui";
import {
  serverMessageOr,
  useMemberLocation,
  useNextPageSentinel,
  type MemberLocation,
} from "@vicinity/features/shared";
import { useGroupsList, type GroupsListParams } from "../api/groups";
import { GroupCard } from "./group-card";

export const NO_GROUPS_FOUND = "No groups found";
export const SEARCH_DEBOUNCE_MS = 300;

export interface GroupsPageProps {
  /** Stories fix the position; the app asks the device (the Jacksonville fallback when refused). */
  location?: MemberLocation | null;
  /** Stories start with a search typed. */
  initialQuery?: string;
}

export function CreateGroupButton({ variant = "primary" }: { variant?: "primary" | "outline" }) {
  return (
    <Button asChild variant={variant}>
      <Link to="/groups/new">
        <Plus aria-hidden /> Create a group
      </Link>
    </Button>
  );
}

/** /groups: the member's groups first, then a search by name or interest, near him or the popular ones. */
export function GroupsPage({ location: given, initialQuery = "" }: GroupsPageProps) {
  const asked = useMemberLocation(given === undefined ? undefined : null);
  const location = given === undefined ? asked : given;
  const [typed, setTyped] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const params: GroupsListParams = {
    q: query,
    latitude: location?.latitude ?? null,
    longitude: location?.longitude ?? null,
  };
  const list = useGroupsList(params);
  const groups = useMemo(() => list.data?.pages.flatMap((p) => p.groups) ?? [], [list.data]);
  const mine = groups.filter((g) => g.myRole !== null);
  const others = groups.filter((g) => g.myRole === null);
  const { isFetchingNextPage } = list;
  const sentinel = useNextPageSentinel(list);

  const searching = query.trim() !== "";
  const othersTitle = searching ? "Results" : location ? "Groups near you" : "Popular groups";

  let body;
  if (list.status === "pending") {
    body = (
      <div aria-busy="true" className="grid gap-3">
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner size="sm" className="text-accent" /> Loading groups…
        </p>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  } else if (list.status === "error") {
    body = (
      <EmptyState
        title="Groups could not be loaded"
        description={<span role="alert">{serverMessageOr(list.error, "Check your connection and try again.")}</span>}
        action={
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (groups.length === 0) {
    body = (
      <EmptyState
        icon={<UsersRound aria-hidden />}
        title={NO_GROUPS_FOUND}
        description={
          searching
            ? `Nothing matches “${query.trim()}”. Try another name or interest, or start the group yourself.`
            : "There are no groups here yet. Start the first one."
        }
        action={<CreateGroupButton />}
      />
    );
  } else {
    body = (
      <div className="grid gap-6">
        {mine.length > 0 ? (
          <section aria-labelledby="my-groups" className="grid gap-2">
            <h2 id="my-groups" className="font-display text-lg font-semibold">
              Your groups
            </h2>
            <ul className="grid gap-3 md:grid-cols-2">
              {mine.map((group) => (
                <GroupCard key={group.id} group={group} />
              ))}
            </ul>
          </section>
        ) : null}
        {others.length > 0 ? (
          <section aria-labelledby="other-groups" className="grid gap-2">
            <h2 id="other-groups" className="font-display text-lg font-semibold">
              {othersTitle}
            </h2>
            <ul className="grid gap-3 md:grid-cols-2">
              {others.map((group) => (
                <GroupCard key={group.id} group={group} />
              ))}
            </ul>
          </section>
        ) : null}
        <div ref={sentinel} />
        {isFetchingNextPage ? (
          <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <Spinner size="sm" /> Loading more groups…
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <main className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-5 px-3 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-bold">Groups</h1>
        <CreateGroupButton />
      </div>
      <form role="search" onSubmit={(e) => (e.preventDefault(), setQuery(typed))} className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="Search by name or interest"
          aria-label="Search groups"
          className="pl-9"
          maxLength={60}
        />
      </form>
      {body}
    </main>
  );
}
