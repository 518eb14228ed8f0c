import { and, eq, sql } from "drizzle-orm";
import {
  FAVORITES_MAX,
  SIGNALS_LIST_MAX,
  TAPS_KEPT_DAYS,
  VIEWED_ME_DAYS,
  type Favorite,
  type ProfileSignals,
  type ProfileView,
  type ReceivedTap,
  type TapKind,
  type ViewedMe,
} from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { favorites, profileViews, taps, users } from "../db/schema";
import { notBlockedWithSql } from "../policy/blocks";
import { leavesTrace, leavesTraceSql, listedInSignalsSql, recentViewSql, starredBySql } from "../policy/signals";
import { memberColumnsSql, memberJoinsSql } from "../users/members";
import { toNearbyUser, type MemberRow } from "../users/nearby";
import type { SessionUserRow } from "../auth/sessions";

/** Taps, favorites and "viewed me" (issue 38, decisions/0043). All SQL of signals lives here. */

const keptTapsSql = (t = "t") => sql`${sql.raw(t)}.created_at > now() - make_interval(days => ${TAPS_KEPT_DAYS})`;
const todaySql = sql`(now() AT TIME ZONE 'UTC')::date`;
/** A listed member's row (memberColumnsSql) and the list's own columns. */
type Listed<T> = MemberRow & T & Record<string, unknown>;
type Me = Pick<SessionUserRow, "id" | "age" | "interests">;
const asMember = (r: MemberRow, me: Me, now: number) => toNearbyUser(r, { age: me.age, interests: me.interests }, now);

/** Whether he already sent this member this kind of tap today (the taps table's primary key). */
export async function tappedToday(db: Db, senderId: string, receiverId: string, kind: TapKind): Promise<boolean> {
  const [row] = await queryRows<{ sent: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM taps t WHERE t.sender_id = ${senderId}::uuid AND t.receiver_id = ${receiverId}::uuid
                       AND t.kind = ${kind} AND t.day = ${todaySql}) AS sent`,
  );
  return Boolean(row?.sent);
}

/**
 * Stores a tap (one per kind per member a day: `added` false when this one was already sent today)
 * and tells whether it made a match now: he had tapped me within TAPS_KEPT_DAYS and this is my first
 * tap to him in that time.
 */
export async function sendTap(
  db: Db,
  senderId: string,
  receiverId: string,
  kind: TapKind,
): Promise<{ added: boolean; match: boolean; newMatch: boolean }> {
  const [before] = await queryRows<{ sent: boolean; received: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM taps t WHERE t.sender_id = ${senderId}::uuid AND t.receiver_id = ${receiverId}::uuid AND ${keptTapsSql()}) AS sent,
               EXISTS (SELECT 1 FROM taps t WHERE t.sender_id = ${receiverId}::uuid AND t.receiver_id = ${senderId}::uuid AND ${keptTapsSql()}) AS received`,
  );
  const added = await db
    .insert(taps)
    .values({ senderId, receiverId, kind })
    .onConflictDoNothing()
    .returning({ kind: taps.kind });
  const match = Boolean(before?.received);
  return { added: added.length > 0, match, newMatch: match && added.length > 0 && !before?.sent };
}

/** The taps I received in the last TAPS_KEPT_DAYS, one row per member (newest first), from members I may see. */
export async function tapsTo(db: Db, me: Me): Promise<ReceivedTap[]> {
  const rows = await queryRows<Listed<{ kinds: TapKind[]; at: Date; match: boolean; sent_today: TapKind[] }>>(
    db,
    sql`SELECT ${memberColumnsSql(me.id)}, r.kinds, r.at,
               EXISTS (SELECT 1 FROM taps t WHERE t.sender_id = ${me.id}::uuid AND t.receiver_id = u.id AND ${keptTapsSql()}) AS match,
               ARRAY(SELECT t.kind FROM taps t WHERE t.sender_id = ${me.id}::uuid AND t.receiver_id = u.id AND t.day = ${todaySql} ORDER BY t.kind) AS sent_today
        FROM (SELECT t.sender_id, array_agg(DISTINCT t.kind) AS kinds, max(t.created_at) AS at
              FROM taps t WHERE t.receiver_id = ${me.id}::uuid AND ${keptTapsSql()} GROUP BY t.sender_id) r
        JOIN users u ON u.id = r.sender_id
        ${memberJoinsSql(me.id)}
        WHERE ${listedInSignalsSql(me.id)}
        ORDER BY r.at DESC LIMIT ${SIGNALS_LIST_MAX}`,
  );
  const now = Date.now();
  return rows.map((r) => ({
    member: asMember(r, me, now),
    kinds: r.kinds,
    at: new Date(r.at).toISOString(),
    match: Boolean(r.match),
    sentToday: r.sent_today,
  }));
}

