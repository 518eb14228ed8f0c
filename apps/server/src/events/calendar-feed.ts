import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { calendarFeeds } from "../db/schema";

/** The random part of a member's calendar feed secret. */
export const newFeedNonce = (): string => randomBytes(16).toString("base64url");

/**
 * A new secret for a member's feed, when someone else may have had his account: a password reset
 * or change, an address change undone, a suspension. Every URL of it given out stops working; his
 * calendar page gives him the new one. In the caller's transaction when it has one.
 */
export async function rotateCalendarFeed(db: Db, userId: string): Promise<void> {
  await db.update(calendarFeeds).set({ nonce: newFeedNonce() }).where(eq(calendarFeeds.userId, userId));
}

/** A member's feed (his id and its current nonce), if he ever asked for one. */
export async function findCalendarFeed(db: Db, userId: string): Promise<typeof calendarFeeds.$inferSelect | null> {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return feed ?? null;
}

/** The nonce of a member's feed, made on his first ask (concurrent first asks agree on one). */
export async function calendarFeedNonce(db: Db, userId: string): Promise<string> {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  const nonce = feed?.nonce ?? newFeedNonce();
  if (!feed) await db.insert(calendarFeeds).values({ userId, nonce }).onConflictDoNothing();
  const [stored] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return stored?.nonce ?? nonce;
}

/** A new nonce for a member's feed, made if he had none: the old URL stops working at once. */
export async function resetCalendarFeed(db: Db, userId: string): Promise<string> {
  const nonce = newFeedNonce();
  await db
    .insert(calendarFeeds)
    .values({ userId, nonce })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { nonce } });
  return nonce;
}
