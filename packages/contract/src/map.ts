import * as z from "zod/mini";
import { displayKm, distancePart, haversineMeters } from "./distance";
import {
  compatibilitySchema,
  memberFilterQueryCheck,
  memberFilterQueryFields,
  memberFiltersSchema,
  rightNowSchema,
  writeMemberFilters,
  type MemberFilters,
} from "./users";

/**
 * The live map (decisions.md 1 and 6; docs/decisions/0021). Every position in this file is a privacy-snapped
 * one (a point of the member's 500 m cell chosen by his own secret) or the centre of a crowd's
 * cell; no answer and no socket event carries anyone's real coordinates, except a member's own on
 * GET /api/users/location.
 *
 * Data travels by **tiles** (the web-map z/x/y scheme) at one of the levels MAP_TILE_LEVELS: the
 * client asks for, and subscribes to, the tiles that cover its view at the level
 * `mapTileLevelFor(zoom)`; the server sends each tile's whole content over HTTP, then over the
 * socket what changed (`mapChanges`, batched every MAP_UPDATE_INTERVAL_MS), or whole tiles again
 * (`mapTiles`) to a viewer whose tiles hold more than his cap.
 */

/** The spec's fallback (section 9): the map opens on the Jacksonville area without a position. */
export const MAP_DEFAULT_CENTER = { latitude: 30.3322, longitude: -81.6557 } as const;
export const MAP_DEFAULT_ZOOM = 11;
/** Below this map zoom no members are loaded ("Zoom in to see members"). */
export const MAP_MIN_DATA_ZOOM = 8;
export const MAP_MAX_ZOOM = 18;
/** The tile levels data is asked for and subscribed to. */
export const MAP_TILE_LEVEL_MIN = 6;
export const MAP_TILE_LEVEL_MAX = 12;
/** At most this many tiles in one request or subscription. */
export const MAP_MAX_TILES = 16;
/** At most this many members in one answer (nearest the middle of the tiles first); `truncated` says when more were there. */
export const MAP_MEMBER_CAP = 5000;
/**
 * Visitors and guests (the limited map) get at most this many: the whole member base in one call
 * was a scraper's dream; they zoom in for the rest.
 */
export const MAP_LIMITED_MEMBER_CAP = 500;
/** The cap of an answer for this kind of viewer. */
export const mapMemberCap = (limited: boolean): number => (limited ? MAP_LIMITED_MEMBER_CAP : MAP_MEMBER_CAP);
/** decisions.md 6: positions older than this are not shown. */
export const MAP_STALE_HOURS = 8;
/** decisions.md 6: a member "in a crowd only" appears alone only where at least this many visible members share his cell. */
export const MAP_CROWD_MIN = 5;
/**
 * Members who are not shown alone are counted in the tile of this level that holds them (about
 * 2.1 km wide at Jacksonville's latitude; it nests inside every data tile), drawn at its centre.
 */
export const MAP_CROWD_CELL_LEVEL = 14;
/** Live updates are batched: a changed tile is sent at most this often. */
export const MAP_UPDATE_INTERVAL_MS = 3000;
/** /map-basic refreshes like the grid. */
export const MAP_BASIC_REFRESH_MS = 30_000;
/** The member's own position follows his device while the map is open, at most this often. */
export const MAP_OWN_POSITION_INTERVAL_MS = 15_000;

/** The data tile level for a map zoom: about four screen tiles wide, so a view needs at most about 12. */
export function mapTileLevelFor(zoom: number): number {
  return Math.max(MAP_TILE_LEVEL_MIN, Math.min(MAP_TILE_LEVEL_MAX, Math.floor(zoom) - 2));
}

