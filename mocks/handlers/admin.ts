import { delay, http, HttpResponse } from "msw";
import { ADMIN_PAGE_SIZE, ADMIN_PATHS, type AdminMember, type AdminOverview, type AuditEntry, type ErrorBody } from "@vicinity/contract";
import { adminMembersFixture, adminOverviewFixture, auditEntriesFixture } from "../fixtures/admin";

const fail = (status: number, message: string) => HttpResponse.json<ErrorBody>({ message }, { status });
const UNAVAILABLE = "The admin area is unavailable right now. Try again in a moment.";

/** MSW handlers for the admin stories (issue 13). */
export const adminHandlers = {
  overview: (overview: AdminOverview = adminOverviewFixture) => [http.get(ADMIN_PATHS.overview, () => HttpResponse.json(overview))],
  overviewLoading: [
    http.get(ADMIN_PATHS.overview, async () => {
      await delay("infinite");
      return HttpResponse.json(adminOverviewFixture);
    }),
  ],
  overviewError: [http.get(ADMIN_PATHS.overview, () => fail(503, UNAVAILABLE))],
  /** The audit log over these entries, filtered and paged as the server does. */
  audit: (entries: AuditEntry[] = auditEntriesFixture) => [
    http.get(ADMIN_PATHS.audit, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const page = Number(query.get("page") ?? 0);
      const matching = entries.filter(
        (e) =>
          (!query.get("action") || e.action === query.get("action")) &&
          (!query.get("targetType") || e.targetType === query.get("targetType")) &&
          (!query.get("targetId") || e.targetId === query.get("targetId")),
      );
      const slice = matching.slice(page * ADMIN_PAGE_SIZE, (page + 1) * ADMIN_PAGE_SIZE + 1);
      return HttpResponse.json({ entries: slice.slice(0, ADMIN_PAGE_SIZE), more: slice.length > ADMIN_PAGE_SIZE });
    }),
  ],
  auditLoading: [
    http.get(ADMIN_PATHS.audit, async () => {
      await delay("infinite");
      return HttpResponse.json({ entries: [], more: false });
    }),
  ],
  auditError: [http.get(ADMIN_PATHS.audit, () => fail(503, UNAVAILABLE))],
  /** The members list over these members, searched, filtered and paged as the server does. */
  members: (members: AdminMember[] = adminMembersFixture) => [
    http.get(ADMIN_PATHS.members, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const q = (query.get("q") ?? "").toLowerCase();
      const filter = query.get("filter") ?? "all";
      const page = Number(query.get("page") ?? 0);
      const matching = members.filter(
        (m) =>
          (!q || m.id === q || [m.username, m.email, m.displayName ?? ""].some((text) => text.toLowerCase().includes(q))) &&
          (filter === "all" ||
            (filter === "suspended" && m.suspendedAt !== null) ||
            (filter === "admins" && m.accountRole === "admin") ||
            (filter === "reported" && m.openReports > 0) ||
            (filter === "new" && m.createdAt > "2026-06-06")),
      );
      const slice = matching.slice(page * ADMIN_PAGE_SIZE, (page + 1) * ADMIN_PAGE_SIZE + 1);
      return HttpResponse.json({ members: slice.slice(0, ADMIN_PAGE_SIZE), more: slice.length > ADMIN_PAGE_SIZE });
    }),
  ],
  membersLoading: [
    http.get(ADMIN_PATHS.members, async () => {
      await delay("infinite");
      return HttpResponse.json({ members: [], more: false });
    }),
  ],
  membersError: [http.get(ADMIN_PATHS.members, () => fail(503, UNAVAILABLE))],
};
