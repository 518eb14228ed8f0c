import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Search, Users } from "lucide-react";
import { MEMBER_FILTER_LABELS, MEMBER_FILTERS, type AdminMember } from "@vicinity/contract";
import {
  Avatar,
  Badge,
  Button,
  EmptyState,
  FormField,
  Input,
  Pagination,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@vicinity/ui";
import { avatarUrl } from "@vicinity/features/shared";
import { useAdminMembers, type MembersParams } from "../api/admin";
import { LoadFailed, LoadingRows } from "./admin-states";
import { ChoiceField } from "./admin-form-parts";

export const NO_MEMBERS_FOUND = "No members found";
export const MEMBER_SEARCH_DEBOUNCE_MS = 300;

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const day = (iso: string) => DAY.format(new Date(iso));

type Filter = MembersParams["filter"];
const isFilter = (value: string | null): value is Filter => (MEMBER_FILTERS as readonly string[]).includes(value ?? "");

/** Where a member stands: suspended (until when, or for good), an admin, or a member. */
export function MemberStatus({ member }: { member: AdminMember }) {
  if (member.suspendedAt) {
    return (
      <span className="grid justify-items-start gap-0.5">
        <Badge variant="destructive">Suspended</Badge>
        <span className="text-xs text-muted-foreground">
          {member.suspendedUntil ? `until ${day(member.suspendedUntil)}` : "for good"}
        </span>
      </span>
    );
  }
  if (member.accountRole === "admin") return <Badge variant="default">Admin</Badge>;
  return <span className="text-muted-foreground">Member</span>;
}

/** /admin/members: search by username, email or id; filters (suspended, admins, reported, new); pages of 50. */
export function AdminMembersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter: Filter = isFilter(searchParams.get("filter")) ? (searchParams.get("filter") as Filter) : "all";
  const q = searchParams.get("q") ?? "";
  const page = Math.max(0, Number(searchParams.get("page") ?? 0) || 0);
  const [typed, setTyped] = useState(q);

  // The URL holds the search, the filter and the page (a link from the overview, Back, a reload).
  const navigate = (change: Partial<MembersParams>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        const merged = { q, filter, page: 0, ...change };
        for (const [key, value, empty] of [
          ["q", merged.q.trim(), ""],
          ["filter", merged.filter, "all"],
          ["page", String(merged.page), "0"],
        ] as const) {
          if (value === empty) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => navigate({ q: typed }), MEMBER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only what he types starts the wait; the URL's own changes (a filter, Back) do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const members = useAdminMembers({ q, filter, page });
  const searching = q !== "" || filter !== "all";

  return (
    <section className="grid gap-5" aria-labelledby="admin-members-title">
      <h1 id="admin-members-title" className="font-display text-2xl font-bold">
        Members
      </h1>
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_14rem]" role="search" aria-label="Find members">
        <FormField label="Search" hint="A username, an email, a display name, or a member's id.">
          {(control) => (
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                {...control}
                type="search"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                className="pl-9"
                autoComplete="off"
                spellCheck={false}
                maxLength={100}
              />
            </div>
          )}
        </FormField>
        <ChoiceField
          label="Show"
          value={filter}
          onChange={(value) => navigate({ filter: value as Filter })}
          options={MEMBER_FILTERS.map((f) => ({ value: f, label: MEMBER_FILTER_LABELS[f] }))}
        />
      </div>

      {members.isPending ? (
        <LoadingRows label="Loading members" className="h-14" />
      ) : members.isError ? (
        <LoadFailed title="Could not load the members" error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.members.length === 0 ? (
        <EmptyState
          icon={<Users aria-hidden />}
          title={NO_MEMBERS_FOUND}
          description={searching ? "Try another search, or show all members." : "Nobody has signed up yet."}
          action={
            searching ? (
              <Button
                variant="outline"
                onClick={() => {
                  setTyped("");
                  navigate({ q: "", filter: "all" });
                }}
              >
                Show all members
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <Table label="Members found" aria-busy={members.isFetching || undefined}>
            <TableCaption className="sr-only">
              {MEMBER_FILTER_LABELS[filter]}
              {q ? ` matching “${q}”` : ""}, page {page + 1}
            </TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Member</TableHead>
                <TableHead scope="col" className="hidden md:table-cell">
                  Email
                </TableHead>
                <TableHead scope="col">Status</TableHead>
                <TableHead scope="col">Reports</TableHead>
                <TableHead scope="col" className="hidden sm:table-cell">
                  Joined
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.data.members.map((m) => {
                const name = m.displayName ?? m.username;
                return (
                  <TableRow key={m.id}>
                    <TableCell>
                      <span className="flex min-w-0 items-center gap-3">
                        <span aria-hidden>
                          <Avatar
                            name={name}
                            src={m.profileImageUrl ? avatarUrl(m.profileImageUrl, 32) : undefined}
                            size="sm"
                          />
                        </span>
                        <span className="grid min-w-0">
                          <Link to={`/admin/members/${m.id}`} className="font-semibold break-all hover:underline">
                            {m.username}
                          </Link>
                          {m.displayName ? (
                            <span className="text-xs text-muted-foreground">{m.displayName}</span>
                          ) : null}
                          {/* On narrow screens the email sits under the name (its column is hidden there). */}
                          <span className="text-xs break-all text-muted-foreground md:hidden">{m.email}</span>
                        </span>
                      </span>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap md:table-cell">{m.email}</TableCell>
                    <TableCell>
                      <MemberStatus member={m} />
                    </TableCell>
                    <TableCell className="tabular-nums">
                      {m.openReports > 0 ? (
                        <Badge variant="outline">{m.openReports} open</Badge>
                      ) : (
                        <span className="text-muted-foreground">None</span>
                      )}
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                      {day(m.createdAt)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Pagination
            page={page}
            hasNext={members.data.more}
            onPageChange={(next) => navigate({ page: next })}
            label="the members"
            disabled={members.isFetching}
          />
        </>
      )}
    </section>
  );
}
