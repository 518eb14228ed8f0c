import { sql } from "drizzle-orm";
import { mapMemberCap, parseTileKey, tileBounds, type MapArea, type MemberFilters } from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { haversineMeters } from "../location/privacy-grid";
import { onlineNowSql } from "../presence/presence";
import { establishedShownSql, onMapSql, seenBySql } from "../policy/members";
import { memberFiltersSql } from "../users/member-filters";
import { tileRow, viewTiles, type MapViewer, type TileRow } from "./view";

export type { MapViewer } from "./view";

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
  /** Passes the viewer's filters (true without any). */
  passes: boolean;
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
 * The members in a set of tiles of one level as anyone may see them (`viewerId` null), or as one
 * viewer may: one query over the privacy-snapped positions, with the policy's rules (seenBySql:
 * suspension, blocks either way with the viewer; onMapSql: not in private mode, positions younger
 * than MAP_STALE_HOURS), at most `cap` nearest the middle of the tiles (`truncated` when more were
 * there). The query walks the GiST index of snapped positions (the circle around the tiles' box),
 * then keeps what lies in the tiles.
 *
 * With member filters (MemberFilters, the grid's), it finds those who pass them, and the established
 * shown members who do not (`countedOnly`: they count toward the crowd rule, which must not change
 * with a filter, but are never shown).
 */
export async function areaRows(
  db: Db,
  viewerId: string | null,
  tiles: readonly string[],
  cap: number,
  filters?: MemberFilters,
): Promise<{ rows: TileRow[]; truncated: boolean }> {
  const level = parseTileKey(tiles[0] ?? "").z;
  const box = unionBox(tiles);
  const middle = { latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2 };
  const radius = haversineMeters(middle, { latitude: box.north, longitude: box.west }) + 10;
  const center = sql`ll_to_earth(${middle.latitude}::float8, ${middle.longitude}::float8)`;
  const filtered = memberFiltersSql(filters, viewerId);

  const found = await queryRows<AreaRow>(
    db,
    sql`
      SELECT u.id, u.username, u.display_name, u.first_name, u.age, u.interests, u.profile_image_url, u.map_visibility,
             u.right_now_note, u.right_now_until, ${onlineNowSql()} AS is_online,
             ${establishedShownSql()} AS established,
             l.snapped_latitude AS lat, l.snapped_longitude AS lon,
             ${filtered ?? sql`true`} AS passes
      FROM locations l
      JOIN users u ON u.id = l.user_id
      LEFT JOIN presence p ON p.user_id = u.id
      WHERE ${seenBySql(viewerId)} AND ${onMapSql()}
        AND earth_box(${center}, ${radius}::float8) @> l.snapped_earth
        AND l.snapped_latitude BETWEEN ${box.south}::float8 AND ${box.north}::float8
        AND l.snapped_longitude BETWEEN ${box.west}::float8 AND ${box.east}::float8
        ${filtered ? sql`AND ((${filtered}) OR ${establishedShownSql()})` : sql``}
      ORDER BY l.snapped_earth <-> ${center}
      LIMIT ${cap + 1}
    `,
  );
  const wanted = new Set(tiles);
  const now = Date.now();
  const rows: TileRow[] = [];
  for (const r of found.slice(0, cap)) {
    const row = rowOf(r, level, now);
    if (wanted.has(row.tile)) rows.push(row);
  }
  return { rows, truncated: found.length > cap };
}

/**
 * The members in a set of tiles of one level, as this viewer may see them: areaRows with his
 * blocks, at most mapMemberCap (fewer for visitors and guests), then the map's rules for him
 * (view.ts: markers, crowds, distances, scores). Filtered: only markers of those who pass, no crowds
 * (a crowd's count of members by age or position would tell about members who are not shown alone).
 */
export async function mapArea(
  db: Db,
  viewer: MapViewer,
  tiles: readonly string[],
  filters?: MemberFilters,
): Promise<MapArea> {
  const { rows, truncated } = await areaRows(db, viewer.viewerId, tiles, mapMemberCap(viewer.limited), filters);
  const filtered = memberFiltersSql(filters, viewer.viewerId) !== null;
  return { tiles: viewTiles(tiles, rows, viewer, undefined, filtered), truncated, limited: viewer.limited };
}

function rowOf(r: AreaRow, level: number, now: number): TileRow {
  const until = r.right_now_until ? new Date(r.right_now_until) : null;
  return tileRow(
    {
      id: r.id,
      latitude: Number(r.lat),
      longitude: Number(r.lon),
      crowdOnly: r.map_visibility === "crowd",
      established: Boolean(r.established),
      countedOnly: !r.passes,
      username: r.username,
      displayName: r.display_name ?? r.first_name,
      age: r.age,
      interests: toArray(r.interests),
      thumbnailUrl: r.profile_image_url,
      isOnline: Boolean(r.is_online),
      rightNow:
        r.right_now_note && until && until.getTime() > now
          ? { note: r.right_now_note, until: until.toISOString() }
          : null,
    },
    level,
  );
}