/** The tile of a level that holds a point (web Mercator, as Leaflet and OpenStreetMap). */
export function tileOf(latitude: number, longitude: number, level: number): { z: number; x: number; y: number } {
  const n = 2 ** level;
  const lat = Math.max(-85.0511, Math.min(85.0511, latitude));
  const x = Math.floor(((longitude + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z: level, x: Math.max(0, Math.min(n - 1, x)), y: Math.max(0, Math.min(n - 1, y)) };
}

/** The box a tile covers, in degrees. */
export function tileBounds(tile: { z: number; x: number; y: number }): {
  south: number;
  west: number;
  north: number;
  east: number;
} {
  const n = 2 ** tile.z;
  const lon = (x: number) => (x / n) * 360 - 180;
  const lat = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
  return { west: lon(tile.x), east: lon(tile.x + 1), north: lat(tile.y), south: lat(tile.y + 1) };
}

export function tileKey(tile: { z: number; x: number; y: number }): string {
  return `${tile.z}/${tile.x}/${tile.y}`;
}

/** The tiles of a level that cover a box (for the client's view). */
export function tilesCovering(
  box: { south: number; west: number; north: number; east: number },
  level: number,
): string[] {
  const a = tileOf(box.north, box.west, level);
  const b = tileOf(box.south, box.east, level);
  const keys: string[] = [];
  for (let x = a.x; x <= b.x; x++) for (let y = a.y; y <= b.y; y++) keys.push(tileKey({ z: level, x, y }));
  return keys;
}

const TILE_KEY = /^(\d{1,2})\/(\d{1,5})\/(\d{1,5})$/;

/** "z/x/y" at a data level, within the level's range. */
export const mapTileKeySchema = z.string().check(
  z.refine(
    (value) => {
      const m = TILE_KEY.exec(value);
      if (!m) return false;
      const [z, x, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return z >= MAP_TILE_LEVEL_MIN && z <= MAP_TILE_LEVEL_MAX && x < 2 ** z && y < 2 ** z;
    },
    { error: `a tile is "z/x/y" with z from ${MAP_TILE_LEVEL_MIN} to ${MAP_TILE_LEVEL_MAX}` },
  ),
);

export function parseTileKey(key: string): { z: number; x: number; y: number } {
  const m = TILE_KEY.exec(key);
  if (!m) throw new Error(`not a tile key: ${key}`);
  return { z: Number(m[1]), x: Number(m[2]), y: Number(m[3]) };
}

/** A list of tiles of one level, at most MAP_MAX_TILES, no repeats. */
export const mapTileListSchema = z.array(mapTileKeySchema).check(
  z.minLength(1, "ask for at least one tile"),
  z.maxLength(MAP_MAX_TILES, `ask for at most ${MAP_MAX_TILES} tiles at once`),
  z.refine((keys) => new Set(keys.map((k) => k.split("/")[0])).size === 1, { error: "all tiles must be of one level" }),
  z.refine((keys) => new Set(keys).size === keys.length, { error: "a tile is named twice" }),
);

/** GET /api/map/area?tiles=z/x/y,z/x/y, and the member filters (the grid's names: ageMin, position, online...). */
export const mapAreaQuerySchema = z
  .strictObject({
    // zod's preprocess: the comma-separated string split into the list, then the list's own rules.
    tiles: z.pipe(
      z.transform((value) => (typeof value === "string" ? value.split(",").filter(Boolean) : value)),
      mapTileListSchema,
    ),
    ...memberFilterQueryFields,
  })
  .check(memberFilterQueryCheck);

/** The area call for these tiles and filters (those that narrow nothing are left out, in one order). */
export function mapAreaPath(tiles: readonly string[], filters?: Partial<MemberFilters> | null): string {
  const query = new URLSearchParams({ tiles: tiles.join(",") });
  writeMemberFilters(query, filters);
  return `${MAP_PATHS.area}?${query.toString().replaceAll("%2C", ",").replaceAll("%2F", "/")}`;
}

/** How a member appears on the map, chosen on /location (decisions.md 6). "hidden" is private mode. */
export const MAP_VISIBILITIES = ["shown", "crowd", "hidden"] as const;
export type MapVisibility = (typeof MAP_VISIBILITIES)[number];
export const mapVisibilitySchema = z.enum(MAP_VISIBILITIES, {
  error: `visibility must be one of: ${MAP_VISIBILITIES.join(", ")}`,
});
export const MAP_VISIBILITY_LABELS: Record<MapVisibility, { title: string; description: string }> = {
  shown: { title: "Shown", description: "A marker near where you are (never your exact position)." },
  crowd: {
    title: "In a crowd only",
    description: `Counted in groups; shown alone only where at least ${MAP_CROWD_MIN} members share your area.`,
  },
  hidden: { title: "Hidden", description: "Not on the map at all, and your distance is hidden (private mode)." },
};

/** A member's marker. `latitude`/`longitude` are his privacy-snapped position. */
export const mapMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.nullable(z.string()),
  age: z.nullable(z.int()),
  /** A small picture for the marker; null for visitors and guests (limited mode) and members without one. */
  thumbnailUrl: z.nullable(z.string()),
  isOnline: z.boolean(),
  rightNow: z.nullable(rightNowSchema),
  latitude: z.number(),
  longitude: z.number(),
  /** km from the viewer's own snapped position, one decimal; null for visitors, guests and members without a position. */
  distance: z.nullable(z.number()),
  compatibility: z.nullable(compatibilitySchema),
});
export type MapMember = z.infer<typeof mapMemberSchema>;

/** Members counted together who are not shown alone: at the centre of their crowd cell. */
export const mapCrowdSchema = z.object({
  id: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  count: z.int().check(z.gte(1)),
});
export type MapCrowd = z.infer<typeof mapCrowdSchema>;

export const mapTileContentSchema = z.object({
  tile: z.string(),
  members: z.array(mapMemberSchema),
  crowds: z.array(mapCrowdSchema),
});
export type MapTileContent = z.infer<typeof mapTileContentSchema>;

/** The answer of GET /api/map/area and the payload of the socket's `mapTiles`. */
export const mapAreaSchema = z.object({
  tiles: z.array(mapTileContentSchema),
  /** More members were there than MAP_MEMBER_CAP: the nearest to the middle were sent. */
  truncated: z.boolean(),
  /** Visitors and guests: no pictures, no messaging (decisions.md 1). */
  limited: z.boolean(),
});
export type MapArea = z.infer<typeof mapAreaSchema>;

/**
 * A member the viewer already has who only moved: `[id, tile, latitude, longitude]`, his new
 * snapped position and the tile that holds it now. The same for every viewer: the client works
 * out his new distance from its own position (`applyMapChanges`). About 90 bytes where the whole
 * member is about 400.
 */
export const mapMoveSchema = z.tuple([z.string(), z.string(), z.number(), z.number()]);
export type MapMove = z.infer<typeof mapMoveSchema>;

/**
 * The live map's changes for one viewer since his last push (docs/decisions/0038): only what
 * changed in his tiles as he may see them, never the tiles' whole content. Nothing is sent when
 * nothing he may see changed.
 */
export const mapChangesSchema = z.object({
  /** Members new to him, or changed beyond their position: put in `tile` (out of any other). */
  members: z.array(z.object({ tile: z.string(), member: mapMemberSchema })),
  /** Members he has who only moved (mapMoveSchema). */
  moved: z.array(mapMoveSchema),
  /** Members gone from his tiles (moved away, hidden, blocked, off the map). */
  removed: z.array(z.string()),
  /** Crowds new or recounted, in `tile`. */
  crowds: z.array(z.object({ tile: z.string(), crowd: mapCrowdSchema })),
  /** Crowds gone (their ids). */
  crowdsRemoved: z.array(z.string()),
});
export type MapChanges = z.infer<typeof mapChangesSchema>;

/** A loaded area with a `mapTiles` push applied: its tiles replaced by their newer contents. */
export function replaceMapTiles(area: MapArea, update: MapArea): MapArea {
  const fresh = new Map(update.tiles.map((t) => [t.tile, t]));
  return {
    ...area,
    tiles: area.tiles.map((t) => fresh.get(t.tile) ?? t),
    truncated: area.truncated || update.truncated,
  };
}

/**
 * A loaded area with a `mapChanges` push applied. A moved member's distance is worked out from
 * `own`, the viewer's own position (none: no distance, as the server answers without one), and
 * his score's distance part with it. `missing`: it moved a member into one of the area's tiles
 * whom the area did not have (fetch the area again).
 */
export function applyMapChanges(
  area: MapArea,
  changes: MapChanges,
  own: { latitude: number; longitude: number } | null,
): { area: MapArea; missing: boolean } {
  const tiles = new Map(
    area.tiles.map((t) => [
      t.tile,
      { members: new Map(t.members.map((m) => [m.id, m])), crowds: new Map(t.crowds.map((c) => [c.id, c])) },
    ]),
  );
  const where = new Map<string, string>();
  for (const t of area.tiles) for (const m of t.members) where.set(m.id, t.tile);
  const take = (id: string): MapMember | undefined => {
    const tile = where.get(id);
    if (tile === undefined) return undefined;
    where.delete(id);
    const members = tiles.get(tile)!.members;
    const member = members.get(id);
    members.delete(id);
    return member;
  };
  const put = (tile: string, member: MapMember) => {
    const t = tiles.get(tile);
    if (!t) return;
    t.members.set(member.id, member);
    where.set(member.id, tile);
  };
  for (const id of changes.removed) take(id);
  for (const { tile, member } of changes.members) {
    take(member.id);
    put(tile, member);
  }
  let missing = false;
  for (const [id, tile, latitude, longitude] of changes.moved) {
    const member = take(id);
    if (!member) {
      if (tiles.has(tile)) missing = true;
      continue;
    }
    const distance = own && !area.limited ? displayKm(haversineMeters(own, { latitude, longitude })) : null;
    const c = member.compatibility;
    const part = distancePart(distance);
    const compatibility = c
      ? { ...c, score: c.score - c.parts.distance + part, parts: { ...c.parts, distance: part } }
      : c;
    put(tile, { ...member, latitude, longitude, distance, compatibility });
  }
  for (const id of changes.crowdsRemoved) for (const t of tiles.values()) t.crowds.delete(id);
  for (const { tile, crowd } of changes.crowds) tiles.get(tile)?.crowds.set(crowd.id, crowd);
  return {
    area: {
      ...area,
      tiles: area.tiles.map((t) => {
        const now = tiles.get(t.tile)!;
        return { tile: t.tile, members: [...now.members.values()], crowds: [...now.crowds.values()] };
      }),
    },
    missing,
  };
}

/** The socket's `mapSubscribe`: replaces the socket's tiles; an empty list stops the updates. */
export const mapSubscribeSchema = z.strictObject({
  tiles: z.array(mapTileKeySchema).check(z.maxLength(MAP_MAX_TILES)),
  /** The member filters he looks with (the area call's): his tiles' changes are sent as they filter them. */
  filters: z.optional(memberFiltersSchema),
});
export type MapSubscribe = z.infer<typeof mapSubscribeSchema>;

/** GET /api/map/config: the base layer (docs/decisions/0018). */
export const mapConfigSchema = z.object({
  tileUrl: z.string(),
  attribution: z.string(),
  maxZoom: z.int(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;

/** GET /api/users/location: the member's own position (only to him) and how he appears. */
export const ownLocationSchema = z.object({
  position: z.nullable(z.object({ latitude: z.number(), longitude: z.number(), updatedAt: z.string() })),
  /** False after he turned sharing off (his position is deleted) or before he ever shared it. */
  sharing: z.boolean(),
  visibility: mapVisibilitySchema,
});
export type OwnLocation = z.infer<typeof ownLocationSchema>;

/** PUT /api/users/location/visibility */
export const mapVisibilityRequestSchema = z.strictObject({ visibility: mapVisibilitySchema });

export const MAP_PATHS = {
  area: "/api/map/area",
  config: "/api/map/config",
  /** The app's own base layer (docs/decisions/0018). */
  tiles: "/api/map/tiles/{z}/{x}/{y}.png",
  ownLocation: "/api/users/location",
  visibility: "/api/users/location/visibility",
} as const;
