import { eq, sql } from "drizzle-orm";
import { filtersToKeep, RIGHT_NOW_MINUTES, type MemberFilters, type ProfileUpdate } from "@vicinity/contract";
import type { Db } from "../db/database";
import { users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

/**
 * Saves the member's own profile; answers his row as it is now (undefined if he is gone). A first
 * name given while he has no display name (onboarding asks for it) becomes the name others see:
 * his own header and everyone else's screens say the same name (migration 0019 did it for those
 * who onboarded before). A display name he sets, or clears, himself is kept as he left it.
 */
export async function updateProfile(db: Db, userId: string, body: ProfileUpdate): Promise<UserRow | undefined> {
  // The contract calls it `role`; the column is `position`.
  const { role, ...rest } = body;
  const firstName = body.firstName?.trim();
  const nameFromFirst =
    body.displayName === undefined && firstName
      ? { displayName: sql`coalesce(${users.displayName}, ${firstName})` }
      : {};
  const [updated] = await db
    .update(users)
    .set({ ...rest, ...nameFromFirst, ...(role !== undefined ? { position: role } : {}), updatedAt: new Date() })
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

/** Keeps the grid's filters he chose (none that narrows: none kept); answers his row as it is now. */
export async function saveNearbyFilters(db: Db, userId: string, filters: MemberFilters): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ nearbyFilters: filtersToKeep(filters) })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}
