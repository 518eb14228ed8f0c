import { and, asc, eq, sql } from "drizzle-orm";
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
import { requireMember, sendOk } from "../http/context";
import { badRequest, forbidden, notFound, parseOr400, tooManyRequests } from "../http/errors";
import { Sealer } from "../http/sealed";
import { queryRows } from "../db/database";
import { conversationParticipants, groupLog, groupMembers, groupPending, groups, messages, reports, users } from "../db/schema";
import { getEvent } from "../events/service";
import { eventViewerOf } from "../policy/events";
import { groupMembersShownSql } from "../policy/groups";
import type { Viewer } from "../policy/viewer";
import {
  answerRequest,
  createGroup,
  deleteGroup,
  findGroups,
  getGroup,
  handOver,
  inviteMember,
  joinGroup,
  leaveGroup,
  removeMember,
  requireModerator,
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
      if (!opened || typeof opened.offset !== "number" || !Number.isInteger(opened.offset) || opened.offset < 0 || opened.offset > 10_000) throw badRequest("cursor is not valid");
      offset = opened.offset;
    }
    const page = await findGroups(db, viewerIdOf(request.viewer), query, offset);
    return { groups: page.groups, nextCursor: page.more ? cursors.seal({ offset: offset + page.groups.length }) : null };
  });

  app.get<{ Params: { id: string } }>("/api/groups/:id", async (request) => getGroup(db, viewerIdOf(request.viewer), groupId(request)));

  // Who is in the group, as policy/groups.ts lets this viewer see: an open group's listed members
  // to everyone; a group by request or invitation only to its members; moderators see everyone.
  app.get<{ Params: { id: string } }>("/api/groups/:id/members", async (request) => {
    const viewer = request.viewer;
    const viewerId = viewerIdOf(viewer);
    const id = groupId(request);
    const group = await getGroup(db, viewerId, id);
    const shown = groupMembersShownSql(viewerId, group.joinPolicy, await viewer.groupRole(id));
    if (!shown) throw forbidden(GROUP_MEMBERS_PRIVATE);
    const rows = await queryRows<{ id: string; username: string; display_name: string | null; profile_image_url: string | null; role: "owner" | "moderator" | "member"; joined_at: string | Date }>(
      db,
      sql`SELECT u.id, u.username, u.display_name, u.profile_image_url, m.role, m.joined_at
          FROM group_members m JOIN users u ON u.id = m.user_id
          WHERE m.group_id = ${id}::uuid AND ${shown}
          ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'moderator' THEN 1 ELSE 2 END, m.joined_at, u.id
          LIMIT 500`,
    );
    const member = viewer.member !== null;
    return rows.map((r) => ({ id: r.id, username: r.username, displayName: r.display_name, profileImageUrl: member ? r.profile_image_url : null, role: r.role, joinedAt: new Date(r.joined_at).toISOString() }));
  });

  // The group's upcoming events: its members only.
  app.get<{ Params: { id: string } }>("/api/groups/:id/events", async (request) => {
    const id = groupId(request);
    await getGroup(db, viewerIdOf(request.viewer), id);
    if (!(await request.viewer.groupRole(id))) return [];
    const rows = await queryRows<{ id: string }>(db, sql`SELECT id FROM events WHERE group_id = ${id}::uuid AND ends_at > now() AND cancelled_at IS NULL ORDER BY starts_at, id LIMIT 50`);
    const viewer = eventViewerOf(request.viewer);
    return (await Promise.all(rows.map((r) => getEvent(db, viewer, r.id).catch(() => null)))).filter((e) => e !== null);
  });
}

