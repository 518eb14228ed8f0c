import { sql, type SQL } from "drizzle-orm";
import { type MemberFilters, type NearbyQuery, type NearbySort, type NearbyUser } from "@vicinity/contract";
import { preparedRows, type Db } from "../db/database";
import { displayKm } from "../location/privacy-grid";
import { onlineNowSql } from "../presence/presence";
import { memberFiltersSql } from "./member-filters";
import { compatibility, type MatchProfile } from "./compatibility";
import type { Sealer } from "../http/sealed";
import { freshPositionSql, seenBySql } from "../policy/members";
import { starredBySql } from "../policy/signals";

/**
 * Members who hide their distance (private mode, and "in a crowd only", which is private mode
 * everywhere but the map: policy/members.ts) are never placed by distance: they are found when the
 * centre of their 5 km cell lies within the radius, never less than 25 km, and they come after
 * everyone who shows his distance, in an order that says nothing about it. Bisecting the radius,
 * reading the order or moving the centre tells at best which 5 km cell he is in.
 */
export const PRIVATE_MODE_MIN_RADIUS_KM = 25;
export const PRIVATE_MODE_CELL_METERS = 5000;

/** "Best match" ranks the nearest this many members in the radius by score (decisions.md). */
export const BEST_MATCH_POOL = 500;

/**
 * A filtered search (MemberFilters, docs/decisions/0041) picks its matches among the nearest this many members in the
 * radius who show their distance, as the peers filter their grid of the nearest few hundred (Grindr's cascade: 600): the
 * nearest-neighbour scan reads at most this many rows however rare the match (a filter nobody passes would otherwise
 * walk the whole index, a million rows). bench/nearby at 1M members: 5,000 read in about 90 ms, 2,000 in about 35.
 */
export const FILTER_POOL = 2000;

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
  distance_hidden: boolean;
  right_now_note: string | null;
  right_now_until: string | Date | null;
  is_online: boolean;
}

/**
 * A row of the nearby queries: what depends on the moment, the viewer or the position. The rest of
 * the member (his profile) comes from the per-node cache below, by the row's version.
 */
interface NearbyRow extends Record<string, unknown> {
  id: string;
  /** The users row's version (its xmin): any change to the row changes it. */
  version: string;
  distance_hidden: boolean;
  right_now_note: string | null;
  right_now_until: string | Date | null;
  is_online: boolean;
  /** Null for members who hide their distance: it is never selected. */
  meters: number | null;
  knn: number | null;
  /** He is among the viewer's favorites (the grid's star). */
  is_favorite: boolean;
  /** Filtered searches: how many members of the pool the scan had read up to this one. */
  scanned?: number | string | null;
}

/** What a member shows everyone, whoever asks and from wherever. */
interface CachedProfile {
  version: string;
  id: string;
  username: string;
  displayName: string | null;
  firstName: string | null;
  age: number | null;
  bio: string | null;
  interests: string[];
  bodyType: string | null;
  role: string | null;
  profileImageUrl: string | null;
}

/** Profiles each node keeps (about half a kilobyte each): a city's worth. */
export const PROFILE_CACHE_MAX = 20_000;

/**
 * The profiles of members found nearby, kept per node and database: a nearby
 * answer of 50 members read and parsed every profile column of every member at every call, while a
 * profile changes seldom. The queries now select each member's row version (xmin, which any
 * UPDATE of the row changes, whoever makes it and on whichever node) and only the profiles this
 * node does not hold at that version are read, in one query. Suspension, blocks, private mode and
 * presence are decided by the queries at every call, never by the cache.
 */
const profileCaches = new WeakMap<Db, Map<string, CachedProfile>>();

/** The metres of each row from its index distance (nearbySql selects no metres). */
function withMeters(rows: NearbyRow[]): NearbyRow[] {
  for (const row of rows) row.meters = row.knn === null ? null : greatCircleOf(Number(row.knn));
  return rows;
}

async function profilesOf(db: Db, rows: readonly NearbyRow[]): Promise<Map<string, CachedProfile>> {
  let cache = profileCaches.get(db);
  if (!cache) profileCaches.set(db, (cache = new Map()));
  const missing = rows.filter((r) => cache.get(r.id)?.version !== String(r.version)).map((r) => r.id);
  if (missing.length > 0) {
    const fresh = await preparedRows<MemberFields & { version: string } & Record<string, unknown>>(
      db,
      "nearby_profiles",
      sql`SELECT u.id, u.xmin::text AS version, u.username, u.display_name, u.first_name, u.age, u.bio, u.interests,
                 u.body_type, u.position, u.profile_image_url
          FROM users u WHERE u.id = ANY(${`{${missing.join(",")}}`}::uuid[])`,
    );
    if (cache.size + fresh.length > PROFILE_CACHE_MAX) {
      // The oldest tenth goes (a Map iterates in insertion order).
      let drop = Math.ceil(PROFILE_CACHE_MAX / 10);
      for (const key of cache.keys()) {
        if (drop-- <= 0) break;
        cache.delete(key);
      }
    }
    for (const r of fresh) cache.set(r.id, profileOf(r));
  }
  return cache;
}

