import { delay, http, HttpResponse } from "msw";
import {
  GROUP_PATHS,
  type ErrorBody,
  type Group,
  type GroupInput,
  type GroupLogEntry,
  type GroupMember,
  type GroupRequest,
  type GroupSummary,
  type VicinityEvent,
} from "@vicinity/contract";
import { registerMockReset } from "./resets";
import {
  groupFixture,
  groupLogFixture,
  groupMembersFixture,
  groupRequestsFixture,
  groupSummariesFixture,
} from "../fixtures/groups";

/** The group's fields a saved input sets (the cover's id becomes its URL, as the server answers). */
function savedFields(input: GroupInput): Partial<Group> {
  const { coverMediaId, ...rest } = input;
  return { ...rest, coverUrl: coverMediaId ? `/media/${coverMediaId}` : null };
}

const fail = (status: number, message: string) => HttpResponse.json<ErrorBody>({ message }, { status });

/**
 * The groups API over one group as a viewer sees it (GET /api/groups/:id and the calls on it),
 * answering joins, leaves and settings as the server does. Each call has its own state.
 */
export interface GroupsApiOptions {
  list?: GroupSummary[];
  joinError?: string;
  saveError?: { status: number; message: string };
  /** What moderators see (the manage page); default: the fixtures. */
  members?: GroupMember[];
  requests?: GroupRequest[];
  log?: GroupLogEntry[];
  /** The group's upcoming events (members only), or a failure to load them. */
  events?: VicinityEvent[] | "error";
  /** A refusal of every moderator's action on a member (approve, role, remove, hand over). */
  actionError?: { status: number; message: string };
}

