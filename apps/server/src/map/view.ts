import {
  MAP_CROWD_CELL_LEVEL,
  MAP_CROWD_MIN,
  tileBounds,
  tileKey,
  tileOf,
  type MapCrowd,
  type MapMember,
  type MapTileContent,
} from "@vicinity/contract";
import { displayKm, haversineMeters, privacyCellOf, type LatLon } from "../location/privacy-grid";
import { compatibility, type MatchProfile } from "../users/compatibility";

/**
 * The map's rules for one viewer, in memory (decisions.md 1 and 6), written once for the HTTP
 * answer (area.ts, over the rows its query found) and the live fan-out (fan-out.ts, over a tile's
 * rows found once for every viewer): who is a marker, who is counted in a crowd, and what a marker
 * says to this viewer (his distance, his match score, a picture or not).
 */

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

/** A member on the map as anyone may see him (before a viewer's own rules), at his snapped position. */
export interface TileRow {
  id: string;
  /** The data tile that holds him (of the level asked for). */
  tile: string;
  latitude: number;
  longitude: number;
  /** His 500 m privacy cell ("row:col"). */
  cell: string;
  /** The MAP_CROWD_CELL_LEVEL tile he is counted in when not shown alone. */
  crowdCell: string;
  /** "In a crowd only" (decisions.md 6). */
  crowdOnly: boolean;
  /** Counts toward a crowd-only member's crowd (policy/members.ts: established shown members). */
  established: boolean;
  /** Found only to count toward the crowd rule: he does not pass the viewer's filters (area.ts), so he is never shown. */
  countedOnly?: boolean;
  username: string;
  displayName: string | null;
  age: number | null;
  interests: string[];
  thumbnailUrl: string | null;
  isOnline: boolean;
  rightNow: MapMember["rightNow"];
  /** What a marker shows but the position, as one string: equal strings, equal markers but for where. */
  sig: string;
}

export function tileRow(fields: Omit<TileRow, "tile" | "cell" | "crowdCell" | "sig">, level: number): TileRow {
  const c = privacyCellOf(fields);
  return {
    ...fields,
    tile: tileKey(tileOf(fields.latitude, fields.longitude, level)),
    cell: `${c.row}:${c.col}`,
    crowdCell: tileKey(tileOf(fields.latitude, fields.longitude, MAP_CROWD_CELL_LEVEL)),
    sig: JSON.stringify([
      fields.username,
      fields.displayName,
      fields.age,
      fields.interests,
      fields.thumbnailUrl,
      fields.isOnline,
      fields.rightNow,
    ]),
  };
}

/** Established shown members per privacy cell among `rows`, none of `excluded`. */
export function establishedPerCell(rows: Iterable<TileRow>, excluded: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of rows) if (r.established && !excluded.has(r.id)) counts.set(r.cell, (counts.get(r.cell) ?? 0) + 1);
  return counts;
}

/**
 * The crowd rule (decisions.md, "Visibility modes on every surface"): a member "in a crowd only" is
 * a marker only where at least MAP_CROWD_MIN *established* shown members that this viewer sees
 * share his privacy cell in the same data tile (fresh accounts planted there do not count);
 * otherwise he is counted in the crowd of his MAP_CROWD_CELL_LEVEL tile, drawn at its centre.
 */
export function showsAlone(row: TileRow, established: ReadonlyMap<string, number>): boolean {
  return !row.crowdOnly || (established.get(row.cell) ?? 0) >= MAP_CROWD_MIN;
}

export function crowdAt(id: string, count: number): MapCrowd {
  const [z, x, y] = id.split("/").map(Number) as [number, number, number];
  const b = tileBounds({ z, x, y });
  return { id, latitude: (b.south + b.north) / 2, longitude: (b.west + b.east) / 2, count };
}

/** A marker as this viewer sees it. */
export function memberFor(row: TileRow, viewer: MapViewer): MapMember {
  const distance = distanceFor(row, viewer);
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    age: row.age,
    thumbnailUrl: viewer.limited ? null : row.thumbnailUrl,
    isOnline: row.isOnline,
    rightNow: row.rightNow,
    latitude: row.latitude,
    longitude: row.longitude,
    distance,
    compatibility:
      !viewer.limited && viewer.profile
        ? compatibility(viewer.profile, { age: row.age, interests: row.interests }, distance)
        : null,
  };
}

/** km from the viewer's own position, one decimal; null for visitors, guests and members without a position. */
export function distanceFor(row: LatLon, viewer: MapViewer): number | null {
  return !viewer.limited && viewer.position ? displayKm(haversineMeters(viewer.position, row)) : null;
}

/**
 * Whole tiles as this viewer sees them, from their rows: `rows` holds each tile's rows (others
 * ignored), none of `excluded` (the viewer and those in a block with him, when the rows were not
 * found for him alone). `filtered`: he looks with member filters (mapArea).
 */
export function viewTiles(
  tiles: readonly string[],
  rows: Iterable<TileRow>,
  viewer: MapViewer,
  excluded: ReadonlySet<string> = new Set(),
  /** The viewer filters: no crowds, and those counted only are not shown. */
  filtered = false,
): MapTileContent[] {
  const byTile = new Map<string, TileRow[]>(tiles.map((t) => [t, []]));
  for (const r of rows) if (!excluded.has(r.id)) byTile.get(r.tile)?.push(r);
  return tiles.map((tile) => {
    const mine = byTile.get(tile)!;
    const established = establishedPerCell(mine, excluded);
    const members: MapMember[] = [];
    const crowds = new Map<string, number>();
    for (const r of mine) {
      if (showsAlone(r, established)) {
        if (!r.countedOnly) members.push(memberFor(r, viewer));
      } else if (!filtered) crowds.set(r.crowdCell, (crowds.get(r.crowdCell) ?? 0) + 1);
    }
    return { tile, members, crowds: [...crowds].map(([id, count]) => crowdAt(id, count)) };
  });
}
