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