export function groupsApi(group: Group = groupFixture(), options: GroupsApiOptions = {}) {
  let current = structuredClone(group);
  let members = structuredClone(options.members ?? groupMembersFixture);
  let requests = structuredClone(options.requests ?? groupRequestsFixture);
  // Each story starts from its group as written: a join or a request does not leak into the next.
  registerMockReset(() => {
    current = structuredClone(group);
    members = structuredClone(options.members ?? groupMembersFixture);
    requests = structuredClone(options.requests ?? groupRequestsFixture);
  });
  const refused = () => (options.actionError ? fail(options.actionError.status, options.actionError.message) : null);
  const list = options.list ?? groupSummariesFixture;
  return [
    http.get(GROUP_PATHS.groups, ({ request }) => {
      const q = new URL(request.url).searchParams.get("q")?.toLowerCase() ?? "";
      const groups = q
        ? list.filter((g) => g.name.toLowerCase().includes(q) || g.interests.some((i) => i.includes(q)))
        : list;
      return HttpResponse.json({ groups, nextCursor: null });
    }),
    http.get("/api/groups/:id", () => HttpResponse.json(current)),
    http.get("/api/groups/:id/members", () => HttpResponse.json(current.myRole ? members : members.slice(0, 2))),
    // The moderators' calls: requests, invitations, roles, removal, hand-over, the log.
    http.get("/api/groups/:id/requests", () => HttpResponse.json(requests)),
    http.get("/api/groups/:id/log", () => HttpResponse.json(options.log ?? groupLogFixture)),
    http.post("/api/groups/:id/requests/:userId/:answer", ({ params }) => {
      const request = requests.find((r) => r.user.id === params.userId && r.kind === "request");
      if (!request) return fail(404, "No request from this member");
      const error = refused();
      if (error) return error;
      requests = requests.filter((r) => r !== request);
      current = { ...current, pendingRequests: Math.max(0, current.pendingRequests - 1) };
      if (params.answer === "approve") {
        members = [...members, { ...request.user, role: "member", joinedAt: "2026-06-13T21:30:00Z" }];
        current = { ...current, memberCount: current.memberCount + 1 };
      }
      return HttpResponse.json(current);
    }),
    http.post("/api/groups/:id/invitations", async ({ request }) => {
      const body = (await request.json()) as { username?: string };
      if (body.username === "nobody") return fail(404, "Member not found");
      if (members.some((m) => m.username === body.username)) return fail(409, "He is already a member");
      requests = [
        ...requests,
        {
          user: {
            id: "0b6f7a1e-7777-4a5a-9c1a-1a2b3c4d5e07",
            username: body.username ?? "",
            displayName: null,
            profileImageUrl: null,
          },
          kind: "invitation",
          createdAt: "2026-06-13T21:30:00Z",
        },
      ];
      return HttpResponse.json({ ok: true }, { status: 201 });
    }),
    http.put("/api/groups/:id/members/:userId/role", async ({ params, request }) => {
      const error = refused();
      if (error) return error;
      const { role } = (await request.json()) as { role: "moderator" | "member" };
      members = members.map((m) => (m.id === params.userId ? { ...m, role } : m));
      return HttpResponse.json(current);
    }),
    http.post("/api/groups/:id/members/:userId/remove", ({ params }) => {
      const error = refused();
      if (error) return error;
      members = members.filter((m) => m.id !== params.userId);
      current = { ...current, memberCount: current.memberCount - 1 };
      return HttpResponse.json(current);
    }),
    http.post("/api/groups/:id/owner", async ({ request }) => {
      const error = refused();
      if (error) return error;
      const { userId } = (await request.json()) as { userId: string };
      members = members.map((m) =>
        m.id === userId ? { ...m, role: "owner" } : m.role === "owner" ? { ...m, role: "moderator" } : m,
      );
      current = { ...current, myRole: "moderator" };
      return HttpResponse.json(current);
    }),
    http.get("/api/groups/:id/events", () =>
      options.events === "error"
        ? fail(503, "Events are unavailable right now. Try again in a moment.")
        : HttpResponse.json(options.events ?? []),
    ),
    http.post("/api/groups/:id/join", () => {
      if (options.joinError) return fail(409, options.joinError);
      current =
        current.joinPolicy === "request" && current.pending !== "invitation"
          ? { ...current, pending: "request" }
          : {
              ...current,
              myRole: "member",
              pending: null,
              memberCount: current.memberCount + 1,
              conversationId: "5f0c8b7e-cccc-4c1d-8e2f-000000000003",
              listed: false,
            };
      return HttpResponse.json(current);
    }),
    http.post("/api/groups/:id/leave", () => {
      current = current.myRole
        ? { ...current, myRole: null, memberCount: current.memberCount - 1, conversationId: null }
        : { ...current, pending: null };
      return HttpResponse.json(current);
    }),
    http.put("/api/groups/:id/me", async ({ request }) => {
      current = { ...current, ...((await request.json()) as Partial<Group>) };
      return HttpResponse.json(current);
    }),
    http.post("/api/groups/:id/report", () => HttpResponse.json({ ok: true }, { status: 201 })),
    // Creating or editing answers with the group as stored (the input's fields over the group).
    http.post(GROUP_PATHS.groups, async ({ request }) => {
      if (options.saveError) return fail(options.saveError.status, options.saveError.message);
      current = { ...current, ...savedFields((await request.json()) as GroupInput), myRole: "owner", memberCount: 1 };
      return HttpResponse.json(current, { status: 201 });
    }),
    http.put("/api/groups/:id", async ({ request }) => {
      if (options.saveError) return fail(options.saveError.status, options.saveError.message);
      current = { ...current, ...savedFields((await request.json()) as GroupInput) };
      return HttpResponse.json(current);
    }),
    http.delete("/api/groups/:id", () => new HttpResponse(null, { status: 204 })),
  ];
}

export const groupsHandlers = {
  loading: [
    http.get(GROUP_PATHS.groups, async () => {
      await delay("infinite");
      return HttpResponse.json({ groups: [], nextCursor: null });
    }),
    http.get("/api/groups/:id", async () => {
      await delay("infinite");
      return HttpResponse.json({});
    }),
  ],
  error: [
    http.get(GROUP_PATHS.groups, () => fail(503, "Groups are unavailable right now. Try again in a moment.")),
    http.get("/api/groups/:id", () => fail(503, "Groups are unavailable right now. Try again in a moment.")),
  ],
  notFound: [http.get("/api/groups/:id", () => fail(404, "Group not found"))],
};
