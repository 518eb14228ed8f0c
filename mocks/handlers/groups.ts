import { delay, http, HttpResponse } from "msw";
import { GROUP_PATHS, type ErrorBody, type Group, type GroupInput, type GroupSummary } from "@vicinity/contract";
import { registerMockReset } from "./resets";
import { groupFixture, groupMembersFixture, groupSummariesFixture } from "../fixtures/groups";

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
export function groupsApi(group: Group = groupFixture(), options: { list?: GroupSummary[]; joinError?: string; saveError?: { status: number; message: string } } = {}) {
  let current = structuredClone(group);
  // Each story starts from its group as written: a join or a request does not leak into the next.
  registerMockReset(() => {
    current = structuredClone(group);
  });
  const list = options.list ?? groupSummariesFixture;
  return [
    http.get(GROUP_PATHS.groups, ({ request }) => {
      const q = new URL(request.url).searchParams.get("q")?.toLowerCase() ?? "";
      const groups = q ? list.filter((g) => g.name.toLowerCase().includes(q) || g.interests.some((i) => i.includes(q))) : list;
      return HttpResponse.json({ groups, nextCursor: null });
    }),
    http.get("/api/groups/:id", () => HttpResponse.json(current)),
    http.get("/api/groups/:id/members", () => HttpResponse.json(current.myRole ? groupMembersFixture : groupMembersFixture.slice(0, 2))),
    http.get("/api/groups/:id/events", () => HttpResponse.json([])),
    http.post("/api/groups/:id/join", () => {
      if (options.joinError) return fail(409, options.joinError);
      current =
        current.joinPolicy === "request" && current.pending !== "invitation"
          ? { ...current, pending: "request" }
          : { ...current, myRole: "member", pending: null, memberCount: current.memberCount + 1, conversationId: "5f0c8b7e-cccc-4c1d-8e2f-000000000003", listed: false };
      return HttpResponse.json(current);
    }),
    http.post("/api/groups/:id/leave", () => {
      current = current.myRole ? { ...current, myRole: null, memberCount: current.memberCount - 1, conversationId: null } : { ...current, pending: null };
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
