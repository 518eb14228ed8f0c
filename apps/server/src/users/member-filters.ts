import { sql, type SQL } from "drizzle-orm";
import { activeFilterCount, MAX_AGE, MIN_AGE, type MemberFilters } from "@vicinity/contract";
import { onlineNowSql } from "../presence/presence";
import { starredBySql } from "../policy/signals";

/**
 * The filters' SQL over a member's users row `u` and presence row `p` (the same rules as passesMemberFilters), or
 * null when none narrows. Lists travel as one array parameter: one prepared statement per shape, not per value.
 * `viewerId`: whose favorites the Favorites filter keeps (none for a visitor: nobody passes it).
 */
export function memberFiltersSql(filters: MemberFilters | undefined, viewerId: string | null): SQL | null {
  if (!filters || activeFilterCount(filters) === 0) return null;
  const parts: SQL[] = [];
  if (filters.ageMin > MIN_AGE || filters.ageMax < MAX_AGE)
    parts.push(sql`u.age BETWEEN ${filters.ageMin}::int AND ${filters.ageMax}::int`);
  if (filters.positions.length > 0)
    parts.push(sql`u.position = ANY(${`{${filters.positions.join(",")}}`}::"position"[])`);
  if (filters.bodyTypes.length > 0)
    parts.push(sql`u.body_type = ANY(${`{${filters.bodyTypes.join(",")}}`}::body_type[])`);
  if (filters.online) parts.push(onlineNowSql());
  if (filters.photos) parts.push(sql`u.profile_image_url IS NOT NULL`);
  if (filters.rightNow) parts.push(sql`u.right_now_until > now() AND u.right_now_note IS NOT NULL`);
  if (filters.favorites) parts.push(starredBySql(viewerId, sql`u.id`));
  return sql.join(parts, sql` AND `);
}
