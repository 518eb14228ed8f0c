import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  GROUP_PATHS,
  GROUPS_CREATED_PER_DAY,
  groupInputSchema,
  groupInviteSchema,
  groupOwnerSchema,
  groupReportSchema,
  groupRoleSchema,
  groupSettingsSchema,
  groupsQuerySchema,
  GROUP_MEMBERS_PRIVATE,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { readFor } from "../http/reads";
import { sendOk } from "../http/context";
import { badRequest, forbidden, notFound, parseOr400, tooManyRequests } from "../http/errors";
import { Sealer } from "../http/sealed";
import { upcomingGroupEvents } from "../events/service";
import { eventViewerOf } from "../policy/events";
import type { Viewer } from "../policy/viewer";
import { fileReport } from "../reports/service";
import {
  answerRequest,
  chatMessageSender,
  createGroup,
  deleteGroup,
  findGroups,
  getGroup,
  groupLogOf,
  handOver,
  inviteMember,
  joinGroup,
  leaveGroup,
  listGroupMembers,
  listPending,
  removeChatMessage,
  removeMember,
  requireModerator,
  setMySettings,
  setRole,
  updateGroup,
} from "./service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
type MemberRequest = FastifyRequest<{ Params: { id: string; userId: string } }>;

function groupId(request: IdRequest): string {
  if (!UUID.test(request.params.id)) throw notFound("Group not found");
  return request.params.id;
}
function memberId(request: MemberRequest): string {
  if (!UUID.test(request.params.userId)) throw notFound("Member not found");
  return request.params.userId;
}

/** Whose blocks hide groups and members from this viewer (policy/viewer.ts). */
const viewerIdOf = (viewer: Viewer): string | null => viewer.member?.id ?? viewer.blocksOf;

/** Finding groups and looking at one: anyone (visitors and guests look; only members join). */
export function registerGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const cursors = new Sealer(config.sessionSecret, "groups-cursor");

  app.get(GROUP_PATHS.groups, async (request) => {
    const query = parseOr400(groupsQuerySchema, request.query);
    let offset = 0;
    if (query.cursor) {
      const opened = cursors.open(query.cursor) as { offset?: unknown } | null;
      if (
        !opened ||
        typeof opened.offset !== "number" ||
        !Number.isInteger(opened.offset) ||
        opened.offset < 0 ||
        opened.offset > 10_000
      )
        throw badRequest("cursor is not valid");
      offset = opened.offset;
    }
    const page = await readFor(ctx, request, (on) => findGroups(on, viewerIdOf(request.viewer), query, offset));
    return {
      groups: page.groups,
      nextCursor: page.more ? cursors.seal({ offset: offset + page.groups.length }) : null,
    };
  });

  app.get<{ Params: { id: string } }>("/api/groups/:id", async (request) =>
    getGroup(db, viewerIdOf(request.viewer), groupId(request)),
  );

  // Who is in the group, as policy/groups.ts lets this viewer see: an open group's listed members
  // to everyone; a group by request or invitation only to its members; moderators see everyone.
  app.get<{ Params: { id: string } }>("/api/groups/:id/members", async (request) => {
    const viewer = request.viewer;
    const viewerId = viewerIdOf(viewer);
    const id = groupId(request);
    const group = await getGroup(db, viewerId, id);
    const rows = await listGroupMembers(db, viewerId, id, group.joinPolicy, await viewer.groupRole(id));
    if (!rows) throw forbidden(GROUP_MEMBERS_PRIVATE);
    const member = viewer.member !== null;
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      displayName: r.display_name,
      profileImageUrl: member ? r.profile_image_url : null,
      role: r.role,
      joinedAt: new Date(r.joined_at).toISOString(),
    }));
  });

  // The group's upcoming events: its members only.
  app.get<{ Params: { id: string } }>("/api/groups/:id/events", async (request) => {
    const id = groupId(request);
    await getGroup(db, viewerIdOf(request.viewer), id);
    if (!(await request.viewer.groupRole(id))) return [];
    return upcomingGroupEvents(db, eventViewerOf(request.viewer), id);
  });
}

