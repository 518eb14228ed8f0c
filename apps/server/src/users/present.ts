import type { SessionUser } from "@vicinity/contract";
import type { users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

/** The signed-in member's own view of himself (GET /api/auth/user and profile answers). */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    displayName: user.displayName,
    age: user.age,
    bio: user.bio,
    interests: user.interests,
    bodyType: user.bodyType,
    role: user.position,
    profileImageUrl: user.profileImageUrl,
    accountRole: user.accountRole,
    privateMode: user.privateMode,
    nearbyFilters: (user.nearbyFilters as Record<string, unknown> | null) ?? null,
    emailVerified: user.emailVerifiedAt !== null,
    rightNow:
      user.rightNowNote && user.rightNowUntil && user.rightNowUntil.getTime() > Date.now()
        ? { note: user.rightNowNote, until: user.rightNowUntil.toISOString() }
        : null,
  };
}