/** Joining, running and reporting groups: members only. */
export function registerGroupMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, participants } = ctx;
  const created = ctx.limits.get("groups-created", GROUPS_CREATED_PER_DAY, 24 * 60 * 60_000);
  const reportLimiter = ctx.limits.get("group-reports", 20, 24 * 60 * 60_000);

  app.post(GROUP_PATHS.groups, async (request, reply) => {
    const me = requireMember(request);
    const input = parseOr400(groupInputSchema, request.body);
    // Only groups made count (a refused name costs nothing).
    const wait = await created.retryAfter(me.id);
    if (wait > 0) throw tooManyRequests(`You can create at most ${GROUPS_CREATED_PER_DAY} groups a day.`, wait);
    const id = await createGroup(db, me.id, input);
    await created.hit(me.id);
    return reply.status(201).send(await getGroup(db, me.id, id));
  });

  app.put<{ Params: { id: string } }>("/api/groups/:id", async (request) => {
    const me = requireMember(request);
    const id = groupId(request);
    const input = parseOr400(groupInputSchema, request.body);
    await getGroup(db, me.id, id);
    await updateGroup(db, me.id, id, input);
    return getGroup(db, me.id, id);
  });

  app.delete<{ Params: { id: string } }>("/api/groups/:id", async (request, reply) => {
    const me = requireMember(request);
    const id = groupId(request);
    await getGroup(db, me.id, id);
    await deleteGroup(db, participants, id, me.id);
    return sendOk(reply);
  });

  app.post<{ Params: { id: string } }>("/api/groups/:id/join", async (request) => {
    const me = requireMember(request);
    const id = groupId(request);
    await getGroup(db, me.id, id);
    if ((await joinGroup(db, participants, id, me.id)) === "joined") ctx.activity.record("groupJoined", me.id);
    return getGroup(db, me.id, id);
  });

  app.post<{ Params: { id: string } }>("/api/groups/:id/leave", async (request) => {
    const me = requireMember(request);
    const id = groupId(request);
    await getGroup(db, me.id, id);
    await leaveGroup(db, participants, id, me.id);
    return getGroup(db, me.id, id);
  });

  app.put<{ Params: { id: string } }>("/api/groups/:id/me", async (request) => {
    const me = requireMember(request);
    const id = groupId(request);
    const body = parseOr400(groupSettingsSchema, request.body);
    const group = await getGroup(db, me.id, id);
    if (!group.myRole) throw notFound("You are not a member of this group");
    if (body.listed !== undefined) await db.update(groupMembers).set({ listed: body.listed }).where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, me.id)));
    if (body.muted !== undefined && group.conversationId) {
      await db.update(conversationParticipants).set({ muted: body.muted }).where(and(eq(conversationParticipants.conversationId, group.conversationId), eq(conversationParticipants.userId, me.id)));
    }
    return getGroup(db, me.id, id);
  });

  app.get<{ Params: { id: string } }>("/api/groups/:id/requests", async (request) => {
    const me = requireMember(request);
    const id = groupId(request);
    await getGroup(db, me.id, id);
    await requireModerator(db, id, me.id);
    const rows = await db
      .select({ id: users.id, username: users.username, displayName: users.displayName, profileImageUrl: users.profileImageUrl, kind: groupPending.kind, createdAt: groupPending.createdAt })
      .from(groupPending)
      .innerJoin(users, eq(users.id, groupPending.userId))
      .where(eq(groupPending.groupId, id))
      .orderBy(asc(groupPending.createdAt));
    return rows.map((r) => ({ user: { id: r.id, username: r.username, displayName: r.displayName, profileImageUrl: r.profileImageUrl }, kind: r.kind, createdAt: r.createdAt.toISOString() }));
  });

  const answer = (approve: boolean) => async (request: MemberRequest) => {
    const me = requireMember(request);
    const id = groupId(request);
    await getGroup(db, me.id, id);
    await answerRequest(db, participants, id, me.id, memberId(request), approve);
    if (approve) ctx.activity.record("groupJoined", memberId(request));
    return getGroup(db, me.id, id);
  };
  app.post<{ Params: { id: string; userId: string } }>("/api/groups/:id/requests/:userId/approve", answer(true));
  app.post<{ Params: { id: string; userId: string } }>("/api/groups/:id/requests/:userId/refuse", answer(false));

  app.post<{ Params: { id: string } }>("/api/groups/:id/invitations", async (request, reply) => {
    const me = requireMember(request);
    const id = groupId(request);
    const invite = parseOr400(groupInviteSchema, request.body);
    await getGroup(db, me.id, id);
    await inviteMember(db, id, me.id, invite);
    return reply.status(201).send({ ok: true });
  });

  app.post<{ Params: { id: string; userId: string } }>("/api/groups/:id/members/:userId/remove", async (request) => {
    const me = requireMember(request);
    const id = groupId(request);
    await getGroup(db, me.id, id);
    await removeMember(db, participants, id, me.id, memberId(request));
    return getGroup(db, me.id, id);
  });

  app.put<{ Params: { id: string; userId: string } }>("/api/groups/:id/members/:userId/role", async (request) => {
    const me = requireMember(request);
    const id = groupId(request);
    const { role } = parseOr400(groupRoleSchema, request.body);
    await getGroup(db, me.id, id);
    await setRole(db, id, me.id, memberId(request), role);
    return getGroup(db, me.id, id);
  });

  app.post<{ Params: { id: string } }>("/api/groups/:id/owner", async (request) => {
    const me = requireMember(request);
    const id = groupId(request);
    const { userId } = parseOr400(groupOwnerSchema, request.body);
    await getGroup(db, me.id, id);
    await handOver(db, id, me.id, userId);
    return getGroup(db, me.id, id);
  });

  app.get<{ Params: { id: string } }>("/api/groups/:id/log", async (request) => {
    const me = requireMember(request);
    const id = groupId(request);
    await getGroup(db, me.id, id);
    await requireModerator(db, id, me.id);
    const rows = await queryRows<{ id: number | string; action: string; actor_id: string | null; actor_username: string | null; subject_id: string | null; subject_username: string | null; created_at: string | Date }>(
      db,
      sql`SELECT l.id, l.action, a.id AS actor_id, a.username AS actor_username, s.id AS subject_id, s.username AS subject_username, l.created_at
          FROM group_log l LEFT JOIN users a ON a.id = l.actor_id LEFT JOIN users s ON s.id = l.subject_id
          WHERE l.group_id = ${id}::uuid ORDER BY l.id DESC LIMIT 200`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      action: r.action,
      actor: r.actor_id ? { id: r.actor_id, username: r.actor_username ?? "" } : null,
      subject: r.subject_id ? { id: r.subject_id, username: r.subject_username ?? "" } : null,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  });

  // A moderator removes a message of the group chat: its text and picture are gone for everyone.
  app.delete<{ Params: { id: string; messageId: string } }>("/api/groups/:id/messages/:messageId", async (request, reply) => {
    const me = requireMember(request);
    const id = groupId(request as unknown as IdRequest);
    await getGroup(db, me.id, id);
    await requireModerator(db, id, me.id);
    const messageId = /^\d{1,15}$/.test(request.params.messageId) ? Number(request.params.messageId) : NaN;
    const [group] = await db.select({ conversationId: groups.conversationId }).from(groups).where(eq(groups.id, id)).limit(1);
    if (!group || Number.isNaN(messageId)) throw notFound("Message not found");
    const [removed] = await db
      .update(messages)
      .set({ removedAt: new Date(), content: "", mediaId: null })
      .where(and(eq(messages.id, messageId), eq(messages.conversationId, group.conversationId)))
      .returning({ id: messages.id });
    if (!removed) throw notFound("Message not found");
    await db.insert(groupLog).values({ groupId: id, action: "message_removed", actorId: me.id });
    ctx.notify.toUsers(await participants.of(group.conversationId), "messageRemoved", { conversationId: group.conversationId, messageId });
    return sendOk(reply);
  });

  // Reports of a group (about its owner) or of a message of its chat (about its sender): the same queue.
  app.post<{ Params: { id: string } }>("/api/groups/:id/report", async (request, reply) => {
    const me = requireMember(request);
    const id = groupId(request);
    const body = parseOr400(groupReportSchema, request.body);
    const group = await getGroup(db, me.id, id);
    let reportedId = group.owner.id;
    if (body.messageId !== undefined) {
      const [row] = await queryRows<{ sender_id: string | null }>(
        db,
        sql`SELECT m.sender_id FROM messages m JOIN groups g ON g.conversation_id = m.conversation_id
            WHERE m.id = ${body.messageId} AND g.id = ${id}::uuid
              AND EXISTS (SELECT 1 FROM conversation_participants cp WHERE cp.conversation_id = m.conversation_id AND cp.user_id = ${me.id}::uuid)`,
      );
      if (!row?.sender_id) throw notFound("Message not found");
      reportedId = row.sender_id;
    }
    if (reportedId === me.id) throw badRequest("You cannot report yourself");
    const { allowed, retryAfter } = await reportLimiter.take(me.id);
    if (!allowed) throw tooManyRequests("You have sent many reports today. Try again tomorrow.", retryAfter);
    await db.insert(reports).values({ reporterId: me.id, reportedId, groupId: id, messageId: body.messageId ?? null, reason: body.reason, details: body.details });
    ctx.activity.record("report", me.id);
    return reply.status(201).send({ ok: true });
  });
}

