import { sql } from "drizzle-orm";
import {
  MAP_CROWD_CELL_LEVEL,
  MAP_CROWD_MIN,
  mapMemberCap,
  parseTileKey,
  tileBounds,
  tileKey,
  tileOf,
  type MapArea,
  type MapCrowd,
  type MapMember,
  type MapTileContent,
} from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { displayKm, haversineMeters, privacyCellOf, type LatLon } from "../location/privacy-grid";
import { onlineNowSql } from "../presence/presence";
import { compatibility, type MatchProfile } from "../users/compatibility";
import { establishedShownSql, onMapSql, seenBySql } from "../policy/members";

/** Who is looking at the map. */
export interface MapViewer {
  /** Whose blocks hide members: the member, or the member last signed in on this browser (a guest's or visitor's device cookie). */
  viewerId: string | null;
  /** Visitors and guests (decisions.md 1): no pictures, no match scores, no distances. */
  limited: boolean;
  /** The member's profile, for match scores. */
  profile: MatchProfile | null;
  /** The member's own stored position, for distances (his own: it is never sent to anyone else). */
  position: LatLon | null;
}

interface AreaRow extends Record<string, unknown> {
  id: string;
  username: string;
  display_name: string | null;
  first_name: string | null;
  age: number | null;
  interests: string[] | string;
  profile_image_url: string | null;
  map_visibility: "shown" | "crowd";
  /** Counts toward a crowd-only member's crowd (policy/members.ts: established shown members). */
  established: boolean;
  right_now_note: string | null;
  right_now_until: string | Date | null;
  is_online: boolean;
  lat: number;
  lon: number;
}

function toArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean)
    .map((s) => s.replace(/^"|"$/g, ""));
}

/** The box of a set of tiles of one level. */
function unionBox(tiles: readonly string[]): { south: number; west: number; north: number; east: number } {
  const boxes = tiles.map((key) => tileBounds(parseTileKey(key)));
  return {
    south: Math.min(...boxes.map((b) => b.south)),
    west: Math.min(...boxes.map((b) => b.west)),
    north: Math.max(...boxes.map((b) => b.north)),
    east: Math.max(...boxes.map((b) => b.east)),
  };
}

/**
 * The members in a set of tiles of one level, as this viewer may see them: one
 * query over the privacy-snapped positions, with the policy's rules (seenBySql: suspension, blocks
 * either way; onMapSql: not in private mode, positions younger than MAP_STALE_HOURS), at most
 * mapMemberCap nearest the middle of the tiles (fewer for visitors and guests). The query walks
 * the GiST index of snapped positions (the circle around the tiles' box), then keeps what lies in
 * the box.
 *
 * Then the crowd rule (decisions.md, "Visibility modes on every surface"): a member "in a crowd
 * only" is sent as himself only where at least MAP_CROWD_MIN *established* shown members that this
 * viewer sees share his 500 m privacy cell (fresh accounts planted there do not count); otherwise
 * he is counted in the crowd of his MAP_CROWD_CELL_LEVEL tile, drawn at its centre, with no name.
 */
export async function mapArea(db: Db, viewer: MapViewer, tiles: readonly string[]): Promise<MapArea> {
  const level = parseTileKey(tiles[0] ?? "").z;
  const box = unionBox(tiles);
  const middle = { latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2 };
  const radius = haversineMeters(middle, { latitude: box.north, longitude: box.west }) + 10;
  const center = sql`ll_to_earth(${middle.latitude}::float8, ${middle.longitude}::float8)`;
  const cap = mapMemberCap(viewer.limited);

  const rows = await queryRows<AreaRow>(
    db,
    sql`
      SELECT u.id, u.username, u.display_name, u.first_name, u.age, u.interests, u.profile_image_url, u.map_visibility,
             u.right_now_note, u.right_now_until, ${onlineNowSql()} AS is_online,
             ${establishedShownSql()} AS established,
             l.snapped_latitude AS lat, l.snapped_longitude AS lon
      FROM locations l
      JOIN users u ON u.id = l.user_id
      LEFT JOIN presence p ON p.user_id = u.id
      WHERE ${seenBySql(viewer.viewerId)} AND ${onMapSql()}
        AND earth_box(${center}, ${radius}::float8) @> l.snapped_earth
        AND l.snapped_latitude BETWEEN ${box.south}::float8 AND ${box.north}::float8
        AND l.snapped_longitude BETWEEN ${box.west}::float8 AND ${box.east}::float8
      ORDER BY l.snapped_earth <-> ${center}
      LIMIT ${cap + 1}
    `,
  );
  const truncated = rows.length > cap;
  const kept = rows.slice(0, cap);

  // How many established shown members this viewer sees share each privacy cell.
  const cellOf = (r: AreaRow) => {
    const c = privacyCellOf({ latitude: Number(r.lat), longitude: Number(r.lon) });
    return `${c.row}:${c.col}`;
  };
  const perCell = new Map<string, number>();
  for (const r of kept) if (r.established) perCell.set(cellOf(r), (perCell.get(cellOf(r)) ?? 0) + 1);

  const wanted = new Set(tiles);
  const content = new Map<string, { members: MapMember[]; crowds: Map<string, MapCrowd> }>(
    tiles.map((t) => [t, { members: [], crowds: new Map() }]),
  );
  const now = Date.now();
  for (const r of kept) {
    const latitude = Number(r.lat);
    const longitude = Number(r.lon);
    const tile = tileKey(tileOf(latitude, longitude, level));
    if (!wanted.has(tile)) continue;
    const bucket = content.get(tile);
    if (!bucket) continue;
    if (r.map_visibility === "crowd" && (perCell.get(cellOf(r)) ?? 0) < MAP_CROWD_MIN) {
      const cell = tileOf(latitude, longitude, MAP_CROWD_CELL_LEVEL);
      const id = tileKey(cell);
      const known = bucket.crowds.get(id);
      if (known) known.count += 1;
      else {
        const b = tileBounds(cell);
        bucket.crowds.set(id, { id, latitude: (b.south + b.north) / 2, longitude: (b.west + b.east) / 2, count: 1 });
      }
      continue;
    }
    bucket.members.push(toMapMember(r, viewer, now));
  }
  const out: MapTileContent[] = tiles.map((tile) => {
    const bucket = content.get(tile);
    return { tile, members: bucket?.members ?? [], crowds: [...(bucket?.crowds.values() ?? [])] };
  });
  return { tiles: out, truncated, limited: viewer.limited };
}

function toMapMember(r: AreaRow, viewer: MapViewer, now: number): MapMember {
  const latitude = Number(r.lat);
  const longitude = Number(r.lon);
  const until = r.right_now_until ? new Date(r.right_now_until) : null;
  const distance =
    !viewer.limited && viewer.position ? displayKm(haversineMeters(viewer.position, { latitude, longitude })) : null;
  return {
    id: r.id,
    username: r.username,
    displayName: r.display_name ?? r.first_name,
    age: r.age,
    thumbnailUrl: viewer.limited ? null : r.profile_image_url,
    isOnline: Boolean(r.is_online),
    rightNow:
      r.right_now_note && until && until.getTime() > now
        ? { note: r.right_now_note, until: until.toISOString() }
        : null,
    latitude,
    longitude,
    distance,
    compatibility:
      !viewer.limited && viewer.profile
        ? compatibility(viewer.profile, { age: r.age, interests: toArray(r.interests) }, distance)
        : null,
  };
}
