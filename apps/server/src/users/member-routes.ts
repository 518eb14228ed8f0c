import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { API_PATHS, reportRequestSchema, type BlockedMember, type MemberProfile } from "@vicinity/contract";
import { queryRows } from "../db/database";
import { blocks, media, reports, users } from "../db/schema";
import type { AppContext } from "../http/context";
import { requireMember, sendOk } from "../http/context";
import { badRequest, conflict, isUuid, notFound, parseOr400, tooManyRequests } from "../http/errors";
import { onlineNowSql } from "../realtime/presence";
import { toNearbyUser, type MemberRow } from "./nearby";
import { listPhotos } from "./photos";
import { activeSql, distanceHiddenSql } from "../policy/members";

/** Reports per member a day: enough for real abuse, too few to flood the queue. */
export const REPORTS_PER_DAY = 20;

type ProfileRow = MemberRow & { i_blocked: boolean; blocked_me: boolean } & Record<string, unknown>;

/** The member profile, block and report (decisions.md, "Messages": block hides each from the other). */
export function registerMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const reportLimiter = ctx.limits.get("reports", REPORTS_PER_DAY, 24 * 60 * 60_000);

  /** The member, unless he does not exist, is suspended, or blocked the viewer: all three read "not found". */
  async function findTarget(viewerId: string, id: string): Promise<ProfileRow> {
    if (!isUuid(id)) throw notFound("Member not found");
    const [row] = await queryRows<ProfileRow>(
      db,
      sql`
        SELECT u.id, u.username, u.display_name, u.first_name, u.age, u.bio, u.interests, u.body_type, u.position,
               u.profile_image_url, ${distanceHiddenSql()} AS distance_hidden, u.right_now_note, u.right_now_until,
               ${onlineNowSql()} AS is_online,
               CASE WHEN l.user_id IS NULL OR v.user_id IS NULL THEN NULL
                    ELSE earth_distance(l.snapped_earth, v.snapped_earth) END AS meters,
               EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${viewerId}::uuid AND b.blocked_id = u.id) AS i_blocked,
               EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ${viewerId}::uuid) AS blocked_me
        FROM users u
        LEFT JOIN presence p ON p.user_id = u.id
        LEFT JOIN locations l ON l.user_id = u.id
        LEFT JOIN locations v ON v.user_id = ${viewerId}::uuid
        WHERE u.id = ${id}::uuid AND ${activeSql()}
      `,
    );
    if (!row || row.blocked_me) throw notFound("Member not found");
    return row;
  }

  app.get(API_PATHS.blocked, async (request) => {
    const me = requireMember(request);
    const rows = await db
      .select({ id: users.id, username: users.username, displayName: users.displayName, profileImageUrl: users.profileImageUrl, blockedAt: blocks.createdAt })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, me.id))
      .orderBy(desc(blocks.createdAt));
    return rows.map((r): BlockedMember => ({ ...r, blockedAt: r.blockedAt.toISOString() }));
  });

  app.get<{ Params: { id: string } }>("/api/users/:id", async (request) => {
    const me = requireMember(request);
    const r = await findTarget(me.id, request.params.id);
    const isSelf = r.id === me.id;
    const profile: MemberProfile = {
      // Himself: no distance to himself, no score with himself.
      ...toNearbyUser({ ...r, meters: isSelf ? null : r.meters }, isSelf ? null : { age: me.age, interests: me.interests }, Date.now()),
      photos: await listPhotos(db, r.id),
      isBlocked: Boolean(r.i_blocked),
    };
    return profile;
  });

  app.post<{ Params: { id: string } }>("/api/users/:id/block", async (request, reply) => {
    const me = requireMember(request);
    if (request.params.id === me.id) throw badRequest("You cannot block yourself");
    const target = await findTarget(me.id, request.params.id);
    const added = await db.insert(blocks).values({ blockerId: me.id, blockedId: target.id }).onConflictDoNothing().returning({ id: blocks.blockerId });
    if (added.length > 0) ctx.activity.record("block", me.id);
    // Each disappears from the other's live map.
    ctx.mapChanges.memberChanged(me.id);
    ctx.mapChanges.memberChanged(target.id);
    return sendOk(reply);
  });

  app.delete<{ Params: { id: string } }>("/api/users/:id/block", async (request, reply) => {
    const me = requireMember(request);
    if (!isUuid(request.params.id)) throw notFound("Member not found");
    await db.delete(blocks).where(and(eq(blocks.blockerId, me.id), eq(blocks.blockedId, request.params.id)));
    ctx.mapChanges.memberChanged(me.id);
    ctx.mapChanges.memberChanged(request.params.id);
    return sendOk(reply);
  });

  app.post<{ Params: { id: string } }>("/api/users/:id/report", async (request, reply) => {
    const me = requireMember(request);
    const body = parseOr400(reportRequestSchema, request.body);
    if (request.params.id === me.id) throw badRequest("You cannot report yourself");
    // A member who blocked the reporter can still be reported: look him up without that rule.
    if (!isUuid(request.params.id)) throw notFound("Member not found");
    const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, request.params.id)).limit(1);
    if (!target) throw notFound("Member not found");
    // A message: his, in a conversation the reporter is in. A picture: his.
    if (body.messageId !== undefined) {
      const [message] = await queryRows<{ ok: number }>(
        db,
        sql`SELECT 1 AS ok FROM messages m JOIN conversation_participants cp ON cp.conversation_id = m.conversation_id AND cp.user_id = ${me.id}::uuid
            WHERE m.id = ${body.messageId} AND m.sender_id = ${target.id}::uuid`,
      );
      if (!message) throw notFound("Message not found");
    }
    if (body.mediaId !== undefined) {
      const [picture] = await db.select({ ownerId: media.ownerId }).from(media).where(eq(media.id, body.mediaId)).limit(1);
      if (picture?.ownerId !== target.id) throw notFound("Picture not found");
    }
    const [open] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, me.id),
          eq(reports.reportedId, target.id),
          eq(reports.status, "open"),
          body.messageId !== undefined ? eq(reports.messageId, body.messageId) : isNull(reports.messageId),
          body.mediaId !== undefined ? eq(reports.mediaId, body.mediaId) : isNull(reports.mediaId),
          isNull(reports.eventId),
          isNull(reports.groupId),
        ),
      )
      .limit(1);
    if (open) throw conflict(`You already reported this ${body.messageId !== undefined ? "message" : body.mediaId !== undefined ? "picture" : "member"}. Our team is looking into it.`);
    const { allowed, retryAfter } = await reportLimiter.take(me.id);
    if (!allowed) throw tooManyRequests("You have sent many reports today. Our team is on them; try again tomorrow.", retryAfter);
    await db.insert(reports).values({ reporterId: me.id, reportedId: target.id, messageId: body.messageId ?? null, mediaId: body.mediaId ?? null, reason: body.reason, details: body.details });
    ctx.activity.record("report", me.id);
    return reply.status(201).send({ ok: true });
  });
}
