import { eq } from "drizzle-orm";
import { RIGHT_NOW_MINUTES, type ProfileUpdate } from "@vicinity/contract";
import type { Db } from "../db/database";
import { users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

/** Saves the member's own profile; answers his row as it is now (undefined if he is gone). */
export async function updateProfile(db: Db, userId: string, body: ProfileUpdate): Promise<UserRow | undefined> {
  // The contract calls it `role`; the column is `position`.
  const { role, ...rest } = body;
  const [updated] = await db
    .update(users)
    .set({ ...rest, ...(role !== undefined ? { position: role } : {}), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/** Shows his "right now" note for RIGHT_NOW_MINUTES; answers his row as it is now. */
export async function setRightNow(db: Db, userId: string, note: string): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({
      rightNowNote: note,
      rightNowUntil: new Date(Date.now() + RIGHT_NOW_MINUTES * 60_000),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/** Takes his "right now" note down; answers his row as it is now. */
export async function clearRightNow(db: Db, userId: string): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ rightNowNote: null, rightNowUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}
