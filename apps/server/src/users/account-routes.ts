import { asc, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { API_PATHS, changePasswordRequestSchema, deleteAccountRequestSchema } from "@vicinity/contract";
import { hashPassword, isCommonPassword, verifyPassword } from "../auth/passwords";
import { rotateCalendarFeed } from "../events/calendar-feed";
import type { Db } from "../db/database";
import { removeSessionCookie } from "../auth/routes";
import { blocks, locations, media, messages, reports, sessions, users } from "../db/schema";
import type { AppContext } from "../http/context";
import { requireMember, sendOk } from "../http/context";
import { badRequest, parseOr400, tooManyRequests } from "../http/errors";
import { mediaUrl } from "../media/url";
import { listPhotos } from "./photos";
import { toSessionUser } from "./present";

/** Wrong current passwords per member in 15 minutes, as for sign-in (decisions.md 9). */
export const PASSWORD_FAILURES_PER_WINDOW = 5;

/**
 * The one check of a member's password before a change to his account (password, address,
 * deletion): wrong passwords are limited per member, shared across nodes and routes.
 */
export function passwordCheck(ctx: AppContext) {
  const failures = ctx.limits.get("password-failures", PASSWORD_FAILURES_PER_WINDOW, 15 * 60_000);
  return async function checkPassword(userId: string, hash: string, password: string, wrong: string): Promise<void> {
    const wait = await failures.retryAfter(userId);
    if (wait > 0) throw tooManyRequests("Too many wrong passwords. Try again later.", wait);
    if (!(await verifyPassword(hash, password))) {
      await failures.hit(userId);
      throw badRequest(wrong);
    }
  };
}

/** decisions.md, "Account": change the password, export one's data, delete the account. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, sessions: sessionStore, mediaStore, config } = ctx;
  const checkPassword = passwordCheck(ctx);

  app.put(API_PATHS.password, async (request, reply) => {
    const me = requireMember(request);
    const body = parseOr400(changePasswordRequestSchema, request.body);
    await checkPassword(me.id, me.passwordHash, body.currentPassword, "Your current password is not right");
    if (body.newPassword === body.currentPassword) throw badRequest("Choose a new password that differs from the current one");
    if (isCommonPassword(body.newPassword)) throw badRequest("This password is too common");
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, me.id));
      // Whoever had the old password may have copied his calendar's secret address too.
      await rotateCalendarFeed(tx as unknown as Db, me.id);
    });
    // Anyone else signed in with the old password is signed out; this browser stays.
    if (request.session) await sessionStore.destroyOthersOf(me.id, request.session.idHash);
    return sendOk(reply);
  });

  app.get(API_PATHS.exportData, async (request, reply) => {
    const me = requireMember(request);
    const [location] = await db.select().from(locations).where(eq(locations.userId, me.id)).limit(1);
    const blocked = await db
      .select({ username: users.username, at: blocks.createdAt })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, me.id));
    const made = await db
      .select({ username: users.username, reason: reports.reason, details: reports.details, status: reports.status, at: reports.createdAt })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reportedId))
      .where(eq(reports.reporterId, me.id))
      .orderBy(desc(reports.createdAt));
    const uploads = await db.select().from(media).where(eq(media.ownerId, me.id)).orderBy(asc(media.createdAt));
    const sent = await db
      .select({ conversationId: messages.conversationId, content: messages.content, mediaId: messages.mediaId, at: messages.createdAt })
      .from(messages)
      .where(eq(messages.senderId, me.id))
      .orderBy(asc(messages.id));
    const signedIn = await db
      .select({ createdAt: sessions.createdAt, lastActiveAt: sessions.lastActiveAt })
      .from(sessions)
      .where(eq(sessions.userId, me.id));
    const data = {
      exportedAt: new Date().toISOString(),
      account: { id: me.id, email: me.email, username: me.username, createdAt: me.createdAt.toISOString(), accountRole: me.accountRole },
      profile: { ...toSessionUser(me), email: undefined, accountRole: undefined },
      location: location
        ? { latitude: location.latitude, longitude: location.longitude, updatedAt: location.updatedAt.toISOString(), note: "Your exact position: nobody else ever receives it." }
        : null,
      photos: await listPhotos(db, me.id),
      uploads: uploads.map((m) => ({ id: m.id, url: mediaUrl(m.id), kind: m.kind, width: m.width, height: m.height, uploadedAt: m.createdAt.toISOString() })),
      blocked: blocked.map((b) => ({ username: b.username, blockedAt: b.at.toISOString() })),
      reports: made.map((r) => ({ member: r.username, reason: r.reason, details: r.details, status: r.status, reportedAt: r.at.toISOString() })),
      messagesSent: sent.map((m) => ({ conversationId: m.conversationId, content: m.content, pictureId: m.mediaId, sentAt: m.at.toISOString() })),
      sessions: signedIn.map((s) => ({ startedAt: s.createdAt.toISOString(), lastActiveAt: s.lastActiveAt.toISOString() })),
    };
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header("Content-Type", "application/json; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="vicinity-data-${me.username}-${date}.json"`)
      .header("Cache-Control", "no-store")
      .send(JSON.stringify(data, null, 2));
  });

  app.delete(API_PATHS.account, async (request, reply) => {
    const me = requireMember(request);
    const body = parseOr400(deleteAccountRequestSchema, request.body);
    await checkPassword(me.id, me.passwordHash, body.password, "That is not your password; your account was not deleted");
    const uploads = await db.select({ id: media.id }).from(media).where(eq(media.ownerId, me.id));
    // His sessions end first, so that their sockets close on every node (issue 18, item 2).
    await sessionStore.destroyAllOf(me.id);
    // One statement: sessions, location, presence, pictures, blocks and reports about him go with
    // the row (ON DELETE CASCADE); his messages stay for the other side with no sender ("deleted member").
    await db.delete(users).where(eq(users.id, me.id));
    await ctx.presence.markOffline(me.id).catch(() => undefined);
    ctx.notify.disconnectUser(me.id);
    for (const { id } of uploads) await mediaStore.remove(id);
    removeSessionCookie(reply, config);
    return sendOk(reply);
  });
}
