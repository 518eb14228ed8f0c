import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MAP_PATHS, mapAreaSchema, type MapArea } from "@vicinity/contract";
import { mapConfigKeys, throwIfNotOk } from "@vicinity/features/shared";

/** The map's query keys; its base layer's is every map's (mapConfigKeys, shared). */
export const mapKeys = {
  all: ["map"] as const,
  areas: () => ["map", "area"] as const,
  area: (tiles: readonly string[]) => ["map", "area", tiles.join(",")] as const,
  config: mapConfigKeys.config,
  /** His own exact position, sharing and visibility (only he sees it). */
  ownLocation: () => ["users", "location", "own"] as const,
};

/** GET /api/map/area?tiles=z/x/y,...: each tile's members (snapped positions) and crowds. */
export async function getMapArea(tiles: readonly string[], signal?: AbortSignal): Promise<MapArea> {
  const response = await fetch(`${MAP_PATHS.area}?tiles=${tiles.join(",")}`, { credentials: "include", signal });
  await throwIfNotOk(response);
  return mapAreaSchema.parse(await response.json());
}

/**
 * The members and crowds of the view's tiles. `refetchInterval`: visitors and /map-basic poll;
 * a member's live map is kept current by the socket instead (useLiveMapTiles), and loads once
 * `mayLoad` says its tiles' subscription is taken.
 */
export function useMapArea(tiles: readonly string[] | null, refetchInterval: number | false, mayLoad = true) {
  return useQuery({
    queryKey: mapKeys.area(tiles ?? []),
    queryFn: ({ signal }) => getMapArea(tiles ?? [], signal),
    enabled: mayLoad && tiles !== null && tiles.length > 0,
    refetchInterval,
    // Moving the map keeps what was shown until the new tiles arrive.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
