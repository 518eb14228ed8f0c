import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { blocks, locations, media, reports, sessions, users } from "../db/schema";
import { rotateCalendarFeed } from "../events/calendar-feed";
import { mediaUrl } from "../media/url";
import { messagesSentBy } from "../messages/service";
import { listPhotos } from "./photos";
import { toSessionUser } from "./present";
import { signalsExportOf } from "../signals/service";
import { phrasesOf } from "../phrases/service";
import { albumsForExport } from "../albums/service";

type UserRow = typeof users.$inferSelect;

/** Stores a member's new password hash, and gives his calendar feed a new secret with it. */
export async function changePassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    // Whoever had the old password may have copied his calendar's secret address too.
    await rotateCalendarFeed(tx as unknown as Db, userId);
  });
}

/** The reports a member made, newest first, with whom they were about. */
function reportsMadeBy(db: Db, userId: string) {
  return db
    .select({
      username: users.username,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      at: reports.createdAt,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reportedId))
    .where(eq(reports.reporterId, userId))
    .orderBy(desc(reports.createdAt));
}

/** Everything the app keeps about a member, for him to download (decisions.md, "Account"). */
export async function exportAccountData(db: Db, me: UserRow) {
  const [location] = await db.select().from(locations).where(eq(locations.userId, me.id)).limit(1);
  const blocked = await db
    .select({ username: users.username, at: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, me.id));
  const made = await reportsMadeBy(db, me.id);
  const uploads = await db.select().from(media).where(eq(media.ownerId, me.id)).orderBy(asc(media.createdAt));
  const sent = await messagesSentBy(db, me.id);
  const signedIn = await db
    .select({ createdAt: sessions.createdAt, lastActiveAt: sessions.lastActiveAt })
    .from(sessions)
    .where(eq(sessions.userId, me.id));
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: me.id,
      email: me.email,
      username: me.username,
      createdAt: me.createdAt.toISOString(),
      accountRole: me.accountRole,
    },
    profile: { ...toSessionUser(me), email: undefined, accountRole: undefined },
    location: location
      ? {
          latitude: location.latitude,
          longitude: location.longitude,
          updatedAt: location.updatedAt.toISOString(),
          note: "Your exact position: nobody else ever receives it.",
        }
      : null,
    photos: await listPhotos(db, me.id),
    uploads: uploads.map((m) => ({
      id: m.id,
      url: mediaUrl(m.id),
      kind: m.kind,
      width: m.width,
      height: m.height,
      uploadedAt: m.createdAt.toISOString(),
    })),
    blocked: blocked.map((b) => ({ username: b.username, blockedAt: b.at.toISOString() })),
    reports: made.map((r) => ({
      member: r.username,
      reason: r.reason,
      details: r.details,
      status: r.status,
      reportedAt: r.at.toISOString(),
    })),
    messagesSent: sent.map((m) => ({
      conversationId: m.conversationId,
      content: m.content,
      pictureId: m.mediaId,
      sentAt: m.at.toISOString(),
    })),
    sessions: signedIn.map((s) => ({
      startedAt: s.createdAt.toISOString(),
      lastActiveAt: s.lastActiveAt.toISOString(),
    })),
    /** Taps sent and received, favorites, the profiles he opened (issue 38). */
    signals: { leavesTrace: me.leavesTrace, ...(await signalsExportOf(db, me.id)) },
    /** The phrases he saved for the composer (issue 38). */
    savedPhrases: (await phrasesOf(db, me.id)).map(({ text, createdAt }) => ({ text, savedAt: createdAt })),
    /** His private albums: names, the pictures' addresses, whom each is shared with (issue 38). */
    albums: await albumsForExport(db, me.id),
  };
}

/** The ids of every picture a member uploaded (their files go when his account does). */
export async function uploadIdsOf(db: Db, userId: string): Promise<string[]> {
  const uploads = await db.select({ id: media.id }).from(media).where(eq(media.ownerId, userId));
  return uploads.map((u) => u.id);
}

/**
 * Deletes a member's account in one statement: sessions, location, presence, pictures, blocks and
 * reports about him go with the row (ON DELETE CASCADE); his messages stay for the other side with
 * no sender ("deleted member").
 */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
