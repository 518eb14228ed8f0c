/** Members' accounts as signing up, signing in and the mailed links read and change them. */

import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { LINK_PROBLEMS, type LinkProblem } from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { users } from "../db/schema";
import { conflict, HttpError } from "../http/errors";
import { rotateCalendarFeed } from "../events/calendar-feed";
import { dropLinksAfterUndo, redeemToken } from "./email-tokens";

type UserRow = typeof users.$inferSelect;

const UNIQUE_VIOLATION = "23505";

function isUniqueViolation(error: unknown): error is { constraint?: string } {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

function constraintOf(error: unknown): string {
  const e = error as { constraint?: string; cause?: { constraint?: string }; message?: string };
  return e.constraint ?? e.cause?.constraint ?? e.message ?? "";
}

/** A username from the email's local part: letters, digits, dots, dashes, underscores; 3-30 long. */
export function usernameFromEmail(email: string): string {
  const local = (email.split("@")[0] ?? "").toLowerCase().replace(/[^a-z0-9_.-]/g, "");
  const base = local.length >= 3 ? local : `${local}member`;
  return base.slice(0, 24);
}

/**
 * Whether another account's live undo link goes back to this address: it stays his until the link
 * is used or expires, so that nobody can take it (a sign-up, another account's change) and turn
 * the undo into a 409.
 */
export async function addressReserved(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await queryRows<{ reserved: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM email_tokens WHERE purpose = 'undo' AND used_at IS NULL AND expires_at > now() AND lower(email) = ${email.toLowerCase()}
          ${exceptUserId ? sql`AND user_id <> ${exceptUserId}::uuid` : sql``}) AS reserved`,
  );
  return Boolean(row?.reserved);
}

/** Whether another account uses this address, or may take it back with an undo link. */
export async function addressTaken(db: Db, email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await queryRows<{ taken: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = ${email.toLowerCase()} AND id <> ${exceptUserId}::uuid) AS taken`,
  );
  return Boolean(row?.taken) || (await addressReserved(db, email, exceptUserId));
}

/**
 * A new member's account (409 when the address is in use). Without a chosen username, one is made
 * from the address, with a number added while it is taken.
 */
export async function createMember(
  db: Db,
  input: { email: string; username?: string | undefined; passwordHash: string },
): Promise<UserRow> {
  const { email, passwordHash } = input;
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  // An address another account's undo link goes back to is his until the link is used or expires.
  if (existing.length > 0 || (await addressReserved(db, email)))
    throw conflict("An account with this email already exists");

  let username = input.username ?? usernameFromEmail(email);
  let created: UserRow | undefined;
  for (let attempt = 0; attempt < 6 && !created; attempt += 1) {
    try {
      [created] = await db
        .insert(users)
        .values({
          email,
          username,
          passwordHash,
          // Always a member: admins are granted by the operator (npm run admin) or by an admin.
          accountRole: "member",
          locationSecret: randomBytes(16).toString("hex"),
        })
        .returning();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const constraint = constraintOf(error);
      if (constraint.includes("email")) throw conflict("An account with this email already exists");
      if (input.username) throw conflict("That username is taken");
      username = `${usernameFromEmail(email)}${randomBytes(2).readUInt16BE(0) % 10000}`;
    }
  }
  if (!created) throw conflict("That username is taken");
  return created;
}

/** The account with this address (lower case), or undefined. */
export async function findMemberByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return user;
}

/** Where a reset link for this address (lower case) would go: its account's id and address, or undefined. */
export async function resetTargetOf(db: Db, address: string): Promise<{ id: string; email: string } | undefined> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, address))
    .limit(1);
  return user;
}

/** A link's 400: `{ message, reason }`, so the page can offer what fits (a new link, sign-in). */
export const linkError = (problem: LinkProblem) => new HttpError(400, LINK_PROBLEMS[problem], {}, { reason: problem });

/** Uses a confirmation link: the address it was sent to counts as confirmed, if the account still has it. */
export async function confirmAddress(db: Db, token: string) {
  return redeemToken(db, token, "verify", async (tx, row) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
    // Sent to an address the account no longer has.
    if (!user || user.email.toLowerCase() !== row.email.toLowerCase()) throw linkError("invalid");
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, row.userId));
  });
}

/** Uses a reset link: the new password is set; answers the account's id and address. */
export async function resetPasswordWithLink(db: Db, token: string, passwordHash: string) {
  return redeemToken(db, token, "reset", async (tx, row) => {
    // He proved the address is his: it counts as confirmed.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, email: users.email });
    if (!user) throw linkError("invalid");
    // Whoever had the feed's address loses it too.
    await rotateCalendarFeed(tx, user.id);
    return user;
  });
}

/** Uses an address change's link: the account takes the new address; answers both addresses. */
export async function confirmAddressChange(db: Db, token: string) {
  return redeemToken(db, token, "change", async (tx, row) => {
    if (await addressTaken(tx, row.email, row.userId))
      throw conflict("Another account uses this address now. Choose another one from your profile.");
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (!before) throw linkError("invalid");
    await tx
      .update(users)
      .set({ email: row.email, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    return { userId: row.userId, oldEmail: before.email, newEmail: row.email };
  });
}

/** Uses an undo link: the account takes back the address the link was mailed to. */
export async function undoAddressChange(db: Db, token: string) {
  return redeemToken(db, token, "undo", async (tx, row) => {
    if (await addressTaken(tx, row.email, row.userId))
      throw conflict("Another account uses that address now. Write to us from it and we will help.");
    await tx
      .update(users)
      .set({ email: row.email, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    // A change still waiting to be confirmed goes too, and every link mailed to a later address.
    await dropLinksAfterUndo(tx, row);
    await rotateCalendarFeed(tx, row.userId);
    return { userId: row.userId, email: row.email };
  });
}
