import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { registerRequestSchema } from "@vicinity/contract";
import { hashPassword, isCommonPassword } from "../auth/passwords";
import { usernameFromEmail } from "../auth/accounts";
import type { Db } from "../db/database";
import { users } from "../db/schema";

export type RoleChange = "granted" | "revoked" | "unchanged" | "no such account" | "address not confirmed";

/**
 * Makes an existing account an admin, or a member again: the operator's way in,
 * from a shell (`npm run admin -- grant EMAIL`); later admins are granted in the admin area.
 * Nobody becomes an admin by registering an address.
 */
export async function setAdmin(db: Db, email: string, admin: boolean): Promise<RoleChange> {
  const [user] = await db
    .select({ id: users.id, role: users.accountRole, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!user) return "no such account";
  const role = admin ? "admin" : "member";
  if (user.role === role) return "unchanged";
  // An admin's address must be proven his (he opened the link sent to it).
  if (admin && !user.verifiedAt) return "address not confirmed";
  await db.update(users).set({ accountRole: role, updatedAt: new Date() }).where(eq(users.id, user.id));
  return admin ? "granted" : "revoked";
}

export type AdminCreation = { created: true } | { created: false; problem: string };

/**
 * A new installation's first admin (`npm run admin -- create EMAIL`, the password from
 * ADMIN_PASSWORD): an account made an admin from the start, under the same rules as a sign-up
 * (a valid address, a good password). Never over an existing account: grant that one instead.
 */
export async function createAdmin(db: Db, email: string, password: string): Promise<AdminCreation> {
  const parsed = registerRequestSchema.safeParse({ email: email.trim(), password });
  if (!parsed.success) return { created: false, problem: parsed.error.issues.map((i) => i.message).join("; ") };
  if (isCommonPassword(password)) return { created: false, problem: "This password is too common" };
  const address = parsed.data.email.toLowerCase();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, address))
    .limit(1);
  if (existing) return { created: false, problem: `An account with the address ${address} exists: grant it instead` };
  const base = usernameFromEmail(address);
  const taken = await db.select({ id: users.id }).from(users).where(eq(users.username, base)).limit(1);
  await db.insert(users).values({
    email: address,
    username: taken.length > 0 ? `${base}${randomBytes(2).readUInt16BE(0) % 10000}` : base,
    passwordHash: await hashPassword(password),
    accountRole: "admin",
    // The operator vouches for the address he typed.
    emailVerifiedAt: new Date(),
    locationSecret: randomBytes(16).toString("hex"),
  });
  return { created: true };
}
