import { sql, type SQL } from "drizzle-orm";
import type { NearbyQuery, NearbySort, NearbyUser } from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { displayKm } from "../location/privacy-grid";
import { onlineNowSql } from "../realtime/presence";
import { compatibility, type MatchProfile } from "./compatibility";
import type { Sealer } from "../http/sealed";
import { blockedEitherWay } from "./blocks";

/**
 * Members in private mode are never placed by distance (issue 18, item 3): they are found when the
 * centre of their 5 km cell lies within the radius, never less than 25 km, and they come after
 * everyone who shows his distance, in an order that says nothing about it. Bisecting the radius,
 * reading the order or moving the centre tells at best which 5 km cell he is in.
 */
export const PRIVATE_MODE_MIN_RADIUS_KM = 25;
export const PRIVATE_MODE_CELL_METERS = 5000;

/** "Best match" ranks the nearest this many members in the radius by score (decisions.md). */
export const BEST_MATCH_POOL = 500;

/** The columns of a member as another member sees him. */
interface MemberFields {
  id: string;
  username: string;
  display_name: string | null;
  first_name: string | null;
  age: number | null;
  bio: string | null;
  interests: string[] | string;
  body_type: string | null;
  position: string | null;
  profile_image_url: string | null;
  private_mode: boolean;
  right_now_note: string | null;
  right_now_until: string | Date | null;
  is_online: boolean;
}

interface NearbyRow extends MemberFields, Record<string, unknown> {
  /** Null for members in private mode: their distance is never selected. */
  meters: number | null;
  knn: number | null;
}

/** Where a page of nearby members ends (sealed into the opaque cursor, issue 18 item 3). */
export type NearbyPosition =
  /** Members who show their distance, after this index distance. */
  | { phase: "public"; knn: number }
  /** Then members in private mode, in id order (nothing about their distance), after this id. */
  | { phase: "private"; id: string | null }
  /** "Best match": how many of the ranked pool were already sent. */
  | { phase: "best"; offset: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor for a position: sealed, so it reveals no distance and cannot be made up. */
export function encodeCursor(sealer: Sealer, position: NearbyPosition): string {
  return sealer.seal(position);
}

/** The position a cursor names, null without one, "invalid" for anything we did not make for this sort. */
export function decodeCursor(sealer: Sealer, cursor: string | undefined, sort: NearbySort = "nearest"): NearbyPosition | null | "invalid" {
  if (!cursor) return null;
  const value = sealer.open(cursor) as Partial<Record<string, unknown>> | null;
  if (!value || typeof value !== "object") return "invalid";
  if (sort === "best") {
    const offset = value.offset;
    if (value.phase !== "best" || typeof offset !== "number" || !Number.isInteger(offset) || offset < 0 || offset > 2 * BEST_MATCH_POOL) return "invalid";
    return { phase: "best", offset };
  }
  if (value.phase === "public" && typeof value.knn === "number" && Number.isFinite(value.knn) && value.knn >= 0) return { phase: "public", knn: value.knn };
  if (value.phase === "private" && (value.id === null || (typeof value.id === "string" && UUID.test(value.id)))) return { phase: "private", id: value.id };
  return "invalid";
}

function toArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  // node-postgres returns text[] as an array; guard for a "{a,b}" literal anyway.
  return value.replace(/^\{|\}$/g, "").split(",").filter(Boolean).map((s) => s.replace(/^"|"$/g, ""));
}

export type NearbySearch = Omit<NearbyQuery, "sort" | "rightNow" | "cursor"> &
  Partial<Pick<NearbyQuery, "sort" | "rightNow">> & {
    /** Whose blocks hide members from this search: the member, or the member last signed in on this browser. */
    viewerId: string | null;
    /** The signed-in member's own profile: his score with each member. Null for visitors and guests. */
    viewer?: MatchProfile | null;
    /** The index distance of the last public member already sent. */
    after: number | null;
  };

function viewerFilter(viewer: string | null): SQL {
  return viewer ? sql`AND u.id <> ${viewer}::uuid AND NOT ${blockedEitherWay(sql`${viewer}::uuid`, sql`u.id`)}` : sql``;
}

/**
 * Who another member may be shown to a viewer, written once for nearby and the map (issue 10,
 * item 8): not suspended, not in private mode, not himself, no block either way. `u` is the users
 * row and `l` his locations row.
 */
export function shownMemberSql(viewer: string | null): SQL {
  return sql`u.suspended_at IS NULL AND NOT l.private_mode ${viewerFilter(viewer)}`;
}