/** Creating, joining and leaving groups, requests and invitations (and, below, running and reporting them): members only. */
export function registerGroupMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, participants } = ctx;
  const created = ctx.limits.get("groups-created", GROUPS_CREATED_PER_DAY, 24 * 60 * 60_000);

  app.post(GROUP_PATHS.groups, async (request, reply) => {
    const me = request.member;
    const input = parseOr400(groupInputSchema, request.body);
    // Only groups made count (a refused name costs nothing).
    const wait = await created.retryAfter(me.id);
    if (wait > 0) throw tooManyRequests(`You can create at most ${GROUPS_CREATED_PER_DAY} groups a day.`, wait);
    const id = await createGroup(db, me.id, input);
    await created.hit(me.id);
    return reply.status(201).send(await getGroup(db, me.id, id));
  });

  app.put<{ Params: { id: string } }>("/api/groups/:id", async (request) => {
    const me = request.member;
    const id = groupId(request);
    const input = parseOr400(groupInputSchema, request.body);
    await getGroup(db, me.id, id);
    await updateGroup(db, me.id, id, input);
    return getGroup(db, me.id, id);
  });

  app.delete<{ Params: { id: string } }>("/api/groups/:id", async (request, reply) => {
    const me = request.member;
    const id = groupId(request);
    await getGroup(db, me.id, id);
    await deleteGroup(db, participants, id, me.id);
    return sendOk(reply);
  });

  app.post<{ Params: { id: string } }>("/api/groups/:id/join", async (request) => {
    const me = request.member;
    const id = groupId(request);
    await getGroup(db, me.id, id);
    if ((await joinGroup(db, participants, id, me.id)) === "joined") ctx.activity.record("groupJoined", me.id);
    return getGroup(db, me.id, id);
  });

  app.post<{ Params: { id: string } }>("/api/groups/:id/leave", async (request) => {
    const me = request.member;
    const id = groupId(request);
    await getGroup(db, me.id, id);
    await leaveGroup(db, participants, id, me.id);
    return getGroup(db, me.id, id);
  });

  app.put<{ Params: { id: string } }>("/api/groups/:id/me", async (request) => {
    const me = request.member;
    const id = groupId(request);
    const body = parseOr400(groupSettingsSchema, request.body);
    const group = await getGroup(db, me.id, id);
    if (!group.myRole) throw notFound("You are not a member of this group");
    await setMySettings(db, id, me.id, group.conversationId, body);
    return getGroup(db, me.id, id);
  });

  app.get<{ Params: { id: string } }>("/api/groups/:id/requests", async (request) => {
    const me = request.member;
    const id = groupId(request);
    await getGroup(db, me.id, id);
    await requireModerator(db, id, me.id);
    return listPending(db, id);
  });

  const answer = (approve: boolean) => async (request: MemberRequest) => {
    const me = request.member;
    const id = groupId(request);
    await getGroup(db, me.id, id);
    await answerRequest(db, participants, id, me.id, memberId(request), approve);
    if (approve) ctx.activity.record("groupJoined", memberId(request));
    return getGroup(db, me.id, id);
  };
  app.post<{ Params: { id: string; userId: string } }>("/api/groups/:id/requests/:userId/approve", answer(true));
  app.post<{ Params: { id: string; userId: string } }>("/api/groups/:id/requests/:userId/refuse", answer(false));

  app.post<{ Params: { id: string } }>("/api/groups/:id/invitations", async (request, reply) => {
    const me = request.member;
    const id = groupId(request);
    const invite = parseOr400(groupInviteSchema, request.body);
    await getGroup(db, me.id, id);
    await inviteMember(db, id, me.id, invite);
    return reply.status(201).send({ ok: true });
  });
  registerGroupModerationRoutes(app, ctx);
}

/** Running a group (its moderators and owner) and reporting it or its chat: members only. */
function registerGroupModerationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, participants } = ctx;

  app.post<{ Params: { id: string; userId: string } }>("/api/groups/:id/members/:userId/remove", async (request) => {
    const me = request.member;
    const id = groupId(request);
    await getGroup(db, me.id, id);
    await removeMember(db, participants, id, me.id, memberId(request));
    return getGroup(db, me.id, id);
  });

  app.put<{ Params: { id: string; userId: string } }>("/api/groups/:id/members/:userId/role", async (request) => {
    const me = request.member;
    const id = groupId(request);
    const { role } = parseOr400(groupRoleSchema, request.body);
    await getGroup(db, me.id, id);
    await setRole(db, id, me.id, memberId(request), role);
    return getGroup(db, me.id, id);
  });

  app.post<{ Params: { id: string } }>("/api/groups/:id/owner", async (request) => {
    const me = request.member;
    const id = groupId(request);
    const { userId } = parseOr400(groupOwnerSchema, request.body);
    await getGroup(db, me.id, id);
    await handOver(db, id, me.id, userId);
    return getGroup(db, me.id, id);
  });

  app.get<{ Params: { id: string } }>("/api/groups/:id/log", async (request) => {
    const me = request.member;
    const id = groupId(request);
    await getGroup(db, me.id, id);
    await requireModerator(db, id, me.id);
    return groupLogOf(db, id);
  });

  // A moderator removes a message of the group chat: its text and picture are gone for everyone.
  app.delete<{ Params: { id: string; messageId: string } }>(
    "/api/groups/:id/messages/:messageId",
    async (request, reply) => {
      const me = request.member;
      const id = groupId(request as unknown as IdRequest);
      await getGroup(db, me.id, id);
      await requireModerator(db, id, me.id);
      const messageId = /^\d{1,15}$/.test(request.params.messageId) ? Number(request.params.messageId) : NaN;
      const conversationId = await removeChatMessage(db, id, me.id, messageId);
      ctx.notify.toUsers(await participants.of(conversationId), "messageRemoved", { conversationId, messageId });
      return sendOk(reply);
    },
  );

  // Reports of a group (about its owner) or of a message of its chat (about its sender): the same queue.
  app.post<{ Params: { id: string } }>("/api/groups/:id/report", async (request, reply) => {
    const me = request.member;
    const id = groupId(request);
    const body = parseOr400(groupReportSchema, request.body);
    const group = await getGroup(db, me.id, id);
    let reportedId = group.owner.id;
    if (body.messageId !== undefined) {
      const sender = await chatMessageSender(db, id, body.messageId, me.id);
      if (!sender) throw notFound("Message not found");
      reportedId = sender;
    }
    if (reportedId === me.id) throw badRequest("You cannot report yourself");
    await fileReport(ctx, me.id, { kind: "group", reportedId, groupId: id, messageId: body.messageId }, body);
    return reply.status(201).send({ ok: true });
  });
}
