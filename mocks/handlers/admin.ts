import { delay, http, HttpResponse } from "msw";
import {
  ADMIN_PAGE_SIZE,
  ADMIN_PATHS,
  type AdminMember,
  type AdminMemberDetail,
  type AdminOverview,
  type AdminPicture,
  type AdminReport,
  type AuditEntry,
  type ErrorBody,
} from "@vicinity/contract";
import {
  adminMemberDetailFixture,
  adminMembersFixture,
  adminOverviewFixture,
  adminPicturesFixture,
  adminReportsFixture,
  auditEntriesFixture,
} from "../fixtures/admin";
import { registerMockReset } from "./resets";
import { adminFixture } from "../fixtures/users";

const fail = (status: number, message: string) => HttpResponse.json<ErrorBody>({ message }, { status });
const UNAVAILABLE = "The admin area is unavailable right now. Try again in a moment.";

/** MSW handlers for the admin stories. */
export const adminHandlers = {
  overview: (overview: AdminOverview = adminOverviewFixture) => [
    http.get(ADMIN_PATHS.overview, () => HttpResponse.json(overview)),
  ],
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
          (!q ||
            m.id === q ||
            [m.username, m.email, m.displayName ?? ""].some((text) => text.toLowerCase().includes(q))) &&
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
  /** One member's page, answering his actions as the server does (or refusing them all). */
  member: (
    detail: AdminMemberDetail = adminMemberDetailFixture,
    options: { actionError?: { status: number; message: string } } = {},
  ) => {
    let current = structuredClone(detail);
    registerMockReset(() => {
      current = structuredClone(detail);
    });
    const act =
      (change: (m: AdminMember, body: Record<string, unknown>) => AdminMember) =>
      async ({ request }: { request: Request }) => {
        if (options.actionError) return fail(options.actionError.status, options.actionError.message);
        const body = (await request.json()) as Record<string, unknown>;
        if (typeof body.reason !== "string" || body.reason.trim() === "") return fail(400, "Give a reason");
        current = { ...current, member: change(current.member, body) };
        return HttpResponse.json({ ok: true });
      };
    return [
      http.get("/api/admin/members/:id", ({ params }) =>
        params.id === current.member.id ? HttpResponse.json(current) : fail(404, "Member not found"),
      ),
      http.post(
        "/api/admin/members/:id/warn",
        act((m) => m),
      ),
      http.post(
        "/api/admin/members/:id/suspend",
        act((m, body) => ({
          ...m,
          suspendedAt: "2026-06-13T21:30:00Z",
          suspendedUntil:
            typeof body.days === "number"
              ? new Date(Date.parse("2026-06-13T21:30:00Z") + body.days * 86_400_000).toISOString()
              : null,
          suspensionReason: String(body.reason),
        })),
      ),
      http.post(
        "/api/admin/members/:id/restore",
        act((m) => ({ ...m, suspendedAt: null, suspendedUntil: null, suspensionReason: null })),
      ),
      http.post(
        "/api/admin/members/:id/admin",
        act((m, body) => ({ ...m, accountRole: body.admin === true ? "admin" : "member" })),
      ),
    ];
  },
  /** The report queue over these reports: filtered and paged, and the actions, assignments and notes answered as the server does. */
  reports: (
    reports: AdminReport[] = adminReportsFixture,
    options: { actionError?: { status: number; message: string } } = {},
  ) => {
    let current = structuredClone(reports);
    registerMockReset(() => {
      current = structuredClone(reports);
    });
    return [
      http.get(ADMIN_PATHS.reports, ({ request }) => {
        const query = new URL(request.url).searchParams;
        const status = query.get("status") ?? "open";
        const kind = query.get("kind");
        const mine = query.get("mine") === "true";
        const matching = current.filter(
          (r) => r.status === status && (!kind || r.kind === kind) && (!mine || r.assignedTo?.username === "ops"),
        );
        return HttpResponse.json({ reports: matching, more: false });
      }),
      http.post(ADMIN_PATHS.reportActions, async ({ request }) => {
        if (options.actionError) return fail(options.actionError.status, options.actionError.message);
        const body = (await request.json()) as { ids: string[]; actions: string[] };
        const status = body.actions.includes("dismiss") ? "dismissed" : "actioned";
        current = current.map((r) => (body.ids.includes(r.id) ? { ...r, status } : r));
        return HttpResponse.json({ acted: body.ids.length });
      }),
      http.post("/api/admin/reports/:id/assign", async ({ params, request }) => {
        const { mine } = (await request.json()) as { mine: boolean };
        current = current.map((r) =>
          r.id === params.id
            ? {
                ...r,
                assignedTo: mine ? { id: adminFixture.id, username: adminFixture.username, displayName: null } : null,
              }
            : r,
        );
        return HttpResponse.json({ ok: true });
      }),
      http.post("/api/admin/reports/:id/notes", async ({ params, request }) => {
        const { text } = (await request.json()) as { text: string };
        current = current.map((r) =>
          r.id === params.id
            ? {
                ...r,
                notes: [
                  ...r.notes,
                  {
                    id: r.notes.length + 100,
                    author: { id: adminFixture.id, username: adminFixture.username, displayName: null },
                    text,
                    createdAt: "2026-06-13T21:30:00Z",
                  },
                ],
              }
            : r,
        );
        return HttpResponse.json({ ok: true }, { status: 201 });
      }),
    ];
  },
  reportsLoading: [
    http.get(ADMIN_PATHS.reports, async () => {
      await delay("infinite");
      return HttpResponse.json({ reports: [], more: false });
    }),
  ],
  reportsError: [http.get(ADMIN_PATHS.reports, () => fail(503, UNAVAILABLE))],
  pictures: (pictures: AdminPicture[] = adminPicturesFixture) => {
    let current = structuredClone(pictures);
    registerMockReset(() => {
      current = structuredClone(pictures);
    });
    return [
      http.get(ADMIN_PATHS.pictures, ({ request }) => {
        const awaiting = new URL(request.url).searchParams.get("show") !== "all";
        return HttpResponse.json({
          pictures: awaiting ? current.filter((p) => p.reviewedAt === null) : current,
          more: false,
        });
      }),
      http.post(ADMIN_PATHS.picturesReviewed, async ({ request }) => {
        const { ids } = (await request.json()) as { ids: string[] };
        const reviewed = current.filter((p) => ids.includes(p.id) && p.reviewedAt === null).length;
        current = current.map((p) =>
          ids.includes(p.id) && p.reviewedAt === null ? { ...p, reviewedAt: "2026-06-13T21:30:00Z" } : p,
        );
        return HttpResponse.json({ ok: true, reviewed });
      }),
      http.post("/api/admin/pictures/:id/remove", ({ params }) => {
        current = current.filter((p) => p.id !== params.id);
        return HttpResponse.json({ ok: true });
      }),
    ];
  },
  memberLoading: [
    http.get("/api/admin/members/:id", async () => {
      await delay("infinite");
      return HttpResponse.json({});
    }),
  ],
};