/**
 * The nearby SQL, from privacy-snapped positions only (decisions.md 6). Exported for EXPLAIN in
 * bench/nearby.
 *
 * The inner query walks the GiST index on locations.snapped_earth (ll_to_earth of the snapped
 * position, a stored column) in distance order (cube's <-> operator, a nearest-neighbour index
 * scan) and stops after `limit + 1` members that pass the other filters, so it reads about `limit`
 * rows however many members there are. The radius is applied outside, to those rows: distance
 * order makes "nearest n, then within the radius" the same set as "within the radius, then
 * nearest n". (With the radius as an index condition inside, the planner estimates earth_box's
 * selectivity at a fixed 0.1% and prefers a bitmap scan of every member in the box plus a sort:
 * over a second for a city of 100k members instead of about 2 ms; see bench/nearby.) A cursor
 * beyond the radius matches no one: the one-time check on `after` then skips the scan instead of
 * walking the whole index.
 *
 * `knn` is cube_distance (the <-> operator) and earth_distance(a, b) is by definition
 * sec_to_gc(cube_distance(a, b)), so the metres and the radius test are earth_distance's very
 * figures.
 */
export function nearbySql(query: NearbySearch): SQL {
  const radiusM = query.radius * 1000;
  const center = sql`ll_to_earth(${query.latitude}::float8, ${query.longitude}::float8)`;
  const point = sql`l.snapped_earth`;
  const viewer = query.viewerId;
  // (Only members who show their distance: those in private mode are found by privateNearbySql.)
  return sql`
    SELECT nearest.id, nearest.username, nearest.display_name, nearest.first_name, nearest.age, nearest.bio,
           nearest.interests, nearest.body_type, nearest.position, nearest.profile_image_url, nearest.private_mode,
           nearest.right_now_note, nearest.right_now_until, nearest.is_online, sec_to_gc(nearest.knn) AS meters, nearest.knn
    FROM (
      SELECT u.id, u.username, u.display_name, u.first_name, u.age, u.bio, u.interests, u.body_type, u.position,
             u.profile_image_url, u.private_mode, u.right_now_note, u.right_now_until,
             ${onlineNowSql()} AS is_online,
             l.snapped_earth,
             (${point} <-> ${center}) AS knn
      FROM locations l
      JOIN users u ON u.id = l.user_id
      LEFT JOIN presence p ON p.user_id = u.id
      WHERE ${shownMemberSql(viewer)}
        ${query.rightNow ? sql`AND u.right_now_until > now() AND u.right_now_note IS NOT NULL` : sql``}
        ${query.after === null ? sql`` : sql`AND (${point} <-> ${center}) > ${query.after}::float8 AND sec_to_gc(${query.after}::float8) <= ${radiusM}::float8`}
      ORDER BY knn
      LIMIT ${query.limit + 1}
    ) nearest
    WHERE earth_box(${center}, ${radiusM}::float8) @> nearest.snapped_earth
      AND sec_to_gc(nearest.knn) <= ${radiusM}::float8
    ORDER BY nearest.knn
  `;
}

/**
 * Members in private mode near a point, in id order after `afterId`: found by the centre of their
 * 5 km cell (computed from the snapped position, so the same for every query), within the radius but
 * never less than PRIVATE_MODE_MIN_RADIUS_KM. No distance is selected: nothing can leak it.
 */
export function privateNearbySql(query: NearbySearch, afterId: string | null, limit: number): SQL {
  const radiusM = Math.max(query.radius, PRIVATE_MODE_MIN_RADIUS_KM) * 1000;
  const center = sql`ll_to_earth(${query.latitude}::float8, ${query.longitude}::float8)`;
  const cellLat = PRIVATE_MODE_CELL_METERS / 111_320;
  const cellLon = sql`(${cellLat}::float8 / cos(radians(greatest(-89.9, least(89.9, c.cell_lat)))))`;
  return sql`
    SELECT c.id, c.username, c.display_name, c.first_name, c.age, c.bio, c.interests, c.body_type, c.position,
           c.profile_image_url, c.private_mode, c.right_now_note, c.right_now_until, c.is_online, NULL::float8 AS meters, NULL::float8 AS knn
    FROM (
      SELECT u.id, u.username, u.display_name, u.first_name, u.age, u.bio, u.interests, u.body_type, u.position,
             u.profile_image_url, u.private_mode, u.right_now_note, u.right_now_until,
             ${onlineNowSql()} AS is_online,
             (floor(l.snapped_latitude / ${cellLat}::float8) + 0.5) * ${cellLat}::float8 AS cell_lat,
             l.snapped_longitude AS lon
      FROM locations l
      JOIN users u ON u.id = l.user_id
      LEFT JOIN presence p ON p.user_id = u.id
      -- l.private_mode (a mirror of u.private_mode) matches the partial GiST index of private members.
      WHERE l.private_mode AND u.suspended_at IS NULL
        AND earth_box(${center}, ${radiusM + 2 * PRIVATE_MODE_CELL_METERS}::float8) @> l.snapped_earth
        ${query.rightNow ? sql`AND u.right_now_until > now() AND u.right_now_note IS NOT NULL` : sql``}
        ${afterId ? sql`AND u.id > ${afterId}::uuid` : sql``}
        ${viewerFilter(query.viewerId)}
    ) c
    WHERE earth_distance(ll_to_earth(c.cell_lat, (floor(c.lon / ${cellLon}) + 0.5) * ${cellLon}), ${center}) <= ${radiusM}::float8
    ORDER BY c.id
    LIMIT ${limit}
  `;
}