/** What a profile says of the signals between me and him. */
export async function profileSignals(db: Db, meId: string, otherId: string): Promise<ProfileSignals> {
  const [row] = await queryRows<{ favorite: boolean; sent_today: TapKind[]; match: boolean }>(
    db,
    sql`SELECT ${starredBySql(meId, sql`${otherId}::uuid`)} AS favorite,
               ARRAY(SELECT t.kind FROM taps t WHERE t.sender_id = ${meId}::uuid AND t.receiver_id = ${otherId}::uuid AND t.day = ${todaySql} ORDER BY t.kind) AS sent_today,
               (EXISTS (SELECT 1 FROM taps t WHERE t.sender_id = ${meId}::uuid AND t.receiver_id = ${otherId}::uuid AND ${keptTapsSql()})
                AND EXISTS (SELECT 1 FROM taps t WHERE t.sender_id = ${otherId}::uuid AND t.receiver_id = ${meId}::uuid AND ${keptTapsSql()})) AS match`,
  );
  return { isFavorite: Boolean(row?.favorite), tapsSentToday: row?.sent_today ?? [], match: Boolean(row?.match) };
}

/** How many favorites he keeps. */
export async function favoriteCount(db: Db, meId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM favorites WHERE member_id = ${meId}::uuid`,
  );
  return Number(row?.n ?? 0);
}

/** Stars or unstars a member; false when starring would pass FAVORITES_MAX (nothing stored). */
export async function setFavorite(db: Db, meId: string, otherId: string, on: boolean): Promise<boolean> {
  if (!on) {
    await db.delete(favorites).where(and(eq(favorites.memberId, meId), eq(favorites.favoriteId, otherId)));
    return true;
  }
  // One statement: the count and the insert together, so two taps at once cannot pass the cap.
  await queryRows(
    db,
    sql`INSERT INTO favorites (member_id, favorite_id)
        SELECT ${meId}::uuid, ${otherId}::uuid
        WHERE (SELECT count(*) FROM favorites WHERE member_id = ${meId}::uuid) < ${FAVORITES_MAX}
        ON CONFLICT DO NOTHING`,
  );
  const [row] = await queryRows<{ kept: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM favorites WHERE member_id = ${meId}::uuid AND favorite_id = ${otherId}::uuid) AS kept`,
  );
  return Boolean(row?.kept);
}

/** The members I starred (newest first) whom I may see. */
export async function favoritesOf(db: Db, me: Me): Promise<Favorite[]> {
  const rows = await queryRows<Listed<{ at: Date }>>(
    db,
    sql`SELECT ${memberColumnsSql(me.id)}, f.created_at AS at
        FROM favorites f JOIN users u ON u.id = f.favorite_id
        ${memberJoinsSql(me.id)}
        WHERE f.member_id = ${me.id}::uuid AND ${listedInSignalsSql(me.id)}
        ORDER BY f.created_at DESC LIMIT ${SIGNALS_LIST_MAX}`,
  );
  const now = Date.now();
  return rows.map((r) => ({ member: asMember(r, me, now), at: new Date(r.at).toISOString() }));
}

