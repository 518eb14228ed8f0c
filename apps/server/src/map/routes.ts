import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MAP_PATHS, mapAreaQuerySchema, mapVisibilityRequestSchema, parseTileKey, type OwnLocation } from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { requireMember, sendOk } from "../http/context";
import { badRequest, parseOr400, tooManyRequests } from "../http/errors";
import { locations, users } from "../db/schema";
import type { Db } from "../db/database";
import type { Viewer } from "../policy/viewer";
import { appearanceOf } from "../policy/members";
import { mapArea, type MapViewer } from "./area";

/** Each member (or address, for visitors and guests) may ask for the map's data this often: panning asks once per move. */
export const MAP_AREA_REQUESTS_PER_MINUTE = 240;
/** And change his socket's tiles this often. */
export const MAP_SUBSCRIBES_PER_MINUTE = 240;

/** Tiles asked for together must lie within a square this many tiles wide (a view needs about 4). */
export const MAP_MAX_TILE_SPAN = 6;

/** 400 unless the tiles lie close together (a scattered list would make one query read a continent). */
export function checkTileSpan(tiles: readonly string[]): void {
  const parsed = tiles.map(parseTileKey);
  const span = (values: number[]) => Math.max(...values) - Math.min(...values) + 1;
  if (span(parsed.map((t) => t.x)) > MAP_MAX_TILE_SPAN || span(parsed.map((t) => t.y)) > MAP_MAX_TILE_SPAN) {
    throw badRequest(`tiles must lie within ${MAP_MAX_TILE_SPAN} tiles of each other`);
  }
}

/**
 * The map's view of a viewer (policy/viewer.ts): a member's blocks, his profile for match scores,
 * his exact position for distances; visitors and guests get the limited map (decisions.md 1),
 * with blocks as far as their browser tells.
 */
export async function mapViewerOf(db: Db, viewer: Viewer): Promise<MapViewer> {
  const me = viewer.member;
  if (!me) return { viewerId: viewer.blocksOf, limited: true, profile: null, position: null };
  const [own] = await db
    .select({ latitude: locations.latitude, longitude: locations.longitude })
    .from(locations)
    .where(eq(locations.userId, me.id))
    .limit(1);
  return { viewerId: me.id, limited: false, profile: { age: me.age, interests: me.interests }, position: own ?? null };
}

/** GET /api/map/area: for everyone (visitors and guests see the limited map). */
export function registerMapRoutes(app: FastifyInstance, ctx: AppContext): void {
  const areaLimiter = ctx.limits.get("map-area", MAP_AREA_REQUESTS_PER_MINUTE, 60_000);
  app.get(MAP_PATHS.area, async (request) => {
    const { tiles } = parseOr400(mapAreaQuerySchema, request.query);
    checkTileSpan(tiles);
    const { allowed, retryAfter } = await areaLimiter.take(request.session?.kind === "member" ? request.session.user.id : request.ip);
    if (!allowed) throw tooManyRequests("The map is asking too often. Wait a moment.", retryAfter);
    return mapArea(ctx.db, await mapViewerOf(ctx.db, request.viewer), tiles);
  });
}

/** A member's own position and how he appears on the map (the /location page). */
export function registerOwnLocationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  const ownLocation = async (userId: string): Promise<OwnLocation> => {
    const [row] = await db
      .select({
        latitude: locations.latitude,
        longitude: locations.longitude,
        updatedAt: locations.updatedAt,
        privateMode: users.privateMode,
        mapVisibility: users.mapVisibility,
      })
      .from(users)
      .leftJoin(locations, eq(locations.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    const position =
      row && row.latitude !== null && row.longitude !== null && row.updatedAt
        ? { latitude: row.latitude, longitude: row.longitude, updatedAt: row.updatedAt.toISOString() }
        : null;
    return { position, sharing: position !== null, visibility: row ? appearanceOf(row) : "shown" };
  };

  app.get(MAP_PATHS.ownLocation, async (request) => ownLocation(requireMember(request).id));

  // Sharing off: his position is deleted; he is "Location unknown" to others and off the map.
  app.delete(MAP_PATHS.ownLocation, async (request, reply) => {
    const me = requireMember(request);
    const [gone] = await db
      .delete(locations)
      .where(eq(locations.userId, me.id))
      .returning({ latitude: locations.snappedLatitude, longitude: locations.snappedLongitude });
    if (gone) ctx.mapChanges.memberChanged(me.id, gone);
    return sendOk(reply);
  });

  // "hidden" is private mode (decisions.md 6); "shown" and "crowd" leave it.
  app.put(MAP_PATHS.visibility, async (request) => {
    const me = requireMember(request);
    const { visibility } = parseOr400(mapVisibilityRequestSchema, request.body);
    const set = visibility === "hidden" ? { privateMode: true } : { privateMode: false, mapVisibility: visibility };
    const [before] = await db
      .select({ latitude: locations.snappedLatitude, longitude: locations.snappedLongitude })
      .from(locations)
      .where(eq(locations.userId, me.id))
      .limit(1);
    await db
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, me.id));
    ctx.mapChanges.memberChanged(me.id, before ?? null);
    return ownLocation(me.id);
  });
}
