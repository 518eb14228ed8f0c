import { sql, type SQL } from "drizzle-orm";
import { MAP_STALE_HOURS } from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { notBlockedWithSql } from "./blocks";

/**
 * Who a member is to the others, written once (decisions.md, "Visibility modes on every surface").
 * Each rule has its SQL helper (for queries over many members) and its plain function (for a row in
 * hand) side by side; the table test (visibility.test.ts) holds every surface to them.
 */

/** Suspended members are absent everywhere. `u` is the users row's alias. */
export const activeSql = (u = "u"): SQL => sql`${sql.raw(u)}.suspended_at IS NULL`;
export const isActive = (user: { suspendedAt: Date | null }): boolean => user.suspendedAt === null;

/** How a member appears: a marker and his distance; only inside a crowd; not at all (private mode). */
export type Appearance = "shown" | "crowd" | "hidden";

export function appearanceOf(user: { privateMode: boolean; mapVisibility: "shown" | "crowd" }): Appearance {
  if (user.privateMode) return "hidden";
  return user.mapVisibility === "crowd" ? "crowd" : "shown";
}

export const appearanceSql = (u = "u"): SQL => {
  const t = sql.raw(u);
  return sql`(CASE WHEN ${t}.private_mode THEN 'hidden' WHEN ${t}.map_visibility = 'crowd' THEN 'crowd' ELSE 'shown' END)`;
};

/**
 * His distance is shown only when he is "shown": "in a crowd only" is private mode everywhere but
 * the map (nearby grid, profile, distance, order). locations.distance_hidden mirrors it (triggers of
 * migration 0017), so the nearby search finds those who hide it through their own index.
 */
export const showsDistance = (appearance: Appearance): boolean => appearance === "shown";
export const distanceHiddenSql = (u = "u"): SQL =>
  sql`(${sql.raw(u)}.private_mode OR ${sql.raw(u)}.map_visibility = 'crowd')`;

/** On the map at all (a marker or a crowd): not in private mode, his position fresher than MAP_STALE_HOURS. `l` is his locations row. */
export const onMapSql = (u = "u", l = "l"): SQL => sql`NOT ${sql.raw(u)}.private_mode AND ${freshPositionSql(l)}`;

/**
 * Only established shown members count toward a crowd-only member's crowd of MAP_CROWD_MIN: accounts
 * older than ESTABLISHED_ACCOUNT_DAYS whose snapped position has held ESTABLISHED_POSITION_HOURS.
 * Fresh accounts planted in his cell cannot make him appear alone.
 */
export const ESTABLISHED_ACCOUNT_DAYS = 7;
export const ESTABLISHED_POSITION_HOURS = 1;

export const establishedShownSql = (u = "u", l = "l"): SQL => {
  const [t, p] = [sql.raw(u), sql.raw(l)];
  return sql`(NOT ${t}.private_mode AND ${t}.map_visibility = 'shown'
    AND ${t}.created_at < now() - make_interval(days => ${ESTABLISHED_ACCOUNT_DAYS})
    AND ${p}.held_since < now() - make_interval(hours => ${ESTABLISHED_POSITION_HOURS}))`;
};

export function isEstablishedShown(
  member: { appearance: Appearance; createdAt: Date; heldSince: Date },
  now: number,
): boolean {
  return (
    member.appearance === "shown" &&
    member.createdAt.getTime() < now - ESTABLISHED_ACCOUNT_DAYS * 86_400_000 &&
    member.heldSince.getTime() < now - ESTABLISHED_POSITION_HOURS * 3_600_000
  );
}

/**
 * Another member as a viewer may see him at all: active, not the viewer himself, no block either
 * way with the viewer (a member, or the member last signed in on a visitor's browser).
 */
export function seenBySql(viewerId: string | null, u = "u"): SQL {
  const id = sql.raw(`${u}.id`);
  return viewerId
    ? sql`${activeSql(u)} AND ${id} <> ${viewerId}::uuid AND ${notBlockedWithSql(viewerId, id)}`
    : activeSql(u);
}

/** Stale members (no position for MAP_STALE_HOURS) are absent from every place-based surface (nearby, map). `l` is his locations row. */
export const freshPositionSql = (l = "l"): SQL =>
  sql`${sql.raw(l)}.updated_at > now() - make_interval(hours => ${MAP_STALE_HOURS})`;

/**
 * Who is told when a member comes online or goes (userOnlineStatusUpdate): those he has a
 * conversation with (his inbox and chats are where his presence shows), none in a block with him.
 * Not every open socket: a broadcast to all made every sign-in cost as many frames as members
 * online (docs/decisions/0037).
 */
export async function presenceAudienceOf(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT DISTINCT peer.user_id AS id
        FROM conversation_participants mine
        JOIN conversation_participants peer ON peer.conversation_id = mine.conversation_id AND peer.user_id <> mine.user_id
        WHERE mine.user_id = ${userId}::uuid AND ${notBlockedWithSql(userId, sql`peer.user_id`)}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Live pushes about a member (his presence to his conversations' members; decisions.md: "live pushes about him")
 * only while he is shown and active: crowd-only members are news only as a crowd count, hidden and
 * suspended ones never.
 */
export async function pushesAbout(db: Db, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ appearance: Appearance }>(
    db,
    sql`SELECT ${appearanceSql()} AS appearance FROM users u WHERE u.id = ${userId}::uuid AND ${activeSql()}`,
  );
  return row?.appearance === "shown";
}