/** Notes his visit to another's profile (his latest), unless he leaves no trace (private mode, or turned off). */
export async function recordProfileView(
  db: Db,
  viewer: Pick<SessionUserRow, "id" | "privateMode" | "leavesTrace">,
  viewedId: string,
): Promise<void> {
  if (viewer.id === viewedId || !leavesTrace(viewer)) return;
  await db
    .insert(profileViews)
    .values({ viewerId: viewer.id, viewedId })
    .onConflictDoUpdate({ target: [profileViews.viewerId, profileViews.viewedId], set: { viewedAt: sql`now()` } });
}

/**
 * Who opened my profile in the last VIEWED_ME_DAYS (newest first): members I may see who, now,
 * leave a trace (not in private mode, not turned off). A member who leaves none himself sees nobody.
 */
export async function viewsOf(db: Db, me: Me & Pick<SessionUserRow, "leavesTrace">): Promise<ViewedMe> {
  if (!me.leavesTrace) return { leavesTrace: false, views: [] };
  const rows = await queryRows<Listed<{ at: Date }>>(
    db,
    sql`SELECT ${memberColumnsSql(me.id)}, pv.viewed_at AS at
        FROM profile_views pv JOIN users u ON u.id = pv.viewer_id
        ${memberJoinsSql(me.id)}
        WHERE pv.viewed_id = ${me.id}::uuid AND ${recentViewSql()} AND ${leavesTraceSql()} AND ${listedInSignalsSql(me.id)}
        ORDER BY pv.viewed_at DESC LIMIT ${SIGNALS_LIST_MAX}`,
  );
  const now = Date.now();
  return {
    leavesTrace: true,
    views: rows.map((r): ProfileView => ({ member: asMember(r, me, now), at: new Date(r.at).toISOString() })),
  };
}

/** Turns his trace on or off; off also removes the traces he left (he is gone from every "viewed me" at once). */
export async function setLeavesTrace(db: Db, meId: string, on: boolean): Promise<void> {
  await db.update(users).set({ leavesTrace: on }).where(eq(users.id, meId));
  if (!on) await db.delete(profileViews).where(eq(profileViews.viewerId, meId));
}

/** Taps older than TAPS_KEPT_DAYS and visits older than VIEWED_ME_DAYS go. */
export async function sweepSignals(db: Db): Promise<void> {
  await queryRows(db, sql`DELETE FROM taps t WHERE NOT ${keptTapsSql()}`);
  await queryRows(
    db,
    sql`DELETE FROM profile_views pv WHERE pv.viewed_at <= now() - make_interval(days => ${VIEWED_ME_DAYS})`,
  );
}

/** A member's signals for his data export: taps he sent and received, his favorites, his visits. */
export async function signalsExportOf(db: Db, meId: string) {
  const [sent, received, starred, visits] = await Promise.all([
    queryRows<{ username: string; kind: string; at: Date }>(
      db,
      sql`SELECT u.username, t.kind, t.created_at AS at FROM taps t JOIN users u ON u.id = t.receiver_id
          WHERE t.sender_id = ${meId}::uuid ORDER BY t.created_at`,
    ),
    queryRows<{ username: string; kind: string; at: Date }>(
      db,
      sql`SELECT u.username, t.kind, t.created_at AS at FROM taps t JOIN users u ON u.id = t.sender_id
          WHERE t.receiver_id = ${meId}::uuid AND ${notBlockedWithSql(meId, sql`t.sender_id`)} ORDER BY t.created_at`,
    ),
    queryRows<{ username: string; at: Date }>(
      db,
      sql`SELECT u.username, f.created_at AS at FROM favorites f JOIN users u ON u.id = f.favorite_id
          WHERE f.member_id = ${meId}::uuid ORDER BY f.created_at`,
    ),
    queryRows<{ username: string; at: Date }>(
      db,
      sql`SELECT u.username, pv.viewed_at AS at FROM profile_views pv JOIN users u ON u.id = pv.viewed_id
          WHERE pv.viewer_id = ${meId}::uuid ORDER BY pv.viewed_at`,
    ),
  ]);
  const iso = <T extends { at: Date }>(rows: T[]) => rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
  return {
    tapsSent: iso(sent),
    tapsReceived: iso(received),
    favorites: iso(starred),
    profilesViewed: iso(visits),
  };
}
