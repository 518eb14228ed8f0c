import type { FastifyInstance } from "fastify";
import {
  filtersOfQuery,
  MAP_PATHS,
  mapAreaQuerySchema,
  mapVisibilityRequestSchema,
  parseTileKey,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { readFor } from "../http/reads";
import { sendOk } from "../http/context";
import { badRequest, parseOr400, tooManyRequests } from "../http/errors";
import { mapArea } from "./area";
import { deleteOwnLocation, mapViewerOf, ownLocation, setMapVisibility } from "./service";

// The socket server asks the map's view of a viewer from here too.
export { mapViewerOf };

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

/** GET /api/map/area: for everyone (visitors and guests see the limited map), with the grid's member filters. */
export function registerMapRoutes(app: FastifyInstance, ctx: AppContext): void {
  const areaLimiter = ctx.limits.get("map-area", MAP_AREA_REQUESTS_PER_MINUTE, 60_000);
  app.get(MAP_PATHS.area, async (request) => {
    const query = parseOr400(mapAreaQuerySchema, request.query);
    const { tiles } = query;
    checkTileSpan(tiles);
    const { allowed, retryAfter } = await areaLimiter.take(
      request.session?.kind === "member" ? request.session.user.id : request.ip,
    );
    if (!allowed) throw tooManyRequests("The map is asking too often. Wait a moment.", retryAfter);
    // Who he is and whom he blocks from the primary; the tiles' members where reads may go.
    const viewer = await mapViewerOf(ctx.db, request.viewer);
    return readFor(ctx, request, (db) => mapArea(db, viewer, tiles, filtersOfQuery(query)));
  });
}

/** A member's own position and how he appears on the map (the /location page). */
export function registerOwnLocationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get(MAP_PATHS.ownLocation, async (request) => ownLocation(db, request.member.id));

  // Sharing off: his position is deleted; he is "Location unknown" to others and off the map.
  app.delete(MAP_PATHS.ownLocation, async (request, reply) => {
    const me = request.member;
    const gone = await deleteOwnLocation(db, me.id);
    if (gone) ctx.mapChanges.memberChanged(me.id, gone);
    return sendOk(reply);
  });

  // "hidden" is private mode (decisions.md 6); "shown" and "crowd" leave it.
  app.put(MAP_PATHS.visibility, async (request) => {
    const me = request.member;
    const { visibility } = parseOr400(mapVisibilityRequestSchema, request.body);
    const before = await setMapVisibility(db, me.id, visibility);
    ctx.mapChanges.memberChanged(me.id, before);
    return ownLocation(db, me.id);
  });
}
