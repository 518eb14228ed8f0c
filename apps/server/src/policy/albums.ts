import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/database";
import { activeSql } from "./members";
import { notBlockedWithSql } from "./blocks";

/**
 * Who sees a private album (issue 38, decisions/0046), written once: its owner, and a member it is shared with while
 * both are active and neither blocked the other. Visitors and guests: nobody. (Admins see every picture: media routes.)
 */

/**
 * The albums shared with `viewerId` (an `album_shares` row `s` of album `a`, its owner the users row `o`), as a
 * condition: his share, an active owner, no block either way.
 */
export const albumSharedWithSql = (viewerId: string, s = "s", o = "o"): SQL =>
  sql`${sql.raw(s)}.member_id = ${viewerId}::uuid AND ${activeSql(o)} AND ${notBlockedWithSql(viewerId, sql.raw(`${o}.id`))}`;

/** Whether `viewerId` may see the album picture `mediaId`: he owns it, or its album is shared with him (the rule above). */
export async function canSeeAlbumPicture(db: Db, mediaId: string, viewerId: string): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(
    db,
    sql`SELECT 1 AS ok FROM album_pictures ap
        JOIN albums a ON a.id = ap.album_id
        JOIN users o ON o.id = a.owner_id
        LEFT JOIN album_shares s ON s.album_id = a.id AND s.member_id = ${viewerId}::uuid
        WHERE ap.media_id = ${mediaId}::uuid
          AND (a.owner_id = ${viewerId}::uuid OR (s.member_id IS NOT NULL AND ${albumSharedWithSql(viewerId)}))
        LIMIT 1`,
  );
  return rows.length > 0;
}