/** A member's row as another member sees him; `meters` null when either position is unknown. */
export type MemberRow = MemberFields & { meters: number | null };

export function toNearbyUser(r: MemberRow, viewer: MatchProfile | null | undefined, now: number): NearbyUser {
  const until = r.right_now_until ? new Date(r.right_now_until) : null;
  const interests = toArray(r.interests);
  const distance = r.private_mode || r.meters === null ? null : displayKm(Number(r.meters));
  return {
    id: r.id,
    username: r.username,
    displayName: r.display_name,
    firstName: r.first_name,
    age: r.age,
    bio: r.bio,
    interests,
    bodyType: r.body_type,
    role: r.position,
    profileImageUrl: r.profile_image_url,
    isOnline: Boolean(r.is_online),
    distance,
    distanceHidden: Boolean(r.private_mode),
    rightNow: r.right_now_note && until && until.getTime() > now ? { note: r.right_now_note, until: until.toISOString() } : null,
    compatibility: viewer ? compatibility(viewer, { age: r.age, interests }, distance) : null,
  };
}

/**
 * Members near a point: those who show their distance nearest first, then those in private mode
 * (one page of `limit`, and the sealed cursor of the next); or, for "best match", the nearest
 * BEST_MATCH_POOL ranked by score (ties: nearer first, private mode last, then by id).
 */
export async function findNearby(
  db: Db,
  sealer: Sealer,
  search: Omit<NearbySearch, "after">,
  position: NearbyPosition | null,
): Promise<{ users: NearbyUser[]; nextCursor: string | null }> {
  const now = Date.now();
  const query: NearbySearch = { ...search, after: null };
  if (query.sort === "best" && query.viewer) {
    const offset = position?.phase === "best" ? position.offset : 0;
    const shown = await queryRows<NearbyRow>(db, nearbySql({ ...query, limit: BEST_MATCH_POOL - 1 }));
    const hidden = await queryRows<NearbyRow>(db, privateNearbySql(query, null, BEST_MATCH_POOL));
    const ranked = [...shown, ...hidden]
      .map((row) => ({ row, user: toNearbyUser(row, query.viewer, now), knn: row.knn === null ? Infinity : Number(row.knn) }))
      .sort((a, b) => (b.user.compatibility?.score ?? 0) - (a.user.compatibility?.score ?? 0) || a.knn - b.knn || a.row.id.localeCompare(b.row.id));
    const page = ranked.slice(offset, offset + query.limit).map((r) => r.user);
    const next = offset + query.limit;
    return { users: page, nextCursor: next < ranked.length ? encodeCursor(sealer, { phase: "best", offset: next }) : null };
  }

  const rows: NearbyRow[] = [];
  let next: NearbyPosition | null = null;
  if (position === null || position.phase === "public") {
    const shown = await queryRows<NearbyRow>(db, nearbySql({ ...query, after: position?.knn ?? null }));
    rows.push(...shown.slice(0, query.limit));
    const last = rows[rows.length - 1];
    if (shown.length > query.limit && last) next = { phase: "public", knn: Number(last.knn) };
  }
  if (next === null) {
    // The page is not full of members who show their distance: those in private mode follow.
    const afterId = position?.phase === "private" ? position.id : null;
    const room = query.limit - rows.length;
    const hidden = await queryRows<NearbyRow>(db, privateNearbySql(query, afterId, room + 1));
    rows.push(...hidden.slice(0, room));
    if (hidden.length > room) next = { phase: "private", id: room > 0 ? (hidden[room - 1]?.id ?? null) : afterId };
  }
  return { users: rows.map((r) => toNearbyUser(r, query.viewer, now)), nextCursor: next ? encodeCursor(sealer, next) : null };
}
