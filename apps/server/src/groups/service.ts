import { randomBytes } from "node:crypto";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import {
  GROUP_NAME_REFUSED,
  GROUP_NAME_TAKEN,
  GROUPS_PAGE_SIZE,
  GROUP_IDENTITY_OWNER_ONLY,
  type Group,
  type GroupInput,
  type GroupInvite,
  type GroupRole,
  type GroupSummary,
} from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { groupLog, groupMembers, groupPending, groups, media, users } from "../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { displayKm, snapToPrivacyGrid } from "../location/privacy-grid";
import {
  createGroupConversation,
  deleteConversation,
  removeMessage,
  renameGroupConversation,
  setConversationMuted,
  setGroupMembership,
  type Participants,
} from "../messages/service";
import { blockedEitherWaySql, isBlockedEitherWay } from "../policy/blocks";
import { groupMembersShownSql, groupVisibleSql, mayChangeGroupIdentity, seesGroupChat } from "../policy/groups";
import { activeSql } from "../policy/members";
import { isRefusedGroupName } from "./names";

export type GroupAction =
  | "created"
  | "joined"
  | "left"
  | "requested"
  | "approved"
  | "refused"
  | "invited"
  | "declined"
  | "removed"
  | "promoted"
  | "demoted"
  | "owner_changed"
  | "settings_changed"
  | "message_removed";

interface GroupRow extends Record<string, unknown> {
  id: string;
  name: string;
  description: string;
  rules: string;
  interests: string[] | string;
  join_policy: Group["joinPolicy"];
  cover_media_id: string | null;
  home_latitude: number | null;
  home_longitude: number | null;
  conversation_id: string;
  created_at: string | Date;
  member_count: number;
  my_role: GroupRole | null;
  my_listed: boolean | null;
  my_muted: boolean | null;
  pending: "request" | "invitation" | null;
  pending_requests: number;
  meters: number | null;
  owner_id: string;
  owner_username: string;
  owner_display_name: string | null;
}

const toArray = (value: string[] | string) =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, "")
        .split(",")
        .filter(Boolean)
        .map((s) => s.replace(/^"|"$/g, ""));

function columns(viewerId: string | null, center: SQL | null): SQL {
  return sql`
    g.id, g.name, g.description, g.rules, g.interests, g.join_policy, g.cover_media_id, g.home_latitude, g.home_longitude,
    g.conversation_id, g.created_at,
    (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id) AS member_count,
    ${viewerId ? sql`(SELECT m.role FROM group_members m WHERE m.group_id = g.id AND m.user_id = ${viewerId}::uuid)` : sql`NULL`} AS my_role,
    ${viewerId ? sql`(SELECT m.listed FROM group_members m WHERE m.group_id = g.id AND m.user_id = ${viewerId}::uuid)` : sql`NULL`} AS my_listed,
    ${viewerId ? sql`(SELECT cp.muted FROM conversation_participants cp WHERE cp.conversation_id = g.conversation_id AND cp.user_id = ${viewerId}::uuid)` : sql`NULL`} AS my_muted,
    ${viewerId ? sql`(SELECT p.kind FROM group_pending p WHERE p.group_id = g.id AND p.user_id = ${viewerId}::uuid)` : sql`NULL`} AS pending,
    (SELECT count(*)::int FROM group_pending p WHERE p.group_id = g.id AND p.kind = 'request') AS pending_requests,
    ${center ? sql`CASE WHEN g.home_latitude IS NULL THEN NULL ELSE earth_distance(ll_to_earth(g.home_latitude, g.home_longitude), ${center}) END` : sql`NULL::float8`} AS meters,
    o.id AS owner_id, o.username AS owner_username, o.display_name AS owner_display_name`;
}

/** The group's owner row (every group has exactly one). */
const OWNER_JOIN = sql`JOIN group_members om ON om.group_id = g.id AND om.role = 'owner' JOIN users o ON o.id = om.user_id`;