function profileOf(
  r: Omit<MemberFields, "distance_hidden" | "right_now_note" | "right_now_until" | "is_online"> & { version?: string },
): CachedProfile {
  return {
    version: String(r.version ?? ""),
    id: r.id,
    username: r.username,
    displayName: r.display_name,
    firstName: r.first_name,
    age: r.age,
    bio: r.bio,
    interests: toArray(r.interests),
    bodyType: r.body_type,
    role: r.position,
    profileImageUrl: r.profile_image_url,
  };
}

/** Where a page of nearby members ends (sealed into the opaque cursor: the client can neither read nor forge it). */
export type NearbyPosition =
  /** Members who show their distance, after this index distance (a filtered search: `scanned` of its pool read). */
  | { phase: "public"; knn: number; scanned?: number }
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
export function decodeCursor(
  sealer: Sealer,
  cursor: string | undefined,
  sort: NearbySort = "nearest",
): NearbyPosition | null | "invalid" {
  if (!cursor) return null;
  const value = sealer.open(cursor) as Partial<Record<string, unknown>> | null;
  if (!value || typeof value !== "object") return "invalid";
  if (sort === "best") {
    const offset = value.offset;
    if (
      value.phase !== "best" ||
      typeof offset !== "number" ||
      !Number.isInteger(offset) ||
      offset < 0 ||
      offset > 2 * BEST_MATCH_POOL
    )
      return "invalid";
    return { phase: "best", offset };
  }
  if (value.phase === "public" && typeof value.knn === "number" && Number.isFinite(value.knn) && value.knn >= 0) {
    const scanned = value.scanned;
    if (scanned === undefined) return { phase: "public", knn: value.knn };
    if (typeof scanned === "number" && Number.isInteger(scanned) && scanned >= 0 && scanned <= FILTER_POOL)
      return { phase: "public", knn: value.knn, scanned };
  }
  if (value.phase === "private" && (value.id === null || (typeof value.id === "string" && UUID.test(value.id))))
    return { phase: "private", id: value.id };
  return "invalid";
}

function toArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  // node-postgres returns text[] as an array; guard for a "{a,b}" literal anyway.
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean)
    .map((s) => s.replace(/^"|"$/g, ""));
}

export type NearbySearch = Pick<NearbyQuery, "latitude" | "longitude" | "radius" | "limit"> &
  Partial<Pick<NearbyQuery, "sort">> & {
    /** Who to show (none: everyone). */
    filters?: MemberFilters;
    /** Whose blocks hide members from this search: the member, or the member last signed in on this browser. */
    viewerId: string | null;
    /** The signed-in member's own profile: his score with each member. Null for visitors and guests. */
    viewer?: MatchProfile | null;
    /** The index distance of the last public member already sent. */
    after: number | null;
    /** A filtered search: how many members of its pool (FILTER_POOL) earlier pages read. */
    scanned?: number;
    /** The pool's size (FILTER_POOL; the tests take a smaller one). */
    pool?: number;
  };

/**
 * The members the nearby grid finds for a viewer (policy/members.ts): seen by him (active, not
 * himself, no block either way), his position fresh; those who show their distance (`hidden`
 * false) or those who hide it. `u` is the users row and `l` his locations row, whose
 * distance_hidden mirrors the rule and picks the index.
 */
