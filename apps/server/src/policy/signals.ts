import { sql, type SQL } from "drizzle-orm";
import { VIEWED_ME_DAYS } from "@vicinity/contract";
import { seenBySql } from "./members";

/**
 * Who shows in the signals' lists (taps, favorites, "viewed me"), written once (decisions/0043).
 * Every list shows only members the viewer may see at all (seenBySql: active, not himself, no
 * block either way); "viewed me" also never shows a member in private mode or one who leaves no
 * trace, and shows nothing to a member who leaves none himself. Each SQL helper has its plain
 * function beside it (rules.test.ts checks that they agree).
 */

/** A member in a signals list of `viewerId`'s: as anywhere, one he may see at all. `u` is the listed member's users row. */
export const listedInSignalsSql = (viewerId: string, u = "u"): SQL => seenBySql(viewerId, u);

/** Whether a visit by this member leaves his trace on the profile he opens: not in private mode, not turned off. */
export function leavesTrace(viewer: { privateMode: boolean; leavesTrace: boolean }): boolean {
  return !viewer.privateMode && viewer.leavesTrace;
}
export const leavesTraceSql = (u = "u"): SQL => sql`(NOT ${sql.raw(u)}.private_mode AND ${sql.raw(u)}.leaves_trace)`;

/** A visit recent enough for "viewed me". `pv` is the profile_views row. */
export const recentViewSql = (pv = "pv"): SQL =>
  sql`${sql.raw(pv)}.viewed_at > now() - make_interval(days => ${VIEWED_ME_DAYS})`;
export function isRecentView(viewedAt: Date, now: number): boolean {
  return viewedAt.getTime() > now - VIEWED_ME_DAYS * 86_400_000;
}

/**
 * The member whose id is `memberId` (SQL: a column such as `u.id`) is among `viewerId`'s favorites: the grid's
 * Favorites filter and star. Known to the viewer alone. No viewer (a visitor): nobody. Uncorrelated, so the planner
 * reads his favorites once into a hashed subplan, not once per member (a page of 50 stars, a filtered scan of 2,000).
 */
export const starredBySql = (viewerId: string | null, memberId: SQL): SQL =>
  viewerId === null
    ? sql`false`
    : sql`(${memberId} IN (SELECT fav.favorite_id FROM favorites fav WHERE fav.member_id = ${viewerId}::uuid))`;
