import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MAP_PATHS, ownLocationSchema, type Location, type MapVisibility, type OwnLocation } from "@vicinity/contract";
import { apiRequest, nearbyKeys } from "@vicinity/features/shared";
import { mapKeys } from "./map-area";

/** GET /api/users/location: his own exact position (only to him), sharing and visibility. */
export async function getOwnLocation(): Promise<OwnLocation> {
  const response = await apiRequest("GET", MAP_PATHS.ownLocation);
  return ownLocationSchema.parse(await response.json());
}

export function useOwnLocation(enabled = true) {
  return useQuery({ queryKey: mapKeys.ownLocation(), queryFn: getOwnLocation, enabled, staleTime: 0 });
}

/** What changes how he appears: his own page, the map's areas and the nearby grid. */
function useInvalidateOwnLocation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: mapKeys.ownLocation() }),
      queryClient.invalidateQueries({ queryKey: mapKeys.areas() }),
      queryClient.invalidateQueries({ queryKey: nearbyKeys.all() }),
    ]);
}

/** PUT /api/users/location {latitude, longitude} (spec section 7). */
export function useSaveOwnLocation() {
  const invalidate = useInvalidateOwnLocation();
  return useMutation({
    mutationFn: (location: Location) => apiRequest("PUT", MAP_PATHS.ownLocation, location),
    retry: false,
    onSuccess: invalidate,
  });
}

/** DELETE /api/users/location: sharing off (his position is deleted). */
export function useStopSharingLocation() {
  const invalidate = useInvalidateOwnLocation();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", MAP_PATHS.ownLocation),
    retry: false,
    onSuccess: invalidate,
  });
}

/** PUT /api/users/location/visibility {visibility}. */
export function useSetMapVisibility() {
  const invalidate = useInvalidateOwnLocation();
  return useMutation({
    mutationFn: (visibility: MapVisibility) => apiRequest("PUT", MAP_PATHS.visibility, { visibility }),
    retry: false,
    onSuccess: invalidate,
  });
}
