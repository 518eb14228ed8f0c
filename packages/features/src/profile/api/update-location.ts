import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, type Location } from "@vicinity/contract";
import { apiRequest } from "@vicinity/features/http";

/** PUT /api/users/location: the server keeps the exact position and shows others only a snapped one. */
export async function updateLocation(location: Location): Promise<void> {
  await apiRequest("PUT", API_PATHS.location, location);
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocation,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["users", "nearby"] }),
  });
}
