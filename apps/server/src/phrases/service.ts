import { and, asc, eq, sql } from "drizzle-orm";
import { SAVED_PHRASES_MAX, type SavedPhrase } from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { savedPhrases } from "../db/schema";

/** Saved phrases (issue 38 item 7): a member's short texts for the composer. All SQL of phrases lives here. */

const asPhrase = (r: { id: string; text: string; createdAt: Date | string }): SavedPhrase => ({
  id: r.id,
  text: r.text,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** His phrases, oldest first (the order he saved them in). */
export async function phrasesOf(db: Db, userId: string): Promise<SavedPhrase[]> {
  const rows = await db
    .select({ id: savedPhrases.id, text: savedPhrases.text, createdAt: savedPhrases.createdAt })
    .from(savedPhrases)
    .where(eq(savedPhrases.userId, userId))
    .orderBy(asc(savedPhrases.createdAt), asc(savedPhrases.id));
  return rows.map(asPhrase);
}

/**
 * Saves a phrase: the saved one, or why not ("full": he keeps SAVED_PHRASES_MAX; "twice": he has this very text).
 * The limit is checked inside the insert.
 */
export async function savePhrase(db: Db, userId: string, text: string): Promise<SavedPhrase | "full" | "twice"> {
  const [row] = await queryRows<{
    id: string | null;
    text: string | null;
    created_at: string | Date | null;
    n: number | string;
    twice: boolean | null;
  }>(
    db,
    sql`
      WITH mine AS (
        SELECT count(*) AS n, coalesce(bool_or(p.text = ${text}), false) AS twice
        FROM saved_phrases p WHERE p.user_id = ${userId}::uuid
      ), added AS (
        INSERT INTO saved_phrases (user_id, text)
        SELECT ${userId}::uuid, ${text} FROM mine WHERE mine.n < ${SAVED_PHRASES_MAX} AND NOT mine.twice
        ON CONFLICT DO NOTHING
        RETURNING id, text, created_at
      )
      SELECT a.id, a.text, a.created_at, m.n, m.twice FROM mine m LEFT JOIN added a ON true`,
  );
  if (row?.id && row.text !== null && row.created_at !== null)
    return asPhrase({ id: row.id, text: row.text, createdAt: row.created_at });
  return Number(row?.n ?? 0) >= SAVED_PHRASES_MAX ? "full" : "twice";
}

/** Forgets one of his phrases; false when he has no such phrase. */
export async function deletePhrase(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(savedPhrases)
    .where(and(eq(savedPhrases.id, id), eq(savedPhrases.userId, userId)))
    .returning({ id: savedPhrases.id });
  return gone.length > 0;
}
