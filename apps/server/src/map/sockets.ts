import {
  activeFilterCount,
  mapSubscribeSchema,
  mapTileKeySchema,
  type MapArea,
  type MapChanges,
  type MemberFilters,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import type { RealtimeCore, SocketScope } from "../realtime/socket";
import { mapArea } from "./area";
import type { MapSubscriber } from "./live";
import { checkTileSpan, MAP_SUBSCRIBES_PER_MINUTE, mapViewerOf } from "./routes";

/** The channel on which a node tells the others which map tiles changed: each tells its own subscribers. */
export const MAP_TILES_CHANGED = "mapTilesChanged";

/** The live map: the tiles a socket looks at; their changes come as `mapTiles`. */
export function mapSockets(ctx: AppContext, core: RealtimeCore): (scope: SocketScope) => void {
  const limiter = ctx.limits.get("map-subscribe", MAP_SUBSCRIBES_PER_MINUTE, 60_000);
  core.onNodes(MAP_TILES_CHANGED, (tiles) => {
    // Only tile keys pass (the Redis channel is ours, but a key is cheap to check).
    const valid = Array.isArray(tiles) ? tiles.filter((t): t is string => mapTileKeySchema.safeParse(t).success) : [];
    if (valid.length > 0) ctx.mapChanges.tilesChangedElsewhere(valid);
  });

  return ({ socket, me, on, onDisconnect }) => {
    let tiles = new Set<string>();
    let filters: MemberFilters | undefined;
    let subscriber: MapSubscriber | null = null;
    let stop: (() => void) | null = null;
    const subscriberOf = (): MapSubscriber => ({
      socketId: socket.id,
      get tiles() {
        return tiles;
      },
      get filtered() {
        return filters !== undefined;
      },
      viewer: () => {
        const viewer = socket.data.viewer;
        const member = viewer.member;
        return member
          ? { viewerId: member.id, limited: false, profile: { age: member.age, interests: member.interests } }
          : { viewerId: viewer.blocksOf, limited: true, profile: null };
      },
      load: async (changed: string[]) =>
        mapArea(ctx.db, await mapViewerOf(ctx.db, socket.data.viewer), changed, filters),
      sendTiles: (area: MapArea) => void socket.emit("mapTiles", area),
      sendChanges: (changes: MapChanges) => void socket.emit("mapChanges", changes),
    });
    on("mapSubscribe", mapSubscribeSchema, async (request) => {
      if (!(await limiter.take(me.id)).allowed)
        return { ok: false, message: "The map is asking too often. Wait a moment.", retry: true, rateLimited: true };
      if (request.tiles.length > 0) checkTileSpan(request.tiles);
      if (request.tiles.length > 0 && new Set(request.tiles.map((t) => t.split("/")[0])).size > 1) {
        return { ok: false, message: "all tiles must be of one level" };
      }
      tiles = new Set(request.tiles);
      filters = request.filters && activeFilterCount(request.filters) > 0 ? request.filters : undefined;
      if (tiles.size === 0) {
        stop?.();
        stop = null;
        subscriber = null;
        return { ok: true };
      }
      if (!subscriber) {
        subscriber = subscriberOf();
        stop = ctx.mapChanges.subscribe(subscriber);
      }
      // What the client fetched as it subscribed: later pushes carry only what differs from it.
      await ctx.mapChanges.baseline(subscriber);
      return { ok: true };
    });
    onDisconnect(() => stop?.());
  };
}
