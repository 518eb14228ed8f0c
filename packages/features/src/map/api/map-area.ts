import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  canonicalMemberFilters,
  mapAreaPath,
  mapAreaSchema,
  writeMemberFilters,
  type MapArea,
  type MemberFilters,
} from "@vicinity/contract";
import { mapConfigKeys, throwIfNotOk } from "@vicinity/features/shared";

/** The map's query keys; its base layer's is every map's (mapConfigKeys, shared). */
export const mapKeys = {
  all: ["map"] as const,
  areas: () => ["map", "area"] as const,
  /** The tiles' area as these filters find it (the filters in their one written form: the same filters, one key). */
  area: (tiles: readonly string[], filters?: MemberFilters | null) =>
    ["map", "area", tiles.join(","), filtersKey(filters)] as const,
  config: mapConfigKeys.config,
  /** His own exact position, sharing and visibility (only he sees it). */
  ownLocation: () => ["users", "location", "own"] as const,
};

/** The filters as their query string: "" for none. */
export function filtersKey(filters?: MemberFilters | null): string {
  const query = new URLSearchParams();
  writeMemberFilters(query, filters ? canonicalMemberFilters(filters) : null);
  return query.toString();
}

/** GET /api/map/area?tiles=z/x/y,...&ageMin=...: each tile's members (snapped positions) who pass the filters, and crowds (none while filtering). */
export async function getMapArea(
  tiles: readonly string[],
  filters?: MemberFilters | null,
  signal?: AbortSignal,
): Promise<MapArea> {
  const response = await fetch(mapAreaPath(tiles, filters), { credentials: "include", signal });
  await throwIfNotOk(response);
  return mapAreaSchema.parse(await response.json());
}

/**
 * The members and crowds of the view's tiles. `refetchInterval`: visitors and /map-basic poll;
 * a member's live map is kept current by the socket instead (useLiveMapTiles), and loads once
 * `mayLoad` says its tiles' subscription is taken.
 */
export function useMapArea(
  tiles: readonly string[] | null,
  refetchInterval: number | false,
  mayLoad = true,
  filters?: MemberFilters | null,
) {
  return useQuery({
    queryKey: mapKeys.area(tiles ?? [], filters),
    queryFn: ({ signal }) => getMapArea(tiles ?? [], filters, signal),
    enabled: mayLoad && tiles !== null && tiles.length > 0,
    refetchInterval,
    // Moving the map keeps what was shown until the new tiles arrive.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
