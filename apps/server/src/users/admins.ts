import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { users } from "../db/schema";

export type RoleChange = "granted" | "revoked" | "unchanged" | "no such account";

/**
 * Makes an existing account an admin, or a member again (issue 9, item 4): the operator's way in,
 * from a shell (`npm run admin -- grant EMAIL`); later admins are granted in the admin area.
 * Nobody becomes an admin by registering an address.
 */
export async function setAdmin(db: Db, email: string, admin: boolean): Promise<RoleChange> {
  const [user] = await db
    .select({ id: users.id, role: users.accountRole })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!user) return "no such account";
  const role = admin ? "admin" : "member";
  if (user.role === role) return "unchanged";
  await db.update(users).set({ accountRole: role, updatedAt: new Date() }).where(eq(users.id, user.id));
  return admin ? "granted" : "revoked";
}
