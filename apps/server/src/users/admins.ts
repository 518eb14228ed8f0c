import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { users } from "../db/schema";

/** ADMIN_EMAILS: these accounts are admins from start-up on (decisions.md, Roles). */
export async function promoteAdmins(db: Db, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  await db.update(users).set({ accountRole: "admin" }).where(inArray(sql`lower(${users.email})`, emails));
}

export function isAdminEmail(email: string, adminEmails: string[]): boolean {
  return adminEmails.includes(email.toLowerCase());
}
