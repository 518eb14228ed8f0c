import { sql, type SQL } from "drizzle-orm";
import type { NearbyQuery, NearbySort, NearbyUser } from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { displayKm } from "../location/privacy-grid";
import { ONLINE_WINDOW_MS } from "../realtime/presence";
import { compatibility, type MatchProfile } from "./compatibility";

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
  meters: number;
  knn: number;
}

/**
 * The page cursor, opaque to clients: for "nearest", the index distance of the last member
 * returned (keyset paging); for "best match", how many of the ranked pool were already sent.
 */
export function encodeCursor(knn: number): string {
  return Buffer.from(JSON.stringify({ k: knn })).toString("base64url");
}

export function encodeBestCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString("base64url");
}

function readCursor(cursor: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function decodeCursor(cursor: string | undefined, sort: NearbySort = "nearest"): number | null | "invalid" {
  if (!cursor) return null;
  const parsed = readCursor(cursor);
  const value = parsed?.[sort === "best" ? "o" : "k"];
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return "invalid";
  if (sort === "best" && (!Number.isInteger(value) || value > BEST_MATCH_POOL)) return "invalid";
  return value;
}

function toArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  // node-postgres returns text[] as an array; guard for a "{a,b}" literal anyway.
  return value.replace(/^\{|\}$/g, "").split(",").filter(Boolean).map((s) => s.replace(/^"|"$/g, ""));
}

export type NearbySearch = Omit<NearbyQuery, "sort" | "rightNow" | "cursor"> &
  Partial<Pick<NearbyQuery, "sort" | "rightNow">> & {
    viewerId: string | null;
    /** The signed-in member's own profile: his score with each member. Null for visitors and guests. */
    viewer?: MatchProfile | null;
    after: number | null;
  };

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
  return sql`
    SELECT nearest.id, nearest.username, nearest.display_name, nearest.first_name, nearest.age, nearest.bio,
           nearest.interests, nearest.body_type, nearest.position, nearest.profile_image_url, nearest.private_mode,
           nearest.right_now_note, nearest.right_now_until, nearest.is_online, sec_to_gc(nearest.knn) AS meters, nearest.knn
    FROM (
      SELECT u.id, u.username, u.display_name, u.first_name, u.age, u.bio, u.interests, u.body_type, u.position,
             u.profile_image_url, u.private_mode, u.right_now_note, u.right_now_until,
             coalesce(p.status <> 'offline' AND p.last_seen_at > now() - make_interval(secs => ${ONLINE_WINDOW_MS / 1000}), false) AS is_online,
             l.snapped_earth,
             (${point} <-> ${center}) AS knn
      FROM locations l
      JOIN users u ON u.id = l.user_id
      LEFT JOIN presence p ON p.user_id = u.id
      WHERE u.suspended_at IS NULL
        ${query.rightNow ? sql`AND u.right_now_until > now() AND u.right_now_note IS NOT NULL` : sql``}
        ${query.after === null ? sql`` : sql`AND (${point} <-> ${center}) > ${query.after}::float8 AND sec_to_gc(${query.after}::float8) <= ${radiusM}::float8`}
        ${
          viewer
            ? sql`AND u.id <> ${viewer}::uuid
                  AND NOT EXISTS (SELECT 1 FROM blocks b
                                  WHERE (b.blocker_id = ${viewer}::uuid AND b.blocked_id = u.id)
                                     OR (b.blocker_id = u.id AND b.blocked_id = ${viewer}::uuid))`
            : sql``
        }
      ORDER BY knn
      LIMIT ${query.limit + 1}
    ) nearest
    WHERE earth_box(${center}, ${radiusM}::float8) @> nearest.snapped_earth
      AND sec_to_gc(nearest.knn) <= ${radiusM}::float8
    ORDER BY nearest.knn
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
 * Members near a point: nearest first (one page of `limit`, and the cursor of the next), or, for
 * "best match", the nearest BEST_MATCH_POOL ranked by score (ties: nearer first, then by id).
 */
export async function findNearby(db: Db, query: NearbySearch): Promise<{ users: NearbyUser[]; nextCursor: string | null }> {
  const now = Date.now();
  if (query.sort === "best" && query.viewer) {
    const offset = query.after ?? 0;
    const pool = await queryRows<NearbyRow>(db, nearbySql({ ...query, after: null, limit: BEST_MATCH_POOL - 1 }));
    const ranked = pool
      .map((row) => ({ row, user: toNearbyUser(row, query.viewer, now) }))
      .sort((a, b) => (b.user.compatibility?.score ?? 0) - (a.user.compatibility?.score ?? 0) || Number(a.row.knn) - Number(b.row.knn) || a.row.id.localeCompare(b.row.id));
    const page = ranked.slice(offset, offset + query.limit).map((r) => r.user);
    const next = offset + query.limit;
    return { users: page, nextCursor: next < ranked.length ? encodeBestCursor(next) : null };
  }
  const rows = await queryRows<NearbyRow>(db, nearbySql(query));
  const page = rows.slice(0, query.limit);
  const users = page.map((r) => toNearbyUser(r, query.viewer, now));
  const last = page[page.length - 1];
  return { users, nextCursor: rows.length > query.limit && last ? encodeCursor(Number(last.knn)) : null };
}
