import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { LinkProblem } from "@vicinity/contract";
import type { Db } from "../db/database";
import { emailTokens } from "../db/schema";

export type TokenPurpose = (typeof emailTokens.$inferSelect)["purpose"];
export type TokenRow = typeof emailTokens.$inferSelect;

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * A new single-use link's token (256 random bits), returned once to be mailed; only its hash is
 * stored. The member's earlier unused links of the same purpose stop working: the newest mail is
 * the one that counts. Undo links excepted: each one puts back the address it was mailed to, and a
 * later change (by whoever holds a session and the password) must not take that away from the
 * address's owner; they end when used, when they expire, or when an earlier undo is used
 * (`dropLinksAfterUndo`).
 */
export async function issueToken(
  db: Db,
  input: { userId: string; purpose: TokenPurpose; email: string; ttlMs: number },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (input.purpose !== "undo") {
      await tx
        .delete(emailTokens)
        .where(
          and(eq(emailTokens.userId, input.userId), eq(emailTokens.purpose, input.purpose), isNull(emailTokens.usedAt)),
        );
    }
    await tx.insert(emailTokens).values({
      tokenHash: hashOf(token),
      userId: input.userId,
      purpose: input.purpose,
      email: input.email,
      expiresAt: new Date(Date.now() + input.ttlMs),
    });
  });
  return token;
}

export type TokenCheck = { ok: true; row: TokenRow } | { ok: false; problem: LinkProblem };

function judge(row: TokenRow | undefined, purpose: TokenPurpose): TokenCheck {
  if (!row || row.purpose !== purpose) return { ok: false, problem: "invalid" };
  if (row.usedAt) return { ok: false, problem: "used" };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, problem: "expired" };
  return { ok: true, row };
}

/** Whether a link can be used, without using it (the reset page asks before showing its form). */
export async function peekToken(db: Db, token: string, purpose: TokenPurpose): Promise<TokenCheck> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(eq(emailTokens.tokenHash, hashOf(token)))
    .limit(1);
  return judge(row, purpose);
}

/**
 * Uses a link once: in the caller's transaction, the row locked, so two clicks at once cannot both
 * pass. `apply` runs only for a usable link, and the link is marked used in the same transaction.
 */
export async function redeemToken<T>(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  apply: (tx: Db, row: TokenRow) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; problem: LinkProblem }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, hashOf(token)))
      .for("update")
      .limit(1);
    const check = judge(row, purpose);
    if (!check.ok) return check;
    const value = await apply(tx, check.row);
    await tx.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.tokenHash, check.row.tokenHash));
    return { ok: true as const, value };
  });
}

/**
 * When an undo link is used (in its transaction): every other unused link of the account goes (a
 * change waiting for confirmation, a reset or a confirmation mailed to an address the account had
 * after the restored one), and so do the undo links issued after this one, which were mailed to
 * those later addresses: whoever changed the address cannot take it back with them. The undo
 * links issued before it stay: they go back to addresses the account had earlier still.
 */
export async function dropLinksAfterUndo(tx: Db, used: TokenRow): Promise<void> {
  await tx.delete(emailTokens).where(
    and(
      eq(emailTokens.userId, used.userId),
      isNull(emailTokens.usedAt),
      ne(emailTokens.tokenHash, used.tokenHash),
      // Compared in the database: a Date read back keeps milliseconds, the column microseconds.
      or(
        ne(emailTokens.purpose, "undo"),
        sql`${emailTokens.createdAt} >= (SELECT u.created_at FROM email_tokens u WHERE u.token_hash = ${used.tokenHash})`,
      ),
    ),
  );
}

/** Links used or expired more than a week ago go (with the session sweep); until then they say "used" or "expired". */
export async function sweepTokens(db: Db): Promise<void> {
  const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
  await db.delete(emailTokens).where(or(lt(emailTokens.expiresAt, weekAgo), lt(emailTokens.usedAt, weekAgo)));
}
