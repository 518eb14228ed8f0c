import type { FastifyInstance, FastifyRequest } from "fastify";
import { MAP_MAX_ZOOM, MAP_PATHS, type MapConfig } from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { badRequest, tooManyRequests } from "../http/errors";
import { checkTile, rasterise, tileSvg, TILE_ATTRIBUTION, TILE_STYLE, uniformTile } from "./tiles";

/**
 * New tiles rendered a minute per address (cache misses only; cached tiles, one-colour tiles and
 * 304s are never counted): a map filling a large screen and panning needs well under this.
 */
export const TILE_RENDERS_PER_MINUTE = 600;
/** A tile's URL names it for good; a new drawing (TILE_STYLE) answers the revalidation with a new ETag. */
const TILE_CACHE = "public, max-age=2592000";
/** What OpenStreetMap-style tile servers ask, when MAP_TILE_URL is set without MAP_ATTRIBUTION. */
const OSM_ATTRIBUTION = "© OpenStreetMap contributors";

const matches = (request: FastifyRequest, etag: string) =>
  request.headers["if-none-match"]?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag) ?? false;

/**
 * GET /api/map/config and GET /api/map/tiles/:z/:x/:y.png (docs/decisions/0018), in the "open"
 * group: the base layer is for everyone, visitors too.
 */
export function registerMapTileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const renders = ctx.limits.get("map-tile-renders", TILE_RENDERS_PER_MINUTE, 60_000);
  const config: MapConfig = {
    tileUrl: ctx.config.mapTileUrl ?? MAP_PATHS.tiles,
    attribution: ctx.config.mapAttribution ?? (ctx.config.mapTileUrl ? OSM_ATTRIBUTION : TILE_ATTRIBUTION),
    maxZoom: MAP_MAX_ZOOM,
  };

  app.get(MAP_PATHS.config, async (_request, reply) =>
    reply.header("Cache-Control", "public, max-age=300").send(config),
  );

  // "/api/map/tiles/{z}/{x}/{y}.png" as a Fastify route.
  app.get<{ Params: { z: string; x: string; y: string } }>(
    MAP_PATHS.tiles.replace(/\{(\w)\}/g, ":$1"),
    async (request, reply) => {
      const tile = checkTile(request.params.z, request.params.x, request.params.y);
      if (typeof tile === "string") throw badRequest(tile);
      const { z, x, y } = tile;
      const etag = `"map-${TILE_STYLE}-${z}-${x}-${y}"`;
      void reply.header("ETag", etag).header("Cache-Control", TILE_CACHE).header("X-Content-Type-Options", "nosniff");
      if (matches(request, etag)) return reply.status(304).send();

      // Stored like picture variants (media/variants/map-tiles/<style>/z/x/y.png), rendered once
      // (concurrent requests share it); a one-colour tile is not stored (open sea, empty land: most
      // tiles at high zooms), so requests cannot fill the disk with them.
      let uniform = false;
      const { data, cached } = await ctx.mediaStore
        .variant(
          "map-tiles",
          `${TILE_STYLE}/${z}/${x}/${y}.png`,
          async () => {
            const { svg, uniform: colour } = tileSvg(z, x, y);
            if (colour) {
              uniform = true;
              throw new UniformTile(await uniformTile(colour, svg));
            }
            const { allowed, retryAfter } = await renders.take(request.ip);
            if (!allowed)
              throw tooManyRequests("Too many new map tiles in a short time. Try again in a minute.", retryAfter);
            return rasterise(svg);
          },
          { standalone: true },
        )
        .catch((error: unknown) => {
          if (error instanceof UniformTile) return { data: error.png, cached: true };
          throw error;
        });
      return reply
        .header("Content-Type", "image/png")
        .header("X-Map-Tile-Cache", uniform ? "uniform" : cached ? "hit" : "miss")
        .send(data);
    },
  );
}

/** Carries a one-colour tile out of the store's render, so that it is not written. */
class UniformTile extends Error {
  constructor(readonly png: Buffer) {
    super("uniform tile");
  }
}