/** Groups a viewer may see: not owned by someone in a block with him (policy/groups.ts). */
const visibleTo = (viewerId: string | null): SQL => groupVisibleSql(viewerId);

function summary(r: GroupRow): GroupSummary {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    coverUrl: r.cover_media_id ? `/media/${r.cover_media_id}` : null,
    interests: toArray(r.interests),
    joinPolicy: r.join_policy,
    memberCount: Number(r.member_count),
    distance: r.meters === null ? null : displayKm(Number(r.meters)),
    myRole: r.my_role,
    pending: r.pending,
  };
}

function present(r: GroupRow): Group {
  const moderator = r.my_role === "owner" || r.my_role === "moderator";
  return {
    ...summary(r),
    rules: r.rules,
    home:
      r.home_latitude === null || r.home_longitude === null
        ? null
        : { latitude: Number(r.home_latitude), longitude: Number(r.home_longitude) },
    owner: { id: r.owner_id, username: r.owner_username, displayName: r.owner_display_name },
    conversationId: seesGroupChat(r.my_role) ? r.conversation_id : null,
    listed: Boolean(r.my_listed),
    muted: Boolean(r.my_muted),
    pendingRequests: moderator ? Number(r.pending_requests) : 0,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function getGroup(db: Db, viewerId: string | null, groupId: string): Promise<Group> {
  const [row] = await queryRows<GroupRow>(
    db,
    sql`SELECT ${columns(viewerId, null)} FROM groups g ${OWNER_JOIN} WHERE g.id = ${groupId}::uuid AND ${visibleTo(viewerId)}`,
  );
  if (!row) throw notFound("Group not found");
  return present(row);
}

/**
 * Finding groups: the viewer's own first, then a search by name or interest
 * (name matches before interest matches), or, with no search, those nearest his point (by their
 * snapped home) and then the most popular.
 */
export async function findGroups(
  db: Db,
  viewerId: string | null,
  query: { q?: string | undefined; latitude?: number | undefined; longitude?: number | undefined },
  offset: number,
): Promise<{ groups: GroupSummary[]; more: boolean }> {
  const center =
    query.latitude !== undefined && query.longitude !== undefined
      ? sql`ll_to_earth(${query.latitude}::float8, ${query.longitude}::float8)`
      : null;
  const q = query.q?.trim() ?? "";
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const search = q
    ? sql`AND (g.name ILIKE ${pattern} OR EXISTS (SELECT 1 FROM unnest(g.interests) i WHERE i ILIKE ${pattern}))`
    : sql``;
  const mine = viewerId
    ? sql`EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = ${viewerId}::uuid)`
    : sql`FALSE`;
  // His own first; then name matches before interest matches, or the nearest, or the most popular.
  const then = q
    ? sql`(found.name ILIKE ${pattern}) DESC, found.member_count DESC`
    : center
      ? sql`found.meters NULLS LAST, found.member_count DESC`
      : sql`found.member_count DESC`;
  const rows = await queryRows<GroupRow>(
    db,
    sql`SELECT * FROM (SELECT ${columns(viewerId, center)}, ${mine} AS is_mine FROM groups g ${OWNER_JOIN} WHERE ${visibleTo(viewerId)} ${search}) found
        ORDER BY found.is_mine DESC, ${then}, found.name, found.id
        LIMIT ${GROUPS_PAGE_SIZE + 1} OFFSET ${offset}`,
  );
  return { groups: rows.slice(0, GROUPS_PAGE_SIZE).map(summary), more: rows.length > GROUPS_PAGE_SIZE };
}

async function checkInput(db: Db, userId: string, input: GroupInput, groupId: string | null): Promise<void> {
  if (isRefusedGroupName(input.name)) throw badRequest(GROUP_NAME_REFUSED);
  const [taken] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM groups WHERE lower(name) = lower(${input.name}) ${groupId ? sql`AND id <> ${groupId}::uuid` : sql``}`,
  );
  if (taken) throw conflict(GROUP_NAME_TAKEN);
  if (input.coverMediaId) {
    const [cover] = await db.select().from(media).where(eq(media.id, input.coverMediaId)).limit(1);
    if (!cover || cover.ownerId !== userId) throw badRequest("Cover picture not found: upload it first");
    if (cover.kind !== "group") throw badRequest("Upload the cover as a group picture (kind=group)");
  }
}

function homeOf(input: GroupInput, secret: string) {
  if (!input.home) return { homeLatitude: null, homeLongitude: null };
  const snapped = snapToPrivacyGrid(input.home, secret);
  return { homeLatitude: snapped.latitude, homeLongitude: snapped.longitude };
}

async function log(
  db: Db,
  groupId: string,
  action: GroupAction,
  actorId: string | null,
  subjectId: string | null = null,
): Promise<void> {
  await db.insert(groupLog).values({ groupId, action, actorId, subjectId });
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export async function createGroup(db: Db, ownerId: string, input: GroupInput): Promise<string> {
  await checkInput(db, ownerId, input, null);
  const secret = randomBytes(16).toString("hex");
  try {
    return await db.transaction(async (tx) => {
      // The group's chat, its owner its first participant.
      const conversationId = await createGroupConversation(tx as unknown as Db, {
        creatorId: ownerId,
        title: input.name,
        memberIds: [],
      });
      const [group] = await tx
        .insert(groups)
        .values({
          name: input.name,
          description: input.description,
          rules: input.rules,
          interests: input.interests,
          joinPolicy: input.joinPolicy,
          coverMediaId: input.coverMediaId,
          locationSecret: secret,
          ...homeOf(input, secret),
          conversationId,
        })
        .returning({ id: groups.id });
      await tx.insert(groupMembers).values({ groupId: group!.id, userId: ownerId, role: "owner", listed: true });
      await tx.insert(groupLog).values({ groupId: group!.id, action: "created", actorId: ownerId });
      return group!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(GROUP_NAME_TAKEN);
    throw error;
  }
}

export async function roleOf(db: Db, groupId: string, userId: string): Promise<GroupRole | null> {
  const [row] = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** 403 unless the member is the group's owner or one of its moderators. */
export async function requireModerator(db: Db, groupId: string, userId: string): Promise<GroupRole> {
  const role = await roleOf(db, groupId, userId);
  if (role !== "owner" && role !== "moderator") throw forbidden("Only the group's moderators may do this");
  return role;
}

export async function updateGroup(db: Db, userId: string, groupId: string, input: GroupInput): Promise<void> {
  const role = await requireModerator(db, groupId, userId);
  const [row] = await db
    .select({
      secret: groups.locationSecret,
      conversationId: groups.conversationId,
      name: groups.name,
      joinPolicy: groups.joinPolicy,
    })
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1);
  if (!row) throw notFound("Group not found");
  // Its name and how members join are the owner's (policy/groups.ts); moderators edit the rest.
  if ((input.name !== row.name || input.joinPolicy !== row.joinPolicy) && !mayChangeGroupIdentity(role))
    throw forbidden(GROUP_IDENTITY_OWNER_ONLY);
  await checkInput(db, userId, input, groupId);
  try {
    await db
      .update(groups)
      .set({
        name: input.name,
        description: input.description,
        rules: input.rules,
        interests: input.interests,
        joinPolicy: input.joinPolicy,
        coverMediaId: input.coverMediaId,
        ...homeOf(input, row.secret),
        updatedAt: new Date(),
      })
      .where(eq(groups.id, groupId));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(GROUP_NAME_TAKEN);
    throw error;
  }
  await renameGroupConversation(db, row.conversationId, input.name);
  await log(db, groupId, "settings_changed", userId);
}

/** Member or not, in the group and in its chat at once (every node forgets the chat's participants). */
async function setMember(
  db: Db,
  participants: Participants,
  groupId: string,
  userId: string,
  member: boolean,
): Promise<void> {
  const [group] = await db
    .select({ conversationId: groups.conversationId })
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1);
  if (!group) throw notFound("Group not found");
  if (member) await db.insert(groupMembers).values({ groupId, userId }).onConflictDoNothing();
  else await db.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  await setGroupMembership(db, participants, group.conversationId, userId, member);
  await db.delete(groupPending).where(and(eq(groupPending.groupId, groupId), eq(groupPending.userId, userId)));
}

async function pendingOf(db: Db, groupId: string, userId: string) {
  const [row] = await db
    .select()
    .from(groupPending)
    .where(and(eq(groupPending.groupId, groupId), eq(groupPending.userId, userId)))
    .limit(1);
  return row ?? null;
}

async function blockedWithOwner(db: Db, groupId: string, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ b: boolean }>(
    db,
    sql`SELECT ${blockedEitherWaySql(sql`${userId}::uuid`, sql`m.user_id`)} AS b FROM group_members m WHERE m.group_id = ${groupId}::uuid AND m.role = 'owner'`,
  );
  return Boolean(row?.b);
}

/** Join (open), ask (by request) or accept an invitation; answers what happened. */
export async function joinGroup(
  db: Db,
  participants: Participants,
  groupId: string,
  userId: string,
): Promise<"joined" | "requested"> {
  const [group] = await db.select({ policy: groups.joinPolicy }).from(groups).where(eq(groups.id, groupId)).limit(1);
  if (!group || (await blockedWithOwner(db, groupId, userId))) throw notFound("Group not found");
  if (await roleOf(db, groupId, userId)) throw conflict("You are already a member of this group");
  const pending = await pendingOf(db, groupId, userId);
  if (pending?.kind === "invitation" || group.policy === "open") {
    await setMember(db, participants, groupId, userId, true);
    await log(db, groupId, "joined", userId);
    return "joined";
  }
  if (group.policy === "invite") throw forbidden("This group is by invitation only");
  if (pending?.kind === "request") throw conflict("You already asked to join this group");
  await db.insert(groupPending).values({ groupId, userId, kind: "request" });
  await log(db, groupId, "requested", userId);
  return "requested";
}

/** Leave (or withdraw a request, or decline an invitation). The owner hands over ownership first. */
export async function leaveGroup(db: Db, participants: Participants, groupId: string, userId: string): Promise<void> {
  const role = await roleOf(db, groupId, userId);
  if (role === "owner") throw conflict("Hand over ownership before you leave, or delete the group");
  if (role) {
    await setMember(db, participants, groupId, userId, false);
    await log(db, groupId, "left", userId);
    return;
  }
  const pending = await pendingOf(db, groupId, userId);
  if (!pending) throw conflict("You are not a member of this group");
  await db.delete(groupPending).where(and(eq(groupPending.groupId, groupId), eq(groupPending.userId, userId)));
  await log(db, groupId, pending.kind === "invitation" ? "declined" : "left", userId);
}

/** A moderator answers a request to join. */
export async function answerRequest(
  db: Db,
  participants: Participants,
  groupId: string,
  moderatorId: string,
  userId: string,
  approve: boolean,
): Promise<void> {
  await requireModerator(db, groupId, moderatorId);
  const pending = await pendingOf(db, groupId, userId);
  if (pending?.kind !== "request") throw notFound("No request from this member");
  if (approve) await setMember(db, participants, groupId, userId, true);
  else await db.delete(groupPending).where(and(eq(groupPending.groupId, groupId), eq(groupPending.userId, userId)));
  await log(db, groupId, approve ? "approved" : "refused", moderatorId, userId);
}

/** A moderator invites a member, by id or by username (one that is suspended or blocked either way is "not found"). */
export async function inviteMember(db: Db, groupId: string, moderatorId: string, invite: GroupInvite): Promise<void> {
  await requireModerator(db, groupId, moderatorId);
  const [exists] = await queryRows<{ id: string }>(
    db,
    "userId" in invite
      ? sql`SELECT u.id FROM users u WHERE u.id = ${invite.userId}::uuid AND ${activeSql()}`
      : sql`SELECT u.id FROM users u WHERE lower(u.username) = lower(${invite.username}) AND ${activeSql()}`,
  );
  if (!exists) throw notFound("Member not found");
  const userId = exists.id;
  if (userId === moderatorId) throw badRequest("You are already in this group");
  if (await isBlockedEitherWay(db, moderatorId, userId)) throw notFound("Member not found");
  if (await roleOf(db, groupId, userId)) throw conflict("He is already a member");
  await db
    .insert(groupPending)
    .values({ groupId, userId, kind: "invitation", invitedBy: moderatorId })
    .onConflictDoUpdate({
      target: [groupPending.groupId, groupPending.userId],
      set: { kind: "invitation", invitedBy: moderatorId },
    });
  await log(db, groupId, "invited", moderatorId, userId);
}

/** Moderators remove members; only the owner removes a moderator; nobody removes the owner. */
export async function removeMember(
  db: Db,
  participants: Participants,
  groupId: string,
  moderatorId: string,
  userId: string,
): Promise<void> {
  const mine = await requireModerator(db, groupId, moderatorId);
  const theirs = await roleOf(db, groupId, userId);
  if (!theirs) throw notFound("Not a member of this group");
  if (theirs === "owner" || (theirs === "moderator" && mine !== "owner"))
    throw forbidden("You cannot remove this member");
  await setMember(db, participants, groupId, userId, false);
  await log(db, groupId, "removed", moderatorId, userId);
}

export async function setRole(
  db: Db,
  groupId: string,
  ownerId: string,
  userId: string,
  role: "moderator" | "member",
): Promise<void> {
  if ((await roleOf(db, groupId, ownerId)) !== "owner") throw forbidden("Only the owner may change roles");
  const theirs = await roleOf(db, groupId, userId);
  if (!theirs || theirs === "owner") throw notFound("Not a member of this group");
  await db
    .update(groupMembers)
    .set({ role })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (theirs !== role) await log(db, groupId, role === "moderator" ? "promoted" : "demoted", ownerId, userId);
}

export async function handOver(db: Db, groupId: string, ownerId: string, userId: string): Promise<void> {
  if ((await roleOf(db, groupId, ownerId)) !== "owner") throw forbidden("Only the owner may hand over the group");
  if (!(await roleOf(db, groupId, userId)) || userId === ownerId) throw notFound("Not a member of this group");
  await db.transaction(async (tx) => {
    await tx
      .update(groupMembers)
      .set({ role: "moderator" })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, ownerId)));
    await tx
      .update(groupMembers)
      .set({ role: "owner" })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  });
  await log(db, groupId, "owner_changed", ownerId, userId);
}

export async function deleteGroup(db: Db, participants: Participants, groupId: string, ownerId: string): Promise<void> {
  if ((await roleOf(db, groupId, ownerId)) !== "owner") throw forbidden("Only the owner may delete the group");
  const [group] = await db
    .select({ conversationId: groups.conversationId })
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1);
  await db.delete(groups).where(eq(groups.id, groupId));
  if (group) await deleteConversation(db, participants, group.conversationId);
}

/**
 * Who is in the group, as policy/groups.ts lets this viewer see (owner, moderators, then members by
 * joining); null when he may not see who is in it.
 */
export async function listGroupMembers(
  db: Db,
  viewerId: string | null,
  groupId: string,
  joinPolicy: Group["joinPolicy"],
  viewerRole: GroupRole | null,
) {
  const shown = groupMembersShownSql(viewerId, joinPolicy, viewerRole);
  if (!shown) return null;
  return queryRows<{
    id: string;
    username: string;
    display_name: string | null;
    profile_image_url: string | null;
    role: GroupRole;
    joined_at: string | Date;
  }>(
    db,
    sql`SELECT u.id, u.username, u.display_name, u.profile_image_url, m.role, m.joined_at
        FROM group_members m JOIN users u ON u.id = m.user_id
        WHERE m.group_id = ${groupId}::uuid AND ${shown}
        ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'moderator' THEN 1 ELSE 2 END, m.joined_at, u.id
        LIMIT 500`,
  );
}

/** A member's own settings in a group: listed among its members, and its chat muted (when he sees the chat). */
export async function setMySettings(
  db: Db,
  groupId: string,
  userId: string,
  conversationId: string | null,
  settings: { listed?: boolean | undefined; muted?: boolean | undefined },
): Promise<void> {
  if (settings.listed !== undefined)
    await db
      .update(groupMembers)
      .set({ listed: settings.listed })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (settings.muted !== undefined && conversationId)
    await setConversationMuted(db, conversationId, userId, settings.muted);
}

/** The requests to join and the invitations waiting for an answer, oldest first. */
export async function listPending(db: Db, groupId: string) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      profileImageUrl: users.profileImageUrl,
      kind: groupPending.kind,
      createdAt: groupPending.createdAt,
    })
    .from(groupPending)
    .innerJoin(users, eq(users.id, groupPending.userId))
    .where(eq(groupPending.groupId, groupId))
    .orderBy(asc(groupPending.createdAt));
  return rows.map((r) => ({
    user: { id: r.id, username: r.username, displayName: r.displayName, profileImageUrl: r.profileImageUrl },
    kind: r.kind,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** What was done in the group and by whom, the latest first. */
export async function groupLogOf(db: Db, groupId: string) {
  const rows = await queryRows<{
    id: number | string;
    action: string;
    actor_id: string | null;
    actor_username: string | null;
    subject_id: string | null;
    subject_username: string | null;
    created_at: string | Date;
  }>(
    db,
    sql`SELECT l.id, l.action, a.id AS actor_id, a.username AS actor_username, s.id AS subject_id, s.username AS subject_username, l.created_at
        FROM group_log l LEFT JOIN users a ON a.id = l.actor_id LEFT JOIN users s ON s.id = l.subject_id
        WHERE l.group_id = ${groupId}::uuid ORDER BY l.id DESC LIMIT 200`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    actor: r.actor_id ? { id: r.actor_id, username: r.actor_username ?? "" } : null,
    subject: r.subject_id ? { id: r.subject_id, username: r.subject_username ?? "" } : null,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** A moderator removes a message of the group's chat (logged); answers the chat's conversation. */
export async function removeChatMessage(
  db: Db,
  groupId: string,
  moderatorId: string,
  messageId: number,
): Promise<string> {
  const [group] = await db
    .select({ conversationId: groups.conversationId })
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1);
  if (!group || Number.isNaN(messageId)) throw notFound("Message not found");
  if (!(await removeMessage(db, group.conversationId, messageId))) throw notFound("Message not found");
  await log(db, groupId, "message_removed", moderatorId);
  return group.conversationId;
}

/** The sender of a message of the group's chat, if the reader is in that chat and the sender's account still exists. */
export async function chatMessageSender(
  db: Db,
  groupId: string,
  messageId: number,
  readerId: string,
): Promise<string | null> {
  const [row] = await queryRows<{ sender_id: string | null }>(
    db,
    sql`SELECT m.sender_id FROM messages m JOIN groups g ON g.conversation_id = m.conversation_id
        WHERE m.id = ${messageId} AND g.id = ${groupId}::uuid
          AND EXISTS (SELECT 1 FROM conversation_participants cp WHERE cp.conversation_id = m.conversation_id AND cp.user_id = ${readerId}::uuid)`,
  );
  return row?.sender_id ?? null;
}