function nearbyMemberSql(viewer: string | null, hidden: boolean): SQL {
  return sql`${hidden ? sql`l.distance_hidden` : sql`NOT l.distance_hidden`} AND ${seenBySql(viewer)} AND ${freshPositionSql()}`;
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
 * `knn` is cube_distance (the <-> operator), the straight-line distance through the earth, and
 * earth_distance(a, b) is by definition sec_to_gc(cube_distance(a, b)): the radius test compares
 * `knn` with the radius's chord and the metres are sec_to_gc(knn), earth_distance's very figures.
 * The centre is the cube ll_to_earth gives, computed here (earthCube): in SQL, ll_to_earth and
 * sec_to_gc are SQL functions with a domain check, evaluated again for every row of a plan
 * prepared once (bench/api measured a third of the query's time in them).
 */
export function nearbySql(query: NearbySearch): SQL {
  const chord = chordOf(query.radius * 1000);
  const [x, y, z] = earthCube(query.latitude, query.longitude);
  const center = sql`cube(ARRAY[${x}::float8, ${y}::float8, ${z}::float8])`;
  const point = sql`l.snapped_earth`;
  const viewer = query.viewerId;
  const after =
    query.after === null
      ? sql``
      : sql`AND (${point} <-> ${center}) > ${query.after}::float8 AND ${query.after}::float8 <= ${chord}::float8`;
  const filters = memberFiltersSql(query.filters, viewer);
  // (Only members who show their distance: those who hide it are found by privateNearbySql.)
  const columns = sql`u.id, u.xmin::text AS version, l.distance_hidden, u.right_now_note, u.right_now_until,
             ${onlineNowSql()} AS is_online,
             (${point} <-> ${center}) AS knn`;
  const from = sql`FROM locations l
      JOIN users u ON u.id = l.user_id
      LEFT JOIN presence p ON p.user_id = u.id
      WHERE ${nearbyMemberSql(viewer, false)}
        ${after}`;
  // Filtered: the same scan, numbered, stopped at what is left of the pool; the matches among it, nearest first.
  // The scan streams: the outer LIMIT ends it at the page's last match when matches are many.
  const scan =
    filters === null
      ? sql`SELECT ${columns} ${from} ORDER BY knn LIMIT ${query.limit + 1}`
      : sql`SELECT pool.* FROM (
          SELECT walked.*, row_number() OVER (ORDER BY walked.knn) AS scanned
          FROM (
            SELECT ${columns}, (${filters}) AS passes
            ${from}
            ORDER BY knn
            LIMIT ${Math.max(0, (query.pool ?? FILTER_POOL) - (query.scanned ?? 0))}
          ) walked
        ) pool
        WHERE pool.passes
        ORDER BY pool.knn
        LIMIT ${query.limit + 1}`;
  return sql`
    SELECT nearest.id, nearest.version, nearest.distance_hidden,
           nearest.right_now_note, nearest.right_now_until, nearest.is_online, nearest.knn,
           ${starredBySql(viewer, sql`nearest.id`)} AS is_favorite
           ${filters === null ? sql`` : sql`, nearest.scanned`}
    FROM (${scan}) nearest
    -- Within the radius: the exact great-circle test, as a chord (an earth_box test beside it was
    -- redundant).
    WHERE nearest.knn <= ${chord}::float8
    ORDER BY nearest.knn
  `;
}

/** earthdistance's earth(): the radius of its sphere in metres. */
export const EARTH_RADIUS_M = 6_378_168;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** ll_to_earth(latitude, longitude) of earthdistance, as its cube's three coordinates. */
export function earthCube(latitude: number, longitude: number): [number, number, number] {
  const lat = radians(latitude);
  const lon = radians(longitude);
  return [
    EARTH_RADIUS_M * Math.cos(lat) * Math.cos(lon),
    EARTH_RADIUS_M * Math.cos(lat) * Math.sin(lon),
    EARTH_RADIUS_M * Math.sin(lat),
  ];
}

/** gc_to_sec: the straight-line distance of two points `meters` apart on the sphere. */
export function chordOf(meters: number): number {
  return meters / (2 * EARTH_RADIUS_M) >= Math.PI / 2
    ? 2 * EARTH_RADIUS_M
    : 2 * EARTH_RADIUS_M * Math.sin(meters / (2 * EARTH_RADIUS_M));
}

/** sec_to_gc: the great-circle distance of two points a straight line of `chord` metres apart. */
export function greatCircleOf(chord: number): number {
  if (chord < 0) return 0;
  return chord / (2 * EARTH_RADIUS_M) > 1
    ? Math.PI * EARTH_RADIUS_M
    : 2 * EARTH_RADIUS_M * Math.asin(chord / (2 * EARTH_RADIUS_M));
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
  const privateFilters = memberFiltersSql(query.filters, query.viewerId);
  return sql`
    SELECT c.id, c.version, c.distance_hidden, c.right_now_note, c.right_now_until, c.is_online, NULL::float8 AS meters, NULL::float8 AS knn,
           ${starredBySql(query.viewerId, sql`c.id`)} AS is_favorite
    FROM (
      SELECT u.id, u.xmin::text AS version, l.distance_hidden, u.right_now_note, u.right_now_until,
             ${onlineNowSql()} AS is_online,
             (floor(l.snapped_latitude / ${cellLat}::float8) + 0.5) * ${cellLat}::float8 AS cell_lat,
             l.snapped_longitude AS lon
      FROM locations l
      JOIN users u ON u.id = l.user_id
      LEFT JOIN presence p ON p.user_id = u.id
      -- l.distance_hidden matches the partial GiST index of members who hide their distance.
      WHERE ${nearbyMemberSql(query.viewerId, true)}
        AND earth_box(${center}, ${radiusM + 2 * PRIVATE_MODE_CELL_METERS}::float8) @> l.snapped_earth
        ${privateFilters === null ? sql`` : sql`AND ${privateFilters}`}
        ${afterId ? sql`AND u.id > ${afterId}::uuid` : sql``}
    ) c
    WHERE earth_distance(ll_to_earth(c.cell_lat, (floor(c.lon / ${cellLon}) + 0.5) * ${cellLon}), ${center}) <= ${radiusM}::float8
    ORDER BY c.id
    LIMIT ${limit}
  `;
}

/** A member's row as another member sees him; `meters` null when either position is unknown. */
export type MemberRow = MemberFields & { meters: number | null };

export function toNearbyUser(r: MemberRow, viewer: MatchProfile | null | undefined, now: number): NearbyUser {
  return withProfile(profileOf(r), r, viewer, now);
}

/** A member as the viewer sees him: his profile, and what depends on the moment and the position. */
function withProfile(
  profile: CachedProfile,
  r: Pick<MemberRow, "distance_hidden" | "right_now_note" | "right_now_until" | "is_online" | "meters"> & {
    is_favorite?: boolean;
  },
  viewer: MatchProfile | null | undefined,
  now: number,
): NearbyUser {
  const until = r.right_now_until ? new Date(r.right_now_until) : null;
  const { interests, age } = profile;
  const distance = r.distance_hidden || r.meters === null ? null : displayKm(Number(r.meters));
  return {
    id: profile.id,
    username: profile.username,
    displayName: profile.displayName,
    firstName: profile.firstName,
    age,
    bio: profile.bio,
    interests,
    bodyType: profile.bodyType,
    role: profile.role,
    profileImageUrl: profile.profileImageUrl,
    isOnline: Boolean(r.is_online),
    distance,
    distanceHidden: Boolean(r.distance_hidden),
    rightNow:
      r.right_now_note && until && until.getTime() > now
        ? { note: r.right_now_note, until: until.toISOString() }
        : null,
    compatibility: viewer ? compatibility(viewer, { age, interests }, distance) : null,
    ...(r.is_favorite === undefined ? {} : { isFavorite: Boolean(r.is_favorite) }),
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
    const shown = withMeters(
      await preparedRows<NearbyRow>(db, "nearby", nearbySql({ ...query, limit: BEST_MATCH_POOL - 1 })),
    );
    const hidden = await preparedRows<NearbyRow>(db, "nearby_private", privateNearbySql(query, null, BEST_MATCH_POOL));
    const profiles = await profilesOf(db, [...shown, ...hidden]);
    const ranked = [...shown, ...hidden]
      .filter((row) => profiles.has(row.id))
      .map((row) => ({
        row,
        user: withProfile(profiles.get(row.id)!, row, query.viewer, now),
        knn: row.knn === null ? Infinity : Number(row.knn),
      }))
      .sort(
        (a, b) =>
          (b.user.compatibility?.score ?? 0) - (a.user.compatibility?.score ?? 0) ||
          a.knn - b.knn ||
          a.row.id.localeCompare(b.row.id),
      );
    const page = ranked.slice(offset, offset + query.limit).map((r) => r.user);
    const next = offset + query.limit;
    return {
      users: page,
      nextCursor: next < ranked.length ? encodeCursor(sealer, { phase: "best", offset: next }) : null,
    };
  }

  const rows: NearbyRow[] = [];
  let next: NearbyPosition | null = null;
  if (position === null || position.phase === "public") {
    const scanned = position?.scanned ?? 0;
    const shown = withMeters(
      await preparedRows<NearbyRow>(db, "nearby", nearbySql({ ...query, after: position?.knn ?? null, scanned })),
    );
    rows.push(...shown.slice(0, query.limit));
    const last = rows[rows.length - 1];
    if (shown.length > query.limit && last)
      next =
        last.scanned === undefined
          ? { phase: "public", knn: Number(last.knn) }
          : { phase: "public", knn: Number(last.knn), scanned: scanned + Number(last.scanned) };
  }
  if (next === null) {
    // The page is not full of members who show their distance: those in private mode follow.
    const afterId = position?.phase === "private" ? position.id : null;
    const room = query.limit - rows.length;
    const hidden = await preparedRows<NearbyRow>(db, "nearby_private", privateNearbySql(query, afterId, room + 1));
    rows.push(...hidden.slice(0, room));
    if (hidden.length > room) next = { phase: "private", id: room > 0 ? (hidden[room - 1]?.id ?? null) : afterId };
  }
  // (A member deleted between the two reads is left out.)
  const profiles = await profilesOf(db, rows);
  const users = rows
    .filter((r) => profiles.has(r.id))
    .map((r) => withProfile(profiles.get(r.id)!, r, query.viewer, now));
  return { users, nextCursor: next ? encodeCursor(sealer, next) : null };
}
